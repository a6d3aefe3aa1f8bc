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

// Reset makes s write to out as a new writer would (Writer).
func (s *SFEN) Reset(out io.Writer) {
	*s = SFEN{Options: s.Options, losses: s.losses.reset(), ew: errWriter{w: out}, buf: s.buf[:0]}
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
// the last one, together with the position after it and the one before it
// (the start again for the root). Moves are played as recorded
// (shogi.Position.PlayRecorded), illegal ones included, so that the end of
// the main line is its shogi.Outcome Final.
func mainLineAt(rec *shogi.Record, ply int, set bool) (n *shogi.Node, pos, prev shogi.Position, err error) {
	if set && ply < 0 {
		return nil, pos, prev, fmt.Errorf("ply %d: want 0 or more", ply)
	}
	n, pos = rec.Root, rec.Start
	prev = pos
	for i := 0; !set || i < ply; i++ {
		next := n.Next()
		if next == nil || next.IsEnd() {
			if !set {
				break
			}
			return nil, pos, prev, fmt.Errorf("ply %d: the main line has only %d moves", ply, i)
		}
		prev = pos
		pos.PlayRecorded(next.Move)
		n = next
	}
	return n, pos, prev, nil
}
