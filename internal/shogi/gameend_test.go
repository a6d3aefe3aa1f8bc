package shogi

import (
	"errors"
	"testing"
)

// flipped returns p seen from the other side: the board turned 180°, the
// colours, hands and side to move swapped. A rule that treats the sides
// alike gives the same answer on both.
func flipped(p Position) Position {
	q := NewPosition()
	for s := Square(0); s < 81; s++ {
		if pc := p.At(s); pc != NoPiece {
			q.Set(80-s, NewPiece(pc.Color().Opponent(), pc.Type()))
		}
	}
	*q.Hand(Black), *q.Hand(White) = *p.Hand(White), *p.Hand(Black)
	q.SetTurn(p.Turn().Opponent())
	return q
}

func mustMoves(t testing.TB, s ...string) []Move {
	t.Helper()
	ms := make([]Move, len(s))
	for i, x := range s {
		m, err := ParseUSIMove(x)
		if err != nil {
			t.Fatal(err)
		}
		ms[i] = m
	}
	return ms
}

func repeat[T any](ms []T, n int) []T {
	var out []T
	for range n {
		out = append(out, ms...)
	}
	return out
}

func TestIsCheckmate(t *testing.T) {
	tests := []struct {
		name      string
		sfen      string
		check     bool
		mate      bool
		hasLegalM bool
	}{
		{"gold protected by pawn", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", true, true, false},
		{"unprotected gold is captured", "4k4/4G4/9/9/9/9/9/9/4K4 w - 1", true, false, true},
		{"a drop interposes", "k8/2G6/R8/9/9/9/9/9/4K4 w g 1", true, false, true},
		{"the same check with nothing in hand", "k8/2G6/R8/9/9/9/9/9/4K4 w - 1", true, true, false},
		{"no move but not in check is not mate", "8k/6G2/8P/9/9/9/9/9/4K4 w - 1", false, false, false},
		{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustSFEN(t, tt.sfen)
			for _, q := range []Position{p, flipped(p)} {
				if got := q.InCheck(); got != tt.check {
					t.Errorf("%s: InCheck = %v, want %v", q.SFEN(), got, tt.check)
				}
				if got := q.IsCheckmate(); got != tt.mate {
					t.Errorf("%s: IsCheckmate = %v, want %v", q.SFEN(), got, tt.mate)
				}
				if got := q.HasLegalMove(); got != tt.hasLegalM {
					t.Errorf("%s: HasLegalMove = %v, want %v", q.SFEN(), got, tt.hasLegalM)
				}
			}
		})
	}
}

func TestKey(t *testing.T) {
	start := StartPosition()
	// The same position reached by two move orders (a transposition).
	a, b := start, start
	for _, m := range mustMoves(t, "7g7f", "3c3d", "2g2f") {
		a.Play(m)
	}
	for _, m := range mustMoves(t, "2g2f", "3c3d", "7g7f") {
		b.Play(m)
	}
	if a.Key() != b.Key() || !a.Equal(&b) {
		t.Errorf("transposed positions differ: %x %x", a.Key(), b.Key())
	}
	// The move number and the previous move are not part of the position.
	c := a
	c.SetMoveNumber(99)
	c.SetLastMove(0)
	if c.Key() != a.Key() {
		t.Error("Key depends on the move number or the last move")
	}
	distinct := map[string]string{
		"start":              "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"white to move":      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"one pawn in hand":   "4k4/9/9/9/9/9/9/9/4K4 b P 1",
		"two pawns in hand":  "4k4/9/9/9/9/9/9/9/4K4 b 2P 1",
		"three pawns":        "4k4/9/9/9/9/9/9/9/4K4 b 3P 1",
		"pawn in white hand": "4k4/9/9/9/9/9/9/9/4K4 b p 1",
		"lance in hand":      "4k4/9/9/9/9/9/9/9/4K4 b L 1",
		"pawn on board":      "4k4/9/9/9/4P4/9/9/9/4K4 b - 1",
		"tokin on board":     "4k4/9/9/9/4+P4/9/9/9/4K4 b - 1",
		"white pawn":         "4k4/9/9/9/4p4/9/9/9/4K4 b - 1",
		"pawn one file over": "4k4/9/9/9/3P5/9/9/9/4K4 b - 1",
		"bare kings":         "4k4/9/9/9/9/9/9/9/4K4 b - 1",
	}
	keys := map[uint64]string{}
	for name, s := range distinct {
		p := mustSFEN(t, s)
		k := p.Key()
		if other, ok := keys[k]; ok {
			t.Errorf("%s and %s have the same key", name, other)
		}
		keys[k] = name
	}
}

