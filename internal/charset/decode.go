package charset

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// A decoder converts one encoding to UTF-8. decode writes into dst what it
// can from src and returns the bytes written and read. It stops when dst
// has no room for the next character, before an incomplete sequence at the
// end of src (unless atEOF, when that sequence is invalid), and at an
// invalid sequence, whose length it returns in bad with nSrc at its start.
type decoder interface {
	decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int)
}

func newDecoder(enc Encoding) decoder {
	switch enc {
	case ShiftJIS:
		return cp932Decoder{cp932Tables()}
	case EUCJP:
		return &eucjpDecoder{t: cp932Tables()}
	case UTF16LE:
		return utf16Decoder{bigEndian: false}
	case UTF16BE:
		return utf16Decoder{bigEndian: true}
	case UTF32LE:
		return utf32Decoder{bigEndian: false}
	case UTF32BE:
		return utf32Decoder{bigEndian: true}
	}
	return utf8Decoder{}
}

// utf8Decoder copies valid UTF-8.
type utf8Decoder struct{}

func (utf8Decoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int) {
	n := min(len(dst), len(src))
	i := validPrefix(src[:n])
	if i < n && (utf8.FullRune(src[i:n]) || n == len(src) && atEOF) {
		bad = 1 // invalid, or cut off by the end of the input
	}
	// Otherwise a character cut off by the end of dst or of what has been
	// read waits for the next call.
	return copy(dst, src[:i]), i, bad
}

// validPrefix returns the length of the longest prefix of b that is valid
// UTF-8. It looks at eight bytes at a time: a run of ASCII goes whole (or
// through asciiPrefix when it is long), and a three-byte character, which
// every kana and kanji is, is checked from the same word (utf8.Valid goes
// byte by byte through the rest of its input after the first of them, as
// in a CSA file with Japanese names in its header).
//
// Kept for speed: BenchmarkReadGenerated/csa (make bench-read) is 1.14×
// with it, under the 1.5× bar; see fastMoves in parse/csa.go for why it
// stays.
func validPrefix(b []byte) int {
	n, _ := validPrefixASCII(b)
	return n
}

// validPrefixASCII is validPrefix that also reports whether that prefix is
// all ASCII.
func validPrefixASCII(b []byte) (n int, ascii bool) {
	i := 0
	ascii = true
	for i <= len(b)-8 {
		// The first byte is taken from w, not loaded again on its own:
		// a second load of it keeps the compiler from making the eight
		// byte loads of Uint64 one.
		w := binary.LittleEndian.Uint64(b[i : i+8])
		if w&0x80 == 0 {
			hi := w & 0x8080808080808080
			if hi == 0 {
				i += 8 + asciiPrefix(b[i+8:])
				continue
			}
			i += bits.TrailingZeros64(hi) >> 3
			continue
		}
		// 1110xxxx 10xxxxxx 10xxxxxx, but neither an overlong form (E0
		// followed by less than A0) nor a surrogate (ED followed by A0 or
		// more): the low four bits of the lead and bit 5 of the second
		// byte tell those.
		if w&0xC0C0F0 == 0x8080E0 {
			if x := w & 0x200F; x != 0 && x != 0x200D {
				ascii = false
				// Kana and kanji come in runs: a second one.
				i += 3
				if w>>24&0xC0C0F0 == 0x8080E0 {
					if x := w >> 24 & 0x200F; x != 0 && x != 0x200D {
						i += 3
					}
				}
				continue
			}
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i, ascii
		}
		ascii = false
		i += size
	}
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		ascii = false
		i += size
	}
	return i, ascii
}

// asciiPrefix returns the length of the run of ASCII bytes at the start of
// b, looking at sixteen bytes at a time.
func asciiPrefix(b []byte) int {
	const high = 0x8080808080808080
	n := len(b)
	for len(b) >= 16 && (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:]))&high == 0 {
		b = b[16:]
	}
	for len(b) >= 8 && binary.LittleEndian.Uint64(b)&high == 0 {
		b = b[8:]
	}
	for len(b) > 0 && b[0] < utf8.RuneSelf {
		b = b[1:]
	}
	return n - len(b)
}

// cp932Decoder decodes CP932 with the tables of cp932Tables.
type cp932Decoder struct{ t *cp932Table }

