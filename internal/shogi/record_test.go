package shogi

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// traceVisitor writes the walk as text: moves in USI, endings by name,
// variations in parentheses. It also checks that every node comes with the
// position before it.
type traceVisitor struct {
	t    *testing.T
	rec  *Record
	b    strings.Builder
	skip func(n *Node) bool
}

func (v *traceVisitor) Move(pos *Position, n *Node) {
	if want, err := v.rec.PositionAt(n.Parent()); err != nil || !want.Equal(pos) {
		v.t.Errorf("Move(%v): position %s, want %s (%v)", n.Move, pos.SFEN(), want.SFEN(), err)
	}
	if n.IsEnd() {
		v.b.WriteString(n.End().Kind.String() + " ")
	} else {
		v.b.WriteString(n.Move.String() + " ")
	}
}

func (v *traceVisitor) BeginVariation(pos *Position, n *Node) bool {
	if v.skip != nil && v.skip(n) {
		return false
	}
	v.b.WriteString("( ")
	return true
}

func (v *traceVisitor) EndVariation() { v.b.WriteString(") ") }

func mv(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sampleTree builds, from the start:
//
//	7g7f 3c3d 2g2f (8c8d resign) ( 2g2f 8c8d (3c3d 7g7f) )
//
// that is: root → [7g7f, 2g2f]; 7g7f → [3c3d, 8c8d]; 3c3d → [2g2f];
// 8c8d → [resign]; 2g2f → [8c8d, 3c3d]; 3c3d (under 2g2f) → [7g7f].
func sampleTree(t testing.TB) (rec *Record, n map[string]*Node) {
	rec = NewRecord(StartPosition())
	n = map[string]*Node{}
	add := func(name, parent, move string) {
		p := rec.Root
		if parent != "" {
			p = n[parent]
		}
		if move == "resign" {
			n[name] = rec.AddChild(p, 0, Ending{Kind: Resign, Side: White})
			return
		}
		n[name] = rec.AddChild(p, mv(t, move), Ending{})
	}
	add("A", "", "7g7f")
	add("B", "", "2g2f")
	add("C", "A", "3c3d")
	add("D", "A", "8c8d")
	add("E", "C", "2g2f")
	add("F", "D", "resign")
	add("G", "B", "8c8d")
	add("H", "B", "3c3d")
	add("I", "H", "7g7f")
	return rec, n
}

func TestRecordTree(t *testing.T) {
	rec, n := sampleTree(t)
	if rec.Preset != Even {
		t.Errorf("Preset = %v", rec.Preset)
	}
	if rec.Root.Parent() != nil || rec.Root.Move != 0 || rec.Root.Ply() != 0 {
		t.Error("bad root")
	}
	if n["A"].Parent() != rec.Root || rec.Root.Next() != n["A"] || !slices.Equal(slices.Collect(rec.Root.Children()), []*Node{n["A"], n["B"]}) {
		t.Error("AddChild did not link the root's children in order")
	}
	if !n["F"].IsEnd() || n["F"].Move != 0 || n["E"].IsEnd() {
		t.Error("IsEnd")
	}
	var main []string
	for x := range rec.MainLine() {
		main = append(main, x.Move.String())
	}
	if got := strings.Join(main, " "); got != "7g7f 3c3d 2g2f" {
		t.Errorf("MainLine = %s", got)
	}
	// Breaking out of the iteration stops it.
	k := 0
	for range rec.MainLine() {
		k++
		break
	}
	if k != 1 {
		t.Errorf("MainLine yielded %d nodes after break", k)
	}
	if rec.MainLineEnd() != n["E"] {
		t.Error("MainLineEnd")
	}
	for ply, want := range []*Node{rec.Root, n["A"], n["C"], n["E"], nil} {
		if got := rec.NodeAt(ply); got != want {
			t.Errorf("NodeAt(%d) = %p, want %p", ply, got, want)
		}
	}
	plies := map[string]int{"A": 1, "B": 1, "C": 2, "D": 2, "E": 3, "F": 3, "G": 2, "H": 2, "I": 3}
	paths := map[string][]int{"A": {0}, "B": {1}, "D": {0, 1}, "F": {0, 1, 0}, "H": {1, 1}, "I": {1, 1, 0}}
	for name, x := range n {
		if x.Ply() != plies[name] {
			t.Errorf("%s.Ply() = %d", name, x.Ply())
		}
		if got, err := rec.NodeByPath(x.Path()); err != nil || got != x {
			t.Errorf("NodeByPath(%s.Path() = %v) = %p, %v", name, x.Path(), got, err)
		}
		if want, ok := paths[name]; ok && !slices.Equal(x.Path(), want) {
			t.Errorf("%s.Path() = %v, want %v", name, x.Path(), want)
		}
		onMain := name == "A" || name == "C" || name == "E"
		if x.IsMainLine() != onMain {
			t.Errorf("%s.IsMainLine() = %v", name, x.IsMainLine())
		}
	}
	if got, err := rec.NodeByPath(nil); err != nil || got != rec.Root {
		t.Errorf("NodeByPath(nil) = %p, %v", got, err)
	}
	for _, bad := range [][]int{{2}, {0, 0, 0, 0}, {-1}, {1, 2}} {
		if _, err := rec.NodeByPath(bad); err == nil {
			t.Errorf("NodeByPath(%v) succeeded", bad)
		}
	}
}

func TestPositionAt(t *testing.T) {
	rec, n := sampleTree(t)
	tests := []struct {
		node  string
		moves string
	}{
		{"A", "7g7f"},
		{"E", "7g7f 3c3d 2g2f"},
		{"F", "7g7f 8c8d"}, // an ending gives the position before it
		{"I", "2g2f 3c3d 7g7f"},
	}
	for _, tt := range tests {
		want := StartPosition()
		for _, s := range strings.Fields(tt.moves) {
			want.Play(mv(t, s))
		}
		got, err := rec.PositionAt(n[tt.node])
		if err != nil || !got.Equal(&want) || got.MoveNumber() != want.MoveNumber() || got.LastMove() != want.LastMove() {
			t.Errorf("PositionAt(%s) = %s, %v; want %s", tt.node, got.SFEN(), err, want.SFEN())
		}
	}
	if got, err := rec.PositionAt(rec.Root); err != nil || !got.Equal(&rec.Start) {
		t.Errorf("PositionAt(root) = %s, %v", got.SFEN(), err)
	}
	// An illegal move on the way is an error that names the ply and wraps
	// the rule.
	bad := rec.AddChild(n["E"], mv(t, "2f2d"), Ending{})
	rec.AddChild(bad, mv(t, "8c8d"), Ending{})
	_, err := rec.PositionAt(bad.Next())
	if !errors.Is(err, ErrNotOwnPiece) || !strings.Contains(err.Error(), "ply 4") {
		t.Errorf("PositionAt past an illegal move: %v", err)
	}
}

func TestWalk(t *testing.T) {
	tests := []struct {
		name string
		skip string // the node whose variation BeginVariation refuses
		want string
	}{
		{"all", "", "7g7f ( 2g2f 8c8d ( 3c3d 7g7f ) ) 3c3d ( 8c8d resign ) 2g2f "},
		{"skip the first variation", "B", "7g7f 3c3d ( 8c8d resign ) 2g2f "},
		{"skip a nested variation", "H", "7g7f ( 2g2f 8c8d ) 3c3d ( 8c8d resign ) 2g2f "},
		{"skip the ending variation", "D", "7g7f ( 2g2f 8c8d ( 3c3d 7g7f ) ) 3c3d 2g2f "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, n := sampleTree(t)
			v := &traceVisitor{t: t, rec: rec}
			if tt.skip != "" {
				v.skip = func(x *Node) bool { return x == n[tt.skip] }
			}
			rec.Walk(v)
			if got := v.b.String(); got != tt.want {
				t.Errorf("walk:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
	// A variation that is only an ending, at the root.
	rec := NewRecord(StartPosition())
	rec.AddChild(rec.Root, mv(t, "7g7f"), Ending{})
	rec.AddChild(rec.Root, 0, Ending{Kind: Interrupt})
	v := &traceVisitor{t: t, rec: rec}
	rec.Walk(v)
	if got, want := v.b.String(), "7g7f ( interrupt ) "; got != want {
		t.Errorf("walk = %q, want %q", got, want)
	}
	// An empty record visits nothing.
	v = &traceVisitor{t: t, rec: NewRecord(StartPosition())}
	v.rec.Walk(v)
	if v.b.Len() != 0 {
		t.Errorf("empty walk = %q", v.b.String())
	}
}

func TestNodes(t *testing.T) {
	rec, n := sampleTree(t)
	name := map[*Node]string{rec.Root: "root"}
	for k, x := range n {
		name[x] = k
	}
	var got []string
	for x := range rec.Nodes() {
		got = append(got, name[x])
	}
	if want := []string{"root", "A", "C", "E", "D", "F", "B", "G", "H", "I"}; !slices.Equal(got, want) {
		t.Errorf("Nodes = %v, want %v", got, want)
	}
	got = got[:0]
	for x := range rec.Nodes() {
		if got = append(got, name[x]); len(got) == 3 {
			break
		}
	}
	if want := []string{"root", "A", "C"}; !slices.Equal(got, want) {
		t.Errorf("Nodes stopped after 3 = %v, want %v", got, want)
	}
}

// TestMayHaveAnnotation: a record may hold an analysis block once a
// comment line starting with '#' is given to a node, and not after Reset.
func TestMayHaveAnnotation(t *testing.T) {
	rec := NewRecord(StartPosition())
	n := rec.AddMove(rec.Root, mv(t, "7g7f"), MoveTime{})
	steps := []struct {
		comments []string
		want     bool
	}{
		{nil, false},
		{[]string{"a comment", "*評価値=30"}, false},
		{[]string{"a comment", "#評価値=30"}, true},
		{nil, true}, // taken back: may, still
	}
	for i, s := range steps {
		rec.SetComments(n, s.comments)
		if got := rec.MayHaveAnnotation(); got != s.want {
			t.Errorf("step %d, %q: MayHaveAnnotation = %v, want %v", i, s.comments, got, s.want)
		}
	}
	rec.Reset(StartPosition())
	if rec.MayHaveAnnotation() {
		t.Error("MayHaveAnnotation = true after Reset")
	}
}

func TestPromote(t *testing.T) {
	rec, n := sampleTree(t)
	n["D"].Promote()
	if !slices.Equal(slices.Collect(n["A"].Children()), []*Node{n["D"], n["C"]}) {
		t.Error("Promote(D) did not swap D to the front")
	}
	n["D"].Promote() // already first: no change
	if !slices.Equal(slices.Collect(n["A"].Children()), []*Node{n["D"], n["C"]}) {
		t.Error("Promote of a first child changed the order")
	}
	rec.Root.Promote() // the root has no siblings
	n["I"].PromoteToMain()
	if !n["I"].IsMainLine() || rec.MainLineEnd() != n["I"] {
		t.Error("PromoteToMain(I) did not put I on the main line")
	}
	if !slices.Equal(slices.Collect(rec.Root.Children()), []*Node{n["B"], n["A"]}) || !slices.Equal(slices.Collect(n["B"].Children()), []*Node{n["H"], n["G"]}) {
		t.Error("PromoteToMain did not keep the other children in order")
	}
	// Three children: promoting the last to main keeps the others' order.
	x := rec.AddChild(n["A"], mv(t, "1c1d"), Ending{})
	x.PromoteToMain()
	if !slices.Equal(slices.Collect(n["A"].Children()), []*Node{x, n["D"], n["C"]}) {
		t.Errorf("PromoteToMain of a third child: %v", slices.Collect(n["A"].Children()))
	}
	x.Promote()
	if n["A"].Child(0) != x {
		t.Error("Promote of the first child moved it")
	}
	n["C"].Promote()
	if !slices.Equal(slices.Collect(n["A"].Children()), []*Node{x, n["C"], n["D"]}) {
		t.Error("Promote(C) from third place")
	}
}

// kingShuffle is a cycle of legal moves that can be repeated for ever.
var kingShuffle = []string{"5i5h", "5a5b", "5h5i", "5b5a"}

// countVisitor counts what Walk reports.
type countVisitor struct{ moves, begins, ends, maxDepth, depth int }

func (v *countVisitor) Move(*Position, *Node) { v.moves++ }
func (v *countVisitor) BeginVariation(*Position, *Node) bool {
	v.begins++
	v.depth++
	v.maxDepth = max(v.maxDepth, v.depth)
	return true
}
func (v *countVisitor) EndVariation() { v.ends++; v.depth-- }

func TestDeepLine(t *testing.T) {
	const n = 100_000
	rec := NewRecord(mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1"))
	moves := make([]Move, 4)
	for i, s := range kingShuffle {
		moves[i] = mv(t, s)
	}
	x := rec.Root
	for i := range n {
		x = rec.AddChild(x, moves[i%4], Ending{})
	}
	k := 0
	for range rec.MainLine() {
		k++
	}
	if k != n || rec.MainLineEnd() != x || rec.NodeAt(n) != x || x.Ply() != n {
		t.Errorf("main line of %d nodes, Ply %d", k, x.Ply())
	}
	p, err := rec.PositionAt(x)
	if err != nil || !p.Equal(&rec.Start) || p.MoveNumber() != n+1 {
		t.Errorf("PositionAt(end) = %s, %v", p.SFEN(), err)
	}
	var v countVisitor
	rec.Walk(&v)
	if v.moves != n || v.begins != 0 {
		t.Errorf("Walk: %+v", v)
	}
	if path := x.Path(); len(path) != n {
		t.Errorf("len(Path) = %d", len(path))
	}
}

// TestDeepVariations nests each variation inside the previous one: the
// tree is as deep in variations as it is in moves.
func TestDeepVariations(t *testing.T) {
	t.Parallel()
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	rec := NewRecord(mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1"))
	pos := rec.Start
	x := rec.Root
	var buf [MaxLegalMoves]Move
	for i := range n {
		alt := mv(t, kingShuffle[i%4])
		main := firstOtherThan(pos.LegalMoves(buf[:0]), alt)
		rec.AddChild(x, main, Ending{})
		x = rec.AddChild(x, alt, Ending{})
		pos.Play(alt)
	}
	var v countVisitor
	rec.Walk(&v)
	if v.moves != 2*n || v.begins != n || v.ends != n || v.maxDepth != n {
		t.Errorf("Walk: %+v", v)
	}
	if x.IsMainLine() || x.Ply() != n {
		t.Errorf("deepest node: main %v, ply %d", x.IsMainLine(), x.Ply())
	}
	path := x.Path()
	if len(path) != n || slices.ContainsFunc(path, func(k int) bool { return k != 1 }) {
		t.Error("Path of the deepest node is not all ones")
	}
	if got, err := rec.NodeByPath(path); got != x || err != nil {
		t.Errorf("NodeByPath: %v", err)
	}
	if p, err := rec.PositionAt(x); err != nil || !p.Equal(&pos) {
		t.Errorf("PositionAt(deepest) = %v", err)
	}
	x.PromoteToMain()
	if rec.MainLineEnd() != x {
		t.Error("PromoteToMain of the deepest node")
	}
}

// firstOtherThan returns the first move of ms that is not m.
func firstOtherThan(ms []Move, m Move) Move {
	for _, x := range ms {
		if x != m {
			return x
		}
	}
	return 0
}

func TestNewNodeSlab(t *testing.T) {
	// A game of a million moves should fit in 64 MB (issue 15).
	if size := unsafe.Sizeof(Node{}); size > 40 {
		t.Errorf("a node is %d bytes, want at most 40", size)
	}
	rec := NewRecord(StartPosition())
	seen := map[*Node]bool{rec.Root: true}
	for range 5000 {
		x := rec.NewNode()
		if seen[x] {
			t.Fatal("NewNode returned a node twice")
		}
		if x.Parent() != nil || x.Next() != nil || x.Move != 0 {
			t.Fatal("NewNode returned a used node")
		}
		seen[x] = true
	}
	// Nodes are carved from slabs: far fewer allocations than nodes.
	allocs := testing.AllocsPerRun(10, func() {
		r := NewRecord(StartPosition())
		for range 1000 {
			r.NewNode()
		}
	})
	if allocs > 1000/slabSize+3 {
		t.Errorf("%v allocations for 1000 nodes", allocs)
	}
	// A line of only children costs nothing more: a node's links to its
	// parent, children and siblings come with it.
	allocs = testing.AllocsPerRun(10, func() {
		r := NewRecord(StartPosition())
		n := r.Root
		for range 1000 {
			n = r.AddChild(n, NewMove(60, 51, false), Ending{})
		}
	})
	if allocs > 1000/slabSize+3 {
		t.Errorf("%v allocations for a line of 1000 nodes", allocs)
	}
	// A second child goes after the first: both stay, in order.
	r := NewRecord(StartPosition())
	a := r.AddChild(r.Root, NewMove(60, 51, false), Ending{})
	b := r.AddChild(r.Root, NewMove(56, 47, false), Ending{})
	c := r.AddChild(a, 0, Ending{Kind: Resign})
	if r.Root.NumChildren() != 2 || r.Root.Child(0) != a || r.Root.Child(1) != b ||
		a.NumChildren() != 1 || a.Child(0) != c || c.Parent() != a || b.Parent() != r.Root {
		t.Errorf("tree after two children: root %v, a %v", slices.Collect(r.Root.Children()), slices.Collect(a.Children()))
	}
	b.Promote()
	if r.Root.Child(0) != b || r.Root.Child(1) != a || a.Child(0) != c {
		t.Errorf("after Promote: root %v, a %v", slices.Collect(r.Root.Children()), slices.Collect(a.Children()))
	}
}

func TestHeader(t *testing.T) {
	var h Header
	h.Set(KeyBlack, "羽生善治")
	h.Add("独自項目", "a")
	h.Add("独自項目", "b")
	h.Set(KeyWhite, "藤井聡太")
	h.Set(KeyBlack, "谷川浩司")
	want := Header{{KeyBlack, "谷川浩司"}, {"独自項目", "a"}, {"独自項目", "b"}, {KeyWhite, "藤井聡太"}}
	if !slices.Equal(h, want) {
		t.Errorf("header %v, want %v", h, want)
	}
	if v, ok := h.Get("独自項目"); v != "a" || !ok {
		t.Errorf("Get = %q, %v", v, ok)
	}
	if v, ok := h.Get(KeyEvent); v != "" || ok || h.Value(KeyEvent) != "" {
		t.Errorf("Get(missing) = %q, %v", v, ok)
	}
	h.Delete("独自項目")
	if !slices.Equal(h, Header{{KeyBlack, "谷川浩司"}, {KeyWhite, "藤井聡太"}}) {
		t.Errorf("after Delete: %v", h)
	}
}

// TestRecordReset checks that a reset record is a new record in everything
// but its memory, and that once it has held the longest game of a batch,
// building games in it allocates nothing.
func TestRecordReset(t *testing.T) {
	build := func(r *Record, plies int) {
		r.Header = append(r.Header, HeaderField{"先手", "a"})
		n := r.Root
		for i := range plies {
			m := NewMove(60, 51, false)
			if i%2 == 1 {
				m = NewMove(51, 60, false)
			}
			n = r.AddChild(n, m, Ending{})
			r.SetComments(n, []string{"c"})
		}
		r.AddChild(r.Root, NewMove(56, 47, false), Ending{}) // a variation
	}
	r := NewRecord(StartPosition())
	build(r, 200)
	old := r.Root.Child(0)
	hc := LanceHC.Position()
	r.Reset(hc)
	if len(r.Header) != 0 || slices.Collect(r.Root.Children()) != nil || r.Root.Comments() != nil || r.Start != hc || r.Preset != LanceHC {
		t.Fatalf("after Reset: header %v, children %d, preset %v", r.Header, r.Root.NumChildren(), r.Preset)
	}
	// The old nodes' memory serves the new tree; here the old tree filled
	// several slabs, so Reset made one slab for all and the old nodes stay
	// as they were, unreachable from r.
	if r.AddChild(r.Root, NewMove(60, 51, false), Ending{}) == old {
		t.Error("the new tree shares a node with the old one")
	}
	allocs := testing.AllocsPerRun(20, func() {
		r.Reset(StartPosition())
		n := r.Root
		for range 200 {
			n = r.AddChild(n, NewMove(60, 51, false), Ending{})
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations for a reset record of 200 nodes", allocs)
	}
	// Reserve on a reset record keeps room for longer games.
	r = NewRecord(StartPosition())
	r.Reserve(100, 0, 0)
	r.Reset(StartPosition())
	r.Reserve(120, 0, 0)
	r.Reset(StartPosition())
	if allocs := testing.AllocsPerRun(10, func() { r.Reset(StartPosition()); r.Reserve(140, 0, 0) }); allocs != 0 {
		t.Errorf("%v allocations to reserve 140 after 120", allocs)
	}
}

// TestAddMove: AddMove is AddChild and then SetTime, whether the parent has
// children or not, and a zero time gives the node no extra part.
func TestAddMove(t *testing.T) {
	m1 := NewMove(NewSquare(7, 7), NewSquare(7, 6), false)
	m2 := NewMove(NewSquare(2, 7), NewSquare(2, 6), false)
	tm := MoveTime{Elapsed: 3 * time.Second, Total: 9 * time.Second, HasTime: true, HasTotal: true}
	rec := NewRecord(StartPosition())
	a := rec.AddMove(rec.Root, m1, tm)
	b := rec.AddMove(rec.Root, m2, MoveTime{})
	c := rec.AddMove(rec.Root, m2, tm)
	if got := slices.Collect(rec.Root.Children()); !slices.Equal(got, []*Node{a, b, c}) {
		t.Fatalf("children = %v", got)
	}
	if rec.Root.LastChild() != c || a.Parent() != rec.Root || c.Parent() != rec.Root {
		t.Error("links")
	}
	if a.Move != m1 || b.Move != m2 || a.IsEnd() {
		t.Error("moves")
	}
	if a.Time() != tm || c.Time() != tm || b.Time() != (MoveTime{}) {
		t.Errorf("times %v %v %v", a.Time(), b.Time(), c.Time())
	}
	if a.extra == nil || b.extra != nil {
		t.Error("a zero time must not give a node an extra part")
	}
	d := rec.AddMove(a, m2, MoveTime{HasTime: true})
	if a.Next() != d || d.Time() != (MoveTime{HasTime: true}) || d.Ply() != 2 {
		t.Error("a move after a move")
	}
}

func TestPlayerKey(t *testing.T) {
	for _, tt := range []struct {
		c        Color
		handicap bool
		want     string
	}{{Black, false, "先手"}, {White, false, "後手"}, {Black, true, "下手"}, {White, true, "上手"}} {
		if got := PlayerKey(tt.c, tt.handicap); got != tt.want {
			t.Errorf("PlayerKey(%v, %v) = %s, want %s", tt.c, tt.handicap, got, tt.want)
		}
	}
}
