package render_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/shogi/shogitest/schematest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

const jkfTestdata = "../../testdata/jkf"

// jkfWrite writes recs with a JKF writer and returns the output and losses.
func jkfWrite(t testing.TB, opt render.Options, recs ...*shogi.Record) ([]byte, []string) {
	t.Helper()
	var out bytes.Buffer
	w := render.NewJKF(&out, opt)
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), w.Losses()
}

// jkfRead reads every record of JKF text.
func jkfRead(t testing.TB, text []byte) []*shogi.Record {
	t.Helper()
	r := parse.NewJKF(bytes.NewReader(text), parse.Options{Strict: true})
	var recs []*shogi.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		recs = append(recs, rec)
	}
}

func jkfReadFile(t testing.TB, path string) *shogi.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := parse.NewJKF(bytes.NewReader(data), parse.Options{Filename: path}).Read()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func jkfSameRecord(t *testing.T, what string, a, b *shogi.Record) {
	t.Helper()
	if d := shogi.Compare(a, b, shogi.CompareOptions{}); !d.Equal() {
		j, _ := json.Marshal(d)
		t.Errorf("%s: records differ: %s", what, j)
	}
	if a.Preset != b.Preset {
		t.Errorf("%s: preset %v, read back %v", what, a.Preset, b.Preset)
	}
	if x, y := a.Start.MoveNumber(), b.Start.MoveNumber(); x != y {
		t.Errorf("%s: start move number %d, read back %d", what, x, y)
	}
	// What Compare does not look at: bookmarks, the words of known endings,
	// stated totals that the other side lacks. (Compare matches endings by
	// outcome: 反則負け and ILLEGAL_MOVE, or 反則勝ち and ±ILLEGAL_ACTION,
	// are the same.)
	type pair struct{ x, y *shogi.Node }
	stack := []pair{{a.Root, b.Root}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := p.x, p.y
		if x.Bookmark() != y.Bookmark() {
			t.Errorf("%s: bookmark %q read back as %q", what, x.Bookmark(), y.Bookmark())
		}
		if x.End().Word != y.End().Word {
			t.Errorf("%s: ending %+v read back as %+v", what, x.End(), y.End())
		}
		if tx, ty := x.Time(), y.Time(); tx.HasTotal && (!ty.HasTotal || tx.Total != ty.Total) || tx.HasTime && tx.Elapsed != ty.Elapsed {
			t.Errorf("%s: time %+v read back as %+v", what, tx, ty)
		}
		if x.NumChildren() != y.NumChildren() {
			t.Errorf("%s: %d children read back as %d", what, x.NumChildren(), y.NumChildren())
			continue
		}
		for i := range slices.Collect(x.Children()) {
			stack = append(stack, pair{x.Child(i), y.Child(i)})
		}
	}
}

// TestJKFGolden writes each record of testdata/jkf/*.jkf and compares the
// output with the .golden file beside it; the output must read back as the
// same record.
func TestJKFGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(jkfTestdata, "*.jkf"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rec := jkfReadFile(t, file)
			got, losses := jkfWrite(t, render.Options{}, rec)
			if len(losses) > 0 {
				t.Errorf("losses %v", losses)
			}
			golden := strings.TrimSuffix(file, ".jkf") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (go test -update rewrites it):\n%s", golden, got)
			}
			back := jkfRead(t, got)
			if len(back) != 1 {
				t.Fatalf("read back %d records", len(back))
			}
			jkfSameRecord(t, "read back", rec, back[0])
		})
	}
}

// jkfPos builds a position from pieces given as "B金93" (side, kind, file
// and rank).
func jkfPos(t *testing.T, turn shogi.Color, pieces ...string) shogi.Position {
	t.Helper()
	p := shogi.NewPosition()
	p.SetTurn(turn)
	kinds := map[string]shogi.PieceType{"歩": shogi.Pawn, "金": shogi.Gold, "銀": shogi.Silver, "龍": shogi.Dragon, "玉": shogi.King, "と": shogi.ProPawn, "桂": shogi.Knight, "角": shogi.Bishop}
	for _, s := range pieces {
		c := shogi.Black
		if s[0] == 'W' {
			c = shogi.White
		}
		r := []rune(s[1:])
		p.Set(shogi.NewSquare(int(r[1]-'0'), int(r[2]-'0')), shogi.NewPiece(c, kinds[string(r[0])]))
	}
	return p
}

func jkfRecord(t *testing.T, start shogi.Position, moves ...string) *shogi.Record {
	t.Helper()
	rec := shogi.NewRecord(start)
	n, pos := rec.Root, start
	for _, u := range moves {
		m, err := shogi.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := pos.Legal(m); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		pos.Play(m)
		n = rec.AddChild(n, m, shogi.Ending{})
	}
	return rec
}

// jkfMoveObject is a move object as the writer writes it.
type jkfMoveObject struct {
	Color    int             `json:"color"`
	From     *map[string]int `json:"from"`
	Piece    string          `json:"piece"`
	Same     *bool           `json:"same"`
	Promote  *bool           `json:"promote"`
	Capture  string          `json:"capture"`
	Relative string          `json:"relative"`
}

