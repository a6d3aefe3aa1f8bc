package shogi

// Fouls (反則): the one model every reader, writer and command follows.
//
// A documented foul is an illegal move M followed on its line by a foul
// ending E (Ending.IsFoul: 反則勝ち, 反則負け, %ILLEGAL_MOVE, %±ILLEGAL_ACTION,
// and their JKF and PSN words), in one of two forms:
//
//	M, E       the ending at once (反則勝ち after the move)
//	M, K, E    the opponent takes the king that M left in check, then the
//	           ending (反則負け), as Shogi Club 24 and 81Dojo record it
//
// E documents M whatever its word, except a ±ILLEGAL_ACTION that names the
// other side: a foul ending right after a foul is about it, and M's mover
// loses (Outcome). The record keeps every node, readers of every format
// read the same nodes, and writers write them, K as any capture (JKF
// without its "capture", as the schema has no captured king). Moves are
// played as the record states them (PlayRecorded), so the side to move
// after the line always agrees with its number of plies. An illegal move
// that no foul ending documents is kept by a lenient reader as the last
// move of its line (with the capture of the king after it, if that came,
// as USI, which states no ending, writes a documented foul), with a
// warning; validate reports it as an error.

// IsFoul reports whether e is a foul ending: 反則勝ち, 反則負け, %ILLEGAL_MOVE
// or %±ILLEGAL_ACTION.
func (e Ending) IsFoul() bool {
	switch e.Kind {
	case FoulWin, FoulLose, IllegalMove, IllegalAction:
		return true
	}
	return false
}

// DocumentsFoulBy reports whether e, right after an illegal move by mover
// (or after the capture of mover's king that followed it), documents that
// foul: any foul ending, but ±ILLEGAL_ACTION only when it names mover.
func (e Ending) DocumentsFoulBy(mover Color) bool {
	return e.IsFoul() && (e.Kind != IllegalAction || e.Side == mover)
}

// PlayRecorded plays m as a record states it, legal or not, keeping p a
// position every function can take: a move that breaks a rule of play is
// played as written (a king walking into check, a second pawn on a file, a
// piece that cannot reach its square, a king taken, which goes to no
// hand), and a move that moves no piece of the side to move (from an empty
// square or an opponent's piece, a drop of a piece not in hand or onto a
// piece, a promotion of a piece that has none) only passes the turn. The
// side to move and the move number change as for any move.
func (p *Position) PlayRecorded(m Move) {
	if p.playable(m) {
		p.Play(m)
		return
	}
	p.turn = p.turn.Opponent()
	p.moveNumber++
	p.last = m
}

// playable reports whether Play can play m, legal or not: it moves a piece
// of the side to move as m says.
func (p *Position) playable(m Move) bool {
	to := m.To()
	if to >= 81 {
		return false
	}
	c := p.turn
	if m.IsDrop() {
		t := m.DropType()
		return t >= Pawn && t <= Gold && !m.IsPromotion() && p.hands[c][t] > 0 && p.board[to] == NoPiece
	}
	from := m.From()
	if from >= 81 {
		return false
	}
	pc := p.board[from]
	return pc != NoPiece && pc.Color() == c && (!m.IsPromotion() || pc.Type().CanPromote())
}

// TakesKing reports whether m, by the side to move, takes the opponent's
// king: a piece of the side to move reaches the king's square (promoting
// only where it may). Only a position after a foul has such a move; the
// capture of the king that the foul left in check is the one move a
// documented foul may have after it.
func (p *Position) TakesKing(m Move) bool {
	c := p.turn
	if m.IsDrop() || m.To() >= 81 || m.From() >= 81 || m.To() != p.kings[c.Opponent()] {
		return false
	}
	from := m.From()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != c || !p.reaches(pc, from, m.To()) {
		return false
	}
	return !m.IsPromotion() || pc.Type().CanPromote() && (from.inZone(c) || m.To().inZone(c))
}

// KingExposed reports whether the side to move could take the opponent's
// king: the position after a foul that left (or put) the mover's king in
// check.
func (p *Position) KingExposed() bool { return p.kingAttacked(p.turn.Opponent()) }

// Foul is a documented foul on a line of play.
type Foul struct {
	Move    *Node // the illegal move
	Capture *Node // the capture of the king it exposed, or nil (the ending came at once)
	End     *Node // the foul ending
	Mover   Color // who made the illegal move, and loses
	Err     error // the rule Move breaks (a sentinel of Position.Legal)
}

// FoulAt reports whether n, a move played from pos, is a documented foul,
// and returns it.
func FoulAt(pos *Position, n *Node) (Foul, bool) {
	if n == nil || n.IsEnd() {
		return Foul{}, false
	}
	next := n.Next()
	if next == nil {
		return Foul{}, false
	}
	// Cheap tests first: most moves are not followed by a foul ending,
	// at once or after one move.
	var capture, end *Node
	switch {
	case next.IsEnd():
		end = next
	case next.Next() != nil && next.Next().IsEnd():
		capture, end = next, next.Next()
	default:
		return Foul{}, false
	}
	mover := pos.Turn()
	if !end.End().DocumentsFoulBy(mover) {
		return Foul{}, false
	}
	err := pos.Legal(n.Move)
	if err == nil {
		return Foul{}, false
	}
	if capture != nil {
		q := *pos
		q.PlayRecorded(n.Move)
		if !q.TakesKing(capture.Move) {
			return Foul{}, false
		}
	}
	return Foul{Move: n, Capture: capture, End: end, Mover: mover, Err: err}, true
}

// FoulWatch is what a reader knows of an illegal move it has just read
// while it reads on: whose it was, and whether the capture of that side's
// king may still come before the foul ending (see the model above).
type FoulWatch struct {
	Mover    Color
	kingOpen bool // the mover's king may be taken next
}

// WatchFoul plays the illegal move m on pos as recorded and returns what
// may document it.
func WatchFoul(pos *Position, m Move) FoulWatch {
	w := FoulWatch{Mover: pos.Turn()}
	pos.PlayRecorded(m)
	w.kingOpen = pos.KingExposed()
	return w
}

// KingOpen reports whether the capture of the mover's king may still come
// before the foul ending.
func (w *FoulWatch) KingOpen() bool { return w.kingOpen }

// TakeKing reports whether m, read next on the line, is the capture of the
// mover's king that the foul exposed; then it plays m on pos, and only the
// foul ending may follow.
func (w *FoulWatch) TakeKing(pos *Position, m Move) bool {
	if !w.kingOpen || !pos.TakesKing(m) {
		return false
	}
	pos.PlayRecorded(m)
	w.kingOpen = false
	return true
}

// Documents reports whether the ending e, read next on the line, documents
// the foul.
func (w *FoulWatch) Documents(e Ending) bool { return e.DocumentsFoulBy(w.Mover) }

// CutAtFoul ends the main line of r before its documented foul, if it has
// one (the illegal move, the capture of the king after it and the foul
// ending go): the frames of --svg-all are the positions of play.
func (r *Record) CutAtFoul() {
	pos := r.Start
	for n := r.Root.Next(); n != nil && !n.IsEnd(); n = n.Next() {
		if f, ok := FoulAt(&pos, n); ok {
			f.Move.Parent().link(nil)
			return
		}
		pos.PlayRecorded(n.Move)
	}
}
