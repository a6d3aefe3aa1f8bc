package shogi

import (
	"fmt"
	"iter"
)

// Record is one game record: its header, its start position and the tree of
// moves. Several records in one file (CSA `/`, USI lines) are read one at a
// time as separate Records.
type Record struct {
	Header Header
	// Preset is the named start position (手合割) when the record uses one;
	// Other means Start is a position of its own.
	Preset Handicap
	Start  Position
	Root   *Node

	slab    []slabNode // nodes are carved from here to keep parsing allocation-light
	retired int        // nodes in slabs filled before slab (Reset sizes one slab for all)
	root    slabNode   // Root's node, allocated with the record
}

// slabNode is a node with the slot that its parent's Children points at
// while it is the only child, so that the common one-child case costs no
// allocation of its own and Children[0] sits next to the node it points at.
// A second child moves the parent's Children to an array of its own.
type slabNode struct {
	Node
	slot [1]*Node
}

// NewRecord returns a record with an empty header, the given start position
// (its preset found by HandicapOf) and a root node.
func NewRecord(start Position) *Record {
	r := &Record{Start: start}
	r.Preset = HandicapOf(&start)
	r.Root = &r.root.Node
	return r
}

// Reset makes r a record with an empty header, the given start position and
// a root node, as NewRecord does, reusing r's memory: its header's backing
// array and its nodes' slab. No node of the old tree may be used after
// Reset: its memory may hold a node of the new one. The readers reset one
// record for each game when read with parse.Records, so that a batch of
// any size allocates no nodes once the longest game has been seen.
func (r *Record) Reset(start Position) {
	clear(r.Header)
	r.Header = r.Header[:0]
	r.Start = start
	r.Preset = HandicapOf(&start)
	r.root = slabNode{}
	r.Root = &r.root.Node
	used := len(r.slab)
	clear(r.slab)
	r.slab = r.slab[:0]
	if r.retired > 0 {
		// The tree spread over several slabs: one slab for all of it, with
		// room to spare, so that games of about this length fit from now on.
		n := r.retired + used
		r.slab = make([]slabNode, 0, n+n/4)
		r.retired = 0
	}
}

// NewNode returns a fresh node owned by r. Nodes come from a slab, so a
// record of n moves costs about n/30 allocations rather than n.
func (r *Record) NewNode() *Node { return &r.newSlabNode().Node }

func (r *Record) newSlabNode() *slabNode {
	if len(r.slab) == cap(r.slab) {
		// A small first slab for the many records with few nodes (an SFEN
		// list, a problem), then slabs of a fixed size: doubling sizes
		// left half of the last slab unused on average, and the collector
		// zeroes and scans all of it. The sizes fill a size class of the
		// allocator (1152 and 4096 bytes).
		n := slabSize
		if r.slab == nil {
			n = firstSlabSize
		}
		r.retired += len(r.slab)
		r.slab = make([]slabNode, 0, n)
	}
	r.slab = r.slab[:len(r.slab)+1]
	return &r.slab[len(r.slab)-1]
}

// Reserve makes room for n more nodes, so that a reader that knows how
// long a game is (CSA builds the tree after reading the game) allocates
// them at once and with none to spare.
func (r *Record) Reserve(n int) {
	if cap(r.slab)-len(r.slab) < n {
		if r.slab != nil && len(r.slab) == 0 {
			n += n / 4 // a reset record: longer games may follow
		}
		r.retired += len(r.slab)
		r.slab = make([]slabNode, 0, n)
	}
}

// Sizes of the slabs that nodes are carved from.
const (
	firstSlabSize = 8
	slabSize      = 30
)

// AddChild appends a child to parent holding move m (or ending e when m is
// zero) and returns it. The first child of a node is its main line.
func (r *Record) AddChild(parent *Node, m Move, e Ending) *Node {
	s := r.newSlabNode()
	n := &s.Node
	n.Parent = parent
	// The node is fresh: zero fields need no store (and no write barrier).
	if m != 0 {
		n.Move = m
	}
	if e.Kind != NoEnding || e.Side != 0 || len(e.Word) != 0 { // not e != Ending{}, which compares Word with a call
		n.End = e
	}
	if parent.Children == nil {
		s.slot[0] = n
		parent.Children = s.slot[:]
		return n
	}
	parent.Children = append(parent.Children, n)
	return n
}

// MainLine iterates the nodes of the main line after the root.
func (r *Record) MainLine() iter.Seq[*Node] { return r.Root.Line() }

