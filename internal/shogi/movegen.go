package shogi

// MaxLegalMoves is more than the largest number of legal moves any shogi position
// has (593 is the known maximum), so a [MaxLegalMoves]Move array on the stack
// holds any move list.
const MaxLegalMoves = 600

// LegalMoves appends every legal move of the side to move to dst and returns
// it. Promotion and non-promotion are separate moves, as the rules make them.
func (p *Position) LegalMoves(dst []Move) []Move { return p.legalMoves(dst, false) }

// legalMoves generates pseudo-legal moves and keeps the legal ones. With
// first set it stops after the first legal move (HasLegalMove).
func (p *Position) legalMoves(dst []Move, first bool) []Move {
	c := p.turn
	king := p.kings[c]
	inCheck := king != NoSquare && p.Attacked(king, c.Opponent())
	start := len(dst)
	keep := func(m Move) bool {
		q := *p
		q.Play(m)
		k := q.kings[c]
		return k == NoSquare || !q.Attacked(k, c.Opponent())
	}
	add := func(m Move, from Square, isKing bool) {
		if inCheck || isKing || (king != NoSquare && lineDir[king][from] >= 0) {
			if !keep(m) {
				return
			}
		}
		dst = append(dst, m)
	}
	for from := Square(0); from < 81; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != c {
			continue
		}
		t := pc.Type()
		isKing := t == King
		nb := &neighbour[from]
		sm, sl := stepMask[pc], slideMask[pc]
		for d := 0; d < numDirs; d++ {
			if sm>>d&1 == 0 {
				continue
			}
			to := nb[d]
			if to == NoSquare {
				continue
			}
			if x := p.board[to]; x != NoPiece && x.Color() == c {
				continue
			}
			p.addBoardMoves(t, c, from, to, isKing, add)
			if first && len(dst) > start {
				return dst
			}
		}
		for d := 0; d < 8; d++ {
			if sl>>d&1 == 0 {
				continue
			}
			for to := nb[d]; to != NoSquare; to = neighbour[to][d] {
				x := p.board[to]
				if x != NoPiece && x.Color() == c {
					break
				}
				p.addBoardMoves(t, c, from, to, false, add)
				if x != NoPiece {
					break
				}
			}
			if first && len(dst) > start {
				return dst
			}
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
	for t := Pawn; t <= Gold; t++ {
		if h[t] == 0 {
			continue
		}
		for to := Square(0); to < 81; to++ {
			if p.board[to] != NoPiece || isDeadSquare(c, t, to) {
				continue
			}
			m := NewDrop(t, to)
			if t == Pawn {
				if pawnFiles[to.File()] {
					continue
				}
				if inCheck && !keep(m) {
					continue
				}
				if neighbour[to][pawnForward[c]] == p.kings[c.Opponent()] {
					q := *p
					q.Play(m)
					if q.isUchifuzume(to) {
						continue
					}
				}
				dst = append(dst, m)
			} else if !inCheck || keep(m) {
				dst = append(dst, m)
			}
			if first && len(dst) > start {
				return dst
			}
		}
	}
	return dst
}

// addBoardMoves adds the promoting and non-promoting moves from → to of a
// piece of kind t as the rules allow them.
func (p *Position) addBoardMoves(t PieceType, c Color, from, to Square, isKing bool, add func(Move, Square, bool)) {
	if t.CanPromote() && (from.inZone(c) || to.inZone(c)) {
		add(NewMove(from, to, true), from, isKing)
		if isDeadSquare(c, t, to) {
			return
		}
	}
	add(NewMove(from, to, false), from, isKing)
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
