package main

import (
	"errors"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/mattn/go-runewidth"
)

// diag is one reported problem, printed like a compiler's:
//
//	path:line:col: error: message [code]
//	<the source line>
//	<a caret under the column>
type diag struct {
	Path     string `json:"-"`
	Line     int    `json:"line"`   // 1-based; 0 when the problem has no line
	Col      int    `json:"column"` // 1-based, in characters; 0 when unknown
	Game     int    `json:"game"`   // 1-based record number in the file; 0 when not about one record
	Ply      int    `json:"ply"`    // the ply concerned; 0 when not about a move
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	source   string // the source line, quoted under the message when known
	start    bool   // about the start position (a reader may have said it already)
}

const (
	sevError   = "error"
	sevWarning = "warning"
)

// diagsFromError turns an error of reading input number game of path into
// diagnostics: positioned ones for reader errors, one with a code for the
// others.
func diagsFromError(path string, game int, err error) []diag {
	var ww *parse.WarnedError
	if errors.As(err, &ww) {
		var out []diag
		for _, w := range ww.Warnings {
			out = append(out, diagFromParse(path, game, w))
		}
		return append(out, diagsFromError(path, game, ww.Err)...)
	}
	var list parse.ErrorList
	if errors.As(err, &list) {
		out := make([]diag, 0, len(list))
		for _, e := range list {
			out = append(out, diagFromParse(path, game, e))
		}
		return out
	}
	var pe *parse.Error
	if errors.As(err, &pe) {
		return []diag{diagFromParse(path, game, pe)}
	}
	d := diag{Path: path, Game: game, Severity: sevError, Code: "error", Message: err.Error()}
	var de *charset.DecodeError
	var ee *charset.EncodeError
	var le *render.LossError
	var pathErr *fs.PathError
	switch {
	case errors.Is(err, charset.ErrBinary):
		d.Code = "binary"
	case errors.As(err, &de):
		d.Code, d.Line, d.Col = "encoding", de.Line, de.Col
		d.Message = "invalid " + string(de.Encoding) + " byte sequence" + hexBytes(de.Bytes) + " at byte offset " + strconv.FormatInt(de.Offset, 10)
	case errors.As(err, &ee):
		d.Code = "encoding"
		d.Message = "output " + ee.Error() + " (use --encoding utf-8, or let --substitute replace it)"
	case errors.As(err, &le):
		d.Code = "lossy"
	case errors.Is(err, errUnknownFormat):
		d.Code = "unknown-format"
	case errors.As(err, &pathErr):
		d.Code, d.Message = "io", pathErr.Err.Error()
	default:
		if c := parse.Code(err); c != "error" {
			d.Code = c
		}
	}
	return []diag{d}
}

func hexBytes(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		s.WriteString(" 0x")
		if c < 0x10 {
			s.WriteByte('0')
		}
		s.WriteString(strconv.FormatUint(uint64(c), 16))
	}
	return s.String()
}

func diagFromParse(path string, game int, e *parse.Error) diag {
	d := diag{Path: path, Line: e.Pos.Line, Col: e.Pos.Col, Game: game, Ply: e.Ply, Severity: sevError, Code: e.Code(), source: e.Pos.Text}
	if e.Warning {
		d.Severity = sevWarning
	}
	if e.Omitted > 0 {
		d.Message = e.Message()
		return d
	}
	d.Message = joinMessage(e.Err, e.Detail)
	return d
}

// joinMessage joins a sentinel's text and the detail a reader gave,
// saying nothing twice: a detail that ends with (or is) the sentinel's text
// loses that copy, as in "ply 1 ７二金(61): the piece on the origin square
// belongs to the opponent".
func joinMessage(err error, detail string) string {
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	if msg != "" {
		detail = strings.TrimSuffix(strings.TrimSuffix(detail, msg), ": ")
		if strings.HasPrefix(detail, msg) {
			detail = strings.TrimPrefix(strings.TrimPrefix(detail, msg), ": ")
		}
		detail = strings.Replace(detail, ": "+msg+": ", ": ", 1)
	}
	switch {
	case detail == "":
		return msg
	case msg == "":
		return detail
	case strings.HasPrefix(detail, "at "):
		return msg + " " + detail
	}
	return msg + ": " + detail
}

