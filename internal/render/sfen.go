package render

import (
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// SFEN writes, for each record, the SFEN of one position: the end of the
// main line, or the position after main-line ply Ply when PlySet.
type SFEN struct {
	Options
	losses
	ew  errWriter
	buf []byte
}

// NewSFEN returns an SFEN writer.
func NewSFEN(w io.Writer, opt Options) *SFEN {
	return &SFEN{Options: opt, losses: losses{format: "sfen", allow: true}, ew: errWriter{w: w}}
}

// Write writes the position of one record.
func (s *SFEN) Write(rec *shogi.Record) error {
	if s.ew.err != nil {
		return s.ew.err
	}
	p, err := PositionAtPly(rec, s.Ply, s.PlySet)
	if err != nil {
		return err
	}
	s.buf = append(p.AppendSFEN(s.buf[:0]), '\n')
	s.ew.write(s.buf)
	return s.ew.err
}

// Flush returns the first write error.
func (s *SFEN) Flush() error { return s.ew.err }

// PositionAtPly returns the position after main-line ply ply (0 = the start),
// or at the end of the main line when set is false.
func PositionAtPly(rec *shogi.Record, ply int, set bool) (shogi.Position, error) {
	_, p, _, err := mainLineAt(rec, ply, set)
	return p, err
}

// mainLineAt returns the main-line node after ply moves, or with set false
// the last one whose position can be shown, together with the position
// after it and the one before it (the start again for the root). It stops
// at an ending, and after an illegal move: a record keeps one only as the
// last move of its line, to document a foul, and the position it led to is
// where the game ended, the one the record's USI line reaches too (the
// ending judges it). A move that names no piece to move, which no position
// follows from, is not played.
func mainLineAt(rec *shogi.Record, ply int, set bool) (n *shogi.Node, pos, prev shogi.Position, err error) {
	if set && ply < 0 {
		return nil, pos, prev, fmt.Errorf("ply %d: want 0 or more", ply)
	}
	n, pos = rec.Root, rec.Start
	prev = pos
	for i := 0; !set || i < ply; i++ {
		next := n.Next()
		var illegal error
		if next != nil && !next.IsEnd() {
			illegal = pos.Legal(next.Move)
		}
		if next == nil || next.IsEnd() || illegal != nil && !replayable(&pos, next.Move, illegal) {
			if !set {
				break
			}
			return nil, pos, prev, fmt.Errorf("ply %d: the main line has only %d playable moves", ply, i)
		}
		prev = pos
		pos.Play(next.Move)
		n = next
		if illegal != nil && !set {
			break
		}
	}
	return n, pos, prev, nil
}

// replayable reports whether the move m, illegal in pos for the reason
// err, can still be played to show where it led: it breaks a rule of play
// (二歩, 打ち歩詰め, leaving one's king in check, taking a king, a piece left
// with no move, one that cannot move so), but it moves a piece of the side
// to move, or drops one from its hand on an empty square.
func replayable(pos *shogi.Position, m shogi.Move, err error) bool {
	switch err {
	case shogi.ErrNoPiece, shogi.ErrNotOwnPiece, shogi.ErrNotInHand, shogi.ErrOccupied, shogi.ErrBadSquare:
		return false
	case shogi.ErrBadPromotion:
		return !m.IsDrop() && pos.At(m.From()).Type().CanPromote()
	}
	return true
}
