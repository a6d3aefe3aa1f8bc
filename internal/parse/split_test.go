package parse

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

func TestFindCut(t *testing.T) {
	tests := []struct {
		format, in string
		from       int
		eof        bool
		want       int
	}{
		{"csa", "+\n/\nV2", 0, false, 0}, // the next line is not whole
		{"csa", "+\n \t/ \nV2\n", 0, false, 7},
		{"csa", "+\r\n/\r\nV2\r\n", 0, false, 6},
		{"csa", "+\r/\rV2\r", 0, false, 0},
		{"csa", "+\r/\rV2\r+", 0, false, 4},
		{"csa", "+\n/\r", 0, false, 0},  // CR or CRLF?
		{"csa", "+\n/", 0, false, 0},    // the line end is not read
		{"csa", "+\n/\n", 0, false, 0},  // nothing after the separator
		{"csa", "+\n/\nV2", 0, true, 4}, // the last line ends with the input
		{"csa", "$START_TIME:2024/01/01\n+\n", 0, true, 0},
		{"csa", "'* a/b\n'/\n+\n", 0, true, 0},
		{"csa", "+\n//\nV2\n", 0, false, 0},
		{"csa", "/\nV2\n", 0, false, 2},
		{"csa", "/\n+\n/\nV2\n", 2, false, 6}, // not before the line of from
		{"csa", "+\n/\n\xef\xbb\xbfV2\n", 0, false, 0},
		{"csa", "+\n/\n\xef", 0, false, 0},
		{"csa", "+\n/\n\xef\xbb\xbf+\n/\nV2\n", 0, false, 11},
		{"usi", "position startpos\r\nposition startpos moves 7g7f\r\n", 0, false, 19},
		{"usi", "position startpos\r", 0, false, 0},
		{"sfen", "sfen 9/9/9/9/9/9/9/9/9 b - 1\n7g7f none 1 2 3\nsfen 9/9/9/9/9/9/9/9/9 w - 1\n", 0, false, 45},
		{"sfen", "lnsgkgsnl/9 b - 1\nlnsgkgsnl/9 w - 1\n", 0, true, 18},
		{"jkf", "{\"a\":{\n}}\n{\"b\":1}\n", 0, false, 10},
		{"jkf", "[{\"a\":1}\n,{\"b\":1}]\n", 0, true, 0},
		{"jkf", "{\n  \"a\": {\n  }\n}\n", 0, true, 0},
		{"psn", "[A \"1\"]\n\n[A \"2\"]\n", 0, true, 0},
	}
	for _, tt := range tests {
		if got := findCut(tt.format, []byte(tt.in), tt.from, tt.eof); got != tt.want {
			t.Errorf("%s: findCut(%q, %d, %v) = %d, want %d", tt.format, tt.in, tt.from, tt.eof, got, tt.want)
		}
	}
}

