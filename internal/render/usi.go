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

// Reset makes u write to out as a new writer would (Writer).
func (u *USI) Reset(out io.Writer) {
	*u = USI{Options: u.Options, losses: u.losses.reset(), ew: errWriter{w: out}, buf: u.buf[:0]}
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
		b = spill(&u.ew, b, false)
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
// main line of moves, what the record holds beyond that. Each kind of loss
// is reported once per record: a record with a time on every move costs
// one look-up in the losses, not one per move.
func checkLineOnly(l *losses, rec *shogi.Record, mainline, movesOnly bool) error {
	if len(rec.Header) > 0 {
		if err := l.lose("header"); err != nil {
			return err
		}
	}
	var lost lossBits
	lose := func(bit lossBits, what string) error {
		if lost&bit != 0 {
			return nil
		}
		lost |= bit
		return l.lose(what)
	}
	for n := rec.Root; n != nil; n = n.Next() {
		var err error
		if len(n.Comments()) > 0 {
			err = lose(lostComments, "comments")
		}
		if err == nil && (n.Time().HasTime || n.Time().HasTotal) {
			err = lose(lostTimes, "times")
		}
		if err == nil && n.Bookmark() != "" {
			err = lose(lostBookmarks, "bookmarks")
		}
		if err == nil && n.IsEnd() && movesOnly {
			err = l.lose(lineOnlyEndingLoss[min(n.End().Kind, shogi.Unknown)])
		}
		if err == nil && n.HasVariations() && !mainline {
			err = lose(lostVariations, "variations")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lineOnlyEndingLoss names the loss of each kind of ending, made once
// rather than for every record.
var lineOnlyEndingLoss = func() (t [shogi.Unknown + 1]string) {
	for k := range t {
		t[k] = "ending " + shogi.EndingKind(k).String()
	}
	return t
}()
