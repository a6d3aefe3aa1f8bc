package render

import "github.com/kifconv/kifconv/internal/shogi"

// annotator gives a writer a node's comments with their analysis block
// (shogi.Annotation) in the convention of the writer's format. It follows
// the position from node to node, so that a writer going down a line of
// play plays each move once; elsewhere it replays the record to the node.
type annotator struct {
	n   *shogi.Node // the node pos stands after
	pos shogi.Position
}

// comments returns n's comments with the block in style (see
// shogi.ConvertAnnotation), or n's comments as they are when they hold no
// block.
func (a *annotator) comments(rec *shogi.Record, n *shogi.Node, style shogi.AnnotationStyle, move shogi.MoveAppender) []string {
	cs := n.Comments()
	if !rec.MayHaveAnnotation() || n.IsEnd() {
		return cs // no line of the record starts a block
	}
	if _, _, ok := shogi.FindAnnotation(cs); !ok {
		return cs
	}
	switch {
	case n == rec.Root:
		a.pos = rec.Start
	case a.n != nil && n.Parent() == a.n:
		a.pos.Play(n.Move)
	default:
		p, err := rec.PositionAt(n)
		if err != nil {
			a.n = nil
			return cs
		}
		a.pos = p
	}
	a.n = n
	return shogi.ConvertAnnotation(cs, &a.pos, style, move)
}
