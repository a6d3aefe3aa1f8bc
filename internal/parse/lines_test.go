package parse

import (
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/kifconv/kifconv/internal/procstat"
)

type lineWant struct {
	text   string
	line   int
	offset int64
}

// readAllLines reads every line with lr, checking the position of each.
func readAllLines(t *testing.T, lr *lineReader) ([]lineWant, error) {
	t.Helper()
	var got []lineWant
	for {
		b, err := lr.readLine()
		if err != nil {
			return got, err
		}
		p := lr.pos(1)
		got = append(got, lineWant{string(b), p.Line, p.Offset})
		if len(got) > 1000 {
			t.Fatal("no end")
		}
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := []struct {
		name  string
		in    string
		max   int
		want  []lineWant
		err   error // the error after the lines; io.EOF for a clean end
		errAt int   // its line, for a positioned error
	}{
		{"empty", "", 0, nil, io.EOF, 0},
		{"lf", "a\nbc\n", 0, []lineWant{{"a", 1, 0}, {"bc", 2, 2}}, io.EOF, 0},
		{"no final end", "a\nbc", 0, []lineWant{{"a", 1, 0}, {"bc", 2, 2}}, io.EOF, 0},
		{"crlf", "a\r\nbc\r\n", 0, []lineWant{{"a", 1, 0}, {"bc", 2, 3}}, io.EOF, 0},
		{"bare cr", "a\rbc\r", 0, []lineWant{{"a", 1, 0}, {"bc", 2, 2}}, io.EOF, 0},
		{"mixed", "a\r\nb\rc\nd\n\r\ne", 0, []lineWant{{"a", 1, 0}, {"b", 2, 3}, {"c", 3, 5}, {"d", 4, 7}, {"", 5, 9}, {"e", 6, 11}}, io.EOF, 0},
		{"cr cr lf", "a\r\r\nb", 0, []lineWant{{"a", 1, 0}, {"", 2, 2}, {"b", 3, 4}}, io.EOF, 0},
		{"crlf then blank lf lines", "a\r\n\n\nb\r\n\r\n", 0, []lineWant{{"a", 1, 0}, {"", 2, 3}, {"", 3, 4}, {"b", 4, 5}, {"", 5, 8}}, io.EOF, 0},
		{"crlf then bare cr", "ab\r\nc\rd\r\n", 0, []lineWant{{"ab", 1, 0}, {"c", 2, 4}, {"d", 3, 6}}, io.EOF, 0},
		{"blank lines", "\n\n\n", 0, []lineWant{{"", 1, 0}, {"", 2, 1}, {"", 3, 2}}, io.EOF, 0},
		{"bom", "\ufeffa\nb", 0, []lineWant{{"a", 1, 3}, {"b", 2, 5}}, io.EOF, 0},
		{"bom only at the start", "a\n\ufeffb", 0, []lineWant{{"a", 1, 0}, {"\ufeffb", 2, 2}}, io.EOF, 0},
		{"japanese", "▲７六歩\r\n△３四歩", 0, []lineWant{{"▲７六歩", 1, 0}, {"△３四歩", 2, 14}}, io.EOF, 0},
		{"line at the limit", long + "\n" + long, 100, []lineWant{{long, 1, 0}, {long, 2, 101}}, io.EOF, 0},
		{"line over the limit", "a\n" + long + "x\nb\n", 100, []lineWant{{"a", 1, 0}}, ErrLineTooLong, 2},
		{"last line over the limit", "a\n" + long + "x", 100, []lineWant{{"a", 1, 0}}, ErrLineTooLong, 2},
		{"bare cr lines under the limit", strings.Repeat(long[:60]+"\r", 5), 100,
			[]lineWant{{long[:60], 1, 0}, {long[:60], 2, 61}, {long[:60], 3, 122}, {long[:60], 4, 183}, {long[:60], 5, 244}}, io.EOF, 0},
	}
	for _, tt := range tests {
		// Whole, one byte at a time (so that CRLF and the BOM are split
		// across reads), and in a buffer smaller than the input.
		readers := map[string]func() io.Reader{
			"whole":    func() io.Reader { return strings.NewReader(tt.in) },
			"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(tt.in)) },
			"half":     func() io.Reader { return iotest.HalfReader(strings.NewReader(tt.in)) },
		}
		for rname, mk := range readers {
			t.Run(tt.name+"/"+rname, func(t *testing.T) {
				lr := newLineReader(mk(), Options{Filename: "f", MaxLineBytes: tt.max})
				got, err := readAllLines(t, lr)
				if len(got) != len(tt.want) {
					t.Fatalf("got %d lines %+v, want %+v", len(got), got, tt.want)
				}
				for i := range got {
					if got[i] != tt.want[i] {
						t.Errorf("line %d: got %+v, want %+v", i+1, got[i], tt.want[i])
					}
				}
				if !errors.Is(err, tt.err) {
					t.Fatalf("error %v, want %v", err, tt.err)
				}
				var pe *Error
				if errors.As(err, &pe) && (pe.Pos.Line != tt.errAt || pe.Pos.File != "f") {
					t.Errorf("error at %v, want line %d of f", pe.Pos, tt.errAt)
				}
				if _, again := lr.readLine(); !errors.Is(again, tt.err) {
					t.Errorf("second call after the end: %v, want %v again", again, tt.err)
				}
			})
		}
	}
}

// TestLineReaderBack checks that back gives the last line again with its
// position.
func TestLineReaderBack(t *testing.T) {
	lr := newLineReader(strings.NewReader("a\r\nb\nc"), Options{})
	lr.readLine()
	b, _ := lr.readLine()
	lr.back()
	again, err := lr.readLine()
	if err != nil || string(again) != string(b) || lr.pos(1).Line != 2 || lr.pos(1).Offset != 3 {
		t.Fatalf("after back: %q %v at %v, want \"b\" at line 2 offset 3", again, err, lr.pos(1))
	}
	c, _ := lr.readLine()
	if string(c) != "c" || lr.pos(1).Line != 3 {
		t.Fatalf("then %q at %v", c, lr.pos(1))
	}
}

// TestLineReaderReadError checks that a read error comes after the complete
// lines before it, and sticks.
func TestLineReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	lr := newLineReader(io.MultiReader(strings.NewReader("a\nb\npart"), iotest.ErrReader(boom)), Options{})
	got, err := readAllLines(t, lr)
	if len(got) != 2 || got[1].text != "b" || err != boom {
		t.Fatalf("got %+v, %v; want lines a, b then boom", got, err)
	}
	if _, err := lr.readLine(); err != boom {
		t.Fatalf("again: %v", err)
	}
}

