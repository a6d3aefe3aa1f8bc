package batch

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

// Games are the inputs of the commands that work on every game of a
// collection (info, filter, dedup, convert's merge): those Spec lists, read
// as Walk says (its Work, Records and Report are set by Each).
type Games struct {
	Spec   InputSpec
	Walk   GameWalk
	Stderr io.Writer // why an input could not be read is printed here
}

// GamesSpec is Games as the command line asks for them.
type GamesSpec struct {
	Spec        InputSpec
	Jobs        int    // inputs (or pieces of one) read at once
	Ranges      string // --games: the games of each input (shogi.ParseGameRanges), "" for all
	CSAComments bool   // --csa-comments (KeepCSAComments)
}

// Games checks the spec and returns the games it describes, saying on
// stderr why an input cannot be read. The error is a UsageError
// naming --games.
func (s GamesSpec) Games(stderr io.Writer) (Games, error) {
	var ranges shogi.GameRanges
	if s.Ranges != "" {
		var err error
		if ranges, err = shogi.ParseGameRanges(s.Ranges); err != nil {
			return Games{}, usageErrorf("--games: %v", err)
		}
	}
	walk := GameWalk{From: s.Spec.From, Jobs: s.Jobs, Ranges: ranges, Setup: KeepCSAComments(s.CSAComments), Stdin: s.Spec.Stdin}
	return Games{Spec: s.Spec, Walk: walk, Stderr: stderr}, nil
}

// Each reads every game in input order (EachGame), runs work on
// each where it is read and calls fn with it; records says whether fn uses
// the records of the games whose work returned non-nil. Why an input could
// not be read is printed on g.Stderr; the worst status met is returned.
// The error is that of listing the inputs, or ctx's.
func (g Games) Each(ctx context.Context, work func(*Game) any, records bool, fn func(*Game) bool) (Status, error) {
	ins, err := Collect(g.Spec, nil)
	if err != nil {
		return StatusTrouble, err
	}
	w := g.Walk
	w.Work, w.Records = work, records
	w.Report = func(in Input, game int, err error, _ Status) {
		report.WriteDiagnostics(g.Stderr, report.DiagnosticsFromError(in.Name(), game, err))
	}
	return EachGame(ctx, ins, w, fn)
}

// Selection is what Select met: every game read and those selected.
type Selection struct {
	Total, Selected int
	Status          Status // the worst of the reading and the writing
}

// Outcome is filter's status, as grep(1) has it: StatusInvalid when
// nothing was selected from inputs read and written without trouble.
func (s Selection) Outcome() Status {
	if s.Status == StatusOK && s.Selected == 0 {
		return StatusInvalid
	}
	return s.Status
}

// Select reads every game of g and hands on those keep selects (all, when
// keep is nil; keep runs where the game is read): written to sink when
// not nil, which it closes, or else listed on list, one "PATH<TAB>GAME"
// line each.
func Select(ctx context.Context, g Games, keep func(*Game) bool, list io.Writer, sink *GameSink) (Selection, error) {
	var s Selection
	mark := func(x *Game) any {
		if keep != nil && !keep(x) {
			return nil
		}
		return true
	}
	var err error
	s.Status, err = g.Each(ctx, mark, sink != nil, func(x *Game) bool {
		s.Total++
		if x.Val == nil {
			return true
		}
		s.Selected++
		if sink == nil {
			fmt.Fprintf(list, "%s\t%d\n", report.TermSafe(x.In.Name()), x.Game)
			return true
		}
		return sink.Write(x)
	})
	if sink != nil {
		sink.Close(err == nil)
		s.Status = max(s.Status, sink.Status)
	}
	return s, err
}

// Deduplication is what Dedup found.
type Deduplication struct {
	*shogi.Dedup
	names  map[int32]string
	Status Status // the worst of the reading (both passes) and the writing
}

// Name is the name of input number i.
func (d *Deduplication) Name(i int32) string { return d.names[i] }

// Outcome is dedup's status when it reports the groups: StatusInvalid when
// it found duplicates in inputs read without trouble.
func (d *Deduplication) Outcome() Status {
	if d.Status == StatusOK && d.Duplicates() > 0 {
		return StatusInvalid
	}
	return d.Status
}

// Report writes the groups of duplicates on w (WriteDedupReport).
func (d *Deduplication) Report(w io.Writer, asJSON bool) error {
	bw := bufio.NewWriter(w)
	report.WriteDedupReport(bw, d.Dedup, d.Name, asJSON)
	return bw.Flush()
}

// Dedup reads every game of g, keeps a key per game (by), and groups the
// games by key, marking the one each group keeps (the richest, or the
// first). With a sink (which it closes) it reads the inputs a second time
// and writes the kept record of every group, in input order: the inputs
// must be readable twice (InputSpec.CheckRereadable).
func Dedup(ctx context.Context, g Games, by shogi.KeyBy, richest bool, sink *GameSink) (*Deduplication, error) {
	var entries []shogi.DedupEntry
	d := &Deduplication{names: map[int32]string{}}
	hash := func(x *Game) any { return shogi.NewDedupEntry(x.Record, by, x.Index, x.Game) }
	var err error
	d.Status, err = g.Each(ctx, hash, false, func(x *Game) bool {
		if _, ok := d.names[int32(x.Index)]; !ok {
			d.names[int32(x.Index)] = x.In.Name()
		}
		entries = append(entries, x.Val.(shogi.DedupEntry))
		return true
	})
	if err != nil {
		if sink != nil {
			sink.Close(false)
		}
		return nil, err
	}
	d.Dedup = shogi.Group(entries, richest)
	if sink == nil {
		return d, nil
	}
	s, err := Select(ctx, g, func(x *Game) bool { return d.Kept(x.Index, x.Game) }, nil, sink)
	d.Status = max(d.Status, s.Status)
	return d, err
}

// Info writes a row of the columns cols per game of g, in the form format
// (InfoWriter), on w; the values are worked out where the games are read.
func Info(ctx context.Context, g Games, w *bufio.Writer, format string, cols []report.InfoField, cond *runewidth.Condition) (Status, error) {
	out := report.NewInfoWriter(w, format, cols, cond)
	work := func(x *Game) any {
		return report.InfoValues(cols, &report.InfoRow{Path: x.In.Name(), Game: x.Game, Format: x.Format, Encoding: string(x.Encoding), Summary: shogi.Summarize(x.Record)})
	}
	st, err := g.Each(ctx, work, false, func(x *Game) bool {
		out.Row(x.Val.([]string))
		return true
	})
	out.End()
	return st, err
}
