package batch

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// ErrExists is the error for an output that is already there and may not be
// replaced.
var ErrExists = errors.New("output exists")

// Dir is a directory that outputs are written into. Every name is resolved
// inside it (an os.Root), so no name (.., absolute, a symbolic link in the
// output tree) can make a write land outside it.
type Dir struct {
	root  *os.Root
	fd    int      // the directory's descriptor for the *at system calls, or -1
	file  *os.File // holds fd open
	temps *Temps   // the run's temporary files; nil for none kept
}

// NewDir returns root as a Dir; root stays the caller's to close.
func NewDir(root *os.Root) *Dir { return &Dir{root: root, fd: -1} }

// Root returns the directory's os.Root.
func (d *Dir) Root() *os.Root { return d.root }

// Lstat describes rel under the directory without following a final
// symbolic link.
func (d *Dir) Lstat(rel string) (fs.FileInfo, error) { return d.root.Lstat(rel) }

// Exists reports whether rel is present as something an output replaces: a
// regular file, a directory or a symbolic link.
func (d *Dir) Exists(rel string) bool {
	fi, err := d.root.Lstat(rel)
	return err == nil && !WritesInto(fi)
}

// WritesInto reports whether an output is written straight into fi (a FIFO,
// a device such as /dev/null, a socket) rather than replacing it.
func WritesInto(fi fs.FileInfo) bool {
	return fi.Mode()&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeCharDevice|fs.ModeSocket) != 0
}

// File is an output being written: a temporary file beside its final name,
// moved into place by Commit and removed by Abort, so that a reader of the
// output directory never sees a partial file and a failed input leaves
// nothing behind. An output that names something WritesInto is never
// replaced: it is written straight into. Writes fail once the context is
// cancelled, so that an interrupt stops in the middle of a file.
type File struct {
	ctx  context.Context
	dir  *Dir
	rel  string // the final name under dir
	tmp  string // "" when writing straight into rel, or once placed or removed
	salt uint64 // tmp's random part (tempName)
	f    *os.File
	// Where the run's Temps keeps it, while kept.
	kept               bool
	prevTemp, nextTemp *File
}

