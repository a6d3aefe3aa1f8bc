package main

import (
	"context"
	"errors"
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
// write outside it.
type outFile struct {
	ctx  context.Context
	root *os.Root
	rel  string // the final name under root
	tmp  string
	f    *os.File
}

// exists reports whether rel is already present under root.
func exists(root *os.Root, rel string) bool {
	_, err := root.Lstat(rel)
	return err == nil
}

// createOut starts writing rel under root. Writes fail once ctx is
// cancelled, so that an interrupted batch stops in the middle of a file.
func createOut(ctx context.Context, root *os.Root, rel string) (*outFile, error) {
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
	o.root.Remove(o.tmp)
}

// commit moves the finished file into place. Without force an existing
// file is never replaced, even one that appeared while converting: the
// temporary file is hard-linked to the final name, which fails if that
// exists, and a rename is used only where links are not supported.
func (o *outFile) commit(force bool) error {
	if err := o.f.Close(); err != nil {
		o.root.Remove(o.tmp)
		return err
	}
	return o.place(force)
}

// place moves the closed temporary file to o.rel, as commit does.
func (o *outFile) place(force bool) error {
	if force {
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
