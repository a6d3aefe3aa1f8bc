package analysis_test

import (
	"testing"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// BenchmarkFromRecordUnanalysed reads back the analysis of 200 random
// games with comments and none: what info's accuracy columns cost for
// every game of a collection that was never analysed.
func BenchmarkFromRecordUnanalysed(b *testing.B) {
	recs := shogitest.RandomRecords(1, 200, shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Variations: 2})
	for b.Loop() {
		for _, r := range recs {
			if _, ok := analysis.FromRecord(r, false, analysis.Thresholds{}); ok {
				b.Fatal("an analysis found")
			}
		}
	}
}
