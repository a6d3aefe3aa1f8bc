package batch

import (
	"context"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Each reads every record of s and calls fn with each, in input order,
// with its 1-based number, until fn returns false. With jobs > 1 and a
// collection a Splitter can cut (a floodgate CSA archive holds hundreds of
// thousands of games), records are read ahead by up to jobs workers
// (ReadPieces). work, when not nil, runs on each record as it is read (on
// a worker) and its result reaches fn. The record fn is given is valid
// until fn returns, unless s keeps records (KeepEach). The error that
// ended reading, if any, is returned with the number of the record it is in.
func Each[T any](ctx context.Context, s *InputSource, jobs int, work func(*shogi.Record) T, fn func(int, parse.Result[T]) bool) (int, error) {
	if jobs < 2 || !parse.Splittable(s.Format) {
		if s.keep {
			return parse.KeepEach(s.Reader, 0, work, fn)
		}
		return parse.ReadEach(s.Reader, 0, work, fn)
	}
	sp := parse.NewSplitter(s.Format, s.Text)
	if s.split != nil {
		s.split(sp)
	}
	n, err := parse.ReadPieces(ctx, sp, s.Format, s.Options, CapJobs(jobs, runtime.NumCPU()), s.keep, s.Setup, work, fn)
	if ctx.Err() != nil {
		s.Abandon() // the cutter may still be reading the text
	}
	return n, err
}

// jobsPerCPU bounds the workers --jobs may start: past a few per core they
// only take memory (reading waits on the disk now and then, so a few more
// than one per core can help).
const jobsPerCPU = 4

// CapJobs returns the workers worth starting for a --jobs of jobs.
func CapJobs(jobs, cpus int) int {
	return max(1, min(jobs, jobsPerCPU*max(cpus, 1)))
}

// Game is one game met while reading a collection (EachGame).
type Game struct {
	In       Input
	Index    int // the position of the input among all inputs
	Format   string
	Encoding charset.Encoding
	Game     int           // 1-based within its input
	Record   *shogi.Record // see GameWalk.Records for when it may be used
	Val      any           // what GameWalk.Work returned for the game
}

// GameWalk says how EachGame reads its inputs and what it does with each
// game besides handing it on.
type GameWalk struct {
	From   string             // the format of every input, or "" to detect it
	Jobs   int                // workers reading ahead
	Ranges shogi.GameRanges   // the games of each input to take (none: all)
	Setup  func(parse.Reader) // applied to every reader
	Stdin  io.Reader
	// Work runs on the goroutine that read the game (a worker when small
	// files are read in parallel); its result reaches fn as Game.Val.
	Work func(g *Game) any
	// Records keeps, for fn, the record of every game whose work returned
	// non-nil; otherwise fn may not use the record (it is nil or reused).
	Records bool
	// Report is told, in input order after its games, why an input could
	// not be read to its end (err: of opening, of reading game number
	// game, or ErrEmpty) and what that means.
	Report func(in Input, game int, err error, st Status)
}

// SmallFile is the size up to which the files of a collection are read in
// parallel, whole, each by one worker, with the results of their games
// held until their turn comes; larger files (a CSA archive), standard input
// and other non-regular files are read in their turn, game by game (a CSA
// file by pieces with Jobs), so that memory never holds a large file's
// games. A variable for the tests.
var SmallFile int64 = 1 << 20

// EachGame reads every game of every input in order, runs w.Work on each
// that w.Ranges selects and calls fn with it, in input order, until fn
// returns false. With w.Jobs > 1, up to that many workers read small files
// ahead. An input that cannot be read is reported (w.Report), with its
// games up to the error still given to fn, and the reading goes on with
// the next one; the status returned is the worst met. It returns ctx's
// error once ctx is cancelled.
func EachGame(ctx context.Context, ins []Input, w GameWalk, fn func(g *Game) bool) (Status, error) {
	r := &gameReader{ctx: ctx, w: w}
	if w.Jobs < 2 || len(ins) < 2 {
		for i, in := range ins {
			if err := ctx.Err(); err != nil {
				return r.status, err
			}
			if !r.readInline(i, in, fn) {
				break
			}
		}
		return r.status, ctx.Err()
	}
	return r.readAll(ins, fn)
}

// gameReader reads the games of a collection for EachGame.
type gameReader struct {
	ctx    context.Context
	w      GameWalk
	pool   parse.Pool
	status Status
}

// gameProblem is why an input could not be read to its end.
type gameProblem struct {
	game int
	err  error
	st   Status
}

// fileGames is what a worker read of a small file: its games, the problem
// to report after them.
type fileGames struct {
	games  []Game
	prob   *gameProblem
	inline bool // not read ahead: the consumer reads it in its turn
	done   chan struct{}
}

// open opens an input, or says why it cannot be.
func (r *gameReader) open(in Input, reuse bool) (*InputSource, *gameProblem) {
	if in.Err != nil {
		return nil, &gameProblem{0, in.Err, StatusTrouble}
	}
	pool := &r.pool
	if !reuse {
		pool = nil
	}
	src, err := OpenInput(in, r.w.Stdin, r.w.From, parse.Options{}, r.w.Setup, pool)
	if err != nil {
		return nil, &gameProblem{0, err, OpenStatus(err)}
	}
	src.keep = !reuse // every game read into a record of its own
	return src, nil
}

// readFile reads the games of one input with jobs workers (for a CSA
// file) and calls each with every selected game, until it returns false.
// It returns the problem that ended the reading, and whether each stopped
// it.
func (r *gameReader) readFile(src *InputSource, index, jobs int, each func(g *Game) bool) (*gameProblem, bool) {
	last := r.w.Ranges.Last()
	g := Game{In: src.In, Index: index, Format: src.Format, Encoding: src.Encoding()}
	stopped := false
	games, err := Each(r.ctx, src, jobs, nil, func(game int, res parse.Result[struct{}]) bool {
		if last > 0 && game > last {
			return false
		}
		if !r.w.Ranges.Contains(game) {
			return true
		}
		g.Game, g.Record, g.Val = game, res.Record, nil
		if r.w.Work != nil {
			g.Val = r.w.Work(&g)
		}
		if !each(&g) {
			stopped = true
			return false
		}
		return true
	})
	switch {
	case err != nil && r.ctx.Err() != nil:
		return &gameProblem{st: StatusTrouble}, true
	case err != nil:
		return &gameProblem{games, err, StatusInvalid}, stopped
	case games == 0:
		return &gameProblem{0, parse.ErrEmpty, StatusInvalid}, stopped
	}
	return nil, stopped
}

func (r *gameReader) report(in Input, p *gameProblem) {
	if p == nil {
		return
	}
	if p.err != nil && r.w.Report != nil {
		r.w.Report(in, p.game, p.err, p.st)
	}
	r.status = max(r.status, p.st)
}

// readInline reads input i in its turn, game by game; false when fn
// stopped the reading.
func (r *gameReader) readInline(i int, in Input, fn func(g *Game) bool) bool {
	src, p := r.open(in, true)
	if src == nil {
		r.report(in, p)
		return true
	}
	defer src.Close()
	p, stopped := r.readFile(src, i, r.w.Jobs, fn)
	r.report(in, p)
	return !stopped
}

// readAll reads the inputs with up to w.Jobs workers reading small files
// ahead, and hands their games to fn in input order.
func (r *gameReader) readAll(ins []Input, fn func(g *Game) bool) (Status, error) {
	ctx := r.ctx
	window := 4 * r.w.Jobs // files read ahead at most
	files := make([]*fileGames, len(ins))
	for i := range files {
		files[i] = &fileGames{done: make(chan struct{})}
	}
	todo := make(chan int)
	slots := make(chan struct{}, window)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range r.w.Jobs {
		wg.Go(func() {
			for i := range todo {
				r.readAhead(ins[i], i, files[i])
				close(files[i].done)
			}
		})
	}
	go func() {
		defer close(todo)
		for i, in := range ins {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			if !small(in) {
				files[i].inline = true
				close(files[i].done)
				continue
			}
			select {
			case todo <- i:
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		close(stop)
		wg.Wait()
	}()
	for i, f := range files {
		select {
		case <-f.done:
		case <-ctx.Done():
			return r.status, ctx.Err()
		}
		if f.inline {
			if !r.readInline(i, ins[i], fn) {
				return r.status, nil
			}
		} else {
			for j := range f.games {
				if !fn(&f.games[j]) {
					return r.status, nil
				}
			}
			r.report(ins[i], f.prob)
		}
		files[i] = nil // its games are done with
		<-slots
	}
	return r.status, ctx.Err()
}

// small reports whether an input is a regular file small enough to be read
// ahead whole.
func small(in Input) bool {
	if in.Err != nil || in.Path == "-" {
		return in.Err != nil // an error is reported in its turn, by a worker
	}
	fi, err := os.Stat(in.Path)
	return err == nil && fi.Mode().IsRegular() && fi.Size() <= SmallFile
}

// readAhead reads a small file whole on a worker, keeping what fn needs of
// each game.
func (r *gameReader) readAhead(in Input, index int, f *fileGames) {
	src, p := r.open(in, !r.w.Records)
	if src == nil {
		f.prob = p
		return
	}
	defer src.Close()
	f.prob, _ = r.readFile(src, index, 1, func(g *Game) bool {
		keep := *g
		if !r.w.Records || g.Val == nil {
			keep.Record = nil
		}
		f.games = append(f.games, keep)
		return true
	})
}

// EachInput calls work(i) for the inputs 0…n-1 on up to jobs goroutines,
// which stop taking inputs once ctx is cancelled, and each(i) in input
// order: input i once it and every input before it are done; done, when
// not nil, as each input is done, in the order they finish. The calls of
// done and each are serialized; they run on the worker that completed the
// run of inputs, so that no input costs a wake-up of another goroutine (at
// -j 1 over BenchmarkCLI's KIF files on tmpfs, CPU a file 70 to 53 µs for
// convert -d, 48 to 38 µs for validate). With stop, an interrupt ends the
// wait at once (a worker may be blocked on a terminal or a FIFO) and each
// is not called again; without it, the wait goes on until every worker has
// finished.
func EachInput(ctx context.Context, n, jobs int, stop context.Context, work, each func(i int), done func()) {
	var (
		taken    atomic.Int64
		mu       sync.Mutex // guards finished, next, closed and the calls of each
		finished = make([]bool, n)
		next     int
		closed   bool
		wg       sync.WaitGroup
	)
	for range min(jobs, n) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(taken.Add(1) - 1)
				if i >= n {
					return
				}
				work(i)
				mu.Lock()
				if !closed {
					finished[i] = true
					if done != nil {
						done()
					}
					for next < n && finished[next] {
						each(next)
						next++
					}
				}
				mu.Unlock()
			}
		})
	}
	if stop == nil {
		wg.Wait()
		return
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	select {
	case <-all:
	case <-stop.Done():
	}
	mu.Lock()
	closed = true
	mu.Unlock()
}
