package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
)

// Input is one input to read: a file, or standard input.
type Input struct {
	Path string // as given, or as found under a directory; "-" is standard input
	// Rel is where the input's output goes under an output directory,
	// before its extension changes: the path below the directory argument
	// it was found under, the base name of a file named as an argument
	// (as cp -r places it), or a listed path as listed (tar's rules keep it
	// inside the directory).
	Rel string
	Err error // why it cannot be read: it does not exist, a walk failed there
	// copy, when not nil, holds the bytes of an input read before that
	// cannot be read again (standard input): they are read from it.
	copy *os.File
}

// Name is the input's name in messages: its path, <stdin> for standard
// input.
func (in Input) Name() string {
	if in.Path == "-" {
		return "<stdin>"
	}
	return in.Path
}

// Sources says where a command's inputs come from. Inputs are produced one
// at a time as they are found (Stream), so that memory does not grow with
// the number of inputs.
type Sources struct {
	Args    []string  // files, directories and "-" (standard input)
	List    string    // a file that lists more inputs, one a line ("-": standard input)
	ListNUL bool      // the list is NUL-separated (find -print0)
	Format  string    // the inputs' format, if known: walks then take its extensions only
	Stdin   io.Reader // standard input
	// Exclude is a directory the walks do not enter: the output directory
	// of a command that writes into the tree it reads.
	Exclude string
	// Skip, when not nil, is told of each file a walk passes by, and why
	// (the reasons below); the stream counts them either way.
	Skip func(path, reason string)
	// replay, when not nil, are the inputs to yield instead: those of an
	// earlier stream of the same sources, read a second time.
	replay []Input
}

// Reasons an input is passed by, as summaries name them.
const (
	SkipExtension  = "unknown extension"
	SkipNotJKF     = "not JKF"
	SkipNotRegular = "not a regular file"
	SkipDangling   = "dangling link"
	SkipRepeated   = "repeated"
)

// Errors of the sources themselves: each stops the inputs.
var (
	// ErrStdinTwice is the error of standard input given both as the list
	// and as an input.
	ErrStdinTwice = errors.New("standard input cannot be both the list of inputs and an input")
	// ErrListNUL is the error of a list read line by line that holds NUL
	// bytes: it was made with find -print0.
	ErrListNUL = errors.New("the list of inputs holds NUL bytes: it is NUL-separated")
	// ErrNoRecords is the error of sources that yield no input at all.
	ErrNoRecords = errors.New("no records found")
)

// ListError is the error of a list of inputs that cannot be read.
type ListError struct {
	Path string // the list's path, "-" for standard input
	Err  error
}

func (e *ListError) Error() string {
	name := e.Path
	if name == "-" {
		name = "standard input"
	}
	return "cannot read the list of inputs " + name + ": " + UnwrapPath(e.Err).Error()
}

func (e *ListError) Unwrap() error { return e.Err }

// Check checks the sources before any is read.
func (s Sources) Check() error {
	if s.List == "-" {
		for _, a := range s.Args {
			if a == "-" {
				return ErrStdinTwice
			}
		}
	}
	return nil
}

// ReadsStdin reports whether standard input is read as an input (not as the
// list).
func (s Sources) ReadsStdin() bool {
	if len(s.Args) == 0 && s.List == "" {
		return true
	}
	for _, a := range s.Args {
		if a == "-" {
			return true
		}
	}
	return false
}

// Several reports whether the sources are several inputs, or may be: a
// list, a directory, more than one argument. One file or stream is not.
func (s Sources) Several() bool {
	if s.List != "" || len(s.Args) > 1 {
		return true
	}
	if len(s.Args) == 1 && s.Args[0] != "-" {
		fi, err := os.Stat(s.Args[0])
		return err == nil && fi.IsDir()
	}
	return false
}

// Stream yields the inputs of Sources in order: the arguments (directories
// walked recursively in lexical order), then the entries of the list. It
// holds one path at a time, and a hash of every path met when there are
// several arguments or a list, so that an input given twice is read once.
type Stream struct {
	ctx     context.Context // ends the walks and the list
	src     Sources
	next    func() (Input, bool)
	stop    func()
	err     error
	n       int            // inputs yielded
	skipped map[string]int // by reason
	seen    map[uint64]struct{}
	seed    maphash.Seed
	keep    func(Input) bool // when not nil, the inputs to yield; the others are passed by (SkipShard)
}

