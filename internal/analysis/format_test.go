package analysis_test

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
)

// formatPairs are the writers of records and the readers of their output.
var formatPairs = []struct {
	writer, reader string
	opt            render.Options
	mainLine       bool // the format has no variations
	single         bool // one record a file
}{
	{"kif", "kif", render.Options{}, false, true},
	{"kifu", "kif", render.Options{}, false, true},
	{"ki2", "ki2", render.Options{}, false, true},
	{"ki2u", "ki2", render.Options{}, false, true},
	{"csa", "csa", render.Options{}, true, false},
	{"csa", "csa", render.Options{CSAVersion: "3.0"}, true, false},
	{"jkf", "jkf", render.Options{}, false, false},
	{"psn", "psn", render.Options{}, false, false},
	{"western", "western", render.Options{}, false, false},
	{"hosking", "western", render.Options{Notation: "hosking"}, false, false},
	{"kk", "kk", render.Options{}, false, false},
}

// TestAnnotatedRoundTrip annotates random records, writes them in every
// format, reads them back and checks that every analysed position carries
// the same analysis (score, PV, depth, nodes, engine, class), that the
// comments read back are those written, and that analysing the record read
// back again changes nothing.
func TestAnnotatedRoundTrip(t *testing.T) {
	ctx := context.Background()
	client := fakeClient(t, "name=Fake Engine 1.0")
	recs := randomRecords(8)
	for _, rec := range recs {
		ga, err := analysis.Run(ctx, rec, client, analysis.Options{Limits: usi.Limits{Nodes: 1}, Variations: true})
		if err != nil {
			t.Fatal(err)
		}
		analysis.Annotate(rec, ga)
	}
	for _, fp := range formatPairs {
		t.Run(fp.writer+fp.opt.CSAVersion, func(t *testing.T) {
			opt := fp.opt
			opt.AllowLoss = true
			var outs []*bytes.Buffer
			var w render.Writer
			commentsLost := false
			for i, rec := range recs {
				if i == 0 || fp.single {
					outs = append(outs, &bytes.Buffer{})
					w, _ = render.New(fp.writer, outs[len(outs)-1], opt)
				}
				if err := w.Write(rec); err != nil {
					t.Fatal(err)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				commentsLost = commentsLost || slices.ContainsFunc(w.Losses(), func(s string) bool { return s == "'}' in comments" || s == "comments" })
			}
			var r parse.Reader
			for i, rec := range recs {
				if i == 0 || fp.single {
					r, _ = parse.New(fp.reader, bytes.NewReader(outs[0].Bytes()), parse.Options{})
					outs = outs[1:]
				}
				back, err := r.Read()
				if err != nil {
					t.Fatalf("record %d: %v", i, err)
				}
				analysed := compareAnnotations(t, rec, back, fp.mainLine, !commentsLost)
				if analysed == 0 {
					t.Errorf("record %d: no analysed position", i)
				}
				// Analysing the record read back changes nothing.
				before := snapshot(back)
				ga, err := analysis.Run(ctx, back, client, analysis.Options{Limits: usi.Limits{Nodes: 1}, Variations: true})
				if err != nil {
					t.Fatal(err)
				}
				analysis.Annotate(back, ga)
				if after := snapshot(back); !slices.Equal(before, after) {
					t.Errorf("record %d: analysing again changed it:\n%q\n%q", i, before, after)
				}
			}
		})
	}
}

// compareAnnotations walks want and got side by side (the main line only
// when mainLine) and checks each node's analysis; it returns how many
// nodes carry one.
func compareAnnotations(t *testing.T, want, got *shogi.Record, mainLine, exact bool) int {
	t.Helper()
	count := 0
	var walk func(a, b *shogi.Node, pos shogi.Position, ply int)
	walk = func(a, b *shogi.Node, pos shogi.Position, ply int) {
		for {
			wa, okA := shogi.ParseAnnotation(a.Comments(), &pos)
			ga, okB := shogi.ParseAnnotation(b.Comments(), &pos)
			if okA {
				count++
			}
			ew, _ := shogi.ParseEvaluation(a.Comments())
			eg, _ := shogi.ParseEvaluation(b.Comments())
			if okA != okB || !reflect.DeepEqual(wa, ga) || ew != eg {
				t.Errorf("ply %d: analysis %+v, want %+v", ply, ga, wa)
				return
			}
			if exact && !slices.Equal(a.Comments(), b.Comments()) {
				t.Errorf("ply %d: comments %q, want %q", ply, b.Comments(), a.Comments())
			}
			if !mainLine {
				ca, cb := slices.Collect(a.Children()), slices.Collect(b.Children())
				for i := 1; i < min(len(ca), len(cb)); i++ {
					if !ca[i].IsEnd() && ca[i].Move == cb[i].Move {
						p := pos
						p.Play(ca[i].Move)
						walk(ca[i], cb[i], p, ply+1)
					}
				}
			}
			a, b = a.Next(), b.Next()
			if a == nil || b == nil || a.IsEnd() || a.Move != b.Move {
				return
			}
			pos.Play(a.Move)
			ply++
		}
	}
	walk(want.Root, got.Root, want.Start, 0)
	return count
}