func TestFindRepetition(t *testing.T) {
	kings := "4k4/9/9/9/9/9/9/9/4K4 b - 1"
	shuffle := []string{"5i5h", "5a5b", "5h5i", "5b5a"}
	// The rook checks from 1c and 2c in turn while the king steps between
	// 1a and 2a: the position after R3c1c recurs every four plies.
	rook := "8k/9/6R2/9/9/9/9/9/K8 b - 1"
	tests := []struct {
		name  string
		sfen  string
		moves []string
		want  Repetition
	}{
		{"three times is not yet 千日手", kings, append(repeat(shuffle, 2), shuffle[:3]...), Repetition{}},
		{"fourth occurrence of the start", kings, repeat(shuffle, 3), Repetition{Kind: RepetitionDraw, First: 0, Ply: 12}},
		{"moves after the fourth are not examined", kings, append(repeat(shuffle, 3), "5i5h", "5h5i"), Repetition{Kind: RepetitionDraw, First: 0, Ply: 12}},
		{"perpetual check by black", rook, append([]string{"3c1c"}, repeat([]string{"1a2a", "1c2c", "2a1a", "2c1c"}, 3)...),
			Repetition{Kind: PerpetualCheck, First: 1, Ply: 13, Loser: Black}},
		// The same rook checks only every other move: a plain draw.
		{"checks on some moves only", rook, repeat([]string{"3c1c", "1a2a", "1c3c", "2a1a"}, 3),
			Repetition{Kind: RepetitionDraw, First: 0, Ply: 12}},
		// Checks made before the first occurrence do not count.
		{"perpetual check starts late", rook, append([]string{"9i9h", "1a1b", "9h9i", "1b1a", "3c1c"}, repeat([]string{"1a2a", "1c2c", "2a1a", "2c1c"}, 3)...),
			Repetition{Kind: PerpetualCheck, First: 5, Ply: 17, Loser: Black}},
		// A cycle that contains a quiet rook move is no perpetual check,
		// even though the position it repeats was reached by a check.
		{"quiet move inside the cycle", rook, append([]string{"3c1c", "1a2a", "1c3c", "2a1a", "3c1c"}, repeat([]string{"1a2a", "1c2c", "2a1a", "2c1c"}, 3)...),
			Repetition{Kind: RepetitionDraw, First: 1, Ply: 13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustSFEN(t, tt.sfen)
			ms := mustMoves(t, tt.moves...)
			got, err := FindRepetition(p, ms)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			// The same game seen from the other side: the loser flips.
			fm := make([]Move, len(ms))
			for i, m := range ms {
				fm[i] = NewMove(80-m.From(), 80-m.To(), m.IsPromotion())
			}
			got, err = FindRepetition(flipped(p), fm)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want.Kind == PerpetualCheck {
				want.Loser = want.Loser.Opponent()
			}
			if got != want {
				t.Errorf("flipped: got %+v, want %+v", got, want)
			}
		})
	}
}

func TestFindRepetitionIllegal(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	_, err := FindRepetition(p, mustMoves(t, "5i5h", "5a5b", "5h5f"))
	if !errors.Is(err, ErrUnreachable) {
		t.Errorf("err = %v, want ErrUnreachable", err)
	}
}

