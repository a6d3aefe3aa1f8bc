package main

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// A collection of games in one input (floodgate's CSA archives hold
// hundreds of thousands) is one input, so the workers of a batch, one per
// input, would leave all but one core idle on it. parse.Splitter cuts the
// text of such a collection into pieces of whole records that workers read
// in parallel; the records come back in input order, and only the pieces in
// flight are held in memory.

// readResult is a record read, with what its reader tolerated in it and
// what the per-record work found.
type readResult struct {
	rec   *shogi.Record
	warns parse.ErrorList
	extra []diag
}

// piece is a run of whole records of the input, or its end, with what
// was read from it.
type piece struct {
	parse.Piece
	recs []readResult
	err  error // the read error that ended the piece
	done chan struct{}
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
	if jobs < 2 || !s.splittable {
		return readSequential(s.reader, 0, work, fn)
	}
	return s.readParallel(ctx, jobs, parse.NewSplitter(s.format, s.br), work, fn)
}

// readSequential reads records from r, which come after game records.
func readSequential(r parse.Reader, game int, work func(*shogi.Record) []diag,
	fn func(int, readResult) bool) (int, error) {
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return game, nil
		}
		game++
		if err != nil {
			return game, err
		}
		res := readResult{rec: rec, warns: r.Warnings()}
		if work != nil {
			res.extra = work(rec)
		}
		if !fn(game, res) {
			return game, nil
		}
	}
}

// readParallel is eachRecord with jobs workers: a goroutine cuts the text
// into pieces, the workers read them, and this goroutine hands the records
// to fn in order as each piece is done.
func (s *source) readParallel(ctx context.Context, jobs int, sp *parse.Splitter, work func(*shogi.Record) []diag,
	fn func(int, readResult) bool) (int, error) {
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
				close(p.done) // the consumer reads it
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
			for {
				var p *piece
				select {
				case p = <-todo:
				case <-stop:
					return
				}
				readPiece(p, s.format, s.opt, s.ropt, work)
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
		if p.Rest != nil {
			opt := s.opt
			opt.Line, opt.Offset = p.Line, p.Offset
			r, err := parse.New(s.format, io.MultiReader(bytes.NewReader(p.Text), p.Rest), opt)
			if err != nil {
				return game + 1, err
			}
			s.ropt.apply(r)
			return readSequential(r, game, work, fn)
		}
	}
	return game, nil
}

// readPiece reads the records of a piece.
func readPiece(p *piece, format string, opt parse.Options, ropt readerOptions, work func(*shogi.Record) []diag) {
	opt.Reuse = nil // a piece's records are all kept until their turn comes
	opt.Line, opt.Offset = p.Line, p.Offset
	r, err := parse.New(format, bytes.NewReader(p.Text), opt)
	if err != nil {
		p.err = err
		return
	}
	ropt.apply(r)
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			p.err = err
			return
		}
		res := readResult{rec: rec, warns: r.Warnings()}
		if work != nil {
			res.extra = work(rec)
		}
		p.recs = append(p.recs, res)
	}
}

// diagList is the diagnostics of one input: the first parse.MaxListed in
// full, the others counted by code, so that an input of a million problems
// costs no more memory than one of a hundred, printed or not.
type diagList struct{ b parse.Bounded[diag] }

// add adds diagnostics of the command's own.
func (l *diagList) add(ds ...diag) {
	for _, d := range ds {
		l.b.Add(d, d.Code, d.Severity == sevWarning)
	}
}

// addParse adds a reader's problems, of which an entry may be a count of
// problems the reader did not list.
func (l *diagList) addParse(path string, game int, es ...*parse.Error) {
	for _, e := range es {
		l.b.AddN(diagFromParse(path, game, e), e.Code(), e.Warning, max(e.Omitted, 1))
	}
}

// list returns the diagnostics listed, then one for each code of the
// others saying how many there were.
func (l *diagList) list(path string) []diag {
	out := l.b.Listed
	for _, o := range l.b.Omitted {
		e := parse.Error{Warning: o.Warning, Omitted: o.N, Err: &shogi.RuleError{Code: o.Code}}
		d := diag{Path: path, Severity: sevError, Code: o.Code, Message: e.Message()}
		if o.Warning {
			d.Severity = sevWarning
		}
		out = append(out, d)
	}
	return out
}
