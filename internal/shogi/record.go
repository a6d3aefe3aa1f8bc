package shogi

import (
	"fmt"
	"iter"
	"slices"
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
	// Source, when a reader was asked for it, tells where the record's
	// nodes stood in the text it was read from (validate's positions).
	Source Source

	nodes  slab[Node]      // nodes are carved from here to keep parsing allocation-light
	extras slab[nodeExtra] // and the extra parts of nodes from here,
	rares  slab[nodeRare]  // and their rare parts from here
	root   Node            // Root's node, allocated with the record
	// hashLine is set once a comment line starting with '#' is given to a
	// node (MayHaveAnnotation).
	hashLine bool
}

// NewRecord returns a record with an empty header, the given start position
// (its preset found by HandicapOf) and a root node.
func NewRecord(start Position) *Record {
	r := &Record{Start: start}
	r.Preset = HandicapOf(&start)
	r.Root = &r.root
	return r
}

// Reset makes r a record with an empty header, the given start position and
// a root node, as NewRecord does, reusing r's memory: its header's backing
// array and its nodes' slabs. No node of the old tree may be used after
// Reset: its memory may hold a node of the new one. The readers reset one
// record for each game when read with parse.Records, so that a batch of
// any size allocates no nodes once the longest game has been seen.
func (r *Record) Reset(start Position) {
	clear(r.Header)
	r.Header = r.Header[:0]
	r.Start = start
	r.Preset = HandicapOf(&start)
	r.root = Node{}
	r.Root = &r.root
	r.Source = nil
	r.nodes.reset()
	r.extras.reset()
	r.rares.reset()
	r.hashLine = false
}

// NewNode returns a fresh node owned by r. Nodes come from a slab, so a
// record of n moves costs about n/100 allocations rather than n.
func (r *Record) NewNode() *Node { return r.nodes.next(firstSlabSize, slabSize) }

// Reserve makes room for n more nodes, of which extras have a time, a
// comment or a bookmark and rares a comment or a bookmark, so that a
// reader that knows how long a game is (CSA builds the tree after reading
// the game) allocates them at once and with none to spare.
func (r *Record) Reserve(n, extras, rares int) {
	r.nodes.reserve(n)
	r.extras.reserve(extras)
	r.rares.reserve(rares)
}

// MayHaveAnnotation reports false when no comment line given to r's nodes
// starts with '#', as the engine line that ends every analysis block does
// (FindAnnotation): a search for blocks then stops before walking the
// tree, which for a game with comments and no analysis cost more than
// the search (BenchmarkFromRecordUnanalysed).
func (r *Record) MayHaveAnnotation() bool { return r.hashLine }

// extra returns n's extra part, giving it one from r's slab if it has none.
func (r *Record) extra(n *Node) *nodeExtra {
	if n.extra == nil {
		n.extra = r.extras.next(firstExtrasSlabSize, extrasSlabSize)
	}
	return n.extra
}

// rare returns n's rare part, giving it one (and an extra part) if it has
// none.
func (r *Record) rare(n *Node) *nodeRare {
	e := r.extra(n)
	if e.rare == nil {
		e.rare = r.rares.next(firstRaresSlabSize, raresSlabSize)
	}
	return e.rare
}

// Sizes of the slabs that nodes (40 bytes), their extra parts (32) and
// their rare parts (64) are carved from: they fill a size class of the
// allocator (1152 and 4096 bytes).
const (
	firstSlabSize       = 28
	slabSize            = 102
	firstExtrasSlabSize = 36
	extrasSlabSize      = 128
	firstRaresSlabSize  = 18
	raresSlabSize       = 64
)

// slab hands out fresh values of T from arrays it allocates a chunk at a
// time: a small first chunk for the many records with few nodes (an SFEN
// list, a problem), then chunks of a fixed size: doubling sizes left half
// of the last chunk unused on average, and the collector zeroes and scans
// all of it.
type slab[T any] struct {
	free    []T // the chunk in use: free[len(free):cap(free)] is fresh
	retired int // values in chunks filled before free
}

func (s *slab[T]) next(first, size int) *T {
	if len(s.free) == cap(s.free) {
		n := size
		if s.free == nil {
			n = first
		}
		s.retired += len(s.free)
		s.free = make([]T, 0, n)
	}
	s.free = s.free[:len(s.free)+1]
	return &s.free[len(s.free)-1]
}

// reserve makes room for n more values in one chunk.
func (s *slab[T]) reserve(n int) {
	if cap(s.free)-len(s.free) < n {
		if s.free != nil && len(s.free) == 0 {
			n += n / 4 // a reset record: longer games may follow
		}
		s.retired += len(s.free)
		s.free = make([]T, 0, n)
	}
}

// reset makes every value fresh again. When the values spread over several
// chunks, it makes one chunk for all of them, with room to spare, so that
// games of about this length fit from now on.
func (s *slab[T]) reset() {
	used := len(s.free)
	clear(s.free)
	s.free = s.free[:0]
	if s.retired > 0 {
		n := s.retired + used
		s.free = make([]T, 0, n+n/4)
		s.retired = 0
	}
}

// SetTime sets the time spent on n's move or ending.
func (r *Record) SetTime(n *Node, t MoveTime) {
	if n.extra != nil || t != (MoveTime{}) {
		r.extra(n).time = t
	}
}

