package render_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestWriterReset holds every writer, with each option it reads, to the
// contract of Reset: a writer that wrote records to one output (losses
// not yet collected), then failed on another, writes the same records
// after a Reset exactly as a new writer does, with the same errors and
// the same losses. Writing the same records again catches what a writer
// remembers across records of one output (games written, positions seen).
func TestWriterReset(t *testing.T) {
	recs := shogitest.RandomRecords(24, 8, shogitest.FullRandomOptions())
	variants := []render.Options{
		{},
		{AllowLoss: true},
		{AllowLoss: true, Mainline: true},
		{AllowLoss: true, CSAVersion: "3.0", Variations: "separate"},
		{AllowLoss: true, Ply: 3, PlySet: true, AllPlies: true},
		{AllowLoss: true, Notation: "hosking", Encoding: "utf-8"},
		{AllowLoss: true, Train: render.TrainOptions{Dedup: true, Variations: true, SkipPlies: 2}},
	}
	for _, f := range render.Formats() {
		for i, opt := range variants {
			t.Run(fmt.Sprintf("%s/%d", f.Name, i), func(t *testing.T) {
				w := f.New(&bytes.Buffer{}, opt)
				writeEach(w, recs)
				w.Reset(brokenOutput{})
				if got := w.Losses(); len(got) > 0 {
					t.Errorf("losses right after Reset: %v", got)
				}
				writeEach(w, recs)
				var reused, fresh bytes.Buffer
				w.Reset(&reused)
				nw := f.New(&fresh, opt)
				gotErrs, wantErrs := writeEach(w, recs), writeEach(nw, recs)
				if !slices.Equal(gotErrs, wantErrs) {
					t.Errorf("errors after Reset %q, of a new writer %q", gotErrs, wantErrs)
				}
				if got, want := w.Losses(), nw.Losses(); !slices.Equal(got, want) {
					t.Errorf("losses after Reset %v, of a new writer %v", got, want)
				}
				if reused.Len() == 0 && len(wantErrs) < len(recs) {
					t.Errorf("nothing written")
				}
				if !bytes.Equal(reused.Bytes(), fresh.Bytes()) {
					t.Errorf("output after Reset differs from a new writer's: %s", shogitest.FirstDifference(reused.String(), fresh.String()))
				}
			})
		}
	}
}

// writeEach writes recs and flushes, and returns each error met.
func writeEach(w render.Writer, recs []*shogi.Record) []string {
	var errs []string
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if err := w.Flush(); err != nil {
		errs = append(errs, "flush: "+err.Error())
	}
	return errs
}

// brokenOutput fails every write.
type brokenOutput struct{}

func (brokenOutput) Write([]byte) (int, error) { return 0, errors.New("broken output") }
