package parse

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
)

func TestEscapeControl(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"▲７六歩(77)", "▲７六歩(77)"},
		{"a\tb", "a\tb"},
		{"\x1b[2Jclear", `\x1b[2Jclear`},
		{"nul\x00here", `nul\x00here`},
		{"line\r\nend", `line\r\nend`},
		{"del\x7f", `del\x7f`},
		{"c1\u0085\u009b", `c1\u0085\u009b`},
		{"bad\xff\xfeutf8", `bad\xff\xfeutf8`},
		{"先手：\x07羽生", `先手：\a羽生`},
	} {
		if got := charset.EscapeControl(c.in); got != c.want {
			t.Errorf("charset.EscapeControl(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestErrorEscapes(t *testing.T) {
	e := &Error{Pos: Pos{File: "a\x1b]0;title\x07.kif", Line: 2, Col: 3}, Err: ErrSyntax, Detail: "found \x1b[31m"}
	got := e.Error()
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Fatalf("raw control bytes in %q", got)
	}
	if want := `a\x1b]0;title\a.kif:2:3: syntax error: found \x1b[31m`; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestDisplayCol(t *testing.T) {
	for _, c := range []struct {
		text string
		col  int
		wide bool
		want int
	}{
		{"abc", 3, false, 3},
		{"７六歩", 3, false, 5},
		{"▲７六歩", 2, false, 2},
		{"▲７六歩", 2, true, 3},
		{"\x1bx", 2, false, 5},
		{"\tx", 2, false, 2},
		{"", 1, false, 0},
	} {
		p := Pos{Line: 1, Col: c.col, Text: c.text}
		if got := p.DisplayCol(c.wide); got != c.want {
			t.Errorf("DisplayCol(%q, col %d, wide %v) = %d, want %d", c.text, c.col, c.wide, got, c.want)
		}
	}
}

func TestQuoteText(t *testing.T) {
	long := strings.Repeat("歩", MaxQuote) // 3 bytes each: the cut falls inside one
	got := quoteText([]byte(long))
	if len(got) > MaxQuote || len(got) < MaxQuote-3 || !strings.HasPrefix(long, got) || len(got)%3 != 0 {
		t.Fatalf("quoteText cut %d bytes badly", len(got))
	}
}

func TestErrorListBounded(t *testing.T) {
	var l ErrorList
	for i := range 1_000_000 {
		err := ErrUnknownLine
		if i%2 == 1 {
			err = ErrBadTime
		}
		l.AddWarning(Pos{File: "f", Line: i + 1, Col: 1}, err, "x")
	}
	if len(l) != MaxListed+2 {
		t.Fatalf("list holds %d entries, want %d", len(l), MaxListed+2)
	}
	total := 0
	for i, e := range l {
		if (i >= MaxListed) != (e.Omitted > 0) {
			t.Fatalf("entry %d: omitted %d", i, e.Omitted)
		}
		total += max(e.Omitted, 1)
	}
	if total != 1_000_000 {
		t.Fatalf("the list stands for %d problems, want 1000000", total)
	}
	last := l[len(l)-1]
	if got, want := last.Message(), "499950 more warnings of code bad-time not listed"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if !errors.Is(last, ErrBadTime) {
		t.Fatal("an omitted count does not wrap its sentinel")
	}
	l.Sort()
	if l[len(l)-1].Omitted == 0 {
		t.Fatal("sorting moved the counts before the problems")
	}
}

func TestBounded(t *testing.T) {
	var b Bounded[int]
	for i := range 250 {
		b.Add(i, "a", true)
	}
	b.AddN(0, "b", false, 7)
	if len(b.Listed) != MaxListed || b.Len() != 257 {
		t.Fatalf("listed %d, len %d", len(b.Listed), b.Len())
	}
	if want := []OmittedCount{{"a", true, 150}, {"b", false, 7}}; len(b.Omitted) != 2 || b.Omitted[0] != want[0] || b.Omitted[1] != want[1] {
		t.Fatalf("omitted %v, want %v", b.Omitted, want)
	}
}

func TestLines(t *testing.T) {
	text := "ab\ncd\r\n歩x\n"
	tab := NewLines(1, 0)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			tab.Add(int64(i + 1))
		}
	}
	for _, c := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {7, 3, 1}, {10, 3, 2}} {
		line, start := tab.Line(c.off)
		end := strings.IndexByte(text[start:], '\n')
		p := tab.Position("f", c.off, []byte(text[start:start+int64(end)]))
		if line != c.line || p.Line != c.line || p.Col != c.col {
			t.Errorf("offset %d: %d:%d, want %d:%d", c.off, p.Line, p.Col, c.line, c.col)
		}
	}
	tab.Forget(8)
	if line, _ := tab.Line(9); line != 3 {
		t.Fatalf("after Forget, line %d", line)
	}
	piece := NewLines(41, 1000)
	if line, start := piece.Line(1005); line != 41 || start != 1000 {
		t.Fatalf("piece: line %d start %d", line, start)
	}
}

