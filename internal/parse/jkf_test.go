package parse

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// jkfCorpus is the shared corpus, read (never copied) by tests that compare
// with the oracle's expectations.
const jkfCorpus = "../../../shared/corpus"

// The canonical JSON of ../shared/oracle/README.md, built from our records,
// so a record can be compared with the oracle's expect/*.json.
type jcMove struct {
	USI     *string  `json:"usi"`
	Special *string  `json:"special"`
	Comment string   `json:"comment"`
	Time    *float64 `json:"time"`
}

type jcLine struct {
	FromPly    int      `json:"from_ply,omitempty"`
	Moves      []jcMove `json:"moves"`
	SpecialEnd *string  `json:"special_end"`
	Variations []jcLine `json:"variations"`
}

type jcRecord struct {
	Initial        string            `json:"initial"`
	InitialComment string            `json:"initial_comment"`
	Header         map[string]string `json:"header"`
	Moves          []jcMove          `json:"moves"`
	SpecialEnd     *string           `json:"special_end"`
	Variations     []jcLine          `json:"variations"`
}

// jcOptions says what the comparison leaves out, as the oracle's diff
// --ignore does.
type jcOptions struct {
	noTime, noComments, noHeader, noVariations, noSpecials bool
}

func jcSpecial(e shogi.Ending, toMove shogi.Color) string {
	switch n := e.Normalize(toMove); n.Kind {
	case shogi.Resign:
		return "resign"
	case shogi.Interrupt:
		return "interrupt"
	case shogi.MaxMoves:
		return "max_moves"
	case shogi.Impasse:
		return "impasse"
	case shogi.Draw:
		return "draw"
	case shogi.Sennichite:
		return "repetition_draw"
	case shogi.Mate:
		return "mate"
	case shogi.NoMate:
		return "no_mate"
	case shogi.Timeout:
		return "timeout"
	case shogi.FoulWin:
		return "foul_win"
	case shogi.FoulLose, shogi.IllegalMove:
		return "foul_lose"
	case shogi.EnteringKing:
		return "entering_of_king"
	case shogi.WinByDefault:
		return "win_by_default"
	case shogi.LoseByDefault:
		return "lose_by_default"
	case shogi.Try:
		return "try"
	default:
		return "unknown:" + n.Word
	}
}

// jcLines returns a node's comment lines as a JKF file holds them: a
// bookmark is a last line starting with &.
func jcLines(n *shogi.Node) []string {
	if n.Bookmark() == "" {
		return n.Comments()
	}
	return append(n.Comments()[:len(n.Comments()):len(n.Comments())], "&"+n.Bookmark())
}

func jcComment(lines []string) string {
	return strings.TrimRight(strings.ReplaceAll(strings.Join(lines, "\n"), "\r", ""), "\n")
}

// jcOf builds the canonical form of rec.
func jcOf(t testing.TB, rec *shogi.Record, o jcOptions) jcRecord {
	t.Helper()
	start := rec.Start
	start.SetMoveNumber(1)
	c := jcRecord{Initial: start.SFEN(), InitialComment: jcComment(jcLines(rec.Root)), Header: map[string]string{}}
	for _, f := range rec.Header {
		c.Header[f.Key] = f.Value
	}
	if first := rec.Root.Next(); first != nil {
		l := jcLineOf(t, rec, first, rec.Start, 1, true)
		c.Moves, c.SpecialEnd, c.Variations = l.Moves, l.SpecialEnd, l.Variations
	}
	return jcNormalize(c, o)
}

func jcLineOf(t testing.TB, rec *shogi.Record, first *shogi.Node, pos shogi.Position, ply int, withFirstSiblings bool) jcLine {
	var l jcLine
	for n, i := first, 0; n != nil; n, i = n.Next(), i+1 {
		var m jcMove
		secs := n.Time().Elapsed.Seconds()
		m.Time = &secs
		m.Comment = jcComment(jcLines(n))
		if n.IsEnd() {
			s := jcSpecial(n.End(), pos.Turn())
			m.Special = &s
		} else {
			u := n.Move.String()
			m.USI = &u
		}
		l.Moves = append(l.Moves, m)
		if i > 0 || withFirstSiblings {
			if sibs := slices.Collect(n.Parent().Children()); sibs[0] == n {
				for _, alt := range sibs[1:] {
					v := jcLineOf(t, rec, alt, pos, ply+i, false)
					v.FromPly = ply + i
					l.Variations = append(l.Variations, v)
				}
			}
		}
		if !n.IsEnd() {
			if err := pos.Legal(n.Move); err != nil {
				t.Fatalf("ply %d %s: %v", ply+i, n.Move, err)
			}
			pos.Play(n.Move)
		}
	}
	l.SpecialEnd = jcLineEnd(l.Moves)
	return l
}

func jcLineEnd(ms []jcMove) *string {
	if len(ms) > 0 {
		return ms[len(ms)-1].Special
	}
	return nil
}

// jcNormalize drops what the comparison ignores, and what conform.mjs
// leaves out: endings the oracle could not name, and empty header values
// (tsshogi does not keep them).
func jcNormalize(c jcRecord, o jcOptions) jcRecord {
	for k, v := range c.Header {
		if v == "" || o.noHeader {
			delete(c.Header, k)
		}
	}
	if o.noComments {
		c.InitialComment = ""
	}
	l := jcNormalizeLine(jcLine{Moves: c.Moves, Variations: c.Variations}, o)
	c.Moves, c.SpecialEnd, c.Variations = l.Moves, l.SpecialEnd, l.Variations
	return c
}

func jcNormalizeLine(l jcLine, o jcOptions) jcLine {
	out := l
	out.Moves = nil
	for _, m := range l.Moves {
		if m.Special != nil && (o.noSpecials || strings.HasPrefix(*m.Special, "unknown:")) {
			continue
		}
		if o.noTime {
			m.Time = nil
		}
		if o.noComments {
			m.Comment = ""
		}
		out.Moves = append(out.Moves, m)
	}
	out.SpecialEnd = jcLineEnd(out.Moves)
	out.Variations = nil
	if !o.noVariations {
		for _, v := range l.Variations {
			if v = jcNormalizeLine(v, o); len(v.Moves) > 0 {
				out.Variations = append(out.Variations, v)
			}
		}
	}
	return out
}

// jcDiff returns "" when a and b are equal, else the first differing
// line of their indented JSON.
func jcDiff(a, b jcRecord) string {
	ja, _ := json.MarshalIndent(a, "", " ")
	jb, _ := json.MarshalIndent(b, "", " ")
	if bytes.Equal(ja, jb) {
		return ""
	}
	la, lb := strings.Split(string(ja), "\n"), strings.Split(string(jb), "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			from := max(0, i-3)
			return "line " + strconv.Itoa(i+1) + ":\n  got:  " + strings.Join(la[from:i+1], "\n        ") + "\n  want: " + strings.Join(lb[from:i+1], "\n        ")
		}
	}
	return "lengths differ: " + strconv.Itoa(len(la)) + " vs " + strconv.Itoa(len(lb)) + " lines"
}

func jcLoadExpect(t *testing.T, rel string, o jcOptions) (jcRecord, bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(jkfCorpus, "expect", rel+".json"))
	if err != nil {
		return jcRecord{}, false
	}
	var c jcRecord
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	if c.Header == nil {
		c.Header = map[string]string{}
	}
	return jcNormalize(c, o), true
}

func jkfReadAll(t testing.TB, r Reader) []*shogi.Record {
	t.Helper()
	var recs []*shogi.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
}

