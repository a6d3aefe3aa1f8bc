package parse

import (
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Illegal moves in KIF, KI2 and BOD, as shogi's model of fouls has them
// (shogi/foul.go): a move that breaks a rule is kept in the tree and played
// as recorded. When a foul ending (反則勝ち, 反則負け) follows it, at once or
// after the capture of the king it left in check (as Shogi Club 24 records
// such games), the record documents the foul. An illegal move that nothing
// documents is an error under Strict; otherwise it is a warning with the
// position and code the error would have had, and the rest of its line is
// dropped.

// play checks m, played at the current line's next ply, and adds it; text
// is the move as written, for messages. It returns a nil node when the move
// is dropped (see pendingFoul).
func (k *kakinoki) play(m shogi.Move, raw []byte, at int, text []byte) (*shogi.Node, error) {
	if k.foul != nil {
		if k.watch.TakeKing(&k.pos, m) {
			// The king left in check is taken; the foul ending may follow.
			return k.addMove(m, shogi.Ending{}), nil
		}
		if err := k.pendingFoul(); err != nil {
			return nil, err
		}
	}
	if k.dropping != nil {
		k.dropped++
		return nil, nil
	}
	ply := k.ply()
	err := k.pos.PlayLegal(m)
	if err == nil {
		return k.addMove(m, shogi.Ending{}), nil
	}
	k.foul = &Error{Pos: k.lr.posAt(raw, at), Ply: ply + k.plyOffset, Err: err,
		Detail: "ply " + strconv.Itoa(ply+k.plyOffset) + " " + string(text)}
	n := k.addMove(m, shogi.Ending{})
	k.cur.illegal = ply
	k.watch = shogi.WatchFoul(&k.pos, m)
	return n, nil
}

// pendingFoul settles an illegal move that the foul ending does not follow.
// Under Strict that is the move's error. Otherwise the move stays the last
// of its line, and what the line has after it is dropped until the line
// ends, when closeLine reports the move with the count.
func (k *kakinoki) pendingFoul() error {
	if k.foul == nil {
		return nil
	}
	e := k.foul
	k.foul = nil
	e.Detail += undocumented
	if k.Strict {
		return e
	}
	k.dropping, k.dropped = e, 0
	// The capture of the king the move left in check, if it came, stays.
	k.captured = k.cur.end() > k.cur.illegal
	return nil
}

// beforeMove settles a pending illegal move before the text of the next
// move is resolved (which needs the position the illegal move would have
// left), unless that move may be the capture of the king it left in check.
// drop says the move is dropped, and counted.
func (k *kakinoki) beforeMove() (drop bool, err error) {
	if k.foul != nil && k.watch.KingOpen() {
		return false, nil
	}
	if err := k.pendingFoul(); err != nil {
		return false, err
	}
	if k.skipping() {
		k.dropped++
		return true, nil
	}
	return false, nil
}

// skipping reports whether the moves being read are dropped: they follow an
// illegal move that nothing documents, or belong to a 変化 block that
// branches after one.
func (k *kakinoki) skipping() bool { return k.dropping != nil }

// end appends the ending e to the current line. It returns a nil node when
// the ending is dropped.
func (k *kakinoki) end(e shogi.Ending, raw []byte, at int) (*shogi.Node, error) {
	if k.foul != nil {
		if k.watch.Documents(e) {
			k.foul = nil
		} else if err := k.pendingFoul(); err != nil {
			return nil, err
		}
	}
	if k.dropping != nil {
		return nil, nil
	}
	e.Side = k.pos.Turn()
	if k.lineEnded() {
		// Quirk: 棋譜解説 writes two endings in a row (122 投了, 123 中断);
		// the second becomes an alternative to the first.
		if err := k.warn(k.lr.posAt(raw, at), ErrSyntax, "a second special ending after the one that ends this line; kept as an alternative to it"); err != nil {
			return nil, err
		}
		if k.cur.illegal > 0 && k.cur.end()-1 >= k.cur.illegal {
			return nil, k.errAt(raw, at, ErrSyntax, "a second special ending after the foul ending of an illegal move")
		}
		// When the ending was the variation's first node, its parent is
		// the base, which the line's last node then is.
		k.cur.pop()
		return k.addMove(0, e), nil
	}
	return k.addMove(0, e), nil
}

// closeLine finishes the current line, and reports the illegal move it was
// cut at.
func (k *kakinoki) closeLine() error {
	if k.cur == nil {
		return nil
	}
	if err := k.pendingFoul(); err != nil {
		return err
	}
	if e := k.dropping; e != nil {
		k.dropping = nil
		if e.Err != ErrBadVariation {
			k.cur.dropped = k.dropped
		}
		e.Warning = true
		if e.Err == ErrBadVariation {
			e.Detail += " (" + plies(k.dropped) + ")"
		} else {
			e.Detail += droppedNote(k.dropped, k.captured)
		}
		k.warnings.Append(e)
	}
	return nil
}

// branchAfterIllegal handles a 変化 block that branches after the illegal
// move kept at ply illegal of the line it would branch from: an error under
// Strict, else the block is dropped with a warning.
func (k *kakinoki) branchAfterIllegal(raw, t []byte, illegal int) error {
	e := k.errAt(raw, col(raw, t), ErrBadVariation, "the variation branches after the illegal move at ply "+strconv.Itoa(illegal+k.plyOffset)+", which only its foul ending may follow")
	if k.Strict {
		return e
	}
	e.Detail += "; the block is dropped"
	k.dropping, k.dropped = e, 0
	return nil
}
