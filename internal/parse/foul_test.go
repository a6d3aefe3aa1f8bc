package parse_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
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

// club24JKF are the moves of the Shogi Club 24 game of TestFouls in JKF:
// Black's king walks next to White's horse (ply 5), which takes it.
var club24JKF = []string{
	`{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}`,
	`{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}`,
	`{"move":{"color":0,"from":{"x":5,"y":9},"to":{"x":6,"y":8},"piece":"OU"}}`,
	`{"move":{"color":1,"from":{"x":2,"y":2},"to":{"x":8,"y":8},"piece":"KA","promote":true}}`,
	`{"move":{"color":0,"from":{"x":6,"y":8},"to":{"x":7,"y":8},"piece":"OU"}}`,
	`{"move":{"color":1,"from":{"x":8,"y":8},"to":{"x":7,"y":8},"piece":"UM","same":true}}`,
}

// jkfFoul is a JKF record of the entries and then end ("" for none), all
// on one line.
func jkfFoul(entries []string, end string) string {
	if end != "" {
		entries = append(entries[:len(entries):len(entries)], end)
	}
	return `{"header":{},"moves":[{},` + strings.Join(entries, ",") + "]}\n"
}

// TestFouls: the model of fouls every reader follows (shogi/foul.go). A
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
		{"psn king left in check, taken, FoulLose", "psn", "1. P7g-7f P3c-3d\n2. K5i-6h B2bx8h+\n3. K6h-7h +B8hx7h FoulLose\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h foul_lose/black", "", "", ""},
		{"jkf king left in check, taken, ILLEGAL_MOVE", "jkf", jkfFoul(club24JKF, `{"special":"ILLEGAL_MOVE"}`),
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h foul_lose/black", "", "", ""},
		{"jkf king left in check, taken, +ILLEGAL_ACTION", "jkf", jkfFoul(club24JKF, `{"special":"+ILLEGAL_ACTION"}`),
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h illegal_action/black", "", "", ""},
		{"jkf at once, unsigned ILLEGAL_ACTION", "jkf", jkfFoul(club24JKF[:5], `{"special":"ILLEGAL_ACTION"}`),
			"7g7f 3c3d 5i6h 2b8h+ 6h7h foul_win/white", "", "", ""},
		// Undocumented illegal moves.
		{"kif, the last move", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n*反則手にて終局\n",
			"7g7f 2b5e", "unreachable", "4:6", ""},
		{"kif, plies after it", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n   3 ２六歩(27)\n*dropped\n   4 ８四歩(83)\n   5 投了\n",
			"7g7f 2b5e", "unreachable", "4:6", "2 plies after it dropped"},
		{"kif, a variation after it", "kif", kifHead + "   1 ７六歩(77)\n   2 ５五角(22)\n   3 ２六歩(27)\n\n変化：3手\n   3 ２五歩(27)\n",
			"7g7f 2b5e", "unreachable", "4:6", "1 ply after it dropped"},
		// The capture of the king stays with an undocumented foul, as USI,
		// which states no ending, writes a documented one.
		{"kif, king taken with no ending", "kif", kifHead + club24,
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "7:6", ""},
		{"ki2", "ki2", "▲７六歩△３四歩▲６八玉△８八角成▲７八玉△同　馬▲５八金右\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "1:18", "1 ply after it dropped"},
		{"csa, king taken with no ending", "csa", "PI\n+\n+7776FU\n-3334FU\n+5968OU\n-2288UM\n+6878OU\n-8878UM\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "7:1", ""},
		{"csa, king taken, %-ILLEGAL_ACTION naming the other side", "csa", "PI\n+\n+7776FU\n-3334FU\n+5968OU\n-2288UM\n+6878OU\n-8878UM\n%-ILLEGAL_ACTION\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "7:1", ""},
		{"psn, king taken with no ending", "psn", "1. P7g-7f P3c-3d\n2. K5i-6h B2bx8h+\n3. K6h-7h +B8hx7h\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "3:4", ""},
		{"jkf, king taken with no ending", "jkf", jkfFoul(club24JKF, ""),
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "1:345", ""},
		{"jkf, king taken, TORYO", "jkf", jkfFoul(club24JKF, `{"special":"TORYO"}`),
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "1:345", "1 entry after it dropped"},
		{"usi, king taken", "usi", "position startpos moves 7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "1:46", ""},
		{"usi, king taken, then a move", "usi", "position startpos moves 7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h 2g2f\n",
			"7g7f 3c3d 5i6h 2b8h+ 6h7h 8h7h", "self-check", "1:46", "1 ply after it dropped"},
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
	for _, f := range parse.Formats() {
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

// foulFiles are the hand-written records of testdata/fouls, by the game
// they tell: the same foul in KIF (Shift_JIS and UTF-8), KI2, CSA
// (%ILLEGAL_MOVE and %±ILLEGAL_ACTION), JKF and PSN, in both forms.
var foulFiles = []struct {
	story string   // the main line, its ending and who wins, as storyOf gives them
	files []string // every file that tells it
}{
	{"7g7f 3c3d 5i6h 8c8d 6h7g 2b7g+ foul_lose: white wins (black's foul)",
		[]string{"club24.kifu", "club24.kif", "club24.ki2u", "club24-illegal-move.csa", "club24-illegal-action.csa", "club24.jkf", "club24.psn"}},
	{"7g7f 3c3d 5i6h 8c8d 6h7g foul_win: white wins (black's foul)",
		[]string{"atonce.kifu", "atonce.ki2u", "atonce-illegal-action.csa", "atonce.jkf", "atonce.psn"}},
	{"7g7f 3c3d 2g2f 5a4b 2f2e 4b3c 8h3c+ foul_lose: black wins (white's foul)",
		[]string{"white.kifu", "white-illegal-action.csa"}},
	{"7g7f 3c3d 2g2f 5a4b 2f2e 4b3c foul_win: black wins (white's foul)",
		[]string{"white-atonce.kifu", "white-atonce.csa"}},
}

// storyOf tells rec's main line (USI moves and the ending as
// shogi.Outcome names it) and its result.
func storyOf(rec *shogi.Record) string {
	o := rec.Outcome()
	var b strings.Builder
	for n := range rec.MainLine() {
		if n.IsEnd() {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(n.Move.AppendUSI(nil))
	}
	b.WriteString(" " + o.Ending.Kind.String() + ": ")
	if o.Decided {
		b.WriteString(o.Winner.String() + " wins")
	} else {
		b.WriteString("no winner")
	}
	if o.Foul.Move != nil {
		b.WriteString(" (" + o.Foul.Mover.String() + "'s foul)")
	}
	return b.String()
}

// readFoulFile reads a file of testdata/fouls strictly: its format from its
// extension, its text decoded as the command decodes it.
func readFoulFile(t *testing.T, name string) *shogi.Record {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "fouls", name))
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := charset.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	f := parse.DetectFormat(name, text).Format
	r, err := parse.New(f, bytes.NewReader(text), parse.Options{Filename: name, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Read()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rec
}

// TestFoulFiles: every reader reads the same foul, written by hand in each
// format, as the same nodes and the same result; none is an error or a
// warning (read strictly), and Check finds nothing to report.
func TestFoulFiles(t *testing.T) {
	listed := map[string]bool{}
	cmp := shogi.CompareOptions{IgnoreHeader: true, IgnoreComments: true, IgnoreTime: true}
	for _, g := range foulFiles {
		first := readFoulFile(t, g.files[0])
		for _, name := range g.files {
			listed[name] = true
			rec := readFoulFile(t, name)
			if got := storyOf(rec); got != g.story {
				t.Errorf("%s: %s, want %s", name, got, g.story)
			}
			if d := shogi.Compare(first, rec, cmp); !d.Equal() {
				t.Errorf("%s and %s differ: start %v, main lines %+v", g.files[0], name, d.Start, d.Divergence)
			}
			for _, f := range rec.Check() {
				t.Errorf("%s: Check: %s %s", name, f.Code, f.Message)
			}
		}
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "fouls"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !listed[e.Name()] {
			t.Errorf("testdata/fouls/%s is in no story", e.Name())
		}
	}
}
