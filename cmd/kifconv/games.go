package main

import (
	"os"
	"sync"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

// collOptions are the input flags that info, filter and dedup share.
type collOptions struct {
	from      string
	filesFrom string
	null      bool
	jobs      int
	games     string
	readers   readerOptions
	ranges    shogi.GameRanges
}

func addCollectionFlags(cmd *cobra.Command, o *collOptions) {
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected per file)")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "read `N` files (or pieces of a CSA collection) in parallel (default: the number of CPUs)")
	f.StringVar(&o.games, "games", "", "only games `A-B` of each file (1-based: 3, 2-5, 7-, 1,4-6)")
	addReaderFlags(cmd, &o.readers)
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
}

// check validates the shared flags.
func (o *collOptions) check(cmd *cobra.Command, e env) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if !cmd.Flags().Changed("jobs") {
		o.jobs = e.cpus
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	if o.games != "" {
		if o.ranges, err = shogi.ParseGameRanges(o.games); err != nil {
			return usageErrorf("--games: %v", err)
		}
	}
	return nil
}

// gameRef is one game met while reading a collection.
type gameRef struct {
	in       input
	index    int // the position of the input among all inputs
	format   string
	encoding charset.Encoding
	game     int           // 1-based within its input
	rec      *shogi.Record // see eachGame for when it may be used
	val      any           // what the work function returned for the game
}

// gameWalk says what eachGame does with each game besides handing it on.
type gameWalk struct {
	// work runs on the goroutine that read the game (a worker when small
	// files are read in parallel); its result reaches fn as gameRef.val.
	work func(g *gameRef) any
	// records keeps, for fn, the record of every game whose work returned
	// non-nil; otherwise fn may not use the record (it is nil or reused).
	records bool
}

// smallFile is the size up to which the files of a collection are read in
// parallel, whole, each by one worker, with the results of their games
// held until their turn comes; larger files (a CSA archive), standard input
// and other non-regular files are read in their turn, game by game (a CSA
// file by pieces with -j), so that memory never holds a large file's
// games. A variable for the tests.
var smallFile int64 = 1 << 20

// eachGame reads every game of every input in order (directories walked,
// --files-from read), runs w.work on each that --games selects and calls fn
// with it, in input order, until fn returns false. With -j N, up to N
// workers read small files ahead. A file that cannot be read is reported on
// stderr, with its games up to the error still given to fn, and the reading
// goes on with the next file; the status returned is the worst met
// (exitInvalid for a bad record, exitUsage for a file that cannot be
// opened). Warnings of the readers are not printed (validate shows them).
func eachGame(cmd *cobra.Command, o *collOptions, w gameWalk, fn func(g *gameRef) bool) (int, error) {
	spec := inputSpec{args: cmd.Flags().Args(), filesFrom: o.filesFrom, nul: o.null, from: o.from}
	ins, err := collectInputs(spec, cmd.InOrStdin())
	if err != nil {
		return exitUsage, err
	}
	r := &gameReader{cmd: cmd, o: o, w: w}
	if o.jobs < 2 || len(ins) < 2 {
		for i, in := range ins {
			if err := cmd.Context().Err(); err != nil {
				return r.status, err
			}
			if !r.readInline(i, in, fn) {
				break
			}
		}
		return r.status, cmd.Context().Err()
	}
	return r.readAll(ins, fn)
}

// gameReader reads the games of a collection for eachGame.
type gameReader struct {
	cmd    *cobra.Command
	o      *collOptions
	w      gameWalk
	pool   bufPool
	status int
}

// fileGames is what a worker read of a small file: its games, the
// diagnostics to print after them and the status they mean.
type fileGames struct {
	games  []gameRef
	diags  []diag
	status int
	inline bool // not read ahead: the consumer reads it in its turn
	done   chan struct{}
}

