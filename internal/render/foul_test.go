package render_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
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
		for _, f := range render.Formats() {
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

// playRecord returns a record from sfen ("" for the even start) along the
// legal USI moves given, then the illegal move foul (when not "") and a
// 反則勝ち for the side to move after it.
func playRecord(t *testing.T, sfen, foul string, moves ...string) *shogi.Record {
	t.Helper()
	k := newKakRecord(t, sfen)
	last := k.rec.Root
	if len(moves) > 0 {
		line := k.line(last, strings.Join(moves, " "))
		last = line[len(line)-1]
	}
	if foul != "" {
		m, err := shogi.ParseUSIMove(foul)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := k.rec.PositionAt(last)
		if err != nil {
			t.Fatal(err)
		}
		if pos.Legal(m) == nil {
			t.Fatalf("%s is legal", foul)
		}
		pos.Play(m)
		last = k.rec.AddChild(last, m, shogi.Ending{})
		k.rec.AddChild(last, 0, shogi.Ending{Kind: shogi.FoulWin, Side: pos.Turn()})
	}
	return k.rec
}

// TestFoulRoundTrip writes records whose main line ends in a documented
// foul (an illegal move, then 反則勝ち) in every format that states moves,
// reads each output back with internal/parse and compares the records
// with shogi.Compare. Formats that state a move by its origin carry every
// foul. KI2, Western, Hosking and Kitao–Kawasaki carry a foul their text
// states (二歩, a king walking into check: the piece and square name the
// move) and otherwise leave the move and its ending out, reporting
// "illegal moves" (a bishop taking the king from a square it cannot
// reach: no bishop can make the move its text names).
func TestFoulRoundTrip(t *testing.T) {
	nifu := []string{"7g7f", "3c3d", "7f7e", "3d3e", "7e7d", "3e3f", "7d7c+", "3f3g+", "2i3g", "8c8d"}
	records := []struct {
		name, sfen, foul string
		moves            []string
		unstated         map[string]bool   // formats that cannot state the foul
		text             map[string]string // how some writers end the record
	}{
		{name: "nifu", foul: "P*2e", moves: nifu,
			text: map[string]string{"csa": "-8384FU\n+0025FU\n%+ILLEGAL_ACTION\n", "usi": " 8c8d P*2e\n"}},
		{name: "self-check", sfen: "4k4/9/9/9/9/9/9/9/r3K4 b - 1", foul: "5i4i", moves: nil,
			text: map[string]string{"csa": "\n+\n+5949OU\n%+ILLEGAL_ACTION\n", "usi": " moves 5i4i\n"}},
		{name: "king taken from afar", foul: "8h5a", moves: []string{"7g7f", "3c3d"},
			unstated: map[string]bool{"ki2": true, "ki2u": true, "western": true, "hosking": true, "kk": true},
			text:     map[string]string{"csa": "-3334FU\n+8851KA\n%+ILLEGAL_ACTION\n", "usi": " 3c3d 8h5a\n", "psn": "2. B8hx5a FoulWin\n0-1\n"}},
	}
	formats := []struct{ writer, reader string }{
		{"kif", "kif"}, {"kifu", "kif"}, {"ki2", "ki2"}, {"ki2u", "ki2"}, {"csa", "csa"}, {"usi", "usi"},
		{"psn", "psn"}, {"western", "western"}, {"hosking", "western"}, {"kk", "kk"},
	}
	cmp := shogi.CompareOptions{IgnoreHeader: true, IgnoreComments: true, IgnoreTime: true}
	for _, r := range records {
		rec := playRecord(t, r.sfen, r.foul, r.moves...)
		trimmed := playRecord(t, r.sfen, "", r.moves...)
		for _, f := range formats {
			t.Run(r.name+"/"+f.writer, func(t *testing.T) {
				var out bytes.Buffer
				w, err := render.New(f.writer, &out, render.Options{AllowLoss: true, Encoding: "utf-8"})
				if err != nil {
					t.Fatal(err)
				}
				if err := w.Write(rec); err != nil {
					t.Fatal(err)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				want, lost := rec, slices.Contains(w.Losses(), "illegal moves")
				if lost != r.unstated[f.writer] {
					t.Fatalf("losses %q: the foul is left out %v, want %v\n%s", w.Losses(), lost, r.unstated[f.writer], out.String())
				}
				if lost {
					want = trimmed
				}
				rd, err := parse.New(f.reader, bytes.NewReader(out.Bytes()), parse.Options{Filename: "foul." + f.writer})
				if err != nil {
					t.Fatal(err)
				}
				got, err := rd.Read()
				if err == nil {
					c := cmp
					// USI states moves, not endings: the illegal move is
					// kept (with the reader's warning), the ending is not.
					c.IgnoreEndings = f.writer == "usi"
					d := shogi.Compare(want, got, c)
					if d.Start != nil || d.Divergence != nil {
						err = fmt.Errorf("read back differs: start %v, main lines %+v", d.Start, d.Divergence)
					}
				}
				if want := r.text[f.writer]; want != "" && !strings.HasSuffix(out.String(), want) {
					t.Errorf("written:\n%s\nwant it to end in %q", out.String(), want)
				}
				if err != nil {
					t.Fatalf("%v; written:\n%s", err, out.String())
				}
			})
		}
	}
}

// TestFoulFilesRoundTrip writes each foul record of parse's testdata (the
// same fouls written by hand in every format, in both forms: the ending at
// once, or the king taken and then the ending) in every format that has a
// reader, and reads it back as the CLI would: the record read back is the
// one written, up to what the writer reports it could not carry; a
// position format gives the main line's final position (shogi.Outcome).
func TestFoulFilesRoundTrip(t *testing.T) {
	dir := filepath.Join("..", "parse", "testdata", "fouls")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := charset.Decode(raw)
		if err != nil {
			t.Fatal(err)
		}
		r, err := parse.New(parse.DetectFormat(e.Name(), text).Format, bytes.NewReader(text), parse.Options{Filename: e.Name(), Strict: true})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if rec.Outcome().Foul.Move == nil {
			t.Fatalf("%s: no documented foul", e.Name())
		}
		for _, p := range rtPairs {
			if !p.fouls {
				continue // USI states no ending
			}
			wf, ok := render.Lookup(p.writer)
			if !ok {
				t.Fatalf("no writer %s", p.writer)
			}
			if msg := rtCheck(t, p, wf, []*shogi.Record{rec}, &rtStats{losses: map[string]int{}}); msg != "" {
				t.Errorf("%s → %s: %s", e.Name(), p, msg)
			}
		}
	}
}
