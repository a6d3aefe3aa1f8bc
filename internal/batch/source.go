package batch

import (
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Reading says how the records of every input are read: the same in every
// command.
type Reading struct {
	Format string // the format of every input, or "" to detect each one's
	Strict bool   // readers tolerate nothing: what they would warn of is an error
	// PlainCSAComments keeps the plain ' comments of CSA records (the
	// standard skips them; programs echo every move in them).
	PlainCSAComments bool
	Games            shogi.GameRanges // the games of each input to take; none: all
	Shard            Shard            // the share of the games to take (of those Games selects)
	Jobs             int              // workers
	// onePerPiece cuts a collection read by several workers into pieces
	// of one record, so that they share its games one by one: a job
	// whose work on a game outweighs reading many (an Editor) sets it.
	onePerPiece bool
	// places keeps each record's text and where its parts were
	// (parse.Options.Places), so that what Check finds points at a line
	// and column: Validate sets it, the others do without its cost.
	places bool
}

// setup is what Reading asks of every reader beyond parse.Options.
func (r Reading) setup() func(parse.Reader) {
	if !r.PlainCSAComments {
		return nil
	}
	return func(rd parse.Reader) {
		if c, ok := rd.(*parse.CSA); ok {
			c.KeepPlainComments = true
		}
	}
}

// InputSource is an Input opened as a source of records.
type InputSource struct {
	*parse.Source
	In    Input
	Setup func(parse.Reader)    // applied to every reader of the input (the pieces' too)
	file  *os.File              // nil for standard input
	split func(*parse.Splitter) // tests: sets the sizes of the pieces
}

// OpenInput opens an input (stdin for "-"), detects its encoding and
// (unless from is given) its format, and returns a reader of its records,
// as parse.Open does.
func OpenInput(in Input, stdin io.Reader, from string, opt parse.Options, setup func(parse.Reader), pool *parse.Pool) (*InputSource, error) {
	return openInput(in, stdin, from, opt, setup, pool, nil, nil)
}

// openInput is OpenInput with the bytes read told to p, when not nil (and
// the size of a regular file first), and those of an input that cannot be
// read twice (standard input, a FIFO) copied into a temporary file that
// copies keeps for the next reading, when copies is not nil.
func openInput(in Input, stdin io.Reader, from string, opt parse.Options, setup func(parse.Reader), pool *parse.Pool, p Progress, copies *copies) (*InputSource, error) {
	s := &InputSource{In: in, Setup: setup}
	raw := stdin
	switch {
	case in.copy != nil:
		raw = io.NewSectionReader(in.copy, 0, 1<<62)
	case in.Path != "-":
		f, err := openFile(in.Path)
		if err != nil {
			return nil, err
		}
		raw = f
		s.file = f
		if p == nil && copies == nil {
			break // no size to tell, nothing to copy: no fstat a file of a large tree
		}
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if p != nil {
				p.Size(fi.Size())
			}
			copies = nil // read again from the file
		}
	}
	if copies != nil {
		w, err := copies.make(in)
		if err != nil {
			s.Close()
			return nil, err
		}
		raw = io.TeeReader(raw, w)
	}
	if p != nil {
		raw = counting{raw, p}
	}
	opt.Filename = in.Name()
	src, err := parse.Open(in.Path, raw, from, opt, setup, pool)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.Source = src
	return s, nil
}

// counting tells p of the bytes read through it.
type counting struct {
	r io.Reader
	p Progress
}

func (c counting) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if n > 0 {
		c.p.Bytes(n)
	}
	return n, err
}

// Close returns the source's buffers to its pool and closes its file.
func (s *InputSource) Close() error {
	if s.Source != nil {
		s.Source.Close()
	}
	if s.file != nil {
		return s.file.Close()
	}
	return nil
}

// OpenStatus is the status of an input that OpenInput could not open:
// StatusInvalid for one that is no record (binary, not text, empty, of a
// format that cannot be told), StatusTrouble for I/O.
func OpenStatus(err error) Status {
	var de *charset.DecodeError
	if errors.Is(err, charset.ErrBinary) || errors.As(err, &de) || errors.Is(err, parse.ErrEmpty) || errors.Is(err, parse.ErrUndetected) {
		return StatusInvalid
	}
	return StatusTrouble
}

// Each reads every record of s and calls fn with each, in input order,
// with its 1-based number, until fn returns false. With jobs > 1 and a
// collection a Splitter can cut (a floodgate CSA archive holds hundreds of
// thousands of games), records are read ahead by up to jobs workers
// (parse.ReadPieces). work, when not nil, runs on each record as it is read
// (on a worker) and its result reaches fn. A record lives as s's options
// say (parse.Options.ReuseRecord). The error that ended reading, if any, is
// returned with the number of the record it is in.
func Each[T any](ctx context.Context, s *InputSource, jobs int, work func(*shogi.Record) T, fn func(int, parse.Result[T]) bool) (int, error) {
	if jobs < 2 || !parse.Splittable(s.Format) {
		return parse.ReadEach(s.Reader, 0, work, fn)
	}
	sp := parse.NewSplitter(s.Format, s.Text)
	if s.split != nil {
		s.split(sp)
	}
	n, err := parse.ReadPieces(ctx, sp, s.Format, s.Options, CapJobs(jobs, runtime.NumCPU()), s.Setup, work, fn)
	if ctx.Err() != nil {
		s.Abandon() // the cutter may still be reading the text
	}
	return n, err
}

// jobsPerCPU bounds the workers a command may start: past a few per core
// they only take memory (reading waits on the disk now and then, so a few
// more than one per core can help).
const jobsPerCPU = 4

// CapJobs returns the workers worth starting when jobs are asked for.
func CapJobs(jobs, cpus int) int {
	return max(1, min(jobs, jobsPerCPU*max(cpus, 1)))
}

// copies keeps the bytes of the inputs that cannot be read twice, for a
// job that reads its inputs twice (dedup writing what it kept): each in a
// temporary file, removed from its directory as soon as it is made.
type copies struct {
	mu    sync.Mutex
	files map[string]*os.File // by the input's path
}

// make starts the copy of in.
func (c *copies) make(in Input) (io.Writer, error) {
	f, err := os.CreateTemp("", "kifconv-copy-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil {
		c.files = map[string]*os.File{}
	}
	if old := c.files[in.Path]; old != nil {
		old.Close()
	}
	c.files[in.Path] = f
	return f, nil
}

// of returns in to be read from its copy, if it has one.
func (c *copies) of(in Input) Input {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f := c.files[in.Path]; f != nil {
		in.copy = f
	}
	return in
}

// close removes the copies.
func (c *copies) close() {
	for _, f := range c.files {
		f.Close()
	}
	c.files = nil
}