// SetComments sets the comment lines after n's move (on the root: before
// the first move). n keeps c, which its caller must not change afterwards.
func (r *Record) SetComments(n *Node, c []string) {
	if n.rare() != nil || c != nil {
		r.rare(n).comments = c
	}
	if r.hashLine {
		return
	}
	for _, line := range c {
		if len(line) > 0 && line[0] == '#' {
			r.hashLine = true
			return
		}
	}
}

// SetBookmark sets n's KIF `&` bookmark name.
func (r *Record) SetBookmark(n *Node, name string) {
	if n.rare() != nil || name != "" {
		r.rare(n).bookmark = name
	}
}

// SetEnd makes n hold the ending e (zero for none).
func (r *Record) SetEnd(n *Node, e Ending) {
	n.end, n.side = e.Kind, e.Side
	if n.rare() != nil || len(e.Word) != 0 {
		r.rare(n).word = e.Word
	}
}

// AddChild appends a child to parent holding move m (or ending e when m is
// zero) and returns it. The first child of a node is its main line.
func (r *Record) AddChild(parent *Node, m Move, e Ending) *Node {
	return r.InsertChild(parent, parent.LastChild(), m, e)
}

// AddMove appends a child to parent holding move m and the time t (zero for
// none) and returns it, as AddChild and then SetTime would. It is the call
// readers make for each move they read.
func (r *Record) AddMove(parent *Node, m Move, t MoveTime) *Node {
	if parent.first != nil {
		return r.addVariation(parent, m, t)
	}
	// The usual case: the next move of a line. The node is fresh, so zero
	// fields need no store (and no write barrier).
	n := r.NewNode()
	n.parent = parent
	n.Move = m
	if t != (MoveTime{}) {
		e := r.extras.next(firstExtrasSlabSize, extrasSlabSize)
		e.time = t
		n.extra = e
	}
	parent.first = n
	return n
}

// addVariation is AddMove for a parent that has a child already.
func (r *Record) addVariation(parent *Node, m Move, t MoveTime) *Node {
	n := r.InsertChild(parent, parent.LastChild(), m, Ending{})
	r.SetTime(n, t)
	return n
}

// InsertChild adds a child to parent right after its child after, or as
// its first child (its main line) when after is nil, holding move m (or
// ending e when m is zero), and returns it.
func (r *Record) InsertChild(parent, after *Node, m Move, e Ending) *Node {
	n := r.NewNode()
	n.parent = parent
	// The node is fresh: zero fields need no store (and no write barrier).
	if m != 0 {
		n.Move = m
	}
	if e.Kind != NoEnding || e.Side != 0 || len(e.Word) != 0 { // not e != Ending{}, which compares Word with a call
		r.SetEnd(n, e)
	}
	if after == nil {
		if next := parent.first; next != nil {
			n.sib = next
			if rl := r.rare(parent); rl.last == nil {
				rl.last = next // it was the only child
			}
		}
		parent.first = n
		return n
	}
	if next := after.sib; next != nil {
		n.sib = next
	} else {
		r.rare(parent).last = n
	}
	after.sib = n
	return n
}

// MainLine iterates the nodes of the main line after the root.
func (r *Record) MainLine() iter.Seq[*Node] { return r.Root.Line() }

// Nodes iterates every node of r depth first: the root first, each node
// before its children, and a node's whole first line (to its leaf) before
// its other children, so the first leaf is the end of the main line. It
// keeps its own stack, so a tree of any depth is fine.
func (r *Record) Nodes() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		stack := []*Node{r.Root}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(n) {
				return
			}
			k := len(stack)
			for c := range n.Children() {
				stack = append(stack, c)
			}
			slices.Reverse(stack[k:])
		}
	}
}

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
		c := n.Child(k)
		if c == nil {
			return nil, fmt.Errorf("path step %d: node has %d children, no child %d", i, n.NumChildren(), k)
		}
		n = c
	}
	return n, nil
}

// PositionAt returns the position after the move at n, computed by
// replaying the moves from the start. An ending node gives the position
// before it. It fails if a move on the way is illegal.
func (r *Record) PositionAt(n *Node) (Position, error) {
	var path []*Node
	for x := n; x != nil && x.parent != nil; x = x.parent {
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
		node  *Node // the node whose children are being visited
		pos   Position
		inVar bool  // this frame was opened by BeginVariation
		begun bool  // node.Next has been visited
		alt   *Node // the next alternative to node.Next to visit
	}
	// Each frame walks a line: visit the first child of node, then its
	// siblings as variations, then continue from the first child.
	stack := []frame{{node: r.Root, pos: r.Start}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if !f.begun {
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
			f.begun, f.alt = true, main.Sibling()
		}
		if alt := f.alt; alt != nil {
			f.alt = alt.Sibling()
			if !v.BeginVariation(&f.pos, alt) {
				continue
			}
			v.Move(&f.pos, alt)
			np := f.pos
			if !alt.Move.IsZero() {
				np.Play(alt.Move)
			}
			stack = append(stack, frame{node: alt, pos: np, inVar: true})
			continue
		}
		// Advance along the main line.
		main := f.node.Next()
		if !main.Move.IsZero() {
			f.pos.Play(main.Move)
		}
		f.node = main
		f.begun = false
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
