package batch

import (
	"errors"
	"io"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// DiffFiles opens the inputs names (standard input for "-": one of them
// at most), each in its format from ("" to detect it) with setup, and
// compares them (diffInputs), ending rep. An input that cannot be opened,
// or holds no record, is an error naming it; failed are the diagnostics of
// a read that failed.
func DiffFiles(names, from [2]string, stdin io.Reader, setup func(parse.Reader), opt shogi.CompareOptions, rep report.DiffReport) (equal bool, failed []report.Diagnostic, err error) {
	if names[0] == "-" && names[1] == "-" {
		return false, nil, usageErrorf("only one of A and B can be standard input")
	}
	var pool parse.Pool
	var srcs [2]*InputSource
	for i := range srcs {
		in := Input{Path: names[i]}
		if srcs[i], err = OpenInput(in, stdin, from[i], parse.Options{}, setup, &pool); err != nil {
			return false, nil, errors.New(parse.EscapeControl(in.Name()) + ": " + err.Error())
		}
		defer srcs[i].Close()
	}
	equal, games, failed := diffInputs(srcs, opt, rep)
	if failed != nil {
		return false, failed, nil
	}
	for i, n := range games {
		if n == 0 {
			return false, nil, errors.New(srcs[i].In.Name() + ": no record in the input")
		}
	}
	if rep != nil {
		rep.End(games, equal)
	}
	return equal, nil, nil
}

// diffInputs compares the records of two sources in order (shogi.Compare),
// reading one record of each at a time: each record is reused for the
// next, so memory does not grow with their number. rep, when not nil, is
// given every game that differs; with nil, the comparison stops at the
// first difference. It returns whether the inputs are the same and how
// many records each holds (the longer input is read on to count them,
// unless rep is nil and they differ); a read error ends it with the
// diagnostics of the input that failed.
func diffInputs(srcs [2]*InputSource, opt shogi.CompareOptions, rep report.DiffReport) (equal bool, games [2]int, failed []report.Diagnostic) {
	var done [2]bool
	next := func(i int) *shogi.Record {
		if done[i] || failed != nil {
			return nil
		}
		rec, err := srcs[i].Reader.Read()
		if err == io.EOF {
			done[i] = true
			return nil
		}
		if err != nil {
			failed = report.DiagnosticsFromError(srcs[i].In.Name(), games[i]+1, err)
			return nil
		}
		games[i]++
		return rec
	}
	equal = true
	for game := 1; ; game++ {
		ra := next(0)
		rb := next(1)
		if failed != nil {
			return false, games, failed
		}
		if ra == nil || rb == nil {
			if ra != nil || rb != nil {
				equal = false
			}
			if !equal && rep == nil {
				return equal, games, nil
			}
			for i := range srcs {
				for !done[i] && failed == nil {
					next(i)
				}
			}
			return equal, games, failed
		}
		d := shogi.Compare(ra, rb, opt)
		if d.Equal() {
			continue
		}
		equal = false
		if rep == nil {
			return equal, games, nil
		}
		rep.Game(game, d, ra, rb)
	}
}