func TestRepetitionAt(t *testing.T) {
	rec := NewRecord(mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1"))
	n := rec.Root
	for _, m := range mustMoves(t, repeat([]string{"5i5h", "5a5b", "5h5i", "5b5a"}, 3)...) {
		// A variation beside every move must not disturb the line.
		rec.AddChild(n, NewMove(NewSquare(5, 9), NewSquare(4, 9), false), Ending{})
		n = rec.AddChild(n, m, Ending{})
	}
	end := rec.AddChild(n, 0, Ending{Kind: Sennichite})
	for _, x := range []*Node{n, end} {
		r, err := rec.RepetitionAt(x)
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != RepetitionDraw || r.Ply != 12 {
			t.Errorf("RepetitionAt = %+v, want a draw at ply 12", r)
		}
	}
	r, err := rec.RepetitionAt(n.Parent())
	if err != nil || r.Kind != NoRepetition {
		t.Errorf("one ply earlier: %+v, %v", r, err)
	}
}

func TestDeclareImpasse(t *testing.T) {
	// Black's king on 5b with nine pieces on rank a (rook and bishop
	// promoted: 5+5+7 = 17 points) and a pawn on 9c: 10 pieces, 18 points,
	// plus what is in hand.
	const camp = "+R+BGGSS+N+N+L/4K4/P8/9/9/9/9/9/8k b "
	tests := []struct {
		name   string
		sfen   string
		rule   ImpasseRule
		want   ImpasseResult
		err    error
		flipOK bool // the flipped position (White declaring) gives the same result
	}{
		{"27: 28 points win for black", camp + "10P 1", ImpasseRule27, ImpasseResult{ImpasseWin, 28, 10, 28}, nil, false},
		{"27: 27 points lose for black", camp + "9P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 27, 10, 28}, ErrImpassePoints, false},
		{"24: 31 points win", camp + "13P 1", ImpasseRule24, ImpasseResult{ImpasseWin, 31, 10, 31}, nil, true},
		{"24: 30 points draw", camp + "12P 1", ImpasseRule24, ImpasseResult{ImpasseDraw, 30, 10, 31}, nil, true},
		{"24: 24 points draw", camp + "6P 1", ImpasseRule24, ImpasseResult{ImpasseDraw, 24, 10, 31}, nil, true},
		{"24: 23 points lose", camp + "5P 1", ImpasseRule24, ImpasseResult{ImpasseLose, 23, 10, 31}, ErrImpassePoints, true},
		{"hand rook and bishop count 5", camp + "RB 1", ImpasseRule27, ImpasseResult{ImpasseWin, 28, 10, 28}, nil, false},
		{"pieces outside the camp do not count", "+R+BGGSS+N+N+L/4K4/P8/4G4/9/9/9/9/8k b 9P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 27, 10, 28}, ErrImpassePoints, false},
		{"nine pieces in camp", "+R+BGGSS+N+N+L/4K4/9/9/9/9/9/9/8k b 11P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 28, 9, 28}, ErrImpassePieces, true},
		{"nine pieces in camp (24)", "+R+BGGSS+N+N+L/4K4/9/9/9/9/9/9/8k b 18P 1", ImpasseRule24, ImpasseResult{ImpasseLose, 35, 9, 31}, ErrImpassePieces, true},
		{"king on rank 4 is not in the camp", "+R+BGGSS+N+N+L/9/P8/4K4/9/9/9/9/8k b 10P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 28, 10, 28}, ErrImpasseKing, true},
		{"king on rank 3 is in the camp", "+R+BGGSS+N+N+L/9/P3K4/9/9/9/9/9/8k b 10P 1", ImpasseRule27, ImpasseResult{ImpasseWin, 28, 10, 28}, nil, false},
		{"no king", "+R+BGGSS+N+N+L/9/P8/9/9/9/9/9/8k b 10P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 28, 10, 28}, ErrImpasseKing, true},
		{"in check", "+R+BGGSS+N+N+L/4K4/P8/9/4r4/9/9/9/8k b 10P 1", ImpasseRule27, ImpasseResult{ImpasseLose, 28, 10, 28}, ErrImpasseCheck, true},
		{"in check (24)", "+R+BGGSS+N+N+L/4K4/P8/9/4r4/9/9/9/8k b 13P 1", ImpasseRule24, ImpasseResult{ImpasseLose, 31, 10, 31}, ErrImpasseCheck, true},
		{"unknown rule", camp + "10P 1", 0, ImpasseResult{}, ErrImpasseRule, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustSFEN(t, tt.sfen)
			got, err := p.DeclareImpasse(tt.rule)
			if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Errorf("err = %v, want %v", err, tt.err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if !tt.flipOK {
				return
			}
			q := flipped(p)
			got, err = q.DeclareImpasse(tt.rule)
			if !errors.Is(err, tt.err) || got.Outcome != tt.want.Outcome || got.Points != tt.want.Points {
				t.Errorf("flipped: got %+v, %v", got, err)
			}
		})
	}
}

// The 27-point rule asks one point less of White (後手).
func TestDeclareImpasseWhite27(t *testing.T) {
	for _, tt := range []struct {
		hand    string
		outcome ImpasseOutcome
	}{{"9P", ImpasseWin}, {"8P", ImpasseLose}} {
		p := flipped(mustSFEN(t, "+R+BGGSS+N+N+L/4K4/P8/9/9/9/9/9/8k b "+tt.hand+" 1"))
		got, err := p.DeclareImpasse(ImpasseRule27)
		if got.Outcome != tt.outcome || got.Need != 27 {
			t.Errorf("white with %s: %+v, %v", tt.hand, got, err)
		}
		if (err == nil) != (tt.outcome == ImpasseWin) {
			t.Errorf("white with %s: err = %v", tt.hand, err)
		}
	}
}