// TestLineReaderLongLines reads lines longer than any buffer size.
func TestLineReaderLongLines(t *testing.T) {
	long := strings.Repeat("あ", 100000)
	in := long + "\r\n" + long + "\r" + long
	lr := newLineReader(strings.NewReader(in), Options{})
	got, err := readAllLines(t, lr)
	if err != io.EOF || len(got) != 3 {
		t.Fatalf("%d lines, %v", len(got), err)
	}
	for i, g := range got {
		if g.text != long {
			t.Errorf("line %d: %d bytes, want %d", i+1, len(g.text), len(long))
		}
	}
	if got[2].offset != int64(2*len(long)+3) {
		t.Errorf("offset of line 3: %d", got[2].offset)
	}
}

func BenchmarkLineReader(b *testing.B) {
	for _, nl := range []string{"\n", "\r\n"} {
		name := map[string]string{"\n": "LF", "\r\n": "CRLF"}[nl]
		var sb strings.Builder
		lines := 0
		for sb.Len() < 1<<20 {
			sb.WriteString("+7776FU" + nl + "T12" + nl + "'* a comment line of some length" + nl)
			lines += 3
		}
		text := sb.String()
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			r := strings.NewReader(text)
			cpu := procstat.CPU()
			for b.Loop() {
				r.Reset(text)
				lr := newLineReader(r, Options{})
				for {
					if _, err := lr.readLine(); err != nil {
						break
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
			b.ReportMetric(float64((procstat.CPU()-cpu).Nanoseconds())/float64(b.N)/float64(lines), "cpu-ns/line")
		})
	}
}

// TestLineReaderRandom compares the line reader with a plain splitter on
// random mixes of CR, LF and text read in pieces of every size, so that
// line ends fall on every position relative to the buffer and the reads.
func TestLineReaderRandom(t *testing.T) {
	split := func(s string) []lineWant {
		var out []lineWant
		start, line := 0, 1
		if strings.HasPrefix(s, "\ufeff") {
			start = 3
		}
		for i := start; i < len(s); i++ {
			if c := s[i]; c == '\n' || c == '\r' {
				out = append(out, lineWant{s[start:i], line, int64(start)})
				line++
				if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
					i++
				}
				start = i + 1
			}
		}
		if start < len(s) {
			out = append(out, lineWant{s[start:], line, int64(start)})
		}
		return out
	}
	rng := rand.New(rand.NewPCG(8, 8))
	pieces := []string{"\r", "\n", "\r\n", "a", "bc", "+7776FU", "▲７六歩", "\ufeff"}
	for range 3000 {
		var sb strings.Builder
		for range rng.IntN(30) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(3) == 0 {
			sb.WriteString(strings.Repeat("x", 4090+rng.IntN(20)) + "\r\n\n")
		}
		in := sb.String()
		chunk := 1 + rng.IntN(9)
		lr := newLineReader(&chunkReader{s: in, n: chunk}, Options{})
		got, err := readAllLines(t, lr)
		if want := split(in); err != io.EOF || !slices.Equal(got, want) {
			t.Fatalf("%q in reads of %d: got %+v, %v\nwant %+v", in, chunk, got, err, want)
		}
	}
}

// chunkReader reads s at most n bytes at a time.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}