// jkfLastMove returns the move object of the last main-line entry.
func jkfLastMove(t *testing.T, out []byte) jkfMoveObject {
	t.Helper()
	var doc struct {
		Moves []struct {
			Move *jkfMoveObject `json:"move"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	last := doc.Moves[len(doc.Moves)-1].Move
	if last == nil {
		t.Fatalf("last entry holds no move:\n%s", out)
	}
	return *last
}

func TestJKFMoveObject(t *testing.T) {
	even := shogi.StartPosition()
	ptrue, pfalse := true, false
	moveTests := []struct {
		name    string
		start   shogi.Position
		moves   []string
		piece   string
		same    *bool
		promote *bool
		capture string
		rel     string
		drop    bool
	}{
		{"plain", even, []string{"7g7f"}, "FU", nil, nil, "", "", false},
		{"promotes and captures", even, []string{"7g7f", "3c3d", "8h2b+"}, "KA", nil, &ptrue, "KA", "", false},
		{"same, capture of a promoted piece", even, []string{"7g7f", "3c3d", "8h2b+", "3a2b"}, "GI", &ptrue, nil, "UM", "", false},
		{"declined promotion", even, []string{"7g7f", "3c3d", "8h2b"}, "KA", nil, &pfalse, "KA", "", false},
		{"drop with no board piece reaching", even, []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}, "KA", nil, nil, "", "", true},
		// ../shared/specs/ki2-japanese-notation.md §6
		{"金 9三 of 9三,7二 → 8二 上", jkfPos(t, shogi.Black, "B金93", "B金72", "B玉59", "W玉51"), []string{"9c8b"}, "KI", nil, nil, "", "U", false},
		{"金 7二 of 9三,7二 → 8二 寄", jkfPos(t, shogi.Black, "B金93", "B金72", "B玉59", "W玉51"), []string{"7b8b"}, "KI", nil, nil, "", "M", false},
		{"金 7九 of 8九,7九 → 7八 直", jkfPos(t, shogi.Black, "B金89", "B金79", "B玉59", "W玉51"), []string{"7i7h"}, "KI", nil, nil, "", "C", false},
		{"金 8九 of 8九,7九 → 7八 左", jkfPos(t, shogi.Black, "B金89", "B金79", "B玉59", "W玉51"), []string{"8i7h"}, "KI", nil, nil, "", "L", false},
		{"と 9九 of five → 8八 左上", jkfPos(t, shogi.Black, "Bと79", "Bと89", "Bと99", "Bと98", "Bと87", "B玉59", "W玉51"), []string{"9i8h"}, "TO", nil, nil, "", "LU", false},
		{"と 7九 of five → 8八 右", jkfPos(t, shogi.Black, "Bと79", "Bと89", "Bと99", "Bと98", "Bと87", "B玉59", "W玉51"), []string{"7i8h"}, "TO", nil, nil, "", "R", false},
		{"と 8七 of five → 8八 引", jkfPos(t, shogi.Black, "Bと79", "Bと89", "Bと99", "Bと98", "Bと87", "B玉59", "W玉51"), []string{"8g8h"}, "TO", nil, nil, "", "D", false},
		{"△金 1八 of 1八,3八 → 2九 左", jkfPos(t, shogi.White, "W金18", "W金38", "B玉59", "W玉51"), []string{"1h2i"}, "KI", nil, nil, "", "L", false},
		{"龍 8九 of 9九,8九 → 8八 右", jkfPos(t, shogi.Black, "B龍99", "B龍89", "B玉59", "W玉51"), []string{"8i8h"}, "RY", nil, nil, "", "R", false},
		{"drop while a board gold reaches: 打", func() shogi.Position {
			p := jkfPos(t, shogi.Black, "B金53", "B玉59", "W玉11")
			p.Hand(shogi.Black).Add(shogi.Gold, 1)
			return p
		}(), []string{"G*5b"}, "KI", nil, nil, "", "H", true},
	}
	for _, tt := range moveTests {
		t.Run(tt.name, func(t *testing.T) {
			rec := jkfRecord(t, tt.start, tt.moves...)
			out, _ := jkfWrite(t, render.Options{}, rec)
			m := jkfLastMove(t, out)
			if m.Piece != tt.piece || !eqBool(m.Same, tt.same) || !eqBool(m.Promote, tt.promote) ||
				m.Capture != tt.capture || m.Relative != tt.rel || (m.From == nil) != tt.drop {
				j, _ := json.Marshal(m)
				t.Errorf("move object %s; want piece %s same %v promote %v capture %q relative %q drop %v",
					j, tt.piece, deref(tt.same), deref(tt.promote), tt.capture, tt.rel, tt.drop)
			}
			back := jkfRead(t, out)
			jkfSameRecord(t, "read back", rec, back[0])
		})
	}
}

func eqBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func TestJKFEndings(t *testing.T) {
	// With white to move after 7g7f. Every ending comes back the same; what
	// the schema's specials cannot name ends the line for other readers and
	// is kept in the extension.
	endingTests := []struct {
		end     shogi.Ending
		special string // "" when JKF cannot name it
		ext     bool   // the extension notes it
	}{
		{shogi.Ending{Kind: shogi.Resign}, "TORYO", false},
		{shogi.Ending{Kind: shogi.Interrupt}, "CHUDAN", false},
		{shogi.Ending{Kind: shogi.Impasse}, "JISHOGI", false},
		{shogi.Ending{Kind: shogi.Sennichite}, "SENNICHITE", false},
		{shogi.Ending{Kind: shogi.Mate}, "TSUMI", false},
		{shogi.Ending{Kind: shogi.NoMate}, "FUZUMI", false},
		{shogi.Ending{Kind: shogi.Timeout}, "TIME_UP", false},
		{shogi.Ending{Kind: shogi.FoulWin}, "+ILLEGAL_ACTION", false}, // black (who just moved) fouled
		{shogi.Ending{Kind: shogi.FoulLose}, "ILLEGAL_MOVE", false},
		{shogi.Ending{Kind: shogi.IllegalMove}, "ILLEGAL_MOVE", false},
		{shogi.Ending{Kind: shogi.IllegalAction, Side: shogi.Black}, "+ILLEGAL_ACTION", false},
		{shogi.Ending{Kind: shogi.IllegalAction, Side: shogi.White}, "-ILLEGAL_ACTION", false},
		{shogi.Ending{Kind: shogi.EnteringKing}, "KACHI", false},
		{shogi.Ending{Kind: shogi.Draw}, "HIKIWAKE", false},
		{shogi.Ending{Kind: shogi.Error}, "ERROR", false},
		{shogi.Ending{Kind: shogi.Matta}, "MATTA", false},
		{shogi.Ending{Kind: shogi.Sealed}, "CHUDAN", true}, // the JKF parsers' mapping, and the note
		{shogi.Ending{Kind: shogi.Timeout, Word: "時間切れ"}, "TIME_UP", true},
		{shogi.Ending{Kind: shogi.MaxMoves}, "", true},
		{shogi.Ending{Kind: shogi.WinByDefault}, "", true},
		{shogi.Ending{Kind: shogi.LoseByDefault}, "", true},
		{shogi.Ending{Kind: shogi.Try}, "", true},
		{shogi.Ending{Kind: shogi.Unknown, Word: "何か"}, "", true},
	}
	for _, tt := range endingTests {
		t.Run(tt.end.Kind.String()+tt.end.Word, func(t *testing.T) {
			rec := jkfRecord(t, shogi.StartPosition(), "7g7f")
			e := tt.end
			if e.Kind != shogi.IllegalAction {
				e.Side = shogi.White
			}
			end := rec.AddChild(rec.NodeAt(1), 0, e)
			rec.SetComments(end, []string{"終局"})
			rec.SetTime(end, shogi.MoveTime{Elapsed: 3 * time.Second, HasTime: true})
			out, losses := jkfWrite(t, render.Options{}, rec)
			if len(losses) > 0 {
				t.Errorf("losses %v", losses)
			}
			var doc struct {
				Moves []struct {
					Special string          `json:"special"`
					Move    json.RawMessage `json:"move"`
				} `json:"moves"`
			}
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Fatal(err)
			}
			last := doc.Moves[len(doc.Moves)-1]
			if last.Special != tt.special || tt.special == "" && last.Move == nil {
				t.Errorf("last entry: special %q, want %q (the move when JKF cannot name it)", last.Special, tt.special)
			}
			if ext := bytes.Contains(out, []byte(`"kifconv"`)); ext != tt.ext {
				t.Errorf("extension written: %v, want %v\n%s", ext, tt.ext, out)
			}
			back := jkfRead(t, out)[0]
			jkfSameRecord(t, "read back", rec, back)
			if got := back.MainLineEnd(); got.End().Kind != e.Kind && !(isFoulLose(got.End().Kind) && isFoulLose(e.Kind)) &&
				got.End().Normalize(shogi.White).Kind != e.Normalize(shogi.White).Kind {
				t.Errorf("read back as %+v, want %+v", got.End(), e)
			}
		})
	}
}

func isFoulLose(k shogi.EndingKind) bool { return k == shogi.FoulLose || k == shogi.IllegalMove }

// TestJKFExtension: what JKF has no member for goes into moves[0].kifconv,
// which the published schema leaves open: the output stays valid JKF, other
// readers see plain JKF (jkfOthers), and parse.JKF reads the record back
// whole.
func TestJKFExtension(t *testing.T) {
	sch := jkfSchema(t)
	extTests := []struct {
		name   string
		edit   func(rec *shogi.Record)
		others string // what a reader that ignores the extension sees
	}{
		{"sub-second time", func(rec *shogi.Record) {
			rec.SetTime(rec.NodeAt(1), shogi.MoveTime{Elapsed: 1500 * time.Millisecond, Total: 2500 * time.Millisecond, HasTime: true, HasTotal: true})
		}, "H|7g7f 1s 2s|3c3d"},
		{"total without the time of the move", func(rec *shogi.Record) {
			rec.SetTime(rec.NodeAt(2), shogi.MoveTime{Total: 95 * time.Second, HasTotal: true})
		}, "H|7g7f|3c3d 95s 95s"},
		{"repeated header key", func(rec *shogi.Record) {
			rec.Header.Add("備考", "a")
			rec.Header.Add("先手", "A")
			rec.Header.Add("備考", "b")
		}, "H 備考=a 先手=A|7g7f|3c3d"},
		{"手合割：その他", func(rec *shogi.Record) {
			rec.Header = append(shogi.Header{{Key: shogi.KeyHandicap, Value: "その他　"}}, rec.Header...)
			rec.Header.Add("先手", "A")
		}, "H 先手=A|7g7f|3c3d"},
		{"move number", func(rec *shogi.Record) { rec.Start.SetMoveNumber(37) }, "H|7g7f|3c3d"},
		{"bookmarks", func(rec *shogi.Record) {
			rec.SetBookmark(rec.Root, "開始")
			rec.SetBookmark(rec.NodeAt(2), "序盤")
			rec.SetComments(rec.NodeAt(2), []string{"好手"})
		}, "H|7g7f|3c3d 好手"},
		{"unnamed ending with comments, time and bookmark", func(rec *shogi.Record) {
			n := rec.AddChild(rec.NodeAt(2), 0, shogi.Ending{Kind: shogi.Unknown, Word: "対局停止"})
			rec.SetComments(n, []string{"停電"})
			rec.SetTime(n, shogi.MoveTime{Elapsed: 7 * time.Second, HasTime: true})
			rec.SetBookmark(n, "止")
		}, "H|7g7f|3c3d"},
		{"main line ends unnamed, with forks", func(rec *shogi.Record) {
			rec.AddChild(rec.NodeAt(2), 0, shogi.Ending{Kind: shogi.WinByDefault})
			m, _ := shogi.ParseUSIMove("2g2f")
			rec.AddChild(rec.NodeAt(2), m, shogi.Ending{})
			rec.AddChild(rec.NodeAt(2), 0, shogi.Ending{Kind: shogi.Try})
			rec.AddChild(rec.NodeAt(2), 0, shogi.Ending{Kind: shogi.Resign})
		}, "H|7g7f|3c3d|(2g2f)(TORYO)"},
		{"forks that are only unnamed endings", func(rec *shogi.Record) {
			rec.AddChild(rec.Root, 0, shogi.Ending{Kind: shogi.LoseByDefault})
			rec.AddChild(rec.NodeAt(1), 0, shogi.Ending{Kind: shogi.MaxMoves})
			m, _ := shogi.ParseUSIMove("8c8d")
			f := rec.AddChild(rec.NodeAt(1), m, shogi.Ending{})
			rec.SetBookmark(f, "変化")
			rec.AddChild(f, 0, shogi.Ending{Kind: shogi.Unknown, Word: "中止"})
		}, "H|7g7f|3c3d(8c8d)"},
	}
	for _, tt := range extTests {
		t.Run(tt.name, func(t *testing.T) {
			rec := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d")
			tt.edit(rec)
			out, losses := jkfWrite(t, render.Options{}, rec)
			if len(losses) > 0 {
				t.Errorf("losses %v", losses)
			}
			if !bytes.Contains(out, []byte(`"kifconv"`)) {
				t.Errorf("no extension:\n%s", out)
			}
			if err := jkfValidate(sch, out); err != nil {
				t.Errorf("not valid JKF: %v\n%s", err, out)
			}
			if got := jkfOthers(t, out); got != tt.others {
				t.Errorf("other readers see %q, want %q\n%s", got, tt.others, out)
			}
			back := jkfRead(t, out)
			jkfSameRecord(t, "read back", rec, back[0])
			// Several records: the compact form carries the same.
			lines, _ := jkfWrite(t, render.Options{}, rec, rec)
			for i, r := range jkfRead(t, lines) {
				jkfSameRecord(t, "JSON Lines record "+strconv.Itoa(i), rec, r)
			}
			again, _ := jkfWrite(t, render.Options{}, back[0])
			if !bytes.Equal(out, again) {
				t.Errorf("writing the read-back record gives different text:\n%s\nthen\n%s", out, again)
			}
		})
	}
}

// jkfOthers renders JKF as a reader that knows only the schema sees it:
// "H" and the header fields, then per main-line entry its move (USI),
// special, time ("1s 2s": now and total) and comments, with forks of an
// entry in parentheses (their first entry only).
func jkfOthers(t *testing.T, out []byte) string {
	t.Helper()
	type sq struct{ X, Y int }
	type entry struct {
		Move *struct {
			From    *sq
			To      sq
			Piece   string
			Promote *bool
		}
		Special  string
		Comments []string
		Time     *struct{ Now, Total struct{ H, M, S int } }
		Forks    [][]json.RawMessage
	}
	var doc struct {
		Header map[string]string
		Moves  []json.RawMessage
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("H")
	keys := make([]string, 0, len(doc.Header))
	for k := range doc.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(" " + k + "=" + doc.Header[k])
	}
	text := func(raw json.RawMessage) string {
		var e entry
		if err := json.Unmarshal(raw, &e); err != nil {
			t.Fatal(err)
		}
		var s []string
		if m := e.Move; m != nil {
			u := "?"
			if m.From != nil {
				u = strconv.Itoa(m.From.X) + string(rune('a'+m.From.Y-1))
			}
			u += strconv.Itoa(m.To.X) + string(rune('a'+m.To.Y-1))
			if m.Promote != nil && *m.Promote {
				u += "+"
			}
			s = append(s, u)
		}
		if e.Special != "" {
			s = append(s, e.Special)
		}
		if e.Time != nil {
			now := e.Time.Now.H*3600 + e.Time.Now.M*60 + e.Time.Now.S
			total := e.Time.Total.H*3600 + e.Time.Total.M*60 + e.Time.Total.S
			s = append(s, strconv.Itoa(now)+"s", strconv.Itoa(total)+"s")
		}
		s = append(s, e.Comments...)
		return strings.Join(s, " ")
	}
	for _, raw := range doc.Moves[1:] {
		b.WriteString("|" + text(raw))
		var e entry
		json.Unmarshal(raw, &e)
		for _, f := range e.Forks {
			b.WriteString("(" + text(f[0]) + ")")
		}
	}
	return b.String()
}

func TestJKFTimes(t *testing.T) {
	// Totals are written as stated, or computed per side where only the
	// time of the move is known; a total alone gives the move's time.
	rec := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d", "2g2f", "8c8d")
	set := func(ply int, el, tot int, hasEl, hasTot bool) {
		rec.SetTime(rec.NodeAt(ply), shogi.MoveTime{Elapsed: time.Duration(el) * time.Second, Total: time.Duration(tot) * time.Second, HasTime: hasEl, HasTotal: hasTot})
	}
	set(1, 10, 0, true, false)
	set(2, 3700, 0, true, false)
	set(3, 0, 100, false, true)
	set(4, 5, 4000, true, true)
	out, _ := jkfWrite(t, render.Options{}, rec)
	var doc struct {
		Moves []struct {
			Time *struct {
				Now   struct{ H, M, S int } `json:"now"`
				Total struct{ H, M, S int } `json:"total"`
			} `json:"time"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	want := [][6]int{{0, 0, 10, 0, 0, 10}, {0, 61, 40, 1, 1, 40}, {0, 1, 30, 0, 1, 40}, {0, 0, 5, 1, 6, 40}}
	for i, w := range want {
		tm := doc.Moves[i+1].Time
		got := [6]int{tm.Now.H, tm.Now.M, tm.Now.S, tm.Total.H, tm.Total.M, tm.Total.S}
		if got != w {
			t.Errorf("ply %d: time %v, want %v", i+1, got, w)
		}
	}
}

func TestJKFOutputForm(t *testing.T) {
	a := jkfRecord(t, shogi.StartPosition(), "7g7f")
	b := jkfRecord(t, shogi.BishopHC.Position(), "5a4b")
	one, _ := jkfWrite(t, render.Options{}, a)
	if !bytes.HasPrefix(one, []byte("{\n  \"header\": {},\n  \"initial\": {\n    \"preset\": \"HIRATE\"\n  },")) || !bytes.HasSuffix(one, []byte("}\n")) {
		t.Errorf("one record is not an indented document:\n%s", one)
	}
	three, _ := jkfWrite(t, render.Options{}, a, b, a)
	lines := strings.Split(strings.TrimSuffix(string(three), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("three records gave %d lines:\n%s", len(lines), three)
	}
	for i, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("line %d is not a JSON document: %s", i+1, l)
		}
	}
	recs := jkfRead(t, three)
	if len(recs) != 3 || recs[1].Preset != shogi.BishopHC {
		t.Errorf("read back %d records", len(recs))
	}
	// The indented form is encoding/json's Indent layout.
	rng := rand.New(rand.NewPCG(9, 9))
	for range 30 {
		rec := shogitest.RandomRecord(rng, shogitest.FullRandomOptions())
		pretty, _ := jkfWrite(t, render.Options{AllowLoss: true}, rec)
		compact, _ := jkfWrite(t, render.Options{AllowLoss: true}, rec, rec)
		line, _, _ := bytes.Cut(compact, []byte("\n"))
		var want bytes.Buffer
		if err := json.Indent(&want, line, "", "  "); err != nil {
			t.Fatal(err)
		}
		want.WriteByte('\n')
		if !bytes.Equal(pretty, want.Bytes()) {
			t.Errorf("indented output differs from json.Indent's:\n%s\nwant:\n%s", pretty, want.Bytes())
			break
		}
	}
	// Mainline leaves the forks out without a loss.
	v := jkfReadFile(t, filepath.Join(jkfTestdata, "kifconv-variations.jkf"))
	out, losses := jkfWrite(t, render.Options{Mainline: true}, v)
	if bytes.Contains(out, []byte(`"forks"`)) || len(losses) != 0 {
		t.Errorf("Mainline wrote forks or reported %v", losses)
	}
}

// TestJKFDeepVariations writes a tree whose variations nest 2000 deep.
func TestJKFDeepVariations(t *testing.T) {
	rec := shogi.NewRecord(shogi.StartPosition())
	add := func(n *shogi.Node, u string) *shogi.Node {
		m, err := shogi.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		return rec.AddChild(n, m, shogi.Ending{})
	}
	// The kings step out and back; each level's fourth ply has a
	// variation that holds the next level.
	n := rec.Root
	for range 2000 {
		n = add(add(add(n, "5i5h"), "5a5b"), "5h5i")
		add(n, "5b5a")
		n = add(add(add(add(add(n, "5b4b"), "5i5h"), "4b5b"), "5h5i"), "5b5a")
	}
	out, _ := jkfWrite(t, render.Options{}, rec)
	back := jkfRead(t, out)
	if d := shogi.Compare(rec, back[0], shogi.CompareOptions{}); !d.Equal() {
		t.Errorf("the deep tree does not read back the same")
	}
}

// jkfSchema compiles testdata/jkf/schema.json.
func jkfSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	sch := schematest.Compile(t, filepath.Join(jkfTestdata, "schema.json"), false)
	return sch
}

