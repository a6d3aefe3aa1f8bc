package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
)

// Input is one record file to work on.
type Input struct {
	Path string // as given or as found under a directory; "-" is standard input
	Rel  string // the path its output takes under an output directory, before the extension changes
	Err  error  // why it cannot be listed (it does not exist, …); reported in its turn
}

// Name is the input's name in messages: its path, <stdin> for standard
// input.
func (in Input) Name() string {
	if in.Path == "-" {
		return "<stdin>"
	}
	return in.Path
}

// UsageError marks a problem with how the inputs were asked for (the
// command line), rather than with an input.
type UsageError struct{ Err error }

func (u UsageError) Error() string { return u.Err.Error() }
func (u UsageError) Unwrap() error { return u.Err }

func usageErrorf(format string, a ...any) error { return UsageError{fmt.Errorf(format, a...)} }

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

// InputSpec says where the inputs of a command come from.
type InputSpec struct {
	Args      []string
	FilesFrom string    // a file listing inputs, "-" for standard input
	NUL       bool      // the list is NUL-separated (find -print0)
	From      string    // directories then yield only files with its extensions
	Stdin     io.Reader // standard input, for "-" and --files-from -
}

// Collect expands the arguments and the --files-from list into inputs, in
// the order given; directories are walked recursively in lexical order,
// noting in skipped (which may be nil) what they pass by. With nothing
// given, standard input is read.
func Collect(spec InputSpec, skipped *Skipped) ([]Input, error) {
	args := spec.Args
	if spec.FilesFrom != "" {
		var r io.Reader
		if spec.FilesFrom == "-" {
			for _, a := range args {
				if a == "-" {
					return nil, usageErrorf("standard input cannot be both --files-from and an input")
				}
			}
			r = spec.Stdin
		} else {
			f, err := os.Open(spec.FilesFrom)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			r = f
		}
		listed, err := readList(r, spec.NUL)
		if err != nil {
			return nil, fmt.Errorf("--files-from: %w", err)
		}
		args = append(append([]string(nil), args...), listed...)
	} else if len(args) == 0 {
		args = []string{"-"}
	}
	exts := ReadableExtensions(spec.From)
	var out []Input
	for _, a := range args {
		if a == "-" {
			out = append(out, Input{Path: "-", Rel: "stdin"})
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			out = append(out, Input{Path: a, Rel: localRel(a), Err: err})
			continue
		}
		if !fi.IsDir() {
			out = append(out, Input{Path: a, Rel: localRel(a)})
			continue
		}
		out = append(out, walkDir(a, exts, skipped)...)
	}
	return out, nil
}

// Gather is Collect for the commands that report what their walks skip:
// it checks the flags (NUL needs FilesFrom, a list holding NULs needs
// NUL), takes .json files holding JKF (unless From names another format),
// keeps the walks out of exclude (a directory, or ""), and refuses a walk
// or list that yields nothing, naming what was skipped. The skipped files
// are returned with that error too.
func Gather(spec InputSpec, exclude string) ([]Input, *Skipped, error) {
	if spec.NUL && spec.FilesFrom == "" {
		return nil, nil, usageErrorf("-0 (--null) says how the --files-from list is separated: give --files-from FILE")
	}
	notes := &Skipped{json: spec.From == "" || spec.From == "jkf"}
	if exclude != "" {
		if abs, err := filepath.Abs(exclude); err == nil {
			notes.exclude = abs
		}
	}
	ins, err := Collect(spec, notes)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, fmt.Errorf("--files-from: cannot read %s: %v", pe.Path, UnwrapPath(err))
		}
		return nil, nil, err
	}
	for _, in := range ins {
		if strings.IndexByte(in.Path, 0) >= 0 {
			return nil, nil, usageErrorf("--files-from: the list holds NUL bytes; give -0 for a NUL-separated list (find -print0)")
		}
	}
	if len(ins) == 0 {
		msg := "no records found"
		if s := SkippedText(notes.Counts()); s != "" {
			msg += ": " + s
		}
		return nil, notes, usageErrorf("%s", msg)
	}
	return ins, notes, nil
}

// Bounds of a --files-from list: a path is far shorter than maxListLine
// (PATH_MAX is 4,096 bytes), and a list of millions of paths is far
// shorter than maxList and has fewer entries, empty ones included, than
// maxListEntries; /dev/zero is neither.
const (
	maxListLine    = 64 << 10
	maxList        = 1 << 30
	maxListEntries = 10_000_000
)

