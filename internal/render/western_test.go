package render_test

import (
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
)

func TestWesternWrite(t *testing.T) {
	tests := []struct {
		format string
		opt    render.Options
		want   string
	}{
		{"western", render.Options{AllowLoss: true}, `Black: Carol
White: Dave
Handicap: rook+bishop

1... P-6d
2. P-7f P-5d
   {Gote takes the centre.}
   (2... S-6b)
3. P-2f
   (3. P-5f P-5e
       (3... G-3b))
Resigns
`},
		{"western", render.Options{AllowLoss: true, Notation: "hosking"}, `Black: Carol
White: Dave
Handicap: rook+bishop

1... P64
2. P76 P54
   {Gote takes the centre.}
   (2... S62)
3. P26
   (3. P56 P55
       (3... G32))
Resigns
`},
		{"hosking", render.Options{AllowLoss: true, Mainline: true}, `Black: Carol
White: Dave
Handicap: rook+bishop

1... P64
2. P76 P54
   {Gote takes the centre.}
3. P26 Resigns
`},
	}
	for _, tt := range tests {
		t.Run(tt.format+"/"+tt.opt.Notation, func(t *testing.T) {
			var buf bytes.Buffer
			w, err := render.New(tt.format, &buf, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Write(handicapSample(t)); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if got := w.Losses(); len(got) != 1 || got[0] != "times" {
				t.Errorf("losses %v, want [times]", got)
			}
		})
	}
}

// TestWesternSpecExample writes the eight plies of the spec's example
// (../shared/specs/psn-western.md §5) in Hodges and Hosking.
func TestWesternSpecExample(t *testing.T) {
	b := newTextBuilder(t, "")
	b.line(b.rec.Root, "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "6a5b", "4e6c", "5b6c")
	tests := []struct{ format, want string }{
		{"western", "1. P-7f P-3d\n2. Bx2b+ Sx2b\n3. B*4e G6a-5b\n4. Bx6c= Gx6c\n"},
		{"hosking", "1. P76 P34\n2. Bx22+ Sx22\n3. B'45 G61-52\n4. Bx63= Gx63\n"},
		{"kk", "☗歩-76 ☖歩-34\n☗角x22+ ☖銀x\n☗角*45 ☖金(61)-52\n☗角x63= ☖金x\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		w, _ := render.New(tt.format, &buf, render.Options{})
		if err := w.Write(b.rec); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.format, got, tt.want)
		}
	}
}

// TestWesternNumbering checks the pair numbers of starts other than the
// even one: a handicap (White first), and SFEN starts whose move number
// puts Black on even plies.
func TestWesternNumbering(t *testing.T) {
	tests := []struct{ sfen, moves, want string }{
		{"", "7g7f 3c3d 2g2f", "1. P-7f P-3d\n2. P-2f\n"},
		{"4k4/9/9/9/9/9/9/9/4K4 w - 1", "5a4a 5i4i 4a5a", "1... K-4a\n2. K-4i K-5a\n"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 58", "5i4i 5a4a", "30. K-4i K-4a\n"},
		{"4k4/9/9/9/9/9/9/9/4K4 w - 58", "5a4a 5i4i", "29... K-4a\n30. K-4i\n"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 57", "5i4i 5a4a", "29. K-4i K-4a\n"},
	}
	for _, tt := range tests {
		b := newTextBuilder(t, tt.sfen)
		b.line(b.rec.Root, splitFields(tt.moves)...)
		var buf bytes.Buffer
		w := render.NewWestern(&buf, render.Options{})
		if err := w.Write(b.rec); err != nil {
			t.Fatal(err)
		}
		got := buf.String()
		if i := bytes.Index(buf.Bytes(), []byte("\n\n")); i >= 0 {
			got = got[i+2:]
		}
		if got != tt.want {
			t.Errorf("%s %s: got\n%s\nwant\n%s", tt.sfen, tt.moves, got, tt.want)
		}
	}
}

func splitFields(s string) []string {
	var out []string
	for _, f := range bytes.Fields([]byte(s)) {
		out = append(out, string(f))
	}
	return out
}

// TestWesternCommentForms checks the two brace forms of comments: {text}
// for one line with nothing to trim, and the braces on lines of their own
// otherwise, with '}' written as ｝.
func TestWesternCommentForms(t *testing.T) {
	tests := []struct {
		name     string
		comments []string
		want     string
	}{
		{"one line", []string{"A quiet move."}, "   {A quiet move.}\n"},
		{"leading blank", []string{" indented"}, "   {\n    indented\n   }\n"},
		{"trailing ideographic space", []string{"好手\u3000"}, "   {\n   好手\u3000\n   }\n"},
		{"two comments", []string{"one", "two"}, "   {\n   one\n   two\n   }\n"},
		{"line break inside", []string{"one\ntwo"}, "   {\n   one\n   two\n   }\n"},
		{"empty", []string{""}, "   {\n   \n   }\n"},
		{"brace", []string{"a } b"}, "   {a ｝ b}\n"},
		{"brace on a second line", []string{"a", "}"}, "   {\n   a\n   ｝\n   }\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTextBuilder(t, "")
			b.rec.SetComments(b.line(b.rec.Root, "7g7f")[0], tt.comments)
			var buf bytes.Buffer
			w, _ := render.New("western", &buf, render.Options{AllowLoss: true})
			if err := w.Write(b.rec); err != nil {
				t.Fatal(err)
			}
			if got, want := buf.String(), "1. P-7f\n"+tt.want; got != want {
				t.Errorf("got\n%q\nwant\n%q", got, want)
			}
		})
	}
}
