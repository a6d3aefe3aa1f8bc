package render_test

import (
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// BenchmarkJKFHeaderKeys writes records of 50,000 and 500,000 header keys,
// every other one repeated (the extension holds those), and reports the
// time per key at each size and their ratio: about 1 when the work is
// linear (50,000 keys took 3.1 s when each key looked back at the earlier
// ones, 1,000,000 more than 12 minutes).
func BenchmarkJKFHeaderKeys(b *testing.B) {
	perKey := func(n int) float64 {
		rec := shogi.NewRecord(shogi.StartPosition())
		for i := range n {
			rec.Header.Add("key"+strconv.Itoa(i/2), "v")
		}
		start := time.Now()
		w := render.NewJKF(io.Discard, render.Options{AllowLoss: true})
		if err := w.Write(rec); err != nil {
			b.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		return float64(time.Since(start).Nanoseconds()) / float64(n)
	}
	for range b.N {
		small, large := perKey(50_000), perKey(500_000)
		b.ReportMetric(small, "ns/key-50k")
		b.ReportMetric(large, "ns/key-500k")
		b.ReportMetric(large/small, "ratio")
	}
}