// TestJKFCorpus reads every JKF file of the shared corpus and compares the
// record with the oracle's expectation.
func TestJKFCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(jkfCorpus, "jkf", "*"))
	if len(files) == 0 {
		t.Skip("no shared corpus")
	}
	for _, file := range files {
		rel := "jkf/" + filepath.Base(file)
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, ok := jcLoadExpect(t, rel, jcOptions{})
			if !ok {
				t.Skip("no expectation")
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r := NewJKF(bytes.NewReader(data), Options{Filename: rel})
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range r.Warnings() {
				t.Logf("warning: %v", w)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("second Read: %v, want io.EOF", err)
			}
			if d := jcDiff(jcOf(t, rec, jcOptions{}), want); d != "" {
				t.Errorf("record differs from the oracle's: %s", d)
			}
		})
	}
}

func TestJKFErrors(t *testing.T) {
	errorTests := []struct {
		name string
		in   string
		want Error // Err and Pos (line, col) are compared; Detail must contain Detail
	}{
		{"not JSON", `hello`, Error{Pos: Pos{Line: 1, Col: 1}, Err: ErrBadJSON, Detail: "invalid character 'h' at start of value"}},
		{"array at top", `[1]`, Error{Pos: Pos{Line: 1, Col: 1}, Err: ErrBadJSON, Detail: "want a JKF object"}},
		{"truncated", "{\"header\": {}, \"moves\": [{}, ", Error{Pos: Pos{Line: 1, Col: 30}, Err: ErrTruncated, Detail: "the input ends inside a JSON value"}},
		{"missing colon", `{"header" {}}`, Error{Pos: Pos{Line: 1, Col: 11}, Err: ErrBadJSON, Detail: "invalid character '{' after object name (expecting ':')"}},
		{"trailing comma", `{"header": {}, "moves": [{},]}`, Error{Pos: Pos{Line: 1, Col: 28}, Err: ErrBadJSON, Detail: "invalid character ',' at start of value"}},
		{"unterminated string", `{"header": {"先手": "abc`, Error{Pos: Pos{Line: 1, Col: 19}, Err: ErrTruncated, Detail: "unterminated string"}},
		{"raw newline in string", "{\"header\": {\"a\": \"x\ny\"}}", Error{Pos: Pos{Line: 1, Col: 20}, Err: ErrBadJSON, Detail: "control character"}},
		{"bad number", `{"header": {}, "moves": [{}, {"move": {"color": 01}}]}`, Error{Pos: Pos{Line: 1, Col: 50}, Err: ErrBadJSON, Detail: "invalid character '1' after object value"}},
		{"unknown preset", `{"header": {}, "initial": {"preset": "9"}, "moves": []}`, Error{Pos: Pos{Line: 1, Col: 38}, Err: ErrBadBoard, Detail: "unknown preset \"9\""}},
		{"OTHER without data", `{"header": {}, "initial": {"preset": "OTHER"}, "moves": []}`, Error{Pos: Pos{Line: 1, Col: 38}, Err: ErrBadBoard, Detail: "needs \"data\""}},
		{"bad square", `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 10}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 60}, Err: shogi.ErrBadSquare, Detail: "moves[1].move.from: x and y must be 1 to 9"}},
		{"empty origin", "{\"header\": {},\n \"moves\": [{},\n  {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 6}, \"to\": {\"x\": 7, \"y\": 5}, \"piece\": \"FU\"}}]}",
			Error{Pos: Pos{Line: 3, Col: 33}, Ply: 1, Err: shogi.ErrNoPiece, Detail: "moves[1].move.from: 7六 is empty"}},
		{"wrong piece", `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "KY"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 111}, Ply: 1, Err: shogi.ErrWrongPiece, Detail: "moves[1].move.piece: KY but 7七 holds FU"}},
		{"wrong color", `{"header": {}, "moves": [{}, {"move": {"color": 1, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: ErrWrongColor, Detail: "color 1 but black is to move"}},
		{"unreachable", `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: shogi.ErrUnreachable, Detail: "ply 1 moves[1].move (7g7e)"}},
		{"drop not in hand", `{"header": {}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "KA", "relative": "H"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: shogi.ErrNotInHand, Detail: "moves[1].move (B*5e)"}},
		// Without "from" and with no board piece to make the move, a move
		// is what the JKF schema says it is, a drop: here of a piece not
		// in hand, kept as every illegal move is.
		{"no from, no piece in hand", `{"header": {}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "KA"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: shogi.ErrNotInHand, Detail: "moves[1].move (B*5e)"}},
		{"nothing can get there", `{"header": {}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "UM"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: shogi.ErrNoSuchMove, Detail: "no UM can move to 5五"}},
		{"same without previous", `{"header": {}, "moves": [{}, {"move": {"color": 0, "same": true, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 39}, Ply: 1, Err: shogi.ErrNoPreviousMov, Detail: "same without a previous move"}},
		{"error inside a fork", "{\"header\": {}, \"moves\": [{},\n" +
			`{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"},` + "\n" +
			` "forks": [[{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}},` + "\n" +
			`            {"move": {"color": 1, "from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 3}, "piece": "FU"}}]]}]}`,
			Error{Pos: Pos{Line: 4, Col: 22}, Ply: 2, Err: shogi.ErrOwnCapture, Detail: "ply 2 moves[1].forks[0][1].move (8c8c)"}},
		{"nifu", `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": [[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{"color":0,"kind":"FU"},{},{"color":0,"kind":"OU"}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]], "hands": [{"FU": 1}, {}]}}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 455}, Ply: 1, Err: shogi.ErrNifu, Detail: "moves[1].move (P*5e)"}},
		{"both move and special", `{"header": {}, "moves": [{}, {"special": "TORYO", "move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
			Error{Pos: Pos{Line: 1, Col: 30}, Ply: 1, Err: ErrSyntax, Detail: "either a move or a special"}},
		{"bad time type", `{"header": {}, "moves": [{}, {"special": "TORYO", "time": {"now": {"m": "1", "s": 0}}}]}`,
			Error{Pos: Pos{Line: 1, Col: 73}, Err: ErrSyntax, Detail: "moves[1].time.now: want a number, found a string"}},
		{"column in runes", `{"header": {"棋戦": "竜王戦", "x": ?}}`, Error{Pos: Pos{Line: 1, Col: 31}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"too many files", `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": [` + strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 9) +
			`[{}]], "hands": [{}, {}]}}, "moves": []}`, Error{Pos: Pos{Line: 1, Col: 339}, Err: ErrBadJSON, Detail: "initial.data.board[9]: the board has 9 files"}},
		// "moves" before "initial" is read in a second pass over the
		// captured text: positions there and after it stay exact.
		{"column after captured moves", `{"moves":[{"comments":["日本語"]}],"header":{"a":?}}`, Error{Pos: Pos{Line: 1, Col: 47}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"column inside captured moves", "{\"moves\":[{\"comments\":[\"日本語\"]},\n {\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":6},\"to\":{\"x\":7,\"y\":5},\"piece\":\"二\"}}]}",
			Error{Pos: Pos{Line: 2, Col: 69}, Err: ErrSyntax, Detail: "moves[1].move.piece: \"二\" is not a piece name"}},
		// Lines are counted as the line readers count them: a bare CR
		// ends one too (a fuzzed input).
		{"after a byte-order mark", "\ufeff{\"header\": ?}", Error{Pos: Pos{Line: 1, Col: 12}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"indented", "{\n  \"header\": {},\r\n  \"moves\": [\n    {},\n    {\"x\": \"竜王\", \"move\": ?}]}", Error{Pos: Pos{Line: 5, Col: 25}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"bare CR", "{\"header\": {},\r \"moves\": [?]}", Error{Pos: Pos{Line: 2, Col: 12}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"bare CR in captured moves", "{\"moves\": [{},\r{}], \"header\": ?}", Error{Pos: Pos{Line: 2, Col: 16}, Err: ErrBadJSON, Detail: "invalid character '?' at start of value"}},
		{"hand past 18", `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": {}, "hands": [{"FU": 18, "TO": 1}, {}]}}, "moves": []}`,
			Error{Pos: Pos{Line: 1, Col: 108}, Err: ErrBadBoard, Detail: "initial.data.hands[0].TO: count out of range"}},
		{"short file", `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": [[{}]], "hands": [{}, {}]}}, "moves": []}`,
			Error{Pos: Pos{Line: 1, Col: 78}, Err: ErrBadBoard, Detail: "initial.data.board[0]: a file has 9 squares, found 1"}},
	}
	for _, tt := range errorTests {
		t.Run(tt.name, func(t *testing.T) {
			// An illegal move is a warning in lenient mode (the move kept
			// as its line's last), with the error's code and position.
			r := NewJKF(strings.NewReader(tt.in), Options{})
			_, err := r.Read()
			if err == nil && len(r.Warnings()) > 0 && errors.Is(r.Warnings()[0], tt.want.Err) {
				err = r.Warnings()[0]
				var se *Error
				if _, strict := NewJKF(strings.NewReader(tt.in), Options{Strict: true}).Read(); !errors.As(strict, &se) || se.Pos != err.(*Error).Pos || !errors.Is(strict, tt.want.Err) {
					t.Errorf("strict: %v, want the warning's error %v", strict, err)
				}
			}
			var got *Error
			if !errors.As(err, &got) {
				t.Fatalf("err = %v, want *Error", err)
			}
			// Read a byte at a time, the input gives the same diagnostic
			// (lines and columns counted across the decoder's reads).
			r1 := NewJKF(iotest.OneByteReader(strings.NewReader(tt.in)), Options{})
			_, err1 := r1.Read()
			if err1 == nil && len(r1.Warnings()) > 0 {
				err1 = r1.Warnings()[0]
			}
			if err1 == nil || err1.Error() != err.Error() {
				t.Errorf("read a byte at a time: %v, want %v", err1, err)
			}
			if got.Err != tt.want.Err || got.Pos.Line != tt.want.Pos.Line || got.Pos.Col != tt.want.Pos.Col || got.Ply != tt.want.Ply ||
				!strings.Contains(got.Detail, tt.want.Detail) {
				t.Errorf("got  %d:%d ply %d [%s] %s\nwant %d:%d ply %d [%s] …%s…", got.Pos.Line, got.Pos.Col, got.Ply, Code(got.Err), got.Detail,
					tt.want.Pos.Line, tt.want.Pos.Col, tt.want.Ply, Code(tt.want.Err), tt.want.Detail)
			}
		})
	}
}

// jkfGame is a small game used by several tests: 1.▲7六歩 2.△3四歩 3.▲2二角成
// 4.△同銀 5.▲4五角 (drop) 6. resign, with a fork at ply 3.
const jkfGame = `{"header": {"先手": "A", "後手": "B"},
 "moves": [{"comments": ["start"]},
  {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}, "time": {"now": {"m": 0, "s": 5}, "total": {"h": 0, "m": 0, "s": 5}}},
  {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}},
  {"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "capture": "KA", "promote": true},
   "comments": ["exchange"],
   "forks": [[{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}}, {"special": "CHUDAN"}]]},
  {"move": {"color": 1, "from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "piece": "GI", "capture": "UM", "same": true}},
  {"move": {"color": 0, "to": {"x": 4, "y": 5}, "piece": "KA"}},
  {"special": "TORYO"}]}`

func TestJKFForms(t *testing.T) {
	want := "7g7f 3c3d 8h2b+ 3a2b B*4e"
	forms := []struct {
		name, in string
		usi      string // main line; empty: want
		warnings int
	}{
		{"normalized", jkfGame, "", 0},
		{"raw KI2: no from, same without to, relative", `{"header": {}, "moves": [{},
			{"move": {"color": 0, "to": {"x": 7, "y": 6}, "piece": "FU"}},
			{"move": {"color": 1, "to": {"x": 3, "y": 4}, "piece": "FU"}},
			{"move": {"color": 0, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true}},
			{"move": {"color": 1, "same": true, "piece": "GI"}},
			{"move": {"color": 0, "to": {"x": 4, "y": 5}, "piece": "KA"}}]}`, "", 0},
		{"raw CSA: piece after promotion", `{"header": {}, "moves": [{},
			{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
			{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}},
			{"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "UM"}},
			{"move": {"color": 1, "from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "piece": "GI"}},
			{"move": {"color": 0, "to": {"x": 4, "y": 5}, "piece": "KA"}}]}`, "", 1},
		{"moves before initial", `{"header": {}, "moves": [{}, {"move": {"color": 1, "from": {"x": 5, "y": 1}, "to": {"x": 4, "y": 2}, "piece": "OU"}}], "initial": {"preset": "10"}}`, "5a4b", 0},
		{"initial null", `{"header": {}, "initial": null, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`, "7g7f", 0},
		{"moves[0] holds a move", `{"header": {}, "moves": [{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`, "7g7f", 1},
		{"unknown members", `{"header": {}, "version": 2, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU", "note": [1, {"a": null}]}}]}`, "7g7f", 2},
		{"BOM and CRLF", "\ufeff{\"header\": {},\r\n\"moves\": [{}]}\r\n", "", 0},
		{"drop named with H though no board piece reaches", `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": {}, "hands": [{"KI": 1}, {}]}}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 5}, "piece": "KI", "relative": "H"}}]}`, "G*5e", 0},
	}
	for _, tt := range forms {
		t.Run(tt.name, func(t *testing.T) {
			r := NewJKF(strings.NewReader(tt.in), Options{})
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			w := tt.usi
			if w == "" && !strings.HasPrefix(tt.name, "BOM") {
				w = want
			}
			if got := jkfMainLine(rec); got != w {
				t.Errorf("main line %q, want %q", got, w)
			}
			if len(r.Warnings()) != tt.warnings {
				t.Errorf("%d warnings, want %d: %v", len(r.Warnings()), tt.warnings, r.Warnings())
			}
			if tt.warnings > 0 {
				_, err := NewJKF(strings.NewReader(tt.in), Options{Strict: true}).Read()
				if err == nil {
					t.Errorf("strict mode accepted what lenient mode warned about")
				}
			}
		})
	}
}

func jkfMainLine(rec *shogi.Record) string {
	var b []byte
	for n := range rec.MainLine() {
		if n.IsEnd() {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = n.Move.AppendUSI(b)
	}
	return string(b)
}

func TestJKFTree(t *testing.T) {
	rec, err := NewJKF(strings.NewReader(jkfGame), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header.Value("先手") + rec.Header.Value("後手"); got != "AB" {
		t.Errorf("header %v", rec.Header)
	}
	if got := jcComment(rec.Root.Comments()); got != "start" {
		t.Errorf("root comment %q", got)
	}
	n1 := rec.NodeAt(1)
	if !n1.Time().HasTime || n1.Time().Elapsed.Seconds() != 5 || !n1.Time().HasTotal || n1.Time().Total.Seconds() != 5 {
		t.Errorf("ply 1 time %+v", n1.Time())
	}
	n2 := rec.NodeAt(2)
	if n2.NumChildren() != 2 || n2.Child(1).Move.String() != "2g2f" || n2.Child(1).Next().End().Kind != shogi.Interrupt {
		t.Fatalf("fork at ply 3 not read as the second child of ply 2")
	}
	end := rec.MainLineEnd()
	if end.End().Kind != shogi.Resign || end.End().Side != shogi.White || end.Ply() != 6 {
		t.Errorf("ending %+v at ply %d", end.End(), end.Ply())
	}
}

func TestJKFForkBeforeMove(t *testing.T) {
	// "forks" written before "move" in the entry: the entry's own move must
	// still be the main line.
	in := `{"header": {}, "moves": [{}, {"forks": [[{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}}]],
		"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`
	rec, err := NewJKF(strings.NewReader(in), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	if cs := slices.Collect(rec.Root.Children()); len(cs) != 2 || cs[0].Move.String() != "7g7f" || cs[1].Move.String() != "2g2f" {
		t.Errorf("children of the root: %v", slices.Collect(rec.Root.Children()))
	}
}

// An entry with only forks (json-kifu-format writes an ending it cannot
// name so) ends its line in the source; a record has no empty node, so the
// first fork continues the line, with a warning that says so. kifconv's own
// output names such an ending in its extension and reads back silently
// (TestJKFExtension).
func TestJKFForksOnlyEntry(t *testing.T) {
	in := `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
		{"time": {"now": {"m": 0, "s": 12}}, "forks": [[{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}}]]}]}`
	r := NewJKF(strings.NewReader(in), Options{})
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	ws := r.Warnings()
	if len(ws) != 1 || ws[0].Code() != ErrBadVariation.Code || ws[0].Ply != 2 || !strings.Contains(ws[0].Error(), "moves[2]: entry with only forks") {
		t.Errorf("warnings: %v", ws)
	}
	var line []string
	for n := range rec.Root.Line() {
		line = append(line, n.Move.String())
	}
	if strings.Join(line, " ") != "7g7f 3c3d" {
		t.Errorf("main line %v", line)
	}
	if _, err := NewJKF(strings.NewReader(in), Options{Strict: true}).Read(); !errors.Is(err, ErrBadVariation) {
		t.Errorf("strict: %v", err)
	}
}

func TestJKFDeepForks(t *testing.T) {
	// The reader must not recurse per level.
	const depth = 3000
	rec, err := NewJKF(strings.NewReader(deepForksJKF(depth)), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	n, levels := rec.Root, 0
	for {
		for n.NumChildren() == 1 {
			n = n.Child(0)
		}
		if n.NumChildren() == 0 {
			break
		}
		n = n.Child(1)
		levels++
	}
	if levels != depth-1 {
		t.Errorf("reached %d nested forks, want %d", levels, depth-1)
	}
}

// deepForksJKF returns a JKF game in which kings step out and back; at
// every level the last white move has a fork that holds the next level,
// depth levels deep.
func deepForksJKF(depth int) string {
	const (
		bUp    = `{"move": {"color": 0, "from": {"x": 5, "y": 9}, "to": {"x": 5, "y": 8}, "piece": "OU"}}`
		wUp    = `{"move": {"color": 1, "from": {"x": 5, "y": 1}, "to": {"x": 5, "y": 2}, "piece": "OU"}}`
		bDown  = `{"move": {"color": 0, "from": {"x": 5, "y": 8}, "to": {"x": 5, "y": 9}, "piece": "OU"}}`
		wDown  = `{"move": {"color": 1, "from": {"x": 5, "y": 2}, "to": {"x": 5, "y": 1}, "piece": "OU"}`
		wAlt   = `{"move": {"color": 1, "from": {"x": 5, "y": 2}, "to": {"x": 4, "y": 2}, "piece": "OU"}}`
		wAltBk = `{"move": {"color": 1, "from": {"x": 4, "y": 2}, "to": {"x": 5, "y": 2}, "piece": "OU"}}`
	)
	var b strings.Builder
	b.WriteString(`{"header": {}, "moves": [{}`)
	for k := 0; k < depth; k++ {
		b.WriteString("," + bUp + "," + wUp + "," + bDown + "," + wDown)
		if k < depth-1 {
			b.WriteString(`, "forks": [[` + wAlt + "," + bUp + "," + wAltBk + "," + bDown + "," + wDown + "}")
		}
	}
	for k := 0; k < depth; k++ {
		if k > 0 {
			b.WriteString("]]")
		}
		b.WriteString("}")
	}
	b.WriteString("]}")
	return b.String()
}

func TestJKFLines(t *testing.T) {
	// JSON Lines: one object per line, and objects simply following each
	// other, read one record per Read.
	one := `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`
	two := `{"header": {}, "initial": {"preset": "KA"}, "moves": [{}]}`
	in := one + "\n" + two + "\n\n" + one + one
	recs := jkfReadAll(t, NewJKF(iotest.OneByteReader(strings.NewReader(in)), Options{}))
	if len(recs) != 4 || recs[1].Preset != shogi.BishopHC || jkfMainLine(recs[3]) != "7g7f" {
		t.Fatalf("read %d records", len(recs))
	}
	// An error in the second record is positioned on its line.
	bad := one + "\n" + `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 4}, "piece": "FU"}}]}`
	r := NewJKF(strings.NewReader(bad), Options{Filename: "g.jsonl", Strict: true})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Read()
	var pe *Error
	if !errors.As(err, &pe) || pe.Pos.Line != 2 || pe.Pos.File != "g.jsonl" || !errors.Is(err, shogi.ErrUnreachable) {
		t.Errorf("second record: %v", err)
	}
}

func TestJKFStrings(t *testing.T) {
	in := `{"header": {"a": "\u7adc\u738b \ud83d\ude00 \"q\" \\ \/ \n\t", "b": 12, "c": "\ud800x"}, "moves": [{"comment": "x\ny"}]}`
	r := NewJKF(strings.NewReader(in), Options{})
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header.Value("a"); got != "竜王 😀 \"q\" \\ / \n\t" {
		t.Errorf("a = %q", got)
	}
	if got := rec.Header.Value("b"); got != "12" {
		t.Errorf("b = %q", got)
	}
	if got := rec.Header.Value("c"); got != "\uFFFDx" {
		t.Errorf("c = %q", got)
	}
	if got := rec.Root.Comments(); len(got) != 2 || got[1] != "y" {
		t.Errorf("comments %q", got)
	}
}

func TestJKFSpecials(t *testing.T) {
	specials := []struct {
		special string
		kind    shogi.EndingKind
		side    shogi.Color // after Normalize, with White to move
		known   bool
	}{
		{"TORYO", shogi.Resign, shogi.White, true},
		{"CHUDAN", shogi.Interrupt, shogi.White, true},
		{"SENNICHITE", shogi.Sennichite, shogi.White, true},
		{"TIME_UP", shogi.Timeout, shogi.White, true},
		{"ILLEGAL_MOVE", shogi.IllegalMove, shogi.White, true},
		// +ILLEGAL_ACTION names black's foul, so with white to move white
		// wins (CSA V2.2; spec §4). tsshogi 2.2.0 reads it the other way
		// round (../shared/oracle/README.md, bug 1).
		{"+ILLEGAL_ACTION", shogi.FoulWin, shogi.White, true},
		{"-ILLEGAL_ACTION", shogi.FoulLose, shogi.White, true},
		{"ILLEGAL_ACTION", shogi.FoulWin, shogi.White, true},
		{"JISHOGI", shogi.Impasse, shogi.White, true},
		{"KACHI", shogi.EnteringKing, shogi.White, true},
		{"HIKIWAKE", shogi.Draw, shogi.White, true},
		{"MATTA", shogi.Matta, shogi.White, true},
		{"TSUMI", shogi.Mate, shogi.White, true},
		{"FUZUMI", shogi.NoMate, shogi.White, true},
		{"ERROR", shogi.Error, shogi.White, true},
		{"MAX_MOVES", shogi.MaxMoves, shogi.White, true},
		{"SOMETHING", shogi.Unknown, shogi.White, false},
	}
	for _, tt := range specials {
		t.Run(tt.special, func(t *testing.T) {
			in := `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, {"special": "` + tt.special + `"}]}`
			r := NewJKF(strings.NewReader(in), Options{})
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			e := rec.MainLineEnd().End().Normalize(shogi.White)
			if e.Kind != tt.kind || e.Side != tt.side {
				t.Errorf("ending %+v, want kind %v side %v", e, tt.kind, tt.side)
			}
			if !tt.known && (e.Word != tt.special || len(r.Warnings()) != 1) {
				t.Errorf("unknown special: word %q, %d warnings", e.Word, len(r.Warnings()))
			}
		})
	}
}

func TestJKFRelative(t *testing.T) {
	// Golds on 6三, 5三 and 4三 of an otherwise bare board, black to move,
	// each reaching 5二: "relative" alone must single out the mover.
	board := `[[{},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
		`[{},{},{"color":0,"kind":"KI"},{},{},{},{},{},{}],[{},{},{"color":0,"kind":"KI"},{},{},{},{},{},{}],[{},{},{"color":0,"kind":"KI"},{},{},{},{},{},{}],` +
		`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}]]`
	relTests := []struct {
		rel, want string
	}{
		{"R", "4c5b"}, {"C", "5c5b"}, {"L", "6c5b"},
	}
	for _, tt := range relTests {
		in := `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": ` + board + `, "hands": [{}, {}]}}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 2}, "piece": "KI", "relative": "` + tt.rel + `"}}]}`
		got, err := NewJKF(strings.NewReader(in), Options{}).Read()
		if err != nil {
			t.Errorf("%s: %v", tt.rel, err)
			continue
		}
		if u := jkfMainLine(got); u != tt.want {
			t.Errorf("relative %s: %s, want %s", tt.rel, u, tt.want)
		}
	}
	in := `{"header": {}, "initial": {"preset": "OTHER", "data": {"color": 0, "board": ` + board + `, "hands": [{}, {}]}}, "moves": [{}, {"move": {"color": 0, "to": {"x": 5, "y": 2}, "piece": "KI", "relative": "U"}}]}`
	if _, err := NewJKF(strings.NewReader(in), Options{}).Read(); !errors.Is(err, shogi.ErrAmbiguous) {
		t.Errorf("three golds moving up: %v, want ambiguous", err)
	}
}

// jkfNTimes repeats a reader's content n times (encoding/csv's benchmark
// helper), so a benchmark measures reading, not I/O.
type jkfNTimes struct {
	s   string
	n   int
	off int
}

func (r *jkfNTimes) Read(p []byte) (int, error) {
	for {
		if r.n <= 0 || r.s == "" {
			return 0, io.EOF
		}
		n0 := copy(p, r.s[r.off:])
		p = p[n0:]
		n := n0
		r.off += n0
		if r.off == len(r.s) {
			r.off = 0
			r.n--
		}
		if len(p) == 0 || r.n <= 0 {
			return n, nil
		}
		if n > 0 {
			return n, nil
		}
	}
}

func BenchmarkReadJKF(b *testing.B) {
	b.Run("corpus", func(b *testing.B) {
		// A real file: 4-space indented, long comments, "moves" before
		// "initial" (so the moves are captured and read in a second pass).
		data, err := os.ReadFile(filepath.Join(jkfCorpus, "jkf", "json-kifu-format__ryuou201409020101.jkf"))
		if err != nil {
			b.Skip("no shared corpus")
		}
		benchmarkReadJKF(b, data)
	})
	b.Run("compact", func(b *testing.B) {
		// Normalized compact JKF of a 200-ply random game, as the writer
		// writes it: the per-move cost of the reader.
		rng := rand.New(rand.NewPCG(1, 1))
		rec := shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 200})
		for rec.NodeAt(150) == nil {
			rec = shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 200})
		}
		var sb strings.Builder
		sb.WriteString(`{"header":{},"initial":{"preset":"HIRATE"},"moves":[{}`)
		pos := rec.Start
		for n := range rec.MainLine() {
			if n.IsEnd() {
				break
			}
			m := n.Move
			pc := pos.MovingPiece(m)
			fmt.Fprintf(&sb, `,{"move":{"color":%d,`, pos.Turn())
			if !m.IsDrop() {
				fmt.Fprintf(&sb, `"from":{"x":%d,"y":%d},`, m.From().File(), m.From().Rank())
			}
			fmt.Fprintf(&sb, `"to":{"x":%d,"y":%d},"piece":%q`, m.To().File(), m.To().Rank(), pc.Type().CSA())
			if m.IsPromotion() {
				sb.WriteString(`,"promote":true`)
			}
			sb.WriteString(`},"time":{"now":{"m":0,"s":7},"total":{"h":0,"m":1,"s":2}}}`)
			pos.Play(m)
		}
		sb.WriteString("]}\n")
		benchmarkReadJKF(b, []byte(sb.String()))
	})
}

func benchmarkReadJKF(b *testing.B, data []byte) {
	rec, err := NewJKF(bytes.NewReader(data), Options{}).Read()
	if err != nil {
		b.Fatal(err)
	}
	moves := 0
	for range rec.MainLine() {
		moves++
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	r := NewJKF(&jkfNTimes{s: string(data), n: b.N}, Options{})
	for i := 0; i < b.N; i++ {
		if _, err := r.Read(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// jkfNifuStart is an initial position with two black pawns on file 1 (the
// board of json-kifu-format's 9fu has nine), black to move.
const jkfNifuStart = `{"preset": "OTHER", "data": {"color": 0, "board": [` +
	`[{},{},{},{},{"color":0,"kind":"FU"},{"color":0,"kind":"FU"},{},{},{}],` +
	`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
	`[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],` +
	`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],` +
	`"hands": [{}, {}]}}`

// TestJKFComposedStart: a start position that breaks the rules of play
// (nifu, as in the tsume problems of the corpus) is read with a warning, as
// the KIF reader reads it; one whose side not to move is in check is not.
func TestJKFComposedStart(t *testing.T) {
	in := `{"header": {}, "initial": ` + jkfNifuStart + `, "moves": [{}, {"move": {"color": 0, "from": {"x": 5, "y": 9}, "to": {"x": 5, "y": 8}, "piece": "OU"}}]}`
	r := NewJKF(strings.NewReader(in), Options{})
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], ErrBadBoard) || jkfMainLine(rec) != "5i5h" {
		t.Errorf("warnings %v, main line %q", r.Warnings(), jkfMainLine(rec))
	}
	if _, err := NewJKF(strings.NewReader(in), Options{Strict: true}).Read(); !errors.Is(err, ErrBadBoard) {
		t.Errorf("strict: %v, want ErrBadBoard", err)
	}
	check := strings.Replace(in, `{"color":1,"kind":"OU"},{}`, `{"color":1,"kind":"OU"},{"color":0,"kind":"KI"}`, 1)
	if _, err := NewJKF(strings.NewReader(check), Options{}).Read(); !errors.Is(err, shogi.ErrBadPosition) {
		t.Errorf("side not to move in check: %v, want ErrBadPosition", err)
	}
}

// TestJKFFoul: an illegal move is kept when a foul ending follows it, which
// documents the foul (as KIF and CSA records show one). Otherwise it is an
// error in strict mode; in lenient mode it is kept as the last move of its
// line, with a warning (same code and position) that counts the entries
// dropped after it.
func TestJKFFoul(t *testing.T) {
	const head = `{"header": {}, "moves": [{}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}`
	foulTests := []struct {
		name    string
		rest    string
		want    error // nil: read, the foul ending after the illegal move
		dropped int   // lenient mode: the entries dropped after the illegal move (-1: an error too)
	}{
		{"ILLEGAL_MOVE", `, {"special": "ILLEGAL_MOVE"}]}`, nil, 0},
		{"+ILLEGAL_ACTION", `, {"special": "+ILLEGAL_ACTION"}]}`, nil, 0},
		// -ILLEGAL_ACTION names White, not the mover: another foul (CSA
		// reads it so too).
		{"-ILLEGAL_ACTION", `, {"special": "-ILLEGAL_ACTION"}]}`, shogi.ErrUnreachable, 1},
		{"unsigned ILLEGAL_ACTION", `, {"special": "ILLEGAL_ACTION"}]}`, nil, 0},
		{"the line ends", `]}`, shogi.ErrUnreachable, 0},
		{"another ending", `, {"special": "TORYO"}]}`, shogi.ErrUnreachable, 1},
		{"a move", `, {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}}]}`, shogi.ErrUnreachable, 1},
		{"moves and an ending", `, {"comments": ["a"], "move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "time": {"now": {"m": 0, "s": 1}}},
			{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}}, {"special": "ILLEGAL_MOVE"}]}`, shogi.ErrUnreachable, 3},
		{"an entry of comments", `, {"comments": ["x"]}]}`, shogi.ErrUnreachable, 1},
		{"forks after it", `, {"special": "ILLEGAL_MOVE", "forks": [[{"special": "TORYO"}]]}]}`, ErrBadVariation, -1},
	}
	for _, tt := range foulTests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := NewJKF(strings.NewReader(head+tt.rest), Options{Strict: true}).Read()
			if tt.want != nil {
				var pe *Error
				if !errors.Is(err, tt.want) || !errors.As(err, &pe) || pe.Pos.Line != 1 || pe.Pos.Col != 39 && tt.dropped >= 0 {
					t.Fatalf("err = %v, want %v", err, tt.want)
				}
				strictPos := pe.Pos
				if tt.dropped < 0 {
					return
				}
				// Lenient: the move stays, the last of the main line.
				r := NewJKF(strings.NewReader(head+tt.rest), Options{})
				rec, err = r.Read()
				if err != nil {
					t.Fatal(err)
				}
				if n := rec.NodeAt(1); n == nil || n.Move.String() != "7g7e" || n.NumChildren() != 0 {
					t.Fatalf("lenient: the illegal move is not the line's last node")
				}
				ws := r.Warnings()
				if len(ws) != 1 || !errors.Is(ws[0], tt.want) || !errors.As(ws[0], &pe) || pe.Pos != strictPos ||
					(tt.dropped > 0) != strings.Contains(pe.Detail, droppedEntries(tt.dropped)) {
					t.Errorf("lenient: warnings %v, want one like %v with %d dropped", ws, err, tt.dropped)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			n := rec.NodeAt(1)
			if n == nil || n.Move.String() != "7g7e" || n.Next() == nil || !n.Next().IsEnd() {
				t.Fatalf("the illegal move and its ending are not in the tree")
			}
			if k := n.Next().End().Normalize(shogi.White).Kind; k != shogi.FoulLose && k != shogi.FoulWin && k != shogi.IllegalMove {
				t.Errorf("ending %+v", n.Next().End())
			}
		})
	}
}

// droppedEntries is how a JKF warning says n entries were dropped.
func droppedEntries(n int) string {
	if n == 1 {
		return "; 1 entry after it dropped"
	}
	return "; " + strconv.Itoa(n) + " entries after it dropped"
}

// TestJKFExtensionRead reads the kifconv extension (render.JKF writes it;
// the render tests read it back whole) and what goes wrong in one edited by
// hand: a warning names the item and it is left out, or in strict mode the
// record is refused.
func TestJKFExtensionRead(t *testing.T) {
	const moves = `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
		{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "forks": [[{"move": {"color": 1, "from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 4}, "piece": "FU"}}]]}]}`
	doc := func(ext string) string {
		return `{"header": {"先手": "A"}, "moves": [{"kifconv": ` + ext + `},` + moves
	}
	rec, err := NewJKF(strings.NewReader(doc(`{"header": [{"at": 0, "key": "手合割", "value": "その他"}, {"at": 2, "key": "先手", "value": "B"}],
		"move_number": 5, "bookmark": "初形", "nodes": [
		{"at": [2, 0, 0], "bookmark": "横歩"},
		{"at": [2, 0, 1], "insert": true, "end": "unknown", "word": "中止", "comments": ["停電"], "elapsed_ns": 1500000000},
		{"at": [1], "elapsed_ns": 250000000, "total_ns": 250000000},
		{"at": [3], "insert": true, "end": "sealed"},
		{"at": [2, 1, 0], "insert": true, "end": "win_by_default"}]}`)), Options{Strict: true}).Read()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(rec.Header); got != "[{手合割 その他} {先手 A} {先手 B}]" {
		t.Errorf("header %s", got)
	}
	if rec.Start.MoveNumber() != 5 || rec.Root.Bookmark() != "初形" {
		t.Errorf("move number %d, bookmark %q", rec.Start.MoveNumber(), rec.Root.Bookmark())
	}
	n1, n2 := rec.NodeAt(1), rec.NodeAt(2)
	if n1.Time() != (shogi.MoveTime{Elapsed: 250 * time.Millisecond, Total: 250 * time.Millisecond, HasTime: true, HasTotal: true}) {
		t.Errorf("ply 1 time %+v", n1.Time())
	}
	if e := n2.Next(); e == nil || e.End().Kind != shogi.Sealed || e.End().Side != shogi.Black {
		t.Errorf("ply 3: %+v", e)
	}
	alts := slices.Collect(n1.Children())
	if len(alts) != 3 || alts[1].Bookmark() != "横歩" || alts[2].End().Kind != shogi.WinByDefault {
		t.Fatalf("alternatives at ply 2: %d", len(alts))
	}
	if e := alts[1].Next(); e == nil || e.End().Word != "中止" || jcComment(e.Comments()) != "停電" || e.Time().Elapsed != 1500*time.Millisecond {
		t.Errorf("the inserted ending of the fork: %+v", e)
	}

	badTests := []struct {
		name, ext string
		want      error
	}{
		{"address past the tree", `{"nodes": [{"at": [9], "bookmark": "x"}]}`, ErrBadVariation},
		{"fork of no node", `{"nodes": [{"at": [1, 4, 0], "bookmark": "x"}]}`, ErrBadVariation},
		{"ending after an ending", `{"nodes": [{"at": [3], "insert": true, "end": "try"}, {"at": [4], "insert": true, "end": "try"}]}`, ErrBadVariation},
		{"unknown ending kind", `{"nodes": [{"at": [3], "insert": true, "end": "checkmate"}]}`, ErrUnknownEnd},
		{"insert without end", `{"nodes": [{"at": [3], "insert": true}]}`, ErrSyntax},
		{"end on a move", `{"nodes": [{"at": [1], "end": "sealed"}]}`, ErrSyntax},
		{"unknown member", `{"version": 2}`, ErrSyntax},
		{"header field without key", `{"header": [{"at": 0, "value": "x"}]}`, ErrBadHeader},
	}
	for _, tt := range badTests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewJKF(strings.NewReader(doc(tt.ext)), Options{})
			if _, err := r.Read(); err != nil {
				t.Fatal(err)
			}
			if len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], tt.want) {
				t.Errorf("warnings %v, want one %v", r.Warnings(), tt.want)
			}
			if _, err := NewJKF(strings.NewReader(doc(tt.ext)), Options{Strict: true}).Read(); !errors.Is(err, tt.want) {
				t.Errorf("strict: %v, want %v", err, tt.want)
			}
		})
	}
	for name, ext := range map[string]string{
		"even address":     `{"nodes": [{"at": [1, 0], "bookmark": "x"}]}`,
		"negative index":   `{"nodes": [{"at": [1, -1, 0], "bookmark": "x"}]}`,
		"negative time":    `{"nodes": [{"at": [1], "elapsed_ns": -1}]}`,
		"not an object":    `[1]`,
		"move number zero": `{"move_number": 0}`,
	} {
		if _, err := NewJKF(strings.NewReader(doc(ext)), Options{}).Read(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// Outside moves[0] it is an unknown member.
	r := NewJKF(strings.NewReader(`{"header": {}, "moves": [{}, {"special": "TORYO", "kifconv": {"bookmark": "x"}}]}`), Options{})
	if rec, err := r.Read(); err != nil || len(r.Warnings()) != 1 || rec.Root.Bookmark() != "" {
		t.Errorf("extension in moves[1]: %v, warnings %v", err, r.Warnings())
	}
}

// TestJKFBounds: what the reader buffers is bounded. A string longer than
// Options.MaxLineBytes is an error where it starts, and so is a "moves"
// array that comes before "initial" (and so must be held until the start
// position is known) and is longer than four times that.
func TestJKFBounds(t *testing.T) {
	const limit = 1000
	long := strings.Repeat("長", limit)
	var moves strings.Builder
	moves.WriteString(`[{}`)
	for range 100 {
		moves.WriteString(`, {"special": "CHUDAN", "comments": ["` + strings.Repeat("x", 90) + `"]}`)
	}
	moves.WriteString(`]`)
	boundTests := []struct {
		name, in string
		pos      Pos
		detail   string
	}{
		{"long string", `{"header": {"a": "` + long + `"}, "moves": [{}]}`, Pos{Line: 1, Col: 18}, "a string longer than 1000 bytes"},
		{"long moves before initial", "{\"header\": {},\n \"moves\": " + moves.String() + `, "initial": {"preset": "HIRATE"}}`, Pos{Line: 2, Col: 11},
			`longer than 4000 bytes, more than the reader holds`},
	}
	for _, tt := range boundTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewJKF(strings.NewReader(tt.in), Options{MaxLineBytes: limit}).Read()
			var pe *Error
			if !errors.As(err, &pe) || !errors.Is(err, ErrLineTooLong) || pe.Pos.Line != tt.pos.Line || pe.Pos.Col != tt.pos.Col || !strings.Contains(pe.Detail, tt.detail) {
				t.Errorf("err = %v, want %d:%d …%s… [line-too-long]", err, tt.pos.Line, tt.pos.Col, tt.detail)
			}
		})
	}
	// Within the bounds, the same texts read.
	for _, in := range []string{`{"header": {"a": "` + long[:limit/2] + `"}, "moves": [{}]}`, `{"header": {}, "moves": [{}, {"special": "CHUDAN", "comments": ["` + strings.Repeat("x", 900) + `", "` + strings.Repeat("y", 900) + `", "` + strings.Repeat("z", 900) + `"]}], "initial": {"preset": "HIRATE"}}`} {
		if _, err := NewJKF(strings.NewReader(in), Options{MaxLineBytes: limit}).Read(); err != nil {
			t.Errorf("%.40s…: %v", in, err)
		}
	}
}

