package batch

import (
	"context"
	"errors"
	"io/fs"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Job is what every command that reads records is given besides its own
// options: where its inputs come from, how they are read, and where the
// problems met and the progress made are told.
type Job struct {
	Sources Sources
	Reading Reading
	// Report is given the problems of each input (the readers' warnings
	// among them), in input order, once the input is done; nil drops them.
	Report func(ds []report.Diagnostic)
	// Progress, when not nil, is told how the work goes.
	Progress Progress
	// small is the size up to which an input is read ahead whole (0:
	// SmallFile): tests make every input small, or none.
	small int64
}

// Progress is told how a command goes, for a progress bar: Found as the
// inputs are found (the number found so far), Done as each is done; for
// an input read in its turn, Size when its size is known and Bytes as its
// bytes are read (from any goroutine).
type Progress interface {
	Found(n int)
	Done()
	Size(n int64)
	Bytes(n int)
}

// Tally counts what a command did, for its summary line and exit status.
type Tally struct {
	Inputs   int // inputs met, read or not
	Games    int // games read (those --games selects)
	Failed   int // inputs that could not be read to their end, or written
	Errors   int
	Warnings int
	Selected int // games a criterion selected (filter), or kept (dedup)
	Written  int // games written into outputs
	Outputs  int // files written
	Kept     int // outputs left as they were (skip-existing, update)
	Skipped  map[string]int
	Status   Status // the worst met
	Stopped  bool   // interrupted
}

// count counts the diagnostics of an input.
func (t *Tally) count(ds []report.Diagnostic) {
	for i := range ds {
		switch ds[i].Severity {
		case report.SeverityError:
			t.Errors++
		case report.SeverityWarning:
			t.Warnings++
		}
	}
}

// input counts what working on one input came to, and hands its problems
// to the job's Report and its end to Progress.
func (t *Tally) input(j *Job, e *inputEnd) {
	t.Inputs++
	t.Games += e.games
	t.Selected += e.taken
	t.Written += e.written
	t.Outputs += e.files
	if e.kept {
		t.Kept++
	}
	if e.failed || e.status == StatusTrouble {
		t.Failed++
	}
	t.Status = max(t.Status, e.status)
	t.report(j, e.diags)
	if j.Progress != nil {
		j.Progress.Done()
	}
}

// report counts diagnostics and hands them to the job's Report.
func (t *Tally) report(j *Job, ds []report.Diagnostic) {
	t.count(ds)
	if j.Report != nil && len(ds) > 0 {
		j.Report(ds)
	}
}

// end fills in what the run itself knows, and returns err when it is no
// problem of an input: the list's, or no input at all.
func (t *Tally) end(ctx context.Context, st *Stream, err error) error {
	t.Skipped = st.Skipped()
	t.Stopped = t.Stopped || ctx.Err() != nil
	if t.Stopped || errors.Is(err, ErrNoRecords) && t.Skipped[SkipShard] > 0 {
		return nil // a shard may hold no input
	}
	return err
}

// GameInfo is where a game is and how it is stored.
type GameInfo struct {
	In       Input
	Index    int // the input's position among the inputs
	Format   string
	Encoding charset.Encoding
	Game     int // 1-based within its input
}

// Game is one game of an input as the jobs see it.
type Game struct {
	GameInfo
	Record   *shogi.Record // lives as parse.Options.ReuseRecord says: until the call it is given to returns, unless kept
	Warnings parse.ErrorList
}

// inputRead is what reading one input came to.
type inputRead struct {
	Format   string
	Encoding charset.Encoding
	Games    int   // the number of the last game met (the one that failed, if any)
	Taken    int   // the games Reading selects that were met
	Err      error // what ended the reading: of opening, of reading game Games, or parse.ErrEmpty
	Status   Status
}

// diagnostics are the diagnostics of the problem that ended the reading.
func (r *inputRead) diagnostics(in Input) []report.Diagnostic {
	if r.Err == nil || errors.Is(r.Err, context.Canceled) {
		return nil // an interrupt is said once, by the command
	}
	if errors.Is(r.Err, errNoneSelected) {
		return []report.Diagnostic{{Path: in.Name(), Severity: report.SeverityWarning, Code: "games",
			Message: "none of the games asked for is in the input, which holds " + report.Plural(r.Games, "game")}}
	}
	return report.DiagnosticsFromError(in.Name(), r.Games, r.Err)
}

// failed reports whether the input could not be read to its end.
func (r *inputRead) failed() bool { return r.Err != nil && !errors.Is(r.Err, errNoneSelected) }

// errNoneSelected is the problem of an input that holds none of the games
// asked for: a warning.
var errNoneSelected = errors.New("none of the games asked for")

// reader reads the games of inputs for a job, as Reading says.
type reader struct {
	job    Job
	pool   parse.Pool
	copies *copies // when not nil, inputs that cannot be read twice are copied
}

// readAt is an input to read and how.
type readAt struct {
	in    Input
	index int  // its position among the inputs
	jobs  int  // the workers its games may be read by
	keep  bool // every record is one of its own, to keep
	alone bool // the only input: its bytes are counted for the progress
}

// readInput reads the games of an input that Reading selects: work runs
// on each record where it is read (on a worker for an input read in
// pieces), and fn in game order with what work returned, until it returns
// false. A record is valid until fn returns unless a.keep. end, when not
// nil, is called before the input is closed.
func readInput[W any](ctx context.Context, r *reader, a readAt, work func(*shogi.Record) W, fn func(*Game, W) bool, end func(*InputSource, *inputRead)) inputRead {
	in, index, jobs, keep := a.in, a.index, a.jobs, a.keep
	if in.Err != nil {
		return inputRead{Err: in.Err, Status: StatusTrouble}
	}
	rd := r.job.Reading
	var p Progress
	if a.alone {
		p = r.job.Progress
	}
	src, err := openInput(in, r.job.Sources.Stdin, rd.Format, parse.Options{Strict: rd.Strict, ReuseRecord: !keep, Places: rd.places}, rd.setup(), &r.pool, p, r.copies)
	if err != nil {
		return inputRead{Err: err, Status: OpenStatus(err)}
	}
	defer src.Close()
	if rd.onePerPiece {
		src.split = func(sp *parse.Splitter) { sp.Size = 1 }
	}
	res := inputRead{Format: src.Format, Encoding: src.Encoding()}
	g := Game{GameInfo: GameInfo{In: in, Index: index, Format: src.Format, Encoding: res.Encoding}}
	last := rd.Games.Last()
	elsewhere := 0 // games of other shards
	n, err := Each(ctx, src, jobs, work, func(game int, x parse.Result[W]) bool {
		if last > 0 && game > last {
			return false
		}
		if !rd.Games.Contains(game) {
			return true
		}
		if !rd.Shard.TakesGame(in, game) {
			elsewhere++
			return true
		}
		res.Taken++
		g.Game, g.Record, g.Warnings = game, x.Record, x.Warnings
		return fn(&g, x.Work)
	})
	res.Games = n
	switch {
	case err != nil && ctx.Err() != nil:
		res.Err, res.Status = ctx.Err(), StatusTrouble
	case err != nil:
		res.Err, res.Status = err, StatusInvalid
		if errors.As(err, new(*fs.PathError)) {
			res.Status = StatusTrouble
		}
	case n == 0:
		res.Err, res.Status = parse.ErrEmpty, StatusInvalid
	case res.Taken == 0 && elsewhere == 0:
		res.Err = errNoneSelected
	}
	if end != nil {
		end(src, &res)
	}
	return res
}