// decode's eight-byte path is kept for speed: BenchmarkReadGenerated/kif-sjis
// (make bench-read) is 1.16× with it (ki2-sjis 1.07×), under the 1.5× bar;
// see fastMoves in parse/csa.go for why it stays.
func (d cp932Decoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int) {
	utf := &d.t.utf
	for nSrc < len(src) {
		// The fast path, while src has eight bytes and dst room for eight:
		// ASCII eight bytes at a time (runs are short: a move number, a
		// time), other characters through the table of their UTF-8 bytes.
		// Bytes written past what is kept are scratch in dst that the next
		// characters overwrite.
		for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
			// The first byte is taken from w, not loaded again on its own:
			// a second load of it keeps the compiler from making the eight
			// byte loads of Uint64 one.
			w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
			o := (*[8]byte)(dst[nDst : nDst+8])
			if w&0x80 == 0 {
				binary.LittleEndian.PutUint64(o[:], w)
				k := 8
				if hi := w & 0x8080808080808080; hi != 0 {
					k = bits.TrailingZeros64(hi) >> 3
				}
				nSrc += k
				nDst += k
				continue
			}
			v := utf[bits.ReverseBytes16(uint16(w))]
			if v == 0 {
				break // a bad sequence
			}
			binary.LittleEndian.PutUint32(o[:], v)
			ns, nd := v>>28&3, v>>24&3
			if ns == 2 {
				// Kana and kanji come in runs: a second character from
				// the same word.
				if v := utf[bits.ReverseBytes16(uint16(w>>16))]; v != 0 {
					binary.LittleEndian.PutUint32(o[nd:nd+4], v)
					ns += v >> 28 & 3
					nd += v >> 24 & 3
				}
			}
			nSrc += int(ns)
			nDst += int(nd)
		}
		if nSrc == len(src) {
			break
		}
		// One character near the end of src or dst, or off the fast path.
		c := src[nSrc]
		if c < 0x80 {
			if nDst == len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if len(dst)-nDst < 3 {
			return
		}
		o := dst[nDst : nDst+3 : nDst+3]
		if c >= 0xA1 && c <= 0xDF { // half-width katakana, U+FF61-U+FF9F
			v := utf[uint16(c)<<8]
			o[0], o[1], o[2] = byte(v), byte(v>>8), byte(v>>16)
			nDst += 3
			nSrc++
			continue
		}
		if cp932Lead(c) < 0 {
			// Quirk: Windows maps the unassigned bytes 0x80, 0xA0 and
			// 0xFD-0xFF to U+0080 and private-use code points; they never
			// occur in real text and are a sign of a wrong guess, so they
			// are reported.
			return nDst, nSrc, 1
		}
		if nSrc+1 >= len(src) {
			if !atEOF {
				return
			}
			return nDst, nSrc, 1
		}
		tr := src[nSrc+1]
		v := utf[uint16(c)<<8|uint16(tr)]
		if v == 0 {
			if tr < 0x40 || tr > 0xFC || tr == 0x7F {
				return nDst, nSrc, 1
			}
			return nDst, nSrc, 2
		}
		o[0], o[1], o[2] = byte(v), byte(v>>8), byte(v>>16)
		nDst += int(v >> 24 & 3)
		nSrc += 2
	}
	return
}

// cp932Lead returns the row of lead byte c in the decoding table, or -1.
func cp932Lead(c byte) int {
	switch {
	case c >= 0x81 && c <= 0x9F:
		return int(c - 0x81)
	case c >= 0xE0 && c <= 0xFC:
		return int(c-0xE0) + 31
	}
	return -1
}

// cp932Table holds the CP932 mapping both ways: dec by lead row and trail
// byte (0 = unassigned), enc by BMP code point (0 = not encodable). The
// decoder's own form of dec is utf, indexed by the first two bytes of a
// character (lead<<8 | trail): the character's UTF-8 bytes in the low three
// bytes, their count in bits 24-26 and the count of CP932 bytes it takes in
// bits 28-29; 0 for an unassigned code, a byte that is no trail byte, and a
// first byte that starts no character. A half-width katakana, one byte,
// fills the whole row of its byte, whatever follows it.
type cp932Table struct {
	dec [60 * 189]uint16
	enc [1 << 16]uint16
	utf [1 << 16]uint32
}