// TestJKFReadsAlike: a JKF text reads the same (the same error, at the
// same place, quoting the whole line) however its reader is fed and
// whatever the pooled scanner it gets held before: a decoder from the pool
// may have a buffer large enough for all of a small input, and read it in
// one go, where a new one reads a few kilobytes at a time. Both were seen
// to differ under load: a "moves" before "initial" past the bound was
// accepted, and a quoted line was cut where the reader had stopped.
func TestJKFReadsAlike(t *testing.T) {
	var moves strings.Builder
	moves.WriteString(`[{}`)
	for range 100 {
		moves.WriteString(`, {"special": "CHUDAN", "comments": ["` + strings.Repeat("x", 90) + `"]}`)
	}
	moves.WriteString(`]`)
	longMoves := "{\"header\": {},\n \"moves\": " + moves.String() + `, "initial": {"preset": "HIRATE"}}`
	badLine := " \"moves\": [{}, {\"move\": {\"color\": 0 \"to\": {\"x\": 7, \"y\": 6}}}]" + strings.Repeat(" ", 9000) + "}"
	tests := []struct {
		name, in string
		opt      Options
		err      error
		pos      Pos // and, with places, the text of line 2
	}{
		{"moves before initial over the bound", longMoves, Options{MaxLineBytes: 1000}, ErrLineTooLong, Pos{Line: 2, Col: 11}},
		{"quoted line", "{\"header\": {},\n" + badLine + "\n", Options{Places: true}, ErrBadJSON, Pos{Line: 2, Col: 37, Text: quoteString(badLine)}},
	}
	feeds := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"halves":   iotest.HalfReader,
	}
	// Pooled scanners whose decoders read a long value, or this very
	// text with no bound.
	primes := map[string]func(in string){
		"new": func(string) {},
		"after long": func(string) {
			NewJKF(strings.NewReader(`{"header": {"a": "`+strings.Repeat("x", 300_000)+`"}}`), Options{}).Read()
		},
		"after whole": func(in string) { NewJKF(strings.NewReader(in), Options{}).Read() },
	}
	for _, tt := range tests {
		for feed, wrap := range feeds {
			for prime, before := range primes {
				before(tt.in)
				_, err := NewJKF(wrap(strings.NewReader(tt.in)), tt.opt).Read()
				pe := new(Error)
				if !errors.As(err, &pe) || !errors.Is(err, tt.err) || pe.Pos.Line != tt.pos.Line || pe.Pos.Col != tt.pos.Col || pe.Pos.Text != tt.pos.Text {
					t.Errorf("%s, %s, %s: %v (text %.60q…), want %d:%d [%v]", tt.name, feed, prime, err, pe.Pos.Text, tt.pos.Line, tt.pos.Col, tt.err)
				}
			}
		}
	}
}