func jkfValidate(sch *jsonschema.Schema, doc []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

// TestJKFSchema validates what the writer writes against the JKF JSON
// Schema (testdata/jkf/schema.json, written from the published one): random
// records with variations, comments, bookmarks, times, handicaps and custom
// starts, every preset, every ending, and the corpus files read and written
// again.
func TestJKFSchema(t *testing.T) {
	sch := jkfSchema(t)
	var recs []*shogi.Record
	rng := rand.New(rand.NewPCG(7, 11))
	n := 150
	if testing.Short() {
		n = 40
	}
	for range n {
		recs = append(recs, shogitest.RandomRecord(rng, shogitest.FullRandomOptions()))
	}
	for _, h := range shogi.Handicaps() {
		rec := shogi.NewRecord(h.Position())
		rec.Preset = h
		recs = append(recs, rec)
	}
	for k := shogi.Resign; k <= shogi.Unknown; k++ {
		rec := jkfRecord(t, shogi.StartPosition(), "7g7f")
		rec.SetTime(rec.NodeAt(1), shogi.MoveTime{Elapsed: 1234567 * time.Millisecond, HasTime: true})
		rec.AddChild(rec.NodeAt(1), 0, shogi.Ending{Kind: k, Side: shogi.White, Word: "言葉"})
		rec.AddChild(rec.Root, 0, shogi.Ending{Kind: k, Side: shogi.Black, Word: "言葉"})
		recs = append(recs, rec)
	}
	files, _ := filepath.Glob(filepath.Join("../../../shared/corpus/jkf", "*"))
	testfiles, _ := filepath.Glob(filepath.Join(jkfTestdata, "*.jkf"))
	for _, f := range append(files, testfiles...) {
		recs = append(recs, jkfReadFile(t, f))
	}
	for i, rec := range recs {
		out, _ := jkfWrite(t, render.Options{AllowLoss: true}, rec)
		if err := jkfValidate(sch, out); err != nil {
			t.Errorf("record %d: %v\n%s", i, err, out)
		}
	}
	// JSON Lines: each line on its own.
	out, _ := jkfWrite(t, render.Options{AllowLoss: true}, recs[:20]...)
	for i, line := range bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) {
		if err := jkfValidate(sch, line); err != nil {
			t.Errorf("line %d: %v", i+1, err)
		}
	}
}

