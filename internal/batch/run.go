package batch

import (
	"context"
	"os"
	"sync"
	"time"

	"github.com/kifconv/kifconv/internal/report"
)

// The one runner of every command that reads records: workers take the
// inputs of a Stream one at a time and work on each; what the work emits
// reaches take in input order, whatever the number of workers, so that
// output and messages never depend on it.
//
// A small regular file is read ahead: a worker reads it whole and what it
// emits is held until its turn. Any other input (standard input, a FIFO, a
// file over SmallFile, or the only input) is read in its turn by all the
// workers (its games in pieces, parse.ReadPieces), and what it emits goes
// to take at once, so that memory never holds a large input's results.
// At most window inputs are read ahead of the first one not yet taken.

// SmallFile is the size up to which an input is read ahead whole (unless
// a Job says otherwise, as tests do).
const SmallFile = 1 << 20

// unit is one input as a worker sees it.
type unit[T any] struct {
	In    Input
	Index int // its position among the inputs
	// Out is the name claimed for its output (runConfig.claim), and Notes
	// say why it is not the usual one.
	Out   string
	Notes []report.Diagnostic
	Jobs  int  // the workers its games may be read by
	Ahead bool // read ahead: what it emits is held, so records emitted must be kept
	Alone bool // the only input
	items []T
	emit  func(T) // for an input read in its turn: take itself
}

// Emit hands x on to take, in input order.
func (u *unit[T]) Emit(x T) {
	if u.emit != nil {
		u.emit(x)
		return
	}
	u.items = append(u.items, x)
}

// runConfig is what a job asks of the runner.
type runConfig[T any] struct {
	jobs     int
	small    int64    // the size up to which an input is read ahead; 0 for SmallFile
	progress Progress // told of the inputs found; may be nil
	// claim, when not nil, names each input's output, in input order;
	// its error stops the run.
	claim func(Input) (string, []report.Diagnostic, error)
	work  func(*unit[T])
	take  func(T)
}

type runner[T any] struct {
	runConfig[T]
	ctx context.Context
	st  *Stream

	pullMu sync.Mutex // guards the stream, peek, ended and err; held while waiting for the window
	peek   *Input
	ended  bool
	err    error // claim's, which ended the run

	mu     sync.Mutex
	cond   *sync.Cond
	issued int              // inputs handed to workers
	taken  int              // inputs whose emissions were all taken
	owner  bool             // a goroutine is calling take
	ready  map[int]*unit[T] // inputs read ahead, done, not yet taken
	closed bool             // run has returned: take is not called again
	takeMu sync.Mutex       // serializes take with the end of run
}

// window is how many inputs the workers may read ahead of the first one
// not yet taken.
func (r *runner[T]) window() int { return 4 * r.jobs }

// run works on every input of st with up to c.jobs workers (c.work) and
// hands what they emit to c.take in input order. It returns once every input is
// taken, or soon after ctx is cancelled (a worker blocked on a terminal or
// a FIFO is left behind; take is not called after run returns). Its error
// is the stream's, ErrNoRecords when the stream yielded no input, or ctx's.
func run[T any](ctx context.Context, st *Stream, c runConfig[T]) error {
	c.jobs = max(c.jobs, 1)
	r := &runner[T]{runConfig: c, ctx: ctx, st: st, ready: map[int]*unit[T]{}}
	r.cond = sync.NewCond(&r.mu)
	stop := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.cond.Broadcast()
		r.mu.Unlock()
	})
	defer stop()
	var wg sync.WaitGroup
	for range r.jobs {
		wg.Go(r.worker)
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	select {
	case <-all:
	case <-ctx.Done():
		select {
		case <-all:
		case <-graceAfterStop():
		}
	}
	r.takeMu.Lock()
	r.closed = true
	r.takeMu.Unlock()
	r.pullMu.Lock()
	claimErr := r.err
	r.pullMu.Unlock()
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case claimErr != nil:
		return claimErr
	case st.Err() != nil:
		return st.Err()
	case st.Yielded() == 0:
		return ErrNoRecords
	}
	return nil
}

