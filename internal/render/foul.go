package render

import (
	"errors"

	"github.com/kifconv/kifconv/internal/shogi"
)

// A record keeps an illegal move only as the last move of its line, followed
// by the foul ending that documents it, or by nothing (a lenient reader's
// warning). Formats that state a move by its origin (KIF, CSA, JKF, USI,
// PSN) write it as it is. Formats whose move text names a piece and a
// square (KI2, Western, Hosking, Kitao–Kawasaki) write it only when the
// text reads back as that move; otherwise the line stops before it and the
// loss is reported as lostIllegal.
const lostIllegal = "illegal moves"

// errSkipLine is returned by a kakinokiVisitor's node to leave out that
// node and the rest of its line (the alternatives to the node itself are
// still written).
var errSkipLine = errors.New("render: the rest of the line is left out")

// endsLine reports whether n is a move after which only endings follow:
// the place of a move a record keeps to document a foul.
func endsLine(n *shogi.Node) bool {
	if n.IsEnd() {
		return false
	}
	next := n.Next()
	return next == nil || next.IsEnd()
}

// illegalUnstated reports whether n, a move played in pos, is an illegal
// move whose text (text, without a side mark) parse does not read back as
// the same move: a move the notation cannot state. Only the last move of
// a line is checked, where readers keep illegal moves; the others are
// legal.
func illegalUnstated(pos *shogi.Position, n *shogi.Node, text []byte, parse func(*shogi.Position, string) (shogi.Move, error)) bool {
	if !endsLine(n) || pos.Legal(n.Move) == nil {
		return false
	}
	m, err := parse(pos, string(text))
	return err != nil || m != n.Move
}
