package charset

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// fuzzSeeds adds small files of the shared corpus (raw bytes in every
// encoding it has) and of our testdata, read in place.
func fuzzSeeds(f *testing.F, add func([]byte)) {
	_ = f
	for _, dir := range []string{
		"../../../shared/corpus/kif", "../../../shared/corpus/ki2", "../../../shared/corpus/csa",
		"../../testdata/kif", "../../testdata/ki2", "../../testdata/csa", "../../testdata/bad",
	} {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err == nil && len(b) <= 16<<10 {
				add(b)
			}
		}
	}
	for _, s := range []string{
		"", "\xef\xbb\xbf", "\xff\xfe7\x00", "\xfe\xff\x007", "#KIF version=2.0 encoding=UTF-8\n先手：\n",
		"#KIF version=2.0 encoding=Shift_JIS\n\x90\xe6\x8e\xe8\x81\x46\n", "'CSA encoding=UTF-8\nV3.0\n",
		"\x82\xa0\x82\xa2\r\n\x82", "\xa4\xa2\xa4\xa4\n", "\x81", "ab\rcd\r\nef\n\xe3\x81",
		"\x90\xe6\x8e\xe8\x81\x46\n先手：",                                                          // half Shift_JIS, half UTF-8
		"\xff\xfe\x00\x00V\x00\x00\x002\x00\x00\x00", "V\x00\x00\x002\x00\x00\x00\n\x00\x00\x00", // UTF-32LE
		"\x00\x00\xfe\xff\x00\x00\x00V", "V\x002\x00.\x002\x00\n\x00", // UTF-32BE, UTF-16LE without a BOM
		"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "ab\x01\x02\x03\x04\x05\x06\x07\x08", // binary
		"先手：あ\n\xff後手：い\n", // UTF-8 with a bad byte
	} {
		add([]byte(s))
	}
}

// FuzzDecode checks Decode and the streaming Reader on arbitrary bytes:
// neither panics, the text is always valid UTF-8 (valid UTF-8 input loses
// only its BOM), a *DecodeError locates a byte of the input, and the Reader
// gives the text of the whole input decoded in the encoding it chose, up to
// the first bad sequence, where it stops with the same error. The Reader
// decides from the first headSize bytes, so only for shorter inputs must it
// choose what Decode chooses.
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, src []byte) {
		text, enc, err := Decode(src)
		if errors.Is(err, ErrBinary) {
			// The Reader sniffs the same head.
			_, _, rerr := NewReader(iotest.OneByteReader(bytes.NewReader(src)))
			if len(src) < headSize && !errors.Is(rerr, ErrBinary) {
				t.Fatalf("Decode(%q) finds a binary file, NewReader: %v", src, rerr)
			}
			// A NUL in the head, or control bytes in its first KiB.
			head := src[:min(len(src), sniffBytes+4)]
			ctl := bytes.IndexByte(head, 0) >= 0
			for _, c := range head[:min(len(head), binaryRatioBytes+4)] {
				ctl = ctl || c < 0x20 || c == 0x7F
			}
			if !ctl {
				t.Fatalf("Decode(%q): binary with no NUL and no control byte", src)
			}
			return
		}
		if !utf8.Valid(text) {
			t.Fatalf("Decode(%q) as %s gave invalid UTF-8 %q", src, enc, text)
		}
		if err != nil {
			checkDecodeError(t, src, err)
		}
		if enc == UTF8 && err == nil && !bytes.Equal(text, bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))) {
			t.Fatalf("Decode(%q) changed valid UTF-8 into %q", src, text)
		}
		// The streaming reader, fed one byte at a time.
		r, renc, rerr := NewReader(iotest.OneByteReader(bytes.NewReader(src)))
		if rerr != nil {
			if errors.Is(rerr, ErrBinary) && len(src) >= headSize {
				return // the Reader sniffs its head only
			}
			t.Fatalf("NewReader(%q): %v", src, rerr)
		}
		// An input of exactly headSize bytes is not known to end there.
		if len(src) < headSize && renc != enc {
			t.Fatalf("NewReader(%q) detects %s, Decode %s", src, renc, enc)
		}
		got, rerr := readSmall(r)
		// After an ASCII head the choice waits for the first other byte.
		if renc = r.Encoding(); renc != enc {
			text, err = decodeAs(renc, src)
		}
		if !utf8.Valid(got) {
			t.Fatalf("Reader(%q) gave invalid UTF-8 %q", src, got)
		}
		if err == nil {
			if rerr != nil || !bytes.Equal(got, text) {
				t.Fatalf("Reader(%q) as %s = %q, %v; want %q", src, renc, got, rerr, text)
			}
			return
		}
		var de, rde *DecodeError
		errors.As(err, &de)
		if !errors.As(rerr, &rde) || rde.Offset != de.Offset || rde.Line != de.Line || rde.Col != 0 && rde.Col != de.Col {
			t.Fatalf("Reader(%q) as %s: error %v, want %v", src, renc, rerr, err)
		}
		if !bytes.HasPrefix(text, got) {
			t.Fatalf("Reader(%q) = %q, not a prefix of %q", src, got, text)
		}
	})
}

