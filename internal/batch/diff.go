package batch

import (
	"context"
	"iter"

	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Diff compares the games of two collections in order, game by game
// (shogi.Compare): the inputs of a, each read as a.Reading says, with
// those of b. Each side is read one game at a time, so memory does not
// grow with their length. rep, when not nil, is given every pair of games
// that differ; with nil the comparison stops at the first difference. The
// problems of each input reach its job's Report; a game that cannot be
// read ends the comparison with StatusTrouble in the tally. It returns
// whether the collections are the same and the games each holds (the
// longer is read on to count them, unless rep is nil and they differ).
func Diff(ctx context.Context, a, b Job, opt shogi.CompareOptions, rep report.DiffReport) (bool, [2]int, Tally, error) {
	var t Tally
	var games [2]int
	var sides [2]func() (*shogi.Record, bool)
	for i, j := range []Job{a, b} {
		next, stop := iter.Pull(sideGames(ctx, j, &t))
		defer stop()
		sides[i] = next
	}
	done := [2]bool{}
	next := func(i int) *shogi.Record {
		if done[i] {
			return nil
		}
		rec, ok := sides[i]()
		if !ok {
			done[i] = true
			return nil
		}
		games[i]++
		return rec
	}
	equal := true
	for game := 1; ctx.Err() == nil && t.Status != StatusTrouble; game++ {
		ra, rb := next(0), next(1)
		if ra == nil || rb == nil {
			if ra != nil || rb != nil {
				equal = false
			}
			if !equal && rep == nil {
				break
			}
			for i := range sides {
				for !done[i] && ctx.Err() == nil && t.Status != StatusTrouble {
					next(i)
				}
			}
			break
		}
		d := shogi.Compare(ra, rb, opt)
		if d.Equal() {
			continue
		}
		equal = false
		if rep == nil {
			break
		}
		rep.Game(game, d, ra, rb)
	}
	t.Games = games[0] + games[1]
	t.Stopped = ctx.Err() != nil
	if t.Stopped {
		return equal, games, t, nil
	}
	if rep != nil && t.Status == StatusOK {
		rep.End(games, equal)
	}
	return equal, games, t, nil
}

// sideGames yields the records of the inputs of j in order, one at a time
// (each valid until the next is asked for), reporting the problems of each
// input to j.Report and counting them in t; a game that cannot be read
// ends them, with StatusTrouble in t.
func sideGames(ctx context.Context, j Job, t *Tally) iter.Seq[*shogi.Record] {
	return func(yield func(*shogi.Record) bool) {
		r := &reader{job: j}
		st := j.Sources.Open(ctx)
		defer st.Close()
		for i := 0; ; i++ {
			in, ok := st.Next()
			if !ok {
				break
			}
			t.Inputs++
			stopped := false
			var warns report.DiagnosticList
			read := readInput(ctx, r, readAt{in: in, index: i, jobs: 1}, nil, func(g *Game, _ struct{}) bool {
				warns.AddParse(g.In.Name(), g.Game, g.Warnings...)
				if !yield(g.Record) {
					stopped = true
					return false
				}
				return true
			}, nil)
			t.report(&j, append(warns.List(in.Name()), read.diagnostics(in)...))
			if stopped || ctx.Err() != nil {
				return
			}
			if read.failed() {
				t.Failed++
				t.Status = StatusTrouble // any problem is trouble, as diff(1) has it
				return
			}
		}
		for reason, n := range st.Skipped() {
			if t.Skipped == nil {
				t.Skipped = map[string]int{}
			}
			t.Skipped[reason] += n
		}
		switch {
		case st.Err() != nil:
			t.Status = StatusTrouble
			t.report(&j, []report.Diagnostic{{Path: j.Sources.List, Severity: report.SeverityError, Code: "io", Message: st.Err().Error()}})
		case st.Yielded() == 0:
			t.Status = StatusTrouble
			t.report(&j, []report.Diagnostic{{Path: sidesName(j.Sources), Severity: report.SeverityError, Code: "empty", Message: ErrNoRecords.Error()}})
		}
	}
}

// sidesName names a side of a comparison in messages: its argument.
func sidesName(s Sources) string {
	if len(s.Args) == 1 {
		return Input{Path: s.Args[0]}.Name()
	}
	return "<stdin>"
}
