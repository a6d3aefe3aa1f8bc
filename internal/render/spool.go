package render

import (
	"context"
	"io"
)

// recordSpool passes output on to w in whole records, so that a record
// that fails halfway (a character the encoding lacks, an interrupt) leaves
// nothing of itself on standard output: mark says where the last whole
// record ends, what is before it goes out once there is enough of it, and
// finish writes out everything, or only the whole records after a failure.
type recordSpool struct {
	ctx   context.Context // writes fail once it is cancelled, which stops a long record
	w     io.Writer
	buf   []byte
	whole int   // buf[:whole] holds whole records
	err   error // the first error writing to w
}

// spoolChunk is how much whole output a recordSpool gathers before it
// writes: a collection of small records is not written record by record.
const spoolChunk = 64 << 10

func (s *recordSpool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	s.buf = append(s.buf, p...)
	return len(p), nil
}

// mark notes that what was written so far is whole records.
func (s *recordSpool) mark() error {
	s.whole = len(s.buf)
	if s.whole >= spoolChunk {
		return s.out(s.whole)
	}
	return s.err
}

// out writes buf[:n] to w and drops it.
func (s *recordSpool) out(n int) error {
	// In chunks, so that a signal stops a long write to a slow reader
	// (the record is then cut short: standard output cannot be taken back).
	for off := 0; s.err == nil && off < n; off += spoolChunk {
		if s.err = s.ctx.Err(); s.err == nil {
			_, s.err = s.w.Write(s.buf[off:min(off+spoolChunk, n)])
		}
	}
	rest := copy(s.buf, s.buf[n:])
	s.buf, s.whole = s.buf[:rest], 0
	if cap(s.buf) > 4*spoolChunk && rest < spoolChunk {
		s.buf = append([]byte(nil), s.buf...) // one huge record does not hold its memory
	}
	return s.err
}

// finish writes out what is left: everything when ok, the whole records
// only when the output failed.
func (s *recordSpool) finish(ok bool) error {
	if ok {
		return s.out(len(s.buf))
	}
	err := s.out(s.whole)
	s.buf = s.buf[:0]
	return err
}

// recordDone is called after each record written by wr into w: when w is
// a recordSpool, the record is pushed through wr's own buffer and marked
// whole. The JKF writer holds its first record back until it knows whether
// a second follows (one record is indented, several are JSON Lines) and
// writes each record whole: it is not flushed.
func recordDone(wr Writer, format string, w io.Writer) error {
	s, ok := w.(*recordSpool)
	if !ok {
		return nil
	}
	if format != "jkf" {
		if err := wr.Flush(); err != nil {
			return err
		}
	}
	return s.mark()
}

// commitRecord marks what was written to w so far as whole records, when
// w is a recordSpool (output held back and written at once, as one-game
// formats do, needs no writer flushed).
func commitRecord(w io.Writer) error {
	if s, ok := w.(*recordSpool); ok {
		return s.mark()
	}
	return nil
}

// ctxWriter fails writes once ctx is cancelled, so that writing a long
// record into memory stops within a second of a signal.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