// cp932Tables builds the tables once, on first use, from the JIS X 0208
// index of golang.org/x/text (the WHATWG index, which includes NEC row 13
// and the IBM extensions with Windows' mappings) and fixes up where that
// differs from Windows:
//   - the user-defined area 0xF040-0xF9FC decodes to U+E000-U+E757 (x/text
//     gives U+FFFD);
//   - a character in both the NEC-selected IBM rows (0xED40-0xEEFC) and the
//     IBM extension (0xFA40-0xFC4B) is encoded as the latter, as Windows
//     does (x/text writes the former).
var cp932Tables = sync.OnceValue(func() *cp932Table {
	t := new(cp932Table)
	d := japanese.ShiftJIS.NewDecoder()
	var out [8]byte
	for li := 0; li < 60; li++ {
		lead := byte(0x81 + li)
		if li >= 31 {
			lead = byte(0xE0 + li - 31)
		}
		for tr := 0x40; tr <= 0xFC; tr++ {
			if tr == 0x7F {
				continue
			}
			var r rune
			if lead >= 0xF0 && lead <= 0xF9 {
				p := int(lead-0xC1)*188 + tr - 0x40
				if tr > 0x7F {
					p--
				}
				r = rune(0xE000 + p - 8836)
			} else {
				d.Reset()
				n, _, err := d.Transform(out[:], []byte{lead, byte(tr)}, true)
				if err != nil {
					continue
				}
				r, _ = utf8.DecodeRune(out[:n])
				if r == utf8.RuneError || utf8.RuneLen(r) != n || r < 0x80 {
					continue // an invalid pair, or lead and trail read as two characters
				}
			}
			t.dec[li*189+tr-0x40] = uint16(r)
			nec := lead == 0xED || lead == 0xEE
			if !nec && t.enc[r] == 0 {
				t.enc[r] = uint16(lead)<<8 | uint16(tr)
			}
		}
	}
	utf := func(r rune, size int) uint32 {
		var b [4]byte
		n := utf8.EncodeRune(b[:], r)
		b[3] = byte(size<<4 | n)
		return binary.LittleEndian.Uint32(b[:])
	}
	for li := 0; li < 60; li++ {
		lead := 0x81 + li
		if li >= 31 {
			lead = 0xE0 + li - 31
		}
		for tr := 0x40; tr <= 0xFC; tr++ {
			if r := t.dec[li*189+tr-0x40]; r != 0 {
				t.utf[lead<<8|tr] = utf(rune(r), 2)
			}
		}
	}
	for c := 0xA1; c <= 0xDF; c++ {
		v := utf(rune(0xFF61-0xA1+c), 1)
		for tr := range 256 {
			t.utf[c<<8|tr] = v
		}
	}
	// The NEC-selected IBM rows decode but are written as the IBM extension
	// (above); a character only in those rows would still be encodable.
	for li := 0xED - 0xE0 + 31; li <= 0xEE-0xE0+31; li++ {
		for tr := 0x40; tr <= 0xFC; tr++ {
			if r := t.dec[li*189+tr-0x40]; r != 0 && t.enc[r] == 0 {
				t.enc[r] = uint16(0xE0+li-31)<<8 | uint16(tr)
			}
		}
	}
	for r, win := range jisVariants {
		if t.enc[r] == 0 {
			t.enc[r] = t.enc[win]
		}
	}
	return t
})

// jisVariants maps the seven JIS X 0208 characters that Unicode's JIS
// mapping (JIS, EUC-JP, Mac) and Windows' CP932 put at different code
// points to the one CP932 decodes the same code to: they are written with
// that code (〜 U+301C as 0x8160, which Windows reads as ～ U+FF5E), as
// Windows' own converter writes them. x/text's index has only the CP932
// side. Reading is not changed: 0x8160 is still read as ～.
var jisVariants = map[rune]rune{
	'〜': '～', // U+301C WAVE DASH → U+FF5E, 0x8160
	'‖': '∥', // U+2016 DOUBLE VERTICAL LINE → U+2225, 0x8161
	'−': '－', // U+2212 MINUS SIGN → U+FF0D, 0x817C
	'¢': '￠', // U+00A2 → U+FFE0, 0x8191
	'£': '￡', // U+00A3 → U+FFE1, 0x8192
	'¬': '￢', // U+00AC → U+FFE2, 0x81CA
	'—': '―', // U+2014 EM DASH → U+2015, 0x815C
}