// TestJKFSchemaRejects makes sure the schema test can fail: documents that
// break the published schema are rejected.
func TestJKFSchemaRejects(t *testing.T) {
	sch := jkfSchema(t)
	move := `{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}`
	bad := map[string]string{
		"no header":           `{"moves":[{}]}`,
		"extra member":        `{"header":{},"moves":[{}],"version":1}`,
		"MAX_MOVES":           `{"header":{},"moves":[{},{"special":"MAX_MOVES"}]}`,
		"relative out of set": `{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":7,"y":6},"piece":"FU","relative":"CM"}}]}`,
		"square 0":            `{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":0,"y":6},"piece":"FU"}}]}`,
		"no to":               `{"header":{},"moves":[{},{"move":{"color":0,"piece":"FU"}}]}`,
		"captured king":       `{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":7,"y":6},"piece":"FU","capture":"OU"}}]}`,
		"time without total":  `{"header":{},"moves":[{},{"move":` + move + `,"time":{"now":{"m":0,"s":1}}}]}`,
		"unknown preset":      `{"header":{},"initial":{"preset":"9"},"moves":[{}]}`,
		"OTHER without data":  `{"header":{},"initial":{"preset":"OTHER"},"moves":[{}]}`,
		"header number":       `{"header":{"手数":1},"moves":[{}]}`,
		"fork not an array":   `{"header":{},"moves":[{},{"move":` + move + `,"forks":[{"move":` + move + `}]}]}`,
	}
	for name, doc := range bad {
		if jkfValidate(sch, []byte(doc)) == nil {
			t.Errorf("%s: accepted %s", name, doc)
		}
	}
	for _, good := range []string{
		`{"header":{},"moves":[{"comments":["a"]},{"move":` + move + `,"time":{"now":{"m":0,"s":1},"total":{"h":0,"m":0,"s":1}}}]}`,
		// The kifconv extension lives in moves[0], the one object the
		// schema leaves open; an entry is closed.
		`{"header":{},"moves":[{"kifconv":{"nodes":[{"at":[1],"bookmark":"b"}]}},{"move":` + move + `}]}`,
	} {
		if err := jkfValidate(sch, []byte(good)); err != nil {
			t.Errorf("a valid document was rejected: %v\n%s", err, good)
		}
	}
	if jkfValidate(sch, []byte(`{"header":{},"moves":[{},{"move":`+move+`,"kifconv":{}}]}`)) == nil {
		t.Errorf("an extension member in an entry was accepted")
	}
}

