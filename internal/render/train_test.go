package render_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// readRecord reads the one record of text in format.
func readRecord(t testing.TB, format, text string, opt parse.Options) *shogi.Record {
	t.Helper()
	r, err := parse.New(format, strings.NewReader(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Read()
	if err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	return rec
}

// writeTraining writes recs in a training format and returns the output and
// the losses.
func writeTraining(t testing.TB, format string, opt render.Options, recs ...*shogi.Record) ([]byte, []string) {
	t.Helper()
	var buf bytes.Buffer
	w, err := render.New(format, &buf, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), w.Losses()
}

// A game that White wins by Black's resignation, with floodgate's scores
// (Black's view) after the first two moves, the second one far beyond an
// int16, and two score lines after the third (the last counts).
const scoredCSA = `V2.2
PI
+
+7776FU
'** 35 -3334FU +2726FU
-3334FU
'** -99999
+8822UM
'** 10
'** -7 -3122GI
-3122GI
%TORYO
`

func TestTrainLayout(t *testing.T) {
	rec := readRecord(t, "csa", scoredCSA, parse.Options{})
	type want struct {
		sfen   string
		move   string
		score  int16
		ply    uint16
		result int8 // side to move's view
	}
	wants := []want{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f", 35, 1, -1},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "3c3d", 32767, 2, 1},
		{"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b+", -7, 3, -1},
		{"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", "3a2b", 0, 4, 1},
	}

	text, _ := writeTraining(t, "positions", render.Options{}, rec)
	var lines []string
	for _, w := range wants {
		lines = append(lines, fmt.Sprintf("%s %s %d %d", w.sfen, w.move, w.score, w.result))
	}
	if got, want := string(text), strings.Join(lines, "\n")+"\n"; got != want {
		t.Errorf("positions:\n%s\nwant\n%s", got, want)
	}

	hcpe, _ := writeTraining(t, "hcpe", render.Options{}, rec)
	psv, _ := writeTraining(t, "psv", render.Options{}, rec)
	if len(hcpe) != len(wants)*render.HCPESize || len(psv) != len(wants)*render.PSVSize {
		t.Fatalf("hcpe %d bytes, psv %d bytes for %d positions", len(hcpe), len(psv), len(wants))
	}
	for i, w := range wants {
		r := hcpe[i*render.HCPESize:][:render.HCPESize]
		p, err := shogi.DecodeHCP((*[32]byte)(r))
		p.SetMoveNumber(int(w.ply))
		m, _ := shogi.MoveFromHCP16(binary.LittleEndian.Uint16(r[34:]))
		got := fmt.Sprintf("%s %v %s %d %d %d", p.SFEN(), err, m, int16(binary.LittleEndian.Uint16(r[32:])), r[36], r[37])
		// White won: gameResult 2 in every record.
		if want := fmt.Sprintf("%s <nil> %s %d 2 0", w.sfen, w.move, w.score); got != want {
			t.Errorf("hcpe %d: %s, want %s", i, got, want)
		}

		r = psv[i*render.PSVSize:][:render.PSVSize]
		p, err = shogi.DecodePackedSFEN((*[32]byte)(r))
		ply := binary.LittleEndian.Uint16(r[36:])
		p.SetMoveNumber(int(ply))
		m, _ = shogi.MoveFromPSV16(binary.LittleEndian.Uint16(r[34:]))
		got = fmt.Sprintf("%s %v %s %d %d %d %d", p.SFEN(), err, m, int16(binary.LittleEndian.Uint16(r[32:])), ply, int8(r[38]), r[39])
		if want := fmt.Sprintf("%s <nil> %s %d %d %d 0", w.sfen, w.move, w.score, w.ply, w.result); got != want {
			t.Errorf("psv %d: %s, want %s", i, got, want)
		}
	}
}

// positionLines writes recs as positions with opt and returns the lines
// without their SFEN: move, score and result.
func positionLines(t *testing.T, opt render.TrainOptions, recs ...*shogi.Record) []string {
	t.Helper()
	text, _ := writeTraining(t, "positions", render.Options{Train: opt}, recs...)
	var out []string
	for l := range strings.Lines(string(text)) {
		f := strings.Fields(l)
		out = append(out, strings.Join(f[4:], " "))
	}
	return out
}

func TestTrainScores(t *testing.T) {
	tests := []struct {
		name, format, text string
		want               []string
	}{
		{"ShogiGUI's KIF scores, Black's view",
			"kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*#評価値=108\n   2 ３四歩(33)\n*#評価値=-20\n*対局 some other comment\n   3 ２二角成(88)\n   4 同　銀(31)\n*#評価値=+40000\n   5 ７八銀(79)\n**評価値=-15\n   6 ８四歩(83)\n*#詰み=先手勝ち:9手\n   7 ６八玉(59)\n**詰み=後手勝ち\n   8 中断\n",
			[]string{"7g7f 108 0", "3c3d 20 0", "8h2b+ 0 0", "3a2b -32767 0", "7i7h -15 0", "8c8d -32767 0", "5i6h -32767 0"}},
		{"comments that are not scores",
			"kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*#評価値=\n*評価値 300\n*#読み筋=▲７六歩\n   2 ３四歩(33)\n**abc\n   3 投了\n",
			[]string{"7g7f 0 -1", "3c3d 0 1"}},
		{"CSA scores after a draw", "csa", "PI\n+\n+5958OU\n'** 12 -5152OU\n-5152OU\n'**  -3\n+5859OU\n-5251OU\n%SENNICHITE\n",
			[]string{"5i5h 12 0", "5a5b 3 0", "5h5i 0 0", "5b5a 0 0"}},
	}
	for _, tt := range tests {
		rec := readRecord(t, tt.format, tt.text, parse.Options{})
		if got := positionLines(t, render.TrainOptions{}, rec); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestTrainFouls: a documented foul ends the data before the foul move,
// and so does an illegal last move a lenient reader kept; the result is the
// one the ending states.
func TestTrainFouls(t *testing.T) {
	documented := readRecord(t, "kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５一角(88)\n   4 反則勝ち\n", parse.Options{})
	if got, want := positionLines(t, render.TrainOptions{}, documented), []string{"7g7f 0 -1", "3c3d 0 1"}; !slices.Equal(got, want) {
		t.Errorf("documented foul: %q, want %q", got, want)
	}
	// The shape every reader gives CSA's %-ILLEGAL_ACTION after a foul
	// move: the move, then the ending; White acted illegally.
	kept := shogi.NewRecord(shogi.StartPosition())
	n := kept.AddChild(kept.Root, shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false), shogi.Ending{})
	foul := kept.AddChild(n, shogi.NewMove(shogi.NewSquare(2, 2), shogi.NewSquare(7, 7), false), shogi.Ending{}) // blocked: illegal
	kept.AddChild(foul, 0, shogi.Ending{Kind: shogi.IllegalAction, Side: shogi.White})
	if got, want := positionLines(t, render.TrainOptions{}, kept), []string{"7g7f 0 1"}; !slices.Equal(got, want) {
		t.Errorf("illegal action: %q, want %q", got, want)
	}
	// An illegal last move that a lenient reader kept, with no ending.
	foul.Next().Detach()
	if got, want := positionLines(t, render.TrainOptions{}, kept), []string{"7g7f 0 0"}; !slices.Equal(got, want) {
		t.Errorf("kept illegal move: %q, want %q", got, want)
	}
}

// optionRecord: Black resigns after six moves on the main line; a
// variation from move 3 ends in a draw by 千日手-free interruption, one
// from move 5 in White's resignation.
func optionRecord(t *testing.T) *shogi.Record {
	return readRecord(t, "kif", `手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)
   5 ２五歩(26)
   6 ８五歩(84)
   7 投了

変化：3手
   3 ６六歩(67)
   4 中断

変化：5手
   5 ４八銀(39)
   6 ８五歩(84)
   7 ７八金(69)
   8 投了
`, parse.Options{})
}

func TestTrainOptions(t *testing.T) {
	rec := optionRecord(t)
	tests := []struct {
		name string
		opt  render.TrainOptions
		want []string
	}{
		{"main line", render.TrainOptions{}, []string{"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "8c8d 0 1", "2f2e 0 -1", "8d8e 0 1"}},
		{"skip plies", render.TrainOptions{SkipPlies: 4}, []string{"2f2e 0 -1", "8d8e 0 1"}},
		{"skip every ply", render.TrainOptions{SkipPlies: 6}, nil},
		{"min plies met", render.TrainOptions{MinPlies: 6}, []string{"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "8c8d 0 1", "2f2e 0 -1", "8d8e 0 1"}},
		{"min plies not met", render.TrainOptions{MinPlies: 7}, nil},
		{"variations", render.TrainOptions{Variations: true}, []string{
			"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "6g6f 0 0", "8c8d 0 1", "2f2e 0 -1", "3i4h 0 1", "8d8e 0 -1", "6i7h 0 1", "8d8e 0 1"}},
		{"variations, decisive", render.TrainOptions{Variations: true, Decisive: true}, []string{
			"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "8c8d 0 1", "2f2e 0 -1", "3i4h 0 1", "8d8e 0 -1", "6i7h 0 1", "8d8e 0 1"}},
		{"variations, skip plies", render.TrainOptions{Variations: true, SkipPlies: 5}, []string{"8d8e 0 -1", "6i7h 0 1", "8d8e 0 1"}},
		// The variations start from positions of the main line: dedup
		// writes those once, with the main line's move.
		{"variations, dedup", render.TrainOptions{Variations: true, Dedup: true}, []string{
			"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "8c8d 0 1", "2f2e 0 -1", "8d8e 0 -1", "6i7h 0 1", "8d8e 0 1"}},
	}
	for _, tt := range tests {
		if got := positionLines(t, tt.opt, rec); !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
	// A drawn game and the decisive filter.
	draw := readRecord(t, "csa", "PI\n+\n+5958OU\n-5152OU\n+5859OU\n-5251OU\n%SENNICHITE\n", parse.Options{})
	if got := positionLines(t, render.TrainOptions{Decisive: true}, draw); got != nil {
		t.Errorf("decisive, a draw: %q", got)
	}
	// Dedup across the games of one output and within a game: the king
	// walk comes back to the start position, which the first game wrote.
	if got, want := positionLines(t, render.TrainOptions{Dedup: true}, rec, draw), []string{
		"7g7f 0 -1", "3c3d 0 1", "2g2f 0 -1", "8c8d 0 1", "2f2e 0 -1", "8d8e 0 1", "5a5b 0 0", "5h5i 0 0", "5b5a 0 0"}; !slices.Equal(got, want) {
		t.Errorf("dedup across games:\n got %q\nwant %q", got, want)
	}
}

// TestTrainShortOfPieces: a handicap game cannot be coded in 256 bits. The
// binary writers leave its positions out and say so (an error without
// AllowLoss); positions writes them, and dedups them by their SFEN.
func TestTrainShortOfPieces(t *testing.T) {
	rec := readRecord(t, "kif", "手合割：香落ち\n手数----指手---------消費時間--\n   1 ５二玉(51)\n   2 ５八玉(59)\n   3 ５一玉(52)\n   4 ５九玉(58)\n   5 ５二玉(51)\n", parse.Options{})
	for _, format := range []string{"hcpe", "psv"} {
		out, lost := writeTraining(t, format, render.Options{AllowLoss: true}, rec)
		if len(out) != 0 || !slices.Equal(lost, []string{"positions short of the 40 pieces (handicap or problem positions)"}) {
			t.Errorf("%s: %d bytes, losses %q", format, len(out), lost)
		}
		w, _ := render.New(format, io.Discard, render.Options{})
		if err := w.Write(rec); !errors.Is(err, render.ErrLossy) {
			t.Errorf("%s without AllowLoss: %v", format, err)
		}
	}
	got := positionLines(t, render.TrainOptions{Dedup: true}, rec)
	if want := []string{"5a5b 0 0", "5i5h 0 0", "5b5a 0 0", "5h5i 0 0"}; !slices.Equal(got, want) {
		t.Errorf("positions, dedup: %q, want %q", got, want)
	}
}

// TestTrainProperty writes generated games (handicaps, custom starts and
// variations included) in the three formats: every hcpe and psv record
// decodes to the position its positions line names, with the same move,
// score and result, and a line short of pieces is exactly one that the
// binary formats left out.
func TestTrainProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2))
	opt := shogitest.FullRandomOptions()
	var recs []*shogi.Record
	for range 200 {
		recs = append(recs, shogitest.RandomRecord(rng, opt))
	}
	ropt := render.Options{AllowLoss: true, Train: render.TrainOptions{Variations: true}}
	text, _ := writeTraining(t, "positions", ropt, recs...)
	hcpe, _ := writeTraining(t, "hcpe", ropt, recs...)
	psv, _ := writeTraining(t, "psv", ropt, recs...)
	coded := 0
	for l := range strings.Lines(string(text)) {
		f := strings.Fields(l)
		sfen := strings.Join(f[:4], " ")
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		var probe [32]byte
		if pos.HCP(&probe) != nil {
			continue
		}
		if len(hcpe) < (coded+1)*render.HCPESize || len(psv) < (coded+1)*render.PSVSize {
			t.Fatalf("binary output ends before %q", l)
		}
		h := hcpe[coded*render.HCPESize:][:render.HCPESize]
		p := psv[coded*render.PSVSize:][:render.PSVSize]
		coded++
		hp, err1 := shogi.DecodeHCP((*[32]byte)(h))
		pp, err2 := shogi.DecodePackedSFEN((*[32]byte)(p))
		hp.SetMoveNumber(pos.MoveNumber())
		pp.SetMoveNumber(int(binary.LittleEndian.Uint16(p[36:])))
		hm, _ := shogi.MoveFromHCP16(binary.LittleEndian.Uint16(h[34:]))
		pm, _ := shogi.MoveFromPSV16(binary.LittleEndian.Uint16(p[34:]))
		result := map[string]byte{"1": byte(pos.Turn()) + 1, "-1": 2 - byte(pos.Turn()), "0": 0}[f[6]]
		gotH := fmt.Sprintf("%s %v %s %d %d", hp.SFEN(), err1, hm, int16(binary.LittleEndian.Uint16(h[32:])), h[36])
		gotP := fmt.Sprintf("%s %v %s %d %d", pp.SFEN(), err2, pm, int16(binary.LittleEndian.Uint16(p[32:])), int8(p[38]))
		if want := fmt.Sprintf("%s <nil> %s %s %d", sfen, f[4], f[5], result); gotH != want {
			t.Fatalf("hcpe %d: %s, want %s", coded, gotH, want)
		}
		if want := fmt.Sprintf("%s <nil> %s %s %s", sfen, f[4], f[5], f[6]); gotP != want {
			t.Fatalf("psv %d: %s, want %s", coded, gotP, want)
		}
	}
	if coded*render.HCPESize != len(hcpe) || coded*render.PSVSize != len(psv) || coded == 0 {
		t.Errorf("%d positions coded, hcpe %d bytes, psv %d bytes", coded, len(hcpe), len(psv))
	}
}

// BenchmarkWriteTraining writes the generated games as hcpe, psv and
// positions: positions/s (and per CPU second) is the figure to watch; the
// target is 5 M positions/s per core for the binary formats.
func BenchmarkWriteTraining(b *testing.B) {
	recs, moves := genRecords(genGames)
	for _, format := range []string{"hcpe", "psv", "positions"} {
		b.Run(format, func(b *testing.B) {
			var size byteCounter
			writeTo(b, format, recs, &size)
			b.SetBytes(size.n)
			b.ReportAllocs()
			cpu := procstat.CPU()
			for b.Loop() {
				writeTo(b, format, recs, io.Discard)
			}
			used := procstat.CPU() - cpu
			n := float64(b.N)
			b.ReportMetric(float64(moves)*n/b.Elapsed().Seconds(), "positions/s")
			if used > 0 {
				b.ReportMetric(float64(moves)*n/used.Seconds(), "positions/cpu-s")
			}
		})
	}
}