func checkDecodeError(t *testing.T, src []byte, err error) {
	t.Helper()
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("Decode(%q): error %T is not a *DecodeError", src, err)
	}
	if de.Offset < 0 || de.Offset >= int64(len(src)) || de.Line < 1 || de.Col < 1 || len(de.Bytes) == 0 ||
		!bytes.HasPrefix(src[de.Offset:], de.Bytes) {
		t.Fatalf("Decode(%q): bad error %+v", src, de)
	}
}

// decodeAs decodes all of src in enc as Decode does once it has chosen an
// encoding: every bad sequence becomes U+FFFD, and the first is the error.
func decodeAs(enc Encoding, src []byte) ([]byte, error) {
	bom := bomLen(src, enc)
	d := newDecoder(enc)
	out := make([]byte, 4*len(src)+8)
	var text []byte
	var first error
	for off := bom; off < len(src); {
		nDst, nSrc, bad := d.decode(out, src[off:], true)
		text = append(text, out[:nDst]...)
		if bad > 0 {
			if first == nil {
				first = &DecodeError{Encoding: enc, Offset: int64(off + nSrc), Line: countLines(src[bom:off+nSrc]) + 1,
					Col: column(enc, src[bom+lineStart(src[bom:off+nSrc]):off+nSrc])}
			}
			text = utf8.AppendRune(text, utf8.RuneError)
			nSrc += bad
		}
		if nSrc == 0 {
			break
		}
		off += nSrc
	}
	return text, first
}

// readSmall reads r to the end with small, varying buffers, which exercise
// the Reader's handling of characters split across reads.
func readSmall(r io.Reader) ([]byte, error) {
	var out []byte
	buf := make([]byte, 7)
	for i := 0; ; i++ {
		n, err := r.Read(buf[:1+i%len(buf)])
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if i > 1<<20 {
			return out, errors.New("reader does not end")
		}
	}
}

