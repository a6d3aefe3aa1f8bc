package render

import (
	"context"
	"errors"
	"io"
	"os"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// validation is the validation of one input: its report, its status, and
// whether an interrupt cut it short (so that it is not reported).
type validation struct {
	FileReport
	Status      parse.Status
	Interrupted bool
}

// validateInput reads every record of one input and checks it: what the reader
// tolerated (errors under strict), the record checks, and the summary line
// of a lone KIF or KI2 record. A collection is read by jobs workers.
func validateInput(ctx context.Context, in parse.Input, stdin io.Reader, from string, strict bool, jobs int, pool *parse.Pool) validation {
	rep := validation{FileReport: FileReport{Path: in.Name(), Errors: []Diagnostic{}, Warnings: []Diagnostic{}}}
	var all DiagnosticList
	fail := func(status parse.Status, ds ...Diagnostic) {
		all.Add(ds...)
		rep.Status = max(rep.Status, status)
	}
	finish := func(src *parse.InputSource) validation {
		for _, d := range all.List(rep.Path) {
			if d.Severity == SeverityWarning && strict {
				d.Severity = SeverityError
			}
			if d.Severity == SeverityError {
				rep.Errors = append(rep.Errors, d)
			} else {
				rep.Warnings = append(rep.Warnings, d)
			}
		}
		if len(rep.Errors) > 0 {
			rep.Status = max(rep.Status, parse.StatusInvalid)
		}
		rep.Valid = len(rep.Errors) == 0
		return rep
	}
	if in.Err != nil {
		fail(parse.StatusTrouble, DiagnosticsFromError(rep.Path, 0, in.Err)...)
		return finish(nil)
	}
	src, err := parse.OpenInput(in, stdin, from, parse.Options{Strict: strict, Places: true}, nil, pool)
	if err != nil {
		fail(parse.OpenStatus(err), DiagnosticsFromError(rep.Path, 0, err)...)
		return finish(nil)
	}
	defer src.Close()
	rep.Format = src.Format
	var first *shogi.Record
	check := func(rec *shogi.Record) []Diagnostic {
		return FindingDiagnostics(rep.Path, 0, rec.Check())
	}
	games, err := parse.Each(ctx, src, jobs, check, func(game int, res parse.Result[[]Diagnostic]) bool {
		if first == nil {
			first = res.Record
		}
		var reported map[string]bool
		readerDiags := make([]Diagnostic, len(res.Warnings)) // judged below, then listed
		strict := make([]Diagnostic, len(res.Warnings))      // what each stands for as an error
		for i, w := range res.Warnings {
			readerDiags[i] = DiagnosticFromParse(rep.Path, game, w)
			strict[i] = DiagnosticFromParse(rep.Path, game, parse.StrictError(w))
			if reported == nil {
				reported = map[string]bool{}
			}
			reported[w.Code()] = true
		}
		var own []Diagnostic
		for _, d := range res.Work {
			// A reader may already have said what a check finds (an
			// impossible start position), with a line to quote.
			if d.Ply == 0 && (reported[d.Code] || d.Start && (reported[parse.ErrBadBoard.Code] || reported[shogi.ErrBadPosition.Code])) {
				continue
			}
			if i := judgeKept(readerDiags, d); i >= 0 {
				readerDiags[i] = strict[i]
				continue
			}
			d.Game = game
			own = append(own, d)
		}
		for i, w := range res.Warnings {
			d := readerDiags[i]
			all.AddN(d, max(w.Omitted, 1))
		}
		all.Add(own...)
		return ctx.Err() == nil
	})
	rep.Games = games
	if err != nil {
		status := parse.StatusInvalid
		var pathErr *os.PathError
		if errors.As(err, &pathErr) || errors.Is(err, context.Canceled) {
			status = parse.StatusTrouble
		}
		fail(status, DiagnosticsFromError(rep.Path, games, err)...)
	}
	rep.Encoding = string(src.Encoding())
	if first != nil && rep.Games == 1 && rep.Status == parse.StatusOK {
		if p, ok := parse.Summary(src.Reader); ok {
			all.Add(SummaryDiagnostics(rep.Path, p.Line, p.Text, first)...)
		}
	}
	if rep.Games == 0 && rep.Status == parse.StatusOK {
		fail(parse.StatusInvalid, Diagnostic{Path: rep.Path, Severity: SeverityError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
	}
	return finish(src)
}

// judgeKept applies "validate judges, convert preserves" to an illegal
// move that the replay found (d, an error without a line): when a lenient
// reader kept that move and warned about it (same code and ply), it returns
// the index of that warning, whose error (with the line and column) is
// reported instead of d; -1 otherwise. Warnings of moves a reader read
// another way (a quirk it tolerated) replay as legal and stay warnings.
func judgeKept(readerDiags []Diagnostic, d Diagnostic) int {
	if d.Severity != SeverityError || !parse.IsMoveCode(d.Code) {
		return -1
	}
	for i := range readerDiags {
		w := &readerDiags[i]
		if w.Severity == SeverityWarning && w.Code == d.Code && (w.Ply == d.Ply || w.Ply == 0) {
			return i
		}
	}
	return -1
}

// ValidateAll validates the inputs with up to jobs workers (a lone input,
// a collection of games, is read by all of them) and reports each to rep in
// input order, as soon as it and every input before it are done (done is
// called as each is done; shown before a report with problems is written).
// An interrupt of ctx ends the wait at once (a worker may be blocked
// reading a terminal or a FIFO): what is done so far is reported. It
// returns the summary (with skipped, the files the walks skipped by
// reason), for rep.End; the worst status met; and the first error of
// writing the reports.
func ValidateAll(ctx context.Context, ins []parse.Input, stdin io.Reader, from string, strict bool, jobs int,
	rep Reporter, skipped map[string]int, shown, done func()) (ReportSummary, parse.Status, error) {
	sum := ReportSummary{Reasons: skipped}
	for _, n := range skipped {
		sum.Skipped += n
	}
	reports := make([]validation, len(ins))
	fileJobs := 1
	if len(ins) == 1 {
		fileJobs = jobs
	}
	pool := &parse.Pool{}
	status := parse.StatusOK
	var werr error
	parse.EachInput(ctx, len(ins), jobs, ctx, func(i int) {
		reports[i] = validateInput(ctx, ins[i], stdin, from, strict, fileJobs, pool)
		if ctx.Err() != nil {
			reports[i].Interrupted = true
		}
	}, func(i int) {
		r := &reports[i]
		if r.Interrupted {
			return
		}
		status = max(status, r.Status)
		sum.Add(&r.FileReport)
		if len(r.Errors)+len(r.Warnings) > 0 {
			shown()
		}
		if err := rep.File(&r.FileReport); err != nil && werr == nil {
			werr = err
		}
	}, done)
	sum.Stopped = ctx.Err() != nil
	return sum, status, werr
}
