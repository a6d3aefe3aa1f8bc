package shogi

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// boardOf builds a position from tokens "<USI piece><file><rank>" ("G93" a
// black gold on 9三, "+r55" a white dragon on 5五, "G*2" two golds in
// Black's hand), with turn to move.
func boardOf(t *testing.T, turn Color, spec string) Position {
	t.Helper()
	p := NewPosition()
	p.SetTurn(turn)
	for _, tok := range strings.Fields(spec) {
		promoted := tok[0] == '+'
		if promoted {
			tok = tok[1:]
		}
		letter := tok[0]
		c := Black
		if letter >= 'a' && letter <= 'z' {
			c = White
			letter -= 'a' - 'A'
		}
		var pt PieceType
		for k := Pawn; k <= King; k++ {
			if usiLetters[k][0] == letter {
				pt = k
			}
		}
		if pt == NoPieceType {
			t.Fatalf("bad token %q", tok)
		}
		if tok[1] == '*' {
			p.Hand(c).Add(pt, int(tok[2]-'0'))
			continue
		}
		if promoted {
			pt = pt.Promote()
		}
		p.Set(NewSquare(int(tok[1]-'0'), int(tok[2]-'0')), NewPiece(c, pt))
	}
	return p
}

func usi(t *testing.T, s string) Move {
	t.Helper()
	m, err := ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Every row of §6 of ../shared/specs/ki2-japanese-notation.md, plus the
// cases around 同, drops and promotion.
var ki2Cases = []struct {
	name  string
	turn  Color
	board string
	last  string // USI of the previous move, for 同
	move  string
	want  string
}{
	{"gold up", Black, "K59 k15 G93 G72", "", "9c8b", "８二金上"},
	{"gold sideways", Black, "K59 k15 G93 G72", "", "7b8b", "８二金寄"},
	{"silver up", Black, "K59 k15 S89 S77", "", "8i8h", "８八銀上"},
	{"silver down", Black, "K59 k15 S89 S77", "", "7g8h", "８八銀引"},
	{"golds both up left", Black, "K59 k15 G92 G72", "", "9b8a", "８一金左"},
	{"golds both up right", Black, "K59 k15 G92 G72", "", "7b8a", "８一金右"},
	{"golds sideways left", Black, "K59 k55 G32 G12", "", "3b2b", "２二金左"},
	{"golds sideways right", Black, "K59 k55 G32 G12", "", "1b2b", "２二金右"},
	{"gold left of straight", Black, "K59 k15 G89 G79", "", "8i7h", "７八金左"},
	{"gold straight", Black, "K59 k15 G89 G79", "", "7i7h", "７八金直"},
	{"three golds left", Black, "K59 k15 G63 G53 G43", "", "6c5b", "５二金左"},
	{"three golds straight", Black, "K59 k15 G63 G53 G43", "", "5c5b", "５二金直"},
	{"three golds right", Black, "K59 k15 G63 G53 G43", "", "4c5b", "５二金右"},
	{"tokin right", Black, "K59 k15 +P79 +P89 +P99 +P98 +P87", "", "7i8h", "８八と右"},
	{"tokin straight", Black, "K59 k15 +P79 +P89 +P99 +P98 +P87", "", "8i8h", "８八と直"},
	{"tokin left up", Black, "K59 k15 +P79 +P89 +P99 +P98 +P87", "", "9i8h", "８八と左上"},
	{"tokin sideways", Black, "K59 k15 +P79 +P89 +P99 +P98 +P87", "", "9h8h", "８八と寄"},
	{"tokin down", Black, "K59 k15 +P79 +P89 +P99 +P98 +P87", "", "8g8h", "８八と引"},
	{"silvers straight", Black, "K59 k55 S29 S17 S39 S37", "", "2i2h", "２八銀直"},
	{"silvers right", Black, "K59 k55 S29 S17 S39 S37", "", "1g2h", "２八銀右"},
	{"silvers left up", Black, "K59 k55 S29 S17 S39 S37", "", "3i2h", "２八銀左上"},
	{"silvers left down", Black, "K59 k55 S29 S17 S39 S37", "", "3g2h", "２八銀左引"},
	{"white golds left", White, "K55 k51 g18 g38", "", "1h2i", "２九金左"},
	{"white golds right", White, "K55 k51 g18 g38", "", "3h2i", "２九金右"},
	{"dragon down", Black, "K59 k15 +R91 +R84", "", "9a8b", "８二龍引"},
	{"dragon up", Black, "K59 k15 +R91 +R84", "", "8d8b", "８二龍上"},
	{"dragon sideways", Black, "K59 k15 +R23 +R52", "", "2c4c", "４三龍寄"},
	{"dragon down diagonal", Black, "K59 k15 +R23 +R52", "", "5b4c", "４三龍引"},
	{"dragons sideways left", Black, "K59 k19 +R55 +R15", "", "5e3e", "３五龍左"},
	{"dragons sideways right", Black, "K59 k19 +R55 +R15", "", "1e3e", "３五龍右"},
	{"dragons up left", Black, "K59 k15 +R99 +R89", "", "9i8h", "８八龍左"},
	{"dragons up right", Black, "K59 k15 +R99 +R89", "", "8i8h", "８八龍右"},
	{"horses down left", Black, "K59 k15 +B91 +B81", "", "9a8b", "８二馬左"},
	{"horses down right", Black, "K59 k15 +B91 +B81", "", "8a8b", "８二馬右"},
	{"white dragons", White, "K59 k51 +r55 +r15", "", "1e3e", "３五龍左"},
	{"gold board move with gold in hand", Black, "K59 k15 G53 G*1", "", "5c5b", "５二金"},
	{"gold drop with gold on board", Black, "K59 k15 G53 G*1", "", "G*5b", "５二金打"},
	{"drop without board piece", Black, "K59 k15 B*1", "", "B*5e", "５五角"},
	{"silver promotes into zone", Black, "K59 k15 S53", "", "5c4b+", "４二銀成"},
	{"silver declines in zone", Black, "K59 k15 S53", "", "5c4b", "４二銀不成"},
	{"silver promotes entering", Black, "K59 k15 S54", "", "5d4c+", "４三銀成"},
	{"silver declines entering", Black, "K59 k15 S54", "", "5d4c", "４三銀不成"},
	{"silver promotes leaving", Black, "K59 k15 S53", "", "5c4d+", "４四銀成"},
	{"silver declines leaving", Black, "K59 k15 S53", "", "5c4d", "４四銀不成"},
	{"silver outside zone", Black, "K59 k15 S54", "", "5d4e", "４五銀"},
	{"pawn forced promotion", Black, "K59 k15 P52", "", "5b5a+", "５一歩成"},
	{"same square", White, "K59 k51 p53 P55", "5f5e", "5c5d", "５四歩"},
	{"same square capture", Black, "K59 k51 P56 p55", "5c5e", "5f5e", "同　歩"},
	{"same square, two characters", Black, "K59 k51 +S56 p55", "5c5e", "5f5e", "同成銀"},
	{"same square, promotion", Black, "K59 k51 S44 p33", "3b3c", "4d3c+", "同銀成"},
	{"same square with modifier", Black, "K59 k15 G66 G46 p55", "5c5e", "6f5e", "同金左"},
	{"pinned gold still counts", Black, "K59 k15 r51 G56 G35", "", "3e4e", "４五金寄"},
	{"pinned gold, drop takes 打", Black, "K58 k15 r51 G57 G*1", "", "G*4f", "４六金打"},
}

func TestKI2AppendMove(t *testing.T) {
	for _, tt := range ki2Cases {
		t.Run(tt.name, func(t *testing.T) {
			p := boardOf(t, tt.turn, tt.board)
			if tt.last != "" {
				p.SetLastMove(usi(t, tt.last))
			}
			m := usi(t, tt.move)
			if err := p.Legal(m); err != nil {
				t.Fatalf("test move %s is illegal: %v", tt.move, err)
			}
			got := string(KI2Notation{}.AppendMove(nil, &p, m))
			if got != tt.want {
				t.Errorf("AppendMove(%s) = %s, want %s", tt.move, got, tt.want)
			}
			back, err := KI2Notation{}.ParseMove(&p, tt.want)
			if err != nil || back != m {
				t.Errorf("ParseMove(%s) = %v, %v; want %s", tt.want, back, err, tt.move)
			}
		})
	}
}

func TestKI2ParseMove(t *testing.T) {
	start := StartPosition()
	afterP76 := start
	afterP76.Play(usi(t, "7g7f"))
	tokins := boardOf(t, Black, "K59 k15 +P79 +P89 +P99 +P98 +P87")
	golds := boardOf(t, Black, "K59 k15 G63 G53 G43")
	dragons := boardOf(t, Black, "K59 k15 +R91 +R84")
	capture := boardOf(t, Black, "K59 k51 P56 p55")
	capture.SetLastMove(usi(t, "5c5e"))
	promo := boardOf(t, Black, "K59 k15 S53 N33")
	hand := boardOf(t, Black, "K59 k15 G53 G*1 S*1")
	minors := boardOf(t, White, "K59 k51 +s53 +n33 +l13")
	pinned := boardOf(t, Black, "K59 k15 r51 G56 G35")
	pinnedDrop := boardOf(t, Black, "K58 k15 r51 G57 G*1")
	tests := []struct {
		name string
		pos  *Position
		text string
		want string // USI, or "" when an error is expected
		err  error
	}{
		{"plain", &start, "７六歩", "7g7f", nil},
		{"black mark", &start, "▲７六歩", "7g7f", nil},
		{"sente mark", &start, "☗７六歩", "7g7f", nil},
		{"digit rank full-width", &start, "７６歩", "7g7f", nil},
		{"ascii digits", &start, "76歩", "7g7f", nil},
		{"spaces around", &start, "　▲ ７六歩 ", "7g7f", nil},
		{"white mark", &afterP76, "△３四歩", "3c3d", nil},
		{"white hollow mark", &afterP76, "▽３四歩", "3c3d", nil},
		{"same with full-width space", &capture, "同　歩", "5f5e", nil},
		{"same with ascii space", &capture, "同 歩", "5f5e", nil},
		{"same without space", &capture, "同歩", "5f5e", nil},
		{"square before same", &capture, "５五同歩", "5f5e", nil},
		{"wrong square before same", &capture, "５四同歩", "", ErrNoSuchMove},
		{"same without previous move", &start, "同　歩", "", ErrNoPreviousMov},
		{"movement word 行", &tokins, "８八と左行", "9i8h", nil},
		{"movement word 入", &tokins, "８八と左入", "9i8h", nil},
		{"words in other order", &tokins, "８八と上左", "9i8h", nil},
		{"straight", &golds, "５二金直", "5c5b", nil},
		{"ambiguous", &golds, "５二金", "", ErrAmbiguous},
		{"ambiguous movement", &golds, "５二金上", "", ErrAmbiguous},
		{"no such piece", &start, "５五飛", "", ErrNoSuchMove},
		{"modifier fits nothing", &dragons, "８二龍寄", "", ErrNoSuchMove},
		{"竜 for 龍", &dragons, "８二竜引", "9a8b", nil},
		{"不成", &promo, "４二銀不成", "5c4b", nil},
		{"生 for 不成", &promo, "４二銀生", "5c4b", nil},
		{"成", &promo, "４二銀成", "5c4b+", nil},
		{"forced promotion without 成", &promo, "２一桂", "3c2a+", nil},
		{"board move with piece in hand", &hand, "５二金", "5c5b", nil},
		{"drop with 打", &hand, "５二金打", "G*5b", nil},
		{"drop without 打", &hand, "２二銀", "S*2b", nil},
		{"drop with 打 not needed", &hand, "２二銀打", "S*2b", nil},
		{"promoted piece drop", &hand, "２二と打", "", ErrNoSuchMove},
		{"全 for 成銀", &minors, "５四全", "5c5d", nil},
		{"成銀", &minors, "５四成銀", "5c5d", nil},
		{"圭 for 成桂", &minors, "３四圭", "3c3d", nil},
		{"杏 for 成香", &minors, "１四杏", "1c1d", nil},
		{"king as 王", &start, "４八王", "5i4h", nil},
		{"king as 玉", &start, "４八玉", "5i4h", nil},
		{"KIF origin accepted", &start, "７六歩(77)", "7g7f", nil},
		{"pinned twin needs no word", &pinned, "４五金", "3e4e", nil},
		{"pinned twin with a word", &pinned, "４五金寄", "3e4e", nil},
		// A board piece that reaches the square makes the text a board
		// move, even when it is pinned and the move a foul (issue 14);
		// 打 says the drop.
		{"pinned twin without 打 is the board move", &pinnedDrop, "４六金", "5g4f", nil},
		{"drop beside a pinned twin", &pinnedDrop, "４六金打", "G*4f", nil},
		{"drop where no twin reaches", &pinnedDrop, "２六金", "G*2f", nil},
		{"empty", &start, "", "", ErrSyntax},
		{"garbage", &start, "abc", "", ErrSyntax},
		{"no piece", &start, "７六", "", ErrSyntax},
		{"trailing text", &start, "７六歩だ", "", ErrSyntax},
		{"rank missing", &start, "７歩", "", ErrBadSquare},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := KI2Notation{}.ParseMove(tt.pos, tt.text)
			if tt.err != nil {
				var ne *NotationError
				if !errors.Is(err, tt.err) || !errors.As(err, &ne) {
					t.Fatalf("ParseMove(%q) = %v, %v; want a NotationError wrapping %v", tt.text, got, err, tt.err)
				}
				return
			}
			if err != nil || got.String() != tt.want {
				t.Fatalf("ParseMove(%q) = %v, %v; want %s", tt.text, got, err, tt.want)
			}
		})
	}
}

