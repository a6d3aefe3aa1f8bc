package render

import (
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// USI writes each record as one `position … moves …` line: the start
// position and the main line. Variations, comments, times, the header and
// endings are not carried (a resignation or win declaration at the end of
// the main line is; USI has `resign` and `win`… only in bestmove, so they
// are reported as lost like the rest).
type USI struct {
	Options
	losses
	ew  errWriter
	buf []byte
}

// NewUSI returns a USI writer.
func NewUSI(w io.Writer, opt Options) *USI {
	return &USI{Options: opt, losses: losses{format: "usi", allow: opt.AllowLoss}, ew: errWriter{w: w}}
}

// Write writes one record.
func (u *USI) Write(rec *shogi.Record) error {
	if u.ew.err != nil {
		return u.ew.err
	}
	if err := checkLineOnly(&u.losses, rec, u.Mainline, true); err != nil {
		return err
	}
	b := u.buf[:0]
	b = append(b, "position "...)
	if rec.Start.Equal(&startPos) {
		b = append(b, "startpos"...)
	} else {
		b = append(b, "sfen "...)
		b = rec.Start.AppendSFEN(b)
	}
	first := true
	for n := range rec.MainLine() {
		if n.Move.IsZero() {
			continue
		}
		if first {
			b = append(b, " moves"...)
			first = false
		}
		b = append(b, ' ')
		b = n.Move.AppendUSI(b)
	}
	b = append(b, '\n')
	u.buf = b
	u.ew.write(b)
	return u.ew.err
}

// Flush returns the first write error.
func (u *USI) Flush() error { return u.ew.err }

var startPos = shogi.StartPosition()

// checkLineOnly reports, for formats that hold only a start position and a
// main line of moves, what the record holds beyond that.
func checkLineOnly(l *losses, rec *shogi.Record, mainline, movesOnly bool) error {
	if len(rec.Header) > 0 {
		if err := l.lose("header"); err != nil {
			return err
		}
	}
	var walkErr error
	lose := func(what string) {
		if walkErr == nil {
			walkErr = l.lose(what)
		}
	}
	stack := []*shogi.Node{rec.Root}
	for len(stack) > 0 && walkErr == nil {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(n.Comments) > 0 {
			lose("comments")
		}
		if n.Time.HasTime || n.Time.HasTotal {
			lose("times")
		}
		if n.Bookmark != "" {
			lose("bookmarks")
		}
		if n.IsEnd() && movesOnly {
			lose("ending " + n.End.Kind.String())
		}
		if len(n.Children) > 1 && !mainline {
			lose("variations")
		}
		if len(n.Children) > 0 {
			stack = append(stack, n.Children[0])
		}
	}
	return walkErr
}
