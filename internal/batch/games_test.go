package batch_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// pieceSizes are a splitter's Size and Max.
type pieceSizes struct{ size, max int }

func (sz pieceSizes) set(sp *parse.Splitter) { sp.Size, sp.Max = sz.size, sz.max }

// streamCSA returns shogitest.CSACollection written by render's CSA writer.
func streamCSA(t *testing.T, n int, bad string) string {
	return shogitest.CSACollection(t, n, bad, func(w io.Writer) shogitest.RecordWriter {
		return render.NewCSA(w, render.Options{AllowLoss: true})
	})
}

// readTranscript reads text through Each and writes down everything
// the caller would see.
func readTranscript(t *testing.T, text []byte, jobs int, sizes pieceSizes) string {
	t.Helper()
	src, err := batch.OpenInput(batch.Input{Path: "-"}, bytes.NewReader(text), "", parse.Options{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	batch.SetSplit(src, sizes.set)
	var out bytes.Buffer
	w := render.NewCSA(&out, render.Options{AllowLoss: true})
	work := func(rec *shogi.Record) []report.Diagnostic {
		return report.FindingDiagnostics("x", 0, rec.Check())
	}
	fn := func(game int, r parse.Result[[]report.Diagnostic]) bool {
		fmt.Fprintf(&out, "game %d\n", game)
		for _, e := range r.Warnings {
			fmt.Fprintf(&out, "warning %v %q\n", e, e.Pos.Text)
		}
		for _, d := range r.Work {
			fmt.Fprintf(&out, "check %s %d %s\n", d.Code, d.Ply, d.Message)
		}
		if err := w.Write(r.Record); err != nil {
			t.Fatal(err)
		}
		return true
	}
	game, err := batch.Each(context.Background(), src, jobs, work, fn)
	w.Flush()
	fmt.Fprintf(&out, "end at game %d: %v\n", game, err)
	return out.String()
}

// TestReadParallel checks that reading a CSA collection in pieces gives
// what reading it in one go gives: the records, the warnings and errors with
// their lines, and the game numbers.
func TestReadParallel(t *testing.T) {
	sjis := func(s string) []byte {
		var b bytes.Buffer
		w := charset.NewWriter(&b, charset.ShiftJIS, false, true)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	good := streamCSA(t, 60, "")
	illegal := streamCSA(t, 60, "+5152OU")
	inputs := []struct {
		name string
		text []byte
	}{
		{"utf-8", []byte(good)},
		{"illegal move", []byte(illegal)},
		{"shift_jis", sjis(good)},
		{"undecodable byte", append(sjis(good[:len(good)*3/4]), append([]byte{0x81, 0x0a}, sjis(good[len(good)*3/4:])...)...)},
	}
	sizes := []pieceSizes{{200, 1 << 20}, {1000, 1 << 20}, {3000, 4000}, {1 << 20, 2 << 20}}
	for _, in := range inputs {
		want := readTranscript(t, in.text, 1, pieceSizes{})
		if !strings.Contains(want, "game 40\n") {
			t.Fatalf("%s: the input is not what the test is about:\n%s", in.name, want[len(want)-min(len(want), 300):])
		}
		for _, sz := range sizes {
			for _, jobs := range []int{2, 3} {
				t.Run(in.name+"/"+strconv.Itoa(sz.size)+"/"+strconv.Itoa(jobs), func(t *testing.T) {
					got := readTranscript(t, in.text, jobs, sz)
					if got != want {
						t.Errorf("in pieces:\n%s\nin one go:\n%s", lastDiff(got, want), lastDiff(want, got))
					}
				})
			}
		}
	}
}

// lastDiff returns the lines of a around its first difference from b.
func lastDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return strings.Join(al[max(i-3, 0):min(i+4, len(al))], "\n")
		}
	}
	return "(a prefix of the other)"
}

// TestReadParallelStop checks that reading in pieces stops when the caller
// says so or the context is cancelled, without waiting for the whole input.
func TestReadParallelStop(t *testing.T) {
	text := []byte(streamCSA(t, 60, ""))
	sizes := pieceSizes{300, 1 << 20}
	open := func() *batch.InputSource {
		src, err := batch.OpenInput(batch.Input{Path: "-"}, bytes.NewReader(text), "", parse.Options{}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		batch.SetSplit(src, sizes.set)
		return src
	}
	src := open()
	got, err := batch.Each(context.Background(), src, 2, nil, func(game int, _ parse.Result[struct{}]) bool { return game < 5 })
	if got != 5 || err != nil {
		t.Errorf("stopped by the caller: game %d, %v; want 5, nil", got, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	src = open()
	got, err = batch.Each(ctx, src, 2, nil, func(game int, _ parse.Result[struct{}]) bool {
		if game == 3 {
			cancel()
		}
		return true
	})
	if err != context.Canceled || got < 3 || got > 60 {
		t.Errorf("cancelled: game %d, %v; want context.Canceled", got, err)
	}
}

// BenchmarkReadParallel reads a CSA collection of 2,000 games as `convert`
// and `validate` do, with one job (one reader) and with two (pieces read by
// two workers), and reports games and moves per second of wall-clock time
// and moves per second of CPU time: the second is the cost of reading, the
// first what the jobs make of it.
func BenchmarkReadParallel(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	opt := shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Header: true, Endings: true}
	var text bytes.Buffer
	w := render.NewCSA(&text, render.Options{AllowLoss: true})
	moves := 0
	const games = 2000
	for range games {
		rec := shogitest.RandomRecord(rng, opt)
		for n := range rec.MainLine() {
			if !n.IsEnd() {
				moves++
			}
		}
		if err := w.Write(rec); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(jobs), func(b *testing.B) {
			b.SetBytes(int64(text.Len()))
			cpu := procstat.CPU()
			for b.Loop() {
				src, err := batch.OpenInput(batch.Input{Path: "-"}, bytes.NewReader(text.Bytes()), "", parse.Options{}, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				n, err := batch.Each(context.Background(), src, jobs, nil, func(int, parse.Result[struct{}]) bool { return true })
				if err != nil || n != games {
					b.Fatalf("%d games, %v", n, err)
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(games*b.N)/sec, "games/s")
			b.ReportMetric(float64(moves*b.N)/sec, "moves/s")
			if used := procstat.CPU() - cpu; used > 0 {
				b.ReportMetric(float64(moves*b.N)/used.Seconds(), "moves/cpu-s")
			}
		})
	}
}