// An illegal move a record documents (here a move that leaves the king in
// check) still resolves, so that a reader can name the foul.
func TestKI2ParseIllegalMove(t *testing.T) {
	p := boardOf(t, Black, "K59 k15 r51 G53")
	m, err := KI2Notation{}.ParseMove(&p, "４二金")
	if err != nil || m.String() != "5c4b" {
		t.Fatalf("got %v, %v; want 5c4b", m, err)
	}
	if !errors.Is(p.Legal(m), ErrSelfCheck) {
		t.Errorf("Legal(%v) = %v, want ErrSelfCheck", m, p.Legal(m))
	}
}

func TestSideMark(t *testing.T) {
	tests := []struct {
		in   string
		c    Color
		rest string
		ok   bool
	}{
		{"▲７六歩", Black, "７六歩", true},
		{"☗７六歩", Black, "７六歩", true},
		{"▼７六歩", Black, "７六歩", true},
		{"△３四歩", White, "３四歩", true},
		{"☖３四歩", White, "３四歩", true},
		{"▽３四歩", White, "３四歩", true},
		{"７六歩", Black, "７六歩", false},
		{"", Black, "", false},
	}
	for _, tt := range tests {
		c, rest, ok := CutSideMark(tt.in)
		if c != tt.c || rest != tt.rest || ok != tt.ok {
			t.Errorf("CutSideMark(%q) = %v, %q, %v; want %v, %q, %v", tt.in, c, rest, ok, tt.c, tt.rest, tt.ok)
		}
	}
	if got := string(AppendSideMark(AppendSideMark(nil, Black), White)); got != "▲△" {
		t.Errorf("AppendSideMark = %q", got)
	}
}

