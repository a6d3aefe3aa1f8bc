package report

import (
	"errors"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

// Diagnostic is one reported problem, printed like a compiler's:
//
//	path:line:col: error: message [code]
//	<the source line>
//	<a caret under the column>
type Diagnostic struct {
	Path     string `json:"-"`
	Line     int    `json:"line"`   // 1-based; 0 when the problem has no line
	Col      int    `json:"column"` // 1-based, in characters; 0 when unknown
	Game     int    `json:"game"`   // 1-based record number in the file; 0 when not about one record
	Ply      int    `json:"ply"`    // the ply concerned; 0 when not about a move
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Source   string `json:"-"` // the source line, quoted under the message when known
	Hint     Hint   `json:"-"` // advice the message ends with, worded by the command line
	Start    bool   `json:"-"` // about the start position (a reader may have said it already)
}

// The severities of a Diagnostic.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityNote    = "note" // said for information: no problem
)

// Hint names the advice a message can end with. The library knows what
// would help; the command line words it with its own flags
// (DiagnosticPrinter.Hints), so that no package below it names a flag.
type Hint uint8

// The hints.
const (
	NoHint         Hint = iota
	HintForce           // an output exists: how to replace it, or leave it
	HintSubstitute      // a character the output encoding lacks
	HintOneGame         // several games for a format that holds one a file
	HintFormat          // the input's format cannot be told: how to name it
	HintStrict          // a problem tolerated: how to refuse it
)