// MainLineEnd returns the last node of the main line (the root if there are
// no moves).
func (r *Record) MainLineEnd() *Node {
	n := r.Root
	for n.Next() != nil {
		n = n.Next()
	}
	return n
}

// NodeAt returns the main-line node at ply (0 is the root), or nil when the
// main line is shorter.
func (r *Record) NodeAt(ply int) *Node {
	n := r.Root
	for i := 0; i < ply && n != nil; i++ {
		n = n.Next()
	}
	return n
}

// NodeByPath follows child indices from the root.
func (r *Record) NodeByPath(path []int) (*Node, error) {
	n := r.Root
	for i, k := range path {
		if k < 0 || k >= len(n.Children) {
			return nil, fmt.Errorf("path step %d: node has %d children, no child %d", i, len(n.Children), k)
		}
		n = n.Children[k]
	}
	return n, nil
}

// PositionAt returns the position after the move at n, computed by
// replaying the moves from the start. An ending node gives the position
// before it. It fails if a move on the way is illegal.
func (r *Record) PositionAt(n *Node) (Position, error) {
	var path []*Node
	for x := n; x != nil && x.Parent != nil; x = x.Parent {
		path = append(path, x)
	}
	p := r.Start
	for i := len(path) - 1; i >= 0; i-- {
		m := path[i].Move
		if m.IsZero() {
			continue
		}
		if err := p.Legal(m); err != nil {
			return p, fmt.Errorf("ply %d %s: %w", len(path)-i, m, err)
		}
		p.Play(m)
	}
	return p, nil
}

// Visitor receives a record's tree in the order Walk visits it: every node
// after its parent, a node's main continuation before its variations, as
// PGN and PSN print them.
type Visitor interface {
	// Move is called for every non-root node with the position before it.
	Move(pos *Position, n *Node)
	// BeginVariation is called before a node that is not its parent's
	// first child; returning false skips that variation.
	BeginVariation(pos *Position, n *Node) bool
	// EndVariation is called after the last node of a variation.
	EndVariation()
}

// Walk visits every node below the root in PGN order: at each node its main
// child, then each alternative to that child as a variation (recursively),
// then the rest of the main line. It uses an explicit stack, so arbitrarily
// deep trees cannot overflow the goroutine stack. Moves are played with
// Play, which also carries out a kept illegal move as it stands.
func (r *Record) Walk(v Visitor) {
	type frame struct {
		node   *Node // the node whose children are being visited
		pos    Position
		inVar  bool // this frame was opened by BeginVariation
		nextAt int  // the next alternative (index ≥ 1) of node.Next to visit
	}
	// Each frame walks a line: visit child[0] of node, then its siblings as
	// variations, then continue from child[0].
	stack := []frame{{node: r.Root, pos: r.Start, nextAt: -1}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.nextAt == -1 {
			// Visit the main child of f.node.
			main := f.node.Next()
			if main == nil {
				if f.inVar {
					v.EndVariation()
				}
				stack = stack[:len(stack)-1]
				continue
			}
			v.Move(&f.pos, main)
			f.nextAt = 1
		}
		if f.nextAt < len(f.node.Children) {
			alt := f.node.Children[f.nextAt]
			f.nextAt++
			if !v.BeginVariation(&f.pos, alt) {
				continue
			}
			v.Move(&f.pos, alt)
			np := f.pos
			if !alt.Move.IsZero() {
				np.Play(alt.Move)
			}
			stack = append(stack, frame{node: alt, pos: np, inVar: true, nextAt: -1})
			continue
		}
		// Advance along the main line.
		main := f.node.Next()
		if !main.Move.IsZero() {
			f.pos.Play(main.Move)
		}
		f.node = main
		f.nextAt = -1
	}
}

// MainLineNode returns the main-line node after ply moves (0 is the root).
// With ply < 0 it returns the last main-line node whose position can be
// shown: the end of the main line, before an ending, and before a move that
// a record keeps only to document a foul (反則負け after an illegal move).
func (r *Record) MainLineNode(ply int) (*Node, error) {
	n := r.Root
	pos := r.Start
	for i := 0; ply < 0 || i < ply; i++ {
		next := n.Next()
		if next == nil || next.IsEnd() || pos.Legal(next.Move) != nil {
			if ply < 0 {
				return n, nil
			}
			return nil, fmt.Errorf("ply %d: the main line has only %d playable moves", ply, i)
		}
		pos.Play(next.Move)
		n = next
	}
	return n, nil
}
