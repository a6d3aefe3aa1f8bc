//go:build unix

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/procstat"
)

// BenchmarkMemory measures the peak resident memory of the built kifconv on
// the inputs of issue 15 whose memory used to grow without bound, and
// reports it with the targets:
//
//   - validate, one game of 1,000,000 moves: at most 64 B a move;
//   - convert of that game to every record format (-o FILE), and to KIF
//     and CSA on standard output: at most 64 B a move;
//   - validate and convert, one CSA game with 1,000,000 unknown lines (a
//     warning each): at most 200 MB;
//   - convert KIF → KIF and KIF → JKF, 200,000 nested 変化: at most 400 MB.
//
// The inputs are generated into a temporary directory. Run it alone, once:
//
//	go test -run '^$' -bench '^BenchmarkMemory$' -benchtime 1x ./cmd/kifconv
func BenchmarkMemory(b *testing.B) {
	if testing.Short() {
		b.Skip("generates inputs of tens of megabytes")
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "kifconv")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	long := filepath.Join(dir, "long.usi")
	writeInput(b, long, func(w *bufio.Writer) { writeKingGame(w, 1_000_000) })
	warns := filepath.Join(dir, "warnings.csa")
	writeInput(b, warns, func(w *bufio.Writer) {
		w.WriteString("V2.2\nPI\n+\n")
		for i := range 1_000_000 {
			fmt.Fprintf(w, "junk %d\n", i)
		}
		w.WriteString("+7776FU\n")
	})
	nested := filepath.Join(dir, "nested.kif")
	writeInput(b, nested, func(w *bufio.Writer) { writeNestedKIF(b, w, 200_000) })

	type memCase struct {
		name   string
		args   []string
		moves  int
		target float64 // MB, or B a move when moves > 0
		stdout bool    // the output goes to standard output (discarded)
	}
	cases := []memCase{
		{name: "validate-1M-moves", args: []string{"validate", "-q", long}, moves: 1_000_000, target: 64},
		{name: "validate-1M-warnings", args: []string{"validate", "-q", warns}, target: 200},
		{name: "convert-1M-warnings", args: []string{"convert", "-q", "-t", "kif", "-o", "OUT.kif", warns}, target: 200},
		{name: "convert-nested-kif", args: []string{"convert", "-q", "-t", "kif", "-o", "OUT.kif", nested}, target: 400},
		{name: "convert-nested-jkf", args: []string{"convert", "-q", "-t", "jkf", "-o", "OUT.jkf", nested}, target: 400},
	}
	for _, f := range longGameFormats {
		cases = append(cases, memCase{name: "convert-1M-moves-" + f, args: []string{"convert", "-q", "-t", f, "-o", "OUT." + f, long}, moves: 1_000_000, target: 64})
	}
	for _, f := range []string{"kif", "csa"} {
		cases = append(cases, memCase{name: "convert-1M-moves-stdout-" + f, args: []string{"convert", "-q", "-t", f, long}, moves: 1_000_000, target: 64, stdout: true})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var peak int64
			for i := range b.N {
				args := append([]string(nil), c.args...)
				for k, a := range args {
					args[k] = strings.Replace(a, "OUT", filepath.Join(b.TempDir(), fmt.Sprint("out", i)), 1)
				}
				cmd := exec.Command(bin, args...)
				var out []byte
				var err error
				if c.stdout {
					var errs strings.Builder
					cmd.Stdout, cmd.Stderr = io.Discard, &errs
					err = cmd.Run()
					out = []byte(errs.String())
				} else {
					out, err = cmd.CombinedOutput()
				}
				if code := cmd.ProcessState.ExitCode(); code > 1 || err != nil && code < 0 {
					b.Fatalf("%v: %v\n%s", c.args, err, out)
				}
				rss, ok := procstat.PeakRSS(cmd.ProcessState)
				if !ok {
					b.Skip("no peak RSS on this system")
				}
				peak = max(peak, rss)
			}
			mb := float64(peak) / 1e6
			b.ReportMetric(mb, "peak-MB")
			got, unit := mb, "MB"
			if c.moves > 0 {
				got, unit = float64(peak)/float64(c.moves), "B/move"
				b.ReportMetric(got, "B/move")
			}
			if got > c.target {
				b.Logf("over the target: %.1f %s, want at most %.0f", got, unit, c.target)
			}
		})
	}
}

