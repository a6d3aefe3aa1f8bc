package shogi

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/procstat"
)

// addLine adds the moves and endings of text below parent, one per field:
// USI moves, and the ending names "foul" (反則負け), "sennichite", "mate",
// "kachi", "resign" and "foulwin". It returns the last node.
func addLine(t *testing.T, r *Record, parent *Node, text string) *Node {
	t.Helper()
	endings := map[string]EndingKind{"foul": FoulLose, "foulwin": FoulWin, "sennichite": Sennichite, "mate": Mate, "kachi": EnteringKing, "resign": Resign}
	n := parent
	for _, f := range strings.Fields(text) {
		if k, ok := endings[f]; ok {
			n = r.AddChild(n, 0, Ending{Kind: k, Side: r.Start.Turn() ^ Color(n.Ply()&1)})
			continue
		}
		m, err := ParseUSIMove(f)
		if err != nil {
			t.Fatal(err)
		}
		n = r.AddChild(n, m, Ending{})
	}
	return n
}

func secs(elapsed, total int) MoveTime {
	return MoveTime{Elapsed: time.Duration(elapsed) * time.Second, HasTime: true,
		Total: time.Duration(total) * time.Second, HasTotal: true}
}

const (
	// Black's rook checks White's king from 5i and 4i while the king steps
	// between 5a and 4a: 6i5i, then four moves a round.
	perpetualSFEN  = "4k4/9/9/9/9/9/9/9/K2R5 b - 1"
	perpetualRound = " 5a4a 5i4i 4a5a 4i5i"
	// Black's king in the enemy camp with 12 pieces there worth 28 points
	// (two rooks, two bishops, four golds, four silvers).
	impasse28 = "RRBB1GGGG/SSSS5/4K4/9/9/9/9/9/4k4 b - 1"
	impasse27 = "RRBB1GGGG/SSS6/4K4/9/9/9/9/9/4k4 b - 1"
	// White's king on 1a, mated by a gold on 1b that a pawn guards.
	mated = "8k/8G/8P/9/9/9/9/9/K8 w - 1"
	// The same gold unguarded: check, but the king takes it.
	checked = "8k/8G/9/9/9/9/9/9/K8 w - 1"
)

