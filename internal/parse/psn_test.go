package parse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// textDumpRecord prints a record read by the PSN, Western or
// Kitao–Kawasaki reader exactly: start, header, the whole tree with
// endings, times and comments.
func textDumpRecord(rec *shogi.Record) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "start %s %s\n", rec.Start.SFEN(), rec.Preset.KIF())
	for _, f := range rec.Header {
		fmt.Fprintf(&sb, "header %s=%q\n", f.Key, f.Value)
	}
	var walk func(n *shogi.Node, ind string)
	walk = func(n *shogi.Node, ind string) {
		switch {
		case n.Parent() == nil:
			sb.WriteString("root")
		case n.IsEnd():
			fmt.Fprintf(&sb, "%s%d %s/%s/%s", ind, n.Ply(), n.End().Kind, n.End().Side, n.End().Word)
		default:
			fmt.Fprintf(&sb, "%s%d %s", ind, n.Ply(), n.Move)
		}
		if n.Time().HasTime || n.Time().HasTotal {
			fmt.Fprintf(&sb, " (%v / %v)", n.Time().Elapsed, n.Time().Total)
		}
		if len(n.Comments()) > 0 {
			fmt.Fprintf(&sb, " %q", n.Comments())
		}
		sb.WriteByte('\n')
		for i, c := range slices.Collect(n.Children()) {
			if i > 0 {
				walk(c, ind+"  ")
			} else {
				walk(c, ind)
			}
		}
	}
	walk(rec.Root, "")
	return sb.String()
}

// readTextFile reads every record of a file with the named reader and
// returns the dumps and warnings as one text.
func readTextFile(t *testing.T, format, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := New(format, f, Options{Filename: filepath.Base(path)})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		sb.WriteString("== record\n")
		sb.WriteString(textDumpRecord(rec))
		for _, w := range r.Warnings() {
			fmt.Fprintf(&sb, "warning %v\n", w)
		}
	}
	return sb.String()
}

// checkGolden compares got with the .golden file beside path. Run the tests
// with KIFCONV_UPDATE_GOLDEN=1 to rewrite the golden files (an environment
// variable rather than an -update flag, so that packages whose tests define
// their own flags do not clash).
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden := path + ".golden"
	if os.Getenv("KIFCONV_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with KIFCONV_UPDATE_GOLDEN=1 to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s\n--- got\n%s--- want\n%s", path, golden, got, want)
	}
}

