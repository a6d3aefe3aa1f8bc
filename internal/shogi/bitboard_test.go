package shogi

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// walk returns the squares from s in direction d to the edge, in order,
// by file and rank arithmetic rather than the tables under test.
func walk(s Square, d int) []Square {
	df := [8]int{0, -1, -1, -1, 0, 1, 1, 1}
	dr := [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
	var out []Square
	for f, r := s.File()+df[d], s.Rank()+dr[d]; ValidFileRank(f, r); f, r = f+df[d], r+dr[d] {
		out = append(out, NewSquare(f, r))
	}
	return out
}

func bbOf(sqs ...Square) bitboard {
	var b bitboard
	for _, s := range sqs {
		b.set(s)
	}
	return b
}

func TestBitboardOps(t *testing.T) {
	for s := Square(0); s < 81; s++ {
		b := squareBBs[s]
		for x := Square(-1); x < 81; x++ {
			if got := b.has(x); got != (x == s) {
				t.Fatalf("squareBBs[%v].has(%v) = %v", s, x, got)
			}
		}
		if b.first() != s || b.last() != s {
			t.Fatalf("squareBBs[%v]: first %v last %v", s, b.first(), b.last())
		}
	}
	tests := []struct {
		sqs         []Square
		first, last Square
	}{
		{nil, NoSquare, NoSquare},
		{[]Square{0, 80}, 0, 80},
		{[]Square{63, 64}, 63, 64},
		{[]Square{5, 40, 62}, 5, 62},
		{[]Square{64, 70, 79}, 64, 79},
	}
	for _, tt := range tests {
		b := bbOf(tt.sqs...)
		if b.first() != tt.first || b.last() != tt.last || b.empty() != (len(tt.sqs) == 0) {
			t.Errorf("%v: first %v last %v empty %v", tt.sqs, b.first(), b.last(), b.empty())
		}
		for _, s := range tt.sqs {
			c := b
			c.clear(s)
			c.put(s, false)
			if c.has(s) || !b.without(squareBBs[s]).and(b).and(squareBBs[s]).empty() {
				t.Errorf("%v: clearing %v leaves it", tt.sqs, s)
			}
			c.put(s, true)
			if c != b {
				t.Errorf("%v: put %v back gives %+v", tt.sqs, s, c)
			}
		}
	}
}

// TestGeometryTables checks rays, between, rel, queenRays and stepZone
// against walks along the board.
func TestGeometryTables(t *testing.T) {
	for a := Square(0); a < 81; a++ {
		var queen bitboard
		for d := 0; d < 8; d++ {
			w := walk(a, d)
			if got, want := rays[a][d], bbOf(w...); got != want {
				t.Fatalf("rays[%v][%d] = %+v, want %+v", a, d, got, want)
			}
			queen = bbOf(append(w, queen.squares()...)...)
			// The first occupied square of a ray is the nearest one.
			for i, s := range w {
				r := rays[a][d].and(bbOf(w[i:]...))
				got := r.last()
				if ascending(int8(d)) {
					got = r.first()
				}
				if got != s {
					t.Fatalf("nearest on rays[%v][%d] with %v.. = %v", a, d, s, got)
				}
				if got, want := between(a, s, int8(d)), bbOf(w[:i]...); got != want {
					t.Fatalf("between(%v, %v) = %v, want %v", a, s, got.squares(), w[:i])
				}
				if r := rel[a][s]; r&relLines != 1<<(16+d) || r.line() != int8(d) || lineDir[a][s] != int8(d) {
					t.Fatalf("rel[%v][%v] = %#x, want line %d", a, s, r, d)
				}
			}
		}
		if queenRays[a] != queen {
			t.Fatalf("queenRays[%v] = %v", a, queenRays[a].squares())
		}
		for b := Square(0); b < 81; b++ {
			r := rel[a][b]
			if r&relLines == 0 && (lineDir[a][b] >= 0 || r.line() != 0) {
				t.Fatalf("rel[%v][%v] = %#x but lineDir %d", a, b, r, lineDir[a][b])
			}
			if want := relation(0); stepDir[a][b] >= 0 {
				want = 1 << stepDir[a][b]
				if r&relSteps != want {
					t.Fatalf("rel[%v][%v] steps %#x, want %#x", a, b, r&relSteps, want)
				}
			} else if r&relSteps != 0 {
				t.Fatalf("rel[%v][%v] steps %#x, want none", a, b, r&relSteps)
			}
			if r&^(relSteps|relLines|7<<24) != 0 {
				t.Fatalf("rel[%v][%v] = %#x has stray bits", a, b, r)
			}
		}
		// stepZone: the squares from which some piece of c attacks a
		// with a step.
		for c := Black; c <= White; c++ {
			var want bitboard
			for from := Square(0); from < 81; from++ {
				for k := Pawn; k <= Dragon; k++ {
					if d := stepDir[from][a]; d >= 0 && stepMask[NewPiece(c, k)]>>uint(d)&1 != 0 {
						want.set(from)
					}
				}
			}
			if stepZone[c][a] != want {
				t.Fatalf("stepZone[%v][%v] = %v, want %v", c, a, stepZone[c][a].squares(), want.squares())
			}
		}
	}
}

// squares lists the squares of b in order.
func (b bitboard) squares() []Square {
	var out []Square
	for s := Square(0); s < 81; s++ {
		if b.has(s) {
			out = append(out, s)
		}
	}
	return out
}

// checkOccupancy fails when the bitboards of p disagree with its board.
func checkOccupancy(t *testing.T, p *Position, what string) {
	t.Helper()
	var occ, white, sliders bitboard
	for s := Square(0); s < 81; s++ {
		pc := p.board[s]
		occ.put(s, pc != NoPiece)
		white.put(s, pc != NoPiece && pc.Color() == White)
		sliders.put(s, slideMask[pc&31] != 0)
	}
	if p.occ != occ || p.white != white || p.sliders != sliders {
		t.Fatalf("%s: %s: occupancy %v white %v sliders %v, board says %v %v %v", what, p.SFEN(),
			p.occ.squares(), p.white.squares(), p.sliders.squares(), occ.squares(), white.squares(), sliders.squares())
	}
}

// refAttacked is Attacked by walking the board from s, the way the rules
// say it: a step or slide of a piece of side by lands on s.
func refAttacked(p *Position, s Square, by Color) bool {
	for from := Square(0); from < 81; from++ {
		pc := p.board[from]
		if pc != NoPiece && pc.Color() == by && from != s && refReaches(p, pc, from, s) {
			return true
		}
	}
	return false
}

// refReaches is reaches with the path walked square by square.
func refReaches(p *Position, pc Piece, from, to Square) bool {
	if d := stepDir[from][to]; d >= 0 && stepMask[pc]>>uint(d)&1 != 0 {
		return true
	}
	d := lineDir[from][to]
	if d < 0 || slideMask[pc]>>uint(d)&1 == 0 {
		return false
	}
	for s := neighbour[from][d]; s != to; s = neighbour[s][d] {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// refLegal is Legal as the rules state it, checking the errors in the same
// order: every move is played on a copy and the king looked at, and a
// pawn drop that checks is mate when no reply (other than a drop, which
// cannot answer a pawn's check) is legal.
func refLegal(p *Position, m Move, uchifuzume bool) error {
	to := m.To()
	if !to.Valid() {
		return ErrBadSquare
	}
	c := p.turn
	if m.IsDrop() {
		t := m.DropType()
		switch {
		case t < Pawn || t > Gold:
			return ErrNotInHand
		case m.IsPromotion():
			return ErrBadPromotion
		case p.hands[c][t] == 0:
			return ErrNotInHand
		case p.board[to] != NoPiece:
			return ErrOccupied
		case isDeadSquare(c, t, to):
			return ErrDeadPiece
		}
		if t == Pawn {
			for r := 1; r <= 9; r++ {
				if p.board[NewSquare(to.File(), r)] == NewPiece(c, Pawn) {
					return ErrNifu
				}
			}
		}
	} else {
		from := m.From()
		if !from.Valid() {
			return ErrBadSquare
		}
		pc := p.board[from]
		switch dst := p.board[to]; {
		case pc == NoPiece:
			return ErrNoPiece
		case pc.Color() != c:
			return ErrNotOwnPiece
		case dst != NoPiece && dst.Color() == c:
			return ErrOwnCapture
		case dst.Type() == King:
			return ErrBadPosition
		case !refReaches(p, pc, from, to):
			return ErrUnreachable
		}
		t := pc.Type()
		if m.IsPromotion() {
			if !t.CanPromote() || !(from.inZone(c) || to.inZone(c)) {
				return ErrBadPromotion
			}
		} else if isDeadSquare(c, t, to) {
			return ErrDeadPiece
		}
	}
	q := *p
	q.Play(m)
	if k := q.kings[c]; k != NoSquare && refAttacked(&q, k, c^1) {
		return ErrSelfCheck
	}
	if uchifuzume && m.IsDrop() && m.DropType() == Pawn {
		k := q.kings[c^1]
		if k != NoSquare && refAttacked(&q, k, c) {
			for _, r := range candidates() {
				if !r.IsDrop() && refLegal(&q, r, false) == nil {
					return nil
				}
			}
			return ErrUchifuzume
		}
	}
	return nil
}

// TestLegalMatchesReference compares Legal, Attacked and what Play works
// out about checks with the walking versions above, on every candidate
// move of positions from random games (pins, checks, drops, promotions,
// handicaps and positions with pieces in hand).
func TestLegalMatchesReference(t *testing.T) {
	cands := candidates()
	opt := RandomGameOptions{MaxPlies: 160, Starts: true}
	positions, every := 0, 9
	if testing.Short() {
		every = 29
	}
	for seed := range uint64(randomRecords(30)) {
		rec := randomRecord(rand.New(rand.NewPCG(seed, 77)), opt)
		p := rec.Start
		checkOccupancy(t, &p, "start")
		for x := range rec.MainLine() {
			if x.IsEnd() {
				break
			}
			if x.Ply()%every == 0 {
				positions++
				for _, m := range cands {
					got, want := p.Legal(m), refLegal(&p, m, true)
					if !errors.Is(got, want) || (got == nil) != (want == nil) {
						t.Fatalf("%s: Legal(%s) = %v, reference %v", p.SFEN(), m, got, want)
					}
					// PlayLegal is Legal and then Play, in one.
					q, r := p, p
					if err := q.PlayLegal(m); err != got {
						t.Fatalf("%s: PlayLegal(%s) = %v, Legal %v", p.SFEN(), m, err, got)
					}
					if got == nil {
						r.Play(m)
					}
					if q != r {
						t.Fatalf("%s: PlayLegal(%s) left %s, Legal and Play %s", p.SFEN(), m, q.SFEN(), r.SFEN())
					}
				}
				for s := Square(0); s < 81; s++ {
					for c := Black; c <= White; c++ {
						if got, want := p.Attacked(s, c), refAttacked(&p, s, c); got != want {
							t.Fatalf("%s: Attacked(%v, %v) = %v, reference %v", p.SFEN(), s, c, got, want)
						}
					}
				}
			}
			before := p
			u := p.Play(x.Move)
			checkOccupancy(t, &p, "play "+x.Move.String())
			for c := Black; c <= White; c++ {
				k := p.kings[c]
				if want := k != NoSquare && refAttacked(&p, k, c^1); p.kingAttacked(c) != want {
					t.Fatalf("after %s: %s: kingAttacked(%v) = %v", x.Move, p.SFEN(), c, !want)
				}
			}
			q := before
			q.Play(x.Move)
			checkOccupancy(t, &q, "advance "+x.Move.String())
			q.Unplay(x.Move, u)
			if q != before {
				t.Fatalf("Unplay(%s) after Play did not restore %s", x.Move, before.SFEN())
			}
		}
	}
	t.Logf("%d positions", positions)
}

// TestOccupancyAfterFouls plays moves no one checked, as the replay of a
// documented foul may, and checks that the occupancy still follows the
// board through Play, Unplay and Set.
func TestOccupancyAfterFouls(t *testing.T) {
	tests := []struct {
		sfen, move string
	}{
		{"4k4/9/9/9/4r4/9/9/9/4K4 b P 1", "5e5d"},    // moves White's rook
		{"4k4/9/9/9/4r4/9/9/9/4K4 b P 1", "6e6d"},    // from an empty square
		{"4k4/9/9/9/4r4/9/9/4G4/4K4 b P 1", "5h5i"},  // takes its own king
		{"4k4/9/9/9/4r4/9/9/4G4/4K4 b P 1", "P*5e"},  // drops on a rook
		{"4k4/9/9/9/4r4/9/9/4G4/4K4 w P 1", "5e5h+"}, // takes and promotes
		{"4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1", "5h5h"},  // stays put
		{"4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1", "5h4i"},  // into check
		{"4k4/9/9/9/4r4/9/9/4L4/4K4 w L 1", "L*5h"},  // drops on a lance
	}
	for _, tt := range tests {
		p := mustSFEN(t, tt.sfen)
		var m Move
		if len(tt.move) == 4 && tt.move[0] == tt.move[2] && tt.move[1] == tt.move[3] {
			s, _ := ParseSquareUSI(tt.move[:2])
			m = NewMove(s, s, false)
		} else {
			m = mv(t, tt.move)
		}
		before := p
		u := p.Play(m)
		checkOccupancy(t, &p, tt.sfen+" play "+tt.move)
		checkKingAttacked(t, &p, tt.sfen+" play "+tt.move)
		p.Unplay(m, u)
		checkOccupancy(t, &p, tt.sfen+" unplay "+tt.move)
		q := before
		q.Play(m)
		checkOccupancy(t, &q, tt.sfen+" play "+tt.move)
		for s := Square(0); s < 81; s++ {
			q.Set(s, before.board[80-s])
			checkOccupancy(t, &q, "set")
		}
	}
}
