package parse_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestStartRuleEveryFormat: a start position no game can reach is judged
// by one rule in every format (issue 14): written by each writer and read
// back, it gives a bad-position warning, and under Strict that error; a
// possible one gives neither.
func TestStartRuleEveryFormat(t *testing.T) {
	starts := []struct {
		name, sfen string
		bad        bool
	}{
		{"nine pawns on a file", "k8/4P4/4P4/4P4/4P4/4P4/4P4/4P4/4P3K b - 1", true},
		{"a pawn that can never move", "3k4P/9/9/9/9/9/9/9/4K4 b - 1", true},
		{"a knight that can never move", "4k4/7N1/9/9/9/9/9/9/4K4 b - 1", true},
		{"the side not to move in check", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", true},
		{"a composed mate problem", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", false},
	}
	for _, st := range starts {
		start, err := shogi.ParseSFEN(st.sfen)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		rec := shogi.NewRecord(start)
		for _, f := range render.Formats() {
			reader, ok := readerOf[f.Name]
			if !ok || reader == "jkf" {
				// The JKF reader is rewritten apart; it is to judge its
				// initial.data with shogi.CheckStart too.
				continue
			}
			var buf bytes.Buffer
			w := f.New(&buf, render.Options{AllowLoss: true})
			if err := w.Write(rec); err != nil {
				t.Fatalf("%s → %s: %v", st.name, f.Name, err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			for _, strict := range []bool{false, true} {
				r, _ := parse.New(reader, bytes.NewReader(buf.Bytes()), parse.Options{Filename: "x" + f.Extension, Strict: strict})
				got, err := r.Read()
				switch {
				case st.bad && strict:
					if !errors.Is(err, shogi.ErrBadPosition) || parse.Code(err) != "bad-position" {
						t.Errorf("%s → %s, strict: %v, want a bad-position error", st.name, f.Name, err)
					}
				case err != nil:
					t.Errorf("%s → %s (strict %v): %v\n%s", st.name, f.Name, strict, err, buf.String())
				case got.Start.SFEN() != start.SFEN():
					t.Errorf("%s → %s: start %s, want %s", st.name, f.Name, got.Start.SFEN(), start.SFEN())
				default:
					n := 0
					for _, w := range r.Warnings() {
						if w.Code() == "bad-position" && w.Warning {
							n++
						}
						if parse.IsIllegalMove(w) {
							t.Errorf("%s → %s: IsIllegalMove(%v) = true for a start position", st.name, f.Name, w)
						}
					}
					if want := map[bool]int{true: 1, false: 0}[st.bad]; n != want {
						t.Errorf("%s → %s: %d bad-position warnings %v, want %d", st.name, f.Name, n, r.Warnings(), want)
					}
				}
			}
		}
	}
}