// appendHeader appends "path:line:col: severity: message [code]".
func (d *diag) appendHeader(dst []byte) []byte {
	dst = append(dst, parse.EscapeControl(d.Path)...)
	if d.Line > 0 {
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(d.Line), 10)
		if d.Col > 0 {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(d.Col), 10)
		}
	}
	dst = append(dst, ": "...)
	dst = append(dst, d.Severity...)
	dst = append(dst, ": "...)
	dst = append(dst, parse.EscapeControl(d.Message)...)
	if d.Code != "" {
		dst = append(dst, " ["...)
		dst = append(dst, d.Code...)
		dst = append(dst, ']')
	}
	return append(dst, '\n')
}

// write prints the diagnostic without colour; see diagPrinter.
func (d *diag) write(w io.Writer, cond *runewidth.Condition) error {
	_, err := w.Write((&diagPrinter{cond: cond}).append(nil, d))
	return err
}

// diagPrinter prints diagnostics: with the source line known, the line
// follows with a caret under the column, placed by display width (full-width
// characters take two columns, ambiguous ones as cond says) and keeping the
// line's tabs, so that it lines up in any terminal. With color, the severity
// and the caret are coloured as compilers colour them.
type diagPrinter struct {
	cond  *runewidth.Condition
	color bool
}

const (
	ansiError   = "\x1b[1;31m"
	ansiWarning = "\x1b[1;35m"
	ansiCaret   = "\x1b[1;32m"
	ansiReset   = "\x1b[0m"
)

func (p *diagPrinter) append(b []byte, d *diag) []byte {
	if !p.color {
		b = d.appendHeader(b)
	} else {
		c := *d
		sev := ansiWarning
		if d.Severity == sevError {
			sev = ansiError
		}
		c.Severity = sev + d.Severity + ansiReset
		b = c.appendHeader(b)
	}
	if d.source != "" {
		src := parse.EscapeControl(d.source)
		b = append(b, src...)
		b = append(b, '\n')
		if d.Col > 0 {
			// The column in the escaped line: an escape is several characters.
			col := d.Col
			if len(src) != len(d.source) {
				col = utf8.RuneCountInString(parse.EscapeControl(prefixRunes(d.source, d.Col-1))) + 1
			}
			b = appendCaret(b, src, col, p.cond)
			if p.color {
				caret := len(b) - len("^\n")
				b = append(b[:caret], ansiCaret+"^"+ansiReset+"\n"...)
			}
		}
	}
	return b
}

// colorChoice says whether to colour what goes to w: flag is auto, always
// or never; auto colours a terminal unless NO_COLOR is set or TERM is dumb.
func colorChoice(e env, flag string, w any) (bool, error) {
	switch flag {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb" && e.isTerminal(w), nil
	}
	return false, usageErrorf("--color: want auto, always or never, not %q", flag)
}

func appendCaret(dst []byte, line string, col int, cond *runewidth.Condition) []byte {
	i := 1
	for _, r := range line {
		if i >= col {
			break
		}
		i++
		if r == '\t' {
			dst = append(dst, '\t')
			continue
		}
		for n := cond.RuneWidth(r); n > 0; n-- {
			dst = append(dst, ' ')
		}
	}
	return append(dst, "^\n"...)
}

// widthCondition returns the display-width rule: ambiguous-width
// characters (▲ △ ・…) count as two columns when flag says "wide" (or
// RUNEWIDTH_EASTASIAN=1 when the flag is "auto"), as CJK terminals draw
// them.
func widthCondition(flag string, getenv func(string) string) (*runewidth.Condition, error) {
	c := runewidth.NewCondition()
	switch flag {
	case "", "auto":
		v := getenv("RUNEWIDTH_EASTASIAN")
		c.EastAsianWidth = v == "1" || strings.EqualFold(v, "true") || strings.EqualFold(v, "wide")
	case "wide", "2":
		c.EastAsianWidth = true
	case "narrow", "1":
		c.EastAsianWidth = false
	default:
		return nil, usageErrorf("--east-asian-width: want auto, narrow or wide, not %q", flag)
	}
	return c, nil
}

// prefixRunes returns the first n characters of s.
func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// defaultCond is the width rule for messages printed where no flag chose
// one: ambiguous characters are narrow.
func defaultCond() *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = false
	return c
}

// plainFlagError rewords a flag parsing error without the Go text pflag
// puts in it: `invalid argument "abc" for "--ply" flag: strconv.ParseInt:
// parsing "abc": invalid syntax` ends in "want a number".
func plainFlagError(err error) error {
	msg := err.Error()
	i := strings.Index(msg, ": strconv.")
	if i < 0 {
		return err
	}
	want := "a number"
	switch {
	case strings.Contains(msg[i:], "ParseBool"):
		want = "true or false"
	case strings.Contains(msg[i:], "value out of range"):
		want = "a smaller number"
	}
	return errors.New(msg[:i] + ": want " + want)
}
