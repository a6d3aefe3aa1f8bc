package batch_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestSinkOutputsAlike converts several inputs into an output each: the
// sink hands the writers of earlier outputs on to later ones, so each
// output and its warnings must still be what converting its input alone
// gives. One input loses a comment's ☗ to Shift_JIS and another its times
// to USI: the warning goes to that input only.
func TestSinkOutputsAlike(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	files := map[string]string{
		"1.usi":  "position startpos moves 7g7f 3c3d\n",
		"2.kifu": "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:03/00:00:03)\n*☗の好手\n   2 ３四歩(33)   ( 0:05/00:00:05)\n",
		"3.usi":  "position startpos moves 2g2f\n",
		"4.kifu": "手合割：平手\n手数----指手---------消費時間--\n   1 ５六歩(57)   ( 0:01/00:00:01)\n",
		"5.usi":  "position startpos moves 1g1f 1c1d\n",
	}
	shogitest.WriteFiles(t, in, files)
	for _, format := range []string{"kif", "csa", "usi", "jkf"} {
		f, _ := render.Lookup(format)
		enc := charset.Encoding(f.Encoding)
		target := batch.Target{Format: f, Options: render.Options{AllowLoss: true}, Enc: enc, CRLF: f.CRLF, Substitute: true}
		for _, jobs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s -j %d", format, jobs), func(t *testing.T) {
				ctx := context.Background()
				out := filepath.Join(dir, fmt.Sprintf("%s-%d", format, jobs))
				s, err := batch.NewSink(ctx, target, batch.Dest{Dir: out})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				warned := map[string][]string{}
				j := batch.Job{Sources: batch.Sources{Args: []string{in}}, Reading: batch.Reading{Jobs: jobs},
					Report: func(ds []report.Diagnostic) {
						for _, d := range ds {
							warned[filepath.Base(d.Path)] = append(warned[filepath.Base(d.Path)], d.Message)
						}
					}}
				tally, err := batch.Write(ctx, j, batch.Writing{Sink: s})
				if err != nil || tally.Outputs != len(files) {
					t.Fatalf("%d outputs, error %v", tally.Outputs, err)
				}
				for name, text := range files {
					want, lost := convertAlone(t, name, text, target)
					got, err := os.ReadFile(filepath.Join(out, strings.TrimSuffix(name, filepath.Ext(name))+f.Extension))
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Errorf("%s: wrote\n%s\nalone\n%s", name, got, want)
					}
					if !slices.Equal(warned[name], lost) {
						t.Errorf("%s: warnings %q, alone %q", name, warned[name], lost)
					}
				}
			})
		}
	}
}

// convertAlone writes the record of one input with new writers, and
// returns the output and the loss warning the sink gives for it.
func convertAlone(t *testing.T, name, text string, target batch.Target) ([]byte, []string) {
	t.Helper()
	rec, err := parse.New(strings.TrimPrefix(filepath.Ext(name), "."), strings.NewReader(text), parse.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := rec.Read()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := charset.NewWriter(&b, target.Enc, target.CRLF, target.Substitute)
	w := target.Format.New(enc, target.Options)
	if err := w.Write(r); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	var lost []string
	if l := w.Losses(); len(l) > 0 {
		lost = append(lost, target.Format.Name+" cannot carry "+strings.Join(l, ", ")+"; dropped")
	}
	if n := enc.Substitutions(); n > 0 {
		lost = append(lost, report.Plural(n, "character")+" not in "+string(target.Enc)+" replaced (☗☖ by ▲△, others by ?)")
	}
	if len(lost) > 1 {
		lost = []string{strings.Join(lost, "; ")}
	}
	return b.Bytes(), lost
}
