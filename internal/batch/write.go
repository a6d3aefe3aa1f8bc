package batch

import (
	"context"
	"math"
	"sync/atomic"

	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Writing is what a job that writes records asks: which games it takes,
// what it changes in them, and where they go.
type Writing struct {
	Sink *Sink // nil: the records go nowhere (an Editor's reports are the output)
	// Choose, when not nil, says on the worker that read a record whether
	// it is taken (a filter's criteria).
	Choose func(*shogi.Record) bool
	// ChooseGame, when not nil, says by its place whether a game is taken
	// (dedup's second pass); it runs in game order.
	ChooseGame func(index, game int) bool
	// List, when not nil, is given every game taken, in input order,
	// instead of writing it (filter -l), until it returns false.
	List func(in Input, game int) bool
	// Reread says that the inputs were read before (dedup's second
	// reading): their readers' problems were reported then.
	Reread bool
	// Editor, when not nil, changes every game taken before it is written
	// (analyze annotates them).
	Editor Editor
}

// Editor changes the records a writing job writes, on the workers that
// read them, with what it makes of each told in input order.
type Editor interface {
	// Start is called once, before any input is read, with the job.
	Start(ctx context.Context, j Job)
	// Edit runs on the worker that read a record of the input at index
	// (its position among the inputs), once Choose took it, and may
	// change the record.
	Edit(index int, rec *shogi.Record) Edited
	// EndInput is called in input order once the games of an input are
	// taken (every input met, read or not: an output kept is not read),
	// with the number of the last game met in it: 2 or more for an input
	// of several games.
	EndInput(in Input, index, games int)
	// End is called once every input is taken, before the outputs are
	// closed; its problems are reported after every input's.
	End() ([]report.Diagnostic, Status)
}

// Edited is what an Editor made of one record.
type Edited interface {
	// Game is called in game order while the record is still valid, with
	// the game, and returns the problems to report with its input and
	// their status. stopped says that the edit was stopped (an interrupt):
	// the game is not written, the input is read no further, and its own
	// output (under Dest.Dir) is not kept; no input after it is read.
	Game(g *Game) (ds []report.Diagnostic, st Status, stopped bool)
	// Taken is called in input order, for each game Game did not stop.
	Taken()
}

// writeItem is what the inputs of a writing job emit: a game taken, to
// list or to write into the one output, or the end of an input.
type writeItem struct {
	in    Input
	game  int
	taken bool          // game is one to list or to write to the one output
	rec   *shogi.Record // the one output's record; a list needs none
	edit  Edited
	end   *inputEnd
}

// inputEnd is what working on one input came to.
type inputEnd struct {
	in       Input
	index    int // its position among the inputs
	met      int // the number of the last game met
	diags    []report.Diagnostic
	status   Status
	games    int // games read
	taken    int // games chosen
	written  int // games written into its own outputs
	files    int // its own outputs written
	kept     bool
	failed   bool // it could not be read to its end
	problems bool // it had a problem a strict reading refuses
	stopped  bool // an edit of one of its games was stopped
}

// chosen is what the worker that read a record decided of it.
type chosen struct {
	taken bool
	edit  Edited
	part  *part // written already, in a one-game format under Dir
}

// Write reads every game of the job's inputs and writes those w takes, in
// input order, whatever the number of workers.
func Write(ctx context.Context, j Job, w Writing) (Tally, error) {
	var t Tally
	if w.Editor != nil {
		j.Reading.onePerPiece = true
	}
	r := &reader{job: j}
	s := w.Sink
	strict := j.Reading.Strict || s != nil && s.d.Strict
	var one *One
	if w.List == nil && s != nil && !s.PerInput() {
		one = s.One()
	}
	perInput := w.List == nil && s != nil && s.PerInput()
	// Records are handed on only to the one output or an editor: an input
	// read ahead of its turn keeps its records for them. Otherwise a
	// record is done with once written to its input's output or listed,
	// and the next one is built in its memory.
	handsOn := one != nil || w.Editor != nil
	// lost is set once the one output is lost: reading the rest is
	// pointless. stoppedAt is the index of the first input an edit was
	// stopped in (stopNone while none): the inputs after it are not read,
	// but those before it, which workers may come to later, are read whole.
	var lost atomic.Bool
	var stoppedAt atomic.Int64
	stoppedAt.Store(stopNone)
	stopIn := func(index int) {
		for {
			at := stoppedAt.Load()
			if int64(index) >= at || stoppedAt.CompareAndSwap(at, int64(index)) {
				return
			}
		}
	}
	st := j.open(ctx)
	defer st.Close()
	c := runConfig[writeItem]{jobs: j.Reading.Jobs, progress: j.Progress, small: j.small}
	if perInput {
		c.claim = s.claim
	}
	if w.Editor != nil {
		w.Editor.Start(ctx, j)
	}
	c.work = func(u *unit[writeItem]) {
		end := &inputEnd{in: u.In, index: u.Index, diags: u.Notes}
		if lost.Load() || int64(u.Index) > stoppedAt.Load() {
			return
		}
		var out *InputOutput
		if perInput {
			out = s.Input(u.In, u.Out)
			if !out.Open() {
				ds, st, _ := out.Done(false)
				end.diags, end.status, end.kept = append(end.diags, ds...), st, out.Kept
				u.Emit(writeItem{end: end})
				return
			}
		}
		split := out != nil && s.t.OneGame() && !s.d.Frames
		var warns report.DiagnosticList
		work := func(rec *shogi.Record) chosen {
			ch := chosen{taken: w.Choose == nil || w.Choose(rec)}
			if ch.taken && w.Editor != nil {
				ch.edit = w.Editor.Edit(u.Index, rec)
			}
			if ch.taken && split && w.ChooseGame == nil {
				ch.part = out.WritePart(rec)
			}
			return ch
		}
		a := readAt{in: u.In, index: u.Index, jobs: u.Jobs, keep: u.Ahead && handsOn, alone: u.Alone}
		read := readInput(ctx, r, a, work, func(g *Game, ch chosen) bool {
			end.games++
			warns.AddParse(g.In.Name(), g.Game, g.Warnings...)
			end.problems = end.problems || len(g.Warnings) > 0
			if !ch.taken || w.ChooseGame != nil && !w.ChooseGame(g.Index, g.Game) {
				out.DropPart(ch.part)
				return true
			}
			if ch.edit != nil {
				ds, st, stop := ch.edit.Game(g)
				end.diags = append(end.diags, ds...)
				end.status = max(end.status, st)
				if stop {
					end.stopped = true
					stopIn(u.Index)
					out.DropPart(ch.part)
					return false
				}
			}
			end.taken++
			switch {
			case w.List != nil:
				u.Emit(writeItem{in: g.In, game: g.Game, taken: true, edit: ch.edit})
				return !lost.Load()
			case one != nil:
				u.Emit(writeItem{in: g.In, game: g.Game, taken: true, rec: g.Record, edit: ch.edit})
				return !lost.Load()
			case ch.edit != nil:
				u.Emit(writeItem{edit: ch.edit})
			}
			switch {
			case out == nil:
				return true
			case split:
				if ch.part == nil {
					ch.part = out.WritePart(g.Record)
				}
				return out.AddPart(g.Game, ch.part)
			}
			return out.Write(g.Game, g.Record)
		}, nil)
		if !w.Reread {
			end.diags = append(end.diags, warns.List(u.In.Name())...)
			end.diags = append(end.diags, read.diagnostics(u.In)...)
		}
		end.status = max(end.status, read.Status)
		end.met = read.Games
		end.failed = read.failed()
		end.problems = end.problems || end.failed
		if out != nil {
			ds, st, files := out.Done(!end.stopped && (!strict || !end.problems))
			end.diags = append(end.diags, ds...)
			end.status = max(end.status, st)
			end.files = files
			if files > 0 {
				end.written = out.games
			}
		}
		u.Emit(writeItem{end: end})
	}
	var oneFailed bool // the one output is lost, or a strict problem refuses it
	c.take = func(x writeItem) {
		if x.end == nil {
			if x.edit != nil {
				x.edit.Taken()
			}
			switch {
			case !x.taken:
			case w.List != nil:
				if !lost.Load() && !w.List(x.in, x.game) {
					lost.Store(true)
				}
			case one != nil:
				if ds, st := one.Write(x.in, x.game, x.rec); ds != nil || st != StatusOK {
					oneFailed = true
					lost.Store(true)
					t.Status = max(t.Status, st)
					t.report(&j, ds)
				}
			}
			return
		}
		e := x.end
		if w.Editor != nil {
			w.Editor.EndInput(e.in, e.index, e.met)
		}
		if one != nil {
			ds := one.EndInput(e.in)
			if strict && len(ds) > 0 {
				ds = asErrors(ds)
				e.status = max(e.status, StatusInvalid)
			}
			e.diags = append(e.diags, ds...)
			oneFailed = oneFailed || strict && (e.problems || len(ds) > 0)
		}
		t.input(&j, e)
	}
	err := run(ctx, st, c)
	t.Stopped = stoppedAt.Load() != stopNone
	if w.Editor != nil {
		ds, st := w.Editor.End()
		t.Status = max(t.Status, st)
		t.report(&j, ds)
	}
	if one != nil {
		files, games, ds, st := one.Close(!oneFailed && err == nil)
		t.Outputs += files
		t.Written = games
		if one.Kept {
			t.Kept++
		}
		t.Status = max(t.Status, st)
		t.report(&j, ds)
	}
	return t, t.end(ctx, st, err)
}

// asErrors returns ds with every warning made an error: a strict job's.
func asErrors(ds []report.Diagnostic) []report.Diagnostic {
	for i := range ds {
		if ds[i].Severity == report.SeverityWarning {
			ds[i].Severity = report.SeverityError
		}
	}
	return ds
}

// stopNone is Write's stoppedAt while no edit has been stopped.
const stopNone = math.MaxInt64
