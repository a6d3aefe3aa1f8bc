package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"sync"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// A collection of games in one input (floodgate's CSA archives hold
// hundreds of thousands) is one input, so the workers of a batch, one per
// input, would leave all but one core idle on it. For CSA, whose games are
// separated by lines holding only `/` and share no state, the text is cut
// at those lines into pieces of whole games that workers read in parallel;
// the records come back in input order, and only the pieces in flight are
// held in memory.
const (
	pieceSize    = 64 << 10 // a piece is cut at the first `/` line after this many bytes
	maxPieceSize = 16 << 20 // no `/` line within this: the rest is read in one go
)

// pieceSizes are the sizes the cutting uses (small in tests).
type pieceSizes struct{ size, max int }

// readResult is a record read, with what its reader tolerated in it and
// what the per-record work found.
type readResult struct {
	rec   *shogi.Record
	warns parse.ErrorList
	extra []diag
}

// piece is a run of whole games of the input, or its end.
type piece struct {
	text   []byte
	line   int       // lines before the piece
	offset int64     // bytes (of UTF-8 text) before the piece
	rest   io.Reader // read on after text, in order, by the consumer (the end of the input)
	recs   []readResult
	err    error // the read error that ended the piece
	done   chan struct{}
}

// eachRecord reads every record of src and calls fn with each, in input
// order, with its 1-based number, until fn returns false. With jobs > 1 and
// a CSA input, records are read ahead by up to jobs workers. work, when not
// nil, runs on each record as it is read (on a worker) and its diagnostics
// reach fn. The error that ended reading, if any, is returned with the
// number of the record it is in; positions in it and in the warnings count
// from the start of the input.
func (s *source) eachRecord(ctx context.Context, jobs int, work func(*shogi.Record) []diag,
	fn func(game int, r readResult) bool) (int, error) {
	if jobs < 2 || s.format != "csa" {
		return readSequential(s.reader, 0, 0, 0, work, fn)
	}
	return s.readParallel(ctx, jobs, pieceSizes{pieceSize, maxPieceSize}, work, fn)
}

// readSequential reads records from r, whose text starts after line lines
// and offset bytes of the input and after game records.
func readSequential(r parse.Reader, line int, offset int64, game int, work func(*shogi.Record) []diag,
	fn func(int, readResult) bool) (int, error) {
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return game, nil
		}
		game++
		if err != nil {
			shiftErr(err, line, offset)
			return game, withWarnings(err, r.Warnings(), line, offset)
		}
		res := readResult{rec: rec, warns: r.Warnings()}
		shiftErr(res.warns, line, offset)
		if work != nil {
			res.extra = work(rec)
		}
		if !fn(game, res) {
			return game, nil
		}
	}
}

// shiftErr moves the positions in a reader's error or warnings from the
// piece they were read from to the whole input.
func shiftErr(err error, line int, offset int64) {
	if line == 0 && offset == 0 || err == nil {
		return
	}
	shift := func(e *parse.Error) {
		if e.Pos.Line > 0 {
			e.Pos.Line += line
			e.Pos.Offset += offset
		}
	}
	var list parse.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			shift(e)
		}
		return
	}
	var pe *parse.Error
	if errors.As(err, &pe) {
		shift(pe)
	}
}

// readParallel is eachRecord for CSA with jobs workers: a goroutine cuts
// the text into pieces, the workers read them, and this goroutine hands the
// records to fn in order as each piece is done.
func (s *source) readParallel(ctx context.Context, jobs int, sizes pieceSizes, work func(*shogi.Record) []diag,
	fn func(int, readResult) bool) (int, error) {
	order := make(chan *piece, jobs+1)
	todo := make(chan *piece, jobs)
	free := make(chan []byte, 3*jobs+2) // text buffers to reuse
	stop := make(chan struct{})
	var cutter, workers sync.WaitGroup
	cutter.Go(func() {
		defer close(order)
		cutPieces(s.br, sizes, free, stop, func(p *piece) bool {
			select {
			case order <- p:
			case <-stop:
				return false
			}
			if p.rest != nil {
				close(p.done) // the consumer reads it
				return true
			}
			select {
			case todo <- p:
				return true
			case <-stop:
				return false
			}
		})
	})
	for range jobs {
		workers.Go(func() {
			for {
				var p *piece
				select {
				case p = <-todo:
				case <-stop:
					return
				}
				readPiece(p, s.format, s.opt, work)
				select {
				case free <- p.text[:0]:
				default:
				}
				p.text = nil
				close(p.done)
			}
		})
	}
	defer func() {
		close(stop)
		workers.Wait()
		// The cutter may be blocked reading standard input; after an
		// interrupt nothing waits for it (nothing reads its buffer either).
		if ctx.Err() == nil {
			cutter.Wait()
		} else {
			s.brBusy = true
		}
	}()
	game := 0
	for p := range order {
		select {
		case <-p.done:
		case <-ctx.Done():
		}
		if err := ctx.Err(); err != nil {
			return game, err
		}
		for _, r := range p.recs {
			game++
			if !fn(game, r) {
				return game, nil
			}
		}
		if p.err != nil {
			return game + 1, p.err
		}
		if p.rest != nil {
			r, err := parse.New(s.format, io.MultiReader(bytes.NewReader(p.text), p.rest), s.opt)
			if err != nil {
				return game + 1, err
			}
			return readSequential(r, p.line, p.offset, game, work, fn)
		}
	}
	return game, nil
}

