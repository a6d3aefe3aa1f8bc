package render

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/kifconv/kifconv/internal/shogi"
)

// JKF writes records in JSON Kifu Format (../shared/specs/jkf.md), in the
// normalized form: every board move has "from", "to", "piece" (the kind
// before the move), "same" when it lands where the previous move did,
// "promote" (false when promotion was possible but not taken), "capture"
// and the KI2 "relative" codes by the JSA rules; times have "now" and the
// mover's running "total"; moves[0] holds the comments on the start
// position; variations are "forks" on the entry of the ply they replace.
//
// Output: a single record is one JSON document indented by two spaces, as
// JKF files are usually written and as encoding/json's Indent lays it out.
// Two or more records are JSON Lines: one compact document per line (JSON
// has no way to hold several documents in one text, and each line is
// itself a valid JKF file). The first record is written indented and held
// back; a second Write compacts it. A first record whose indented text
// passes maxJKFHeld, or whose variations nest deeper than
// maxJKFIndentedForks (where indentation would grow the text with the
// square of the depth), is written compact at once, and so is every record
// after it. The JSON goes out through jsontext.Encoder as it is made (the
// start position and each entry without forks or comments as one compact
// value, which the encoder checks and lays out, the rest token by token):
// memory holds the record, the current line of play per level of nesting
// and the encoder's buffer, never the text of the record. Keys come in a
// fixed order, so the output is deterministic.
//
// What JKF has no member for is written in the kifconv extension, the
// member "kifconv" of moves[0] (the one object the JKF schema leaves open;
// JKF readers ignore it), which parse.JKF reads back, so that a record
// survives the round trip whole:
//
//   - "header": header fields the "header" object does not hold, each
//     {"at": index in the header, "key", "value"}: the second and later
//     values of a repeated key, and 手合割：その他, which "initial" states
//     (see jkfExt).
//   - "move_number": the start position's move number when it is not 1.
//   - "bookmark": the start position's bookmark (KIF `&`).
//   - "nodes": notes on the moves tree, in the order the writer visits it.
//     "at" addresses a node as [i, k1, j1, k2, j2, …]: the node at moves[i]
//     of the main line, then for each level the fork k (the alternative
//     k+1 to that node among its parent's children) and the entry j of
//     that fork. A note has "bookmark"; "end" (shogi.EndingKind names:
//     sealed, unknown, …) and "word" for an ending whose JKF special says
//     less than the record (封じ手 is written CHUDAN, as the JKF parsers map
//     it, and noted "end": "sealed"); "elapsed_ns" and "total_ns" for a
//     time JKF cannot state exactly (sub-second, or a total without the
//     time of the move). A note with "insert": true is a node JKF has no
//     entry for at all, an ending the schema's specials cannot name (max
//     moves, 不戦勝, 不戦敗, トライ, unknown words): it is inserted at that
//     address, with its "comments" if any. Other readers see the line end
//     there, as tsshogi writes such endings.
//
// The notes come before the moves in the text but are known only from the
// whole tree: the tree is walked twice, once for the notes and once for
// the entries.
//
// Nothing is lost, except variations nested deeper than maxJKFForks levels,
// which JSON decoders (parse.JKF's among them) refuse: with AllowLoss they
// are left out and reported, otherwise Write fails before writing.
//
// The rare handicaps 三枚落ち, 五枚落ち, 左五枚落ち, 左七枚落ち and
// 右七枚落ち are written as preset OTHER with the board, because common
// readers (tsshogi) reject their preset names; the position is the same.
type JKF struct {
	Options
	losses
	ew      errWriter
	enc     *jsontext.Encoder
	held    heldBuffer // the first record, indented, until the form is known
	compact bool       // records go out compact, as they are written
	records int
	err     error // the encoder's first error in this record
	stack   []jkfLine
	notes   bool // walking for the notes, not the entries
	extOpen bool // the "kifconv" object is open
	nodes   int  // notes written to its "nodes"
	addr    []int
	maxFork int    // forks nested deeper than this are left out (a loss)
	buf     []byte // a move's or a time's JSON, made for WriteValue
	inExt   []bool // the record's header fields that go to the extension (jkfExt)
}