// DiagnosticsFromError turns an error of reading record number game of
// path into diagnostics: positioned ones for reader errors, one with a code
// for the others.
func DiagnosticsFromError(path string, game int, err error) []Diagnostic {
	var ww *parse.WarnedError
	if errors.As(err, &ww) {
		var out []Diagnostic
		for _, w := range ww.Warnings {
			out = append(out, DiagnosticFromParse(path, game, w))
		}
		return append(out, DiagnosticsFromError(path, game, ww.Err)...)
	}
	var list parse.ErrorList
	if errors.As(err, &list) {
		out := make([]Diagnostic, 0, len(list))
		for _, e := range list {
			out = append(out, DiagnosticFromParse(path, game, e))
		}
		return out
	}
	var pe *parse.Error
	if errors.As(err, &pe) {
		return []Diagnostic{DiagnosticFromParse(path, game, pe)}
	}
	d := Diagnostic{Path: path, Game: game, Severity: SeverityError, Code: "error", Message: clipMessage(err.Error())}
	var de *charset.DecodeError
	var ee *charset.EncodeError
	var coded interface{ Code() string }
	var pathErr *fs.PathError
	switch {
	case errors.Is(err, charset.ErrBinary):
		d.Code = "binary"
	case errors.As(err, &de):
		d.Code, d.Line, d.Col = "encoding", de.Line, de.Col
		d.Message = "invalid " + string(de.Encoding) + " byte sequence" + hexBytes(de.Bytes) + " at byte offset " + strconv.FormatInt(de.Offset, 10)
	case errors.As(err, &ee):
		d.Code = "encoding"
		d.Message, d.Hint = "output "+ee.Error(), HintSubstitute
	case errors.As(err, &coded):
		d.Code = coded.Code()
	case errors.As(err, &pathErr):
		d.Code, d.Message = "io", pathErr.Err.Error()
	case errors.Is(err, parse.ErrUndetected):
		d.Code, d.Hint = "unknown-format", HintFormat
	default:
		if c := parse.Code(err); c != "error" {
			d.Code = c
		}
	}
	return []Diagnostic{d}
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

// DiagnosticFromParse turns a reader's positioned problem into a
// diagnostic of record number game of path.
func DiagnosticFromParse(path string, game int, e *parse.Error) Diagnostic {
	d := Diagnostic{Path: path, Line: e.Pos.Line, Col: e.Pos.Col, Game: game, Ply: e.Ply, Severity: SeverityError, Code: e.Code(), Source: e.Pos.Text}
	if e.Warning {
		d.Severity = SeverityWarning
	}
	if e.Omitted > 0 {
		d.Message = clipMessage(e.Message())
		return d
	}
	d.Message = clipMessage(joinMessage(e.Err, e.Detail))
	return d
}

// MaxMessage is the most bytes of a diagnostic's message: one that quotes
// more of its input (a reader should clip what it quotes) is cut there, on
// a character boundary, and ends with "…".
const MaxMessage = 1024

// clipMessage cuts s to MaxMessage bytes.
func clipMessage(s string) string {
	if len(s) <= MaxMessage {
		return s
	}
	n := MaxMessage
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
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

// FindingDiagnostics turns what the library's record checks found
// (shogi.Record.Check) into diagnostics of record number game of path,
// with the line, column and source line of each finding's place when the
// record was read with places (parse.Options.Places; Finding.Place).
func FindingDiagnostics(path string, game int, fs []shogi.Finding) []Diagnostic {
	var out []Diagnostic
	for _, f := range fs {
		out = append(out, Diagnostic{Path: path, Line: f.Place.Line, Col: f.Place.Col, Source: f.Place.Text,
			Game: game, Ply: f.Ply, Severity: f.Severity.String(), Code: f.Code, Message: f.Message, Start: f.Start})
	}
	return out
}

// SummaryDiagnostics compares the KIF or KI2 まで line text, on line of
// path, with the record (shogi.Record.CheckSummary), quoting the line.
func SummaryDiagnostics(path string, line int, text string, rec *shogi.Record) []Diagnostic {
	out := FindingDiagnostics(path, 1, rec.CheckSummary(text))
	for i := range out {
		out[i].Line, out[i].Col, out[i].Source = line, 1, text
	}
	return out
}

// appendHeader appends "path:line:col: severity: message [code]".
func (d *Diagnostic) appendHeader(dst []byte, hints func(Hint) string) []byte {
	dst = append(dst, charset.EscapeControl(d.Path)...)
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
	dst = append(dst, charset.EscapeControl(d.Text(hints))...)
	if d.Code != "" {
		dst = append(dst, " ["...)
		dst = append(dst, d.Code...)
		dst = append(dst, ']')
	}
	return append(dst, '\n')
}

// Text is the diagnostic's message with its hint, as hints words it (nil:
// no hint).
func (d *Diagnostic) Text(hints func(Hint) string) string {
	if d.Hint == NoHint || hints == nil {
		return d.Message
	}
	if h := hints(d.Hint); h != "" {
		return d.Message + " (" + h + ")"
	}
	return d.Message
}

// Write prints the diagnostic without colour; see DiagnosticPrinter.
func (d *Diagnostic) Write(w io.Writer, cond *runewidth.Condition) error {
	_, err := w.Write((&DiagnosticPrinter{Cond: cond}).Append(nil, d))
	return err
}

// WriteDiagnostics writes ds to w, where no flag chose a width rule
// (NarrowCondition).
func WriteDiagnostics(w io.Writer, ds []Diagnostic) {
	for i := range ds {
		ds[i].Write(w, NarrowCondition())
	}
}

// DiagnosticPrinter prints diagnostics: with the source line known, the
// line follows with a caret under the column, placed by display width
// (full-width characters take two columns, ambiguous ones as Cond says)
// and keeping the line's tabs, so that it lines up in any terminal. With
// Color, the severity and the caret are coloured as compilers colour them.
type DiagnosticPrinter struct {
	Cond  *runewidth.Condition
	Color bool
	Hints func(Hint) string // words the hints; nil leaves them out
}

const (
	ansiReset   = "\x1b[0m"
	ansiError   = "\x1b[1;31m"
	ansiWarning = "\x1b[1;35m"
	ansiCaret   = "\x1b[1;32m"
	ansiNote    = "\x1b[1;36m"
)

// Append appends the printed form of d to b.
func (p *DiagnosticPrinter) Append(b []byte, d *Diagnostic) []byte {
	if !p.Color {
		b = d.appendHeader(b, p.Hints)
	} else {
		c := *d
		sev := ansiWarning
		switch d.Severity {
		case SeverityError:
			sev = ansiError
		case SeverityNote:
			sev = ansiNote
		}
		c.Severity = sev + d.Severity + ansiReset
		b = c.appendHeader(b, p.Hints)
	}
	if d.Source != "" {
		src := charset.EscapeControl(d.Source)
		b = append(b, src...)
		b = append(b, '\n')
		if d.Col > 0 {
			// The column in the escaped line: an escape is several characters.
			col := d.Col
			if len(src) != len(d.Source) {
				col = utf8.RuneCountInString(charset.EscapeControl(prefixRunes(d.Source, d.Col-1))) + 1
			}
			b = appendCaret(b, src, col, p.Cond)
			if p.Color {
				caret := len(b) - len("^\n")
				b = append(b[:caret], ansiCaret+"^"+ansiReset+"\n"...)
			}
		}
	}
	return b
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

// NarrowCondition is the width rule for messages printed where no flag
// chose one: ambiguous characters are narrow.
func NarrowCondition() *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = false
	return c
}

// AppendAll appends the diagnostics as p prints them, without the warnings
// when quiet.
func (p *DiagnosticPrinter) AppendAll(b []byte, ds []Diagnostic, quiet bool) []byte {
	for i := range ds {
		if ds[i].Severity != SeverityWarning || !quiet {
			b = p.Append(b, &ds[i])
		}
	}
	return b
}
