// Package charset detects the encoding of input bytes and transcodes them to
// UTF-8, and encodes UTF-8 output to the target encoding. It sits between the
// raw bytes and the readers in internal/parse, which only ever see UTF-8.
//
// Shift_JIS is always read and written as CP932 (Windows-31J), the variant
// that Kifu for Windows, Kakinoki and every other Windows program write: JIS
// X 0208 with NEC row 13 (①, Ⅸ, ㍉), the NEC-selected and IBM extensions
// (髙, 﨑) and the user-defined area, mapped to Unicode as Windows maps them
// (0x8160 is ～ U+FF5E, not 〜 U+301C).
package charset

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"
)

// Encoding names a character encoding kifconv reads or writes.
type Encoding string

// The encodings kifconv knows.
const (
	UTF8     Encoding = "utf-8"
	ShiftJIS Encoding = "shift_jis" // read and written as CP932 (Windows-31J)
	EUCJP    Encoding = "euc-jp"
	UTF16LE  Encoding = "utf-16le"
	UTF16BE  Encoding = "utf-16be"
	UTF32LE  Encoding = "utf-32le" // read only
	UTF32BE  Encoding = "utf-32be" // read only
)

// ErrBinary is the error of an input that looks binary rather than text:
// NUL bytes, or many other control bytes, in its head once a byte-order
// mark and UTF-16 or UTF-32 are accounted for. The CLI reports it with the
// code "binary".
var ErrBinary = errors.New("binary file, not a record")

// DecodeError reports bytes that are not valid in the encoding the input was
// detected as. Offset, Line and Col locate the first bad byte in the input
// (Line is 1-based, counted in the input's line ends; Col is the 1-based
// character of the line, 0 when the line began too far back to count).
type DecodeError struct {
	Encoding Encoding
	Offset   int64
	Line     int
	Col      int
	Bytes    []byte // the offending sequence, at most 4 bytes
}

func (e *DecodeError) Error() string {
	// Same shape as appendGitHub in report/validate.go: the texts differ
	// (prose "line N, column M" here, ",line=N,col=M" there).
	b := make([]byte, 0, 64)
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(e.Line), 10)
	if e.Col > 0 {
		b = append(b, ", column "...)
		b = strconv.AppendInt(b, int64(e.Col), 10)
	}
	b = append(b, ": invalid "...)
	b = append(b, e.Encoding...)
	b = append(b, " byte sequence"...)
	for _, c := range e.Bytes {
		b = append(b, " 0x"...)
		if c < 0x10 {
			b = append(b, '0')
		}
		b = strconv.AppendUint(b, uint64(c), 16)
	}
	b = append(b, " at byte offset "...)
	b = strconv.AppendInt(b, e.Offset, 10)
	return string(b)
}

// Decode detects the encoding of src (see Detect) and returns its text as
// UTF-8, without a byte-order mark. When some bytes are not valid in the
// detected encoding, each bad sequence becomes U+FFFD in the text and err is
// a *DecodeError naming the first one: the text is still returned, so that a
// lenient caller can go on while a validator rejects the input.
func Decode(src []byte) (text []byte, enc Encoding, err error) {
	enc = Detect(src, true)
	if looksBinary(src, enc) {
		return nil, enc, ErrBinary
	}
	bom := bomLen(src, enc)
	src = src[bom:]
	if enc == UTF8 && utf8.Valid(src) {
		return src, enc, nil
	}
	d := newDecoder(enc)
	out := make([]byte, 0, len(src)+len(src)/2+16)
	var first *DecodeError
	var off int
	for off < len(src) {
		if cap(out)-len(out) < 8 {
			out = append(out[:cap(out)], make([]byte, len(src)-off+64)...)[:len(out)]
		}
		nDst, nSrc, bad := d.decode(out[len(out):cap(out)], src[off:], true)
		out = out[:len(out)+nDst]
		if bad > 0 {
			if first == nil {
				line := countLines(src[:off+nSrc]) + 1
				first = &DecodeError{Encoding: enc, Offset: int64(bom + off + nSrc), Line: line,
					Col:   column(enc, src[lineStart(src[:off+nSrc]):off+nSrc]),
					Bytes: append([]byte(nil), src[off+nSrc:off+nSrc+bad]...)}
			}
			out = utf8.AppendRune(out, utf8.RuneError)
			nSrc += bad
		}
		off += nSrc
		if nSrc == 0 && nDst == 0 && bad == 0 {
			break // cannot happen with atEOF set; guards against a stuck decoder
		}
	}
	if first != nil {
		return out, enc, first
	}
	return out, enc, nil
}

// countLines counts line ends (LF, CRLF or a bare CR) in b.
func countLines(b []byte) int {
	n := 0
	for i, c := range b {
		if c == '\n' || (c == '\r' && (i+1 == len(b) || b[i+1] != '\n')) {
			n++
		}
	}
	return n
}

// lineStart returns the index in b after its last line end.
func lineStart(b []byte) int {
	return bytes.LastIndexAny(b, "\r\n") + 1
}

// column returns the 1-based character at the end of line, the bytes of
// its line before a bad sequence in encoding enc.
func column(enc Encoding, line []byte) int {
	var buf [256]byte
	d := newDecoder(enc)
	col := 1
	for len(line) > 0 {
		nDst, nSrc, bad := d.decode(buf[:], line, true)
		col += utf8.RuneCount(buf[:nDst])
		if bad > 0 {
			col++ // another bad sequence stands for one character
			nSrc += bad
		}
		if nSrc == 0 {
			break
		}
		line = line[nSrc:]
	}
	return col
}

// bomLen returns the length of the byte-order mark of enc at the start of b.
func bomLen(b []byte, enc Encoding) int {
	switch enc {
	case UTF8:
		if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
			return 3
		}
	case UTF16LE:
		if len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE {
			return 2
		}
	case UTF16BE:
		if len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF {
			return 2
		}
	case UTF32LE:
		if len(b) >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0 {
			return 4
		}
	case UTF32BE:
		if len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF {
			return 4
		}
	}
	return 0
}