// TestJKFRoundTrip writes random records and reads them back: everything
// JKF carries must come back the same, and writing what was read gives the
// same text.
func TestJKFRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := 400
	if testing.Short() {
		n = 80
	}
	for i := range n {
		rec := shogitest.RandomRecord(rng, shogitest.FullRandomOptions())
		out, losses := jkfWrite(t, render.Options{}, rec)
		if len(losses) > 0 {
			t.Fatalf("record %d: losses %v", i, losses)
		}
		back := jkfRead(t, out)
		if len(back) != 1 {
			t.Fatalf("record %d: read back %d records", i, len(back))
		}
		jkfSameRecord(t, "record "+strconv.Itoa(i), rec, back[0])
		again, _ := jkfWrite(t, render.Options{}, back[0])
		if !bytes.Equal(out, again) {
			t.Errorf("record %d: writing the read-back record gives different text", i)
		}
	}
}

func BenchmarkWriteJKF(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	opt := shogitest.FullRandomOptions()
	opt.MaxPlies = 150
	opt.Variations = 0
	var recs []*shogi.Record
	moves := 0
	for range 20 {
		rec := shogitest.RandomRecord(rng, opt)
		for n := range rec.MainLine() {
			if !n.IsEnd() {
				moves++
			}
		}
		recs = append(recs, rec)
	}
	w := render.NewJKF(io.Discard, render.Options{AllowLoss: true})
	b.ReportAllocs()
	b.ResetTimer()
	cpu := procstat.CPU()
	for i := 0; i < b.N; i++ {
		for _, rec := range recs {
			if err := w.Write(rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	w.Flush()
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	if cpu := procstat.CPU() - cpu; cpu > 0 {
		// The figure to compare on a shared machine.
		b.ReportMetric(float64(moves)*float64(b.N)/cpu.Seconds(), "moves/cpu-s")
	}
}

// TestJKFCorpusRoundTrip is issue 5's check in-process: every valid file of
// the shared corpus, read as the CLI reads it, written as JKF and read back,
// is the same record (shogi.Compare, and what it does not look at).
func TestJKFCorpusRoundTrip(t *testing.T) {
	const corpus = "../../../shared/corpus"
	list, err := os.ReadFile(filepath.Join(corpus, "SOURCES.tsv"))
	if err != nil {
		t.Skip("no shared corpus")
	}
	invalid := map[string]bool{}
	if b, err := os.ReadFile(filepath.Join(corpus, "INVALID.txt")); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				invalid[l] = true
			}
		}
	}
	files := 0
	for _, row := range strings.Split(strings.TrimSpace(string(list)), "\n")[1:] {
		rel, _, _ := strings.Cut(row, "\t")
		if invalid[rel] {
			continue
		}
		files++
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, rel))
			if err != nil {
				t.Fatal(err)
			}
			text, _, err := charset.Decode(data)
			if err != nil {
				t.Skipf("not decoded (the charset's business): %v", err)
			}
			r, err := parse.New(parse.Detect(text, rel), bytes.NewReader(text), parse.Options{Filename: rel})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; ; i++ {
				rec, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					// The reader of the source format rejects the file
					// (its own tests say why); nothing to write.
					t.Skipf("record %d not read: %v", i, err)
				}
				out, losses := jkfWrite(t, render.Options{}, rec)
				if len(losses) > 0 {
					t.Errorf("record %d: losses %v", i, losses)
				}
				back, err := parse.NewJKF(bytes.NewReader(out), parse.Options{}).Read()
				if err != nil {
					t.Fatalf("record %d: the JKF does not read back: %v\n%s", i, err, out)
				}
				jkfSameRecord(t, "record "+strconv.Itoa(i), rec, back)
			}
		})
	}
	if files == 0 {
		t.Fatal("SOURCES.tsv lists no files")
	}
}