// readPiece reads the records of a piece.
func readPiece(p *piece, format string, opt parse.Options, work func(*shogi.Record) []diag) {
	opt.Reuse = nil // a piece's records are all kept until their turn comes
	r, err := parse.New(format, bytes.NewReader(p.text), opt)
	if err != nil {
		p.err = err
		return
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			shiftErr(err, p.line, p.offset)
			p.err = withWarnings(err, r.Warnings(), p.line, p.offset)
			return
		}
		res := readResult{rec: rec, warns: r.Warnings()}
		shiftErr(res.warns, p.line, p.offset)
		if work != nil {
			res.extra = work(rec)
		}
		p.recs = append(p.recs, res)
	}
}

// cutPieces cuts the text of br into pieces of whole CSA games and passes
// them to emit in order, until emit returns false or the text ends. The
// last piece holds the end of the text; when the text cannot be cut (no `/`
// line in sizes.max bytes, or a read error) it has rest set and the reading
// goes on there, as it would have without pieces.
func cutPieces(br *bufio.Reader, sizes pieceSizes, free chan []byte, stop <-chan struct{}, emit func(*piece) bool) {
	buf := make([]byte, 0, 2*sizes.size)
	line, offset := 0, int64(0)
	from := sizes.size // where to look for the next `/`
	var readErr error
	for {
		eof := readErr != nil
		if len(buf) > from {
			if cut := findCut(buf, from, eof); cut > 0 {
				p := &piece{text: buf[:cut], line: line, offset: offset, done: make(chan struct{})}
				line += countLines(p.text)
				offset += int64(cut)
				var next []byte
				select {
				case next = <-free:
				default:
					next = make([]byte, 0, 2*sizes.size)
				}
				buf = append(next, buf[cut:]...)
				from = sizes.size
				if !emit(p) {
					return
				}
				continue
			}
			// A `/` line not read to its end is looked at again.
			from = max(len(buf)-64, from)
		}
		if eof || len(buf) >= sizes.max {
			p := &piece{text: buf, line: line, offset: offset, done: make(chan struct{})}
			switch {
			case readErr == nil:
				p.rest = br // no `/` line for too long
			case readErr != io.EOF:
				p.rest = errReader{readErr} // after the text before it, as a reader would see it
			}
			if len(p.text) > 0 || p.rest != nil {
				emit(p)
			}
			return
		}
		select {
		case <-stop:
			return
		default:
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := br.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		readErr = err
	}
}

// findCut returns the index just after the line end of the first `/` line
// that ends at or after from, or 0 if there is none yet. A cut needs to see
// the byte after a CR (CRLF is one line end) and must not put a byte-order
// mark at the start of a piece, where a reader would drop it.
func findCut(b []byte, from int, eof bool) int {
	for i := from; i < len(b); {
		j := bytes.IndexByte(b[i:], '/')
		if j < 0 {
			return 0
		}
		at := i + j
		i = at + 1
		// Only blanks between the line start and the `/`.
		k := at
		for k > 0 && (b[k-1] == ' ' || b[k-1] == '\t') {
			k--
		}
		if k > 0 && b[k-1] != '\n' && b[k-1] != '\r' {
			continue
		}
		// Only blanks between the `/` and the line end.
		e := at + 1
		for e < len(b) && (b[e] == ' ' || b[e] == '\t') {
			e++
		}
		if e == len(b) {
			return 0 // the line end is not read yet
		}
		if b[e] != '\n' && b[e] != '\r' {
			continue
		}
		if b[e] == '\r' {
			if e+1 == len(b) && !eof {
				return 0
			}
			if e+1 < len(b) && b[e+1] == '\n' {
				e++
			}
		}
		e++
		if e == len(b) {
			return 0 // a BOM may follow; the end is cut at EOF anyway
		}
		if bytes.HasPrefix([]byte("\xef\xbb\xbf"), b[e:min(e+3, len(b))]) {
			continue
		}
		return e
	}
	return 0
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

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