// roundTripPositions are the roots of the perft trees whose every move must
// survive move → text → move in both notations.
var roundTripPositions = []struct {
	name  string
	sfen  string
	depth int // full depth; -short uses one less
}{
	{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3},
	{"middlegame", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3},
	{"all-in-hand", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 2},
	{"max-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2},
	{"promoted crowd", "ln1gkg1nl/1r5b1/p1ppppp1p/1p5p1/9/2+P1+P1+P2/PP+S1+S1+SPP/1B+N1+L1GR1/3GK3L b SNPp 1", 3},
}

// walkPerft calls fn for every legal move of every position of the perft
// tree of depth d rooted at p.
func walkPerft(p *Position, d int, fn func(p *Position, m Move)) {
	if d == 0 {
		return
	}
	var buf [MaxLegalMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		fn(p, m)
		if d > 1 {
			u := p.Play(m)
			walkPerft(p, d-1, fn)
			p.Unplay(m, u)
		}
	}
}

// ki2Variants rewrites KI2 text in the other spellings readers accept.
var ki2Variants = []*strings.Replacer{
	strings.NewReplacer("同　", "同"),
	strings.NewReplacer("龍", "竜", "成銀", "全", "成桂", "圭", "成香", "杏", "玉", "王", "不成", "生", "上", "行"),
	strings.NewReplacer("１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7", "８", "8", "９", "9",
		"一", "1", "二", "2", "三", "3", "四", "4", "五", "5", "六", "6", "七", "7", "八", "8", "九", "9"),
}

func TestNotationRoundTrip(t *testing.T) {
	t.Parallel()
	notations := []Notation{KIFNotation{}, KI2Notation{}}
	for _, rt := range roundTripPositions {
		t.Run(rt.name, func(t *testing.T) {
			p, err := ParseSFEN(rt.sfen)
			if err != nil {
				t.Fatal(err)
			}
			depth := rt.depth
			if testing.Short() {
				depth--
			}
			var buf []byte
			n, fails := 0, 0
			walkPerft(&p, depth, func(p *Position, m Move) {
				n++
				for _, nt := range notations {
					buf = nt.AppendMove(buf[:0], p, m)
					text := string(buf)
					got, err := nt.ParseMove(p, text)
					if err != nil || got != m {
						if fails++; fails <= 10 {
							t.Errorf("%s %s %s: %s reads back as %v, %v", p.SFEN(), nt, m, text, got, err)
						}
					}
					if _, ok := nt.(KI2Notation); !ok || n%7 != 0 {
						continue
					}
					// A sample of the moves in every other spelling, with a mark.
					for _, r := range ki2Variants {
						v := r.Replace(text)
						mark := "▲"
						if p.Turn() == White {
							mark = "▽"
						}
						if got, err := nt.ParseMove(p, mark+v); err != nil || got != m {
							if fails++; fails <= 10 {
								t.Errorf("%s %s: %s reads back as %v, %v", p.SFEN(), m, mark+v, got, err)
							}
						}
					}
				}
			})
			t.Logf("%d moves", n)
		})
	}
}

func BenchmarkKI2AppendMove(b *testing.B) {
	p, _ := ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	moves := p.LegalMoves(nil)
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = KI2Notation{}.AppendMove(buf[:0], &p, moves[i%len(moves)])
	}
}

