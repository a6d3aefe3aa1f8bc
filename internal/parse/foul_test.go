package parse_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// dumpLine gives the main line of rec as USI moves and ending names.
func dumpLine(rec *shogi.Record) string {
	var out []string
	for n := range rec.MainLine() {
		if n.IsEnd() {
			out = append(out, n.End().Kind.String()+"/"+n.End().Side.String())
		} else {
			out = append(out, string(n.Move.AppendUSI(nil)))
		}
	}
	return strings.Join(out, " ")
}

// TestFouls: the model of fouls every reader follows (HELPERS.md). A
// documented illegal move is a Move node followed by its foul ending; an
// undocumented one is kept as its line's last move with a warning that has
// the code, line and column of the error Strict gives, and names the plies
// dropped after it; a king left in check, taken, then 反則負け is documented.
func TestFouls(t *testing.T) {
	const kifHead = "手合割：平手\n手数----指手---------消費時間--\n"
	// Black's king walks next to White's horse (ply 5, self-check) and is
	// taken (ply 6), as Shogi Club 24 records end such games.
	const club24 = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ８八角成(22)\n   5 ７八玉(68)\n   6 ７八馬(88)\n"
	tests := []struct {
		name, format, in string
		line             string // the main line read leniently
		warn             string // the code of the warning; "" for none
		pos              string // line:col of the warning and of the strict error
		dropped          string // what the warning says was dropped; "" for nothing
	}{
		// Documented fouls.
		{"kif 反則勝ち", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n   3 反則勝ち\n",
			"7g7f 2b5e foul_win/black", "", "", ""},
		{"kif Shogi Club 24: king left in check, taken, 反則負け", "kif", kifHead + club24 + "   7 反則負け\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h foul_lose/black", "", "", ""},
		{"ki2 king left in check, taken, 反則負け", "ki2",
			"▲７六歩△３四歩▲６八玉△８八角成▲７八玉△同　馬\nまで6手で先手の反則負け\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h foul_lose/black", "", "", ""},
		{"csa %ILLEGAL_MOVE", "csa", "PI\n+\n+7776FU\n-2255KA\n%ILLEGAL_MOVE\n",
			"7g7f 2b5e foul_lose/black", "", "", ""},
		{"csa %-ILLEGAL_ACTION", "csa", "PI\n+\n+7776FU\n-2255KA\nT3\n%-ILLEGAL_ACTION\n",
			"7g7f 2b5e illegal_action/white", "", "", ""},
		{"csa king left in check, taken, %+ILLEGAL_ACTION", "csa",
			"PI\n+\n+7776FU\n-3334FU\n+5968OU\n-2288UM\n+6878OU\n-8878UM\n%+ILLEGAL_ACTION\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h illegal_action/black", "", "", ""},
		{"csa king left in check, taken, %ILLEGAL_MOVE", "csa",
			"PI\n+\n+7776FU\n-3334FU\n+5968OU\n-2288UM\n+6878OU\n-8878UM\n%ILLEGAL_MOVE\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h foul_lose/black", "", "", ""},
		{"psn foul ending", "psn", "1. P7g-7f B2b-5e\n2. IllegalMove\n",
			"7g7f 2b5e foul_lose/black", "", "", ""},
		// Undocumented illegal moves.
		{"kif, the last move", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n*反則手にて終局\n",
			"7g7f 2b5e", "unreachable", "4:6", ""},
		{"kif, plies after it", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n   3 ２六歩(27)\n*dropped\n   4 ８四歩(83)\n   5 投了\n",
			"7g7f 2b5e", "unreachable", "4:6", "2 plies after it dropped"},
		{"kif, a variation after it", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n   3 ２六歩(27)\n\n変化：3手\n   3 ２五歩(27)\n",
			"7g7f 2b5e", "unreachable", "4:6", "1 ply after it dropped"},
		{"kif, king taken with no ending", "kif", kifHead + club24,
			"7g7f 3c3d 5i6h 2b8h+ 6h7h", "self-check", "7:6", "1 ply after it dropped"},
		{"ki2", "ki2", "▲７六歩△３四歩▲６八玉△８八角成▲７八玉△同　馬▲５八金右\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h", "self-check", "1:18", "2 plies after it dropped"},
		{"csa, one blocked bishop move among good ones", "csa", "PI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+2726FU\n-8384FU\n+1911KY\n-4132KI\n%TORYO\n",
			"7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d 1i1a", "unreachable", "9:1", "1 ply after it dropped"},
		{"csa, no % line", "csa", "PI\n+\n+7776FU\n-2255KA\nT4\n'*comment\n",
			"7g7f 2b5e", "unreachable", "4:1", ""},
		{"csa, another ending", "csa", "PI\n+\n+7776FU\n-2255KA\n%TORYO\n",
			"7g7f 2b5e", "unreachable", "4:1", ""},
		{"csa, the other side's foul ending", "csa", "PI\n+\n+7776FU\n-2255KA\n%+ILLEGAL_ACTION\n",
			"7g7f 2b5e", "unreachable", "4:1", ""},
		{"usi", "usi", "position startpos moves 7g7f 2b5e 2g2f 8c8d\n",
			"7g7f 2b5e", "unreachable", "1:30", "2 plies after it dropped"},
		{"sfen reader, usi line", "sfen", "position startpos moves 7g7f 2b5e 2g2f\n",
			"7g7f 2b5e", "unreachable", "1:30", "1 ply after it dropped"},
		{"psn", "psn", "1. P7g-7f B2b-5e\n2. P2g-2f P8c-8d\n",
			"7g7f 2b5e", "unreachable", "1:11", "2 plies after it dropped"},
		{"psn, a variation of the dropped part", "psn", "1. P7g-7f B2b-5e\n2. P2g-2f (2. P2g-2f) P8c-8d\n",
			"7g7f 2b5e", "unreachable", "1:11", "2 plies after it dropped"},
		{"western", "western", "1. P-7f B2b-5e\n2. P-2f\n",
			"7g7f 2b5e", "unreachable", "1:9", "1 ply after it dropped"},
		{"kk", "kk", "☗歩-76 ☖角(22)-55 ☗歩-26\n",
			"7g7f 2b5e", "unreachable", "1:7", "1 ply after it dropped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := parse.New(tt.format, strings.NewReader(tt.in), parse.Options{Filename: "t"})
			if err != nil {
				t.Fatal(err)
			}
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if got := dumpLine(rec); got != tt.line {
				t.Errorf("main line %q, want %q", got, tt.line)
			}
			var w *parse.Error
			for _, e := range r.Warnings() {
				if e.Ply > 0 {
					w = e
				}
			}
			if tt.warn == "" {
				if w != nil {
					t.Errorf("warning %v, want none", w)
				}
			} else {
				if w == nil || !w.Warning || w.Code() != tt.warn || lineCol(w.Pos) != tt.pos {
					t.Fatalf("warnings %v, want %s at %s", r.Warnings(), tt.warn, tt.pos)
				}
				if tt.dropped != "" && !strings.Contains(w.Detail, tt.dropped) || tt.dropped == "" && strings.Contains(w.Detail, "dropped") {
					t.Errorf("warning %q, want it to say %q", w.Detail, tt.dropped)
				}
				var re *shogi.RuleError
				if !errors.As(w, &re) || !errors.Is(w, w.Err) {
					t.Errorf("the warning does not wrap a rule sentinel: %v", w)
				}
				if !parse.IsIllegalMove(w) {
					t.Errorf("IsIllegalMove(%v) = false", w)
				}
			}
			// Under Strict the warning is the error, where it was.
			r, _ = parse.New(tt.format, strings.NewReader(tt.in), parse.Options{Filename: "t", Strict: true})
			_, err = r.Read()
			if tt.warn == "" {
				if err != nil && err != io.EOF {
					t.Errorf("strict: %v", err)
				}
				return
			}
			var pe *parse.Error
			if !errors.As(err, &pe) || pe.Warning || pe.Code() != tt.warn || lineCol(pe.Pos) != tt.pos {
				t.Fatalf("strict: %v, want a %s error at %s", err, tt.warn, tt.pos)
			}
			// What validate reports for the warning is that error.
			if se := parse.StrictError(w); se.Error() != pe.Error() || se.Warning || se.Ply != pe.Ply {
				t.Errorf("StrictError(%v) = %v, want %v", w, se, pe)
			}
		})
	}
}

func lineCol(p parse.Pos) string {
	return strings.TrimPrefix(p.String(), "t:")
}

// TestNotARecord: prose named as a record is an error, never an empty
// game; the Kakinoki family and CSA say unknown-format. Blank input holds
// no record (the CLI says empty).
func TestNotARecord(t *testing.T) {
	const prose = "Dear diary,\nto-day I played shogi and lost.\n"
	for _, f := range parse.Formats {
		t.Run(f.Name, func(t *testing.T) {
			r := f.New(strings.NewReader(prose), parse.Options{Filename: "t"})
			rec, err := r.Read()
			if err == nil || rec != nil {
				t.Fatalf("prose read as a record: %v, %v", rec, err)
			}
			switch f.Name {
			case "kif", "ki2", "bod", "csa":
				if !errors.Is(err, parse.ErrUnknownFormat) || len(r.Warnings()) > 0 {
					t.Errorf("%v (warnings %v), want one unknown-format error", err, r.Warnings())
				}
			}
			r = f.New(strings.NewReader("\n \n"), parse.Options{Filename: "t"})
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("blank input: %v, want io.EOF", err)
			}
		})
	}
}
