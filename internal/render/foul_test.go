package render_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
)

// TestWriteFoulKingCapture: a record may keep an illegal move when the
// ending after it (反則勝ち) documents the foul, and such a move can take a
// king — the mover's own or the opponent's. Every writer replays the main
// line, so each must get through that move: a king taken is put in no hand
// (it once indexed past the hand array and panicked the KIF, KI2, PSN,
// Western and KK writers).
func TestWriteFoulKingCapture(t *testing.T) {
	records := []struct{ name, kif string }{
		{"own king taken", "手合割：平手\n手数----指手---------消費時間--\n   1 ５九金(69)\n   2 反則勝ち\n"},
		{"opponent's king taken", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５一角(88)\n   4 反則勝ち\n"},
	}
	for _, r := range records {
		rd, err := parse.New("kif", strings.NewReader(r.kif), parse.Options{Filename: "foul.kif"})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rd.Read()
		if err != nil {
			t.Fatalf("%s: the KIF reader rejects a documented foul: %v", r.name, err)
		}
		for _, f := range render.Formats {
			var buf bytes.Buffer
			w := f.New(&buf, render.Options{AllowLoss: true})
			err := w.Write(rec)
			if err == nil {
				err = w.Flush()
			}
			if err != nil {
				t.Errorf("%s → %s: %v", r.name, f.Name, err)
				continue
			}
			if buf.Len() == 0 && !render.IsTraining(f.Name) { // training data stops before the foul: nothing here
				t.Errorf("%s → %s: empty output", r.name, f.Name)
			}
		}
	}
}