// FuzzEncode checks the output encoder on arbitrary text written in two
// pieces cut anywhere (even inside a character): UTF-8 output is the text
// itself, Shift_JIS output decodes back to the text, CRLF mode turns exactly
// the bare LFs into CRLF, and a character Shift_JIS lacks is an
// *EncodeError naming it, or a substitution when asked for.
func FuzzEncode(f *testing.F) {
	fuzzSeeds(f, func(b []byte) {
		if text, _, err := Decode(b); err == nil {
			f.Add(text, uint16(len(text)/2), false)
		}
	})
	f.Add([]byte("☗７六歩\n☖３四歩\r\n～〜－−①髙﨑ｱ\n"), uint16(2), true)
	f.Add([]byte("😀 and \xff"), uint16(1), false)
	f.Fuzz(func(t *testing.T, text []byte, cut uint16, crlf bool) {
		at := int(cut) % (len(text) + 1)
		for _, enc := range []Encoding{UTF8, ShiftJIS} {
			for _, sub := range []bool{false, true} {
				var out bytes.Buffer
				w := NewWriter(&out, enc, crlf, sub)
				_, err := w.Write(text[:at])
				if err == nil {
					_, err = w.Write(text[at:])
				}
				if err == nil {
					err = w.Close()
				}
				if !utf8.Valid(text) {
					var ee *EncodeError
					if !errors.As(err, &ee) {
						t.Fatalf("%s: invalid UTF-8 %q accepted", enc, text)
					}
					continue
				}
				want := text
				if crlf {
					want = toCRLF(text)
				}
				if err != nil {
					var ee *EncodeError
					if enc != ShiftJIS || sub || !errors.As(err, &ee) || !bytes.ContainsRune(text, ee.Rune) {
						t.Fatalf("%s sub=%v: %q: %v", enc, sub, text, err)
					}
					if ee.Line != bytes.Count(text[:bytes.IndexRune(text, ee.Rune)], []byte("\n"))+1 {
						t.Fatalf("%s: %q: error on line %d", enc, text, ee.Line)
					}
					continue
				}
				got := out.Bytes()
				if enc == ShiftJIS {
					got = decodeAll(t, ShiftJIS, got)
					want = foldJISVariants(want)
				}
				if w.Substitutions() == 0 && !bytes.Equal(got, want) {
					t.Fatalf("%s sub=%v crlf=%v: %q encodes to text %q", enc, sub, crlf, want, got)
				}
			}
		}
	})
}

// foldJISVariants replaces each of jisVariants by the character Shift_JIS
// output reads back as.
func foldJISVariants(b []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if w, ok := jisVariants[r]; ok {
			return w
		}
		return r
	}, b)
}

func toCRLF(b []byte) []byte {
	var out []byte
	for i, c := range b {
		if c == '\n' && (i == 0 || b[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, c)
	}
	return out
}

func decodeAll(t *testing.T, enc Encoding, src []byte) []byte {
	t.Helper()
	d := newDecoder(enc)
	out := make([]byte, 4*len(src)+8)
	nDst, nSrc, bad := d.decode(out, src, true)
	if bad > 0 || nSrc != len(src) {
		t.Fatalf("%s output %q does not decode (%d of %d bytes, %d bad)", enc, src, nSrc, len(src), bad)
	}
	return out[:nDst]
}

// FuzzSniff checks that text written in UTF-32 or UTF-16 with a byte-order
// mark is read back as that text (UTF-32 is never taken for UTF-16, nor
// either for binary), and that whatever Decode calls binary the Reader does.
func FuzzSniff(f *testing.F) {
	f.Add("V2.2\nPI\n+\n+7776FU\n", false)
	f.Add("手合割：平手\n   1 ７六歩(77)\n", true)
	f.Add("\U0001F600 a\x00b", false)
	f.Fuzz(func(t *testing.T, text string, bigEndian bool) {
		if !utf8.ValidString(text) || strings.ContainsRune(text, 0xFEFF) {
			return
		}
		ins := [][]byte{utf32Bytes(text, bigEndian, true)}
		if bigEndian || !strings.HasPrefix(text, "\x00") {
			// FF FE 00 00 is the UTF-32LE byte-order mark, never UTF-16LE
			// text that starts with NUL.
			ins = append(ins, utf16Bytes(text, bigEndian, true))
		}
		for _, in := range ins {
			got, enc, err := Decode(in)
			if err != nil || string(got) != text {
				t.Fatalf("%q as %x: Decode = %q, %s, %v", text, in, got, enc, err)
			}
			r, renc, err := NewReader(bytes.NewReader(in))
			if err != nil || renc != enc {
				t.Fatalf("%q: NewReader: %s, %v; Decode chose %s", text, renc, err, enc)
			}
			if got, err := io.ReadAll(r); err != nil || string(got) != text {
				t.Fatalf("%q: Reader = %q, %v", text, got, err)
			}
		}
	})
}