// jkfLine is the state of one line of play (the main line or a fork) being
// written; the tree is walked with an explicit stack so that deeply nested
// variations cannot exhaust the goroutine stack.
type jkfLine struct {
	node   *shogi.Node
	pos    shogi.Position   // before node
	totals [2]time.Duration // each side's running total before node
	next   [2]time.Duration // the totals after node
	alt    int              // > 0 while writing node's forks: the index of altAt
	altAt  *shogi.Node      // the next sibling of node to write as a fork
	fork   int              // the fork's index among its first node's siblings (not on the main line)
	index  int              // node's index in the line's array
	// kinds counts each side's board pieces by kind: a move needs the KI2
	// words of "relative" only when another piece of its kind is there.
	kinds [2][shogi.NumPieceTypes]uint8
}

const (
	// maxJKFHeld bounds the first record's indented text, held back until
	// it is known whether more records follow.
	maxJKFHeld = 4 << 20
	// maxJKFIndentedForks is the deepest nesting of variations written
	// indented.
	maxJKFIndentedForks = 8
	// maxJKFForks is the deepest nesting of variations written at all: each
	// level takes three levels of JSON, and decoders stop at 10,000
	// (jsontext, encoding/json), the JKF reader's among them.
	maxJKFForks = 3000
)

var (
	jkfIndented = []jsontext.Options{jsontext.Multiline(true), jsontext.WithIndent("  "), jsontext.EscapeForJS(true),
		jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)}
	jkfCompact = []jsontext.Options{jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)}
)

// errJKFHeld is what heldBuffer returns when the first record outgrows it.
var errJKFHeld = errors.New("render: the first JKF record outgrew the held buffer")

// heldBuffer is a bytes.Buffer that refuses to grow past maxJKFHeld.
type heldBuffer struct{ bytes.Buffer }

func (h *heldBuffer) Write(p []byte) (int, error) {
	if h.Len()+len(p) > maxJKFHeld {
		return 0, errJKFHeld
	}
	return h.Buffer.Write(p)
}

// out is the writer under the compact encoder: the output, errors kept.
type jkfOut struct{ ew *errWriter }

func (o jkfOut) Write(p []byte) (int, error) {
	o.ew.write(p)
	if o.ew.err != nil {
		return 0, o.ew.err
	}
	return len(p), nil
}

// NewJKF returns a JKF writer.
func NewJKF(w io.Writer, opt Options) *JKF {
	return &JKF{Options: opt, losses: losses{format: "jkf", allow: opt.AllowLoss}, ew: errWriter{w: w}, maxFork: maxJKFForks}
}

// Reset makes j write to out as a new writer would (Writer).
func (j *JKF) Reset(out io.Writer) {
	j.held.Reset()
	*j = JKF{Options: j.Options, losses: j.losses.reset(), ew: errWriter{w: out}, enc: j.enc, held: j.held,
		stack: j.stack[:0], addr: j.addr[:0], maxFork: j.maxFork, buf: j.buf[:0], inExt: j.inExt[:0]}
}

// Write writes one record.
func (j *JKF) Write(rec *shogi.Record) error {
	if j.ew.err != nil {
		return j.ew.err
	}
	depth := jkfForkDepth(rec, j.Mainline)
	if depth > j.maxFork {
		if err := j.lose("variations nested deeper than " + strconv.Itoa(j.maxFork) + " levels"); err != nil {
			return err
		}
	}
	if j.held.Len() > 0 {
		// A second record: the first goes out compact.
		v := jsontext.Value(bytes.TrimSpace(j.held.Bytes()))
		if err := v.Compact(); err != nil {
			return err
		}
		j.ew.write(append(v, '\n'))
		j.held.Reset()
		j.compact = true
	}
	first := j.records == 0
	j.records++
	if first && !j.compact && depth <= maxJKFIndentedForks {
		j.encoder(&j.held, jkfIndented)
		err := j.writeRecord(rec)
		if !errors.Is(err, errJKFHeld) {
			return err
		}
		j.held.Reset()
	}
	j.compact = true
	j.encoder(jkfOut{&j.ew}, jkfCompact)
	if err := j.writeRecord(rec); err != nil {
		return err
	}
	return j.ew.err
}