// TestJKFFoul: an illegal move kept because a foul ending documents it is
// written as it stands (even one that takes a king, without the "capture"
// the schema has no kind for) and reads back.
func TestJKFFoul(t *testing.T) {
	foulTests := []struct {
		name  string
		start shogi.Position
		moves []string // the last one is illegal
		end   shogi.Ending
	}{
		{"self-check", jkfPos(t, shogi.Black, "B玉59", "B金58", "W龍52", "W玉51"), []string{"5h4h"}, shogi.Ending{Kind: shogi.FoulWin}},
		{"takes its own king", jkfPos(t, shogi.Black, "B玉59", "B金58", "W玉51"), []string{"5h5i"}, shogi.Ending{Kind: shogi.FoulLose, Side: shogi.White}},
		{"unreachable, then ILLEGAL_MOVE", shogi.StartPosition(), []string{"7g7f", "3c3d", "7f7d"}, shogi.Ending{Kind: shogi.IllegalMove}},
	}
	for _, tt := range foulTests {
		t.Run(tt.name, func(t *testing.T) {
			rec := jkfRecord(t, tt.start, tt.moves[:len(tt.moves)-1]...)
			m, err := shogi.ParseUSIMove(tt.moves[len(tt.moves)-1])
			if err != nil {
				t.Fatal(err)
			}
			n := rec.MainLineEnd()
			if n == nil {
				n = rec.Root
			}
			pos, _ := rec.PositionAt(n)
			if pos.Legal(m) == nil {
				t.Fatalf("%v is legal", m)
			}
			n = rec.AddChild(n, m, shogi.Ending{})
			e := tt.end
			e.Side = pos.Turn().Opponent()
			rec.AddChild(n, 0, e)
			out, _ := jkfWrite(t, render.Options{}, rec)
			if bytes.Contains(out, []byte(`"OU"`)) && bytes.Contains(out, []byte(`"capture": "OU"`)) {
				t.Errorf("a king written as captured:\n%s", out)
			}
			if err := jkfValidate(jkfSchema(t), out); err != nil {
				t.Errorf("not valid JKF: %v", err)
			}
			jkfSameRecord(t, "read back", rec, jkfRead(t, out)[0])
		})
	}
}

