package render_test

import (
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
)

// TestEncodingGolden writes a short game whose comment holds the seven JIS
// X 0208 characters that Unicode maps apart from CP932 (〜‖−¢£¬—) in each
// format that declares its encoding, encoded as the CLI encodes it, and
// compares the bytes with testdata/render/encoding: the declaration names
// the encoding of the bytes (#KIF version=2.0 encoding=Shift_JIS or UTF-8,
// 'CSA encoding=SHIFT_JIS or UTF-8; KI2 has none), and Shift_JIS output has the
// seven at the codes Windows writes (0x8160 for 〜). The KIF files also hold
// a move that could have promoted and did not, written without 不成.
func TestEncodingGolden(t *testing.T) {
	k := newKakRecord(t, "", "先手", "Alice", "後手", "Bob")
	ms := k.line(k.rec.Root, "7g7f 3c3d 8h2b 3a2b")
	k.rec.SetComments(ms[0], []string{"〜‖−¢£¬—"})
	tests := []struct {
		name, format, encoding string
		opt                    render.Options
	}{
		{"kif.kif", "kif", "", render.Options{}},
		{"kifu.kifu", "kifu", "", render.Options{}},
		{"kif-utf8.kif", "kif", "utf-8", render.Options{}},
		{"ki2.ki2", "ki2", "", render.Options{}},
		{"ki2u.ki2u", "ki2u", "", render.Options{}},
		{"csa30.csa", "csa", "", render.Options{CSAVersion: "3.0"}},
		{"csa30-sjis.csa", "csa", "shift_jis", render.Options{CSAVersion: "3.0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := render.Lookup(tt.format)
			if !ok {
				t.Fatalf("no format %s", tt.format)
			}
			enc, crlf := f.Encoding, f.CRLF
			if tt.encoding != "" {
				enc = tt.encoding
			}
			opt := tt.opt
			opt.AllowLoss, opt.Encoding = true, tt.encoding
			var out bytes.Buffer
			cw := charset.NewWriter(&out, charset.Encoding(enc), crlf, false)
			w := f.New(cw, opt)
			if err := w.Write(k.rec); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := cw.Close(); err != nil {
				t.Fatal(err)
			}
			golden(t, "encoding", tt.name, out.Bytes())
		})
	}
}
