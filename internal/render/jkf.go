package render

import (
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
// back; a second Write compacts it. Keys come in a fixed order, so the
// output is deterministic. The JSON is appended byte by byte, with the
// indentation taken from a precomputed run of spaces, in one pass.
//
// What JKF has no member for is written in the kifconv extension, the
// member "kifconv" of moves[0] (the one object the JKF schema leaves open;
// JKF readers ignore it), which parse.JKF reads back, so that a record
// survives the round trip whole:
//
//   - "header": header fields the "header" object does not hold, each
//     {"at": index in the header, "key", "value"}: the second and later
//     values of a repeated key, and 手合割：その他, which "initial" states
//     (see jkfInExt).
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
// So nothing is lost and Losses stays empty.
//
// The rare handicaps 三枚落ち, 五枚落ち, 左五枚落ち, 左七枚落ち and
// 右七枚落ち are written as preset OTHER with the board, because common
// readers (tsshogi) reject their preset names; the position is the same.
type JKF struct {
	Options
	losses
	ew      errWriter
	buf     []byte
	held    []byte // the first record, indented, until the form is known
	scratch []byte
	records int
	stack   []jkfLine
	text    []byte // scratch for KI2 text
	indent  bool   // the record is being written indented
	depth   int    // nesting depth of the value being written
	notes   []byte // the items of the extension's "nodes"
	nnotes  int
	addr    []int // scratch for a note's address
}

// jkfLine is the state of one line of play (the main line or a fork) being
// written; the tree is walked with an explicit stack so that deeply nested
// variations cannot exhaust the goroutine stack.
type jkfLine struct {
	node      *shogi.Node
	pos       shogi.Position   // before node
	totals    [2]time.Duration // each side's running total before node
	next      [2]time.Duration // the totals after node
	first     bool             // no entry of this line written yet
	alt       int              // > 0 while writing node's forks: the next sibling
	forkFirst bool             // no fork of node written yet
	fork      int              // the fork's index among its first node's siblings (not on the main line)
	index     int              // node's index in the line's array
	// kinds counts each side's board pieces by kind: a move needs the KI2
	// words of "relative" only when another piece of its kind is there.
	kinds [2][shogi.NumPieceTypes]uint8
}

// NewJKF returns a JKF writer.
func NewJKF(w io.Writer, opt Options) *JKF {
	return &JKF{Options: opt, losses: losses{format: "jkf", allow: opt.AllowLoss}, ew: errWriter{w: w}}
}

// Write writes one record.
func (j *JKF) Write(rec *shogi.Record) error {
	if j.ew.err != nil {
		return j.ew.err
	}
	if len(j.held) > 0 {
		// A second record: the first goes out compact, in place, and its
		// buffer serves from now on.
		h := append(compactJSON(j.held[:0], j.held), '\n')
		j.ew.write(h)
		j.buf, j.held = h[:0], nil
	}
	if j.buf == nil {
		j.buf = make([]byte, 0, 64<<10)
	}
	j.indent = j.records == 0
	b := j.appendRecord(j.buf[:0], rec)
	j.records++
	if j.indent {
		j.held, j.buf = b, nil
		return nil
	}
	j.buf = append(b, '\n')
	j.ew.write(j.buf)
	return j.ew.err
}

// Flush writes a record still held back, indented as the only one, and
// returns the first error.
func (j *JKF) Flush() error {
	if j.ew.err != nil || len(j.held) == 0 {
		return j.ew.err
	}
	h := append(j.held, '\n')
	j.ew.write(h)
	j.buf, j.held = h[:0], nil
	return j.ew.err
}

// maxIndent caps the indentation of the indented form: deeply nested forks
// would otherwise make the output grow with the square of their depth.
const maxIndent = 32

// jkfIndent is a line break and the deepest indentation; nl slices it.
const jkfIndent = "\n                                                                "

// nl appends a line break and the indentation of the current depth (nothing
// in the compact form).
func (j *JKF) nl(b []byte) []byte {
	if !j.indent {
		return b
	}
	return append(b, jkfIndent[:1+2*min(j.depth, maxIndent)]...)
}

// open appends the opening c of an array or object that is not empty.
func (j *JKF) open(b []byte, c byte) []byte {
	j.depth++
	return j.nl(append(b, c))
}

// close appends the closing c of an array or object.
func (j *JKF) close(b []byte, c byte) []byte {
	j.depth--
	return append(j.nl(b), c)
}

// key appends a quoted key (k includes the quotes) and its colon.
func (j *JKF) key(b []byte, k string) []byte {
	b = append(b, k...)
	if j.indent {
		return append(b, ':', ' ')
	}
	return append(b, ':')
}

// next appends the comma before the next member and its key.
func (j *JKF) next(b []byte, k string) []byte {
	return j.key(j.nl(append(b, ',')), k)
}

// comma appends the comma before the next element.
func (j *JKF) comma(b []byte) []byte { return j.nl(append(b, ',')) }

// compactJSON appends src, JSON as the writer indents it, without the white
// space outside strings.
func compactJSON(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case ' ', '\n':
		case '"':
			k := i + 1
			for src[k] != '"' {
				if src[k] == '\\' {
					k++
				}
				k++
			}
			dst = append(dst, src[i:k+1]...)
			i = k
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// jkfRarePresets are the presets written as OTHER with the board.
var jkfRarePresets = [...]shogi.Handicap{shogi.ThreePiece, shogi.FivePiece, shogi.LeftFivePiece, shogi.LeftSevenPiece, shogi.RightSevenPiece}

// appendRecord appends the JSON of rec.
func (j *JKF) appendRecord(b []byte, rec *shogi.Record) []byte {
	j.depth = 0
	j.notes, j.nnotes = j.notes[:0], 0
	b = j.open(b, '{')
	b = j.key(b, `"header"`)
	b, extHeader := j.appendHeader(b, rec)
	b = j.next(b, `"initial"`)
	b = j.appendInitial(b, &rec.Start)
	b = j.next(b, `"moves"`)
	b = j.open(b, '[')
	comments := len(rec.Root.Comments) > 0
	var mark int // where members of moves[0] can be added
	if comments {
		b = j.open(b, '{')
		b = j.key(b, `"comments"`)
		b = j.appendComments(b, rec.Root.Comments)
		mark = len(b)
		b = j.close(b, '}')
	} else {
		b = append(b, '{')
		mark = len(b)
		b = append(b, '}')
	}
	b = j.appendLines(b, rec)
	b = j.close(b, ']')
	b = j.close(b, '}')
	if extHeader || rec.Start.MoveNumber() != 1 || rec.Root.Bookmark != "" || j.nnotes > 0 {
		b = j.spliceExt(b, mark, comments, rec)
	}
	return b
}

// appendHeader appends the header object; ext reports fields left for the
// extension.
func (j *JKF) appendHeader(b []byte, rec *shogi.Record) (_ []byte, ext bool) {
	n := 0
	for i, f := range rec.Header {
		if jkfInExt(rec.Header, i) {
			ext = true
			continue
		}
		if n == 0 {
			b = j.open(b, '{')
		} else {
			b = j.comma(b)
		}
		n++
		b = appendJSONString(b, f.Key)
		b = j.key(b, "")
		b = appendJSONString(b, f.Value)
	}
	if n == 0 {
		return append(b, '{', '}'), ext
	}
	return j.close(b, '}'), ext
}

// jkfInExt reports whether rec.Header[i] goes to the extension rather than
// the header object: the second and later values of a repeated key, which a
// JSON object cannot hold, and 手合割：その他, which says "the board is
// given" — "initial" says that (preset OTHER and its data), and tsshogi,
// which reads a KIF's 手合割 into the start position, never shows it as a
// header field. Other 手合割 values stay in the header, where JKF readers
// show them as they would the source's.
func jkfInExt(h shogi.Header, i int) bool {
	k := h[i].Key
	for _, g := range h[:i] {
		if g.Key == k {
			return true
		}
	}
	return k == shogi.KeyHandicap && strings.TrimSpace(h[i].Value) == shogi.Other.KIF()
}

// spliceExt inserts the member "kifconv" into moves[0] at mark (after its
// comments when it has some).
func (j *JKF) spliceExt(b []byte, mark int, comments bool, rec *shogi.Record) []byte {
	j.depth = 3 // the members of moves[0]
	e := j.scratch[:0]
	if comments {
		e = append(e, ',')
	}
	e = j.nl(e)
	e = j.key(e, `"kifconv"`)
	e = j.open(e, '{')
	members := 0
	member := func(k string) {
		if members > 0 {
			e = j.comma(e)
		}
		members++
		e = j.key(e, k)
	}
	n := 0
	for i, f := range rec.Header {
		if !jkfInExt(rec.Header, i) {
			continue
		}
		if n == 0 {
			member(`"header"`)
			e = j.open(e, '[')
		} else {
			e = j.comma(e)
		}
		n++
		e = j.open(e, '{')
		e = j.key(e, `"at"`)
		e = strconv.AppendInt(e, int64(i), 10)
		e = j.next(e, `"key"`)
		e = appendJSONString(e, f.Key)
		e = j.next(e, `"value"`)
		e = appendJSONString(e, f.Value)
		e = j.close(e, '}')
	}
	if n > 0 {
		e = j.close(e, ']')
	}
	if mn := rec.Start.MoveNumber(); mn != 1 {
		member(`"move_number"`)
		e = strconv.AppendInt(e, int64(mn), 10)
	}
	if rec.Root.Bookmark != "" {
		member(`"bookmark"`)
		e = appendJSONString(e, rec.Root.Bookmark)
	}
	if j.nnotes > 0 {
		member(`"nodes"`)
		e = j.open(e, '[')
		e = append(e, j.notes...)
		e = j.close(e, ']')
	}
	e = j.close(e, '}')
	if !comments {
		j.depth = 2
		e = j.nl(e)
	}
	j.scratch = e
	b = append(b, e...)
	copy(b[mark+len(e):], b[mark:len(b)-len(e)])
	copy(b[mark:], e)
	return b
}

func (j *JKF) appendInitial(b []byte, start *shogi.Position) []byte {
	h := shogi.HandicapOf(start)
	for _, r := range jkfRarePresets {
		if h == r {
			h = shogi.Other
		}
	}
	b = j.open(b, '{')
	b = j.key(b, `"preset"`)
	if h != shogi.Other {
		b = append(b, '"')
		b = append(b, h.JKF()...)
		b = append(b, '"')
		return j.close(b, '}')
	}
	b = append(b, `"OTHER"`...)
	b = j.next(b, `"data"`)
	b = j.open(b, '{')
	b = j.key(b, `"color"`)
	b = strconv.AppendInt(b, int64(start.Turn()), 10)
	b = j.next(b, `"board"`)
	b = j.open(b, '[')
	for x := 1; x <= 9; x++ {
		if x > 1 {
			b = j.comma(b)
		}
		b = j.open(b, '[')
		for y := 1; y <= 9; y++ {
			if y > 1 {
				b = j.comma(b)
			}
			pc := start.At(shogi.NewSquare(x, y))
			if pc == shogi.NoPiece {
				b = append(b, '{', '}')
				continue
			}
			b = j.open(b, '{')
			b = j.key(b, `"color"`)
			b = strconv.AppendInt(b, int64(pc.Color()), 10)
			b = j.next(b, `"kind"`)
			b = appendJKFKind(b, pc.Type())
			b = j.close(b, '}')
		}
		b = j.close(b, ']')
	}
	b = j.close(b, ']')
	b = j.next(b, `"hands"`)
	b = j.open(b, '[')
	for c := shogi.Black; c <= shogi.White; c++ {
		if c == shogi.White {
			b = j.comma(b)
		}
		h := start.Hand(c)
		b = j.open(b, '{')
		for i, t := range jkfHandOrder {
			if i > 0 {
				b = j.comma(b)
			}
			b = append(b, '"')
			b = append(b, t.CSA()...)
			b = j.key(b, `"`)
			b = strconv.AppendInt(b, int64(h.Count(t)), 10)
		}
		b = j.close(b, '}')
	}
	b = j.close(b, ']')
	b = j.close(b, '}')
	return j.close(b, '}')
}

// jkfHandOrder is the order of hand keys in the spec and its examples.
var jkfHandOrder = [7]shogi.PieceType{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

func appendJKFKind(b []byte, t shogi.PieceType) []byte {
	b = append(b, '"')
	b = append(b, t.CSA()...)
	return append(b, '"')
}

// appendLines appends the entries of the main line after moves[0], each
// with its forks, walking the tree with an explicit stack.
func (j *JKF) appendLines(b []byte, rec *shogi.Record) []byte {
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
	j.stack = append(j.stack[:0], main)
	for len(j.stack) > 0 {
		f := &j.stack[len(j.stack)-1]
		if f.node == nil {
			j.stack = j.stack[:len(j.stack)-1]
			if len(j.stack) > 0 {
				b = j.close(b, ']') // the fork's array
			}
			continue
		}
		n := f.node
		sibs := n.Parent.Children
		if f.alt == 0 {
			// Alternatives to n are written as its forks, except endings
			// JKF cannot name, which are noted in the extension.
			branch := !j.Mainline && len(sibs) > 1 && sibs[0] == n
			forks := false
			if branch {
				for _, s := range sibs[1:] {
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
					for a := 1; a < len(sibs); a++ {
						j.note(f, sibs[a], a-1, true)
					}
				}
				f.node = nil
				continue
			}
			if !f.first {
				b = j.comma(b)
			}
			f.first = false
			b = j.open(b, '{')
			if named {
				b = j.appendEntry(b, f)
			}
			if !forks {
				b = j.close(b, '}')
				if branch {
					for a := 1; a < len(sibs); a++ {
						j.note(f, sibs[a], a-1, true)
					}
				}
				j.advance(f)
				continue
			}
			if named {
				b = j.comma(b)
			}
			b = j.key(b, `"forks"`)
			b = j.open(b, '[')
			f.alt, f.forkFirst = 1, true
		}
		if f.alt < len(sibs) {
			alt := sibs[f.alt]
			f.alt++
			if jkfUnnamed(alt, f.pos.Turn()) {
				j.note(f, alt, f.alt-2, true)
				continue
			}
			if !f.forkFirst {
				b = j.comma(b)
			}
			f.forkFirst = false
			b = j.open(b, '[')
			j.stack = append(j.stack, jkfLine{node: alt, pos: f.pos, totals: f.totals, first: true, fork: f.alt - 2, kinds: f.kinds})
			continue
		}
		b = j.close(b, ']') // the forks
		b = j.close(b, '}') // the entry
		f.alt = 0
		j.advance(f)
	}
	return b
}

// jkfUnnamed reports whether n is an ending the JKF specials cannot name.
func jkfUnnamed(n *shogi.Node, toMove shogi.Color) bool {
	if !n.IsEnd() {
		return false
	}
	_, ok := jkfSpecial(n.End, toMove)
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
	f.play(n.Move)
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

// appendEntry appends the members of f.node's entry (a move or a special
// JKF names, time, comments) and notes in the extension what they cannot
// say.
func (j *JKF) appendEntry(b []byte, f *jkfLine) []byte {
	n := f.node
	pos := &f.pos
	endNote := false
	if n.IsEnd() {
		name, _ := jkfSpecial(n.End, pos.Turn())
		b = j.key(b, `"special"`)
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"')
		endNote = jkfEndNote(n.End, pos.Turn(), name)
	} else {
		b = j.appendMove(b, f, n.Move)
	}
	b, timeNote := j.appendTime(b, f)
	if len(n.Comments) > 0 {
		b = j.next(b, `"comments"`)
		b = j.appendComments(b, n.Comments)
	}
	if endNote || timeNote || n.Bookmark != "" {
		j.noteWith(f, n, -1, false, endNote, timeNote)
	}
	return b
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

// noteWith writes the item; end and times say whether the ending and the
// times are noted.
func (j *JKF) noteWith(f *jkfLine, n *shogi.Node, alt int, insert, end, times bool) {
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
	depth := j.depth
	j.depth = 5 // in moves[0].kifconv.nodes
	e := j.notes
	if j.nnotes > 0 {
		e = j.comma(e)
	}
	j.nnotes++
	e = j.open(e, '{')
	e = j.key(e, `"at"`)
	e = j.open(e, '[')
	for i, x := range a {
		if i > 0 {
			e = j.comma(e)
		}
		e = strconv.AppendInt(e, int64(x), 10)
	}
	e = j.close(e, ']')
	if insert {
		e = j.next(e, `"insert"`)
		e = append(e, "true"...)
	}
	if end && n.IsEnd() {
		e = j.next(e, `"end"`)
		e = appendJSONString(e, n.End.Kind.String())
		if n.End.Word != "" {
			e = j.next(e, `"word"`)
			e = appendJSONString(e, n.End.Word)
		}
	}
	if times {
		if n.Time.HasTime {
			e = j.next(e, `"elapsed_ns"`)
			e = strconv.AppendInt(e, int64(n.Time.Elapsed), 10)
		}
		if n.Time.HasTotal {
			e = j.next(e, `"total_ns"`)
			e = strconv.AppendInt(e, int64(n.Time.Total), 10)
		}
	}
	if insert && len(n.Comments) > 0 {
		e = j.next(e, `"comments"`)
		e = j.appendComments(e, n.Comments)
	}
	if n.Bookmark != "" {
		e = j.next(e, `"bookmark"`)
		e = appendJSONString(e, n.Bookmark)
	}
	j.notes = j.close(e, '}')
	j.depth = depth
}

// jkfSnips are the fixed pieces of text between the values of an entry's
// move and time objects, for one indentation: appending them whole is what
// makes the per-move work a few copies. Each is written once by the same
// primitives as the rest of the output (see jkfSnipsFor).
type jkfSnips struct {
	move, from, y, fromTo, to, piece, same, promote, noPromote, capture, relative, moveClose string
	time, s, total, m, timeClose                                                             string
}

// jkfSnipsFor renders the snippets of an entry whose members are at depth d.
func jkfSnipsFor(indent bool, d int) *jkfSnips {
	j := &JKF{indent: indent}
	var b []byte
	mark := 0
	take := func() string {
		s := string(b[mark:])
		mark = len(b)
		return s
	}
	sn := &jkfSnips{}
	j.depth = d
	b = j.key(b, `"move"`)
	b = j.open(b, '{')
	b = j.key(b, `"color"`)
	sn.move = take()
	b = j.next(b, `"from"`)
	b = j.open(b, '{')
	b = j.key(b, `"x"`)
	sn.from = take()
	b = j.next(b, `"y"`)
	sn.y = take()
	b = j.close(b, '}')
	b = j.next(b, `"to"`)
	b = j.open(b, '{')
	b = j.key(b, `"x"`)
	sn.fromTo = take()
	sn.to = sn.fromTo[strings.LastIndexByte(sn.fromTo, ','):]
	b = j.close(b, '}')
	b = append(j.next(b, `"piece"`), '"')
	sn.piece = take()
	b = append(j.next(b, `"same"`), "true"...)
	sn.same = take()
	b = append(j.next(b, `"promote"`), "true"...)
	sn.promote = take()
	b = append(j.next(b, `"promote"`), "false"...)
	sn.noPromote = take()
	b = append(j.next(b, `"capture"`), '"')
	sn.capture = take()
	b = append(j.next(b, `"relative"`), '"')
	sn.relative = take()
	b = j.close(b, '}')
	sn.moveClose = take()
	b = j.next(b, `"time"`)
	b = j.open(b, '{')
	b = j.key(b, `"now"`)
	b = j.open(b, '{')
	b = j.key(b, `"m"`)
	sn.time = take()
	b = j.next(b, `"s"`)
	sn.s = take()
	b = j.close(b, '}')
	b = j.next(b, `"total"`)
	b = j.open(b, '{')
	b = j.key(b, `"h"`)
	sn.total = take()
	b = j.next(b, `"m"`)
	sn.m = take()
	b = j.close(b, '}')
	b = j.close(b, '}')
	sn.timeClose = take()
	return sn
}

// jkfSnipsTable holds the snippets of the compact form ([0]) and of the
// indented form at each depth up to the indentation cap ([1+d]); deeper
// entries look the same as the last.
var jkfSnipsTable = func() (t [maxIndent + 2]*jkfSnips) {
	t[0] = jkfSnipsFor(false, 0)
	for d := 0; d <= maxIndent; d++ {
		t[1+d] = jkfSnipsFor(true, d)
	}
	return
}()

// snips returns the snippets for an entry at the current depth.
func (j *JKF) snips() *jkfSnips {
	if !j.indent {
		return jkfSnipsTable[0]
	}
	return jkfSnipsTable[1+min(j.depth, maxIndent)]
}

// appendMove appends "move" and the move object of m played in f's
// position.
func (j *JKF) appendMove(b []byte, f *jkfLine, m shogi.Move) []byte {
	pos := &f.pos
	sn := j.snips()
	c := pos.Turn()
	to := m.To()
	pc := pos.MovingPiece(m)
	b = append(b, sn.move...)
	b = append(b, byte('0'+c))
	if m.IsDrop() {
		b = append(b, sn.to...)
	} else {
		from := m.From()
		b = append(b, sn.from...)
		b = append(b, byte('0'+from.File()))
		b = append(b, sn.y...)
		b = append(b, byte('0'+from.Rank()))
		b = append(b, sn.fromTo...)
	}
	b = append(b, byte('0'+to.File()))
	b = append(b, sn.y...)
	b = append(b, byte('0'+to.Rank()))
	b = append(b, sn.piece...)
	b = appendKindName(b, pc.Type())
	if !m.IsDrop() {
		if last := pos.LastMove(); !last.IsZero() && last.To() == to {
			b = append(b, sn.same...)
		}
		switch {
		case m.IsPromotion():
			b = append(b, sn.promote...)
		case pc.Type().CanPromote() && (m.From().InPromotionZone(c) || to.InPromotionZone(c)):
			b = append(b, sn.noPromote...)
		}
		// A king is never captured but in a documented foul; the schema
		// has no such capture.
		if cap := pos.At(to); cap != shogi.NoPiece && cap.Type() != shogi.King {
			b = append(b, sn.capture...)
			b = appendKindName(b, cap.Type())
		}
	}
	if others := f.kinds[c&1][pc.Type()]; (others > 1 || m.IsDrop() && others > 0) && jkfRivals(pos, m, pc) {
		if rel := j.relative(pos, m); rel != "" {
			b = append(b, sn.relative...)
			b = append(b, rel...)
			b = append(b, '"')
		}
	}
	return append(b, sn.moveClose...)
}

// appendKindName appends the CSA name of t and the closing quote.
func appendKindName(b []byte, t shogi.PieceType) []byte {
	k := t.CSA()
	return append(b, k[0], k[1], '"')
}

// Directions of the neighbour table, as (file, rank) steps: the eight
// neighbours, then the knight's jumps for Black and for White.
var jkfDirs = [12][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {-1, -2}, {1, -2}, {-1, 2}, {1, 2}}

// jkfNext[d][s] is the square one step d from s, or NoSquare off the board.
var jkfNext = func() (t [len(jkfDirs)][81]shogi.Square) {
	for d, v := range jkfDirs {
		for s := shogi.Square(0); s < 81; s++ {
			t[d][s] = shogi.NoSquare
			if f, r := s.File()+v[0], s.Rank()+v[1]; shogi.ValidFileRank(f, r) {
				t[d][s] = shogi.NewSquare(f, r)
			}
		}
	}
	return
}()

// jkfWalk is a way to look from a destination for the pieces that reach it:
// the direction, and whether to go on past empty squares.
type jkfWalk struct {
	dir   uint8
	slide bool
}

// jkfWalkList is the walks of one kind: walk[:n].
type jkfWalkList struct {
	n    int
	walk [8]jkfWalk
}

// jkfWalks[c][t] lists the walks that find the pieces of colour c and kind
// t reaching a square: each move of the kind, backwards.
var jkfWalks = func() (t [2][shogi.NumPieceTypes]jkfWalkList) {
	// Moves for Black (rank decreasing is forward); slide repeats them.
	type step struct {
		df, dr int
		slide  bool
	}
	gold := []step{{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false}, {1, 0, false}, {0, 1, false}}
	moves := [shogi.NumPieceTypes][]step{
		shogi.Pawn:      {{0, -1, false}},
		shogi.Lance:     {{0, -1, true}},
		shogi.Knight:    {{-1, -2, false}, {1, -2, false}},
		shogi.Silver:    {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}},
		shogi.Gold:      gold,
		shogi.ProPawn:   gold,
		shogi.ProLance:  gold,
		shogi.ProKnight: gold,
		shogi.ProSilver: gold,
		shogi.King:      {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false}, {1, 0, false}, {0, 1, false}, {-1, 1, false}, {1, 1, false}},
		shogi.Bishop:    {{-1, -1, true}, {1, -1, true}, {-1, 1, true}, {1, 1, true}},
		shogi.Rook:      {{0, -1, true}, {0, 1, true}, {-1, 0, true}, {1, 0, true}},
		shogi.Horse:     {{-1, -1, true}, {1, -1, true}, {-1, 1, true}, {1, 1, true}, {0, -1, false}, {0, 1, false}, {-1, 0, false}, {1, 0, false}},
		shogi.Dragon:    {{0, -1, true}, {0, 1, true}, {-1, 0, true}, {1, 0, true}, {-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}},
	}
	dirOf := func(df, dr int) uint8 {
		for d, v := range jkfDirs {
			if v == [2]int{df, dr} {
				return uint8(d)
			}
		}
		panic("render: no direction for a JKF walk")
	}
	for k, ms := range moves {
		for _, m := range ms {
			// Black's piece came from the opposite of its move; White's
			// moves are Black's turned round, so it came from the move's
			// direction as Black sees it.
			b, w := &t[shogi.Black][k], &t[shogi.White][k]
			b.walk[b.n] = jkfWalk{dirOf(-m.df, -m.dr), m.slide}
			w.walk[w.n] = jkfWalk{dirOf(m.df, m.dr), m.slide}
			b.n++
			w.n++
		}
	}
	return
}()

// jkfRivals reports whether a piece pc other than the one m moves (any
// board piece pc, for a drop) reaches m's destination, ignoring checks:
// exactly when KI2 notation needs words to single the mover out, or 打 for
// a drop, so that the costly notation is asked only then.
func jkfRivals(pos *shogi.Position, m shogi.Move, pc shogi.Piece) bool {
	to := m.To()
	from := shogi.NoSquare
	if !m.IsDrop() {
		if pc.Type() == shogi.Pawn {
			return false // only the pawn that moves steps onto to
		}
		from = m.From()
	}
	ws := &jkfWalks[pc.Color()&1][pc.Type()]
	for _, w := range ws.walk[:ws.n] {
		next := &jkfNext[w.dir]
		for s := next[to]; s != shogi.NoSquare; s = next[s] {
			if x := pos.At(s); x != shogi.NoPiece {
				if x == pc && s != from {
					return true
				}
				break
			}
			if !w.slide {
				break
			}
		}
	}
	return false
}

// relative returns the JKF relative codes of m: the KI2 words (右 左 直,
// 上 寄 引, 打) that KI2Notation chooses by the JSA rules, as letters.
func (j *JKF) relative(pos *shogi.Position, m shogi.Move) string {
	j.text = shogi.KI2Notation{}.AppendMove(j.text[:0], pos, m)
	var code [3]byte
	n := 0
	for _, r := range string(j.text) {
		var c byte
		switch r {
		case '左':
			c = 'L'
		case '直':
			c = 'C'
		case '右':
			c = 'R'
		case '上':
			c = 'U'
		case '寄':
			c = 'M'
		case '引':
			c = 'D'
		case '打':
			c = 'H'
		default:
			continue
		}
		if n < len(code) {
			code[n] = c
			n++
		}
	}
	return jkfRelativeCodes[relIndex(code[:n])]
}

// jkfRelativeCodes holds every code string the writer can produce, so that
// relative allocates nothing.
var jkfRelativeCodes = [...]string{"", "L", "C", "R", "U", "M", "D", "H",
	"LU", "LM", "LD", "CU", "CM", "CD", "RU", "RM", "RD"}

func relIndex(code []byte) int {
	for i, s := range jkfRelativeCodes {
		if s == string(code) {
			return i
		}
	}
	return 0
}

// appendTime appends "time" when the node has one, computing the mover's
// running total where the record does not state it; note is true when the
// times JKF states (whole seconds, "now" always given) would not read back
// as the record's.
func (j *JKF) appendTime(b []byte, f *jkfLine) (_ []byte, note bool) {
	n := f.node
	f.next = f.totals
	t := n.Time
	if !t.HasTime && !t.HasTotal {
		return b, false
	}
	c := f.pos.Turn() // the mover, or the side an ending concerns
	now := t.Elapsed
	total := f.totals[c] + now
	if t.HasTotal {
		total = t.Total
		if !t.HasTime {
			// Only the total is known: the time of this move is what it
			// added to the previous total.
			now = max(total-f.totals[c], 0)
			note = true
		}
	}
	f.next[c] = total
	if t.HasTime && t.Elapsed%time.Second != 0 || t.HasTotal && t.Total%time.Second != 0 {
		note = true
	}
	sn := j.snips()
	secs := int64(now / time.Second)
	b = append(b, sn.time...)
	b = appendCount(b, secs/60)
	b = append(b, sn.s...)
	b = appendCount(b, secs%60)
	secs = int64(total / time.Second)
	b = append(b, sn.total...)
	b = appendCount(b, secs/3600)
	b = append(b, sn.m...)
	b = appendCount(b, secs/60%60)
	b = append(b, sn.s...)
	b = appendCount(b, secs%60)
	return append(b, sn.timeClose...), note
}

// appendCount appends a non-negative integer; below 100, the usual case
// for minutes and seconds, without strconv.
func appendCount(b []byte, v int64) []byte {
	switch {
	case v < 0 || v >= 100:
		return strconv.AppendInt(b, v, 10)
	case v < 10:
		return append(b, byte('0'+v))
	}
	return append(b, byte('0'+v/10), byte('0'+v%10))
}

// appendComments appends the array of comment lines.
func (j *JKF) appendComments(b []byte, lines []string) []byte {
	b = j.open(b, '[')
	for i, c := range lines {
		if i > 0 {
			b = j.comma(b)
		}
		b = appendJSONString(b, c)
	}
	return j.close(b, ']')
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

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendJSONStringBody(b, s)
	return append(b, '"')
}

// jsonAttention marks the bytes appendJSONStringBody must look at in
// valid UTF-8: those to escape, and 0xE2, the lead byte of U+2028 and
// U+2029. Every other byte is copied as it is.
var jsonAttention = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'], t[0xE2] = true, true, true
	return
}()

// appendJSONStringBody appends s escaped for a JSON string: quotes,
// backslashes and control characters, U+2028 and U+2029 (which old
// JavaScript cannot hold in a string literal), and invalid UTF-8 as U+FFFD.
// Valid UTF-8, the usual case, is copied in runs between the bytes that
// need a look, without decoding.
func appendJSONStringBody(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	valid := utf8.ValidString(s)
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if valid && !jsonAttention[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}