// Every reader's diagnostics carry the text of their line, taken as it
// went by, and count lines from where a piece starts.
func TestPosText(t *testing.T) {
	for _, c := range []struct {
		format, text, want string
		line               int
	}{
		{"csa", "V2.2\nPI\n+\n+7776FU\nHELLO\x1b\n-3334FU\n", "HELLO\x1b", 5},
		{"kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\nなにか\n", "なにか", 4},
		{"usi", "position startpos moves 7g7f\nposition startpos moves 7g7f zz\n", "position startpos moves 7g7f zz", 2},
	} {
		for _, from := range []int{0, 40} {
			r, _ := New(c.format, strings.NewReader(c.text), Options{Filename: "f", Line: from, Offset: 1000})
			var diags ErrorList
			for {
				_, err := r.Read()
				diags = append(diags, r.Warnings()...)
				if err != nil {
					var e *Error
					if errors.As(err, &e) {
						diags = append(diags, e)
					}
					break
				}
			}
			if len(diags) == 0 {
				t.Fatalf("%s: no diagnostic", c.format)
			}
			p := diags[0].Pos
			if p.Text != c.want || p.Line != c.line+from || p.Offset < 1000 {
				t.Errorf("%s from line %d: %d (offset %d) %q, want %d %q", c.format, from, p.Line, p.Offset, p.Text, c.line+from, c.want)
			}
		}
	}
}

func TestSummary(t *testing.T) {
	text := "手合割：平手\n▲７六歩△３四歩\nまで2手で中断\n"
	r, _ := New("ki2", strings.NewReader(text), Options{})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	p, ok := Summary(r)
	if !ok || p.Line != 3 || p.Text != "まで2手で中断" {
		t.Fatalf("Summary = %+v, %v", p, ok)
	}
	if _, ok := Summary(NewCSA(strings.NewReader("PI\n+\n"), Options{})); ok {
		t.Fatal("a CSA reader has a summary")
	}
}

// TestClipLongValues checks that a message quotes at most a clip of a
// value from the input, cut on a character boundary: a JKF number of a
// million digits gives a message of a few dozen bytes, not a megabyte.
func TestClipLongValues(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("9", 60), strings.Repeat("9", 60)},
		{strings.Repeat("9", 61), strings.Repeat("9", 60) + "…"},
		{strings.Repeat("9", 59) + "歩歩", strings.Repeat("9", 59) + "…"},
	} {
		if got := clip([]byte(tt.in)); got != tt.want {
			t.Errorf("clip(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	in := `{"header": {}, "moves": [{}, {"move": {"color": 0, "to": {"x": ` + strings.Repeat("9", 1_000_000) + `, "y": 6}, "piece": "FU"}}]}`
	_, err := NewJKF(strings.NewReader(in), Options{}).Read()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want *Error", err)
	}
	if msg := e.Error(); len(msg) > 200 || !strings.Contains(msg, "(1000000 characters)") {
		t.Errorf("message of %d bytes: %.300s", len(msg), msg)
	}
}
