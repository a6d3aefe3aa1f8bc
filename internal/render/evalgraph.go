package render

import (
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// EvalGraph is one game's engine scores for WriteEvalGraph: a point for
// each analysed position of the main line.
type EvalGraph struct {
	Title  string // the players, say; drawn above the graph
	Engine string // the engine's name, drawn below it
	Points []EvalPoint
}

// EvalPoint is the score of the position after move Ply (0: the start).
type EvalPoint struct {
	Ply   int
	Eval  shogi.Eval      // Black's view
	Class shogi.MoveClass // of the move that led to the position
	Move  string          // that move's text, for the point's tooltip ("" for none)
}

// EvalGraphClip is the score at the top and bottom edges of the graph:
// scores beyond it, and mates, are drawn at the edge.
const EvalGraphClip = 2000

// The graph's layout, in pixels.
const (
	egWidth  = 800
	egHeight = 360
	egLeft   = 64  // the plot's left edge, after the score labels
	egRight  = 780 // its right edge
	egTop    = 40
	egBottom = 300
)

// The colours of the classes' points, as lishogi and lichess draw them.
var egClassColors = [...]string{"#333333", "#56b4e9", "#e69f00", "#db3031"}

// WriteEvalGraph writes g as a self-contained SVG 1.1 document, the way
// ShogiHome and lishogi draw an analysis: plies across, Black's advantage
// up and White's down, the area between the curve and the even line
// shaded, every analysed position a point (class "point", with its ply,
// score and move in a <title> tooltip) coloured by the class of the move
// that led to it (疑問手 blue, 悪手 orange, 大悪手 red), score lines every
// 500 centipawns, ply marks along the bottom, and a legend. Scores are cut
// to ±EvalGraphClip; mates stand at the edge. The output depends only on
// g.
func WriteEvalGraph(w io.Writer, g *EvalGraph) error {
	_, err := w.Write(AppendEvalGraph(nil, g))
	return err
}

// AppendEvalGraph appends the document WriteEvalGraph writes.
func AppendEvalGraph(b []byte, g *EvalGraph) []byte {
	last := 1
	for _, p := range g.Points {
		last = max(last, p.Ply)
	}
	x := func(ply int) float64 {
		return egLeft + float64(ply)*float64(egRight-egLeft)/float64(last)
	}
	mid := float64(egTop+egBottom) / 2
	y := func(e shogi.Eval) float64 {
		return mid - float64(e.Clamp(EvalGraphClip))*(mid-egTop)/EvalGraphClip
	}
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"...)
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="800" height="360" viewBox="0 0 800 360">`+"\n<title>"...)
	b = appendXMLText(b, g.Title)
	b = append(b, "</title>\n<desc>engine evaluation graph: "...)
	b = strconv.AppendInt(b, int64(len(g.Points)), 10)
	b = append(b, " analysed positions; centipawns from Black's view, clipped at ±2000</desc>\n"...)
	b = appendRect(b, 0, 0, egWidth, egHeight, `fill="#ffffff"`)
	b = appendRect(b, egLeft, egTop, egRight-egLeft, egBottom-egTop, `fill="#f4f1ea" stroke="#999999"`)
	// Score lines and labels.
	for cp := -EvalGraphClip; cp <= EvalGraphClip; cp += 500 {
		yy := int(y(shogi.EvalCP(cp)) + 0.5)
		stroke := `stroke="#dddddd"`
		if cp == 0 {
			stroke = `stroke="#888888"`
		}
		b = appendLine(b, egLeft, float64(yy), egRight, float64(yy), stroke)
		label := strconv.Itoa(cp)
		if cp > 0 {
			label = "+" + label
		}
		b = appendText(b, egLeft-6, yy+4, `font-size="11" text-anchor="end" fill="#555555"`, label)
	}
	// Ply marks.
	step := 10
	for last/step > 12 {
		step *= 2
	}
	for ply := 0; ply <= last; ply += step {
		xx := x(ply)
		b = appendLine(b, xx, egBottom, xx, egBottom+5, `stroke="#999999"`)
		b = appendText(b, int(xx+0.5), egBottom+18, `font-size="11" text-anchor="middle" fill="#555555"`, strconv.Itoa(ply))
	}
	b = appendText(b, (egLeft+egRight)/2, egBottom+34, `font-size="12" text-anchor="middle" fill="#555555"`, "手数 (ply)")
	b = appendText(b, egLeft, 24, `font-size="14" fill="#222222"`, g.Title)
	b = appendText(b, egRight, 24, `font-size="11" text-anchor="end" fill="#555555"`, "▲先手 ↑  ↓ △後手")
	if len(g.Points) > 0 {
		// The shaded area between the curve and the even line, then the curve.
		b = append(b, `<path fill="#cfc6b4" fill-opacity="0.6" stroke="none" d="M`...)
		b = appendXY(b, x(g.Points[0].Ply), mid)
		for _, p := range g.Points {
			b = append(b, " L"...)
			b = appendXY(b, x(p.Ply), y(p.Eval))
		}
		b = append(b, " L"...)
		b = appendXY(b, x(g.Points[len(g.Points)-1].Ply), mid)
		b = append(b, " Z\"/>\n"...)
		b = append(b, `<polyline class="curve" fill="none" stroke="#333333" stroke-width="1.5" points="`...)
		for i, p := range g.Points {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendXY(b, x(p.Ply), y(p.Eval))
		}
		b = append(b, "\"/>\n"...)
	}
	for _, p := range g.Points {
		r := "2.5"
		if p.Class != shogi.NoClass {
			r = "4.5"
		}
		b = append(b, `<circle class="point`...)
		if p.Class != shogi.NoClass {
			b = append(b, ' ')
			b = append(b, p.Class.String()...)
		}
		b = append(b, `" cx="`...)
		b = strconv.AppendFloat(b, x(p.Ply), 'f', 1, 64)
		b = append(b, `" cy="`...)
		b = strconv.AppendFloat(b, y(p.Eval), 'f', 1, 64)
		b = append(b, `" r="`...)
		b = append(b, r...)
		b = append(b, `" fill="`...)
		b = append(b, egClassColors[p.Class]...)
		b = append(b, `"><title>`...)
		b = strconv.AppendInt(b, int64(p.Ply), 10)
		b = append(b, "手"...)
		if p.Move != "" {
			b = append(b, ' ')
			b = appendXMLText(b, p.Move)
		}
		b = append(b, ": "...)
		b = append(b, p.Eval.String()...)
		if p.Class != shogi.NoClass {
			b = append(b, " 【"...)
			b = append(b, p.Class.Japanese()...)
			b = append(b, "】"...)
		}
		b = append(b, "</title></circle>\n"...)
	}
	// The legend and the engine.
	lx := egLeft
	for c := shogi.Inaccuracy; c <= shogi.Blunder; c++ {
		b = append(b, `<circle cx="`...)
		b = strconv.AppendInt(b, int64(lx+5), 10)
		b = append(b, `" cy="345" r="4.5" fill="`...)
		b = append(b, egClassColors[c]...)
		b = append(b, "\"/>\n"...)
		b = appendText(b, lx+14, 349, `font-size="11" fill="#333333"`, c.Japanese()+" "+c.String())
		lx += 120
	}
	if g.Engine != "" {
		b = appendText(b, egRight, 349, `font-size="11" text-anchor="end" fill="#555555"`, g.Engine)
	}
	return append(b, "</svg>\n"...)
}

// appendXY appends "x,y" with one decimal each.
func appendXY(b []byte, x, y float64) []byte {
	b = strconv.AppendFloat(b, x, 'f', 1, 64)
	b = append(b, ',')
	return strconv.AppendFloat(b, y, 'f', 1, 64)
}

// appendLine appends a <line>.
func appendLine(b []byte, x1, y1, x2, y2 float64, attrs string) []byte {
	b = append(b, `<line x1="`...)
	b = strconv.AppendFloat(b, x1, 'f', 1, 64)
	b = append(b, `" y1="`...)
	b = strconv.AppendFloat(b, y1, 'f', 1, 64)
	b = append(b, `" x2="`...)
	b = strconv.AppendFloat(b, x2, 'f', 1, 64)
	b = append(b, `" y2="`...)
	b = strconv.AppendFloat(b, y2, 'f', 1, 64)
	b = append(b, `" `...)
	b = append(b, attrs...)
	return append(b, "/>\n"...)
}
