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
// End. The first child continues the main line; later children are
// variations in the order the source gave them. Nodes store no position:
// walks carry one along.
//
// A node is 40 bytes, so that a game of a million moves fits in a few
// dozen megabytes (issue 15): the parent holds its first child and the
// children are a list through their sib links, and the fields most moves
// lack sit aside: the time in an extra part (32 bytes) that only nodes
// with a time or a rare field have, and comments, a bookmark, an ending's
// word and the last of several children in a rare part it points to.
// Record's setters (SetTime, SetComments, SetBookmark) fill them from the
// record's own slabs.
type Node struct {
	parent *Node
	first  *Node      // the first child: the main line
	sib    *Node      // the next child of parent
	extra  *nodeExtra // nil while all its fields are zero
	Move   Move       // zero on the root and on ending nodes
	end    EndingKind // non-zero on ending nodes, which are leaves
	side   Color      // the ending's side
}

// nodeExtra holds the time of a node with one, or with a rare field. The
// time is apart from the rare fields so that a record with a time on
// every move costs 32 bytes more a move, not 80.
type nodeExtra struct {
	time MoveTime
	rare *nodeRare // nil while all its fields are zero
}

// nodeRare holds the fields that few nodes have.
type nodeRare struct {
	comments []string
	bookmark string
	word     string // the ending's word (Ending.Word)
	last     *Node  // the last child when there are several (nil otherwise), for appending
}

// rare returns n's rare part, or nil.
func (n *Node) rare() *nodeRare {
	if n.extra == nil {
		return nil
	}
	return n.extra.rare
}

// Parent returns the node n follows, or nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// End returns the special ending n holds (zero on move nodes and the root).
func (n *Node) End() Ending {
	e := Ending{Kind: n.end, Side: n.side}
	if r := n.rare(); r != nil {
		e.Word = r.word
	}
	return e
}

// Time returns the time spent on n's move or ending, as the source stated it.
func (n *Node) Time() MoveTime {
	if n.extra == nil {
		return MoveTime{}
	}
	return n.extra.time
}

// Comments returns the comment lines after n's move (on the root: before
// the first move).
func (n *Node) Comments() []string {
	if r := n.rare(); r != nil {
		return r.comments
	}
	return nil
}

// Bookmark returns n's KIF `&` bookmark name, or "".
func (n *Node) Bookmark() string {
	if r := n.rare(); r != nil {
		return r.bookmark
	}
	return ""
}

// IsEnd reports whether n is a special ending.
func (n *Node) IsEnd() bool { return n.end != NoEnding }

// Next returns the main-line child, or nil.
func (n *Node) Next() *Node { return n.first }

// LastChild returns n's last child, or nil.
func (n *Node) LastChild() *Node {
	if f := n.first; f == nil || f.sib == nil {
		return f // none or an only child: rare.last is nil
	}
	return n.rare().last
}

// Sibling returns the child of n's parent that comes after n, or nil when n
// is the last (or the root).
func (n *Node) Sibling() *Node { return n.sib }

// Children iterates n's children: the main continuation, then the
// variations.
func (n *Node) Children() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := n.Next(); c != nil; c = c.Sibling() {
			if !yield(c) {
				return
			}
		}
	}
}

// Variations iterates the children of n after the first: the alternatives
// to its main continuation.
func (n *Node) Variations() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		if n.first == nil {
			return
		}
		for c := n.first.sib; c != nil; c = c.sib {
			if !yield(c) {
				return
			}
		}
	}
}

// NumChildren returns the number of n's children.
func (n *Node) NumChildren() int {
	k := 0
	for c := n.Next(); c != nil; c = c.Sibling() {
		k++
	}
	return k
}

// HasVariations reports whether n has more than one child.
func (n *Node) HasVariations() bool { return n.first != nil && n.first.sib != nil }

// Child returns n's child at index i (0 is the main continuation), or nil.
func (n *Node) Child(i int) *Node {
	c := n.Next()
	for ; c != nil && i > 0; i-- {
		c = c.Sibling()
	}
	if i < 0 {
		return nil
	}
	return c
}

// Ply returns the number of moves and endings from the root to n (the root
// is 0, the first move 1). An ending counts as a ply, as KIF numbers it.
func (n *Node) Ply() int {
	k := 0
	for x := n; x.parent != nil; x = x.parent {
		k++
	}
	return k
}

// IsMainLine reports whether n is on the main line (every node on its path
// is its parent's first child).
func (n *Node) IsMainLine() bool {
	for x := n; x.parent != nil; x = x.parent {
		if x.parent.Next() != x {
			return false
		}
	}
	return true
}

// Promote moves n one place towards the front of its parent's children (the
// front is the main line).
func (n *Node) Promote() {
	p := n.parent
	if p == nil {
		return
	}
	cs := collect(p)
	for i := 1; i < len(cs); i++ {
		if cs[i] == n {
			cs[i-1], cs[i] = cs[i], cs[i-1]
			p.link(cs)
			return
		}
	}
}

// PromoteToMain makes n and every node above it the first child of its
// parent, so that n lies on the main line.
func (n *Node) PromoteToMain() {
	for x := n; x.parent != nil; x = x.parent {
		if x.parent.Next() == x {
			continue
		}
		cs := collect(x.parent)
		for i := range cs {
			if cs[i] == x {
				copy(cs[1:i+1], cs[:i])
				cs[0] = x
				break
			}
		}
		x.parent.link(cs)
	}
}

// Detach removes n, and the nodes below it, from its parent's children.
func (n *Node) Detach() {
	p := n.parent
	if p == nil {
		return
	}
	cs := collect(p)
	for i, c := range cs {
		if c == n {
			p.link(append(cs[:i], cs[i+1:]...))
			break
		}
	}
	n.parent, n.sib = nil, nil
}

// collect returns p's children in order.
func collect(p *Node) []*Node {
	var cs []*Node
	for c := range p.Children() {
		cs = append(cs, c)
	}
	return cs
}

// link makes cs, which n's children were, its children in that order
// (or a part of them: n has a rare part if it had several).
func (n *Node) link(cs []*Node) {
	n.first = nil
	for i := len(cs) - 1; i >= 0; i-- {
		cs[i].sib, n.first = n.first, cs[i]
	}
	if r := n.rare(); r != nil {
		r.last = nil
		if len(cs) > 1 {
			r.last = cs[len(cs)-1]
		}
	}
}

// Path returns the child indices that lead from the root to n.
func (n *Node) Path() []int {
	var rev []int
	for x := n; x.parent != nil; x = x.parent {
		i := 0
		for c := x.parent.Next(); c != x; c = c.Sibling() {
			i++
		}
		rev = append(rev, i)
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
