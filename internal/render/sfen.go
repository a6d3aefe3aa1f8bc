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
	n, err := nodeAtPly(rec, ply, set)
	if err != nil {
		return shogi.Position{}, err
	}
	return rec.PositionAt(n)
}

// nodeAtPly returns the main-line node after ply moves, or the last node
// whose position can be shown when set is false (see Record.MainLineNode).
func nodeAtPly(rec *shogi.Record, ply int, set bool) (*shogi.Node, error) {
	if !set {
		ply = -1
	} else if ply < 0 {
		return nil, fmt.Errorf("ply %d: want 0 or more", ply)
	}
	return rec.MainLineNode(ply)
}
