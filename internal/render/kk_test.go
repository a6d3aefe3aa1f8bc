package render_test

import (
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
)

func TestKKWrite(t *testing.T) {
	const want = `Black: Carol
White: Dave
Handicap: rook+bishop

☖歩-64
☗歩-76 ☖歩-54
   {Gote takes the centre.}
   (☖銀-62)
☗歩-26
   (☗歩-56 ☖歩-55
       (☖金-32))
Resigns
`
	var buf bytes.Buffer
	w := render.NewKK(&buf, render.Options{AllowLoss: true})
	if err := w.Write(handicapSample(t)); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