// TestJKFStrings: header values and comments are escaped as JSON needs
// (quotes, backslashes, control characters), U+2028 and U+2029 as escapes
// too (old JavaScript cannot hold them raw), invalid UTF-8 becomes U+FFFD;
// the rest of the text is copied as it is.
func TestJKFStrings(t *testing.T) {
	stringTests := []struct{ in, raw, back string }{
		{"棋聖戦", `"棋聖戦"`, "棋聖戦"},
		{`a"b\c`, `"a\"b\\c"`, `a"b\c`},
		{"tab\tcr\rnl\nbel\x07", `"tab\tcr\rnl\nbel\u0007"`, "tab\tcr\rnl\nbel\x07"},
		{"段\u2028落\u2029", `"段\u2028落\u2029"`, "段\u2028落\u2029"},
		{"bad\xffutf8\xe2\x80", `"bad` + "\ufffdutf8\ufffd\ufffd" + `"`, "bad\ufffdutf8\ufffd\ufffd"},
		{"→ ✓ \u2027\u202a", `"→ ✓ ` + "\u2027\u202a" + `"`, "→ ✓ \u2027\u202a"},
	}
	for _, tt := range stringTests {
		rec := shogi.NewRecord(shogi.StartPosition())
		rec.Header.Add("備考", tt.in)
		out, _ := jkfWrite(t, render.Options{}, rec)
		if !bytes.Contains(out, []byte(`"備考": `+tt.raw)) {
			t.Errorf("%q written as\n%s\nwant %s", tt.in, out, tt.raw)
		}
		var doc struct{ Header map[string]string }
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		if got := doc.Header["備考"]; got != tt.back {
			t.Errorf("%q reads back as %q, want %q", tt.in, got, tt.back)
		}
	}
}

