package batch

import (
	"context"
	"sync/atomic"

	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// gameItem is what the inputs of Games emit: a game, or an input's end.
type gameItem[W any] struct {
	g   GameInfo
	val W
	end *inputEnd
}

// Games reads every game of the job's inputs (those Reading selects) and
// calls fn with each, in input order whatever the number of workers, with
// what work made of its record where it was read (on a worker), until fn
// returns false (its output failed: the rest is not read). Records are not
// kept: work is the only one to see them. The problems of each input reach
// the job's Report after its games.
func Games[W any](ctx context.Context, j Job, work func(*shogi.Record) W, fn func(g *GameInfo, val W) bool) (Tally, error) {
	return games(ctx, j, nil, work, fn)
}

// games is Games with the inputs that cannot be read twice copied into cp,
// when not nil.
func games[W any](ctx context.Context, j Job, cp *copies, work func(*shogi.Record) W, fn func(g *GameInfo, val W) bool) (Tally, error) {
	var t Tally
	var halt atomic.Bool // fn asked to stop
	r := &reader{job: j, copies: cp}
	st := j.open(ctx)
	defer st.Close()
	c := runConfig[gameItem[W]]{jobs: j.Reading.Jobs, progress: j.Progress, small: j.small}
	c.work = func(u *unit[gameItem[W]]) {
		if halt.Load() {
			return
		}
		end := &inputEnd{in: u.In}
		var warns report.DiagnosticList
		read := readInput(ctx, r, readAt{in: u.In, index: u.Index, jobs: u.Jobs, alone: u.Alone}, work, func(g *Game, val W) bool {
			end.games++
			warns.AddParse(g.In.Name(), g.Game, g.Warnings...)
			u.Emit(gameItem[W]{g: g.GameInfo, val: val})
			return !halt.Load()
		}, nil)
		end.diags = append(warns.List(u.In.Name()), read.diagnostics(u.In)...)
		end.status, end.failed = read.Status, read.failed()
		u.Emit(gameItem[W]{end: end})
	}
	// The game given to fn lives until fn returns: one variable serves
	// every call (take's calls do not overlap), where taking the address
	// of each item's would move every item to the heap.
	var g GameInfo
	c.take = func(x gameItem[W]) {
		if x.end == nil {
			g = x.g
			if !halt.Load() && !fn(&g, x.val) {
				halt.Store(true)
			}
			return
		}
		t.input(&j, x.end)
	}
	err := run(ctx, st, c)
	return t, t.end(ctx, st, err)
}

// InfoRows reads every game of the job's inputs and gives row the values
// of the columns cols for each, in input order, until row returns false;
// the values are worked out where the games are read.
func InfoRows(ctx context.Context, j Job, cols []report.InfoField, row func([]string) bool) (Tally, error) {
	accuracy := report.InfoNeedsAnalysis(cols)
	work := func(rec *shogi.Record) report.InfoRow {
		r := report.InfoRow{Summary: shogi.Summarize(rec)}
		if accuracy {
			r.Accuracy, r.Judged = report.InfoAccuracy(rec)
		}
		return r
	}
	return Games(ctx, j, work, func(g *GameInfo, r report.InfoRow) bool {
		r.Path, r.Game, r.Format, r.Encoding = g.In.Name(), g.Game, g.Format, string(g.Encoding)
		return row(report.InfoValues(cols, &r))
	})
}
