package parse

import (
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/mattn/go-runewidth"
)

// Pos is a position in an input: 1-based line and column (in characters of
// the decoded text), with the file name when known, and the text of the
// line, taken while the reader went by it. A diagnostic needs nothing more:
// no input is read a second time to report on it.
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int64  // byte offset of the line start in the decoded text, when known
	Text   string // the line, without its line end, cut at MaxQuote bytes; "" when not kept
}

// MaxQuote bounds the text of a line that a position keeps.
const MaxQuote = 1024

// IsValid reports whether the position has a line number.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "file:line:col", falling back to "line:col", "file" or "-".
// Control characters of the file name are escaped (see EscapeControl).
func (p Pos) String() string {
	s := charset.EscapeControl(p.File)
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += strconv.Itoa(p.Line)
		if p.Col > 0 {
			s += ":" + strconv.Itoa(p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Quote returns the line's text as it can be shown on a terminal: control
// characters escaped.
func (p Pos) Quote() string { return charset.EscapeControl(p.Text) }

// DisplayCol returns the 1-based column of p in display cells of Quote's
// text: full-width characters take two cells, ambiguous ones (▲ △ ・) two
// when eastAsian is set, an escaped byte the width of its escape. It is 0
// when the column or the text is unknown. Tabs count one cell; a caret line
// that copies the tabs of the text lines up in any terminal.
func (p Pos) DisplayCol(eastAsian bool) int {
	if p.Col <= 0 || p.Text == "" {
		return 0
	}
	c := runewidth.NewCondition()
	c.EastAsianWidth = eastAsian
	cells, n := 1, 1
	s := p.Text
	for len(s) > 0 && n < p.Col {
		r, size := utf8.DecodeRuneInString(s)
		switch e := charset.EscapedLen(r, s[:size]); {
		case e > 0:
			cells += e
		case r == '\t':
			cells++
		default:
			cells += c.RuneWidth(r)
		}
		s = s[size:]
		n++
	}
	return cells
}

// quoteText returns line as a position keeps it: cut at MaxQuote bytes, on
// a character boundary.
func quoteText(line []byte) string {
	if len(line) > MaxQuote {
		// Only the bytes quoteLen looks at are made a string: a line may
		// be megabytes long. A shorter line is made one string only.
		line = line[:quoteLen(string(line[:MaxQuote+1]))]
	}
	return string(line)
}

// quoteString is quoteText for text already in a string.
func quoteString(line string) string {
	return line[:quoteLen(line)]
}

// quoteLen returns the length of line cut at MaxQuote bytes, on a character
// boundary.
func quoteLen(line string) int {
	if len(line) <= MaxQuote {
		return len(line)
	}
	n := MaxQuote
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(line[i-1]) {
			if !utf8.FullRuneInString(line[i-1 : n]) {
				n = i - 1
			}
			break
		}
	}
	return n
}

// Lines is a table of line starts, as go/token.File keeps for a Go file, for
// readers that know byte offsets rather than lines (a JSON tokenizer): the
// reader adds each line start as its text goes by, and Position turns an
// offset into a line and column. Forget drops the starts a reader no longer
// needs, so that the table of a stream stays as small as its read-ahead.
type Lines struct {
	first  int     // the number of the line whose start is starts[0]
	starts []int64 // increasing offsets of line starts
}

// NewLines returns a table whose first line, number line, starts at offset.
// Line 1 at offset 0 is the start of an input; a piece of a collection read
// on its own starts where the piece does.
func NewLines(line int, offset int64) *Lines {
	return &Lines{first: line, starts: []int64{offset}}
}

// Add records that a line starts at offset, after the last one added.
func (t *Lines) Add(offset int64) {
	if n := len(t.starts); n > 0 && offset <= t.starts[n-1] {
		return
	}
	t.starts = append(t.starts, offset)
}

// Line returns the number of the line that holds offset and the offset of
// its start; offsets before the first start kept give the first line kept.
func (t *Lines) Line(offset int64) (line int, start int64) {
	i := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > offset }) - 1
	if i < 0 {
		i = 0
	}
	return t.first + i, t.starts[i]
}

// Forget drops the starts of the lines that end before offset.
func (t *Lines) Forget(offset int64) {
	i := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > offset }) - 1
	if i <= 0 {
		return
	}
	n := copy(t.starts, t.starts[i:])
	t.starts = t.starts[:n]
	t.first += i
}

// Position returns the position of byte offset in line text, which starts
// at offset lineStart, with the column counted in characters.
func (t *Lines) Position(file string, offset int64, text []byte) Pos {
	line, start := t.Line(offset)
	i := int(offset - start)
	i = max(0, min(i, len(text)))
	return Pos{File: file, Line: line, Col: utf8.RuneCount(text[:i]) + 1, Offset: start, Text: quoteText(text)}
}

// Summary returns the first まで summary line (まで77手で先手の勝ち) of the
// record a KIF or KI2 reader last read, with its text, for checks that
// compare it with the game; ok is false for other readers and when there
// is none.
func Summary(r Reader) (pos Pos, ok bool) {
	switch r := r.(type) {
	case *KIF:
		pos = r.k.made
	case *KI2:
		pos = r.k.made
	}
	return pos, pos.IsValid()
}

// clip shortens input text quoted in a message to 60 bytes or fewer, cut
// on a character boundary and marked with "…": a message says what was
// found, not all of it (a number may have a million digits).
func clip(s []byte) string {
	const most = 60
	if len(s) <= most {
		return string(s)
	}
	n := most
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return string(s[:n]) + "…"
}
