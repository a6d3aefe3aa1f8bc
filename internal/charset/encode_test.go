package charset

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestWriterLongRuns checks the encoder where it copies ASCII eight bytes
// at a time: line ends and other characters at every offset of a long
// line, CRs before LFs at the edge of a block, and the line an
// unencodable character is reported on after such runs.
func TestWriterLongRuns(t *testing.T) {
	for _, enc := range []Encoding{UTF8, ShiftJIS} {
		for _, crlf := range []bool{false, true} {
			for off := 0; off < 20; off++ {
				pad := strings.Repeat("x", off)
				in := pad + "\n" + pad + "\r\n" + "abcdefgh" + pad + "歩\n" + pad + "ｱ\r" + pad + "\n"
				want := in
				if crlf {
					want = strings.ReplaceAll(strings.ReplaceAll(in, "\r\n", "\n"), "\n", "\r\n")
				}
				var buf bytes.Buffer
				w := NewWriter(&buf, enc, crlf, false)
				if _, err := w.Write([]byte(in)); err != nil {
					t.Fatalf("%s crlf=%v off %d: %v", enc, crlf, off, err)
				}
				got := buf.Bytes()
				if enc == ShiftJIS {
					got = decodeAll(t, ShiftJIS, got)
				}
				if string(got) != want {
					t.Errorf("%s crlf=%v off %d: got %q, want %q", enc, crlf, off, got, want)
				}
			}
		}
	}
	for off := 0; off < 20; off++ {
		pad := strings.Repeat("y", off)
		in := pad + "\n" + pad + "\r\n" + pad + "歩" + pad + "\n" + pad + "☗"
		var buf bytes.Buffer
		w := NewWriter(&buf, ShiftJIS, true, false)
		n, err := w.Write([]byte(in))
		var ee *EncodeError
		if !errors.As(err, &ee) || ee.Rune != '☗' || ee.Line != 4 {
			t.Fatalf("off %d: %v, want ☗ on line 4", off, err)
		}
		if n != strings.Index(in, "☗") {
			t.Errorf("off %d: %d bytes taken, want %d", off, n, strings.Index(in, "☗"))
		}
	}
}

// TestWriterLineAcrossWrites checks that the line of an error counts the
// lines of earlier Writes, on the UTF-8 pass-through as on the encoder.
func TestWriterLineAcrossWrites(t *testing.T) {
	for _, tt := range []struct {
		enc  Encoding
		crlf bool
		bad  string
	}{
		{UTF8, false, "\xff"},
		{UTF8, true, "\xff"},
		{ShiftJIS, false, "☖"},
		{ShiftJIS, true, "☖"},
	} {
		w := NewWriter(&bytes.Buffer{}, tt.enc, tt.crlf, false)
		for _, chunk := range []string{"a\nb\n", "先手\n", "c" + tt.bad} {
			if _, err := w.Write([]byte(chunk)); err != nil {
				var ee *EncodeError
				if !errors.As(err, &ee) || ee.Line != 4 {
					t.Errorf("%s crlf=%v: %v, want an error on line 4", tt.enc, tt.crlf, err)
				}
			}
		}
		if w.Close() == nil {
			t.Errorf("%s crlf=%v: no error", tt.enc, tt.crlf)
		}
	}
}

// TestWriterNoAllocs checks that encoding allocates nothing once the
// buffer has grown: the CLI writes every record through it.
func TestWriterNoAllocs(t *testing.T) {
	text := []byte(strings.Repeat("   1 ７六歩(77)   ( 0:01/00:00:01)\n*好手\n", 50))
	for _, tt := range []struct {
		enc  Encoding
		crlf bool
	}{{UTF8, false}, {UTF8, true}, {ShiftJIS, false}, {ShiftJIS, true}} {
		w := NewWriter(discard{}, tt.enc, tt.crlf, false)
		if _, err := w.Write(text); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { w.Write(text) }); n != 0 {
			t.Errorf("%s crlf=%v: %v allocations per Write", tt.enc, tt.crlf, n)
		}
	}
}

// TestWriterReset checks that a Writer reset onto another output writes
// what a new one would: the line count, the substitutions, a pending
// partial character and a sticky error of its first output are gone.
func TestWriterReset(t *testing.T) {
	for _, tt := range []struct {
		enc  Encoding
		crlf bool
	}{{UTF8, false}, {UTF8, true}, {ShiftJIS, false}, {ShiftJIS, true}} {
		w := NewWriter(&bytes.Buffer{}, tt.enc, tt.crlf, true)
		w.Write([]byte("a\nb\n☗☗\n\xe6\xad")) // two substitutions (Shift_JIS), a partial 歩
		var fresh, reused bytes.Buffer
		w.Reset(&reused)
		nw := NewWriter(&fresh, tt.enc, tt.crlf, true)
		for _, x := range []*Writer{w, nw} {
			x.Write([]byte("先手\r\n☖\nc"))
			x.Write([]byte("\xff"))
			x.Close()
		}
		if reused.String() != fresh.String() {
			t.Errorf("%s crlf=%v: reset writer wrote %q, a new one %q", tt.enc, tt.crlf, reused.String(), fresh.String())
		}
		if w.Substitutions() != nw.Substitutions() || fmt.Sprint(w.Close()) != fmt.Sprint(nw.Close()) {
			t.Errorf("%s crlf=%v: reset writer has %d substitutions and error %v, a new one %d and %v",
				tt.enc, tt.crlf, w.Substitutions(), w.Close(), nw.Substitutions(), nw.Close())
		}
	}
	w := NewWriter(&bytes.Buffer{}, "latin-1", false, false)
	w.Reset(&bytes.Buffer{})
	if !errors.Is(w.Close(), ErrUnsupported) {
		t.Errorf("reset writer of an unsupported encoding: %v, want ErrUnsupported", w.Close())
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkWriter encodes KIF-like text (about 40 bytes a move, a comment
// now and then) in each output mode the CLI uses.
func BenchmarkWriter(b *testing.B) {
	var text []byte
	for i := 0; i < 120; i++ {
		text = append(text, "  12 ７六歩(77)   ( 0:01/00:00:01)\n"...)
		if i%7 == 0 {
			text = append(text, "*ここで角交換が定跡。\n"...)
		}
	}
	for _, tt := range []struct {
		name string
		enc  Encoding
		crlf bool
	}{{"utf8-lf", UTF8, false}, {"utf8-crlf", UTF8, true}, {"sjis-lf", ShiftJIS, false}, {"sjis-crlf", ShiftJIS, true}} {
		b.Run(tt.name, func(b *testing.B) {
			w := NewWriter(discard{}, tt.enc, tt.crlf, false)
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := w.Write(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