// Open starts streaming the inputs of s; Close must be called. Once ctx is
// cancelled the stream ends, in the middle of a walk or a list.
func (s Sources) Open(ctx context.Context) *Stream {
	st := &Stream{ctx: ctx, src: s, skipped: map[string]int{}}
	if s.List != "" || len(s.Args) > 1 {
		st.seen, st.seed = map[uint64]struct{}{}, maphash.MakeSeed()
	}
	st.next, st.stop = iter.Pull(st.all)
	return st
}

// Next returns the next input, or false at the end (or after an error,
// which Err returns).
func (st *Stream) Next() (Input, bool) {
	in, ok := st.next()
	for ok && st.keep != nil && !st.keep(in) {
		st.skip(in.Path, SkipShard)
		in, ok = st.next()
	}
	if ok {
		st.n++
	}
	return in, ok
}

// Err is the error that ended the stream, if any.
func (st *Stream) Err() error { return st.err }

// Yielded is the number of inputs yielded so far.
func (st *Stream) Yielded() int { return st.n }

// Skipped returns the files passed by so far, counted by reason.
func (st *Stream) Skipped() map[string]int { return st.skipped }

// Close ends the stream, closing its list.
func (st *Stream) Close() { st.stop() }

func (st *Stream) skip(path, reason string) {
	st.skipped[reason]++
	if st.src.Skip != nil {
		st.src.Skip(path, reason)
	}
}

// fresh reports whether path was not met before, and notes it.
func (st *Stream) fresh(path string) bool {
	if st.seen == nil {
		return true
	}
	if path != "-" {
		path = filepath.Clean(path)
	}
	h := maphash.String(st.seed, path)
	if _, dup := st.seen[h]; dup {
		st.skip(path, SkipRepeated)
		return false
	}
	st.seen[h] = struct{}{}
	return true
}

func (st *Stream) all(yield func(Input) bool) {
	s := st.src
	if s.replay != nil {
		for _, in := range s.replay {
			if !yield(in) {
				return
			}
		}
		return
	}
	if len(s.Args) == 0 && s.List == "" {
		yield(Input{Path: "-", Rel: "stdin"})
		return
	}
	for _, a := range s.Args {
		if !st.arg(a, filepath.Base(a), yield) {
			return
		}
	}
	if s.List == "" {
		return
	}
	var r io.Reader = s.Stdin
	if s.List != "-" {
		f, err := os.Open(s.List)
		if err != nil {
			st.err = &ListError{s.List, err}
			return
		}
		defer f.Close()
		r = f
	}
	for entry, err := range listEntries(r, s.ListNUL) {
		if st.ctx.Err() != nil {
			return
		}
		if err != nil {
			st.err = &ListError{s.List, err}
			return
		}
		if !s.ListNUL && strings.IndexByte(entry, 0) >= 0 {
			st.err = ErrListNUL
			return
		}
		if !st.arg(entry, localRel(entry), yield) {
			return
		}
	}
}

// arg yields the inputs of one argument or list entry, rel being where a
// file's output goes; false when yield stopped.
func (st *Stream) arg(a, rel string, yield func(Input) bool) bool {
	if a == "-" {
		// Standard input can be read once: a second "-" is a repeat.
		return !st.fresh(a) || yield(Input{Path: "-", Rel: "stdin"})
	}
	fi, err := os.Stat(a)
	switch {
	case err != nil:
		return !st.fresh(a) || yield(Input{Path: a, Rel: localRel(rel), Err: err})
	case !fi.IsDir():
		return !st.fresh(a) || yield(Input{Path: a, Rel: localRel(rel)})
	}
	return st.walk(a, yield)
}

// Bounds of a list of inputs: a path is far shorter than maxListLine
// (PATH_MAX is 4,096 bytes), and a list of millions of paths has fewer
// entries, empty ones included, than maxListEntries; /dev/zero is neither.
const (
	maxListLine    = 64 << 10
	maxListEntries = 10_000_000
)