// emit calls take unless run has returned.
func (r *runner[T]) emit(x T) {
	r.takeMu.Lock()
	defer r.takeMu.Unlock()
	if !r.closed {
		r.take(x)
	}
}

func (r *runner[T]) worker() {
	for {
		u, alone, ok := r.next()
		if !ok {
			return
		}
		u.Alone = alone
		if alone || r.jobs == 1 || !small(u.In, r.small) {
			u.Jobs, u.emit = r.jobs, r.emit
			if !r.waitTurn(u.Index) {
				return
			}
			r.work(u)
			r.endTurn()
			continue
		}
		u.Ahead = true
		r.work(u)
		r.complete(u.Index, u)
	}
}

// next returns the next input as a unit, and whether it is the only input
// there is; false once there is none, or ctx is cancelled.
func (r *runner[T]) next() (*unit[T], bool, bool) {
	r.pullMu.Lock()
	defer r.pullMu.Unlock()
	r.mu.Lock()
	for r.issued >= r.taken+r.window() && r.ctx.Err() == nil {
		r.cond.Wait()
	}
	r.mu.Unlock()
	if r.ctx.Err() != nil || r.ended {
		return nil, false, false
	}
	var in Input
	if r.peek != nil {
		in, r.peek = *r.peek, nil
	} else {
		var ok bool
		if in, ok = r.st.Next(); !ok {
			r.ended = true
			return nil, false, false
		}
	}
	i := r.issued
	alone := false
	if i == 0 {
		if p, ok := r.st.Next(); ok {
			r.peek = &p
		} else {
			alone, r.ended = true, true
		}
	}
	if r.progress != nil {
		r.progress.Found(r.st.Yielded())
	}
	u := &unit[T]{In: in, Index: i, Jobs: 1}
	if r.claim != nil {
		var err error
		if u.Out, u.Notes, err = r.claim(in); err != nil {
			r.err, r.ended = err, true
			return nil, false, false
		}
	}
	r.mu.Lock()
	r.issued++
	r.mu.Unlock()
	return u, alone, true
}

// waitTurn waits until every input before i is taken, and makes the caller
// the one that calls take; false when ctx is cancelled first.
func (r *runner[T]) waitTurn(i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.taken != i || r.owner {
		if r.ctx.Err() != nil {
			return false
		}
		r.cond.Wait()
	}
	r.owner = true
	return true
}

// endTurn ends the turn of an input read in its turn, and takes what the
// inputs after it, read ahead, are done with.
func (r *runner[T]) endTurn() {
	r.mu.Lock()
	r.owner = false
	r.taken++
	r.cond.Broadcast()
	r.drain()
	r.mu.Unlock()
}

// complete files the emissions of input i, read ahead, and takes what is
// in turn.
func (r *runner[T]) complete(i int, u *unit[T]) {
	r.mu.Lock()
	r.ready[i] = u
	r.drain()
	r.mu.Unlock()
}

// drain takes the emissions of the inputs read ahead that are in turn, on
// the calling goroutine, so that no input costs the wake-up of another;
// r.mu is held, and released while take runs.
func (r *runner[T]) drain() {
	for !r.owner {
		u, ok := r.ready[r.taken]
		if !ok {
			return
		}
		delete(r.ready, r.taken)
		r.owner = true
		r.mu.Unlock()
		for _, x := range u.items {
			r.emit(x)
		}
		r.mu.Lock()
		r.owner = false
		r.taken++
		r.cond.Broadcast()
	}
}

// small reports whether an input is a regular file of at most size bytes
// (0: SmallFile), to be read ahead whole; an input that cannot be read is
// too (its error is reported in its turn).
func small(in Input, size int64) bool {
	if in.Err != nil {
		return true
	}
	if in.Path == "-" {
		return false
	}
	if size == 0 {
		size = SmallFile
	}
	fi, err := os.Stat(in.Path)
	return err != nil || fi.Mode().IsRegular() && fi.Size() <= size
}

// graceAfterStop is how long run waits for its workers once ctx is
// cancelled, so that they remove what they were writing, before it leaves
// them behind (blocked on a terminal or a FIFO).
func graceAfterStop() <-chan time.Time { return time.After(500 * time.Millisecond) }