// longGameFormats are the record formats the long game is converted to:
// every writer of a game (bod and svg write its last position).
var longGameFormats = []string{"kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen", "psn", "western", "hosking", "kk", "bod", "svg"}

func writeInput(b *testing.B, path string, fill func(*bufio.Writer)) {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fill(w)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}

// writeKingGame writes a USI game of n king moves between two kings.
func writeKingGame(w *bufio.Writer, n int) {
	w.WriteString("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves")
	moves := [4]string{" 5i4i", " 5a4a", " 4i5i", " 4a5a"}
	for k := range n {
		w.WriteString(moves[k%4])
	}
	w.WriteByte('\n')
}

// writeNestedKIF writes a KIF record of two kings whose variations nest
// depth deep: the variation at ply k branches from the one at ply k-1, and
// each holds two moves. Each king walks a triangle of squares (black 5九
// 4八 4九, white 5一 4二 4一), so that every move has an alternative.
func writeNestedKIF(tb testing.TB, w *bufio.Writer, depth int) {
	// The header and board diagram, as kifconv writes them.
	var head strings.Builder
	code := runEnv(context.Background(), testEnv(false, nil), []string{"convert", "-t", "kifu", "-f", "usi"},
		strings.NewReader("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1\n"), &head, io.Discard)
	if code != 0 {
		tb.Fatalf("the start position: exit %d", code)
	}
	h := head.String()
	h = h[:strings.Index(h, "手数----")]
	w.WriteString(h)
	w.WriteString("手数----指手---------消費時間--\n")
	type sq struct{ file, rank int }
	tri := [2][3]sq{{{5, 9}, {4, 8}, {4, 9}}, {{5, 1}, {4, 2}, {4, 1}}}
	digits := []string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	ranks := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	move := func(ply, side, from, to int) {
		f, t := tri[side][from], tri[side][to]
		fmt.Fprintf(w, "%4d %s%s玉(%d%d)\n", ply, digits[t.file], ranks[t.rank], f.file, f.rank)
	}
	// The main line: black 0→1, white 0→1.
	move(1, 0, 0, 1)
	move(2, 1, 0, 1)
	// The move the next variation replaces: side s from i to j; o is the
	// other side's vertex.
	s, i, j, o := 1, 0, 1, 1
	for k := 2; k < depth+2; k++ {
		t := 3 - i - j
		fmt.Fprintf(w, "\n変化：%d手\n", k)
		move(k, s, i, t)
		move(k+1, 1-s, o, (o+1)%3)
		s, i, j, o = 1-s, o, (o+1)%3, t
	}
}

// The nested record of BenchmarkMemory is a valid one of that depth.
func TestNestedKIF(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	w := bufio.NewWriter(&b)
	writeNestedKIF(t, w, 50)
	w.Flush()
	var out strings.Builder
	code := runEnv(context.Background(), testEnv(false, nil), []string{"validate", "-f", "kif"}, strings.NewReader(b.String()), &out, io.Discard)
	// Kings walking triangles repeat positions (千日手 warnings); no errors.
	if code != 0 || strings.Contains(out.String(), "error") {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), b.String()[:min(b.Len(), 2000)])
	}
	code = runEnv(context.Background(), testEnv(false, nil), []string{"convert", "-t", "csa", "--variations", "separate", "-f", "kif"}, strings.NewReader(b.String()), &out, io.Discard)
	games := strings.Split(out.String(), "\n/\n")
	if code != 0 || len(games) != 51 {
		t.Fatalf("exit %d, %d lines of play, want 51", code, len(games))
	}
	// The last line of play goes through every variation: 52 moves.
	moves := 0
	for l := range strings.Lines(games[len(games)-1]) {
		if len(l) > 2 && (l[0] == '+' || l[0] == '-') && l[1] >= '1' && l[1] <= '9' {
			moves++
		}
	}
	if moves != 52 {
		t.Fatalf("the deepest line has %d moves, want 52", moves)
	}
}
