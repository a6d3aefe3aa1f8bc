package charset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"slices"
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
// unless substitution was asked for: then ☗☖ become ▲△, anything else '?',
// and Substitutions counts them. The JIS X 0208 characters that Unicode maps
// apart from CP932 (〜 U+301C, − U+2212, …) are written with the code
// Windows gives them (0x8160, 0x817C, …). The first error sticks.
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

// Reset makes w write to out as a new Writer with the same encoding and
// settings would, keeping the buffer it has grown.
func (w *Writer) Reset(out io.Writer) {
	*w = Writer{w: out, enc: w.enc, crlf: w.crlf, substitute: w.substitute, table: w.table, buf: w.buf[:0], line: 1}
	if w.enc != UTF8 && w.table == nil {
		w.err = ErrUnsupported
	}
}

// Substitutions returns how many characters were replaced so far.
func (w *Writer) Substitutions() int { return w.subs }

// substitutes are the stand-ins for characters Shift_JIS lacks: the side
// marks Shift_JIS has for those it does not. (The JIS characters that
// converters other than Windows' map to other code points, 〜 for 0x8160
// among them, are not missing: see jisVariants.)
var substitutes = map[rune]rune{'☗': '▲', '☖': '△', '⛉': '▽', '⛊': '▼'}

// Write encodes p. It returns how many bytes of p were taken; on an error
// the text before the offending character has been written.
//
// UTF-8 output with LF line ends, the common case, is passed to the
// underlying writer as it is once validPrefix (the decoder's check, which
// takes kana and kanji two at a time) has accepted it: no copy. The
// other cases go through encode, which copies runs of ASCII whole and
// looks each other character up in the CP932 table, into a buffer that
// Write keeps: no allocation once the buffer has grown to the size of the
// largest Write.
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
	cut := completeLen(rest)
	if w.enc == UTF8 && len(w.buf) == 0 && validPrefix(rest[:cut]) == cut {
		if err := w.passThrough(rest[:cut]); err != nil {
			return taken, err
		}
		w.npart = copy(w.part[:], rest[cut:])
		return len(p), nil
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

// completeLen returns the length of b without an incomplete UTF-8
// character at its end, which is kept for the next Write.
func completeLen(b []byte) int {
	for i := 1; i <= utf8.UTFMax-1 && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return len(b) - i
			}
			break
		}
	}
	return len(b)
}

// passThrough writes valid UTF-8 text: as it is with LF line ends, with CR
// put before each bare LF otherwise. It counts lines for the error message
// of a later Write.
func (w *Writer) passThrough(s []byte) error {
	if len(s) == 0 {
		return nil
	}
	if !w.crlf {
		w.line += bytes.Count(s, []byte{'\n'})
		if _, err := w.w.Write(s); err != nil {
			w.err = err
			return err
		}
		return nil
	}
	b := slices.Grow(w.buf[:0], len(s)+len(s)/8)
	prevCR := w.prevCR
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			b = append(b, s...)
			prevCR = s[len(s)-1] == '\r'
			break
		}
		b = append(b, s[:i]...)
		if i > 0 {
			prevCR = s[i-1] == '\r'
		}
		if !prevCR {
			b = append(b, '\r')
		}
		b = append(b, '\n')
		prevCR = false
		w.line++
		s = s[i+1:]
	}
	w.prevCR = prevCR
	w.buf = b
	return w.flushBuf()
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

// Eight-byte masks for finding the first LF or non-ASCII byte of a word.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lfs   = 0x0a0a0a0a0a0a0a0a
)

// encode appends the encoding of s to w.buf. On an error it sets
// w.consumed to the number of bytes of s done, the offending character
// excluded.
func (w *Writer) encode(s []byte) error {
	// Neither encoding makes a character longer than its UTF-8 (Shift_JIS
	// takes two bytes for three, one for half-width katakana, '?' for a
	// stand-in), and CRLF adds one byte per LF: with room for twice s and
	// eight bytes of slack, out never needs to grow.
	b := slices.Grow(w.buf, 2*len(s)+8)
	out := b[:cap(b)]
	j := len(b)
	t := w.table
	line := w.line
	var err error
	i := 0
	for i < len(s) {
		// Copy ASCII eight bytes at a time up to the first LF or other
		// character: all eight are stored, and the output index moves on
		// by the bytes that belong.
		for i+8 <= len(s) && j+8 <= len(out) {
			v := binary.LittleEndian.Uint64(s[i:])
			binary.LittleEndian.PutUint64(out[j:], v)
			x := v ^ lfs
			// The lowest set bit is the first byte ≥ 0x80 or LF (the zero
			// byte test can only err above a true zero byte).
			if stop := v&highs | (x-ones)&^x&highs; stop != 0 {
				n := bits.TrailingZeros64(stop) >> 3
				i += n
				j += n
				break
			}
			i += 8
			j += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '\n' {
				if w.crlf && !(i > 0 && s[i-1] == '\r' || i == 0 && w.prevCR) {
					out[j] = '\r'
					j++
				}
				line++
			}
			out[j] = c
			j++
			i++
			continue
		}
		if t != nil {
			// A run of three-byte characters with two-byte codes (kana,
			// kanji, full-width forms), the bulk of Japanese text: one
			// table look-up each.
			for i+2 < len(s) && j+1 < len(out) {
				c0, c1, c2 := s[i], s[i+1], s[i+2]
				if c0&0xF0 != 0xE0 || c1&0xC0 != 0x80 || c2&0xC0 != 0x80 {
					break
				}
				r := uint16(c0&0x0F)<<12 | uint16(c1&0x3F)<<6 | uint16(c2&0x3F)
				code := t.enc[r]
				if code == 0 || r < 0x800 || r >= 0xD800 && r <= 0xDFFF {
					break // no code, or an overlong form or a surrogate: not UTF-8
				}
				out[j], out[j+1] = byte(code>>8), byte(code)
				i += 3
				j += 2
			}
			if i == len(s) || s[i] < utf8.RuneSelf {
				continue
			}
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			err = &EncodeError{Encoding: w.enc, Rune: r, Line: line}
			break
		}
		if t == nil { // UTF-8
			j += copy(out[j:], s[i:i+size])
			i += size
			continue
		}
		if n := putCP932(out[j:], t, r); n > 0 {
			j += n
			i += size
			continue
		}
		if !w.substitute {
			err = &EncodeError{Encoding: w.enc, Rune: r, Line: line}
			break
		}
		w.subs++
		n := 0
		if sub, found := substitutes[r]; found {
			n = putCP932(out[j:], t, sub)
		}
		if n == 0 {
			out[j] = '?'
			n = 1
		}
		j += n
		i += size
	}
	// A CR is only ever a byte of its own, so whether the text done ends
	// with one is whether its last byte is one.
	if i > 0 {
		w.prevCR = s[i-1] == '\r'
	}
	w.buf, w.line, w.consumed = out[:j], line, i
	if err != nil {
		w.err = err
	}
	return err
}

// putCP932 stores the CP932 code of r at the start of dst, which has room
// for two bytes, and returns its length, or 0 when r has none.
func putCP932(dst []byte, t *cp932Table, r rune) int {
	switch {
	case r >= 0xFF61 && r <= 0xFF9F: // half-width katakana
		dst[0] = byte(r - 0xFF61 + 0xA1)
		return 1
	case r > 0xFFFF:
		return 0
	}
	code := t.enc[r]
	if code == 0 {
		return 0
	}
	dst[0], dst[1] = byte(code>>8), byte(code)
	return 2
}