// encoder points the encoder at w with options opts.
func (j *JKF) encoder(w io.Writer, opts []jsontext.Options) {
	if j.enc == nil {
		j.enc = jsontext.NewEncoder(w, opts...)
		return
	}
	j.enc.Reset(w, opts...)
}

// Flush writes a record still held back, indented as the only one, and
// returns the first error.
func (j *JKF) Flush() error {
	if j.ew.err != nil || j.held.Len() == 0 {
		return j.ew.err
	}
	j.ew.write(j.held.Bytes())
	j.held.Reset()
	return j.ew.err
}

// jkfForkDepth returns how deep the variations of rec nest (0 for none, or
// with mainline set).
func jkfForkDepth(rec *shogi.Record, mainline bool) int {
	if mainline {
		return 0
	}
	type item struct {
		n     *shogi.Node
		depth int
	}
	deepest := 0
	stack := []item{{rec.Root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for n := it.n; n.Next() != nil; n = n.Next() {
			for alt := range n.Variations() {
				stack = append(stack, item{alt, it.depth + 1})
				deepest = max(deepest, it.depth+1)
			}
		}
	}
	return deepest
}

// The encoder's tokens. Each call keeps the encoder's first error, which
// writeRecord returns.

func (j *JKF) tok(t jsontext.Token) {
	if j.err == nil {
		j.err = j.enc.WriteToken(t)
	}
}

func (j *JKF) begin()       { j.tok(jsontext.BeginObject) }
func (j *JKF) end()         { j.tok(jsontext.EndObject) }
func (j *JKF) beginArray()  { j.tok(jsontext.BeginArray) }
func (j *JKF) endArray()    { j.tok(jsontext.EndArray) }
func (j *JKF) str(s string) { j.tok(jsontext.String(s)) }
func (j *JKF) int(v int64)  { j.tok(jsontext.Int(v)) }

// member writes a key and an integer value.
func (j *JKF) member(k string, v int64) {
	j.str(k)
	j.int(v)
}

// jkfRarePresets are the presets written as OTHER with the board.
var jkfRarePresets = [...]shogi.Handicap{shogi.ThreePiece, shogi.FivePiece, shogi.LeftFivePiece, shogi.LeftSevenPiece, shogi.RightSevenPiece}

// writeRecord writes the JSON of rec.
func (j *JKF) writeRecord(rec *shogi.Record) error {
	j.err = nil
	j.begin()
	j.str("header")
	j.inExt = jkfExt(rec.Header, j.inExt)
	extHeader := j.writeHeader(rec)
	j.str("initial")
	j.writeInitial(&rec.Start)
	j.str("moves")
	j.beginArray()
	j.begin() // moves[0]
	if len(rec.Root.Comments()) > 0 {
		j.str("comments")
		j.writeComments(rec.Root.Comments())
	}
	j.extOpen, j.nodes = false, 0
	if extHeader || rec.Start.MoveNumber() != 1 || rec.Root.Bookmark() != "" {
		j.writeExtStart(rec)
	}
	j.notes = true
	j.walk(rec)
	j.notes = false
	if j.nodes > 0 {
		j.endArray()
	}
	if j.extOpen {
		j.end()
	}
	j.end()
	j.walk(rec)
	j.endArray()
	j.end()
	return j.err
}

// writeHeader writes the header object; ext reports fields left for the
// extension.
func (j *JKF) writeHeader(rec *shogi.Record) (ext bool) {
	j.begin()
	for i, f := range rec.Header {
		if j.inExt[i] {
			ext = true
			continue
		}
		j.str(f.Key)
		j.str(f.Value)
	}
	j.end()
	return ext
}

// jkfExt returns, in buf's memory, which fields of h go to the extension
// rather than the header object: the second and later values of a repeated
// key, which a JSON object cannot hold, and 手合割：その他, which says "the
// board is given" — "initial" says that (preset OTHER and its data), and
// tsshogi, which reads a KIF's 手合割 into the start position, never shows
// it as a header field. Other 手合割 values stay in the header, where JKF
// readers show them as they would the source's. It takes one pass: a long
// header's keys go into a set (50,000 keys took 3.1 s looking back at each
// earlier one; BenchmarkJKFHeaderKeys).
func jkfExt(h shogi.Header, buf []bool) []bool {
	out := slices.Grow(buf[:0], len(h))[:len(h)]
	var seen map[string]struct{}
	if len(h) > 16 {
		seen = make(map[string]struct{}, len(h))
	}
	for i, f := range h {
		repeated := false
		if seen != nil {
			_, repeated = seen[f.Key]
			seen[f.Key] = struct{}{}
		} else {
			for _, g := range h[:i] {
				repeated = repeated || g.Key == f.Key
			}
		}
		out[i] = repeated || f.Key == shogi.KeyHandicap && strings.TrimSpace(f.Value) == shogi.Other.KIF()
	}
	return out
}

// openExt opens moves[0].kifconv, once.
func (j *JKF) openExt() {
	if !j.extOpen {
		j.extOpen = true
		j.str("kifconv")
		j.begin()
	}
}

// writeExtStart writes the members of the extension known before the
// tree is walked: header fields, the start's move number and bookmark.
func (j *JKF) writeExtStart(rec *shogi.Record) {
	j.openExt()
	n := 0
	for i, f := range rec.Header {
		if !j.inExt[i] {
			continue
		}
		if n == 0 {
			j.str("header")
			j.beginArray()
		}
		n++
		j.begin()
		j.member("at", int64(i))
		j.str("key")
		j.str(f.Key)
		j.str("value")
		j.str(f.Value)
		j.end()
	}
	if n > 0 {
		j.endArray()
	}
	if mn := rec.Start.MoveNumber(); mn != 1 {
		j.member("move_number", int64(mn))
	}
	if rec.Root.Bookmark() != "" {
		j.str("bookmark")
		j.str(rec.Root.Bookmark())
	}
}

func (j *JKF) writeInitial(start *shogi.Position) {
	h := shogi.HandicapOf(start)
	for _, r := range jkfRarePresets {
		if h == r {
			h = shogi.Other
		}
	}
	// The object is made compact and handed to the encoder whole (see
	// writeWholeEntry).
	b := append(j.buf[:0], `{"preset":`...)
	if h != shogi.Other {
		b, _ = jsontext.AppendQuote(b, h.JKF())
		j.buf = append(b, '}')
		j.value(j.buf)
		return
	}
	b = append(b, `"OTHER","data":{"color":`...)
	b = strconv.AppendInt(b, int64(start.Turn()), 10)
	b = append(b, `,"board":[`...)
	for x := 1; x <= 9; x++ {
		if x > 1 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for y := 1; y <= 9; y++ {
			if y > 1 {
				b = append(b, ',')
			}
			if pc := start.At(shogi.NewSquare(x, y)); pc != shogi.NoPiece {
				b = append(b, `{"color":`...)
				b = strconv.AppendInt(b, int64(pc.Color()), 10)
				b = append(b, `,"kind":"`...)
				b = append(b, pc.Type().CSA()...)
				b = append(b, `"}`...)
			} else {
				b = append(b, "{}"...)
			}
		}
		b = append(b, ']')
	}
	b = append(b, `],"hands":[`...)
	for c := shogi.Black; c <= shogi.White; c++ {
		h := start.Hand(c)
		if c == shogi.White {
			b = append(b, ',')
		}
		for i, t := range jkfHandOrder {
			if i == 0 {
				b = append(b, `{"`...)
			} else {
				b = append(b, `,"`...)
			}
			b = append(b, t.CSA()...)
			b = append(b, `":`...)
			b = strconv.AppendInt(b, int64(h.Count(t)), 10)
		}
		b = append(b, '}')
	}
	j.buf = append(b, "]}}"...)
	j.value(j.buf)
}

// jkfHandOrder is the order of hand keys in the spec and its examples.
var jkfHandOrder = [7]shogi.PieceType{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// walk visits the entries of the main line after moves[0], each with its
// forks, with an explicit stack: it writes them, or with j.notes set only
// the notes on them.
func (j *JKF) walk(rec *shogi.Record) {
	start := rec.Start
	// A previous move before the start (BOD's まで) would make the first
	// move "same", which a reader cannot check: JKF starts without one.
	start.SetLastMove(0)
	main := jkfLine{node: rec.Root.Next(), pos: start, index: 1}
	for s := shogi.Square(0); s < 81; s++ {
		if pc := start.At(s); pc != shogi.NoPiece {
			main.kinds[pc.Color()&1][pc.Type()]++
		}
	}
	w := !j.notes // write the entries
	j.stack = append(j.stack[:0], main)
	for len(j.stack) > 0 && j.err == nil {
		f := &j.stack[len(j.stack)-1]
		if f.node == nil {
			j.stack = j.stack[:len(j.stack)-1]
			if len(j.stack) > 0 && w {
				j.endArray() // the fork's array
			}
			continue
		}
		n := f.node
		if f.alt == 0 {
			// Alternatives to n are written as its forks, except endings
			// JKF cannot name, which are noted in the extension.
			branch := !j.Mainline && n.Sibling() != nil && n.Parent().Next() == n && len(j.stack) <= j.maxFork
			forks := false
			if branch {
				for s := n.Sibling(); s != nil; s = s.Sibling() {
					if !jkfUnnamed(s, f.pos.Turn()) {
						forks = true
						break
					}
				}
			}
			named := !jkfUnnamed(n, f.pos.Turn())
			if !named {
				j.note(f, n, -1, true)
			}
			if !named && !forks {
				// Nothing to write; the alternatives are unnamed endings.
				if branch {
					for a, s := 0, n.Sibling(); s != nil; a, s = a+1, s.Sibling() {
						j.note(f, s, a, true)
					}
				}
				f.node = nil
				continue
			}
			// Here a named entry or forks are to be written: an entry
			// without forks or comments goes out as one value.
			switch {
			case w && !forks && len(n.Comments()) == 0:
				j.writeWholeEntry(f)
			case w:
				j.begin()
				fallthrough
			case named:
				if named {
					j.writeEntry(f)
				}
			}
			if !forks {
				if w && len(n.Comments()) > 0 {
					j.end()
				}
				if branch {
					for a, s := 0, n.Sibling(); s != nil; a, s = a+1, s.Sibling() {
						j.note(f, s, a, true)
					}
				}
				j.advance(f)
				continue
			}
			if w {
				j.str("forks")
				j.beginArray()
			}
			f.alt, f.altAt = 1, n.Sibling()
		}
		if alt := f.altAt; alt != nil {
			f.altAt = alt.Sibling()
			f.alt++
			if jkfUnnamed(alt, f.pos.Turn()) {
				j.note(f, alt, f.alt-2, true)
				continue
			}
			if w {
				j.beginArray()
			}
			j.stack = append(j.stack, jkfLine{node: alt, pos: f.pos, totals: f.totals, fork: f.alt - 2, kinds: f.kinds})
			continue
		}
		if w {
			j.endArray() // the forks
			j.end()      // the entry
		}
		f.alt = 0
		j.advance(f)
	}
}

// jkfUnnamed reports whether n is an ending the JKF specials cannot name.
func jkfUnnamed(n *shogi.Node, toMove shogi.Color) bool {
	if !n.IsEnd() {
		return false
	}
	_, ok := jkfSpecial(n.End(), toMove)
	return !ok
}

// advance moves f past the node whose entry was just written.
func (j *JKF) advance(f *jkfLine) {
	n := f.node
	f.index++
	if n.IsEnd() {
		f.node = nil
		return
	}
	if j.notes {
		// The notes need only the side to move.
		f.pos.SetTurn(f.pos.Turn().Opponent())
	} else {
		f.play(n.Move)
	}
	f.totals = f.next
	f.node = n.Next()
}

// play plays m on the line's board, hands, counters and piece counts. The
// writer looks at pieces, never at checks, so Position.Play's upkeep of
// what attacks the kings would be wasted; and m may be the illegal move of
// a documented foul, which can even take a king (that one goes to no hand).
func (f *jkfLine) play(m shogi.Move) {
	pos := &f.pos
	c := pos.Turn()
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		if h := pos.Hand(c); h.Count(t) > 0 {
			h.Remove(t)
		}
		pos.Set(to, shogi.NewPiece(c, t))
		f.kinds[c&1][t]++
	} else {
		from := m.From()
		pc := pos.At(from)
		if x := pos.At(to); x != shogi.NoPiece {
			f.kinds[x.Color()&1][x.Type()]--
			if x.Type() != shogi.King {
				pos.Hand(c).Add(x.Type(), 1)
			}
		}
		if m.IsPromotion() {
			f.kinds[c&1][pc.Type()]--
			pc = shogi.NewPiece(c, pc.Type().Promote())
			f.kinds[c&1][pc.Type()]++
		}
		pos.Set(from, shogi.NoPiece)
		pos.Set(to, pc)
	}
	pos.SetTurn(c.Opponent())
	pos.SetMoveNumber(pos.MoveNumber() + 1)
	pos.SetLastMove(m)
}

// writeEntry writes the members of f.node's entry (a move or a special JKF
// names, time, comments), or with j.notes set, notes in the extension what
// they cannot say.
func (j *JKF) writeEntry(f *jkfLine) {
	n := f.node
	pos := &f.pos
	endNote := false
	timeNote := j.times(f)
	if j.notes {
		if n.IsEnd() {
			name, _ := jkfSpecial(n.End(), pos.Turn())
			endNote = jkfEndNote(n.End(), pos.Turn(), name)
		}
		if endNote || timeNote || n.Bookmark() != "" {
			j.noteWith(f, n, -1, false, endNote, timeNote)
		}
		return
	}
	if n.IsEnd() {
		name, _ := jkfSpecial(n.End(), pos.Turn())
		j.str("special")
		j.str(name)
	} else {
		j.str("move")
		j.buf = j.appendMove(j.buf[:0], f, n.Move)
		j.value(j.buf)
	}
	if t, ok := j.appendTime(j.buf[:0], f); ok {
		j.str("time")
		j.buf = t
		j.value(t)
	}
	if len(n.Comments()) > 0 {
		j.str("comments")
		j.writeComments(n.Comments())
	}
}

// writeWholeEntry writes f.node's entry, which has no forks and no
// comments (strings the encoder would unquote and quote again), as one value:
// made compact in j.buf and handed to the encoder whole, which lays it out
// (indented or not) far faster than token by token. Its text is what
// writeEntry's tokens make.
func (j *JKF) writeWholeEntry(f *jkfLine) {
	n := f.node
	j.times(f)
	b := append(j.buf[:0], '{')
	if n.IsEnd() {
		name, _ := jkfSpecial(n.End(), f.pos.Turn())
		b = append(b, `"special":`...)
		b, _ = jsontext.AppendQuote(b, name)
	} else {
		b = append(b, `"move":`...)
		b = j.appendMove(b, f, n.Move)
	}
	if t, ok := j.appendTime(append(b, `,"time":`...), f); ok {
		b = t
	}
	b = append(b, '}')
	j.buf = b
	j.value(b)
}

// jkfEndNote reports whether the special name written for e says less than
// e: read back, it would give another outcome (封じ手 as CHUDAN) or lose the
// source's word.
func jkfEndNote(e shogi.Ending, toMove shogi.Color, name string) bool {
	if e.Word != "" {
		return true
	}
	back, _ := shogi.EndingFromCSA(name, toMove)
	return jkfOutcome(back, toMove) != jkfOutcome(e, toMove)
}

// jkfOutcome is what an ending says with toMove to move, as diff compares
// endings: ILLEGAL_ACTION resolved from the side to move, and ILLEGAL_MOVE
// the same as 反則負け.
func jkfOutcome(e shogi.Ending, toMove shogi.Color) shogi.EndingKind {
	k := e.Normalize(toMove).Kind
	if k == shogi.IllegalMove {
		return shogi.FoulLose
	}
	return k
}

// note adds an item for node n of line f to the extension: n itself (alt <
// 0) or the alternative alt+1 to f's node; insert says that JKF has no
// entry for it.
func (j *JKF) note(f *jkfLine, n *shogi.Node, alt int, insert bool) {
	j.noteWith(f, n, alt, insert, true, true)
}

// noteWith writes the item while the notes are being walked; end and times
// say whether the ending and the times are noted.
func (j *JKF) noteWith(f *jkfLine, n *shogi.Node, alt int, insert, end, times bool) {
	if !j.notes {
		return
	}
	if j.nodes == 0 {
		j.openExt()
		j.str("nodes")
		j.beginArray()
	}
	j.nodes++
	a := j.addr[:0]
	for i := range j.stack {
		g := &j.stack[i]
		if i > 0 {
			a = append(a, g.fork)
		}
		a = append(a, g.index)
	}
	if alt >= 0 {
		a = append(a, alt, 0)
	}
	j.addr = a
	j.begin()
	j.str("at")
	j.beginArray()
	for _, x := range a {
		j.int(int64(x))
	}
	j.endArray()
	if insert {
		j.str("insert")
		j.tok(jsontext.True)
	}
	if end && n.IsEnd() {
		j.str("end")
		j.str(n.End().Kind.String())
		if n.End().Word != "" {
			j.str("word")
			j.str(n.End().Word)
		}
	}
	if times {
		if n.Time().HasTime {
			j.member("elapsed_ns", int64(n.Time().Elapsed))
		}
		if n.Time().HasTotal {
			j.member("total_ns", int64(n.Time().Total))
		}
	}
	if insert && len(n.Comments()) > 0 {
		j.str("comments")
		j.writeComments(n.Comments())
	}
	if n.Bookmark() != "" {
		j.str("bookmark")
		j.str(n.Bookmark())
	}
	j.end()
}

// appendMove appends the move object of m played in f's position.
func (j *JKF) appendMove(b []byte, f *jkfLine, m shogi.Move) []byte {
	pos := &f.pos
	c := pos.Turn()
	to := m.To()
	pc := pos.MovingPiece(m)
	b = append(b, `{"color":`...)
	b = strconv.AppendInt(b, int64(c), 10)
	if !m.IsDrop() {
		b = append(b, `,"from":`...)
		b = appendJKFSquare(b, m.From())
	}
	b = append(b, `,"to":`...)
	b = appendJKFSquare(b, to)
	b = append(b, `,"piece":"`...)
	b = append(b, pc.Type().CSA()...)
	b = append(b, '"')
	if !m.IsDrop() {
		if last := pos.LastMove(); !last.IsZero() && last.To() == to {
			b = append(b, `,"same":true`...)
		}
		switch {
		case m.IsPromotion():
			b = append(b, `,"promote":true`...)
		case pc.Type().CanPromote() && (m.From().InPromotionZone(c) || to.InPromotionZone(c)):
			b = append(b, `,"promote":false`...)
		}
		// A king is taken only in a documented foul (shogi/foul.go); its
		// capture is left out, as the schema's capturable kinds (those a
		// hand can hold) have no OU: readers take it from the board.
		if x := pos.At(to); x != shogi.NoPiece && x.Type() != shogi.King {
			b = append(b, `,"capture":"`...)
			b = append(b, x.Type().CSA()...)
			b = append(b, '"')
		}
	}
	if others := f.kinds[c&1][pc.Type()]; others > 1 || m.IsDrop() && others > 0 {
		if rel := jkfRelative(pos, m); rel != "" {
			b = append(b, `,"relative":"`...)
			b = append(b, rel...)
			b = append(b, '"')
		}
	}
	return append(b, '}')
}

// value writes the JSON value v, which the encoder checks and lays out.
func (j *JKF) value(v []byte) {
	if j.err == nil {
		j.err = j.enc.WriteValue(v)
	}
}

// jkfRelative returns the relative codes of m played in pos: the words
// KI2 notation writes to single the mover out (Position.Relative), or "H"
// for a drop while a board piece of the kind could also move there; ""
// when nothing needs saying, and for a move onto a piece of the mover's
// own (a documented foul), which no other piece of the kind can reach.
func jkfRelative(pos *shogi.Position, m shogi.Move) string {
	c := pos.Turn()
	if !m.IsDrop() {
		c = pos.At(m.From()).Color()
	}
	if x := pos.At(m.To()); x != shogi.NoPiece && x.Color() == c {
		return ""
	}
	return pos.Relative(m).JKF()
}

// appendJKFSquare appends {"x":file,"y":rank}.
func appendJKFSquare(b []byte, s shogi.Square) []byte {
	b = append(b, `{"x":`...)
	b = strconv.AppendInt(b, int64(s.File()), 10)
	b = append(b, `,"y":`...)
	b = strconv.AppendInt(b, int64(s.Rank()), 10)
	return append(b, '}')
}

// times computes the running totals after f's node (f.next), and reports
// whether the times JKF states (whole seconds, "now" always given) would
// not read back as the record's, so that a note must say them.
func (j *JKF) times(f *jkfLine) (note bool) {
	t := f.node.Time()
	f.next = f.totals
	if !t.HasTime && !t.HasTotal {
		return false
	}
	c := f.pos.Turn() // the mover, or the side an ending concerns
	total := f.totals[c] + t.Elapsed
	if t.HasTotal {
		total = t.Total
		note = !t.HasTime // only the total is known
	}
	f.next[c] = total
	return note || t.HasTime && t.Elapsed%time.Second != 0 || t.HasTotal && t.Total%time.Second != 0
}

// appendTime appends the time object of f's node, when it has one: the
// time of the move and the mover's running total (computed by times where
// the record does not state it).
func (j *JKF) appendTime(b []byte, f *jkfLine) ([]byte, bool) {
	t := f.node.Time()
	if !t.HasTime && !t.HasTotal {
		return b, false
	}
	c := f.pos.Turn()
	total := f.next[c]
	now := t.Elapsed
	if !t.HasTime {
		// Only the total is known: the time of this move is what it
		// added to the previous total.
		now = max(total-f.totals[c], 0)
	}
	secs := int64(now / time.Second)
	b = append(b, `{"now":{"m":`...)
	b = strconv.AppendInt(b, secs/60, 10)
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, secs%60, 10)
	secs = int64(total / time.Second)
	b = append(b, `},"total":{"h":`...)
	b = strconv.AppendInt(b, secs/3600, 10)
	b = append(b, `,"m":`...)
	b = strconv.AppendInt(b, secs/60%60, 10)
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, secs%60, 10)
	return append(b, "}}"...), true
}

// writeComments writes the array of comment lines.
func (j *JKF) writeComments(lines []string) {
	j.beginArray()
	for _, c := range lines {
		j.str(c)
	}
	j.endArray()
}

// jkfSpecial returns the JKF special for e with toMove to move: the CSA V2.2
// names the JKF schema lists. 封じ手 (sealed move) becomes CHUDAN, as the
// json-kifu-format KIF parser maps it.
func jkfSpecial(e shogi.Ending, toMove shogi.Color) (string, bool) {
	if e.Kind == shogi.Sealed {
		return "CHUDAN", true
	}
	name, ok := e.CSA(toMove)
	if !ok {
		return "", false
	}
	switch name {
	case "TORYO", "CHUDAN", "SENNICHITE", "TIME_UP", "ILLEGAL_MOVE", "+ILLEGAL_ACTION", "-ILLEGAL_ACTION",
		"JISHOGI", "KACHI", "HIKIWAKE", "MATTA", "TSUMI", "FUZUMI", "ERROR":
		return name, true
	}
	return "", false // MAX_MOVES (CSA V3.0) is not in the JKF schema
}