// open opens an input; the diagnostics say why it cannot be.
func (r *gameReader) open(in input, reuse bool) (*source, []diag, int) {
	if in.err != nil {
		return nil, diagsFromError(in.name(), 0, in.err), exitUsage
	}
	pool := &r.pool
	if !reuse {
		pool = nil
	}
	src, err := openSourceWith(in, r.cmd.InOrStdin(), r.o.from, parse.Options{}, r.o.readers, pool)
	if err != nil {
		st := openStatus(err)
		return nil, diagsFromError(in.name(), 0, err), st
	}
	src.keep = !reuse // every game read into a record of its own
	return src, nil, exitOK
}

// readFile reads the games of one input with jobs workers (for a CSA
// file) and calls each with every selected game, until it returns false.
// It returns the diagnostics of the error that ended the reading.
func (r *gameReader) readFile(src *source, index, jobs int, each func(g *gameRef) bool) ([]diag, int, bool) {
	last := r.o.ranges.Last()
	g := gameRef{in: src.in, index: index, format: src.Format, encoding: src.Encoding()}
	stopped := false
	games, err := src.eachRecord(r.cmd.Context(), jobs, nil, func(game int, res readResult) bool {
		if last > 0 && game > last {
			return false
		}
		if !r.o.ranges.Contains(game) {
			return true
		}
		g.game, g.rec, g.val = game, res.rec, nil
		if r.w.work != nil {
			g.val = r.w.work(&g)
		}
		if !each(&g) {
			stopped = true
			return false
		}
		return true
	})
	switch {
	case err != nil && r.cmd.Context().Err() != nil:
		return nil, exitUsage, true
	case err != nil:
		return diagsFromError(src.in.name(), games, err), exitInvalid, stopped
	case games == 0:
		return []diag{{Path: src.in.name(), Severity: sevError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg}}, exitInvalid, stopped
	}
	return nil, exitOK, stopped
}

func (r *gameReader) report(ds []diag, status int) {
	for _, d := range ds {
		d.Write(r.cmd.ErrOrStderr(), defaultCond())
	}
	r.status = max(r.status, status)
}

// readInline reads input i in its turn, game by game; false when fn
// stopped the reading.
func (r *gameReader) readInline(i int, in input, fn func(g *gameRef) bool) bool {
	src, ds, st := r.open(in, true)
	if src == nil {
		r.report(ds, st)
		return true
	}
	defer src.Close()
	ds, st, stopped := r.readFile(src, i, r.o.jobs, fn)
	r.report(ds, st)
	return !stopped
}

// readAll reads the inputs with up to o.jobs workers reading small files
// ahead, and hands their games to fn in input order.
func (r *gameReader) readAll(ins []input, fn func(g *gameRef) bool) (int, error) {
	ctx := r.cmd.Context()
	window := 4 * r.o.jobs // files read ahead at most
	files := make([]*fileGames, len(ins))
	for i := range files {
		files[i] = &fileGames{done: make(chan struct{})}
	}
	todo := make(chan int)
	slots := make(chan struct{}, window)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range r.o.jobs {
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
			r.report(f.diags, f.status)
		}
		files[i] = nil // its games are done with
		<-slots
	}
	return r.status, ctx.Err()
}

// small reports whether an input is a regular file small enough to be read
// ahead whole.
func small(in input) bool {
	if in.err != nil || in.path == "-" {
		return in.err != nil // an error is reported in its turn, by a worker
	}
	fi, err := os.Stat(in.path)
	return err == nil && fi.Mode().IsRegular() && fi.Size() <= smallFile
}

// readAhead reads a small file whole on a worker, keeping what fn needs of
// each game.
func (r *gameReader) readAhead(in input, index int, f *fileGames) {
	src, ds, st := r.open(in, !r.w.records)
	if src == nil {
		f.diags, f.status = ds, st
		return
	}
	defer src.Close()
	f.diags, f.status, _ = r.readFile(src, index, 1, func(g *gameRef) bool {
		keep := *g
		if !r.w.records || g.val == nil {
			keep.rec = nil
		}
		f.games = append(f.games, keep)
		return true
	})
}
