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
	n := rec.Root
	if set {
		if ply < 0 {
			return shogi.Position{}, fmt.Errorf("ply %d: want 0 or more", ply)
		}
		for i := 0; i < ply; i++ {
			if n.Next() == nil || n.Next().IsEnd() {
				return shogi.Position{}, fmt.Errorf("ply %d: the main line has only %d moves", ply, i)
			}
			n = n.Next()
		}
	} else {
		for n.Next() != nil && !n.Next().IsEnd() {
			n = n.Next()
		}
	}
	return rec.PositionAt(n)
}
