package shogi

import (
	"math/rand/v2"
	"testing"
)

// checkAttackCache fails when what p knows about attacks on the kings
// disagrees with a full look round each king.
func checkAttackCache(t *testing.T, p *Position, what string) {
	t.Helper()
	for c := Black; c <= White; c++ {
		k := p.kings[c]
		want := k != NoSquare && p.Attacked(k, c.Opponent())
		if p.att.of(c) != attUnknown && (p.att.of(c) == attCheck) != want {
			t.Fatalf("%s: %s: cached attack on the %s king = %v, want %v", what, p.SFEN(), c, p.att.of(c) == attCheck, want)
		}
		if got := p.kingAttacked(c); got != want {
			t.Fatalf("%s: %s: kingAttacked(%s) = %v, want %v", what, p.SFEN(), c, got, want)
		}
	}
}

// attackTree plays every legal move to depth and checks the cache after
// each Play and each Unplay.
func attackTree(t *testing.T, p *Position, depth int) {
	if depth == 0 {
		return
	}
	var buf [MaxLegalMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		before := *p
		u := p.Play(m)
		checkAttackCache(t, p, "after "+m.String())
		if p.att.of(Black) == attUnknown || p.att.of(White) == attUnknown {
			t.Fatalf("after %s: %s: Play left an attack state unknown", m, p.SFEN())
		}
		q := before
		q.Advance(m)
		if !q.Equal(p) || q.King(Black) != p.King(Black) || q.King(White) != p.King(White) || q.LastMove() != m {
			t.Fatalf("Advance(%s) on %s differs from Play", m, before.SFEN())
		}
		checkAttackCache(t, &q, "advance "+m.String())
		attackTree(t, p, depth-1)
		p.Unplay(m, u)
		if *p != before {
			t.Fatalf("Unplay(%s) did not restore %s", m, before.SFEN())
		}
	}
}

// selfChecks plays on copies of p the moves that break only the rule
// against leaving one's king in check, which no game has, and checks the
// cache after each.
func selfChecks(t *testing.T, p Position, cands []Move) {
	t.Helper()
	for c := Black; c <= White; c++ {
		p.att = p.att.with(c, attackOf(p.kingAttacked(c)))
	}
	for _, m := range cands {
		if p.Legal(m) == ErrSelfCheck {
			q := p
			q.Play(m)
			checkAttackCache(t, &q, "self-check "+m.String())
		}
	}
}

// TestAttackCache checks that what Play works out about checks from the
// move alone (the piece moved and the line it left) is what a full look
// round the kings finds: in trees of positions with discovered checks,
// pins, promotions into check, king moves and drops, and along random
// games.
func TestAttackCache(t *testing.T) {
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
		checkAttackCache(t, &p, "start")
		// Known from the start, so that the first move is worked out from
		// the move too rather than by a look round the kings.
		for c := Black; c <= White; c++ {
			p.att = p.att.with(c, attackOf(p.kingAttacked(c)))
		}
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
			checkAttackCache(t, &p, "game "+x.Move.String())
			if x.Ply()%11 == 0 {
				selfChecks(t, p, cands)
			}
		}
	}
}

// TestAttackCacheSet: changing the board by hand forgets what Play knew.
func TestAttackCacheSet(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b R 1")
	p.Play(NewDrop(Rook, NewSquare(1, 5)))
	checkAttackCache(t, &p, "drop")
	p.Set(NewSquare(5, 5), NewPiece(Black, Rook))
	if !p.kingAttacked(White) {
		t.Errorf("%s: a rook set on the king's file gives no check", p.SFEN())
	}
	checkAttackCache(t, &p, "set")
	p.Set(NewSquare(5, 5), NoPiece)
	checkAttackCache(t, &p, "cleared")
}
