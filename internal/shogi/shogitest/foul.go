package shogitest

import (
	"math/rand/v2"

	"github.com/kifconv/kifconv/internal/shogi"
)

// AddFoul ends rec's main line, when it ends in a move, with an illegal
// move of the side to move, chosen by rng among those that move a piece
// (a king or a pinned piece into check, a piece to a square it cannot
// reach, a second pawn on a file, …), and after it, as rng chooses:
// usually a foul ending that documents it (shogi/foul.go), at once or,
// when the move exposes the mover's king, after the capture of that king;
// sometimes an ending that does not (±ILLEGAL_ACTION naming the other
// side, 投了) or none. Endings carry the side to move as readers give it.
// It reports whether it found an illegal move to add.
func AddFoul(rng *rand.Rand, rec *shogi.Record) bool {
	end := rec.MainLineEnd()
	if end.IsEnd() {
		return false
	}
	pos := rec.Outcome().Final
	var cands []shogi.Move
	for from := shogi.Square(0); from < 81; from++ {
		pc := pos.At(from)
		if pc == shogi.NoPiece || pc.Color() != pos.Turn() {
			continue
		}
		for to := shogi.Square(0); to < 81; to++ {
			m := shogi.NewMove(from, to, false)
			if to == from || pos.Legal(m) == nil || pos.TakesKing(m) || !playable(&pos, m) {
				continue
			}
			cands = append(cands, m)
		}
	}
	for t := shogi.Pawn; t <= shogi.Gold; t++ {
		if pos.Hand(pos.Turn()).Count(t) == 0 {
			continue
		}
		for to := shogi.Square(0); to < 81; to++ {
			if m := shogi.NewDrop(t, to); pos.At(to) == shogi.NoPiece && pos.Legal(m) != nil {
				cands = append(cands, m)
			}
		}
	}
	if len(cands) == 0 {
		return false
	}
	// Moves into check first, as real fouls mostly are.
	m := cands[rng.IntN(len(cands))]
	for range 8 {
		if pos.Legal(m) == shogi.ErrSelfCheck {
			break
		}
		m = cands[rng.IntN(len(cands))]
	}
	mover := pos.Turn()
	n := rec.AddChild(end, m, shogi.Ending{})
	pos.PlayRecorded(m)
	if take, ok := KingCapture(&pos); ok && rng.IntN(3) != 0 {
		n = rec.AddChild(n, take, shogi.Ending{})
		pos.PlayRecorded(take)
	}
	toMove := pos.Turn()
	endings := []shogi.Ending{
		{Kind: shogi.FoulWin, Side: toMove}, {Kind: shogi.FoulLose, Side: toMove}, {Kind: shogi.IllegalMove, Side: toMove},
		{Kind: shogi.IllegalAction, Side: mover}, {Kind: shogi.IllegalAction, Side: mover},
		{Kind: shogi.IllegalAction, Side: mover.Opponent()}, {Kind: shogi.Resign, Side: toMove}, {},
	}
	if e := endings[rng.IntN(len(endings))]; e.Kind != shogi.NoEnding {
		rec.AddChild(n, 0, e)
	}
	return true
}

// playable reports whether m moves a piece of the side to move onto a
// square it does not hold, so that it is played as written.
func playable(pos *shogi.Position, m shogi.Move) bool {
	dst := pos.At(m.To())
	return dst == shogi.NoPiece || dst.Color() != pos.Turn()
}

// KingCapture returns a move of the side to move that takes the
// opponent's king (shogi.Position.TakesKing), if there is one.
func KingCapture(pos *shogi.Position) (shogi.Move, bool) {
	k := pos.King(pos.Turn().Opponent())
	if k == shogi.NoSquare {
		return 0, false
	}
	for s := shogi.Square(0); s < 81; s++ {
		for _, promote := range []bool{false, true} {
			if m := shogi.NewMove(s, k, promote); pos.TakesKing(m) {
				return m, true
			}
		}
	}
	return 0, false
}
