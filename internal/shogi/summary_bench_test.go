package shogi_test

import (
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// BenchmarkSummarize summarizes 200 random games of up to 160 plies with
// times, comments and headers, as info does for each game it lists.
func BenchmarkSummarize(b *testing.B) {
	recs := shogitest.RandomRecords(1, 200, shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Header: true})
	plies := 0
	for _, r := range recs {
		plies += r.Outcome().Plies
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range recs {
			shogi.Summarize(r)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
}
