package charset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding/japanese"
)

// sjis is the CP932 encoding of "先手：▲７六歩" and friends, written out so
// that the tests do not depend on the encoder they test.
var (
	sjisSente   = []byte{0x90, 0xe6, 0x8e, 0xe8, 0x81, 0x46} // 先手：
	sjisMove    = []byte{0x81, 0xa3, 0x82, 0x56, 0x98, 0x5a, 0x95, 0xe0}
	textMove    = "▲７六歩"
	eucjpHirate = []byte{0xbc, 0xea, 0xb9, 0xe7, 0xb3, 0xe4, 0xa1, 0xa7, 0xca, 0xbf, 0xbc, 0xea} // 手合割：平手
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want Encoding
	}{
		{"empty", nil, UTF8},
		{"ascii", []byte("V2.2\nN+alice\n"), UTF8},
		{"utf8", []byte("先手：羽生\n"), UTF8},
		{"utf8 bom", append([]byte{0xEF, 0xBB, 0xBF}, "先手"...), UTF8},
		{"utf16le bom", []byte{0xFF, 0xFE, 0x48, 0x51}, UTF16LE},
		{"utf16be bom", []byte{0xFE, 0xFF, 0x51, 0x48}, UTF16BE},
		{"sjis", append(append([]byte{}, sjisSente...), sjisMove...), ShiftJIS},
		{"eucjp", eucjpHirate, EUCJP},
		{"kif declaration sjis", append([]byte("#KIF version=2.0 encoding=Shift_JIS\n"), sjisMove...), ShiftJIS},
		{"csa v3 declaration", append([]byte("'CSA encoding=SHIFT_JIS\nV3.0\n"), sjisSente...), ShiftJIS},
		{"kfw csa declaration", append([]byte("'encoding=Shift_JIS\n"), sjisSente...), ShiftJIS},
		{"declared eucjp", append([]byte("#KIF version=2.0 encoding=EUC-JP\n"), eucjpHirate...), EUCJP},
		{"declared utf8 but sjis bytes", append([]byte("#KIF version=2.0 encoding=UTF-8\n"), sjisMove...), ShiftJIS},
		{"declared sjis but utf8 text", []byte("#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n"), UTF8},
		{"declared sjis ascii only", []byte("#KIF version=2.0 encoding=Shift_JIS\nabc\n"), ShiftJIS},
		{"ki2 declaration", []byte("#KI2 version=2.0 encoding=UTF-8\n▲７六歩\n"), UTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(tt.in, true); got != tt.want {
				t.Errorf("Detect = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestDetectCutHead(t *testing.T) {
	// A head that ends inside a UTF-8 character is still UTF-8.
	b := []byte("先手：羽生")
	if got := Detect(b[:len(b)-1], false); got != UTF8 {
		t.Errorf("cut UTF-8 head: %s", got)
	}
	if got := Detect(b[:len(b)-1], true); got == UTF8 {
		t.Errorf("truncated UTF-8 at EOF detected as UTF-8")
	}
}

// TestCP932Windows checks the mapping against what Windows
// (MultiByteToWideChar/WideCharToMultiByte with code page 932) does, for the
// characters where CP932 differs from plain Shift_JIS or where
// golang.org/x/text needed fixing up.
func TestCP932Windows(t *testing.T) {
	tests := []struct {
		name  string
		sjis  []byte
		text  string
		round bool // encoding text gives sjis back
	}{
		{"circled one (NEC row 13)", []byte{0x87, 0x40}, "①", true},
		{"roman nine (NEC row 13)", []byte{0x87, 0x5C}, "Ⅸ", true},
		{"wave dash is fullwidth tilde", []byte{0x81, 0x60}, "～", true},
		{"parallel", []byte{0x81, 0x61}, "∥", true},
		{"minus is fullwidth hyphen-minus", []byte{0x81, 0x7C}, "－", true},
		{"cent", []byte{0x81, 0x91}, "￠", true},
		{"pound", []byte{0x81, 0x92}, "￡", true},
		{"not", []byte{0x81, 0xCA}, "￢", true},
		{"fullwidth backslash", []byte{0x81, 0x5F}, "＼", true},
		{"ascii backslash and tilde", []byte{0x5C, 0x7E}, "\\~", true},
		{"because: JIS code preferred over NEC row 13", []byte{0x81, 0xE6}, "∵", true},
		{"NEC row 13 duplicate decodes", []byte{0x87, 0x9A}, "∵", false},
		{"small roman one (IBM extension)", []byte{0xFA, 0x40}, "ⅰ", true},
		{"NEC-selected IBM decodes", []byte{0xEE, 0xEF}, "ⅰ", false},
		{"taka (IBM extension)", []byte{0xFB, 0xFC}, "髙", true},
		{"NEC-selected taka decodes", []byte{0xEE, 0xE0}, "髙", false},
		{"saki (IBM extension)", []byte{0xFA, 0xB1}, "﨑", true},
		{"user-defined area first", []byte{0xF0, 0x40}, "\ue000", true},
		{"user-defined area last", []byte{0xF9, 0xFC}, "\ue757", true},
		{"half-width katakana", []byte{0xB1, 0xDF}, "ｱﾟ", true},
		{"hiragana and kanji", []byte{0x82, 0xA0, 0x8A, 0xBF}, "あ漢", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDecoder(ShiftJIS)
			out := make([]byte, 64)
			n, m, bad := d.decode(out, tt.sjis, true)
			if bad != 0 || m != len(tt.sjis) || string(out[:n]) != tt.text {
				t.Fatalf("decode % x = %q (read %d, bad %d), want %q", tt.sjis, out[:n], m, bad, tt.text)
			}
			if !tt.round {
				return
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, ShiftJIS, false, false)
			if _, err := w.Write([]byte(tt.text)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), tt.sjis) {
				t.Errorf("encode %q = % x, want % x", tt.text, buf.Bytes(), tt.sjis)
			}
		})
	}
}

// TestEncodeJISVariants: the seven JIS X 0208 characters that Unicode's JIS
// mapping puts apart from CP932 are written with the code Windows writes,
// without substitution, and read back as the character Windows reads there.
// x/text's Shift_JIS encoder refuses all seven (checked, so that the table
// is dropped when it learns them).
func TestEncodeJISVariants(t *testing.T) {
	tests := []struct {
		in, back rune
		code     []byte
	}{
		{'〜', '～', []byte{0x81, 0x60}}, // WAVE DASH
		{'‖', '∥', []byte{0x81, 0x61}}, // DOUBLE VERTICAL LINE
		{'−', '－', []byte{0x81, 0x7C}}, // MINUS SIGN
		{'¢', '￠', []byte{0x81, 0x91}},
		{'£', '￡', []byte{0x81, 0x92}},
		{'¬', '￢', []byte{0x81, 0xCA}},
		{'—', '―', []byte{0x81, 0x5C}}, // EM DASH
	}
	if len(tests) != len(jisVariants) {
		t.Fatalf("%d cases for %d variants", len(tests), len(jisVariants))
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("U+%04X", tt.in), func(t *testing.T) {
			var buf bytes.Buffer
			w := NewWriter(&buf, ShiftJIS, false, false)
			if _, err := w.Write([]byte("a" + string(tt.in) + "\n")); err != nil {
				t.Fatal(err)
			}
			want := append(append([]byte("a"), tt.code...), '\n')
			if !bytes.Equal(buf.Bytes(), want) || w.Substitutions() != 0 {
				t.Errorf("got % x with %d substitutions, want % x with none", buf.Bytes(), w.Substitutions(), want)
			}
			if got := decodeAll(t, ShiftJIS, tt.code); string(got) != string(tt.back) {
				t.Errorf("% x reads back as %q, want %q", tt.code, got, tt.back)
			}
			if _, err := japanese.ShiftJIS.NewEncoder().String(string(tt.in)); err == nil {
				t.Errorf("x/text now encodes %q: jisVariants can lose it", tt.in)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		want    string
		enc     Encoding
		errLine int // 0: no error
	}{
		{"utf8 bom stripped", append([]byte{0xEF, 0xBB, 0xBF}, "先手"...), "先手", UTF8, 0},
		{"sjis", append(append(append([]byte{}, sjisSente...), '\n'), sjisMove...), "先手：\n" + textMove, ShiftJIS, 0},
		{"eucjp", eucjpHirate, "手合割：平手", EUCJP, 0},
		{"utf16le", []byte{0xFF, 0xFE, 0x48, 0x51, 0x4B, 0x62, 0x3D, 0xD8, 0x00, 0xDE}, "先手😀", UTF16LE, 0},
		{"utf16be", []byte{0xFE, 0xFF, 0x51, 0x48, 0x62, 0x4B}, "先手", UTF16BE, 0},
		{"sjis bad trail on line 3", append(append([]byte{}, sjisMove...), "\r\n\r\nab\x81\x20"...), textMove + "\r\n\r\nab\ufffd ", ShiftJIS, 3},
		{"sjis truncated at end", append(append([]byte{}, sjisMove...), 0x82), textMove + "\ufffd", ShiftJIS, 1},
		{"sjis unassigned 0xA0", append(append([]byte{}, sjisMove...), '\n', 0xA0), textMove + "\n\ufffd", ShiftJIS, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, enc, err := Decode(tt.in)
			if string(got) != tt.want || enc != tt.enc {
				t.Errorf("Decode = %q, %s; want %q, %s", got, enc, tt.want, tt.enc)
			}
			var de *DecodeError
			if tt.errLine == 0 {
				if err != nil {
					t.Errorf("unexpected error %v", err)
				}
				return
			}
			if !errors.As(err, &de) || de.Line != tt.errLine {
				t.Errorf("error %v, want a DecodeError on line %d", err, tt.errLine)
			}
		})
	}
}

func TestDecodeErrorMessage(t *testing.T) {
	_, _, err := Decode(append(append([]byte{}, sjisMove...), "\nx\x81\x20"...))
	want := "line 2, column 2: invalid shift_jis byte sequence 0x81 at byte offset 10"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// readAll reads r through NewReader with the given wrapper.
func readAll(t *testing.T, in []byte, wrap func(io.Reader) io.Reader) (string, Encoding, error) {
	t.Helper()
	r, enc, err := NewReader(wrap(bytes.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	buf := make([]byte, 3)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return string(out), r.Encoding(), nil
		}
		if err != nil {
			return string(out), enc, err
		}
	}
}

func TestReader(t *testing.T) {
	sjis := bytes.Repeat(append(append(append([]byte{}, sjisSente...), sjisMove...), '\r', '\n'), 5000)
	sjisText := strings.Repeat("先手："+textMove+"\r\n", 5000)
	asciiHead := append(bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz0123\n"), 4000), sjisMove...)
	asciiHeadText := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123\n", 4000) + textMove
	tests := []struct {
		name string
		in   []byte
		want string
		enc  Encoding
	}{
		{"sjis", sjis, sjisText, ShiftJIS},
		{"utf8 bom", append([]byte{0xEF, 0xBB, 0xBF}, sjisText...), sjisText, UTF8},
		{"utf16le", []byte{0xFF, 0xFE, 0x48, 0x51, 0x0A, 0x00}, "先\n", UTF16LE},
		{"sjis after a long ascii head", asciiHead, asciiHeadText, ShiftJIS},
		{"utf8 after a long ascii head", append(bytes.Repeat([]byte("a\n"), 40000), "先手"...), strings.Repeat("a\n", 40000) + "先手", UTF8},
		{"empty", nil, "", UTF8},
	}
	wraps := map[string]func(io.Reader) io.Reader{
		"plain":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
	}
	for _, tt := range tests {
		for wn, wrap := range wraps {
			t.Run(tt.name+"/"+wn, func(t *testing.T) {
				got, enc, err := readAll(t, tt.in, wrap)
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want || enc != tt.enc {
					t.Errorf("got %d bytes %s, want %d bytes %s", len(got), enc, len(tt.want), tt.enc)
				}
			})
		}
	}
}

func TestReaderInvalid(t *testing.T) {
	in := append(bytes.Repeat(append(append([]byte{}, sjisMove...), '\n'), 3), 0x81, 0x0A)
	got, _, err := readAll(t, in, iotest.OneByteReader)
	var de *DecodeError
	if !errors.As(err, &de) || de.Line != 4 || de.Offset != 27 {
		t.Fatalf("error %v, want a DecodeError at line 4 offset 27", err)
	}
	if got != strings.Repeat(textMove+"\n", 3) {
		t.Errorf("text before the error: %q", got)
	}
}

func TestReaderReadError(t *testing.T) {
	boom := errors.New("boom")
	_, _, err := NewReader(iotest.ErrReader(boom))
	if !errors.Is(err, boom) {
		t.Errorf("NewReader error %v, want boom", err)
	}
	r, _, err := NewReader(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if string(b) != "abc" || !errors.Is(err, boom) {
		t.Errorf("ReadAll = %q, %v; want abc, boom", b, err)
	}
}

func TestWriter(t *testing.T) {
	tests := []struct {
		name       string
		enc        Encoding
		crlf, subs bool
		in         string
		want       []byte
		err        string
		nsubs      int
	}{
		{"utf8 lf", UTF8, false, false, "▲７六歩\n☗\n", []byte("▲７六歩\n☗\n"), "", 0},
		{"utf8 crlf", UTF8, true, false, "a\nb\r\nc\n", []byte("a\r\nb\r\nc\r\n"), "", 0},
		{"sjis crlf", ShiftJIS, true, false, "先手：\n" + textMove, append(append(append([]byte{}, sjisSente...), '\r', '\n'), sjisMove...), "", 0},
		{"sjis black mark", ShiftJIS, false, false, "a\nb\n*☗７六歩", []byte("a\nb\n*"), "line 3: '☗' (U+2617) cannot be written in shift_jis", 0},
		{"sjis emoji", ShiftJIS, true, false, "*好手😀\n", []byte{'*', 0x8d, 0x44, 0x8e, 0xe8}, "line 1: '😀' (U+1F600) cannot be written in shift_jis", 0},
		{"sjis substitute", ShiftJIS, false, true, "☗☖😀", []byte{0x81, 0xa3, 0x81, 0xa2, '?'}, "", 3},
		{"invalid utf8", UTF8, false, false, "a\xff", []byte("a"), "line 1: output text is not valid UTF-8", 0},
		{"unsupported", EUCJP, false, false, "a", nil, ErrUnsupported.Error(), 0},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1, 2, 1 << 20} {
			t.Run(tt.name, func(t *testing.T) {
				var buf bytes.Buffer
				w := NewWriter(&buf, tt.enc, tt.crlf, tt.subs)
				var err error
				in := []byte(tt.in)
				for len(in) > 0 && err == nil {
					n := min(chunk, len(in))
					_, err = w.Write(in[:n])
					in = in[n:]
				}
				if err == nil {
					err = w.Close()
				}
				if tt.err == "" && err != nil || tt.err != "" && (err == nil || err.Error() != tt.err) {
					t.Errorf("chunk %d: error %v, want %q", chunk, err, tt.err)
				}
				if !bytes.Equal(buf.Bytes(), tt.want) {
					t.Errorf("chunk %d: wrote % x, want % x", chunk, buf.Bytes(), tt.want)
				}
				if w.Substitutions() != tt.nsubs {
					t.Errorf("substitutions %d, want %d", w.Substitutions(), tt.nsubs)
				}
			})
		}
	}
}

func TestWriterIncompleteAtClose(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, ShiftJIS, false, false)
	if _, err := w.Write([]byte("先")[:2]); err != nil {
		t.Fatal(err)
	}
	var ee *EncodeError
	if err := w.Close(); !errors.As(err, &ee) {
		t.Errorf("Close = %v, want an EncodeError", err)
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]Encoding{"UTF-8": UTF8, "utf8": UTF8, "Shift_JIS": ShiftJIS, "SHIFT_JIS": ShiftJIS,
		"CP932": ShiftJIS, "Windows-31J": ShiftJIS, "EUC-JP": EUCJP} {
		if got, ok := Lookup(name); !ok || got != want {
			t.Errorf("Lookup(%q) = %s, %v", name, got, ok)
		}
	}
	if _, ok := Lookup("latin1"); ok {
		t.Error("Lookup(latin1) succeeded")
	}
}
