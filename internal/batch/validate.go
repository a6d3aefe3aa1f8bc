package batch

import (
	"context"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Validate reads every record of the job's inputs and checks it: what the
// readers tolerated (errors under a strict reading), the record checks of
// every line of play, and the まで line of a lone KIF or KI2 record. Each
// input's report reaches rep in input order as soon as it and every input
// before it are done, whatever the number of workers; an interrupt reports
// what was done. The tally counts files, games, valid and invalid files.
func Validate(ctx context.Context, j Job, rep report.Reporter) (Tally, report.Summary, error) {
	var t Tally
	var sum report.Summary
	j.Reading.places = true
	r := &reader{job: j}
	strict := j.Reading.Strict
	st := j.open(ctx)
	defer st.Close()
	var werr error
	c := runConfig[*validation]{jobs: j.Reading.Jobs, progress: j.Progress, small: j.small}
	c.work = func(u *unit[*validation]) { u.Emit(validateInput(ctx, r, u, strict)) }
	c.take = func(v *validation) {
		t.Inputs++
		t.Games += v.read
		if v.failed {
			t.Failed++
		}
		t.Status = max(t.Status, v.Status)
		t.Errors += len(v.Errors)
		t.Warnings += len(v.Warnings)
		sum.Add(&v.FileReport)
		if err := rep.File(&v.FileReport); err != nil && werr == nil {
			werr = err
		}
		if j.Progress != nil {
			j.Progress.Done()
		}
	}
	err := run(ctx, st, c)
	err = t.end(ctx, st, err)
	sum.Reasons = t.Skipped
	for _, n := range t.Skipped {
		sum.Skipped += n
	}
	sum.Stopped = t.Stopped
	if err == nil {
		err = werr
	}
	return t, sum, err
}

// validation is the validation of one input: its report and its status.
type validation struct {
	report.FileReport
	Status Status
	failed bool // it could not be read to its end
	read   int  // the games read (Games counts one that could not be)
}

// validateInput reads every record of one input and checks it.
func validateInput(ctx context.Context, r *reader, u *unit[*validation], strict bool) *validation {
	rep := &validation{FileReport: report.FileReport{Path: u.In.Name(), Errors: []report.Diagnostic{}, Warnings: []report.Diagnostic{}}}
	var all report.DiagnosticList
	var first *shogi.Record
	games := 0
	check := func(rec *shogi.Record) []report.Diagnostic {
		return report.FindingDiagnostics(rep.Path, 0, rec.Check())
	}
	read := readInput(ctx, r, readAt{in: u.In, index: u.Index, jobs: u.Jobs, alone: u.Alone}, check, func(g *Game, found []report.Diagnostic) bool {
		games++
		if first == nil {
			first = g.Record
		}
		var reported map[string]bool
		readerDiags := make([]report.Diagnostic, len(g.Warnings)) // judged below, then listed
		asError := make([]report.Diagnostic, len(g.Warnings))     // what each stands for as an error
		for i, w := range g.Warnings {
			readerDiags[i] = report.DiagnosticFromParse(rep.Path, g.Game, w)
			asError[i] = report.DiagnosticFromParse(rep.Path, g.Game, parse.StrictError(w))
			if reported == nil {
				reported = map[string]bool{}
			}
			reported[w.Code()] = true
		}
		var own []report.Diagnostic
		for _, d := range found {
			// A reader may already have said what a check finds (an
			// impossible start position), with a line to quote.
			if d.Ply == 0 && (reported[d.Code] || d.Start && (reported[parse.ErrBadBoard.Code] || reported[shogi.ErrBadPosition.Code])) {
				continue
			}
			if i := judgeKept(readerDiags, d); i >= 0 {
				readerDiags[i] = asError[i]
				continue
			}
			d.Game = g.Game
			own = append(own, d)
		}
		for i, w := range g.Warnings {
			all.AddN(readerDiags[i], max(w.Omitted, 1))
		}
		all.Add(own...)
		return ctx.Err() == nil
	}, func(src *InputSource, read *inputRead) {
		if first != nil && games == 1 && read.Err == nil {
			if p, ok := parse.Summary(src.Reader); ok {
				all.Add(report.SummaryDiagnostics(rep.Path, p.Line, p.Text, first)...)
			}
		}
	})
	rep.Format, rep.Encoding = read.Format, string(read.Encoding)
	rep.Games = read.Games
	rep.Status = read.Status
	rep.failed, rep.read = read.failed(), games
	if read.Err != nil {
		all.Add(read.diagnostics(u.In)...)
	}
	for _, d := range all.List(rep.Path) {
		if d.Severity == report.SeverityWarning && strict {
			d.Severity = report.SeverityError
		}
		if d.Severity == report.SeverityError {
			rep.Errors = append(rep.Errors, d)
		} else {
			rep.Warnings = append(rep.Warnings, d)
		}
	}
	if len(rep.Errors) > 0 {
		rep.Status = max(rep.Status, StatusInvalid)
	}
	rep.Valid = len(rep.Errors) == 0
	return rep
}

// judgeKept applies "validate judges, convert preserves" to an illegal
// move that the replay found (d, an error without a line): when a lenient
// reader kept that move and warned about it (same code and ply), it returns
// the index of that warning, whose error (with the line and column) is
// reported instead of d; -1 otherwise. Warnings of moves a reader read
// another way (a quirk it tolerated) replay as legal and stay warnings.
func judgeKept(readerDiags []report.Diagnostic, d report.Diagnostic) int {
	if d.Severity != report.SeverityError || !parse.IsMoveCode(d.Code) {
		return -1
	}
	for i := range readerDiags {
		w := &readerDiags[i]
		if w.Severity == report.SeverityWarning && w.Code == d.Code && (w.Ply == d.Ply || w.Ply == 0) {
			return i
		}
	}
	return -1
}
