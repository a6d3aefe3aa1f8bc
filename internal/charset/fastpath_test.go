package charset

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// TestValidPrefix compares the word-at-a-time validPrefix with a rune by
// rune reference on random mixes of ASCII, every kind of UTF-8 sequence and
// broken ones, at every length and alignment.
func TestValidPrefix(t *testing.T) {
	ref := func(b []byte) int {
		i := 0
		for i < len(b) {
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return i
	}
	pieces := [][]byte{
		[]byte("a"), []byte("0:01/"), []byte("encoding=UTF-8 "), []byte("\r\n"), []byte("先"), []byte("手"), []byte("ｶ"), []byte("é"),
		[]byte("😀"), []byte("\u0800"), []byte("\uffff"), []byte("\ud7ff"), []byte("\ue000"),
		{0xE0, 0x9F, 0xBF}, {0xED, 0xA0, 0x80}, {0xE3, 0x81}, {0xE3}, {0x80}, {0xC0, 0x80}, {0xF4, 0x90, 0x80, 0x80},
		{0xFF}, {0xEF, 0xBB, 0xBF},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		var b []byte
		for n := rng.IntN(12); n > 0; n-- {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(4) > 0 {
				p = pieces[rng.IntN(12)] // mostly valid text
			}
			b = append(b, p...)
		}
		n, ascii := validPrefixASCII(b)
		if want := ref(b); n != want {
			t.Fatalf("validPrefix(%q) = %d, want %d", b, n, want)
		}
		if want := asciiPrefix(b[:n]) == n; ascii != want {
			t.Fatalf("validPrefixASCII(%q) says ASCII %v, want %v", b, ascii, want)
		}
	}
	// Every three-byte lead with every second byte, at every offset in
	// the word.
	for lead := 0xE0; lead <= 0xEF; lead++ {
		for second := 0x70; second <= 0xC0; second++ {
			for pad := range 8 {
				b := append(bytes.Repeat([]byte("あ"), pad/3), strings.Repeat("x", pad%3)...)
				b = append(b, byte(lead), byte(second), 0x80, 'y', 'z', 'z', 'z', 'z', 'z', 'z', 'z')
				if got, want := validPrefix(b), ref(b); got != want {
					t.Fatalf("validPrefix(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// cp932Sample returns every code the decoder accepts alone (checked against
// x/text by TestCP932AgainstXText) with runs of ASCII and half-width
// katakana among them, and its text decoded code by code.
func cp932Sample(t *testing.T) (src []byte, text string) {
	d := newDecoder(ShiftJIS)
	one := func(b []byte) (string, bool) {
		out := make([]byte, 8)
		n, m, bad := d.decode(out, b, true)
		return string(out[:n]), bad == 0 && m == len(b)
	}
	var sb strings.Builder
	rng := rand.New(rand.NewPCG(5, 6))
	for lead := 0x81; lead <= 0xFC; lead++ {
		for trail := 0x40; trail <= 0xFC; trail++ {
			b := []byte{byte(lead), byte(trail)}
			s, ok := one(b)
			if !ok {
				continue
			}
			src = append(src, b...)
			sb.WriteString(s)
			switch rng.IntN(6) {
			case 0:
				n := rng.IntN(12)
				src = append(src, strings.Repeat("7", n)...)
				sb.WriteString(strings.Repeat("7", n))
			case 1:
				c := byte(0xA1 + rng.IntN(0xDF-0xA1+1))
				s, _ := one([]byte{c})
				src = append(src, c)
				sb.WriteString(s)
			}
		}
	}
	return src, sb.String()
}

// TestCP932Runs decodes all of cp932Sample at once, where the fast path
// takes most of it, and through the Reader in small pieces, and requires
// the text of the codes decoded one by one.
func TestCP932Runs(t *testing.T) {
	src, text := cp932Sample(t)
	d := newDecoder(ShiftJIS)
	out := make([]byte, 3*len(src))
	n, m, bad := d.decode(out, src, true)
	if bad != 0 || m != len(src) || string(out[:n]) != text {
		t.Fatalf("decode: read %d of %d bytes, bad %d; text equal %v", m, len(src), bad, string(out[:n]) == text)
	}
	// A head that detection takes for Shift_JIS, then the sample.
	in := append([]byte("\x90\xe6\x8e\xe8\x81\x46\n"), src...)
	want := "先手：\n" + text
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"plain": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader, "half": iotest.HalfReader,
	} {
		r, enc, err := NewReader(wrap(bytes.NewReader(in)))
		if err != nil || enc != ShiftJIS {
			t.Fatalf("%s: NewReader: %s, %v", name, enc, err)
		}
		got, err := readSmall(r)
		if err != nil || string(got) != want {
			t.Errorf("%s: %d bytes, %v; want %d bytes", name, len(got), err, len(want))
		}
	}
}

// TestReaderErrorLine puts a bad byte after many lines with every kind of
// line end (the CR of a CRLF often the last byte of a read) and requires
// the line a decoding of the whole gives, whether the input is read in one piece or in
// small ones, and whether the lines before it are ASCII or UTF-8.
func TestReaderErrorLine(t *testing.T) {
	ends := []string{"\n", "\r\n", "\r", "\r\r\n", "\n\r"}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, body := range []string{"+7776FU,T12", "先手：羽生善治"} {
		var sb strings.Builder
		for sb.Len() < 40<<10 {
			sb.WriteString(body[:rng.IntN(len(body)/3)*3])
			sb.WriteString(ends[rng.IntN(len(ends))])
		}
		in := append([]byte(sb.String()), 0xFF, '\n')
		enc := Detect(in[:headSize], false)
		_, want := decodeAs(enc, in)
		var wde *DecodeError
		if !errors.As(want, &wde) || wde.Offset != int64(len(in)-2) {
			t.Fatalf("decoded as %s: %v, want a DecodeError at the end", enc, want)
		}
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"in memory": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader,
			"half": iotest.HalfReader, "stream": func(r io.Reader) io.Reader { return io.MultiReader(r) },
		} {
			r, _, err := NewReader(wrap(bytes.NewReader(in)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = io.ReadAll(r)
			var de *DecodeError
			if !errors.As(err, &de) || de.Line != wde.Line || de.Offset != wde.Offset {
				t.Errorf("%q %s: error %v, want %v", body[:3], name, err, want)
			}
		}
	}
}

// TestReaderReset reads inputs of different sizes and encodings with one
// Reader reset for each, and requires what a new Reader gives.
func TestReaderReset(t *testing.T) {
	big := strings.Repeat("+7776FU\nT12\n", 2000) + "'先手\n"
	inputs := [][]byte{
		[]byte("abc"),
		append([]byte("\x90\xe6\x8e\xe8\x81\x46\r\n"), bytes.Repeat([]byte("\x82\xa0"), 3000)...),
		[]byte(big),
		{0xEF, 0xBB, 0xBF, 'a', '\n'},
		[]byte("先手\n\xff"),
		nil,
		[]byte(strings.Repeat("x", 5000)),
	}
	var reused Reader
	for _, wrap := range []func(io.Reader) io.Reader{
		func(r io.Reader) io.Reader { return r }, iotest.HalfReader,
	} {
		for i, in := range inputs {
			r, wantEnc, err := NewReader(wrap(bytes.NewReader(in)))
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := io.ReadAll(r)
			enc, err := reused.Reset(wrap(bytes.NewReader(in)))
			if err != nil {
				t.Fatal(err)
			}
			got, gotErr := io.ReadAll(&reused)
			if enc != wantEnc || reused.Encoding() != r.Encoding() || !bytes.Equal(got, want) ||
				(gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
				t.Errorf("input %d: Reset gives %s %q %v, NewReader %s %q %v", i, enc, got, gotErr, wantEnc, want, wantErr)
			}
		}
	}
}
