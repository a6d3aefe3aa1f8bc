package batch

import (
	"context"
	"io"
	"os"
)

// recordSpool passes output on to w in whole records, so that a record
// that fails halfway (a character the encoding lacks, an interrupt) leaves
// nothing of itself on standard output: mark says where the last whole
// record ends, what is before it goes out once there is enough of it, and
// finish writes out everything, or only the whole records after a failure.
// A long record is held in a heldOutput, in a temporary file past 256 KB.
type recordSpool struct {
	ctx   context.Context // writes fail once it is cancelled, which stops a long record
	w     io.Writer
	buf   heldOutput
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
// only when the output failed. It removes the held output's file, if any.
func (s *recordSpool) finish(ok bool) error {
	n := s.whole
	if ok {
		n = s.buf.size
	}
	err := s.out(n)
	s.buf.close()
	return err
}

// heldOutput holds output in memory up to heldMemory bytes and in a temporary
// file beyond, so that a record held whole until it is known to be whole
// (or the only one) costs no memory however long it is: the KIF of a game
// of a million moves is 30 MB (issue 15).
// Its file is removed from the directory as soon as it is made, where the
// system allows (it is then reached through its descriptor only), so that
// not even a SIGKILL leaves it behind.
type heldOutput struct {
	mem      []byte
	file     *os.File // once the output passed heldMemory: mem went here, and all after it
	size     int64
	unlinked bool // file's name is gone already
}

const heldMemory = 4 * spoolChunk // 256 KB

func (s *heldOutput) Write(p []byte) (int, error) {
	if s.file == nil && len(s.mem)+len(p) > heldMemory {
		f, err := os.CreateTemp("", "kifconv-held-*")
		if err != nil {
			return 0, err
		}
		s.file, s.unlinked = f, os.Remove(f.Name()) == nil
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
func (s *heldOutput) writeTo(ctx context.Context, w io.Writer, n int64) error {
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
func (s *heldOutput) reset() {
	s.mem, s.size = s.mem[:0], 0
	if cap(s.mem) > 4*spoolChunk {
		s.mem = nil
	}
	s.close()
}

// close removes the file, if any.
func (s *heldOutput) close() {
	if s.file != nil {
		s.file.Close()
		if !s.unlinked {
			os.Remove(s.file.Name())
		}
		s.file = nil
	}
}
