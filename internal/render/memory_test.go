package render_test

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// longGame returns a one-game record of n moves (the kings step back and
// forth) with a time on every move, and a sub-second time on the last.
func longGame(n int) *shogi.Record {
	start, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		panic(err)
	}
	rec := shogi.NewRecord(start)
	cycle := [4]string{"5i5h", "5a5b", "5h5i", "5b5a"}
	var moves [4]shogi.Move
	for i, u := range cycle {
		moves[i], _ = shogi.ParseUSIMove(u)
	}
	n0 := rec.Root
	for i := range n {
		n0 = rec.AddChild(n0, moves[i%4], shogi.Ending{})
		rec.SetTime(n0, shogi.MoveTime{Elapsed: time.Second, HasTime: true})
	}
	rec.SetTime(n0, shogi.MoveTime{Elapsed: 1500 * time.Millisecond, HasTime: true})
	return rec
}

// memoryWriters are the writers of this package whose memory the
// benchmarks below measure (JKF has its own).
var memoryWriters = []string{"kif", "kifu", "ki2", "ki2u", "csa", "usi", "psn", "western", "hosking", "kk", "sfen", "bod", "svg"}

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc), an
// upper bound on the heap it adds at any moment.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// BenchmarkWriteLongGameMemory writes a 1,000,000-move one-game record in
// each format and reports the bytes the writer allocates per move (B/move,
// everything it allocates, so its peak heap is at most that): issue 15's
// target is 64. A new writer is made for each write, so its buffers count.
func BenchmarkWriteLongGameMemory(b *testing.B) {
	benchmarkMemory(b, longGame(1_000_000), 1_000_000, "B/move")
}

// BenchmarkWriteNestedMemory writes a record whose variations nest 200,000
// deep and reports the bytes allocated per level (B/level): memory in
// proportion to the depth of nesting, issue 15's tree target being 400 MB
// in all for 200,000 levels.
func BenchmarkWriteNestedMemory(b *testing.B) {
	benchmarkMemory(b, rtDeepRecord(200_000), 200_000, "B/level")
}

// benchmarkMemory writes rec with each of memoryWriters and reports the
// bytes allocated per unit of the record's size.
func benchmarkMemory(b *testing.B, rec *shogi.Record, size int, unit string) {
	for _, name := range memoryWriters {
		b.Run(name, func(b *testing.B) {
			var total uint64
			for b.Loop() {
				total += allocated(func() {
					w, _ := render.New(name, io.Discard, render.Options{AllowLoss: true})
					if err := w.Write(rec); err != nil {
						b.Fatal(err)
					}
				})
			}
			b.ReportMetric(float64(total)/float64(b.N)/float64(size), unit)
		})
	}
}

// TestLongRecordLossFirst: a writer that finds a loss it may not drop at
// the end of a long record (a sub-second time on its last move) writes
// none of it, though its text is passed on in pieces as it grows.
func TestLongRecordLossFirst(t *testing.T) {
	rec := longGame(20_000)
	for _, name := range []string{"kif", "ki2", "psn", "western", "kk"} {
		var out bytes.Buffer
		w, _ := render.New(name, &out, render.Options{})
		err := w.Write(rec)
		if err == nil || !strings.Contains(err.Error(), "times") {
			t.Errorf("%s: %v, want a loss of times", name, err)
		}
		if out.Len() > 0 {
			t.Errorf("%s: %d bytes written before the loss", name, out.Len())
		}
		w, _ = render.New(name, &out, render.Options{AllowLoss: true})
		if err := w.Write(rec); err != nil || out.Len() < 20_000*5 {
			t.Errorf("%s: with losses allowed: %v, %d bytes", name, err, out.Len())
		}
	}
}
