package render

import (
	"errors"

	"github.com/kifconv/kifconv/internal/shogi"
)

// A record keeps an illegal move only where it ends its line: the last
// move, or the one before the capture of the king it left in check, each
// followed by the foul ending that documents it or by nothing (a lenient
// reader's warning; shogi/foul.go). Formats that state a move by its origin
// (KIF, CSA, JKF, USI, PSN) write it as it is. Formats whose move text
// names a piece and a square (KI2, Western, Hosking, Kitao–Kawasaki) write
// it only when the text reads back as that move; otherwise the line stops
// before it and the loss is reported as lostIllegal.
const lostIllegal = "illegal moves"

// errSkipLine is returned by a kakinokiVisitor's node to leave out that
// node and the rest of its line (the alternatives to the node itself are
// still written).
var errSkipLine = errors.New("render: the rest of the line is left out")

// endsLine reports whether n is a move where readers may keep an illegal
// one: followed by only endings, or by one move (the capture of a king)
// and then only endings.
func endsLine(n *shogi.Node) bool {
	if n.IsEnd() {
		return false
	}
	next := n.Next()
	if next == nil || next.IsEnd() {
		return true
	}
	after := next.Next()
	return after == nil || after.IsEnd()
}

// illegalUnstated reports whether n, a move played in pos, is an illegal
// move whose text (text, without a side mark) parse does not read back as
// the same move: a move the notation cannot state. Only the moves where
// readers keep illegal ones (endsLine) are checked; the others are legal.
func illegalUnstated(pos *shogi.Position, n *shogi.Node, text []byte, parse func(*shogi.Position, string) (shogi.Move, error)) bool {
	if !endsLine(n) || pos.Legal(n.Move) == nil {
		return false
	}
	m, err := parse(pos, string(text))
	return err != nil || m != n.Move
}