func TestCountLines(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{{"", 0}, {"a", 0}, {"a\n", 1}, {"a\r\nb\r\n", 2}, {"a\rb\r", 2}, {"a\r\n\r\n\n\r", 4}} {
		if got := countLines([]byte(tt.in)); got != tt.want {
			t.Errorf("countLines(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// collection returns n records of format with a problem (a warning or an
// error, with its line) now and then, and mixed line ends.
func collection(format string, n int) string {
	var b strings.Builder
	ends := []string{"\n", "\r\n", "\r"}
	for i := range n {
		nl := ends[i%3]
		if format == "jkf" {
			nl = ends[i%2]
		}
		switch format {
		case "csa":
			fmt.Fprintf(&b, "V2.2%sN+a/%d%sPI%s+%s+7776FU%sT%d%s", nl, i, nl, nl, nl, nl, i, nl)
			if i%7 == 3 {
				fmt.Fprintf(&b, "oops %d%s", i, nl)
			}
			fmt.Fprintf(&b, "-3334FU%s%%TORYO%s", nl, nl)
			if i < n-1 {
				b.WriteString(" / " + nl)
			}
		case "usi":
			fmt.Fprintf(&b, "position startpos moves 7g7f 3c3d%s", nl)
			if i == n-3 { // an error ends the reading
				fmt.Fprintf(&b, "position startpos moves 7g7f 7g7f%s", nl)
			}
		case "sfen":
			fmt.Fprintf(&b, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - %d%s", i+1, nl)
			if i%7 == 3 {
				fmt.Fprintf(&b, "7g7f none 10 20 %d%s", i, nl)
			}
		case "jkf":
			fmt.Fprintf(&b, "{\"header\":{\"先手\":\"p%d\"},%s \"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}%s", i, nl, nl)
		}
	}
	return b.String()
}

// transcript reads records until the end or an error and writes what it
// read and every problem with its position and text.
func transcript(r Reader, b *strings.Builder) (ok bool) {
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return true
		}
		for _, w := range r.Warnings() {
			fmt.Fprintf(b, "warning %v %q\n", w, w.Pos.Text)
		}
		if err != nil {
			if e, ok := err.(*Error); ok {
				fmt.Fprintf(b, "error %v %q\n", e, e.Pos.Text)
			} else {
				fmt.Fprintf(b, "error %v\n", err)
			}
			return false
		}
		n := 0
		for range rec.MainLine() {
			n++
		}
		fmt.Fprintf(b, "record %d nodes %s %s\n", n, rec.Header.Value("先手"), rec.Start.SFEN())
	}
}

// Reading a collection piece by piece gives the records and problems,
// positions and quoted lines included, of reading it whole.
func TestSplitter(t *testing.T) {
	for _, format := range []string{"csa", "usi", "sfen", "jkf"} {
		text := collection(format, 60)
		var whole strings.Builder
		r, _ := New(format, strings.NewReader(text), Options{Filename: "f"})
		transcript(r, &whole)
		if !strings.Contains(whole.String(), "record") {
			t.Fatalf("%s: no records read:\n%s", format, whole.String())
		}
		for _, size := range []int{1, 50, 400, 1 << 20} {
			s := NewSplitter(format, iotest.HalfReader(strings.NewReader(text)))
			s.Size = size
			var got strings.Builder
			pieces := 0
			var buf []byte
			for {
				p, err := s.Next(buf)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				pieces++
				var in io.Reader = strings.NewReader(string(p.Text))
				if p.Rest != nil {
					in = io.MultiReader(in, p.Rest)
				}
				r, _ := New(format, in, Options{Filename: "f", Line: p.Line, Offset: p.Offset})
				if !transcript(r, &got) {
					break
				}
				buf = p.Text
			}
			if got.String() != whole.String() {
				t.Fatalf("%s, pieces of %d bytes (%d pieces):\n%s\nwant\n%s", format, size, pieces, got.String(), whole.String())
			}
			if size == 1 && pieces < 30 {
				t.Errorf("%s: only %d pieces:\n%s", format, pieces, got.String())
			}
		}
	}
}

// A text with no boundary in Max bytes goes on as one last piece read to
// its end from Rest.
func TestSplitterRest(t *testing.T) {
	text := strings.Repeat("'comment\n", 1000)
	s := NewSplitter("csa", strings.NewReader(text))
	s.Size, s.Max = 10, 100
	p, err := s.Next(nil)
	if err != nil || p.Rest == nil || len(p.Text) < 100 {
		t.Fatalf("piece of %d bytes, rest %v, %v", len(p.Text), p.Rest != nil, err)
	}
	rest, _ := io.ReadAll(p.Rest)
	if string(p.Text)+string(rest) != text {
		t.Fatal("the text and the rest are not the input")
	}
	if _, err := s.Next(nil); err != io.EOF {
		t.Fatalf("after the last piece: %v", err)
	}
}

// smallReads returns at most n bytes a Read, as a pipe does.
type smallReads struct {
	r io.Reader
	n int
}

func (s smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// A long text with no boundary, arriving in small reads, is looked at once,
// not once per read: quadratic scanning took minutes here.
func TestSplitterLongGame(t *testing.T) {
	for _, format := range []string{"csa", "jkf"} {
		text := strings.Repeat("+5958OU\nT1\n", 1<<20) // 11 MB, no boundary
		done := make(chan struct{})
		go func() {
			defer close(done)
			s := NewSplitter(format, smallReads{strings.NewReader(text), 1 << 10})
			s.Max = 16 << 20 // the text is one piece
			p, err := s.Next(nil)
			if err != nil || len(p.Text) != len(text) || p.Rest != nil {
				t.Errorf("%s: piece of %d bytes, %v", format, len(p.Text), err)
			}
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still cutting after 30 s", format)
		}
	}
}

// ReadPieces gives the records, problems and numbers of ReadEach, whatever
// the workers and piece sizes, with records kept or reused (fn looks at each
// record it is given, which a record reused too early would change), and
// stops when told.
func TestReadPieces(t *testing.T) {
	for _, format := range []string{"csa", "usi", "sfen", "jkf"} {
		text := collection(format, 60)
		transcribe := func(b *strings.Builder) func(int, Result[int]) bool {
			return func(n int, r Result[int]) bool {
				var last shogi.Move
				for x := range r.Record.MainLine() {
					last = x.Move
				}
				fmt.Fprintf(b, "%d: %d nodes, header %d, last %s\n", n, r.Work, len(r.Record.Header), last.AppendUSI(nil))
				for _, w := range r.Warnings {
					fmt.Fprintf(b, "warning %v %q\n", w, w.Pos.Text)
				}
				return true
			}
		}
		work := func(rec *shogi.Record) int {
			n := 0
			for range rec.MainLine() {
				n++
			}
			return n
		}
		var want strings.Builder
		r, _ := New(format, strings.NewReader(text), Options{Filename: "f", ReuseRecord: true})
		n, err := ReadEach(r, 0, work, transcribe(&want))
		fmt.Fprintf(&want, "end %d %v\n", n, err)
		for _, reuse := range []bool{true, false} {
			for _, jobs := range []int{1, 3} {
				for _, size := range []int{1, 300, 1 << 20} {
					sp := NewSplitter(format, iotest.OneByteReader(strings.NewReader(text)))
					sp.Size = size
					var got strings.Builder
					n, err := ReadPieces(context.Background(), sp, format, Options{Filename: "f", ReuseRecord: reuse}, jobs, nil, work, transcribe(&got))
					fmt.Fprintf(&got, "end %d %v\n", n, err)
					if got.String() != want.String() {
						t.Fatalf("%s, %d jobs, pieces of %d, reuse %v:\n%s\nwant\n%s", format, jobs, size, reuse, got.String(), want.String())
					}
				}
			}
		}
		sp := NewSplitter(format, strings.NewReader(text))
		sp.Size = 1
		n, err = ReadPieces(context.Background(), sp, format, Options{}, 2, nil, work, func(n int, _ Result[int]) bool { return n < 5 })
		if n != 5 || err != nil {
			t.Errorf("%s: stopped at %d, %v; want 5, nil", format, n, err)
		}
	}
}