// TestJKFLongGameMemory: writing a long game streams it, so the writer's
// allocations stay a few bytes a move (issue 15 asks at most 64). Its
// indented text outgrows what the writer holds back, so it goes out
// compact, one line, as JSON Lines would have it: alone or followed by
// another record.
func TestJKFLongGameMemory(t *testing.T) {
	if shogitest.RaceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	const plies = 200_000
	start, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	rec := shogi.NewRecord(start)
	n := rec.Root
	shuffle := [4]string{"5i4i", "5a4a", "4i5i", "4a5a"}
	for i := range plies {
		m, err := shogi.ParseUSIMove(shuffle[i%4])
		if err != nil {
			t.Fatal(err)
		}
		n = rec.AddChild(n, m, shogi.Ending{})
	}
	for _, records := range []int{1, 2} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var lines jkfLineCounter
		w := render.NewJKF(&lines, render.Options{})
		for range records {
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if per := float64(after.TotalAlloc-before.TotalAlloc) / float64(records*plies); per > 64 {
			t.Errorf("%d records: %.0f bytes allocated a move, want at most 64", records, per)
		}
		if lines != jkfLineCounter(records) {
			t.Errorf("%d records written as %d lines", records, lines)
		}
	}
}

// jkfLineCounter counts the lines written to it.
type jkfLineCounter int

func (c *jkfLineCounter) Write(p []byte) (int, error) {
	*c += jkfLineCounter(bytes.Count(p, []byte{'\n'}))
	return len(p), nil
}

// TestJKFTooDeep: variations nested deeper than JSON decoders read (3000
// levels of forks, 9000 of JSON) are a loss: refused before anything is
// written, or with AllowLoss left out below that depth and named.
func TestJKFTooDeep(t *testing.T) {
	rec := shogi.NewRecord(shogi.StartPosition())
	pos := rec.Start
	n := rec.Root
	var buf [shogi.MaxLegalMoves]shogi.Move
	for range 3001 {
		moves := pos.LegalMoves(buf[:0])
		rec.AddChild(n, moves[0], shogi.Ending{})
		n = rec.AddChild(n, moves[len(moves)-1], shogi.Ending{})
		pos.Play(moves[len(moves)-1])
	}
	var out bytes.Buffer
	err := render.NewJKF(&out, render.Options{}).Write(rec)
	if !errors.Is(err, render.ErrLossy) || out.Len() > 0 {
		t.Errorf("err %v, %d bytes written; want a loss and nothing", err, out.Len())
	}
	text, losses := jkfWrite(t, render.Options{AllowLoss: true}, rec)
	if len(losses) != 1 || losses[0] != "variations nested deeper than 3000 levels" {
		t.Errorf("losses %q", losses)
	}
	back := jkfRead(t, text)
	depth := 0
	for m := back[0].Root; m.NumChildren() > 0; depth++ {
		if m.NumChildren() < 2 {
			break
		}
		m = m.Child(1)
	}
	if depth != 3000 {
		t.Errorf("read back %d levels of variations, want 3000", depth)
	}
}
