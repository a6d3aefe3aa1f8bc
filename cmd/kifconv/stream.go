package main

import (
	"context"
	"runtime"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// readResult is a record read, with what its reader tolerated in it and
// what the per-record work made of it.
type readResult struct {
	rec   *shogi.Record
	warns parse.ErrorList
	extra []diag     // what the work found
	part  *splitPart // the game's output file, written by the work (split.go)
}

// workResult is what the per-record work produces on a worker.
type workResult struct {
	diags []diag
	part  *splitPart
}

// eachRecord reads every record of src and calls fn with each, in input
// order, with its 1-based number, until fn returns false. With jobs > 1 and
// a collection parse.Splitter can cut (a floodgate CSA archive holds
// hundreds of thousands of games), records are read ahead by up to jobs
// workers. work, when not nil, runs on each record as it is read (on a
// worker) and its diagnostics reach fn. The error that ended reading, if
// any, is returned with the number of the record it is in. The record fn
// is given is valid until fn returns, unless s.keep.
func (s *source) eachRecord(ctx context.Context, jobs int, work func(*shogi.Record) workResult,
	fn func(game int, r readResult) bool) (int, error) {
	if s.keep {
		return parse.KeepEach(s.Reader, 0, work, results(fn))
	}
	if jobs < 2 || !parse.Splittable(s.Format) {
		return parse.ReadEach(s.Reader, 0, work, results(fn))
	}
	return s.readParallel(ctx, jobs, parse.NewSplitter(s.Format, s.Text), work, fn)
}

// results adapts fn to the library's records.
func results(fn func(int, readResult) bool) func(int, parse.Result[workResult]) bool {
	return func(n int, r parse.Result[workResult]) bool {
		return fn(n, readResult{rec: r.Record, warns: r.Warnings, extra: r.Work.diags, part: r.Work.part})
	}
}

// jobsPerCPU bounds the workers --jobs may start: past a few per core they
// only take memory (reading waits on the disk now and then, so a few more
// than one per core can help).
const jobsPerCPU = 4

// capJobs returns the workers worth starting for a --jobs of jobs.
func capJobs(jobs, cpus int) int {
	return max(1, min(jobs, jobsPerCPU*max(cpus, 1)))
}

// readParallel is eachRecord with jobs workers reading the pieces of sp.
func (s *source) readParallel(ctx context.Context, jobs int, sp *parse.Splitter, work func(*shogi.Record) workResult,
	fn func(int, readResult) bool) (int, error) {
	n, err := parse.ReadPieces(ctx, sp, s.Format, s.Options, capJobs(jobs, runtime.NumCPU()), s.ropt.apply, work, results(fn))
	if ctx.Err() != nil {
		s.Abandon() // the cutter may still be reading the text
	}
	return n, err
}

// diagList is the diagnostics of one input: the first parse.MaxListed in
// full, the others counted by code, so that an input of a million problems
// costs no more memory than one of a hundred, printed or not.
type diagList struct{ b parse.Bounded[diag] }

// add adds diagnostics of the command's own.
func (l *diagList) add(ds ...diag) {
	for _, d := range ds {
		l.b.Add(d, d.Code, d.Severity == sevWarning)
	}
}

// addParse adds a reader's problems, of which an entry may be a count of
// problems the reader did not list.
func (l *diagList) addParse(path string, game int, es ...*parse.Error) {
	for _, e := range es {
		l.b.AddN(diagFromParse(path, game, e), e.Code(), e.Warning, max(e.Omitted, 1))
	}
}

// list returns the diagnostics listed, then one for each code of the
// others saying how many there were.
func (l *diagList) list(path string) []diag {
	out := l.b.Listed
	for _, o := range l.b.Omitted {
		e := parse.Error{Warning: o.Warning, Omitted: o.N, Err: &shogi.RuleError{Code: o.Code}}
		d := diag{Path: path, Severity: sevError, Code: o.Code, Message: e.Message()}
		if o.Warning {
			d.Severity = sevWarning
		}
		out = append(out, d)
	}
	return out
}
