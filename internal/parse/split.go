package parse

import (
	"bytes"
	"context"
	"io"
	"slices"
	"sync"

	"github.com/kifconv/kifconv/internal/shogi"
)

// A collection (floodgate's CSA archives hold hundreds of thousands of
// games) can be read in parallel when its text can be cut between records
// without reading them: CSA games end at a `/` line, USI games and SFEN
// positions are lines, JSON Lines holds one JKF object a line. A Splitter
// cuts decoded text into pieces of whole records; each piece is read on its
// own with Options.Line and Options.Offset set from the piece, so that
// every position in it counts from the start of the input.

// Splittable reports whether a Splitter can cut collections of format.
func Splittable(format string) bool {
	switch format {
	case "csa", "usi", "sfen", "jkf":
		return true
	}
	return false
}

// Piece is a run of whole records of an input.
type Piece struct {
	Text   []byte
	Line   int   // the lines of the input before Text
	Offset int64 // the bytes of the input before Text
	// Rest, when not nil, makes this the last piece: the text could not be
	// cut further (no cut in Splitter.Max bytes, or a read error, which Rest
	// returns after the text), and its records go on in Rest after Text.
	Rest io.Reader
}

// Splitter cuts the decoded text of a collection into pieces.
type Splitter struct {
	Size int // a piece is cut at the first record boundary after this many bytes
	Max  int // with no boundary within this many bytes, the rest is one piece

	format string
	r      io.Reader
	buf    []byte
	line   int
	offset int64
	err    error // the read error that ended the text
	done   bool
}

// Default piece sizes: big enough that reading a piece costs far more than
// handing it to a worker, small enough that a few per worker stay in cache.
// A record longer than DefaultMaxPieceSize (a game of some 100,000 moves)
// ends the cutting: it and the rest of the text are read as they come, not
// held whole, so that a long game costs memory for its moves only (issue
// 15: a USI game of a million moves is a 5 MB line).
const (
	DefaultPieceSize    = 64 << 10
	DefaultMaxPieceSize = 1 << 20
)

// NewSplitter returns a splitter of the text of r in format, which must be
// Splittable.
func NewSplitter(format string, r io.Reader) *Splitter {
	return &Splitter{Size: DefaultPieceSize, Max: DefaultMaxPieceSize, format: format, r: r}
}