// readList splits a --files-from list at newlines (or NULs), ignoring empty
// entries and the CR of CRLF lists.
func readList(r io.Reader, nul bool) ([]string, error) {
	sep := byte('\n')
	if nul {
		sep = 0
	}
	br := bufio.NewReaderSize(r, maxListLine)
	var out []string
	total := 0
	for n := 1; ; n++ {
		b, err := br.ReadSlice(sep)
		if err == bufio.ErrBufferFull {
			return out, fmt.Errorf("entry %d is longer than %d bytes", n, maxListLine)
		}
		if total += len(b); total > maxList || n > maxListEntries {
			return out, fmt.Errorf("the list is longer than %d bytes or %d entries", maxList, maxListEntries)
		}
		s := strings.TrimSuffix(string(b), string(sep))
		if !nul {
			s = strings.TrimSuffix(s, "\r")
		}
		if s != "" {
			out = append(out, s)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// genericExtensions are extensions that many files besides records carry
// (JKF is often saved as .json). A directory walk takes them only when
// --from names a format that uses them.
var genericExtensions = map[string]bool{".json": true, ".txt": true}

// ReadableExtensions lists the lower-case extensions taken from
// directories: those of the format from, or of every readable format
// except the generic ones.
func ReadableExtensions(from string) map[string]bool {
	exts := map[string]bool{}
	for _, f := range parse.Formats {
		if from != "" && f.Name != from {
			continue
		}
		for _, e := range f.Extensions {
			e = strings.ToLower(e)
			if from == "" && genericExtensions[e] {
				continue
			}
			exts[e] = true
		}
	}
	return exts
}

// walkDir lists the record files under dir. Hidden files and directories
// (kifconv's own temporary files among them) are skipped, and symbolic
// links to directories are not followed.
func walkDir(dir string, exts map[string]bool, notes *Skipped) []Input {
	var out []Input
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, Input{Path: p, Rel: relUnder(dir, p), Err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != dir && notes.excluded(p) {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(p); err != nil {
				notes.skip(p, skipDangling)
				return nil
			} else if !fi.Mode().IsRegular() {
				notes.skip(p, skipNotRegular)
				return nil
			}
		} else if !d.Type().IsRegular() {
			notes.skip(p, skipNotRegular)
			return nil
		}
		if !exts[strings.ToLower(filepath.Ext(p))] && !notes.takeGeneric(p) {
			return nil
		}
		out = append(out, Input{Path: p, Rel: relUnder(dir, p)})
		return nil
	})
	if err != nil {
		out = append(out, Input{Path: dir, Rel: localRel(dir), Err: err})
	}
	return out
}

func relUnder(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return localRel(p)
	}
	return localRel(r)
}

// localRel turns a path into one that stays inside an output directory:
// cleaned, with any volume name, leading separators and leading ".." steps
// removed, as tar does with member names.
func localRel(p string) string {
	p = filepath.Clean(p)
	p = strings.TrimPrefix(p, filepath.VolumeName(p))
	p = strings.TrimLeft(p, `/\`)
	for {
		switch {
		case p == "..":
			p = ""
		case strings.HasPrefix(p, ".."+string(filepath.Separator)):
			p = p[3:]
			continue
		}
		break
	}
	if p == "" || p == "." || !filepath.IsLocal(p) {
		return "_" // nothing of the path is left to mirror
	}
	return p
}

// Reasons a directory walk passes a file by, as the summary names them.
const (
	skipExtension  = "unknown extension"
	skipNotJKF     = "not JKF"
	skipNotRegular = "not a regular file"
	skipDangling   = "dangling link"
)

// Skipped is what a directory walk learns besides its inputs: the files it
// passed by and why, so that a summary can count them, and the directory
// it must not enter (an output directory inside the input tree). The nil
// *Skipped notes nothing.
type Skipped struct {
	exclude string // an absolute, cleaned directory not to walk
	json    bool   // .json files are taken when their content is JKF
	files   []skippedFile
}

type skippedFile struct{ path, reason string }

func (w *Skipped) skip(path, reason string) {
	if w != nil {
		w.files = append(w.files, skippedFile{path, reason})
	}
}

// excluded reports whether the walk must not enter dir.
func (w *Skipped) excluded(dir string) bool {
	if w == nil || w.exclude == "" {
		return false
	}
	abs, err := filepath.Abs(dir)
	return err == nil && abs == w.exclude
}

// takeGeneric reports whether a file the walk would pass by for its
// extension is a record after all: a .json file holding JKF. Anything else
// is noted as skipped.
func (w *Skipped) takeGeneric(path string) bool {
	if w != nil && w.json && strings.EqualFold(filepath.Ext(path), ".json") {
		if isJKF(path) {
			return true
		}
		w.skip(path, skipNotJKF)
		return false
	}
	w.skip(path, skipExtension)
	return false
}

// isJKF reports whether a file is JKF by its content: a JSON object whose
// first 4 KB name a header, initial or moves member and whose first record
// reads with the JKF reader (JSON files of other kinds, expected outputs of
// other tools among them, do not).
func isJKF(path string) bool {
	src, err := OpenInput(Input{Path: path}, nil, "jkf", parse.Options{}, nil, nil)
	if err != nil {
		return false
	}
	defer src.Close()
	head, _ := src.Text.Peek(4 << 10)
	if parse.Detect(head, path) != "jkf" {
		return false
	}
	// The JKF reader takes any object (with warnings); a record names one
	// of these members.
	named := false
	for _, m := range []string{`"header"`, `"initial"`, `"moves"`} {
		named = named || bytes.Contains(head, []byte(m))
	}
	if !named {
		return false
	}
	_, err = src.Reader.Read()
	return err == nil
}

// Counts returns the skipped files by reason.
func (w *Skipped) Counts() map[string]int {
	out := map[string]int{}
	if w != nil {
		for _, s := range w.files {
			out[s.reason]++
		}
	}
	return out
}

// SkippedText says what was skipped, by reason: "3 skipped (2 not JKF,
// 1 unknown extension)", or "" when nothing was.
func SkippedText(c map[string]int) string {
	if len(c) == 0 {
		return ""
	}
	reasons := make([]string, 0, len(c))
	total := 0
	for r, n := range c {
		reasons = append(reasons, strconv.Itoa(n)+" "+r)
		total += n
	}
	sort.Strings(reasons)
	return strconv.Itoa(total) + " skipped (" + strings.Join(reasons, ", ") + ")"
}

// List prints each skipped file.
func (w *Skipped) List(out io.Writer) {
	if w == nil {
		return
	}
	for _, s := range w.files {
		fmt.Fprintf(out, "%s: skipped: %s\n", s.path, s.reason)
	}
}

// readableNames lists the names of the readable formats.
func readableNames() []string {
	var out []string
	for _, f := range parse.Formats {
		out = append(out, f.Name)
	}
	return out
}

// FromFlag checks a --from value: "" (detect each input's format) or the
// name of a readable format in any case, returned as the reader knows it.
func FromFlag(name string) (string, error) {
	if name == "" {
		return "", nil
	}
	f, ok := parse.Lookup(strings.ToLower(name))
	if !ok {
		return "", usageErrorf("--from: unknown input format %q (readable: %s)", name, strings.Join(readableNames(), ", "))
	}
	return f.Name, nil
}

// CheckRereadable says, as a UsageError starting with why, what keeps the
// inputs from being read twice: standard input among them or as the list.
func (s InputSpec) CheckRereadable(why string) error {
	if s.FilesFrom == "-" {
		return usageErrorf("%s: --files-from cannot be standard input", why)
	}
	if len(s.Args) == 0 && s.FilesFrom == "" {
		return usageErrorf("%s: give files or directories, not standard input", why)
	}
	for _, a := range s.Args {
		if a == "-" {
			return usageErrorf("%s: standard input cannot be one", why)
		}
	}
	return nil
}

// Several says whether the inputs ins gathered from s are several inputs
// (or might be: a list, a directory) rather than one file or stream.
func (s InputSpec) Several(ins []Input) bool {
	if len(ins) != 1 || s.FilesFrom != "" {
		return true
	}
	for _, a := range s.Args { // one argument: a stat per argument counts with 20,000 of them
		if fi, err := os.Stat(a); a != "-" && err == nil && fi.IsDir() {
			return true
		}
	}
	return false
}