// eucjpDecoder decodes EUC-JP: JIS X 0208 through the CP932 table (the
// same JIS index, NEC row 13 included), half-width katakana, and JIS X 0212
// through golang.org/x/text.
type eucjpDecoder struct {
	t  *cp932Table
	x  transform.Transformer
	xo [8]byte
}

func (d *eucjpDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		need := 2
		if c == 0x8F {
			need = 3
		}
		if nSrc+need > len(src) {
			if !atEOF {
				return
			}
			return nDst, nSrc, len(src) - nSrc
		}
		if nDst+4 > len(dst) {
			return
		}
		var r rune
		b1 := src[nSrc+1]
		switch {
		case c == 0x8E:
			if b1 < 0xA1 || b1 > 0xDF {
				return nDst, nSrc, 1
			}
			r = rune(0xFF61-0xA1) + rune(b1)
		case c == 0x8F:
			if d.x == nil {
				d.x = japanese.EUCJP.NewDecoder()
			}
			d.x.Reset()
			n, _, err := d.x.Transform(d.xo[:], src[nSrc:nSrc+3], true)
			if err == nil {
				r, _ = utf8.DecodeRune(d.xo[:n])
			}
			if err != nil || r == utf8.RuneError {
				return nDst, nSrc, 3
			}
		case c >= 0xA1 && c <= 0xFE && b1 >= 0xA1 && b1 <= 0xFE:
			row, col := int(c-0xA0), int(b1-0xA0)
			lead := (row+1)/2 + 0x80
			if row > 62 {
				lead = (row+1)/2 + 0xC0
			}
			var tr int
			if row%2 == 1 {
				tr = col + 0x3F
				if col > 63 {
					tr++
				}
			} else {
				tr = col + 0x9E
			}
			if li := cp932Lead(byte(lead)); li >= 0 && lead <= 0xFC {
				r = rune(d.t.dec[li*189+tr-0x40])
			}
			if r == 0 || (lead >= 0xF0 && lead <= 0xF9) {
				return nDst, nSrc, 2
			}
		default:
			return nDst, nSrc, 1
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += need
	}
	return
}

// utf16Decoder decodes UTF-16 without its byte-order mark.
type utf16Decoder struct{ bigEndian bool }

func (d utf16Decoder) unit(b []byte) rune {
	if d.bigEndian {
		return rune(b[0])<<8 | rune(b[1])
	}
	return rune(b[1])<<8 | rune(b[0])
}

func (d utf16Decoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int) {
	for nSrc < len(src) {
		if nSrc+2 > len(src) {
			if atEOF {
				return nDst, nSrc, len(src) - nSrc
			}
			return
		}
		r := d.unit(src[nSrc:])
		n := 2
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if nSrc+4 > len(src) {
				if atEOF {
					return nDst, nSrc, len(src) - nSrc
				}
				return
			}
			r2 := d.unit(src[nSrc+2:])
			if r2 < 0xDC00 || r2 >= 0xE000 {
				return nDst, nSrc, 2
			}
			r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
			n = 4
		case r >= 0xDC00 && r < 0xE000:
			return nDst, nSrc, 2
		}
		if nDst+utf8.RuneLen(r) > len(dst) {
			return
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += n
	}
	return
}

// utf32Decoder decodes UTF-32 without its byte-order mark.
type utf32Decoder struct{ bigEndian bool }

func (d utf32Decoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc, bad int) {
	for nSrc < len(src) {
		if nSrc+4 > len(src) {
			if atEOF {
				return nDst, nSrc, len(src) - nSrc
			}
			return
		}
		b := src[nSrc : nSrc+4]
		r := rune(b[3])<<24 | rune(b[2])<<16 | rune(b[1])<<8 | rune(b[0])
		if d.bigEndian {
			r = rune(b[0])<<24 | rune(b[1])<<16 | rune(b[2])<<8 | rune(b[3])
		}
		if !utf8.ValidRune(r) {
			return nDst, nSrc, 4
		}
		if nDst+utf8.RuneLen(r) > len(dst) {
			return
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += 4
	}
	return
}