// Next returns the next piece, with its text in buf's memory when buf has
// room (a buffer of an earlier piece the caller is done with), or io.EOF
// after the last piece.
func (s *Splitter) Next(buf []byte) (Piece, error) {
	if s.done {
		return Piece{}, io.EOF
	}
	from := s.Size
	checked := 0 // s.buf[:checked] held no boundary
	for {
		eof := s.err != nil
		// Text read since the last look that ends no line cannot make a
		// boundary: one long line arriving in small reads is looked at once.
		fresh := checked == 0 || eof || s.buf[checked-1] == '\r' ||
			bytes.IndexByte(s.buf[checked:], '\n') >= 0 || bytes.IndexByte(s.buf[checked:], '\r') >= 0
		if len(s.buf) > from && fresh {
			checked = len(s.buf)
			if cut := findCut(s.format, s.buf, from, eof); cut > 0 {
				p := Piece{Text: s.buf[:cut], Line: s.line, Offset: s.offset}
				s.line += countLines(p.Text)
				s.offset += int64(cut)
				if cap(buf) < max(2*s.Size, len(s.buf)-cut) {
					buf = make([]byte, 0, max(2*s.Size, len(s.buf)-cut))
				}
				s.buf = append(buf[:0], s.buf[cut:]...)
				return p, nil
			}
			// The boundary before a line not read to its end is looked at
			// again, not the ones before it.
			if last := lineStart(s.buf, len(s.buf)); last > 0 {
				from = max(lineStart(s.buf, last-1), from)
			}
		}
		if eof || len(s.buf) >= s.Max {
			s.done = true
			p := Piece{Text: s.buf, Line: s.line, Offset: s.offset}
			switch {
			case s.err == nil:
				p.Rest = s.r // no boundary for too long
			case s.err != io.EOF:
				p.Rest = errReader{s.err} // after the text before it, as a reader would see it
			}
			if len(p.Text) == 0 && p.Rest == nil {
				return Piece{}, io.EOF
			}
			return p, nil
		}
		if s.buf == nil {
			s.buf = make([]byte, 0, 2*s.Size)
		}
		if len(s.buf) == cap(s.buf) {
			s.buf = slices.Grow(s.buf, len(s.buf)) // doubled: append grows a large slice by a quarter, leaving more behind
		}
		var n int
		var err error
		for range 100 {
			if n, err = s.r.Read(s.buf[len(s.buf):cap(s.buf)]); n > 0 || err != nil {
				break
			}
		}
		if n == 0 && err == nil {
			err = io.ErrNoProgress // after 100 empty reads, as bufio does
		}
		s.buf = s.buf[:len(s.buf)+n]
		s.err = err
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// findCut returns the index of the first record boundary at a line start
// after the line holding b[from], or 0 if there is none in what is read
// yet. A boundary needs the line before it and the line after it whole (the
// byte after a CR decides whether it is CRLF), and must not put a
// byte-order mark at the start of a piece, where a reader would drop it.
func findCut(format string, b []byte, from int, eof bool) int {
	i := lineStart(b, from)
	for {
		if format == "csa" {
			// Only a `/` line ends a game: skip to the next one.
			j := bytes.IndexByte(b[i:], '/')
			if j < 0 {
				return 0
			}
			i = lineStart(b, i+j)
		}
		e := afterLine(b, i, eof)
		if e < 0 || e == len(b) {
			return 0
		}
		n := afterLine(b, e, eof)
		if n < 0 {
			return 0
		}
		if !bytes.HasPrefix([]byte("\xef\xbb\xbf"), b[e:min(e+3, len(b))]) && boundary(format, trimEnd(b[i:e]), b[e:n]) {
			return e
		}
		i = e
	}
}

// boundary reports whether a record of format may end with line prev (no
// line end) and the next begin with next (its line end included).
func boundary(format string, prev, next []byte) bool {
	switch format {
	case "csa":
		return string(bytes.TrimSpace(prev)) == "/"
	case "usi":
		return true
	case "sfen":
		// Not before the candidate moves that follow a position in a book.
		t := bytes.TrimSpace(next)
		tok, _, _ := bytes.Cut(t, []byte(" "))
		return len(t) == 0 || t[0] == '#' || bytes.IndexByte(tok, '/') >= 0 ||
			string(tok) == "sfen" || string(tok) == "position" || string(tok) == "startpos"
	case "jkf":
		// In one JSON value, } and { on two lines need a comma between them:
		// this is where one object of JSON Lines ends and the next begins.
		p, t := bytes.TrimSpace(prev), bytes.TrimSpace(next)
		return len(p) > 0 && p[len(p)-1] == '}' && len(t) > 0 && t[0] == '{'
	}
	return false
}

func trimEnd(line []byte) []byte { return bytes.TrimRight(line, "\r\n") }

// lineStart returns the index of the start of the line holding b[i].
func lineStart(b []byte, i int) int {
	for {
		// A CR only after the last LF: the search stays within the line.
		k := bytes.LastIndexByte(b[:i], '\n')
		if c := bytes.LastIndexByte(b[k+1:i], '\r'); c >= 0 {
			k += 1 + c
		}
		if k < 0 {
			return 0
		}
		if b[k] == '\r' && k+1 == i && i < len(b) && b[i] == '\n' {
			i = k // b[i] is the LF of a CRLF: its line ends there
			continue
		}
		return k + 1
	}
}

// afterLine returns the index just after the line end of the line that
// starts at i, or -1 if it is not read yet; at the end of the input the
// last line ends there.
func afterLine(b []byte, i int, eof bool) int {
	rest := b[i:]
	j := bytes.IndexByte(rest, '\n')
	if j < 0 {
		j = len(rest)
	}
	if k := bytes.IndexByte(rest[:j], '\r'); k >= 0 {
		switch {
		case k+1 < len(rest):
			if rest[k+1] == '\n' {
				return i + k + 2
			}
			return i + k + 1
		case eof:
			return i + k + 1
		}
		return -1
	}
	if j < len(rest) {
		return i + j + 1
	}
	if eof {
		return len(b)
	}
	return -1
}

// countLines counts the line ends in b as the readers do: LF, CRLF and a
// bare CR each end one line.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if bytes.IndexByte(b, '\r') >= 0 {
		n += bytes.Count(b, []byte{'\r'}) - bytes.Count(b, []byte("\r\n"))
	}
	return n
}

// Result is a record of a collection, with the problems its reader
// tolerated in it and what the caller's work made of it.
type Result[T any] struct {
	Record   *shogi.Record
	Warnings ErrorList
	Work     T
}

// ReadEach reads the records of r and calls fn with each and its number,
// counting on from n, until fn returns false or the input ends; work, when
// not nil, runs on each record first. A record lives as r's options say
// (Options.ReuseRecord). It returns the number of the last record and the
// error that ended the reading, if any (the record it is in has the number
// returned).
func ReadEach[T any](r Reader, n int, work func(*shogi.Record) T, fn func(int, Result[T]) bool) (int, error) {
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return n, nil
		}
		n++
		if err != nil {
			return n, WithWarnings(err, r.Warnings())
		}
		res := Result[T]{Record: rec, Warnings: r.Warnings()}
		if work != nil {
			res.Work = work(rec)
		}
		if !fn(n, res) {
			return n, nil
		}
	}
}

