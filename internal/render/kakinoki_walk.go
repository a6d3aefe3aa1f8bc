package render

import (
	"io"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// kakinokiVisitor receives the lines of a record in the order
// walkKakinoki visits them.
type kakinokiVisitor interface {
	// beginLine starts a line whose first node is at ply; variation is
	// false only for the main line.
	beginLine(ply int, variation bool) error
	// node is called for every node of the line with the position before
	// it and the running totals of time on this path, which the visitor
	// may update. It returns errSkipLine to leave out the node and the
	// rest of its line.
	node(pos *shogi.Position, n *shogi.Node, ply int, totals *[2]time.Duration) error
	// endLine ends the line.
	endLine() error
}

// kakinokiLine is one line of play being written, and what is needed to
// come back from its end to the nodes that have alternatives to write: the
// undo of every move from the first such node on, and those nodes' places
// and running totals. A line without alternatives (most games, and a long
// main line) keeps nothing per move.
type kakinokiLine struct {
	pos   shogi.Position   // the position after n (the line's end while it is written)
	run   [2]time.Duration // the running totals while the line is written
	n     *shogi.Node      // the last node played on pos
	i     int              // the index in the line of the node after n
	undos []shogi.Undo     // undos[k] takes back the move at index base+k
	base  int              // the index of forks[0]
	forks []kakinokiFork   // the nodes with alternatives still to write, in line order
	begun bool             // the alternatives of the last fork are being written
	alt   *shogi.Node      // the next of them to write
	ply0  int              // the ply of the line's first node
}

// kakinokiFork is a node of a line with alternatives to write.
type kakinokiFork struct {
	i      int              // its index in the line
	totals [2]time.Duration // the running totals before it
	// inline is the alternative written as the line's own continuation,
	// in place of a first child that is an ending the format cannot
	// write (otherwise its 変化 block would follow a line that stops
	// short of it, which a reader takes for the line's continuation).
	inline *shogi.Node
}

// walkKakinoki visits rec's lines in the order Kifu for Windows writes KIF
// and KI2: the main line; then, from its last node back to its first, the
// alternatives to each node, every alternative followed at once by its own
// alternatives in the same way (so the deepest branch comes first). It
// keeps an explicit stack, so the depth of nesting is not limited by the
// goroutine stack, and its memory is a position per level of nesting plus
// an undo per move after a line's first fork; stack is reused between
// records. Alternatives that are endings the format cannot write are left
// out (l records the loss); madeOnly is kakEndingWord's.
func walkKakinoki(rec *shogi.Record, mainline, madeOnly bool, l *losses, v kakinokiVisitor, stack *[]kakinokiLine) error {
	first := rec.Root.Next()
	if first == nil {
		return nil
	}
	start := rec.Start
	start.SetLastMove(0) // a record's text cannot say what came before it
	lines := (*stack)[:0]
	defer func() { *stack = lines[:0] }()
	var err error
	if lines, err = pushLine(lines, v, first, &start, [2]time.Duration{}, 1, false, mainline, madeOnly); err != nil {
		return err
	}
	for len(lines) > 0 {
		top := &lines[len(lines)-1]
		if len(top.forks) == 0 {
			lines = lines[:len(lines)-1]
			continue
		}
		f := &top.forks[len(top.forks)-1]
		if !top.begun {
			// Take back the moves from the fork on.
			for top.i > f.i {
				top.i--
				if !top.n.Move.IsZero() {
					top.pos.Unplay(top.n.Move, top.undos[top.i-top.base])
				}
				top.n = top.n.Parent()
			}
			top.begun, top.alt = true, top.n.Next().Sibling()
		}
		alt := top.alt
		if alt == nil {
			top.forks = top.forks[:len(top.forks)-1]
			top.begun = false
			continue
		}
		top.alt = alt.Sibling()
		if alt == f.inline {
			continue
		}
		if alt.IsEnd() {
			// An ending that is not written would leave an empty 変化 block.
			if w, err := kakEndingWord(l, alt, top.pos.Turn(), madeOnly); err != nil {
				return err
			} else if w == "" {
				continue
			}
		}
		if lines, err = pushLine(lines, v, alt, &top.pos, f.totals, top.ply0+f.i, true, mainline, madeOnly); err != nil {
			return err
		}
	}
	return nil
}

// unwritten reports whether the ending n is left out of KIF (or KI2, with
// madeOnly), toMove to move (kakEndingWord, without the accounting).
func unwritten(n *shogi.Node, toMove shogi.Color, madeOnly bool) bool {
	w, _ := endingText(n, toMove)
	return w == "" || madeOnly && n.End().Kind == shogi.Unknown
}

// firstWritten returns the first of n and its later siblings that is
// written: a move, or an ending that is not unwritten; nil if none is.
func firstWritten(n *shogi.Node, toMove shogi.Color, madeOnly bool) *shogi.Node {
	for ; n != nil; n = n.Sibling() {
		if !n.IsEnd() || !unwritten(n, toMove, madeOnly) {
			return n
		}
	}
	return nil
}

// pushLine writes the line that starts at first (played from pos) and
// pushes it on lines, ready for its alternatives to be written.
func pushLine(lines []kakinokiLine, v kakinokiVisitor, first *shogi.Node, pos *shogi.Position, totals [2]time.Duration, ply int, variation, mainline, madeOnly bool) ([]kakinokiLine, error) {
	if len(lines) == cap(lines) {
		// Doubled, not grown by append's quarter for large slices: a deep
		// tree then allocates twice the stack it needs, not five times.
		grown := make([]kakinokiLine, len(lines), 2*len(lines)+8)
		copy(grown, lines)
		lines = grown
	}
	lines = lines[:len(lines)+1]
	l := &lines[len(lines)-1]
	l.undos, l.forks = l.undos[:0], l.forks[:0]
	l.begun, l.alt, l.ply0, l.i, l.n = false, nil, ply, 0, first.Parent()
	if err := v.beginLine(ply, variation); err != nil {
		return lines, err
	}
	// The line's own fields hold the position and the totals as the line
	// is written: the visitor gets pointers to them, and locals would
	// escape to the heap.
	l.pos, l.run = *pos, totals
	for n := first; n != nil; n = n.Next() {
		// The first node of a variation is an alternative itself: its
		// siblings are the enclosing line's to write.
		if !mainline && (l.i > 0 || !variation) && n.Parent().HasVariations() {
			if len(l.forks) == 0 {
				l.base = l.i
			}
			l.forks = append(l.forks, kakinokiFork{i: l.i, totals: l.run})
			if n.IsEnd() && unwritten(n, l.pos.Turn(), madeOnly) {
				if alt := firstWritten(n.Sibling(), l.pos.Turn(), madeOnly); alt != nil {
					// The ending goes (v.node reports the loss) and
					// the alternative continues the line.
					if err := v.node(&l.pos, n, ply, &l.run); err != nil && err != errSkipLine {
						return lines, err
					}
					l.forks[len(l.forks)-1].inline = alt
					n = alt
				}
			}
		}
		err := v.node(&l.pos, n, ply, &l.run)
		if err != nil && err != errSkipLine {
			return lines, err
		}
		var u shogi.Undo
		if !n.Move.IsZero() {
			u = l.pos.Play(n.Move)
		}
		if len(l.forks) > 0 {
			l.undos = append(l.undos, u)
		}
		l.n = n
		l.i++
		ply++
		if err == errSkipLine {
			break // n's alternatives are written, not those of what follows it
		}
	}
	return lines, v.endLine()
}

// kakinokiText is what the KIF and KI2 writers share: their options and
// losses, the output, and the buffer and stack of walkKakinoki.
type kakinokiText struct {
	Options
	losses
	ew    errWriter
	buf   []byte
	lines []kakinokiLine
	names [2]string
	dry   bool // settling the losses: nothing is written
	// madeOnly: an ending is stated only by its まで line (KI2), which
	// has no form for a word of a record's own (shogi.Unknown).
	madeOnly bool
}

func newKakinokiText(w io.Writer, opt Options, format string) kakinokiText {
	return kakinokiText{Options: opt, losses: losses{format: format, allow: opt.AllowLoss}, ew: errWriter{w: w}}
}

// reset returns k as new, writing to out, with its buffers.
func (k *kakinokiText) reset(out io.Writer) kakinokiText {
	return kakinokiText{Options: k.Options, losses: k.losses.reset(), ew: errWriter{w: out}, buf: k.buf[:0], lines: k.lines[:0], madeOnly: k.madeOnly}
}

// settle walks rec with v without writing, unless losses are allowed, so
// that what the record loses is refused before any of it is written.
func (k *kakinokiText) settle(rec *shogi.Record, v kakinokiVisitor) error {
	if k.AllowLoss {
		return nil
	}
	k.dry, k.buf = true, k.buf[:0]
	err := walkKakinoki(rec, k.Mainline, k.madeOnly, &k.losses, v, &k.lines)
	k.dry, k.buf = false, k.buf[:0]
	return err
}

// writeLines walks rec with v after the header already in k.buf and
// writes the record's text.
func (k *kakinokiText) writeLines(rec *shogi.Record, v kakinokiVisitor) error {
	err := walkKakinoki(rec, k.Mainline, k.madeOnly, &k.losses, v, &k.lines)
	if err == nil {
		k.ew.write(k.buf)
		err = k.ew.err
	}
	k.buf = k.buf[:0]
	return err
}

// Flush returns the first write error.
func (k *kakinokiText) Flush() error { return k.ew.err }

// beginLine writes the 変化：N手 line that opens a variation.
func (k *kakinokiText) beginLine(ply int, variation bool) error {
	if variation {
		k.buf = appendVariationHeader(k.buf, ply)
	}
	return nil
}
