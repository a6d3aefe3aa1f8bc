package shogi

import "math/bits"

// MaxLegalMoves is more than the largest number of legal moves any shogi position
// has (593 is the known maximum), so a [MaxLegalMoves]Move array on the stack
// holds any move list.
const MaxLegalMoves = 600

// LegalMoves appends every legal move of the side to move to dst and returns
// it. Promotion and non-promotion are separate moves, as the rules make them.
func (p *Position) LegalMoves(dst []Move) []Move { return p.legalMoves(dst, false) }

// legalMoves generates pseudo-legal moves and keeps the legal ones. With
// first set it stops after the first legal move (HasLegalMove).
//
// Most moves need no test at all: when the king is not in check, a drop
// cannot expose it, and a board move can only when its piece is pinned, so
// the pin is found once per piece and its moves are kept to the pin line.
// King moves and answers to a check are played on a copy and tested
// there. A king is never taken: only an impossible position (the side not
// to move in check) would allow it, and Legal refuses it there. There are no closures, so dst stays wherever the caller put it
// (HasLegalMove's array on the stack).
func (p *Position) legalMoves(dst []Move, first bool) []Move {
	c := p.turn
	king := p.kings[c]
	inCheck := p.kingAttacked(c)
	start := len(dst)
	for from := Square(0); from < 81; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != c {
			continue
		}
		t := pc.Type()
		// test: every move of this piece must be played and checked.
		// pin: the piece may move only along this direction from the king.
		test := inCheck || from == king
		pin := int8(-1)
		if !test && king != NoSquare {
			pin = p.pinDir(king, from, c)
		}
		n := len(dst)
		nb := &neighbour[from]
		for sm := stepMask[pc]; sm != 0; sm &= sm - 1 {
			to := nb[bits.TrailingZeros16(sm)]
			if to == NoSquare {
				continue
			}
			if x := p.board[to]; x != NoPiece && (x.Color() == c || x.Type() == King) {
				continue
			}
			if pin >= 0 && lineDir[king][to] != pin {
				continue
			}
			dst = appendBoardMoves(dst, t, c, from, to)
		}
		for sl := slideMask[pc]; sl != 0; sl &= sl - 1 {
			d := bits.TrailingZeros8(sl)
			if pin >= 0 && int8(d) != pin && int8(opposite(d)) != pin {
				continue
			}
			for to := nb[d]; to != NoSquare; to = neighbour[to][d] {
				x := p.board[to]
				if x != NoPiece && (x.Color() == c || x.Type() == King) {
					break
				}
				dst = appendBoardMoves(dst, t, c, from, to)
				if x != NoPiece {
					break
				}
			}
		}
		if test {
			dst = p.keepSafe(dst, n, c)
		}
		if first && len(dst) > start {
			return dst
		}
	}
	h := &p.hands[c]
	if h.Empty() {
		return dst
	}
	var pawnFiles [10]bool
	if h[Pawn] > 0 {
		pawn := NewPiece(c, Pawn)
		for s := Square(0); s < 81; s++ {
			if p.board[s] == pawn {
				pawnFiles[s.File()] = true
			}
		}
	}
	enemyKing := p.kings[c.Opponent()]
	for t := Pawn; t <= Gold; t++ {
		if h[t] == 0 {
			continue
		}
		n := len(dst)
		for to := Square(0); to < 81; to++ {
			if p.board[to] != NoPiece || isDeadSquare(c, t, to) {
				continue
			}
			if t == Pawn {
				if pawnFiles[to.File()] {
					continue
				}
				if enemyKing != NoSquare && neighbour[to][pawnForward[c]] == enemyKing {
					q := *p
					q.Play(NewDrop(t, to))
					if q.isUchifuzume(to) {
						continue
					}
				}
			}
			dst = append(dst, NewDrop(t, to))
		}
		if inCheck {
			dst = p.keepSafe(dst, n, c)
		}
		if first && len(dst) > start {
			return dst
		}
	}
	return dst
}

// keepSafe plays each move of dst[from:] on a copy of p and keeps those
// that leave c's king unattacked.
func (p *Position) keepSafe(dst []Move, from int, c Color) []Move {
	out := dst[:from]
	for _, m := range dst[from:] {
		q := *p
		q.Play(m)
		if k := q.kings[c]; k == NoSquare || !q.Attacked(k, c.Opponent()) {
			out = append(out, m)
		}
	}
	return out
}

// pinDir returns the direction from c's king on king through its piece on
// from when an enemy slider behind that piece pins it, and -1 otherwise.
func (p *Position) pinDir(king, from Square, c Color) int8 {
	d := lineDir[king][from]
	if d < 0 || !p.occ.and(between(king, from, d)).empty() || !p.sliderOn(from, d, p.occ, c^1) {
		return -1
	}
	return d
}

// appendBoardMoves appends the promoting and non-promoting moves from → to
// of a piece of kind t as the rules allow them.
func appendBoardMoves(dst []Move, t PieceType, c Color, from, to Square) []Move {
	if t.CanPromote() && (from.inZone(c) || to.inZone(c)) {
		dst = append(dst, NewMove(from, to, true))
		if isDeadSquare(c, t, to) {
			return dst
		}
	}
	return append(dst, NewMove(from, to, false))
}

// Perft counts the leaf nodes of the legal move tree of the given depth, the
// standard test of a move generator.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxLegalMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		u := p.Play(m)
		n += p.Perft(depth - 1)
		p.Unplay(m, u)
	}
	return n
}