// listEntries yields the entries of a list split at newlines (or NULs),
// without empty entries or the CR of CRLF lists.
func listEntries(r io.Reader, nul bool) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		sep := byte('\n')
		if nul {
			sep = 0
		}
		br := bufio.NewReaderSize(r, maxListLine)
		for n := 1; ; n++ {
			b, err := br.ReadSlice(sep)
			if err == bufio.ErrBufferFull {
				yield("", fmt.Errorf("entry %d is longer than %d bytes", n, maxListLine))
				return
			}
			if n > maxListEntries {
				yield("", fmt.Errorf("the list has more than %d entries", maxListEntries))
				return
			}
			s := strings.TrimSuffix(string(b), string(sep))
			if !nul {
				s = strings.TrimSuffix(s, "\r")
			}
			if s != "" && !yield(s, nil) {
				return
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				yield("", err)
				return
			}
		}
	}
}

// readableExtensions lists the lower-case extensions a walk takes: those
// of the format, or of every readable format except the generic ones.
func readableExtensions(format string) map[string]bool {
	exts := map[string]bool{}
	for _, f := range parse.Formats() {
		if format != "" && f.Name != format {
			continue
		}
		for _, e := range f.Extensions {
			e = strings.ToLower(e)
			if format == "" && parse.IsGenericExtension(e) {
				continue
			}
			exts[e] = true
		}
	}
	return exts
}

// walk yields the record files under dir. Hidden files and directories
// (kifconv's own temporary files among them) are passed by, symbolic links
// to directories below dir are not followed (dir itself may be one), and
// Exclude is not entered.
func (st *Stream) walk(dir string, yield func(Input) bool) bool {
	exts := readableExtensions(st.src.Format)
	json := st.src.Format == "" || st.src.Format == "jkf"
	exclude := ""
	if st.src.Exclude != "" {
		exclude, _ = filepath.Abs(st.src.Exclude)
	}
	stopped := false
	root := dir
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 && !strings.HasSuffix(dir, string(filepath.Separator)) {
		// A link to a folder named as an argument is walked, as find -H
		// and grep -r do (the walk itself follows no link to a folder):
		// with a separator after it, the walk starts at what it names.
		root = dir + string(filepath.Separator)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if st.ctx.Err() != nil {
			stopped = true
			return fs.SkipAll
		}
		if err != nil {
			if !yield(Input{Path: p, Rel: relUnder(dir, p), Err: err}) {
				stopped = true
				return fs.SkipAll
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != root && exclude != "" {
				if abs, err := filepath.Abs(p); err == nil && abs == exclude {
					return fs.SkipDir
				}
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(p); err != nil {
				st.skip(p, SkipDangling)
				return nil
			} else if !fi.Mode().IsRegular() {
				st.skip(p, SkipNotRegular)
				return nil
			}
		} else if !d.Type().IsRegular() {
			st.skip(p, SkipNotRegular)
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		switch {
		case exts[ext]:
		case json && ext == ".json":
			if !IsJKF(p) {
				st.skip(p, SkipNotJKF)
				return nil
			}
		default:
			st.skip(p, SkipExtension)
			return nil
		}
		if st.fresh(p) && !yield(Input{Path: p, Rel: relUnder(dir, p)}) {
			stopped = true
			return fs.SkipAll
		}
		return nil
	})
	if err != nil && !stopped {
		return yield(Input{Path: dir, Rel: localRel(dir), Err: err})
	}
	return !stopped
}

// IsJKF reports whether the file at path holds a JKF record: its text is
// detected as JKF and its first record reads. This is the one rule of what
// a JSON file is, the reader's (an object with none of "header", "initial"
// and "moves" is no record).
func IsJKF(path string) bool {
	src, err := OpenInput(Input{Path: path}, nil, "jkf", parse.Options{}, nil, nil)
	if err != nil {
		return false
	}
	defer src.Close()
	head, _ := src.Text.Peek(4 << 10)
	if parse.Detect(head, path) != "jkf" {
		return false
	}
	_, err = src.Reader.Read()
	return err == nil
}

func relUnder(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return localRel(p)
	}
	return localRel(r)
}

// localRel turns a path into one that stays inside an output directory
// and names a file the system can make (nameRules.localRel).
func localRel(p string) string { return hostNames.localRel(p) }

// UnwrapPath drops the operation and path of a file system error, which
// the message around it already names: "open x: no such file" becomes
// "no such file".
func UnwrapPath(err error) error {
	for {
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		default:
			return err
		}
	}
}