func BenchmarkKI2ParseMove(b *testing.B) {
	p, _ := ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	moves := p.LegalMoves(nil)
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = string(KI2Notation{}.AppendMove(nil, &p, m))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (KI2Notation{}).ParseMove(&p, texts[i%len(texts)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKIFParseMove(b *testing.B) {
	p, _ := ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	moves := p.LegalMoves(nil)
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = string(KIFNotation{}.AppendMove(nil, &p, m))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := (KIFNotation{}).ParseMove(&p, texts[i%len(texts)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFastJaMoveAgrees checks fastJaMove against parseJaMove: on every
// text the KI2 writer writes (which the fast reading must accept) and on
// random strings of the characters move text is made of (where it may
// decline, but must not read anything differently).
func TestFastJaMoveAgrees(t *testing.T) {
	check := func(text string, mustAccept bool) {
		t.Helper()
		got, ok := fastJaMove([]byte(text))
		if !ok {
			if mustAccept {
				t.Errorf("%q: fast reading declined", text)
			}
			return
		}
		want, err := parseJaMove(text)
		if err != nil || got != want {
			t.Errorf("%q: fast reading %+v, parseJaMove %+v, %v", text, got, want, err)
		}
	}
	for _, rt := range roundTripPositions[:3] {
		p, err := ParseSFEN(rt.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var buf []byte
		walkPerft(&p, 2, func(p *Position, m Move) {
			buf = KI2Notation{}.AppendMove(buf[:0], p, m)
			check(string(buf), true)
		})
	}
	alphabet := []rune("同　 ７六一九１歩成銀香桂角飛龍竜馬と金玉右左直上寄引行打不生()7")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var sb strings.Builder
		for n := 1 + rng.IntN(7); n > 0; n-- {
			sb.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		check(sb.String(), false)
	}
}

// TestReadMove checks KI2Notation.ReadMove against ParseMoveBytes: it must
// read the text the writer writes for every legal move, followed by what a
// KI2 line puts after a move, and whatever else it reads that is legal (a
// reader plays it with PlayLegal) must be what ParseMoveBytes reads.
func TestReadMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []rune("同　 ７六一九１歩成銀香桂角飛龍竜馬と金玉右左直上寄引打不生▲")
	tails := []string{"", "    △", "　▲", "x"}
	accepted := 0
	for _, rt := range roundTripPositions {
		p, err := ParseSFEN(rt.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var buf []byte
		walkPerft(&p, 2, func(p *Position, m Move) {
			buf = KI2Notation{}.AppendMove(buf[:0], p, m)
			n0 := len(buf)
			buf = append(buf, tails[rng.IntN(len(tails))]...)
			if got, n, ok := (KI2Notation{}).ReadMove(p, buf); !ok || got != m || n != n0 {
				t.Errorf("%s: ReadMove(%q) = %v, %d, %v; want %v, %d", p.SFEN(), buf, got, n, ok, m, n0)
			}
			// The text with one character changed.
			rs := []rune(string(buf))
			rs[rng.IntN(len(rs))] = alphabet[rng.IntN(len(alphabet))]
			text := []byte(string(rs))
			got, n, ok := KI2Notation{}.ReadMove(p, text)
			if !ok || p.Legal(got) != nil {
				return
			}
			accepted++
			want, err := KI2Notation{}.ParseMoveBytes(p, text[:n])
			if err != nil || got != want || p.Legal(got) != nil {
				t.Errorf("%s: ReadMove(%q) = %v, %d; ParseMoveBytes %v, %v; Legal %v", p.SFEN(), text, got, n, want, err, p.Legal(got))
			}
		})
	}
	if accepted < 1000 {
		t.Errorf("only %d altered texts were read: the test tests little", accepted)
	}
}
