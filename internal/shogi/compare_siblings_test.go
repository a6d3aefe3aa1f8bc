package shogi_test

import (
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// siblingRecord returns a record of one move with n alternatives to it,
// each a different ending word (an Unknown ending), so that none matches
// another by its move; with tail, the other record's alternatives are
// named otherwise, so that none matches at all.
func siblingRecord(n int, tail string) *shogi.Record {
	r := shogi.NewRecord(shogi.StartPosition())
	m, _ := shogi.ParseUSIMove("7g7f")
	r.AddChild(r.Root, m, shogi.Ending{})
	for i := range n {
		r.AddChild(r.Root, 0, shogi.Ending{Kind: shogi.Unknown, Word: "w" + tail + string(rune('a'+i%26)) + string(rune('A'+i/26%26)) + string(rune('0'+i/676))})
	}
	return r
}

// TestCompareSiblingPaths checks the paths of the differences among many
// alternatives against Node.Path.
func TestCompareSiblingPaths(t *testing.T) {
	a, b := siblingRecord(40, ""), siblingRecord(40, "x")
	d := shogi.Compare(a, b, shogi.CompareOptions{})
	if len(d.Variations) != 80 {
		t.Fatalf("%d variation differences, want 80", len(d.Variations))
	}
	for _, v := range d.Variations {
		n := v.ANode
		if n == nil {
			n = v.BNode
		}
		if got, want := v.Path, n.Path(); len(got) != len(want) || got[0] != want[0] {
			t.Errorf("path %v, want %v", got, want)
		}
	}
	if d := shogi.Compare(a, siblingRecord(40, ""), shogi.CompareOptions{}); !d.Equal() {
		t.Errorf("the same alternatives differ: %+v", d.Variations[:min(3, len(d.Variations))])
	}
}

// BenchmarkCompareSiblings compares records of 100,000 and 1,000,000
// alternatives to one move, none matching, and reports the time per
// alternative at each size and their ratio: about 1 when the work is
// linear (100,000 took 5.8 s and 400,000 more than 95 s when each looked
// at every other and counted its siblings for its path).
func BenchmarkCompareSiblings(b *testing.B) {
	per := func(n int) float64 {
		x, y := siblingRecord(n, ""), siblingRecord(n, "x")
		start := time.Now()
		d := shogi.Compare(x, y, shogi.CompareOptions{})
		if len(d.Variations) != 2*n {
			b.Fatalf("%d differences", len(d.Variations))
		}
		return float64(time.Since(start).Nanoseconds()) / float64(n)
	}
	for range b.N {
		small, large := per(100_000), per(1_000_000)
		b.ReportMetric(small, "ns/alt-100k")
		b.ReportMetric(large, "ns/alt-1M")
		b.ReportMetric(large/small, "ratio")
	}
}
