package shogi

import (
	"iter"
	"time"
)

// MoveTime is the time a move took and the running total of the side that
// made it, exactly as the source stated them.
type MoveTime struct {
	Elapsed  time.Duration // time spent on this move (sub-second allowed)
	Total    time.Duration // the mover's total so far
	HasTime  bool          // Elapsed was stated
	HasTotal bool          // Total was stated
}

// Node is one point of a game tree. The root holds no move (its comments are
// those on the start position); every other node holds either a Move or an
// End. Children[0] continues the main line; later children are variations
// in the order the source gave them. Nodes store no position: walks carry
// one along.
type Node struct {
	Parent   *Node
	Children []*Node
	Move     Move     // zero on the root and on ending nodes
	End      Ending   // non-zero on ending nodes, which are leaves
	Time     MoveTime // time spent on this move or ending
	Comments []string // comment lines after this move (on the root: before the first move)
	Bookmark string   // KIF `&` bookmark name
}

// IsEnd reports whether n is a special ending.
func (n *Node) IsEnd() bool { return n.End.Kind != NoEnding }

// Next returns the main-line child, or nil.
func (n *Node) Next() *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// Ply returns the number of moves and endings from the root to n (the root
// is 0, the first move 1). An ending counts as a ply, as KIF numbers it.
func (n *Node) Ply() int {
	k := 0
	for x := n; x.Parent != nil; x = x.Parent {
		k++
	}
	return k
}

// IsMainLine reports whether n is on the main line (every node on its path
// is its parent's first child).
func (n *Node) IsMainLine() bool {
	for x := n; x.Parent != nil; x = x.Parent {
		if x.Parent.Children[0] != x {
			return false
		}
	}
	return true
}

// Promote moves n one place towards the front of its parent's children (the
// front is the main line).
func (n *Node) Promote() {
	if n.Parent == nil {
		return
	}
	cs := n.Parent.Children
	for i := 1; i < len(cs); i++ {
		if cs[i] == n {
			cs[i-1], cs[i] = cs[i], cs[i-1]
			return
		}
	}
}

// PromoteToMain makes n and every node above it the first child of its
// parent, so that n lies on the main line.
func (n *Node) PromoteToMain() {
	for x := n; x.Parent != nil; x = x.Parent {
		cs := x.Parent.Children
		for i := range cs {
			if cs[i] == x {
				copy(cs[1:i+1], cs[:i])
				cs[0] = x
				break
			}
		}
	}
}

// Path returns the child indices that lead from the root to n.
func (n *Node) Path() []int {
	var rev []int
	for x := n; x.Parent != nil; x = x.Parent {
		for i, c := range x.Parent.Children {
			if c == x {
				rev = append(rev, i)
				break
			}
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// Line returns the nodes from n's first child along first children to the
// end of that line.
func (n *Node) Line() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for x := n.Next(); x != nil; x = x.Next() {
			if !yield(x) {
				return
			}
		}
	}
}
