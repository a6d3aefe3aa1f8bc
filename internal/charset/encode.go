package charset

import (
	"errors"
	"io"
	"strconv"
	"unicode/utf8"
)

// EncodeError reports a character of the output that the target encoding
// cannot hold (☗ or an emoji in Shift_JIS). Line is the 1-based line of the
// output it is on.
type EncodeError struct {
	Encoding Encoding
	Rune     rune // utf8.RuneError for bytes that are not UTF-8
	Line     int
}

func (e *EncodeError) Error() string {
	b := make([]byte, 0, 64)
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(e.Line), 10)
	b = append(b, ": "...)
	if e.Rune == utf8.RuneError {
		b = append(b, "output text is not valid UTF-8"...)
		return string(b)
	}
	b = strconv.AppendQuoteRune(b, e.Rune)
	b = append(b, " (U+"...)
	h := strconv.FormatInt(int64(e.Rune), 16)
	for i := len(h); i < 4; i++ {
		b = append(b, '0')
	}
	for _, c := range []byte(h) {
		if c >= 'a' {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	b = append(b, ") cannot be written in "...)
	b = append(b, e.Encoding...)
	return string(b)
}

// ErrUnsupported is returned by a Writer for an output encoding it cannot
// write.
var ErrUnsupported = errors.New("unsupported output encoding")

// Writer encodes UTF-8 text to an encoding as it is written: UTF-8 is
// passed through, Shift_JIS is written as CP932 (as Windows writes it). With
// crlf set, each LF not already preceded by CR becomes CRLF. A character the
// encoding cannot hold is an *EncodeError naming it and its output line,
// unless substitution was asked for: then ☗☖ become ▲△, 〜 (U+301C)
// becomes ～ (what Windows reads 0x8160 as), anything else '?', and
// Substitutions counts them. The first error sticks.
type Writer struct {
	w          io.Writer
	enc        Encoding
	crlf       bool
	substitute bool
	table      *cp932Table
	buf        []byte
	part       [utf8.UTFMax]byte // an incomplete character at the end of the last Write
	npart      int
	prevCR     bool
	line       int
	subs       int
	consumed   int // bytes of the text being encoded that are done
	err        error
}

// NewWriter returns a Writer to w in enc (UTF8 or ShiftJIS).
func NewWriter(w io.Writer, enc Encoding, crlf bool, substitute bool) *Writer {
	wr := &Writer{w: w, enc: enc, crlf: crlf, substitute: substitute, line: 1}
	switch enc {
	case UTF8:
	case ShiftJIS:
		wr.table = cp932Tables()
	default:
		wr.err = ErrUnsupported
	}
	return wr
}

// Substitutions returns how many characters were replaced so far.
func (w *Writer) Substitutions() int { return w.subs }

// substitutes are the stand-ins for characters Shift_JIS lacks: the side
// marks Shift_JIS has for those it does not, and for the JIS characters that
// converters other than Windows' map to other code points (〜 U+301C for
// 0x8160, which Windows reads as ～ U+FF5E) the character Windows reads.
var substitutes = map[rune]rune{'☗': '▲', '☖': '△', '⛉': '▽', '⛊': '▼',
	'〜': '～', '‖': '∥', '−': '－', '¢': '￠', '£': '￡', '¬': '￢'}

// Write encodes p. It returns how many bytes of p were taken; on an error
// the text before the offending character has been written.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.buf = w.buf[:0]
	taken := 0
	if w.npart > 0 {
		// Complete the character split across Writes.
		var tmp [2 * utf8.UTFMax]byte
		c := append(tmp[:0], w.part[:w.npart]...)
		for taken < len(p) && !utf8.FullRune(c) {
			c = append(c, p[taken])
			taken++
		}
		if !utf8.FullRune(c) {
			w.npart = copy(w.part[:], c)
			return len(p), nil
		}
		w.npart = 0
		if err := w.encode(c); err != nil {
			w.flushBuf()
			return 0, err
		}
	}
	rest := p[taken:]
	// Keep an incomplete character at the end for the next Write.
	cut := len(rest)
	for i := 1; i <= utf8.UTFMax-1 && i <= len(rest); i++ {
		if utf8.RuneStart(rest[len(rest)-i]) {
			if !utf8.FullRune(rest[len(rest)-i:]) {
				cut = len(rest) - i
			}
			break
		}
	}
	err := w.encode(rest[:cut])
	if ferr := w.flushBuf(); err == nil {
		err = ferr
	}
	if err != nil {
		return taken + w.consumed, err
	}
	w.npart = copy(w.part[:], rest[cut:])
	return len(p), nil
}

// Close reports a character left incomplete at the end of the text. It does
// not close the underlying writer.
func (w *Writer) Close() error {
	if w.err == nil && w.npart > 0 {
		w.err = &EncodeError{Encoding: w.enc, Rune: utf8.RuneError, Line: w.line}
	}
	return w.err
}

func (w *Writer) flushBuf() error {
	if len(w.buf) == 0 {
		return w.err
	}
	_, err := w.w.Write(w.buf)
	w.buf = w.buf[:0]
	if err != nil && w.err == nil {
		w.err = err
	}
	return w.err
}

// encode appends the encoding of s to w.buf and sets w.consumed to the
// number of bytes of s done.
func (w *Writer) encode(s []byte) error {
	w.consumed = 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '\n' {
				if w.crlf && !w.prevCR {
					w.buf = append(w.buf, '\r')
				}
				w.line++
			}
			w.prevCR = c == '\r'
			w.buf = append(w.buf, c)
			i++
			w.consumed = i
			continue
		}
		w.prevCR = false
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			w.err = &EncodeError{Encoding: w.enc, Rune: r, Line: w.line}
			return w.err
		}
		switch w.enc {
		case UTF8:
			w.buf = append(w.buf, s[i:i+size]...)
		case ShiftJIS:
			if !w.appendCP932(r) {
				if !w.substitute {
					w.err = &EncodeError{Encoding: w.enc, Rune: r, Line: w.line}
					return w.err
				}
				w.subs++
				if sub, ok := substitutes[r]; ok && w.appendCP932(sub) {
					break
				}
				w.buf = append(w.buf, '?')
			}
		}
		i += size
		w.consumed = i
	}
	return nil
}

// appendCP932 appends the CP932 code of r and reports whether it has one.
func (w *Writer) appendCP932(r rune) bool {
	switch {
	case r >= 0xFF61 && r <= 0xFF9F: // half-width katakana
		w.buf = append(w.buf, byte(r-0xFF61+0xA1))
		return true
	case r > 0xFFFF:
		return false
	}
	code := w.table.enc[r]
	if code == 0 {
		return false
	}
	w.buf = append(w.buf, byte(code>>8), byte(code))
	return true
}