// ReadPieces is ReadEach over the pieces of a Splitter, read by jobs
// workers in parallel: a goroutine cuts the text, the workers read the
// pieces (each with a reader of format made with opt, and setup, when not
// nil, applied to it) and run work on their records, and the records reach
// fn in input order, as ReadEach would give them. Only the pieces in flight
// are held. With opt.ReuseRecord a record is valid until fn returns: it
// then goes back to the workers to be reset and filled again, so that a
// collection allocates no game trees after its first pieces; without it
// every record is a new one, the caller's. Once ctx is
// cancelled it returns ctx's error without waiting for the goroutine that
// reads the splitter's input, which may be blocked in a Read: that input
// must not be used again.
func ReadPieces[T any](ctx context.Context, sp *Splitter, format string, opt Options, jobs int, setup func(Reader),
	work func(*shogi.Record) T, fn func(int, Result[T]) bool) (int, error) {
	type piece struct {
		Piece
		recs []Result[T]
		err  error // the error that ended the piece
		done chan struct{}
	}
	newReader := func(r io.Reader, p Piece, mem *memory) (Reader, error) {
		o := opt
		o.Line, o.Offset, o.mem, o.ReuseRecord = p.Line, p.Offset, mem, mem != nil
		rd, err := New(format, r, o)
		if err == nil && setup != nil {
			setup(rd)
		}
		return rd, err
	}
	reuse := opt.ReuseRecord
	opt.mem = nil // the workers' readers share no memory
	// A piece's records are all kept until their turn comes: each is read
	// into a record of its own, a used one when fn is done with one.
	var used *sync.Pool
	if reuse {
		used = new(sync.Pool)
	}
	jobs = max(jobs, 1)
	order := make(chan *piece, jobs+1)
	todo := make(chan *piece, jobs)
	free := make(chan []byte, 3*jobs+2) // text buffers to reuse
	stop := make(chan struct{})
	var cutter, workers sync.WaitGroup
	cutter.Go(func() {
		defer close(order)
		for {
			var buf []byte
			select {
			case buf = <-free:
			default:
			}
			pc, err := sp.Next(buf)
			if err != nil {
				return // io.EOF: a read error comes in the last piece's Rest
			}
			p := &piece{Piece: pc, done: make(chan struct{})}
			select {
			case order <- p:
			case <-stop:
				return
			}
			if p.Rest != nil {
				close(p.done) // read on by the consumer
				return
			}
			select {
			case todo <- p:
			case <-stop:
				return
			}
		}
	})
	for range jobs {
		workers.Go(func() {
			var mem *memory // the worker's buffers, and the record to read into next
			if used != nil {
				mem = new(memory)
			}
			for {
				var p *piece
				select {
				case p = <-todo:
				case <-stop:
					return
				}
				if r, err := newReader(bytes.NewReader(p.Text), p.Piece, mem); err != nil {
					p.err = err
				} else {
					if used != nil {
						r = recycling{r, mem, used}
					}
					_, p.err = ReadEach(r, 0, work, func(_ int, res Result[T]) bool {
						p.recs = append(p.recs, res)
						return true
					})
				}
				select {
				case free <- p.Text[:0]:
				default:
				}
				p.Text = nil
				close(p.done)
			}
		})
	}
	defer func() {
		close(stop)
		workers.Wait()
		if ctx.Err() == nil {
			cutter.Wait()
		}
	}()
	n := 0
	for p := range order {
		select {
		case <-p.done:
		case <-ctx.Done():
		}
		if err := ctx.Err(); err != nil {
			return n, err
		}
		for _, r := range p.recs {
			n++
			if !fn(n, r) {
				return n, nil
			}
			if used != nil {
				used.Put(r.Record)
			}
		}
		if p.err != nil {
			return n + 1, p.err
		}
		if p.Rest != nil {
			var mem *memory
			if reuse {
				mem = new(memory)
			}
			r, err := newReader(io.MultiReader(bytes.NewReader(p.Text), p.Rest), p.Piece, mem)
			if err != nil {
				return n + 1, err
			}
			return ReadEach(r, n, work, fn)
		}
	}
	return n, nil
}

// recycling is a reader of a piece whose records are each read into a
// record of their own: one that fn is done with (from used), or a new one.
type recycling struct {
	Reader
	mem  *memory
	used *sync.Pool
}

func (r recycling) Read() (*shogi.Record, error) {
	r.mem.rec, _ = r.used.Get().(*shogi.Record)
	return r.Reader.Read()
}