// shuffle is four moves that bring the even-game position back.
const shuffle = " 2h3h 8b7b 3h2h 7b8b"

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		sfen   string // the start position; "" for the even game
		header [][2]string
		moves  string
		more   func(t *testing.T, r *Record) // variations, times
		want   []string                      // "severity code ply"
	}{
		{name: "clean game", moves: "7g7f 3c3d 8h2b+",
			header: [][2]string{{"手数", "３"}, {KeyHandicap, "平手"}}},
		{name: "illegal move in a variation", moves: "7g7f 3c3d", more: func(t *testing.T, r *Record) {
			addLine(t, r, r.NodeAt(1), "8c8d 8h2b")
		}, want: []string{"error unreachable 3"}},
		{name: "documented foul", moves: "7g7f 3c3d 7g7f foul"},
		{name: "move count header", moves: "7g7f 3c3d",
			header: [][2]string{{"手数", "77"}}, want: []string{"warning move-count 0"}},
		{name: "move count header in kanji", moves: "7g7f 3c3d", header: [][2]string{{"手数", "二"}}},
		{name: "handicap header against the board",
			header: [][2]string{{KeyHandicap, "香落ち"}}, want: []string{"warning handicap-mismatch 0"}},
		{name: "impossible start", sfen: "4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1", want: []string{"warning bad-position 0"}},
		{name: "totals add up, truncated per move", moves: "7g7f 3c3d 2g2f 8c8d", more: func(t *testing.T, r *Record) {
			r.SetTime(r.NodeAt(1), secs(10, 10))
			r.SetTime(r.NodeAt(2), secs(5, 5))
			r.SetTime(r.NodeAt(3), secs(0, 11)) // 10.6 s + 0.6 s written as whole seconds
			r.SetTime(r.NodeAt(4), secs(3, 8))
		}},
		{name: "totals do not add up", moves: "7g7f 3c3d 2g2f", more: func(t *testing.T, r *Record) {
			r.SetTime(r.NodeAt(1), secs(10, 10))
			r.SetTime(r.NodeAt(2), secs(5, 5))
			r.SetTime(r.NodeAt(3), secs(4, 20))
		}, want: []string{"warning time-total 3"}},

		// 千日手: the start position stands for the fourth time at ply 12.
		{name: "fourfold repetition", moves: strings.Repeat(shuffle, 3) + " sennichite"},
		{name: "千日手 after one move", moves: "7g7f sennichite", want: []string{"warning ending-repetition 2"}},
		{name: "千日手 after a threefold repetition", moves: strings.Repeat(shuffle, 2) + " sennichite",
			want: []string{"warning ending-repetition 9"}},
		{name: "play after a fourfold repetition", moves: strings.Repeat(shuffle, 3) + " 7g7f 3c3d resign",
			want: []string{"warning play-after-repetition 13"}},
		{name: "千日手 long after a fourfold repetition", moves: strings.Repeat(shuffle, 4) + " sennichite",
			want: []string{"warning play-after-repetition 13"}},
		{name: "fourfold repetition in a variation", moves: "7g7f", more: func(t *testing.T, r *Record) {
			addLine(t, r, r.Root, strings.Repeat(shuffle, 3)+" 7g7f")
		}, want: []string{"warning play-after-repetition 13"}},
		{name: "repetitions split between lines", moves: strings.Repeat(shuffle, 2) + " 7g7f", more: func(t *testing.T, r *Record) {
			// The variation at ply 5 repeats the start only twice more.
			addLine(t, r, r.NodeAt(4), strings.TrimSpace(shuffle)+" sennichite")
		}, want: []string{"warning ending-repetition 9"}},
		{name: "perpetual check, the checker loses", sfen: perpetualSFEN,
			moves: "6i5i" + strings.Repeat(perpetualRound, 3) + " foulwin"},
		{name: "perpetual check called a draw", sfen: perpetualSFEN,
			moves: "6i5i" + strings.Repeat(perpetualRound, 3) + " sennichite",
			want:  []string{"warning ending-perpetual-check 14"}},
		{name: "perpetual check, the checker named winner", sfen: perpetualSFEN,
			moves: "6i5i" + strings.Repeat(perpetualRound, 3) + " resign",
			want:  []string{"warning ending-perpetual-check 14"}},

		// 入玉宣言.
		{name: "declaration with 28 points", sfen: impasse28, moves: "kachi"},
		{name: "declaration with 27 points as Black", sfen: impasse27, moves: "kachi", want: []string{"warning ending-impasse 1"}},
		{name: "declaration with 28 points under the 24-point rule", sfen: impasse28, moves: "kachi",
			header: [][2]string{{KeyJishogi, "24"}}, want: []string{"warning ending-impasse 1"}},
		{name: "27-point rule named", sfen: impasse28, moves: "kachi", header: [][2]string{{KeyJishogi, "27点法"}}},
		{name: "declaration with the king at home", moves: "kachi", want: []string{"warning ending-impasse 1"}},

		// 詰み.
		{name: "mate", sfen: mated, moves: "mate"},
		{name: "mate that is check", sfen: checked, moves: "mate", want: []string{"warning ending-mate 1"}},
		{name: "mate that is not even check", moves: "7g7f mate", want: []string{"warning ending-mate 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := StartPosition()
			if tt.sfen != "" {
				start = mustSFEN(t, tt.sfen)
			}
			r := NewRecord(start)
			for _, h := range tt.header {
				r.Header.Add(h[0], h[1])
			}
			addLine(t, r, r.Root, tt.moves)
			if tt.more != nil {
				tt.more(t, r)
			}
			var got []string
			for _, f := range r.Check() {
				got = append(got, f.Severity.String()+" "+f.Code+" "+strconv.Itoa(f.Ply))
				if f.Node == nil || f.Node.Ply() != f.Ply || f.Message == "" {
					t.Errorf("finding %+v: want its node at its ply and a message", f)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCheckRepetitionAgrees compares the repetition Check finds along a
// line with FindRepetition's.
func TestCheckRepetitionAgrees(t *testing.T) {
	lines := []struct{ sfen, moves string }{
		{"", strings.Repeat(shuffle, 3) + " 7g7f"},
		{perpetualSFEN, "6i5i" + strings.Repeat(perpetualRound, 3) + " 5a4a"},
	}
	for _, l := range lines {
		start := StartPosition()
		if l.sfen != "" {
			start = mustSFEN(t, l.sfen)
		}
		r := NewRecord(start)
		addLine(t, r, r.Root, l.moves)
		rep, err := r.RepetitionAt(r.MainLineEnd())
		if err != nil || rep.Kind == NoRepetition {
			t.Fatalf("%s: FindRepetition = %+v, %v", l.moves, rep, err)
		}
		fs := r.Check()
		if len(fs) != 1 || fs[0].Code != CodePlayAfterRepetition || fs[0].Ply != rep.Ply+1 {
			t.Errorf("%s: Check = %+v, want play-after-repetition at %d", l.moves, fs, rep.Ply+1)
		}
		if want := "perpetual check by"; (rep.Kind == PerpetualCheck) != strings.Contains(fs[0].Message, want) {
			t.Errorf("%s: %q and %v disagree", l.moves, fs[0].Message, rep.Kind)
		}
	}
}

func TestKeyAfter(t *testing.T) {
	for _, b := range benchPositions {
		p := mustSFEN(t, b.sfen)
		k := p.Key()
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			if got, want := p.KeyAfter(k, m), q.Key(); got != want {
				t.Errorf("%s: KeyAfter(%s) = %x, want %x", b.name, m, got, want)
			}
			k2 := q.Key()
			for _, m2 := range q.LegalMoves(nil) {
				x := q
				x.Play(m2)
				if got, want := q.KeyAfter(k2, m2), x.Key(); got != want {
					t.Errorf("%s %s: KeyAfter(%s) = %x, want %x", b.name, m, m2, got, want)
				}
			}
		}
	}
}

func TestImpasseRuleOf(t *testing.T) {
	tests := []struct {
		in   string
		want ImpasseRule
		ok   bool
	}{
		{"27", ImpasseRule27, true},
		{"24", ImpasseRule24, true},
		{"24点法", ImpasseRule24, true},
		{"２４点", ImpasseRule24, true},
		{"二十四点法", ImpasseRule24, true},
		{"CSA 27", ImpasseRule27, true},
		{"30", 0, false},
		{"なし", 0, false},
	}
	for _, tt := range tests {
		if got, ok := ImpasseRuleOf(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("ImpasseRuleOf(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCheckSummary(t *testing.T) {
	game := func(t *testing.T, end EndingKind) *Record {
		r := NewRecord(StartPosition())
		n := addLine(t, r, r.Root, "7g7f 3c3d 8h2b+ 3a2b")
		if end != NoEnding {
			r.AddChild(n, 0, Ending{Kind: end, Side: Black})
		}
		return r
	}
	tests := []struct {
		line  string
		end   EndingKind
		wants int // summary-mismatch warnings
	}{
		{"まで4手で後手の勝ち", Resign, 0},
		{"まで４手で後手の勝ち", Resign, 0},
		{"まで四手で後手の勝ち", Resign, 0},
		{"まで4手で先手の勝ち", Resign, 1},
		{"まで5手で後手の勝ち", Resign, 1},
		{"まで5手で先手の勝ち", Resign, 2},
		{"まで4手で中断", Interrupt, 0},
		{"まで4手で後手の勝ち", Interrupt, 1},
		{"まで4手で先手の反則負け", FoulLose, 0},
		{"まで4手で時間切れにより後手の勝ち", Timeout, 0},
		{"まで4手で千日手", Sennichite, 0},
		{"まで4手で後手の勝ち", NoEnding, 0},
		{"not a summary", Resign, 0},
	}
	for _, tt := range tests {
		got := game(t, tt.end).CheckSummary(tt.line)
		if len(got) != tt.wants {
			t.Errorf("%s after %v: %d warnings %+v, want %d", tt.line, tt.end, len(got), got, tt.wants)
		}
		for _, f := range got {
			if f.Code != CodeSummaryMismatch || f.Severity != SevWarning {
				t.Errorf("%s: bad finding %+v", tt.line, f)
			}
		}
	}
	// A documented foul: its mover lost, whatever the ending's word
	// (shogi/foul.go), and the まで line says so.
	fouls := []struct {
		moves, line string
		wants       int
	}{
		{club24 + " foul_lose", "まで6手で後手の勝ち", 0},
		{club24 + " foul_lose", "まで6手で先手の反則負け", 0},
		{club24 + " foul_lose", "まで6手で先手の勝ち", 1},
		{"7g7f 3c3d 5i6h 8c8d 6h7g foul_win", "まで5手で後手の反則勝ち", 0},
		{"7g7f 3c3d 5i6h 8c8d 6h7g foul_lose", "まで5手で先手の反則負け", 0},
	}
	for _, tt := range fouls {
		if got := lineRecord(t, "", tt.moves).CheckSummary(tt.line); len(got) != tt.wants {
			t.Errorf("%s after %s: %d warnings %+v, want %d", tt.line, tt.moves, len(got), got, tt.wants)
		}
	}
}

func TestCutJaNumber(t *testing.T) {
	tests := []struct {
		in, rest string
		n        int
		ok       bool
	}{
		{"77手", "手", 77, true},
		{"７７手", "手", 77, true},
		{"十八", "", 18, true},
		{"二十三手", "手", 23, true},
		{"百二十三", "", 123, true},
		{"二〇", "", 20, true},
		{"千", "", 1000, true},
		{"手", "手", 0, false},
		{"", "", 0, false},
		{"1234567890", "1234567890", 0, false},
	}
	for _, tt := range tests {
		n, rest, ok := CutJaNumber(tt.in)
		if n != tt.n || rest != tt.rest || ok != tt.ok {
			t.Errorf("CutJaNumber(%q) = %d, %q, %v; want %d, %q, %v", tt.in, n, rest, ok, tt.n, tt.rest, tt.ok)
		}
	}
	for r, want := range map[rune]int{'7': 7, '７': 7, '七': 7, '0': 0, '〇': 0, 'a': 0, '十': 0} {
		if got := JaDigitValue(r); got != want {
			t.Errorf("JaDigitValue(%q) = %d, want %d", r, got, want)
		}
	}
}

// BenchmarkCheck checks 40 random games of up to 160 plies, as validate
// does after reading each record.
func BenchmarkCheck(b *testing.B) {
	var recs []*Record
	nodes := 0
	for i := range 40 {
		r := randomRecord(rand.New(rand.NewPCG(uint64(i), 3)), RandomGameOptions{MaxPlies: 160})
		recs = append(recs, r)
		for range r.MainLine() {
			nodes++
		}
	}
	b.ReportAllocs()
	cpu := procstat.CPU()
	for b.Loop() {
		for _, r := range recs {
			r.Check()
		}
	}
	if cpu := procstat.CPU() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*nodes), "cpu-ns/ply")
	}
	b.ReportMetric(float64(b.N)*float64(nodes)/b.Elapsed().Seconds(), "plies/s")
}

// TestLineKeysCountStops checks that counting a position stops at five:
// a record of a million moves of shuffling kings stands on a handful of
// positions, and counting every earlier occurrence at every ply made
// validating it quadratic (minutes for a million moves). A count is now
// kept by position; first is the first ply of the position.
func TestLineKeysCountStops(t *testing.T) {
	var l lineKeys
	l.init(0)
	for range 1000 {
		l.push(42, false)
	}
	if n, first := l.count(42); n != 5 || first != 0 {
		t.Errorf("count = %d, first %d; want 5, 0", n, first)
	}
	l.cut(4)
	if n, first := l.count(42); n != 4 || first != 0 {
		t.Errorf("after the cut: count = %d, first %d; want 4, 0", n, first)
	}
}
