package main

import (
	"context"
	"errors"
	"github.com/kifconv/kifconv/internal/render"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// errExists is the error for an output that is already there.
var errExists = errors.New("output exists")

// outFile is an output being written: a temporary file beside its final
// name, moved into place by commit and removed by abort, so that a reader
// of the output directory never sees a partial file and a failed input
// leaves nothing behind. All names are resolved inside root, so no input
// path (.., absolute, a symbolic link in the output tree) can make kifconv
// write outside it. An output that names something other than a regular
// file or a directory (a FIFO, a device such as /dev/null) is never
// replaced: it is written straight into (tmp is then "").
type outFile struct {
	ctx  context.Context
	root *os.Root
	rel  string // the final name under root
	tmp  string
	f    *os.File
}

// exists reports whether rel is already present under root as something an
// output would replace: a regular file, a directory or a symbolic link.
// Outputs are written into the other kinds, which are not replaced.
func exists(root *os.Root, rel string) bool {
	fi, err := root.Lstat(rel)
	return err == nil && !writesInto(fi)
}

// writesInto reports whether an output is written straight into fi rather
// than replacing it.
func writesInto(fi fs.FileInfo) bool {
	return fi.Mode()&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeCharDevice|fs.ModeSocket) != 0
}

// createOut starts writing rel under root. Writes fail once ctx is
// cancelled, so that an interrupted batch stops in the middle of a file.
func createOut(ctx context.Context, root *os.Root, rel string) (*outFile, error) {
	if fi, err := root.Lstat(rel); err == nil && writesInto(fi) {
		f, err := root.OpenFile(rel, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &outFile{ctx: ctx, root: root, rel: rel, f: f}, nil
	}
	if dir := filepath.Dir(rel); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	// Hidden, so that a later run over the output tree skips it.
	base := filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+".")
	for {
		tmp := base + strconv.FormatUint(rand.Uint64(), 36) + ".tmp"
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return &outFile{ctx: ctx, root: root, rel: rel, tmp: tmp, f: f}, nil
	}
}

func (o *outFile) Write(p []byte) (int, error) {
	if err := o.ctx.Err(); err != nil {
		return 0, err
	}
	return o.f.Write(p)
}

// abort removes the temporary file.
func (o *outFile) abort() {
	o.f.Close()
	if o.tmp != "" {
		o.root.Remove(o.tmp)
	}
}

// commit moves the finished file into place. Without force an existing
// file is never replaced, even one that appeared while converting: the
// temporary file is hard-linked to the final name, which fails if that
// exists, and a rename is used only where links are not supported.
func (o *outFile) commit(force bool) error {
	if o.tmp == "" {
		return o.f.Close()
	}
	if fi, err := o.root.Lstat(o.rel); err == nil && fi.Mode().IsRegular() {
		// A replaced file keeps its permissions (a mode-600 file stays so).
		if err := o.f.Chmod(fi.Mode().Perm()); err != nil {
			o.f.Close()
			o.root.Remove(o.tmp)
			return err
		}
	}
	if err := o.f.Close(); err != nil {
		o.root.Remove(o.tmp)
		return err
	}
	return o.place(force)
}

// place moves the closed temporary file to o.rel, as commit does.
func (o *outFile) place(force bool) error {
	if force {
		if fi, err := o.root.Lstat(o.rel); err == nil && writesInto(fi) {
			// It appeared while converting: still never replaced.
			o.root.Remove(o.tmp)
			return errExists
		}
		if err := o.root.Rename(o.tmp, o.rel); err != nil {
			o.root.Remove(o.tmp)
			return err
		}
		return nil
	}
	err := o.root.Link(o.tmp, o.rel)
	if err == nil || errors.Is(err, fs.ErrExist) {
		o.root.Remove(o.tmp)
		if err != nil {
			return errExists
		}
		return nil
	}
	if exists(o.root, o.rel) {
		o.root.Remove(o.tmp)
		return errExists
	}
	if err := o.root.Rename(o.tmp, o.rel); err != nil {
		o.root.Remove(o.tmp)
		return err
	}
	return nil
}

// outDirs opens each directory of an output tree once for the files written
// into it. Every operation on "a/b/c.csa" under a Root opens a/ and a/b/
// again, which for a batch of small files made three times the system calls
// of the conversion itself (with the temporary file, its link and its
// removal). The directories stay inside the root as before.
type outDirs struct {
	root *os.Root
	mu   sync.Mutex
	dirs map[string]*outDir
}

type outDir struct {
	root *os.Root
	refs int
}

// maxOutDirs bounds the directories held open (and so the descriptors): a
// batch walks its inputs directory by directory, so a few suffice.
const maxOutDirs = 16

// open returns the root of the directory of rel, created if need be, and
// rel's name in it; release must be called with the directory when done.
func (d *outDirs) open(rel string) (dir string, r *os.Root, base string, err error) {
	dir, base = filepath.Dir(rel), filepath.Base(rel)
	if dir == "." {
		return dir, d.root, base, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if od, ok := d.dirs[dir]; ok {
		od.refs++
		return dir, od.root, base, nil
	}
	if len(d.dirs) >= maxOutDirs {
		for k, od := range d.dirs {
			if od.refs == 0 {
				od.root.Close()
				delete(d.dirs, k)
			}
		}
	}
	if err := d.root.MkdirAll(dir, 0o755); err != nil {
		return "", nil, "", err
	}
	sub, err := d.root.OpenRoot(dir)
	if err != nil {
		return "", nil, "", err
	}
	if d.dirs == nil {
		d.dirs = map[string]*outDir{}
	}
	d.dirs[dir] = &outDir{root: sub, refs: 1}
	return dir, sub, base, nil
}

func (d *outDirs) release(dir string) {
	if dir == "." {
		return
	}
	d.mu.Lock()
	d.dirs[dir].refs--
	d.mu.Unlock()
}

// Close closes the directories still open.
func (d *outDirs) Close() {
	for _, od := range d.dirs {
		od.root.Close()
	}
	d.dirs = nil
}

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
	if s.err == nil && n > 0 {
		_, s.err = s.w.Write(s.buf[:n])
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
