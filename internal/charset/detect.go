package charset

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Detect names the encoding of an input whose first bytes are head; atEOF
// says head is the whole input (otherwise a sequence cut at the end of head
// is not held against an encoding). The order is:
//
//  1. a byte-order mark (UTF-8, UTF-32LE, UTF-32BE, UTF-16LE, UTF-16BE),
//     or, without one, the NUL bytes that ASCII text has in UTF-32 and
//     UTF-16 (UTF-32 is never read as UTF-16);
//  2. a declaration in a comment line near the top: `#KIF version=2.0
//     encoding=UTF-8`, `#KI2 … encoding=…`, CSA V3 `'CSA encoding=…` and
//     Kifu for Windows' CSA `'encoding=Shift_JIS`, unless the bytes
//     contradict it (see below);
//  3. valid UTF-8 (which includes plain ASCII), or UTF-8 with a few bad
//     bytes among many good multibyte characters (so that the error names
//     the line of the bad byte, not the first line of Japanese);
//  4. CP932 or EUC-JP, whichever decodes the bytes into more plausible
//     Japanese text (CP932 on a tie).
//
// The file extension is not consulted: many .kif files are UTF-8.
func Detect(head []byte, atEOF bool) Encoding {
	enc, _, _ := detect(head, atEOF)
	return enc
}

// detect is Detect that also returns the length of the longest prefix of
// head that is valid UTF-8, as far as it has looked (0 after a BOM), and
// whether head is all ASCII.
func detect(head []byte, atEOF bool) (Encoding, int, bool) {
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		return UTF8, 0, false
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}):
		return UTF32LE, 0, false
	case bytes.HasPrefix(head, []byte{0, 0, 0xFE, 0xFF}):
		return UTF32BE, 0, false
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return UTF16LE, 0, false
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return UTF16BE, 0, false
	}
	if enc, ok := wideWithoutBOM(head); ok {
		return enc, 0, false
	}
	n, ascii := validPrefixASCII(head)
	ascii = ascii && n == len(head)
	valid := n == len(head) || !atEOF && n == len(head)-incompleteTail(head)
	if enc, ok := declared(head); ok {
		switch {
		case enc == UTF8 && !valid && cp932Shaped(head, atEOF):
			// Quirk: files converted from UTF-8 to Shift_JIS (by nkf,
			// Shogidokoro's exporter) keep their `#KIF … encoding=UTF-8`
			// line; the bytes decide. Bytes that are not Shift_JIS either
			// are bad UTF-8, as declared, and reported as such.
		case enc != UTF8 && valid && hasMultibyte(head):
			// Quirk: the reverse conversion leaves `encoding=Shift_JIS` on
			// UTF-8 text. Japanese text in CP932 or EUC-JP is practically
			// never valid UTF-8, so valid multibyte UTF-8 wins.
			return UTF8, n, ascii
		default:
			return enc, n, ascii
		}
	}
	if valid || mostlyUTF8(head, n) {
		return UTF8, n, ascii
	}
	// Bytes 0x80-0xA0 other than 0x8E and 0x8F start no EUC-JP character,
	// while every hiragana and most kanji in CP932 begin with one.
	for _, c := range head {
		if c >= 0x80 && c <= 0xA0 && c != 0x8E && c != 0x8F {
			return ShiftJIS, n, false
		}
	}
	// A few KiB of Japanese text tell CP932 from EUC-JP; scoring the whole
	// head would only cost time on every file opened.
	if i := firstNonASCII(head); i > 0 {
		head = head[i:]
	}
	if len(head) > scoreBytes {
		head, atEOF = head[:scoreBytes], false
	}
	if scoreEUCJP(head, atEOF) > scoreCP932(head, atEOF) {
		return EUCJP, n, false
	}
	return ShiftJIS, n, false
}

const scoreBytes = 2 << 10

// sniffBytes is how much of the head the checks for NUL patterns and binary
// content look at.
const sniffBytes = 4 << 10

// wideWithoutBOM recognises UTF-32 and UTF-16 text without a byte-order
// mark by its NUL bytes: in UTF-32 every character has a NUL high byte
// (two for the BMP), in UTF-16 an ASCII character has one. Text in the
// other encodings has no NUL at all.
func wideWithoutBOM(head []byte) (Encoding, bool) {
	if len(head) > sniffBytes {
		head = head[:sniffBytes&^3]
	}
	if len(head) < 4 || bytes.IndexByte(head, 0) < 0 {
		return "", false
	}
	var le32, be32, groups int
	for i := 0; i+4 <= len(head); i += 4 {
		groups++
		if head[i+3] == 0 && head[i+2] <= 0x10 && (head[i] != 0 || head[i+1] != 0) {
			le32++
		}
		if head[i] == 0 && head[i+1] <= 0x10 && (head[i+3] != 0 || head[i+2] != 0) {
			be32++
		}
	}
	switch {
	case 10*le32 >= 9*groups:
		return UTF32LE, true
	case 10*be32 >= 9*groups:
		return UTF32BE, true
	}
	var odd, even int // NULs at odd and at even offsets
	for i, c := range head[:len(head)&^1] {
		if c == 0 {
			if i&1 == 1 {
				odd++
			} else {
				even++
			}
		}
	}
	units := len(head) / 2
	switch {
	case 10*odd >= 3*units && 20*even < units:
		return UTF16LE, true
	case 10*even >= 3*units && 20*odd < units:
		return UTF16BE, true
	}
	return "", false
}

