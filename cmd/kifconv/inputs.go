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

// source is an opened input: decoded to UTF-8, its format known, a reader
// ready. Its diagnostics carry their lines (parse.Pos.Text): nothing reads
// an input twice, so files, pipes, FIFOs and devices are all read alike.
type source struct {
	in         input
	format     string
	reader     parse.Reader
	dec        *charset.Reader
	br         *bufio.Reader // the decoded text, which reader reads
	opt        parse.Options // reader's options
	ropt       readerOptions
	splittable bool // the text can be cut into pieces read in parallel
	pool       *bufPool
	brBusy     bool     // br may still be read by a goroutine left behind (after an interrupt)
	file       *os.File // nil for standard input
}

// encoding is the encoding the input turned out to be in.
func (s *source) encoding() charset.Encoding { return s.dec.Encoding() }

func (s *source) Close() error {
	if !s.brBusy {
		s.pool.putReader(s.br)
		s.br = nil
		s.pool.putReuse(s.opt.Reuse)
		s.opt.Reuse = nil
		s.pool.putDecoder(s.dec)
		s.dec = nil
	}
	if s.file != nil {
		return s.file.Close()
	}
	return nil
}

// bufPool keeps the read and write buffers of an input for the next one: a
// batch of 20,000 small files would otherwise allocate, and the collector
// zero, 128 KiB for each. It keeps the record the input's games were read
// into and the readers' line buffer as well (parse.Reuse), so that a batch
// allocates no game trees once it has read its longest game. The nil pool
// allocates every time.
type bufPool struct{ r, w, rec, dec sync.Pool }

// decoder returns a decoder of raw's text.
func (p *bufPool) decoder(raw io.Reader) (*charset.Reader, error) {
	if p != nil {
		if dec, ok := p.dec.Get().(*charset.Reader); ok {
			if _, err := dec.Reset(raw); err != nil {
				return nil, err
			}
			return dec, nil
		}
	}
	dec, _, err := charset.NewReader(raw)
	return dec, err
}

func (p *bufPool) putDecoder(dec *charset.Reader) {
	if p != nil && dec != nil {
		p.dec.Put(dec)
	}
}

// reuse returns the memory for a reader to reuse.
func (p *bufPool) reuse() *parse.Reuse {
	if r, ok := p.rec.Get().(*parse.Reuse); ok {
		return r
	}
	return new(parse.Reuse)
}

func (p *bufPool) putReuse(r *parse.Reuse) {
	if p != nil && r != nil {
		p.rec.Put(r)
	}
}

const bufSize = 64 << 10

func (p *bufPool) reader(r io.Reader) *bufio.Reader {
	if p != nil {
		if br, ok := p.r.Get().(*bufio.Reader); ok {
			br.Reset(r)
			return br
		}
	}
	return bufio.NewReaderSize(r, bufSize)
}

func (p *bufPool) putReader(br *bufio.Reader) {
	if p != nil && br != nil {
		br.Reset(nil)
		p.r.Put(br)
	}
}

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
var errUnknownFormat = errors.New("cannot tell the format of the input; give it with --from")

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
	s := &source{in: in, pool: pool, ropt: ropt}
	var raw io.Reader = stdin
	if in.path != "-" {
		f, err := openInput(in.path)
		if err != nil {
			return nil, err
		}
		raw = f
		s.file = f
	}
	dec, err := pool.decoder(raw)
	if err != nil {
		s.Close()
		var de *charset.DecodeError
		if errors.Is(err, charset.ErrBinary) || errors.As(err, &de) {
			return nil, &exitError{exitInvalid, err} // the input, not the command
		}
		return nil, err
	}
	s.dec = dec
	br := pool.reader(dec)
	format := from
	if format == "" {
		head, _ := br.Peek(64 << 10)
		det := parse.DetectFormat(in.path, head)
		format = det.Format
		if format == "" {
			s.Close()
			if det.Reason == "empty" {
				return nil, &exitError{exitInvalid, parse.ErrEmpty}
			}
			return nil, fmt.Errorf("%w (%s)", errUnknownFormat, det.Reason)
		}
	}
	opt.Filename = in.name()
	if pool != nil && opt.Reuse == nil {
		// Whoever gives a pool reads record after record and keeps none.
		opt.Reuse = pool.reuse()
	}
	r, err := parse.New(format, br, opt)
	if err != nil {
		s.Close()
		return nil, usageErrorf("%v (see kifconv formats)", err)
	}
	ropt.apply(r)
	s.format, s.reader, s.br, s.opt = format, r, br, opt
	s.splittable = parse.Splittable(format)
	return s, nil
}

// summary returns the まで line of a KIF or KI2 record just read, with its
// number and text, for checkSummary.
func (s *source) summary() (int, string, bool) {
	p, ok := parse.Summary(s.reader)
	return p.Line, p.Text, ok
}
