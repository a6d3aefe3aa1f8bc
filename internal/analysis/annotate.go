package analysis

import (
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
)

// Annotate writes ga into rec's comments: on the node of each position
// with a score, a block in ShogiHome's style (see shogi.Annotation) with
// the class of the move that led there, the score, the PV in Japanese, the
// depth, the nodes and the engine's name. An earlier block on the node
// (from an earlier analysis, in any style) is replaced and every other
// comment line is kept, so that annotating twice gives the record of
// annotating once. Nodes ga has no score for are left as they are.
func Annotate(rec *shogi.Record, ga *GameAnalysis) {
	classes := make(map[*shogi.Node]shogi.MoveClass, len(ga.Moves))
	for _, m := range ga.Moves {
		classes[m.Node] = m.Class
	}
	pos := make(map[*shogi.Node]shogi.Position, len(ga.Positions))
	for _, p := range ga.Positions {
		if p.HasEval {
			pos[p.Node] = shogi.Position{}
		}
	}
	if len(pos) == 0 {
		return
	}
	positionsOf(rec, pos)
	for i := range ga.Positions {
		p := &ga.Positions[i]
		if !p.HasEval {
			continue
		}
		at := pos[p.Node]
		a := shogi.Annotation{Class: classes[p.Node], Eval: p.Eval, PV: p.PV, Depth: p.Depth, Nodes: p.Nodes, Engine: ga.Engine}
		cs := shogi.StripAnnotations(p.Node.Comments())
		out := make([]string, 0, len(cs)+8)
		out = append(out, cs...)
		rec.SetComments(p.Node, shogi.AppendAnnotation(out, &a, &at, shogi.ShogiHomeStyle, nil))
	}
}

// positionsOf fills want with the position after each of its nodes.
func positionsOf(rec *shogi.Record, want map[*shogi.Node]shogi.Position) {
	if _, ok := want[rec.Root]; ok {
		want[rec.Root] = rec.Start
	}
	rec.Walk(positionVisitor(want))
}

type positionVisitor map[*shogi.Node]shogi.Position

func (v positionVisitor) Move(pos *shogi.Position, n *shogi.Node) {
	if _, ok := v[n]; ok && !n.IsEnd() {
		p := *pos
		p.Play(n.Move)
		v[n] = p
	}
}

func (positionVisitor) BeginVariation(*shogi.Position, *shogi.Node) bool { return true }
func (positionVisitor) EndVariation()                                    {}

// HasAnalysis reports whether any node of rec carries an analysis block
// (in any style; see shogi.FindAnnotation).
func HasAnalysis(rec *shogi.Record) bool {
	for n := range nodes(rec) {
		if _, _, ok := shogi.FindAnnotation(n.Comments()); ok {
			return true
		}
	}
	return false
}

// nodes iterates the root and every node below it.
func nodes(rec *shogi.Record) func(func(*shogi.Node) bool) {
	return func(yield func(*shogi.Node) bool) {
		stack := []*shogi.Node{rec.Root}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(n) {
				return
			}
			for c := range n.Children() {
				stack = append(stack, c)
			}
		}
	}
}

// FromRecord reads back the analysis that Annotate (or ShogiHome, or a
// reader of another format's convention) wrote into rec's comments, and
// judges it with th: the Positions of the main line and, with variations,
// of every line, whose nodes carry a block that reads. ok is false when no
// node does. The engine is the name on the first block.
func FromRecord(rec *shogi.Record, variations bool, th Thresholds) (ga *GameAnalysis, ok bool) {
	if !hasAnnotation(rec) {
		return nil, false // without playing the moves
	}
	ga = &GameAnalysis{}
	eachTarget(rec, &Options{Variations: variations}, func(t *target) bool {
		if len(t.node.Comments()) == 0 {
			return true
		}
		a, found := shogi.ParseAnnotation(t.node.Comments(), &t.pos)
		if !found {
			return true
		}
		if ga.Engine == "" {
			ga.Engine = a.Engine
		}
		p := Position{Node: t.node, Ply: len(t.moves), Turn: t.pos.Turn(), SFEN: t.pos.SFEN(), MainLine: t.mainLine,
			HasEval: true, Eval: a.Eval, Score: scoreOf(a.Eval, t.pos.Turn()), PV: a.PV, Depth: a.Depth, Nodes: a.Nodes}
		if len(a.PV) > 0 {
			p.BestMove.Move = a.PV[0]
		}
		ga.Positions = append(ga.Positions, p)
		return true
	})
	if len(ga.Positions) == 0 {
		return nil, false
	}
	Judge(ga, th)
	return ga, true
}

// hasAnnotation reports whether a comment of rec holds an analysis block.
func hasAnnotation(rec *shogi.Record) bool {
	if !rec.MayHaveAnnotation() {
		return false
	}
	for n := range rec.Nodes() {
		if c := n.Comments(); len(c) > 0 {
			if _, _, found := shogi.FindAnnotation(c); found {
				return true
			}
		}
	}
	return false
}

// scoreOf returns e from turn's view as an engine states it.
func scoreOf(e shogi.Eval, turn shogi.Color) usi.Score {
	if e.Mate {
		return usi.Score{Mate: true, Plies: e.Plies, Win: e.Winner == turn}
	}
	return usi.Score{CP: e.For(turn).CP}
}
