package charset

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

func utf16Bytes(s string, bigEndian, bom bool) []byte {
	var out []byte
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	for _, u := range units {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func utf32Bytes(s string, bigEndian, bom bool) []byte {
	var out []byte
	rs := []rune(s)
	if bom {
		rs = append([]rune{0xFEFF}, rs...)
	}
	for _, r := range rs {
		if bigEndian {
			out = append(out, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
		} else {
			out = append(out, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		}
	}
	return out
}

// TestSniff: UTF-16 and UTF-32, with or without a byte-order mark, are
// told apart (UTF-32 is never read as UTF-16) and decoded; a binary input
// is one ErrBinary, from Decode and from the Reader alike.
func TestSniff(t *testing.T) {
	const kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
	const csa = "V2.2\nN+sente\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n"
	tests := []struct {
		name string
		in   []byte
		enc  Encoding
		text string // "" with binary
	}{
		{"utf-32le with bom", utf32Bytes(kif, false, true), UTF32LE, kif},
		{"utf-32be with bom", utf32Bytes(kif, true, true), UTF32BE, kif},
		{"utf-32le without bom", utf32Bytes(csa, false, false), UTF32LE, csa},
		{"utf-32be without bom", utf32Bytes(kif, true, false), UTF32BE, kif},
		{"utf-16le with bom", utf16Bytes(kif, false, true), UTF16LE, kif},
		{"utf-16be with bom", utf16Bytes(kif, true, true), UTF16BE, kif},
		{"utf-16le without bom", utf16Bytes(csa, false, false), UTF16LE, csa},
		{"utf-16be without bom", utf16Bytes(csa, true, false), UTF16BE, csa},
		{"utf-8 with a ^Z at the end", []byte(csa + "\x1a"), UTF8, csa + "\x1a"},
		{"utf-8 with an escape", []byte("'\x1b[2J\n" + csa), UTF8, "'\x1b[2J\n" + csa},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), "", ""},
		{"a NUL in text", []byte("V2.2\nPI\n+\n+77\x0076FU\n"), "", ""},
		{"control bytes", bytes.Repeat([]byte("ab\x01\x02\x03\x04cd\x05\x06"), 40), "", ""},
		{"utf-8 bom then NULs", append([]byte("\xef\xbb\xbf"), make([]byte, 64)...), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, enc, err := Decode(tt.in)
			r, renc, rerr := NewReader(iotest.OneByteReader(bytes.NewReader(tt.in)))
			if tt.text == "" {
				if !errors.Is(err, ErrBinary) || !errors.Is(rerr, ErrBinary) {
					t.Fatalf("Decode: %v, NewReader: %v; want ErrBinary from both", err, rerr)
				}
				if err.Error() != "binary file, not a record" {
					t.Errorf("message %q", err)
				}
				return
			}
			if err != nil || enc != tt.enc || string(text) != tt.text {
				t.Fatalf("Decode = %q, %s, %v; want %q, %s", text, enc, err, tt.text, tt.enc)
			}
			if rerr != nil || renc != tt.enc {
				t.Fatalf("NewReader: %s, %v; want %s", renc, rerr, tt.enc)
			}
			got, err := readSmall(r)
			if err != nil || string(got) != tt.text {
				t.Fatalf("Reader = %q, %v; want %q", got, err, tt.text)
			}
		})
	}
}

// TestDecodeErrorPosition: an invalid byte is reported on its own line and
// column (issue 16: a bad byte on line 6 of a UTF-8 file was reported on
// line 1, the file being taken for Shift_JIS).
func TestDecodeErrorPosition(t *testing.T) {
	utf8Lines := "開始日時：2020/01/01\n手合割：平手\n先手：あ\n後手：い\n手数----指手---------消費時間--\n"
	tests := []struct {
		name      string
		in        []byte
		enc       Encoding
		line, col int
	}{
		{"utf-8, bad byte on line 6", []byte(utf8Lines + "   1 ７六歩(77) \xff\n   2 ３四歩(33)\n"), UTF8, 6, 14},
		{"utf-8, CRLF", []byte(strings.ReplaceAll(utf8Lines, "\n", "\r\n") + "   1 ７六\xfe歩(77)\r\n"), UTF8, 6, 8},
		{"shift_jis, bad byte on line 3", append([]byte("V2.2\r\n\x90\xe6\x8e\xe8\r\n'"), 0x81, 0x20, '\r', '\n'), ShiftJIS, 3, 2},
		{"after a long first part", []byte(strings.Repeat(utf8Lines, 200) + "x\xff"), UTF8, 1001, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, enc, err := Decode(tt.in)
			var de *DecodeError
			if !errors.As(err, &de) || enc != tt.enc || de.Line != tt.line || de.Col != tt.col {
				t.Fatalf("Decode: %s, %v (%+v); want %s at %d:%d", enc, err, de, tt.enc, tt.line, tt.col)
			}
			r, _, err := NewReader(iotest.OneByteReader(bytes.NewReader(tt.in)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = readSmall(r)
			if !errors.As(err, &de) || de.Line != tt.line || de.Col != tt.col {
				t.Fatalf("Reader: %v (%+v); want %d:%d", err, de, tt.line, tt.col)
			}
		})
	}
}

// TestControlBytes compares controlBytes with a look-up per byte on every
// byte value at every offset of a word, and on random text.
func TestControlBytes(t *testing.T) {
	slow := func(b []byte) int {
		n := 0
		for _, c := range b {
			n += int(binaryControl[c])
		}
		return n
	}
	for c := range 256 {
		for at := range 11 {
			b := bytes.Repeat([]byte{'a'}, 11)
			b[at] = byte(c)
			if got, want := controlBytes(b), slow(b); got != want {
				t.Fatalf("byte %#x at %d: %d, want %d", c, at, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		if got, want := controlBytes(b), slow(b); got != want {
			t.Fatalf("% x: %d, want %d", b, got, want)
		}
	}
}
