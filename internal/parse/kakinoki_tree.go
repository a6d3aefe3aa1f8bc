package parse

import (
	"bytes"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The lines of play of a KIF, KI2 or BOD game as they are read: the main
// line and the 変化 blocks, with the positions stored along them that a
// block needs to start from.

// snapEvery is how many plies apart a line stores the position: finding the
// position a 変化 block starts from plays fewer than 2·snapEvery moves,
// wherever the block branches, and the copies take about 4 bytes per move.
const snapEvery = 32

// lineAt names the node at ply ply of line l.
type lineAt struct {
	l   *line
	ply int
}

// line is one line of play: the main line, or a variation read from a 変化
// block. Its n nodes are at plies start…start+n−1; plies before start are
// found in parent. Adding a node only sets tail: nodes, the line's nodes by
// index, is filled in (from tail back along the parents) when a 変化 block
// looks one up, so that a game without variations stores no pointer per
// move besides the tree's own.
type line struct {
	start  int
	n      int
	tail   *shogi.Node // the last node, or base while n is 0
	nodes  []*shogi.Node
	parent *line
	base   *shogi.Node // the node at ply start−1, which the line branches from
	// jump is an ancestor line (the skew-binary jump pointer of depth, the
	// number of lines above l): a lookup walks O(log depth) lines, however
	// deep variations nest.
	jump  *line
	depth int
	// illegal is the ply of the illegal move kept in the line, 0 if none:
	// only its foul ending (after the capture of a king it left in check)
	// may follow it.
	illegal int
	// dropped is how many plies that followed the illegal move were
	// dropped (see kakinoki.dropping): 変化 blocks may name them.
	dropped int
	// The position at ply from() (after base, or the start for the main
	// line) is kakinoki.snaps[first] or, when first < 0, the parent's at
	// ply start−1, which takes cost moves to play from a stored position:
	// a line stores its own only when cost would exceed snapEvery, so that
	// many short nested lines need few. snaps[more+j−1] is the position at
	// ply from()+j·snapEvery, j ≥ 1 (more is 0 until the line gets there);
	// only the line read last grows, so its positions are consecutive.
	first, more, cost int
}

// newLine returns a line that branches from base, the node at ply start−1
// of parent, where the position is k.pos.
func (k *kakinoki) newLine(parent *line, start int, base *shogi.Node) *line {
	l := &line{start: start, tail: base, parent: parent, base: base, depth: parent.depth + 1, first: -1, cost: parent.costAt(start - 1)}
	if l.cost > snapEvery {
		l.first, l.cost = len(k.snaps), 0
		k.snaps = append(k.snaps, k.pos)
	}
	if p := parent.jump; parent.depth-p.depth == p.depth-p.jump.depth {
		l.jump = p.jump
	} else {
		l.jump = parent
	}
	return l
}

// end returns the ply of the last node of l.
func (l *line) end() int { return l.start + l.n - 1 }

// push appends n to l.
func (l *line) push(n *shogi.Node) {
	l.n++
	l.tail = n
}

// pop removes the last node of l.
func (l *line) pop() {
	l.n--
	l.tail = l.tail.Parent()
	if len(l.nodes) > l.n {
		l.nodes = l.nodes[:l.n]
	}
}

// node returns the i-th node of l (i < l.n).
func (l *line) node(i int) *shogi.Node {
	if i >= len(l.nodes) {
		l.fill()
	}
	return l.nodes[i]
}

// fill completes nodes from tail back: the parent of each node of a line is
// the one before it.
func (l *line) fill() {
	have := len(l.nodes)
	if cap(l.nodes) < l.n {
		ns := make([]*shogi.Node, l.n, max(l.n+l.n/2, 16))
		copy(ns, l.nodes)
		l.nodes = ns
	}
	l.nodes = l.nodes[:l.n]
	x := l.tail
	for i := l.n - 1; i >= have; i-- {
		l.nodes[i] = x
		x = x.Parent()
	}
}

// from returns the ply of the line's first stored position.
func (l *line) from() int { return max(l.start-1, 0) }

// at returns the node at ply k of l (k ≤ l.end()) and the line, l or one
// it branches from, that holds it. The lines above l start at ever smaller
// plies, so the jump pointers find the first that starts at k or before.
func (l *line) at(k int) (*shogi.Node, *line) {
	for l.start > k {
		if l.jump.start > k {
			l = l.jump
		} else {
			l = l.parent
		}
	}
	return l.node(k - l.start), l
}

// costAt returns how many moves kakinoki.positionAt(l, ply) plays.
func (l *line) costAt(ply int) int {
	d := ply - l.from()
	switch {
	case d >= snapEvery:
		return d % snapEvery
	case l.first >= 0:
		return d
	}
	return l.cost + d
}

// positionAt returns the position after the node at ply ply of l (from()
// ≤ ply ≤ end()): it goes up the lines to the nearest stored position, at
// most snapEvery lines since each adds a move to play, and plays the moves
// back down.
func (k *kakinoki) positionAt(l *line, ply int) shogi.Position {
	k.chain = k.chain[:0]
	var p shogi.Position
	q := 0 // the ply of p
	for {
		if j := (ply - l.from()) / snapEvery; j > 0 {
			p, q = k.snaps[l.more+j-1], l.from()+j*snapEvery
			break
		}
		if l.first >= 0 {
			p, q = k.snaps[l.first], l.from()
			break
		}
		k.chain = append(k.chain, lineAt{l, ply})
		l, ply = l.parent, l.start-1
	}
	for {
		for q < ply {
			q++
			p.Play(l.node(q - l.start).Move)
		}
		if len(k.chain) == 0 {
			return p
		}
		c := k.chain[len(k.chain)-1]
		k.chain = k.chain[:len(k.chain)-1]
		l, ply = c.l, c.ply // p is at l.from()
	}
}

// last returns the last node of l, or the node it branches from while it
// has none.
func (l *line) last() *shogi.Node { return l.tail }

// snap stores k.pos, the position after the last node of l, when l has
// grown by a multiple of snapEvery plies (but see snapMain).
func (k *kakinoki) snap(l *line) {
	// The copy taken after an illegal move (not played) or an ending is
	// never replayed from: nothing but endings follow them, and no block
	// branches from an ending or an illegal move.
	if d := l.end() - l.from(); d > 0 && d%snapEvery == 0 && l != &k.main {
		if l.more == 0 {
			l.more = len(k.snaps) // index 0 is the start
		}
		if l.more+d/snapEvery-1 == len(k.snaps) {
			k.snaps = append(k.snaps, k.pos)
		}
	}
}

// snapMain stores the positions of the main line that addMove leaves out,
// replaying it from the start. It runs when the first 変化 block arrives,
// when the main line is complete and the only line read.
func (k *kakinoki) snapMain() {
	k.mainSnapped = true
	k.snaps = append(k.snaps[:0], k.startPos)
	l := &k.main
	p := k.startPos
	for ply := 1; ply <= l.end(); ply++ {
		n := l.node(ply)
		if n.IsEnd() || ply == l.illegal {
			break // the line's last node: nothing is replayed from here
		}
		p.Play(n.Move)
		if ply%snapEvery == 0 {
			if l.more == 0 {
				l.more = len(k.snaps)
			}
			k.snaps = append(k.snaps, p)
		}
	}
}

// isFirstPlyVariation reports whether t is `変化：1手`.
func isFirstPlyVariation(t []byte) bool {
	t = bytes.TrimPrefix(trimJa(t), bHenka)
	if u := bytes.TrimPrefix(t, []byte("：")); len(u) < len(t) {
		t = u
	} else {
		t = bytes.TrimPrefix(t, []byte(":"))
	}
	return bytes.Equal(trimJa(t), []byte("1手"))
}

// variation starts a 変化：N手 block: an alternative to the move at ply N of
// the most recent line that has a move at ply N−1 (Kifu for Windows lists
// blocks depth first, so this is the line the block branches from).
func (k *kakinoki) variation(raw, t []byte) error {
	if !k.started() {
		if isFirstPlyVariation(t) {
			// A KI2 main line whose only node is an ending KI2 cannot
			// state (中断 at the start, say) is written as nothing, so
			// the alternatives to its first move come first: they are
			// the moves of the record, read as its main line.
			return nil
		}
		// Quirk: old ShogiHome wrote 変化 lines into the header.
		return k.warn(k.lr.posAt(raw, col(raw, t)), ErrBadVariation, "変化 before the moves; line ignored")
	}
	if err := k.closeLine(); err != nil {
		return err
	}
	if !k.mainSnapped {
		k.snapMain()
	}
	i := len(bHenka)
	if j := colonIndex(t[i:]); j >= 0 && j < 4 {
		if t[i+j] == ':' {
			i += j + 1
		} else {
			i += j + 3
		}
	}
	i = skipJaSpaces(t, i)
	n, j := 0, i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' && n < 1e8 {
		n = n*10 + int(t[j]-'0')
		j++
	}
	if j == i {
		// Error fixtures have 変化： with no number; it is harmless when no
		// move follows, so the error waits for one.
		k.noNum = k.errAt(raw, col(raw, t)+i, ErrBadVariation, "want 変化：N手 with the ply N the variation starts at")
		return nil
	}
	k.noNum = nil
	rest := trimJa(t[j:])
	if !bytes.Equal(rest, []byte("手")) {
		if err := k.warn(k.lr.posAt(raw, col(raw, t)+j), ErrBadVariation, "want 手 after the ply number"); err != nil {
			return err
		}
	}
	n -= k.plyOffset
	if n < 1 {
		return k.errAt(raw, col(raw, t)+i, ErrBadVariation, "a variation must start after the start position")
	}
	// Drop lines too short to branch at n; a line dropped here can never be
	// the most recent one long enough for a later block either, since the
	// line that replaces it on the stack is longer.
	if k.cur.n == 0 {
		k.stack = k.stack[:len(k.stack)-1]
	}
	for len(k.stack) > 0 {
		l := k.stack[len(k.stack)-1]
		if e := l.end() + l.dropped; e >= n || e == n-1 && !l.last().IsEnd() {
			break
		}
		k.stack = k.stack[:len(k.stack)-1]
	}
	if len(k.stack) == 0 {
		return k.errAt(raw, col(raw, t)+i, ErrBadVariation, "no line read so far has a move at ply "+strconv.Itoa(n-1+k.plyOffset))
	}
	if l := k.stack[len(k.stack)-1]; l.illegal > 0 && n-1 >= l.illegal {
		return k.branchAfterIllegal(raw, t, l.illegal)
	}
	// The new line's parent is the line that holds the base node, so that
	// lookups walk only as many lines as variations are nested, however
	// many blocks branch from one place.
	base, parent := k.stack[len(k.stack)-1].at(n - 1)
	if base.IsEnd() {
		return k.errAt(raw, col(raw, t)+i, ErrBadVariation, "ply "+strconv.Itoa(n-1+k.plyOffset)+" is a special ending; nothing can follow it")
	}
	if base != k.replayed {
		k.replayed, k.replayPos = base, k.positionAt(parent, n-1)
	}
	k.pos = k.replayPos
	k.cur = k.newLine(parent, n, base)
	k.stack = append(k.stack, k.cur)
	return nil
}
