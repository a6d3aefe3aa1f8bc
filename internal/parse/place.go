package parse

import (
	"bytes"
	"cmp"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Places (Options.Places): a reader notes where it found each move, ending,
// time and header field of the record it reads, go/token style: a note is
// the line's start offset, its number and where the part starts on it, and
// the line's text, the column in characters and the part's text are worked
// out from the kept text only when a diagnostic asks (shogi.Source). Only
// validate asks for places: without them a reader keeps no text and notes
// nothing.

// textKeeper passes a reader's input on and keeps what went by, from the
// start of the record being read, so that the lines of its places can be
// quoted after the reader has moved past them. A line asked for that the
// reader has not read to its end is read on (line), and what was read
// ahead is passed on next: a quote does not depend on how much the reader
// happened to have asked for.
type textKeeper struct {
	r    io.Reader
	buf  []byte
	base int64 // the input offset of buf[0]
	fed  int   // the bytes of buf passed on
	err  error // r's error, met while reading ahead
	mem  *memory
}

// maxReusedKeptText bounds the kept text a memory holds on to, as
// maxReusedLineBuf does the line buffer.
const maxReusedKeptText = 256 << 10

// newTextKeeper returns a keeper of what r passes on, which starts at input
// offset base. Under ReuseRecord it keeps the text in the memory of the
// record before, which lives only as long as that record did: a batch of
// files does not grow a buffer from nothing in each.
func (o *Options) newTextKeeper(r io.Reader, base int64) *textKeeper {
	t := &textKeeper{r: r, base: base}
	if o.ReuseRecord && o.mem != nil {
		t.mem, t.buf = o.mem, o.mem.kept[:0]
	}
	return t
}

func (t *textKeeper) Read(p []byte) (int, error) {
	if t.fed < len(t.buf) {
		n := copy(p, t.buf[t.fed:])
		t.fed += n
		return n, nil
	}
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.r.Read(p)
	t.keep(p[:n])
	t.fed += n
	return n, err
}

// keep appends b to the kept text.
func (t *textKeeper) keep(b []byte) {
	t.grow(len(b))
	t.buf = append(t.buf, b...)
}

// grow makes room for n more bytes; a new buffer goes to the memory.
func (t *textKeeper) grow(n int) {
	if len(t.buf)+n <= cap(t.buf) {
		return
	}
	t.buf = slices.Grow(t.buf, n)
	if t.mem != nil && cap(t.buf) <= maxReusedKeptText {
		t.mem.kept = t.buf[:0]
	}
}

// forget drops the text before offset: the records before the one that
// starts there are done with.
func (t *textKeeper) forget(offset int64) {
	k := int(min(max(offset-t.base, 0), int64(t.fed)))
	if k == 0 {
		return
	}
	n := copy(t.buf, t.buf[k:])
	t.buf = t.buf[:n]
	t.base += int64(k)
	t.fed -= k
}

// line returns the text of the line that starts at offset start, without
// its line end, and false when that text is gone. A line longer than
// MaxQuote may be returned cut after it.
func (t *textKeeper) line(start int64) ([]byte, bool) {
	if start < t.base || start > t.base+int64(len(t.buf)) {
		return nil, false
	}
	from := int(start - t.base)
	for idle := 0; ; {
		b := t.buf[from:]
		if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
			return b[:i], true
		}
		if len(b) > MaxQuote || t.err != nil {
			return b, true
		}
		t.grow(4096)
		n, err := t.r.Read(t.buf[len(t.buf):cap(t.buf)])
		t.buf = t.buf[:len(t.buf)+n]
		if idle++; n > 0 {
			idle = 0
		}
		switch {
		case err != nil:
			t.err = err
		case idle == 100:
			t.err = io.ErrNoProgress
		}
	}
}

// placeNote is where a reader found a part of a node: on the line number
// line, which starts at input offset start, at byte at of it (or, when at
// is negative, at character col), n bytes long (0: not known).
type placeNote struct {
	node  *shogi.Node
	start int64
	line  int32
	at    int32
	col   int32
	n     int32
	part  shogi.Part
}

// headerNote is where a header field's key stood, as placeNote says.
type headerNote struct {
	key   string
	start int64
	line  int32
	at    int32
	col   int32
}

// placeTable is the shogi.Source a reader gives a record: its notes and the
// text they point into.
type placeTable struct {
	text    *textKeeper
	notes   []placeNote
	plies   []plySpot // the main line's, in ply order (CSA's)
	headers []headerNote
	index   map[placeKey]int // the last note of each node and part, made on the first Place
}

// plySpot is where a reader of a format without variations found a part
// of the main line's ply number ply (0-based: the node ply+1 moves from the
// root), as placeNote says. It names no node: the reader notes it before
// the node exists, and a batch of large games copies no pointers.
type plySpot struct {
	start            int64
	ply, line, at, n int32
	part             shogi.Part
}

type placeKey struct {
	node *shogi.Node
	part shogi.Part
}

