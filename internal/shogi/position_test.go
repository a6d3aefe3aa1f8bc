package shogi

import (
	"math/rand/v2"
	"testing"
)

// checkKingAttacked fails when kingAttacked disagrees with the reference
// look round each king (refAttacked).
func checkKingAttacked(t *testing.T, p *Position, what string) {
	t.Helper()
	for c := Black; c <= White; c++ {
		k := p.kings[c]
		want := k != NoSquare && refAttacked(p, k, c.Opponent())
		if got := p.kingAttacked(c); got != want {
			t.Fatalf("%s: %s: kingAttacked(%s) = %v, want %v", what, p.SFEN(), c, got, want)
		}
	}
}

// attackTree plays every legal move to depth, checks the attacks on the
// kings after each Play and that each Unplay restores the position.
func attackTree(t *testing.T, p *Position, depth int) {
	if depth == 0 {
		return
	}
	var buf [MaxLegalMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		before := *p
		u := p.Play(m)
		checkKingAttacked(t, p, "after "+m.String())
		attackTree(t, p, depth-1)
		p.Unplay(m, u)
		if *p != before {
			t.Fatalf("Unplay(%s) did not restore %s", m, before.SFEN())
		}
	}
}

// selfChecks plays on copies of p the moves that break only the rule
// against leaving one's king in check, which no game has, and checks the
// attacks on the kings after each.
func selfChecks(t *testing.T, p Position, cands []Move) {
	t.Helper()
	for _, m := range cands {
		if p.Legal(m) == ErrSelfCheck {
			q := p
			q.Play(m)
			checkKingAttacked(t, &q, "self-check "+m.String())
		}
	}
}

// TestKingAttacked checks the attacks on the kings after Play in trees of
// positions with discovered checks, pins, promotions into check, king
// moves and drops, and along random games.
func TestKingAttacked(t *testing.T) {
	t.Parallel()
	cands := candidates()
	tests := []struct {
		sfen  string
		depth int
	}{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3},
		{"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 2},
		{"9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 1},
		// Discovered checks: a rook behind a silver, a bishop behind a
		// knight, a lance behind a pawn; Black's king in a pin of its own.
		{"4k4/9/4S4/9/4R4/9/2N6/1B7/K3L3r b P 1", 3},
		// White to move with both sides' sliders lined up on the kings.
		{"k3r4/1g7/9/4p4/9/4P4/9/1G5b1/K3R4 w Ss 1", 3},
	}
	for _, tt := range tests {
		p := mustSFEN(t, tt.sfen)
		checkKingAttacked(t, &p, "start")
		depth := tt.depth
		if testing.Short() && depth > 1 {
			depth--
		}
		attackTree(t, &p, depth)
		selfChecks(t, p, cands)
	}
	opt := RandomGameOptions{MaxPlies: 200, Starts: true}
	for seed := range uint64(randomRecords(40)) {
		rec := randomRecord(rand.New(rand.NewPCG(seed, 9)), opt)
		p := rec.Start
		for x := range rec.MainLine() {
			if x.IsEnd() {
				break
			}
			p.Play(x.Move)
			checkKingAttacked(t, &p, "game "+x.Move.String())
			if x.Ply()%11 == 0 {
				selfChecks(t, p, cands)
			}
		}
	}
}

// TestKingAttackedSet: a piece set by hand attacks the king.
func TestKingAttackedSet(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b R 1")
	p.Play(NewDrop(Rook, NewSquare(1, 5)))
	checkKingAttacked(t, &p, "drop")
	p.Set(NewSquare(5, 5), NewPiece(Black, Rook))
	if !p.kingAttacked(White) {
		t.Errorf("%s: a rook set on the king's file gives no check", p.SFEN())
	}
	checkKingAttacked(t, &p, "set")
	p.Set(NewSquare(5, 5), NoPiece)
	checkKingAttacked(t, &p, "cleared")
}