// cp932Shaped reports whether every byte of head over 0x7F has the shape
// of CP932: a lead byte (0x81-0x9F, 0xE0-0xFC) and its trail (0x40-0x7E,
// 0x80-0xFC), or a half-width katakana (0xA1-0xDF); a lead byte cut off
// by the end of a head that is not the end of the input passes.
func cp932Shaped(head []byte, atEOF bool) bool {
	for i := 0; i < len(head); i++ {
		c := head[i]
		switch {
		case c < 0x80, c >= 0xA1 && c <= 0xDF:
		case c >= 0x81 && c <= 0x9F, c >= 0xE0 && c <= 0xFC:
			if i+1 == len(head) {
				return !atEOF
			}
			i++
			if t := head[i]; t < 0x40 || t == 0x7F || t > 0xFC {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// mostlyUTF8 reports whether head, of which the first n bytes are valid
// UTF-8 and the next is not, is UTF-8 text with a few bad bytes: at least
// four valid multibyte characters for each bad byte. Japanese text in CP932
// or EUC-JP makes almost no valid multibyte UTF-8, so the look at it ends
// within a few bad bytes.
func mostlyUTF8(head []byte, n int) bool {
	good, bad := 0, 0
	for _, c := range head[:n] {
		if c >= 0xC0 { // the lead byte of a multibyte character
			good++
		}
	}
	b := head[n:min(len(head), n+sniffBytes)]
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && size <= 1:
			if !utf8.FullRune(b) && len(b) < utf8.UTFMax {
				size = len(b) // cut off by the end of the head
			} else if bad++; good < 4*bad && bad >= 4 {
				return false
			}
			size = max(size, 1)
		case size > 1:
			good++
		}
		b = b[size:]
	}
	return bad > 0 && good >= 4*bad
}

// binaryRatioBytes is how much of the head the share of control bytes is
// measured on; NULs are looked for in all of sniffBytes.
const binaryRatioBytes = 1 << 10

// looksBinary reports whether head, the start of an input in encoding enc,
// is binary rather than text: after a byte-order mark, and outside UTF-16
// and UTF-32, a NUL byte, or more than one byte in twenty that is a control
// character other than tab, line ends, form feed, escape and ^Z (which old
// DOS files end with).
func looksBinary(head []byte, enc Encoding) bool {
	switch enc {
	case UTF16LE, UTF16BE, UTF32LE, UTF32BE:
		return false
	}
	head = head[bomLen(head, enc):]
	if bytes.IndexByte(head[:min(len(head), sniffBytes)], 0) >= 0 {
		return true
	}
	head = head[:min(len(head), binaryRatioBytes)]
	return controlBytes(head)*20 > len(head)
}

// controlBytes counts the bytes of b that binaryControl marks. It takes
// eight bytes at a time and looks up only the bytes below 0x20 and 0x7F
// (in text, its line ends): BenchmarkLooksBinary takes 300 ns rather than
// 660 with a look-up per byte, 2.2×.
func controlBytes(b []byte) int {
	const (
		low7 = 0x7F7F7F7F7F7F7F7F
		high = 0x8080808080808080
	)
	n, i := 0, 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// With t the low seven bits of each byte, a byte's high bit is
		// set in m when the byte is under 0x20 (t+0x60 stays below 0x80)
		// or 0x7F (t+1 reaches 0x80) and its own high bit is clear; no
		// addition carries out of a byte.
		t := x & low7
		m := ((t + 0x0101010101010101) | ^(t + 0x6060606060606060)) &^ x & high
		for ; m != 0; m &= m - 1 {
			n += int(binaryControl[byte(x>>(bits.TrailingZeros64(m)&^7))])
		}
	}
	for _, c := range b[i:] {
		n += int(binaryControl[c])
	}
	return n
}

// binaryControl is 1 for the bytes looksBinary counts.
var binaryControl = func() (t [256]uint8) {
	for c := range t {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1B && c != 0x1A || c == 0x7F {
			t[c] = 1
		}
	}
	return t
}()

func firstNonASCII(b []byte) int {
	for i, c := range b {
		if c >= 0x80 {
			return i
		}
	}
	return len(b)
}

// incompleteTail returns the length of the start of a rune cut off at the
// end of b: at most 3 bytes.
func incompleteTail(b []byte) int {
	for i := 1; i <= 3 && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return i
			}
			break
		}
	}
	return 0
}