// TestJKFShortWays reads records whose moves and times take the short ways
// of jkf_fast.go, compact and indented, with them and token by token: the
// moves, times, warnings and errors (with their lines and columns) must be
// the same.
func TestJKFShortWays(t *testing.T) {
	const head = `{"header": {"先手": "甲"}, "moves": [{"comments": ["開始"]}, `
	m76 := `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}, "time": {"now": {"m": 0, "s": 5}, "total": {"h": 0, "m": 0, "s": 5}}}`
	m34 := `{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "time": {"now": {"m": 1, "s": 2}, "total": {"h": 0, "m": 1, "s": 2}}}`
	bx := `{"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "capture": "KA", "promote": true}}`
	inputs := []string{
		head + m76 + `, ` + m34 + `, ` + bx + `, {"special": "TORYO"}]}`,
		// Warnings and errors at values the short ways read.
		head + m76 + `, ` + m34 + `, {"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "capture": "HI", "promote": true}}]}`,
		head + m76 + `, ` + m34 + `, {"move": {"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "UM"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "KY"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 6}, "to": {"x": 7, "y": 5}, "piece": "FU"}}]}`,
		head + `{"move": {"color": 1, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}, {"special": "ILLEGAL_MOVE"}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}, ` + m34 + `]}`,
		head + m76 + `, {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 7, "y": 7}, "same": true, "piece": "FU"}}]}`,
		head + `{"move": {"color": 0, "to": {"x": 7, "y": 6}, "piece": "FU", "relative": "C"}}, {"move": {"color": 1, "to": {"x": 3, "y": 4}, "piece": "FU", "relative": "XY"}}]}`,
		head + `{"move": {"to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
		// What the short ways leave to the reading token by token.
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU", "note": 1}, "time": {"now": {"m": -1, "s": 5}}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "F\u0055"}, "time": {"now": {"m": 0.5, "s": 5}, "total": null}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "歩"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 10}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}, "time": {"now": {"m": 0, "s": 5, "ms": 3}}}]}`,
		// Comments the short way takes (ASCII or not, before or after the
		// move), then a message on a later value of the entry or line.
		head + `{"comments": ["長い考慮", "x"], "move": {"color": 1, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}, "comments": ["角道を開ける"], "time": {"now": {"m": 0, "s": 5}}, "note": 1}, ` +
			`{"comments": ["a", "b"], "comments": [], "move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "KY"}}]}`,
		head + m76 + `, {"comments": ["銀", "y"], "move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "comments": ["z"]}, {"move": null, "comments": ["é", null]}, {"comments": ["\u00e9"], "move": {"color": 1, "to": {"x": 1, "y": 1}}}]}`,
		head + m76 + `, {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "comments": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17"]}, {"comments": "一行", "move": {"color": 0}}]}`,
		// Entries longer than the reader takes whole (jkfEntryWhole),
		// before and in a fork, then an error after them.
		head + `{"comments": ["` + strings.Repeat("長", jkfEntryWhole) + `"], "move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, ` +
			`{"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}, "forks": [[{"move": {"color": 1, "from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 4}, "piece": "FU"}, "comments": ["` + strings.Repeat("x", 2*jkfEntryWhole) + `"]}, ` +
			`{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}}]]}, {"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 5}, "piece": "FU"}}]}`,
	}
	read := func(in string, strict, short bool) string {
		r := NewJKF(strings.NewReader(in), Options{Strict: strict})
		r.sc.tokenwise = !short
		rec, err := r.Read()
		var b strings.Builder
		if rec != nil {
			for n := range rec.MainLine() {
				fmt.Fprintf(&b, "%v %v %v %v %v;", n.Move, n.End().Kind, n.Time(), n.Comments(), n.Bookmark())
			}
		}
		fmt.Fprintf(&b, "\nerror: %v", err)
		for _, w := range r.Warnings() {
			fmt.Fprintf(&b, "\nwarning: %v", w)
		}
		return b.String()
	}
	// The real files of the shared corpus, when it is there.
	files, _ := filepath.Glob(filepath.Join(jkfCorpus, "jkf", "*"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, strict := range []bool{false, true} {
			short := read(string(data), strict, true)
			if long := read(string(data), strict, false); short != long {
				t.Errorf("%s (strict %v):\nshort ways: %s\ntoken by token: %s", f, strict, short, long)
			}
		}
	}
	for i, in := range inputs {
		var indented bytes.Buffer
		if err := json.Indent(&indented, []byte(in), "", "  "); err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		crlf := strings.ReplaceAll(indented.String(), "\n", "\r\n")
		for _, text := range []string{in, indented.String(), crlf} {
			for _, strict := range []bool{false, true} {
				short := read(text, strict, true)
				long := read(text, strict, false)
				if short != long {
					t.Errorf("input %d (strict %v):\nshort ways: %s\ntoken by token: %s\nin:\n%s", i, strict, short, long, text)
				}
			}
		}
	}
}

// TestJKFShortWayTaken checks that the short ways take the usual move and
// time objects, compact and indented, and leave the rest.
func TestJKFShortWayTaken(t *testing.T) {
	takeTests := []struct {
		value string
		move  bool // a move object, else a time
		want  bool
	}{
		{`{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}`, true, true},
		{"{\n  \"color\": 1,\n  \"to\": {\n    \"x\": 5,\n    \"y\": 5\n  },\n  \"piece\": \"KA\",\n  \"relative\": \"H\"\n}", true, true},
		{`{"color":0,"from":{"y":7,"x":7},"to":{"x":7,"y":6},"piece":"FU","same":true,"promote":false,"capture":"KI"}`, true, true},
		{`{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","capture":"OU"}`, true, false},
		{`{"color":2,"to":{"x":7,"y":6},"piece":"FU"}`, true, false},
		{`{"color":0,"to":{"x":7,"y":6},"piece":null}`, true, false},
		{"{\r\n\"color\":0,\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}", true, true},
		{"{\r\"color\":0,\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}", true, false},
		{"{\"color\":0,\"to\":{\"x\":7,\"y\":6},\r\n\"piece\":\"FU\"\r}", true, false},
		{`{"now":{"m":0,"s":5},"total":{"h":0,"m":0,"s":5}}`, false, true},
		{"{\n  \"now\": {\n    \"m\": 12,\n    \"s\": 5\n  }\n}", false, true},
		{`{"now":{"m":0,"s":5e0}}`, false, false},
		{`{"now":{"m":0,"s":-5}}`, false, false},
	}
	for _, tt := range takeTests {
		j := &JKF{sc: &jsonScanner{in: &jsonInput{}}}
		j.sc.raw, j.sc.rawCR = []byte(tt.value), bareCR([]byte(tt.value))
		var got bool
		if tt.move {
			mv := jkfMove{color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
			var end int
			if end, got = j.fastMove(&mv); got {
				j.sc.done(end)
			}
		} else {
			got = j.fastTime(&jkfEntry{})
		}
		if got != tt.want {
			t.Errorf("%s: taken %v, want %v", tt.value, got, tt.want)
		}
		if got && j.sc.raw != nil {
			t.Errorf("%s: the scanner is not past the value", tt.value)
		}
	}
}

// TestJKFShortWaysErrorOrder checks that the reading of a "moves" array
// whole (jsonScanner.replayArray) keeps the order of messages: an error
// in an entry comes before a syntax error in a later entry, as reading
// token by token meets them.
func TestJKFShortWaysErrorOrder(t *testing.T) {
	const head = `{"header": {}, "initial": {"preset": "HIRATE"}, "moves": [{}, `
	for _, in := range []string{
		head + `{"move": {"color": 1, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, {"move": tru}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, {"move": {"color": 1}}, {"x": [}]}`,
		head + `{"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}}`,
	} {
		var errs [2]string
		for k, short := range []bool{true, false} {
			r := NewJKF(strings.NewReader(in), Options{})
			r.sc.tokenwise = !short
			_, err := r.Read()
			errs[k] = fmt.Sprint(err)
		}
		if errs[0] != errs[1] || errs[0] == "<nil>" {
			t.Errorf("%s:\nshort ways: %s\ntoken by token: %s", in, errs[0], errs[1])
		}
	}
}

// BenchmarkReadJKFDeepForks reads a game whose forks nest 3,000 levels
// deep (deepForksJKF): each entry holds the rest of the tree, too long to
// be read whole, and jsonScanner.noReplayBefore keeps the reader from
// checking the same text again at every level.
func BenchmarkReadJKFDeepForks(b *testing.B) {
	in := deepForksJKF(3000)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewJKF(strings.NewReader(in), Options{}).Read(); err != nil {
			b.Fatal(err)
		}
	}
}