// TestPSNTestdata reads the PSN files of every flavour in testdata/psn
// (each named after the producer whose layout it follows) and compares the
// records with their golden dumps.
func TestPSNTestdata(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/psn/*.psn")
	if len(files) == 0 {
		t.Fatal("no testdata/psn files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkGolden(t, path, readTextFile(t, "psn", path))
		})
	}
}

func TestPSNErrors(t *testing.T) {
	tests := []struct {
		name, in string
		code     string
		line     int
		col      int
		strict   bool
	}{
		{"illegal move", "1. P-7f P-3d 2. P-7f", "no-such-move", 1, 17, false},
		{"ambiguous", "[Sente \"a\"]\n\n1. G-5h", "ambiguous", 3, 4, false},
		{"rule strict", "[SFEN \"4k4/9/9/9/9/9/4P4/9/4K4 b P 1\"]\n1. P*5e", "nifu", 2, 4, true},
		{"variation first", "(1. P-2f) 1. P-7f", "bad-variation", 1, 1, false},
		{"move after ending", "1. P-7f Resigns P-3d", "syntax", 1, 17, false},
		{"bad sfen", "[SFEN \"9/9/9 b - 1\"]\n1. P-7f", "bad-position", 1, 1, false},
		{"unclosed tag", "[Sente \"Alice]\n1. P-7f", "bad-header", 1, 1, false},
		{"tag not closed", "[Sente \"Alice\"\n1. P-7f", "bad-header", 1, 1, false},
		{"variation too far", "1.P7g-7f\n2.P3c-3d\nVariation:4\n4.P8c-8d", "bad-variation", 3, 1, false},
		{"variation number", "1.P7g-7f\nVariation:x", "bad-variation", 2, 1, false},
		{"glued number", "1.Q7g-7f", "syntax", 1, 3, false},
		{"unclosed comment strict", "1. P-7f {open", "truncated", 1, 9, true},
		{"stray paren strict", "1. P-7f ) P-3d", "bad-variation", 1, 9, true},
		{"white first strict", "1... P-3d", "bad-header", 1, 1, true},
		{"bad time strict", "1. P-7f (99:99 / 00:00:01)", "bad-time", 1, 9, true},
		{"unknown handicap strict", "[Handicap \"queen\"]\n1. P-7f", "bad-header", 1, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewPSN(strings.NewReader(tt.in), Options{Filename: "t.psn", Strict: tt.strict})
			_, err := r.Read()
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Read error %v, want a *parse.Error", err)
			}
			if pe.Code() != tt.code || pe.Pos.Line != tt.line || pe.Pos.Col != tt.col || pe.Pos.File != "t.psn" {
				t.Errorf("error %v [%s], want %s at %d:%d", pe, pe.Code(), tt.code, tt.line, tt.col)
			}
			if want := strings.Split(tt.in, "\n")[tt.line-1]; pe.Pos.Text != want {
				t.Errorf("error quotes %q, want its line %q", pe.Pos.Text, want)
			}
		})
	}
}

// TestPSNLenient checks what the reader tolerates, with a warning, outside
// strict mode.
func TestPSNLenient(t *testing.T) {
	tests := []struct {
		name, in, moves string
		warnings        int
	}{
		{"unclosed comment", "1. P-7f {open", "7g7f", 1},
		{"unclosed comment, lines", "1. P-7f {open\nmore\n", "7g7f", 1},
		{"stray paren", "1. P-7f ) P-3d", "7g7f 3c3d", 1},
		{"unclosed variation", "1. P-7f (1. P-2f", "7g7f", 1},
		{"stray brace", "1. P-7f } P-3d", "7g7f 3c3d", 1},
		{"tag without quotes", "[Sente Alice]\n1. P-7f", "7g7f", 1},
		{"several tags a line", "[Sente \"a\"][Gote \"b\"]\n1. P-7f", "7g7f", 0},
		{"annotations", "1. P-7f!! P-3d?! $14 2. P-2f", "7g7f 3c3d 2g2f", 0},
		{"full-width space", "1.\u3000P-7f\u3000P-3d", "7g7f 3c3d", 0},
		{"results", "1. P-7f 1/2-1/2", "7g7f", 0},
		{"dots glued", "1.P-7f 1...P-3d", "7g7f 3c3d", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewPSN(strings.NewReader(tt.in), Options{})
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			var ms []string
			for n := range rec.MainLine() {
				ms = append(ms, n.Move.String())
			}
			if got := strings.Join(ms, " "); got != tt.moves {
				t.Errorf("moves %q, want %q", got, tt.moves)
			}
			if len(r.Warnings()) != tt.warnings {
				t.Errorf("warnings %v, want %d", r.Warnings(), tt.warnings)
			}
			// The move text's positions are bare until kept: a warning
			// still quotes its line.
			for _, w := range r.Warnings() {
				if want := strings.Split(tt.in, "\n")[w.Pos.Line-1]; w.Pos.Text != want {
					t.Errorf("warning %v quotes %q, want its line %q", w, w.Pos.Text, want)
				}
			}
		})
	}
}

func TestPSNHeaderAndResult(t *testing.T) {
	in := "[Black \"A\"]\n[white \"B\"]\n[Event \"E\"]\n[Date \"2001.02.03\"]\n[Opening \"Yagura\"]\n[TimeControl \"10 min\"]\n[Custom \"x\"]\n\n1. P-7f 1-0\n"
	rec, err := NewPSN(strings.NewReader(in), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	want := shogi.Header{
		{Key: shogi.KeyBlack, Value: "A"}, {Key: shogi.KeyWhite, Value: "B"}, {Key: shogi.KeyEvent, Value: "E"},
		{Key: shogi.KeyStartTime, Value: "2001.02.03"}, {Key: shogi.KeyOpening, Value: "Yagura"},
		{Key: shogi.KeyTimeLimit, Value: "10 min"}, {Key: "Custom", Value: "x"}, {Key: "Result", Value: "1-0"},
	}
	if fmt.Sprint(rec.Header) != fmt.Sprint(want) {
		t.Errorf("header %v, want %v", rec.Header, want)
	}
}

func TestDetectPSN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[Sente \"Alice\"]\n1. P-7f", "psn"},
		{"\ufeff[Event \"x\"]\r\n", "psn"},
		{"[Black_grade \"3 dan\"]\n", "psn"},
		{"[not a tag\n", ""},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.in), ""); got != tt.want {
			t.Errorf("Detect(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// BenchmarkReadPSN reads a file of many games in both PSN flavours.
func BenchmarkReadPSN(b *testing.B) {
	var data []byte
	for _, name := range []string{"shogidokoro-variation.psn", "macshogi-quirks.psn", "playshogi-recapture.psn"} {
		d, err := os.ReadFile("../../testdata/psn/" + name)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d...)
		data = append(data, '\n')
	}
	var in []byte
	for i := 0; i < 200; i++ {
		in = append(in, data...)
	}
	moves := 0
	r := NewPSN(bytes.NewReader(in), Options{})
	for {
		rec, err := r.Read()
		if err != nil {
			break
		}
		for range rec.MainLine() {
			moves++
		}
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := NewPSN(bytes.NewReader(in), Options{})
		for {
			if _, err := r.Read(); err != nil {
				if err != io.EOF {
					b.Fatal(err)
				}
				break
			}
		}
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
