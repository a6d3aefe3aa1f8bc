package render_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// evalGraphSample has a point of every kind: even, up, down, past the
// clip, each class, and mates both ways.
func evalGraphSample() *render.EvalGraph {
	return &render.EvalGraph{
		Title:  "▲先手 A & B – △後手 <C>",
		Engine: "FakeEngine 1.0",
		Points: []render.EvalPoint{
			{Ply: 0, Eval: shogi.EvalCP(50)},
			{Ply: 1, Eval: shogi.EvalCP(120), Move: "▲７六歩"},
			{Ply: 2, Eval: shogi.EvalCP(-400), Class: shogi.Inaccuracy, Move: "△３四歩"},
			{Ply: 3, Eval: shogi.EvalCP(900), Class: shogi.Mistake, Move: "▲２六歩"},
			{Ply: 4, Eval: shogi.EvalCP(-5000), Class: shogi.Blunder, Move: "△８四歩"},
			{Ply: 5, Eval: shogi.EvalMate(shogi.White, 3), Move: "▲５八金右"},
			{Ply: 6, Eval: shogi.EvalMate(shogi.Black, 0), Class: shogi.Blunder, Move: "△同　歩"},
		},
	}
}

func TestEvalGraph(t *testing.T) {
	g := evalGraphSample()
	var buf bytes.Buffer
	if err := render.WriteEvalGraph(&buf, g); err != nil {
		t.Fatal(err)
	}
	golden(t, "evalgraph", "sample.svg", buf.Bytes())
	points, classed := 0, 0
	d := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "circle" {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && strings.HasPrefix(a.Value, "point") {
					points++
					if a.Value != "point" {
						classed++
					}
				}
			}
		}
	}
	if points != len(g.Points) || classed != 4 {
		t.Errorf("%d points (%d classed), want %d (4)", points, classed, len(g.Points))
	}
	// Empty and one-point graphs are documents too.
	for _, n := range []int{0, 1} {
		g := &render.EvalGraph{Points: evalGraphSample().Points[:n]}
		b := render.AppendEvalGraph(nil, g)
		if err := xml.Unmarshal(b, new(struct{})); err != nil {
			t.Errorf("%d points: %v", n, err)
		}
	}
}