// newPlaces returns a table for a record read from text kept by t, or nil
// when t is nil (no places asked for). Under ReuseRecord it is the table of
// the record before, emptied: it lives as that record does, and a batch of
// games does not allocate one a game.
func (o *Options) newPlaces(t *textKeeper) *placeTable {
	if t == nil {
		return nil
	}
	if !o.ReuseRecord {
		return &placeTable{text: t}
	}
	if o.mem == nil {
		o.mem = new(memory)
	}
	pt := o.mem.places
	if pt == nil {
		pt = new(placeTable)
		o.mem.places = pt
	}
	*pt = placeTable{text: t, notes: pt.notes[:0], plies: pt.plies[:0], headers: pt.headers[:0]}
	return pt
}

// note records that part p of n starts at byte at of the line last
// returned by lr (its text line, or the part of a long line) and is size
// bytes long.
func (pt *placeTable) note(n *shogi.Node, p shogi.Part, lr *lineReader, line []byte, at, size int) {
	if pt == nil || n == nil {
		return
	}
	x := placeNote{node: n, part: p, start: lr.offset, line: int32(lr.line), at: int32(at), n: int32(size)}
	if lr.parted {
		// A part of a long line: the column counts from the line's start.
		x.at, x.col = -1, int32(lr.partCol+utf8.RuneCount(line[:min(at, len(line))])+1)
	}
	pt.notes = append(pt.notes, x)
	pt.index = nil
}

// noteLine records that part p of n starts at byte at of the whole line
// number line, which starts at input offset start (a line a reader took
// from the line reader's run rather than one by one), and is size bytes
// long.
func (pt *placeTable) noteLine(n *shogi.Node, p shogi.Part, start int64, line, at, size int) {
	if pt == nil || n == nil {
		return
	}
	pt.notes = append(pt.notes, placeNote{node: n, part: p, start: start, line: int32(line), at: int32(at), n: int32(size)})
	pt.index = nil
}

// notePos records that part p of n starts at position pos (a reader that
// knows lines and columns in characters: JKF, PSN) and is size bytes long
// (0: not known).
func (pt *placeTable) notePos(n *shogi.Node, p shogi.Part, pos Pos, size int) {
	if pt == nil || n == nil || !pos.IsValid() {
		return
	}
	pt.notes = append(pt.notes, placeNote{node: n, part: p, start: pos.Offset, line: int32(pos.Line), at: -1, col: int32(pos.Col), n: int32(size)})
	pt.index = nil
}

// noteHeader records that the header field key starts at byte at of the
// line last returned by lr.
func (pt *placeTable) noteHeader(key string, lr *lineReader, at int) {
	if pt == nil {
		return
	}
	pt.headers = append(pt.headers, headerNote{key: key, start: lr.offset, line: int32(lr.line), at: int32(at)})
}

// noteHeaderPos records that the header field key starts at pos.
func (pt *placeTable) noteHeaderPos(key string, pos Pos) {
	if pt == nil || !pos.IsValid() {
		return
	}
	pt.headers = append(pt.headers, headerNote{key: key, start: pos.Offset, line: int32(pos.Line), at: -1, col: int32(pos.Col)})
}

// Place returns the place of part p of n.
func (pt *placeTable) Place(n *shogi.Node, p shogi.Part) (shogi.Place, bool) {
	if len(pt.plies) > 0 {
		ply := int32(n.Ply() - 1)
		i, _ := slices.BinarySearchFunc(pt.plies, ply+1, func(x plySpot, ply int32) int { return cmp.Compare(x.ply, ply) })
		for i--; i >= 0 && pt.plies[i].ply == ply; i-- {
			if x := &pt.plies[i]; x.part == p {
				return pt.place(x.start, x.line, x.at, 0, x.n)
			}
		}
	}
	if pt.index == nil {
		pt.index = make(map[placeKey]int, len(pt.notes))
		for i, x := range pt.notes {
			pt.index[placeKey{x.node, x.part}] = i
		}
	}
	i, ok := pt.index[placeKey{n, p}]
	if !ok {
		return shogi.Place{}, false
	}
	x := &pt.notes[i]
	return pt.place(x.start, x.line, x.at, x.col, x.n)
}

// HeaderPlace returns the place of the first header field key.
func (pt *placeTable) HeaderPlace(key string) (shogi.Place, bool) {
	for _, h := range pt.headers {
		if h.key == key {
			return pt.place(h.start, h.line, h.at, h.col, 0)
		}
	}
	return shogi.Place{}, false
}

// place works a note's place out from the kept text.
func (pt *placeTable) place(start int64, line, at, col, n int32) (shogi.Place, bool) {
	text, ok := pt.text.line(start)
	if !ok {
		return shogi.Place{}, false
	}
	i := int(at)
	if at < 0 {
		// From the column in characters to the byte.
		i = 0
		for k := int32(1); k < col && i < len(text); k++ {
			_, w := utf8.DecodeRune(text[i:])
			i += w
		}
	}
	i = min(i, len(text))
	p := shogi.Place{Line: int(line), Col: utf8.RuneCount(text[:i]) + 1, Text: quoteText(text)}
	if n > 0 && i+int(n) <= len(text) {
		p.Token = string(text[i : i+int(n)])
	}
	return p, true
}
