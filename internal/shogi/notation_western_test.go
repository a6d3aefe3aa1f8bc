package shogi

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// playUSI plays USI moves from the start position (or sfen) and returns the
// positions before each move together with the moves.
func playUSI(t *testing.T, sfen string, usi string) ([]Position, []Move) {
	t.Helper()
	p := StartPosition()
	if sfen != "" {
		p = mustSFEN(t, sfen)
	}
	var ps []Position
	var ms []Move
	for _, f := range strings.Fields(usi) {
		m, err := ParseUSIMove(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Legal(m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ps = append(ps, p)
		ms = append(ms, m)
		p.Play(m)
	}
	return ps, ms
}

// The sequence of ../shared/specs/psn-western.md §5 in every notation.
func TestNotationSpecExample(t *testing.T) {
	const usi = "7g7f 3c3d 8h2b+ 3a2b B*4e 6a5b 4e6c 5b6c"
	tests := []struct {
		n    Notation
		want string
	}{
		{WesternNotation{}, "P-7f P-3d Bx2b+ Sx2b B*4e G6a-5b Bx6c= Gx6c"},
		{HoskingNotation{}, "P76 P34 Bx22+ Sx22 B'45 G61-52 Bx63= Gx63"},
		{KitaoKawasakiNotation{}, "☗歩-76 ☖歩-34 ☗角x22+ ☖銀x ☗角*45 ☖金(61)-52 ☗角x63= ☖金x"},
	}
	ps, ms := playUSI(t, "", usi)
	for _, tt := range tests {
		t.Run(tt.n.String(), func(t *testing.T) {
			var got []string
			for i := range ms {
				got = append(got, string(tt.n.AppendMove(nil, &ps[i], ms[i])))
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("got  %s\nwant %s", g, tt.want)
			}
			for i, f := range strings.Fields(tt.want) {
				m, err := tt.n.ParseMove(&ps[i], f)
				if err != nil || m != ms[i] {
					t.Errorf("ParseMove(%q) = %v, %v; want %v", f, m, err, ms[i])
				}
			}
		})
	}
}

// The two notated games of the notation overview
// (../shared/specs/shogi-notation-overview.txt): the Ishida game in Hosking
// and Hodges, and the tempo-loss bishop exchange in Hodges with number
// ranks. Writing each move back in our Hodges gives the text with letter
// ranks.
func TestNotationOverviewGames(t *testing.T) {
	tests := []struct {
		name  string
		n     Notation
		moves string
	}{
		{"ishida-hosking", HoskingNotation{}, "P76 P34 P75 P35 R78 R32 G69-58 G41-52 K48 P14 P16 K62 P46 P64 G47 S72 S38 K71 K39 S42 P96 P44 S68 S43 P66 S54 S67 R42 S56 P45 Px45 Sx45 Sx45 Rx45 S'34 R41 Sx23="},
		{"ishida-hodges", WesternNotation{}, "P-7f P-3d P-7e P-3e R-7h R-3b G6i-5h G4a-5b K-4h P-1d P-1f K-6b P-4f P-6d G-4g S-7b S-3h K-7a K-3i S-4b P-9f P-4d S-6h S-4c P-6f S-5d S-6g R-4b S-5f P-4e Px4e Sx4e Sx4e Rx4e S*3d R-4a Sx2c="},
		{"tempo-loss-hodges-number", nil, "P-76 P-34 P-26 G-32 G-78 P-84 P-25 Bx88+ Sx88 S-22 S-38 S-33 P-36 S-72 K-68 P-64 S-37 P-85 S-46 P-86 Px86 Rx86 P-24 Px24 N-77 R-82 P-35 Px35 Sx35 P-74 Sx24 Sx24 Rx24 P*23 R-26 P-75 P*83 Sx83 B*63 B*74 B-18+ Bx47+ G-58 +B-14"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := StartPosition()
			for i, f := range strings.Fields(tt.moves) {
				m, err := WesternNotation{}.ParseMove(&p, f)
				if err != nil {
					t.Fatalf("move %d %q: %v", i+1, f, err)
				}
				if err := p.Legal(m); err != nil {
					t.Fatalf("move %d %q = %v: %v", i+1, f, m, err)
				}
				want := f
				var got string
				if tt.n != nil {
					got = string(tt.n.AppendMove(nil, &p, m))
				} else {
					got = hodgesToNumbers(string(WesternNotation{}.AppendMove(nil, &p, m)))
				}
				if got != want {
					t.Errorf("move %d: wrote %q, want %q", i+1, got, want)
				}
				p.Play(m)
			}
		})
	}
}

// hodgesToNumbers turns the letter ranks of Hodges text into digits.
func hodgesToNumbers(s string) string {
	b := []byte(s)
	for i := 1; i < len(b); i++ {
		if b[i] >= 'a' && b[i] <= 'i' && b[i-1] >= '1' && b[i-1] <= '9' {
			b[i] = '1' + b[i] - 'a'
		}
	}
	return string(b)
}

func TestParseWestern(t *testing.T) {
	const (
		start = ""
		// After 7g7f 3c3d 8h2b+ 3a2b B*4e: White's golds on 6a and 4a both reach 5b.
		golds = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
		// Black's gold on 5h is pinned by the rook on 5a; the one on 3h is free.
		pinned = "k3r4/9/9/9/9/9/9/4G1G2/4K4 b - 1"
		// A black pawn on 2b that must promote on 2a; a tokin on 4c next to a
		// white gold on 4b, a horse on 5e and a dragon on 8c.
		promo = "4k4/5g1P1/1+R3+P3/9/4+B4/9/9/9/4K4 b P2p 1"
		// Knights on 8g and 6g that both reach 7e; Black holds a pawn and a silver.
		knights = "4k4/9/9/9/9/9/1N1N5/9/4K4 b SP 1"
	)
	tests := []struct {
		name, sfen, text, want string // want: USI move, or the error code
	}{
		{"hodges", start, "P-7f", "7g7f"},
		{"hodges number", start, "P-76", "7g7f"},
		{"hosking", start, "P76", "7g7f"},
		{"full origin", start, "P7g-7f", "7g7f"},
		{"full origin number", start, "P77-76", "7g7f"},
		{"glued origin hosking", start, "P7776", "7g7f"},
		{"spaces", start, " P - 7 f ", "7g7f"},
		{"annotation", start, "P-7f!?", "7g7f"},
		{"wrong capture mark", start, "Px7f", "7g7f"},
		{"king", start, "K-4h", "5i4h"},
		{"ambiguous", start, "G-5h", "ambiguous"},
		{"origin file", start, "G6-5h", "6i5h"},
		{"partial file before letter", start, "G45h", "4i5h"},
		{"partial rank", start, "Si-6h", "7i6h"},
		{"partial rank ambiguous", start, "Gi-5h", "ambiguous"},
		{"digit partial origin with digit ranks", start, "G458", "syntax"},
		{"no such move", start, "P-7e", "no-such-move"},
		{"wrong piece full origin", start, "S7g-7f", "wrong-piece"},
		{"empty origin", start, "P7e-7d", "no-piece"},
		{"opponent's origin", start, "P7c-7d", "not-own-piece"},
		{"bad letter", start, "Q-7f", "syntax"},
		{"bad square", start, "P-7j", "bad-square"},
		{"too short", start, "P", "syntax"},
		{"empty", start, "", "syntax"},
		{"D without plus", start, "+D-5e", "syntax"},
		{"promoted gold", start, "+G-5h", "syntax"},
		{"drop with origin", start, "P7g*7f", "syntax"},
		{"drop of king", start, "K*5e", "syntax"},
		{"recapture without previous move", start, "Gx", "no-previous-move"},
		{"golds need origin", golds, "G-5b", "ambiguous"},
		{"golds hodges", golds, "G6a-5b", "6a5b"},
		{"golds hosking", golds, "G61-52", "6a5b"},
		{"golds partial", golds, "G4-5b", "4a5b"},
		{"drop hosking", golds, "B'55", "B*5e"},
		{"drop curly", golds, "B’55", "B*5e"},
		{"drop promoting", golds, "B*55+", "bad-promotion"},
		{"drop hodges", golds, "B*3c", "B*3c"},
		{"pinned gold", pinned, "G-4h", "3h4h"},
		{"pinned gold origin", pinned, "G3h-4h", "3h4h"},
		{"pinned gold psn", pinned, "G5h-4h", "5h4h"},
		{"forced promotion without mark", promo, "P-2a", "2b2a+"},
		{"promotion", promo, "P-2a+", "2b2a+"},
		{"declined forced", promo, "P-2a=", "2b2a"}, // resolved; Legal says dead-piece
		{"tokin", promo, "+Px4b", "4c4b"},
		{"tokin T", promo, "Tx4b", "4c4b"},
		{"horse H", promo, "H-4d", "5e4d"},
		{"horse +B", promo, "+B-4d", "5e4d"},
		{"dragon D", promo, "D-8d", "8c8d"},
		{"dragon +R", promo, "+R8c-8d", "8c8d"},
		{"unpromoted name for horse", promo, "B-4d", "no-such-move"},
		{"pawn drop", promo, "P*5d", "P*5d"},
		{"knights ambiguous", knights, "N-7e", "ambiguous"},
		{"knights origin", knights, "N8g-7e", "8g7e"},
		{"knights file", knights, "N6-7e", "6g7e"},
		{"missing drop mark", knights, "S-5e", "S*5e"},
		{"missing drop mark hosking", knights, "S55", "S*5e"},
		{"drop not in hand", knights, "G*5e", "G*5e"}, // resolved; Legal says not-in-hand
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := StartPosition()
			if tt.sfen != "" {
				p = mustSFEN(t, tt.sfen)
			}
			m, err := WesternNotation{}.ParseMove(&p, tt.text)
			if err != nil {
				var re *RuleError
				if !errors.As(err, &re) || re.Code != tt.want {
					t.Errorf("ParseMove(%q) error %v, want %s", tt.text, err, tt.want)
				}
				return
			}
			if m.String() != tt.want {
				t.Errorf("ParseMove(%q) = %v, want %s", tt.text, m, tt.want)
			}
		})
	}
}