// Create starts writing rel under d. existing is what d.Lstat(rel) found
// (nil for nothing): the caller has looked already, to decide whether the
// output may be written at all, and Create does not look again.
func (d *Dir) Create(ctx context.Context, rel string, existing fs.FileInfo) (*File, error) {
	if existing != nil && WritesInto(existing) {
		f, err := d.root.OpenFile(rel, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &File{ctx: ctx, dir: d, rel: rel, f: f}, nil
	}
	if dir := filepath.Dir(rel); dir != "." {
		if err := d.root.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	for {
		salt := rand.Uint64() % tempSalts
		tmp := tempName(rel, salt)
		f, err := d.createTemp(tmp)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		o := &File{ctx: ctx, dir: d, rel: rel, tmp: tmp, salt: salt, f: f}
		d.temps.add(o)
		return o, nil
	}
}

// maxName is the longest file name most file systems take, in bytes.
const maxName = 255

// tempSalts is the number of random parts a temporary name may have: eight
// base-36 digits.
const tempSalts = 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36

// tempName returns the temporary name beside rel with the random part salt
// (below tempSalts): hidden, so that a later run over the output tree
// skips it, and no longer than maxName wherever rel's own name fits (a long
// name is cut in the temporary one).
func tempName(rel string, salt uint64) string {
	const suffix = 1 + 8 + len(".tmp") // ".", eight random base-36 digits
	base := filepath.Base(rel)
	if n := maxName - 1 - suffix; len(base) > n {
		base = base[:n]
		for len(base) > 0 && !utf8.ValidString(base) {
			base = base[:len(base)-1] // not in the middle of a character
		}
	}
	r := strconv.FormatUint(salt, 36)
	for len(r) < 8 {
		r = "0" + r
	}
	return filepath.Join(filepath.Dir(rel), "."+base+"."+r+".tmp")
}

// createTemp creates the new file tmp, failing if it exists.
func (d *Dir) createTemp(tmp string) (*os.File, error) {
	if d.fd >= 0 && !strings.Contains(tmp, "/") {
		if f, err := createAt(d.fd, tmp); !errors.Is(err, errors.ErrUnsupported) {
			return f, err
		}
	}
	return d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

func (o *File) Write(p []byte) (int, error) {
	if err := o.ctx.Err(); err != nil {
		return 0, err
	}
	return o.f.Write(p)
}

// Abort closes the file and removes the temporary file.
func (o *File) Abort() {
	o.f.Close()
	o.Remove()
}

// Remove removes the temporary file, closed or not: with the directory's
// own descriptor where the system allows, so that a run that has used up
// its descriptors still cleans up.
func (o *File) Remove() {
	if o.tmp == "" {
		return
	}
	o.dir.remove(o.tmp)
	o.dir.temps.done(o)
	o.tmp = ""
}

// remove removes name from the directory.
func (d *Dir) remove(name string) {
	if d.fd >= 0 && !strings.Contains(name, "/") {
		if err := unlinkAt(d.fd, name); !errors.Is(err, errors.ErrUnsupported) {
			return
		}
	}
	d.root.Remove(name)
}

// Close closes the file without moving it into place: PlaceAs or Remove
// must follow. The *os.File goes with it, so that the many closed files a
// split collection holds until its games are placed keep only their names.
func (o *File) Close() error {
	err := o.f.Close()
	o.f = nil
	return err
}

// Commit closes the file and moves it into place. Without force an existing
// file is never replaced, even one that appeared while writing; with force a
// replaced regular file keeps its permissions (a mode-600 file stays so).
// On failure the temporary file is removed.
func (o *File) Commit(force bool) error {
	if o.tmp == "" {
		return o.f.Close()
	}
	if force {
		fi, err := o.dir.root.Lstat(o.rel)
		if err == nil && WritesInto(fi) {
			// It appeared while writing: still never replaced.
			o.Abort()
			return ErrExists
		}
		if err == nil && fi.Mode().IsRegular() {
			if err := o.f.Chmod(fi.Mode().Perm()); err != nil {
				o.Abort()
				return err
			}
		}
	}
	if err := o.f.Close(); err != nil {
		o.Remove()
		return err
	}
	return o.place(o.rel, force, true)
}

// PlaceAs moves the closed temporary file to rel, as Commit does; Remove
// does nothing after it succeeded.
func (o *File) PlaceAs(rel string, force bool) error {
	o.rel = rel
	return o.place(rel, force, false)
}

// placed notes that the temporary file is in place under its final name.
func (o *File) placed() error {
	o.dir.temps.done(o)
	o.tmp = ""
	return nil
}

// place moves the temporary file to rel; checked says that, under force,
// rel was just found not to be something written into.
func (o *File) place(rel string, force, checked bool) error {
	d := o.dir
	if force {
		if !checked {
			if fi, err := d.root.Lstat(rel); err == nil && WritesInto(fi) {
				o.Remove()
				return ErrExists
			}
		}
		return o.rename(rel)
	}
	// Without force: renamed if nothing is there, atomically where the
	// system can (one call instead of the link and removal below).
	if d.fd >= 0 && !strings.Contains(o.tmp, "/") && !strings.Contains(rel, "/") {
		err := renameNoReplace(d.fd, o.tmp, rel)
		switch {
		case err == nil:
			return o.placed()
		case errors.Is(err, fs.ErrExist):
			o.Remove()
			return ErrExists
		case !errors.Is(err, errors.ErrUnsupported):
			o.Remove()
			return err
		}
	}
	// A hard link to the final name fails if that exists; a rename is
	// used only where links are not supported.
	err := d.root.Link(o.tmp, rel)
	if err == nil || errors.Is(err, fs.ErrExist) {
		o.Remove()
		if err != nil {
			return ErrExists
		}
		return o.placed()
	}
	if d.Exists(rel) {
		o.Remove()
		return ErrExists
	}
	return o.rename(rel)
}

// rename renames the temporary file to rel, replacing what is there, or
// removes it if it cannot.
func (o *File) rename(rel string) error {
	if err := o.dir.root.Rename(o.tmp, rel); err != nil {
		o.Remove()
		return err
	}
	return o.placed()
}

// Dirs opens each directory of an output tree once, for the files written
// into it: every operation on "a/b/c.csa" under an os.Root opens a/ and
// a/b/ again. It is safe for concurrent use.
type Dirs struct {
	top  *Dir
	mu   sync.Mutex
	dirs map[string]*subDir
}

type subDir struct {
	dir  *Dir
	refs int
}

// maxDirs bounds the directories held open (and so the descriptors): a
// batch walks its inputs directory by directory, so a few suffice.
const maxDirs = 16

// NewDirs returns the directories under root, which stays the caller's;
// the temporary files made in them are kept in temps.
func NewDirs(root *os.Root, temps *Temps) *Dirs {
	top, err := openDir(root, temps)
	if err != nil {
		top = &Dir{root: root, fd: -1, temps: temps}
	}
	return &Dirs{top: top}
}

// openDir returns root as a Dir that also holds the directory's descriptor.
func openDir(root *os.Root, temps *Temps) (*Dir, error) {
	d := &Dir{root: root, fd: -1, temps: temps}
	f, err := root.Open(".")
	if err != nil {
		return nil, err
	}
	d.file = f
	if fd, ok := dirFD(f); ok {
		d.fd = fd
	}
	return d, nil
}

// Open returns the directory of rel, created if need be, and rel's name in
// it; Release must be called with dir when done.
func (d *Dirs) Open(rel string) (dir string, out *Dir, base string, err error) {
	dir, base = filepath.Dir(rel), filepath.Base(rel)
	if dir == "." {
		return dir, d.top, base, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if sd, ok := d.dirs[dir]; ok {
		sd.refs++
		return dir, sd.dir, base, nil
	}
	if len(d.dirs) >= maxDirs {
		for k, sd := range d.dirs {
			if sd.refs == 0 {
				sd.dir.close()
				delete(d.dirs, k)
			}
		}
	}
	if err := d.top.root.MkdirAll(dir, 0o755); err != nil {
		return "", nil, "", err
	}
	sub, err := d.top.root.OpenRoot(dir)
	if err != nil {
		return "", nil, "", err
	}
	sd, err := openDir(sub, d.top.temps)
	if err != nil {
		sub.Close()
		return "", nil, "", err
	}
	if d.dirs == nil {
		d.dirs = map[string]*subDir{}
	}
	d.dirs[dir] = &subDir{dir: sd, refs: 1}
	return dir, sd, base, nil
}

// Lstat is Dir.Lstat of rel under the top directory, asked of rel's own
// directory when Open holds it already (one system call rather than three).
func (d *Dirs) Lstat(rel string) (fs.FileInfo, error) {
	dir, base := filepath.Dir(rel), filepath.Base(rel)
	if dir != "." {
		d.mu.Lock()
		sd, ok := d.dirs[dir]
		if ok {
			sd.refs++
		}
		d.mu.Unlock()
		if ok {
			defer d.Release(dir)
			return sd.dir.Lstat(base)
		}
	}
	return d.top.Lstat(rel)
}

// Release says that the directory dir from Open is no longer used.
func (d *Dirs) Release(dir string) {
	if dir == "." {
		return
	}
	d.mu.Lock()
	d.dirs[dir].refs--
	d.mu.Unlock()
}

// Close closes the directories still open (but not the top root).
func (d *Dirs) Close() {
	for _, sd := range d.dirs {
		sd.dir.close()
	}
	d.dirs = nil
	if d.top.file != nil {
		d.top.file.Close()
	}
}

func (d *Dir) close() {
	if d.file != nil {
		d.file.Close()
	}
	d.root.Close()
}
