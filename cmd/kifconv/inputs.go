package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/spf13/cobra"
)

// input is one record file to work on.
type input struct {
	path string // as given or as found under a directory; "-" is standard input
	rel  string // the path its output takes under --out-dir, before the extension changes
	err  error  // why it cannot be listed (it does not exist, …); reported in its turn
}

func (in input) name() string {
	if in.path == "-" {
		return "<stdin>"
	}
	return in.path
}

// inputSpec says where the inputs of a command come from.
type inputSpec struct {
	args      []string
	filesFrom string     // a file listing inputs, "-" for standard input
	nul       bool       // the list is NUL-separated (find -print0)
	from      string     // --from: directories then yield only files with its extensions
	walk      *walkNotes // what the walks skip, and where they must not go (skipped.go)
}

// collectInputs expands the arguments and the --files-from list into
// inputs, in the order given; directories are walked recursively in lexical
// order. With nothing given, standard input is read.
func collectInputs(spec inputSpec, stdin io.Reader) ([]input, error) {
	args := spec.args
	if spec.filesFrom != "" {
		var r io.Reader
		if spec.filesFrom == "-" {
			for _, a := range args {
				if a == "-" {
					return nil, usageErrorf("standard input cannot be both --files-from and an input")
				}
			}
			r = stdin
		} else {
			f, err := os.Open(spec.filesFrom)
			if err != nil {
				return nil, &exitError{exitUsage, err}
			}
			defer f.Close()
			r = f
		}
		listed, err := readList(r, spec.nul)
		if err != nil {
			return nil, &exitError{exitUsage, fmt.Errorf("--files-from: %w", err)}
		}
		args = append(append([]string(nil), args...), listed...)
	} else if len(args) == 0 {
		args = []string{"-"}
	}
	exts := readableExtensions(spec.from)
	var out []input
	for _, a := range args {
		if a == "-" {
			out = append(out, input{path: "-", rel: "stdin"})
			continue
		}
		fi, err := os.Stat(a)
		if err != nil {
			out = append(out, input{path: a, rel: localRel(a), err: err})
			continue
		}
		if !fi.IsDir() {
			out = append(out, input{path: a, rel: localRel(a)})
			continue
		}
		out = append(out, walkDir(a, exts, spec.walk)...)
	}
	return out, nil
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

// readableExtensions lists the lower-case extensions taken from
// directories: those of the --from format, or of every readable format
// except the generic ones.
func readableExtensions(from string) map[string]bool {
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
func walkDir(dir string, exts map[string]bool, notes *walkNotes) []input {
	var out []input
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, input{path: p, rel: relUnder(dir, p), err: err})
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
		out = append(out, input{path: p, rel: relUnder(dir, p)})
		return nil
	})
	if err != nil {
		out = append(out, input{path: dir, rel: localRel(dir), err: err})
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

// source is an opened input (parse.Source) with the input it reads.
type source struct {
	*parse.Source
	in   input
	ropt readerOptions
	file *os.File // nil for standard input
	keep bool     // eachRecord gives each record memory of its own, to keep
}

func (s *source) Close() error {
	if s.Source != nil {
		s.Source.Close()
	}
	if s.file != nil {
		return s.file.Close()
	}
	return nil
}

// bufPool keeps the buffers of an input for the next one (parse.Pool) and
// the output buffers of the commands; the nil pool allocates every time.
type bufPool struct {
	src parse.Pool
	w   sync.Pool
}

func (p *bufPool) sources() *parse.Pool {
	if p == nil {
		return nil
	}
	return &p.src
}

const bufSize = 64 << 10

func (p *bufPool) writer(w io.Writer) *bufio.Writer {
	if p != nil {
		if bw, ok := p.w.Get().(*bufio.Writer); ok {
			bw.Reset(w)
			return bw
		}
	}
	return bufio.NewWriterSize(w, bufSize)
}

func (p *bufPool) putWriter(bw *bufio.Writer) {
	if p != nil {
		bw.Reset(nil)
		p.w.Put(bw)
	}
}

// openStatus is the exit status for an input that cannot be opened as a
// source: the one the error carries, 1 for an input that is no record (of a
// format that cannot be told, binary, or not text), 2 for I/O and usage.
func openStatus(err error) int {
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, errUnknownFormat):
		return exitInvalid
	}
	return exitUsage
}

// errUnknownFormat is the code of an input whose format cannot be told.
var errUnknownFormat = parse.ErrUndetected

// openSource opens an input, detects its encoding and (unless from is
// given) its format, and returns a reader of its records.
func openSource(in input, stdin io.Reader, from string, opt parse.Options, pool *bufPool) (*source, error) {
	return openSourceWith(in, stdin, from, opt, readerOptions{}, pool)
}

// readerOptions are the settings of particular readers that parse.Options
// does not carry.
type readerOptions struct {
	csaComments bool // keep CSA's plain ' comments (parse.CSA.KeepPlainComments)
}

// addReaderFlags adds the flags of readerOptions to a command.
func addReaderFlags(cmd *cobra.Command, o *readerOptions) {
	cmd.Flags().BoolVar(&o.csaComments, "csa-comments", false,
		"CSA input: keep the plain ' comments, which are skipped by default (as the standard says; programs echo the moves in them)")
}

// apply sets the options on a reader before its first Read.
func (o readerOptions) apply(r parse.Reader) {
	if c, ok := r.(*parse.CSA); ok {
		c.KeepPlainComments = o.csaComments
	}
}

// openSourceWith is openSource with settings for particular readers.
func openSourceWith(in input, stdin io.Reader, from string, opt parse.Options, ropt readerOptions, pool *bufPool) (*source, error) {
	s := &source{in: in, ropt: ropt}
	var raw io.Reader = stdin
	if in.path != "-" {
		f, err := openInput(in.path)
		if err != nil {
			return nil, err
		}
		raw = f
		s.file = f
	}
	opt.Filename = in.name()
	src, err := parse.Open(in.path, raw, from, opt, ropt.apply, pool.sources())
	if err != nil {
		s.Close()
		var de *charset.DecodeError
		switch {
		case errors.Is(err, charset.ErrBinary) || errors.As(err, &de) || errors.Is(err, parse.ErrEmpty):
			return nil, &exitError{exitInvalid, err} // the input, not the command
		case errors.Is(err, parse.ErrFormatName):
			return nil, usageErrorf("%v (see kifconv formats)", err)
		}
		return nil, err
	}
	s.Source = src
	return s, nil
}

// summary returns the まで line of a KIF or KI2 record just read, with its
// number and text, for checkSummary.
func (s *source) summary() (int, string, bool) {
	p, ok := parse.Summary(s.Reader)
	return p.Line, p.Text, ok
}