func TestParseWesternRecapture(t *testing.T) {
	ps, ms := playUSI(t, "", "7g7f 3c3d 8h2b+")
	p := ps[2]
	p.Play(ms[2])
	for _, s := range []string{"Sx", "xS", "Sx2b", "S3ax2b", "S x"} {
		m, err := WesternNotation{}.ParseMove(&p, s)
		if err != nil || m.String() != "3a2b" {
			t.Errorf("ParseMove(%q) = %v, %v; want 3a2b", s, m, err)
		}
	}
}

func TestWesternPinnedOriginLeftOut(t *testing.T) {
	p := mustSFEN(t, "k3r4/9/9/9/9/9/9/4G1G2/4K4 b - 1")
	m := NewMove(NewSquare(3, 8), NewSquare(4, 8), false)
	if got := string(WesternNotation{}.AppendMove(nil, &p, m)); got != "G-4h" {
		t.Errorf("got %q, want G-4h (the 5h gold is pinned)", got)
	}
}

func TestHandicapEnglish(t *testing.T) {
	for _, h := range Handicaps() {
		got, ok := HandicapFromEnglish(h.English())
		if !ok || got != h {
			t.Errorf("HandicapFromEnglish(%q) = %v, %v; want %v", h.English(), got, ok, h)
		}
	}
	tests := []struct {
		in   string
		want Handicap
		ok   bool
	}{
		{"Two-Piece", TwoPiece, true},
		{"2 piece", TwoPiece, true},
		{"rook and bishop", TwoPiece, true},
		{"8 piece", EightPiece, true},
		{"Ten Piece Handicap", TenPiece, true},
		{"Rook+Lance", RookLance, true},
		{"二枚落ち", TwoPiece, true},
		{"KY_R", RightLance, true},
		{"queen", Other, false},
		{"", Other, false},
	}
	for _, tt := range tests {
		got, ok := HandicapFromEnglish(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("HandicapFromEnglish(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// notationRoundTripPositions are the roots of the perft trees whose every
// move must survive move → text → move: the start, the Matsubara middle game
// (promoted pieces, many pieces in hand), and positions full of drops.
var notationRoundTripPositions = []struct {
	name, sfen string
	depth      int // plies of the tree (moves at depth 1..depth are checked)
}{
	{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3},
	{"middlegame", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3},
	{"quiet", "ln1g3nl/1r1sg1k2/p1pp1s1pp/4ppp2/1p5P1/2PPP1P2/PPSG1P2P/2G2S1R1/LN1K3NL b Bb 31", 2},
	{"all-in-hand", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 2},
	{"max-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2},
}

// TestNotationRoundTripPerft checks every legal move of every position of
// the perft trees in each notation: the text resolves to the same move. It
// also checks that the full-origin PSN form (P7g-7f) resolves.
func TestNotationRoundTripPerft(t *testing.T) {
	t.Parallel()
	notations := []Notation{WesternNotation{}, HoskingNotation{}, KitaoKawasakiNotation{}}
	for _, tt := range notationRoundTripPositions {
		t.Run(tt.name, func(t *testing.T) {
			depth := tt.depth
			if testing.Short() && depth > 2 {
				depth = 2
			}
			p := mustSFEN(t, tt.sfen)
			var checked int
			var buf []byte
			var walk func(p *Position, d int)
			walk = func(p *Position, d int) {
				var ms [MaxLegalMoves]Move
				for _, m := range p.LegalMoves(ms[:0]) {
					for _, n := range notations {
						buf = n.AppendMove(buf[:0], p, m)
						got, err := n.ParseMove(p, string(buf))
						if err != nil || got != m {
							t.Fatalf("%s in %s: %s wrote %q, read back %v (%v)", m, p.SFEN(), n, buf, got, err)
						}
					}
					buf = appendFullOrigin(buf[:0], p, m)
					if got, err := (WesternNotation{}).ParseMove(p, string(buf)); err != nil || got != m {
						t.Fatalf("%s in %s: full form %q read back %v (%v)", m, p.SFEN(), buf, got, err)
					}
					checked++
					if d > 1 {
						u := p.Play(m)
						walk(p, d-1)
						p.Unplay(m, u)
					}
				}
			}
			walk(&p, depth)
			t.Logf("%d moves checked", checked)
		})
	}
}

// appendFullOrigin writes the Shogidokoro PSN form: piece, origin, - or x,
// destination, + when promoting.
func appendFullOrigin(dst []byte, p *Position, m Move) []byte {
	if m.IsDrop() {
		return m.AppendUSI(dst)
	}
	dst = append(dst, p.At(m.From()).Type().WesternLetter()...)
	dst = append(dst, m.From().USI()...)
	if p.At(m.To()) != NoPiece {
		dst = append(dst, 'x')
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, m.To().USI()...)
	if m.IsPromotion() {
		dst = append(dst, '+')
	}
	return dst
}

// TestAmbiguousOriginMatchesScan checks the destination-centred search of
// ambiguousOrigin against a scan of every square, on every move of the
// pieces that reach a square (legal or not: an illegal last move makes any
// twin count) in the positions of random games and of the round-trip
// positions.
func TestAmbiguousOriginMatchesScan(t *testing.T) {
	scan := func(p *Position, m Move, pc Piece) bool {
		from, to := m.From(), m.To()
		for s := Square(0); s < 81; s++ {
			if s == from || p.board[s] != pc || !p.reaches(pc, s, to) {
				continue
			}
			if p.Legal(NewMove(s, to, false)) == nil || p.Legal(NewMove(s, to, true)) == nil || p.Legal(m) != nil {
				return true
			}
		}
		return false
	}
	var positions []Position
	for _, tt := range notationRoundTripPositions {
		positions = append(positions, mustSFEN(t, tt.sfen))
	}
	rng := rand.New(rand.NewPCG(8, 2026))
	games := 60
	if testing.Short() {
		games = 15
	}
	opt := RandomGameOptions{MaxPlies: 160, Full: true}
	for range games {
		rec := randomRecord(rng, opt)
		p := rec.Start
		for n := range rec.MainLine() {
			if n.IsEnd() || n.Move.IsZero() {
				continue
			}
			positions = append(positions, p)
			p.Play(n.Move)
		}
	}
	checked, twins := 0, 0
	for i := range positions {
		p := &positions[i]
		for from := Square(0); from < 81; from++ {
			pc := p.board[from]
			if pc == NoPiece || pc.Color() != p.turn {
				continue
			}
			for to := Square(0); to < 81; to++ {
				if x := p.board[to]; x != NoPiece && x.Color() == p.turn || !p.reaches(pc, from, to) {
					continue
				}
				m := NewMove(from, to, false)
				want := scan(p, m, pc)
				if got := p.ambiguousOrigin(m, pc); got != want {
					t.Fatalf("%s in %s: ambiguousOrigin = %v, the scan says %v", m, p.SFEN(), got, want)
				}
				checked++
				if want {
					twins++
				}
			}
		}
	}
	if twins == 0 {
		t.Fatal("no ambiguous move among the positions: the test proves nothing")
	}
	t.Logf("%d moves in %d positions checked, %d ambiguous", checked, len(positions), twins)
}

func BenchmarkWesternAppendMove(b *testing.B) {
	ps, ms := legalPairs(b)
	buf := make([]byte, 0, 32)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ms)
		buf = WesternNotation{}.AppendMove(buf[:0], &ps[k], ms[k])
	}
}

func BenchmarkWesternParseMove(b *testing.B) {
	ps, ms := legalPairs(b)
	texts := make([]string, len(ms))
	for i := range ms {
		texts[i] = string(WesternNotation{}.AppendMove(nil, &ps[i], ms[i]))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ms)
		if _, err := (WesternNotation{}).ParseMove(&ps[k], texts[k]); err != nil {
			b.Fatal(err)
		}
	}
}
