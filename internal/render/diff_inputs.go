package render

import (
	"io"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// DiffInputs compares the records of two sources in order (shogi.Compare),
// reading one record of each at a time: each record is reused for the
// next, so memory does not grow with their number. rep, when not nil, is
// given every game that differs; with nil, the comparison stops at the
// first difference. It returns whether the inputs are the same and how
// many records each holds (the longer input is read on to count them,
// unless rep is nil and they differ); a read error ends it with the
// diagnostics of the input that failed.
func DiffInputs(srcs [2]*parse.InputSource, opt shogi.CompareOptions, rep DiffReport) (equal bool, games [2]int, failed []Diagnostic) {
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
			failed = DiagnosticsFromError(srcs[i].In.Name(), games[i]+1, err)
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