// hasMultibyte reports whether b holds a UTF-8 sequence of three or more
// bytes (every kana and kanji is one).
func hasMultibyte(b []byte) bool {
	for _, c := range b {
		if c >= 0xE0 {
			return true
		}
	}
	return false
}

// declared looks for `encoding=NAME` on the comment lines (`#` or `'`) of
// the first 1 KiB and maps NAME to an Encoding.
func declared(head []byte) (Encoding, bool) {
	if len(head) > 1024 {
		head = head[:1024]
	}
	if !hasEncodingKey(head) {
		return "", false // most files: one search instead of one a line
	}
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if len(line) == 0 || (line[0] != '#' && line[0] != '\'') {
			continue
		}
		i := bytes.Index(line, []byte("encoding="))
		if i < 0 {
			continue
		}
		name := line[i+len("encoding="):]
		j := 0
		for j < len(name) && (isAlnum(name[j]) || name[j] == '-' || name[j] == '_') {
			j++
		}
		if enc, ok := Lookup(string(name[:j])); ok {
			return enc, true
		}
	}
	return "", false
}

// hasEncodingKey reports whether b holds "encoding=". It looks for the
// '=', rare in records, rather than for the 'e', common in English text.
func hasEncodingKey(b []byte) bool {
	const key = "encoding"
	for {
		i := bytes.IndexByte(b, '=')
		if i < 0 {
			return false
		}
		if i >= len(key) && string(b[i-len(key):i]) == key {
			return true
		}
		b = b[i+1:]
	}
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Lookup returns the encoding a name commonly given to it stands for
// (UTF-8, utf8, Shift_JIS, SJIS, CP932, Windows-31J, EUC-JP, …), case
// insensitively.
func Lookup(name string) (Encoding, bool) {
	b := []byte(name)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
		if c == '_' {
			b[i] = '-'
		}
	}
	switch string(b) {
	case "utf-8", "utf8":
		return UTF8, true
	case "shift-jis", "shiftjis", "sjis", "cp932", "ms932", "windows-31j", "x-sjis", "shift-jisx0213":
		return ShiftJIS, true
	case "euc-jp", "eucjp", "euc":
		return EUCJP, true
	case "utf-16le":
		return UTF16LE, true
	case "utf-16be":
		return UTF16BE, true
	}
	return "", false
}

// The scores weigh how Japanese text looks when decoded one way: kana and
// common kanji earn points, half-width katakana (which EUC-JP read as CP932
// turns into) earn none, and invalid sequences cost much more than any
// character earns.
const (
	scoreChar    = 1
	scoreCommon  = 2
	scoreInvalid = -8
)

func scoreCP932(b []byte, atEOF bool) int {
	s := 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x80, c >= 0xA1 && c <= 0xDF:
			continue
		case cp932Lead(c) < 0:
			s += scoreInvalid
			continue
		}
		if i+1 >= len(b) {
			if atEOF {
				s += scoreInvalid
			}
			break
		}
		t := b[i+1]
		if t < 0x40 || t > 0xFC || t == 0x7F {
			s += scoreInvalid
			continue
		}
		i++
		s += scoreChar
		switch {
		case c == 0x82 && t >= 0x9F && t <= 0xF1, // hiragana
			c == 0x83 && t <= 0x96, // katakana
			c >= 0x88 && c <= 0x98: // JIS level 1 kanji
			s += scoreCommon
		case c >= 0xF0 && c <= 0xF9: // user-defined area
			s -= scoreChar
		}
	}
	return s
}

func scoreEUCJP(b []byte, atEOF bool) int {
	s := 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x80 {
			continue
		}
		need := 2
		if c == 0x8F {
			need = 3
		}
		if i+need > len(b) {
			if atEOF {
				s += scoreInvalid
			}
			break
		}
		t := b[i+1]
		switch {
		case c == 0x8E:
			if t < 0xA1 || t > 0xDF {
				s += scoreInvalid
				continue
			}
		case c == 0x8F:
			if t < 0xA1 || t > 0xFE || b[i+2] < 0xA1 || b[i+2] > 0xFE {
				s += scoreInvalid
				continue
			}
			s += scoreChar
		case c >= 0xA1 && c <= 0xFE && t >= 0xA1 && t <= 0xFE:
			s += scoreChar
			if c == 0xA4 || c == 0xA5 || (c >= 0xB0 && c <= 0xCF) {
				s += scoreCommon
			}
		default:
			s += scoreInvalid
			continue
		}
		i += need - 1
	}
	return s
}
