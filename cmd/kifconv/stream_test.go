package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// pieceSizes are a splitter's Size and Max.
type pieceSizes struct{ size, max int }

func (sz pieceSizes) splitter(src *source) *parse.Splitter {
	sp := parse.NewSplitter(src.Format, src.Text)
	sp.Size, sp.Max = sz.size, sz.max
	return sp
}

// streamCSA returns a CSA collection of n games with what real archives
// have: comments, slashes inside lines, blanks around `/`, mixed line ends,
// an unknown line (a warning) now and then; bad, when not empty, replaces
// the line of a move of a late game.
func streamCSA(t *testing.T, n int, bad string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	opt := shogitest.RandomOptions{MaxPlies: 60, Comments: true, Times: true, Header: true, Endings: true}
	var out strings.Builder
	for i := range n {
		var b bytes.Buffer
		w := render.NewCSA(&b, render.Options{AllowLoss: true})
		if err := w.Write(shogitest.RandomRecord(rng, opt)); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if i%7 == 3 {
			lines = append(lines[:2], append([]string{"XYZ unknown", "'* a/b/c"}, lines[2:]...)...)
		}
		if bad != "" && i == n-3 {
			for j, l := range lines {
				if j > 10 && (l[0] == '+' || l[0] == '-') && len(l) == 7 {
					lines[j] = bad
					break
				}
			}
		}
		if i > 0 {
			sep := []string{"/", " / ", "/\t"}[i%3]
			out.WriteString(sep)
			out.WriteString([]string{"\n", "\r\n", "\r"}[i%3])
		}
		for j, l := range lines {
			out.WriteString(l)
			out.WriteString([]string{"\n", "\r\n", "\n", "\r"}[(i+j)%4])
		}
	}
	return out.String()
}

// readTranscript reads text through eachRecord and writes down everything
// the caller would see.
func readTranscript(t *testing.T, text []byte, jobs int, sizes pieceSizes) string {
	t.Helper()
	src, err := openSource(input{path: "-"}, bytes.NewReader(text), "", parse.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := render.NewCSA(&out, render.Options{AllowLoss: true})
	work := func(rec *shogi.Record) workResult {
		return workResult{diags: render.FindingDiagnostics("x", 0, rec.Check())}
	}
	fn := func(game int, r readResult) bool {
		fmt.Fprintf(&out, "game %d\n", game)
		for _, e := range r.warns {
			fmt.Fprintf(&out, "warning %v %q\n", e, e.Pos.Text)
		}
		for _, d := range r.extra {
			fmt.Fprintf(&out, "check %s %d %s\n", d.Code, d.Ply, d.Message)
		}
		if err := w.Write(r.rec); err != nil {
			t.Fatal(err)
		}
		return true
	}
	var game int
	if jobs == 1 {
		game, err = src.eachRecord(context.Background(), 1, work, fn)
	} else {
		game, err = src.readParallel(context.Background(), jobs, sizes.splitter(src), work, fn)
	}
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
	open := func() *source {
		src, err := openSource(input{path: "-"}, bytes.NewReader(text), "", parse.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	sizes := pieceSizes{300, 1 << 20}
	src := open()
	got, err := src.readParallel(context.Background(), 2, sizes.splitter(src), nil, func(game int, _ readResult) bool { return game < 5 })
	if got != 5 || err != nil {
		t.Errorf("stopped by the caller: game %d, %v; want 5, nil", got, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	src = open()
	got, err = src.readParallel(ctx, 2, sizes.splitter(src), nil, func(game int, _ readResult) bool {
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
			cpu := cpuNow()
			for b.Loop() {
				src, err := openSource(input{path: "-"}, bytes.NewReader(text.Bytes()), "", parse.Options{}, nil)
				if err != nil {
					b.Fatal(err)
				}
				n, err := src.eachRecord(context.Background(), jobs, nil, func(int, readResult) bool { return true })
				if err != nil || n != games {
					b.Fatalf("%d games, %v", n, err)
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(games*b.N)/sec, "games/s")
			b.ReportMetric(float64(moves*b.N)/sec, "moves/s")
			if used := cpuNow() - cpu; used > 0 {
				b.ReportMetric(float64(moves*b.N)/used.Seconds(), "moves/cpu-s")
			}
		})
	}
}

// cpuNow returns the CPU time the process has used.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSplitCollectionJobs checks convert -d into a one-game format over a
// collection: the games are written by the workers that read them, and the
// files, their names and bytes do not depend on -j; an input that fails
// leaves no file, temporary or not.
func TestSplitCollectionJobs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, bad string
		code      int
	}{{"good", "", exitOK}, {"bad", "+7776ZZ", exitInvalid}} {
		in := filepath.Join(dir, tc.name+".csa")
		if err := os.WriteFile(in, []byte(streamCSA(t, 400, tc.bad)), 0o644); err != nil {
			t.Fatal(err)
		}
		var trees []map[string][]byte
		for _, jobs := range []string{"1", "2"} {
			out := filepath.Join(dir, tc.name+"-j"+jobs)
			code, _, stderr := runTest(t, testEnv(false, nil), "convert", "-q", "-j", jobs, "-t", "kif", "-d", out, in)
			if code != tc.code {
				t.Fatalf("%s -j %s: exit %d, want %d\n%s", tc.name, jobs, code, tc.code, stderr)
			}
			tree := readTree(t, out)
			for name := range tree {
				if strings.HasSuffix(name, ".tmp") {
					t.Errorf("%s -j %s: temporary file %s left", tc.name, jobs, name)
				}
			}
			trees = append(trees, tree)
		}
		if tc.code != exitOK {
			if len(trees[0])+len(trees[1]) > 0 {
				t.Errorf("%s: %d and %d files written, want none", tc.name, len(trees[0]), len(trees[1]))
			}
			continue
		}
		if len(trees[0]) != 400 {
			t.Errorf("%s: %d files, want 400", tc.name, len(trees[0]))
		}
		if !maps.EqualFunc(trees[0], trees[1], bytes.Equal) {
			t.Errorf("%s: -j 1 and -j 2 write different files", tc.name)
		}
	}
}
