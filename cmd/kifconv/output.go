package main

import (
	"context"
	"io"
	"os"

	"github.com/kifconv/kifconv/internal/render"
)

// The commands write their files through render's atomic outputs.
type outFile = render.File

var errExists = render.ErrExists

// exists reports whether rel is already present under root as something an
// output would replace (render.Dir.Exists).
func exists(root *os.Root, rel string) bool { return render.NewDir(root).Exists(rel) }

// createOut starts writing rel under root, atomically (render.Dir.Create).
func createOut(ctx context.Context, root *os.Root, rel string) (*outFile, error) {
	d := render.NewDir(root)
	fi, err := d.Lstat(rel)
	if err != nil {
		fi = nil
	}
	return d.Create(ctx, rel, fi)
}

// recordSpool passes output on to w in whole records, so that a record
// that fails halfway (a character the encoding lacks, an interrupt) leaves
// nothing of itself on standard output: mark says where the last whole
// record ends, what is before it goes out once there is enough of it, and
// finish writes out everything, or only the whole records after a failure.
// A long record is held in a spill, in a temporary file past 256 KB.
type recordSpool struct {
	ctx   context.Context // writes fail once it is cancelled, which stops a long record
	w     io.Writer
	buf   spill
	whole int64 // the first whole bytes of buf are whole records
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
	return s.buf.Write(p)
}

// mark notes that what was written so far is whole records.
func (s *recordSpool) mark() error {
	s.whole = s.buf.size
	if s.whole >= spoolChunk {
		return s.out(s.whole)
	}
	return s.err
}

// out writes the first n bytes of buf to w and drops all of buf: n is
// either all of it or, after a failure, the whole records before the
// failed one.
func (s *recordSpool) out(n int64) error {
	if s.err == nil {
		s.err = s.buf.writeTo(s.ctx, s.w, n)
	}
	s.buf.reset()
	s.whole = 0
	return s.err
}

// finish writes out what is left: everything when ok, the whole records
// only when the output failed. It removes the spill's file, if any.
func (s *recordSpool) finish(ok bool) error {
	n := s.whole
	if ok {
		n = s.buf.size
	}
	err := s.out(n)
	s.buf.close()
	return err
}

// spill holds output in memory up to spillMemory bytes and in a temporary
// file beyond, so that a record held whole until it is known to be whole
// (or the only one) costs no memory however long it is: the KIF of a game
// of a million moves is 30 MB (issue 15).
type spill struct {
	mem  []byte
	file *os.File // once the output passed spillMemory: mem went here, and all after it
	size int64
}

const spillMemory = 4 * spoolChunk // 256 KB

func (s *spill) Write(p []byte) (int, error) {
	if s.file == nil && len(s.mem)+len(p) > spillMemory {
		f, err := os.CreateTemp("", "kifconv-spill-*")
		if err != nil {
			return 0, err
		}
		s.file = f
		if _, err := f.Write(s.mem); err != nil {
			return 0, err
		}
		s.mem = s.mem[:0]
	}
	if s.file == nil {
		s.mem = append(s.mem, p...)
		s.size += int64(len(p))
		return len(p), nil
	}
	n, err := s.file.Write(p)
	s.size += int64(n)
	return n, err
}

// writeTo writes the first n bytes held to w, in chunks so that a signal
// (ctx) stops a long write to a slow reader (the output is then cut short:
// standard output cannot be taken back).
func (s *spill) writeTo(ctx context.Context, w io.Writer, n int64) error {
	var buf []byte // a chunk read from the file
	if s.file != nil {
		buf = make([]byte, min(n, spoolChunk))
	}
	for off := int64(0); off < n; off += spoolChunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(off+spoolChunk, n)
		chunk := s.mem[min(off, int64(len(s.mem))):min(end, int64(len(s.mem)))]
		if s.file != nil {
			chunk = buf[:end-off]
			if _, err := s.file.ReadAt(chunk, off); err != nil {
				return err
			}
		}
		if _, err := w.Write(chunk); err != nil {
			return err
		}
	}
	return nil
}

// reset drops what is held; a large memory buffer or the file goes.
func (s *spill) reset() {
	s.mem, s.size = s.mem[:0], 0
	if cap(s.mem) > 4*spoolChunk {
		s.mem = nil
	}
	s.close()
}

// close removes the file, if any.
func (s *spill) close() {
	if s.file != nil {
		s.file.Close()
		os.Remove(s.file.Name())
		s.file = nil
	}
}

// recordDone is called after each record written by wr into w: when w is
// a recordSpool, the record is pushed through wr's own buffer and marked
// whole. The JKF writer holds its first record back until it knows whether
// a second follows (one record is indented, several are JSON Lines) and
// writes each record whole: it is not flushed.
func recordDone(wr render.Writer, format string, w io.Writer) error {
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
