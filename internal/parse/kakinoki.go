package parse

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// This file holds what the KIF, KI2 and BOD readers share, the way tsshogi's
// kakinoki.ts does: a classifier that names the kind of each line, and one
// state machine that builds the header, the start position (手合割 or a board
// diagram) and the game tree with its 変化 blocks. The formats differ only
// in their move lines (kif.go, ki2.go), and every reader accepts both kinds
// of move line, since producers mix them up.

// lineKind is the kind of a line of a Kakinoki-family file.
type lineKind uint8

const (
	lineBlank      lineKind = iota
	lineHash                // # … (skipped: file signature, encoding declaration, notes)
	lineComment             // *… (comment on the previous move or the start)
	lineBookmark            // &… (しおり)
	lineVariation           // 変化：N手
	lineMoveHeader          // 手数----指手---------消費時間--
	lineSummary             // まで77手で先手の勝ち
	lineKIFMove             // 1 ７六歩(77) ( 0:16/00:00:16)
	lineKI2Move             // ▲７六歩 △３四歩
	lineBoardFiles          // ９ ８ ７ ６ ５ ４ ３ ２ １
	lineBoardEdge           // +---------------------------+
	lineBoardRank           // | ・ ・v桂 …|一
	lineHand                // 先手の持駒：金 歩二
	lineTurn                // 先手番 / 後手番 / 下手番 / 上手番
	lineCaption             // 手数＝32  ▲７六歩  まで
	lineFlip                // 盤面反転 / 盤面回転
	lineHeader              // key：value
	lineUnknown
)

// Byte strings the classifier looks for.
var (
	bHenka      = []byte("変化")
	bMoveHeader = []byte("手数-")
	bMade       = []byte("まで")
	bCaption    = []byte("手数＝")
	bFlip       = []byte("盤面反転")
	bRotate     = []byte("盤面回転")
	bFullColon  = []byte("：")
	bFullSpace  = []byte("\u3000")
	bHandSuffix = []byte("の持駒")
)

// classify returns the kind of line (its line end already removed) and the
// line with leading and trailing spaces removed.
func classify(line []byte) (lineKind, []byte) {
	t := trimJa(line)
	if len(t) == 0 {
		return lineBlank, t
	}
	switch c := t[0]; {
	case c == '#':
		return lineHash, t
	case c == '*':
		return lineComment, t
	case c == '&':
		return lineBookmark, t
	case c == '|':
		return lineBoardRank, t
	case c == '+' && len(t) > 1 && t[1] == '-':
		return lineBoardEdge, t
	case c >= '0' && c <= '9':
		if isFilesLine(t) {
			return lineBoardFiles, t
		}
		return lineKIFMove, t
	}
	if _, _, ok := cutSideMark(t); ok {
		return lineKI2Move, t
	}
	switch {
	case bytes.HasPrefix(t, bHenka):
		return lineVariation, t
	case bytes.HasPrefix(t, bMoveHeader):
		return lineMoveHeader, t
	case bytes.HasPrefix(t, bMade):
		return lineSummary, t
	case bytes.HasPrefix(t, bCaption):
		return lineCaption, t
	case bytes.HasPrefix(t, bFlip), bytes.HasPrefix(t, bRotate):
		return lineFlip, t
	case isFilesLine(t):
		return lineBoardFiles, t
	}
	if _, ok := turnLine(t); ok {
		return lineTurn, t
	}
	if k := colonIndex(t); k > 0 {
		if _, ok := handOwner(t[:k]); ok {
			return lineHand, t
		}
		return lineHeader, t
	}
	return lineUnknown, t
}

// trimJa removes ASCII spaces, tabs and full-width spaces (U+3000) at both
// ends of b: every producer pads with them.
func trimJa(b []byte) []byte {
	return trimJaRight(b[skipJaSpaces(b, 0):])
}

// trimJaRightCR removes a stray CR at the end of b.
func trimJaRightCR(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return b
}

func trimJaRight(b []byte) []byte {
	for n := len(b); n > 0; n = len(b) {
		switch c := b[n-1]; {
		case c == ' ' || c == '\t' || c == '\r':
			b = b[:n-1]
		case c == 0x80 && n >= 3 && b[n-2] == 0x80 && b[n-3] == 0xE3: // U+3000
			b = b[:n-3]
		default:
			return b
		}
	}
	return b
}

// skipJaSpaces returns the index of the first byte at or after i that is not
// a space (ASCII, tab or full-width). Runs of ASCII spaces, with which KI2
// pads its columns, are skipped eight bytes at a time.
func skipJaSpaces(b []byte, i int) int {
	for i < len(b) {
		switch c := b[i]; {
		case c == ' ':
			i = skipSpaces(b, i+1)
		case c == '\t':
			i++
		case c == 0xE3 && i+2 < len(b) && b[i+1] == 0x80 && b[i+2] == 0x80: // U+3000
			i += 3
		default:
			return i
		}
	}
	return i
}

// colonIndex returns the byte index of the first colon (： or :) in b, or
// -1.
func colonIndex(b []byte) int {
	i := bytes.IndexByte(b, ':')
	j := bytes.Index(b, bFullColon)
	switch {
	case i < 0:
		return j
	case j < 0:
		return i
	}
	return min(i, j)
}

// afterColon returns what follows the colon at k, trimmed.
func afterColon(b []byte, k int) []byte {
	if b[k] == ':' {
		return trimJa(b[k+1:])
	}
	return trimJa(b[k+3:])
}

// isFilesLine recognises the file numbers above a board: ９ ８ ７ … １ or
// 9 8 7 … 1, spaced, and nothing else ("98 ７六歩" is a move).
func isFilesLine(t []byte) bool {
	if len(t) == 0 || t[0] != '9' && !bytes.HasPrefix(t, []byte("９")) {
		return false
	}
	want := 9
	prevDigit := false
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRune(t[i:])
		i += n
		switch {
		case r == ' ' || r == '\u3000' || r == '\t':
			prevDigit = false
		case want > 0 && (r == rune('0'+want) || r == rune('０'+want)) && (!prevDigit || r > '9'):
			want--
			prevDigit = r <= '9'
		default:
			return false
		}
	}
	return want == 0
}

// cutSideMark removes a leading ▲△☗☖▽▼ from b.
func cutSideMark(b []byte) (shogi.Color, []byte, bool) {
	// Every mark is three bytes, E2 96 xx or E2 98 xx; they are compared
	// as bytes, since a KI2 line has one before every move.
	if len(b) < 3 || b[0] != 0xE2 {
		return shogi.Black, b, false
	}
	switch uint16(b[1])<<8 | uint16(b[2]) {
	case 0x96B2, 0x9897, 0x96BC: // ▲ ☗ ▼
		return shogi.Black, b[3:], true
	case 0x96B3, 0x9896, 0x96BD: // △ ☖ ▽
		return shogi.White, b[3:], true
	}
	return shogi.Black, b, false
}

// turnLine reads 先手番 / 後手番 / 下手番 / 上手番.
func turnLine(t []byte) (shogi.Color, bool) {
	switch string(t) {
	case "先手番", "下手番":
		return shogi.Black, true
	case "後手番", "上手番":
		return shogi.White, true
	}
	return shogi.Black, false
}

// handOwner reads the key of a hand line: 先手の持駒, 後手の持駒, 下手の持駒,
// 上手の持駒 (also without の).
func handOwner(key []byte) (shogi.Color, bool) {
	switch string(trimJa(key)) {
	case "先手の持駒", "下手の持駒", "先手持駒", "下手持駒":
		return shogi.Black, true
	case "後手の持駒", "上手の持駒", "後手持駒", "上手持駒":
		return shogi.White, true
	}
	return shogi.Black, false
}

// kakinoki is the state of a KIF, KI2 or BOD reader.
type kakinoki struct {
	Options
	lr       lineReader
	format   string // "kif", "ki2" or "bod", for messages
	warnings ErrorList
	done     bool
	fast     bool // a move line may be read by fastKIFLine: the moves have begun, and no 変化 number, foul or board is pending

	// The header section.
	header       shogi.Header
	rootComments []string
	rootMark     string
	handicap     string // 手合割 as written
	handicapPos  Pos
	board        shogi.Position
	boardRows    int
	boardPos     Pos  // where the diagram starts
	boardSeen    bool // a diagram or a hand was given
	gridOpen     bool // inside the 9×9 grid
	gridDone     bool // the grid has been read
	handSeen     bool
	turn         shogi.Color
	turnSet      bool
	turnPos      Pos
	plyOffset    int          // 手数＝N: the diagram is the position after N plies
	captionTo    shogi.Square // destination of the caption's last move, for 同

	// The game tree.
	rec   *shogi.Record
	cur   *line   // the line being read
	stack []*line // lines that later 変化 blocks may branch from, the most recent last
	pos   shogi.Position
	foul  *Error // an illegal move kept in the tree, waiting for 反則勝ち/反則負け
	// foulCapture says the illegal move left its mover's king in check: the
	// capture of that king may come before the foul ending.
	foulCapture bool
	// dropping is an undocumented illegal move kept as the last move of its
	// line, whose later plies (dropped of them so far) are dropped until the
	// line ends; see pendingFoul.
	dropping *Error
	dropped  int
	noNum    *Error // a 変化 line without a ply number
	// The position after the node the last 変化 block branched from: many
	// blocks branch from one node.
	replayed  *shogi.Node
	replayPos shogi.Position
	// Positions stored along the lines (see line). Those of the main line
	// are taken only when the first 変化 block needs them (see snapMain):
	// most games have none, and the reader is allocated per file, so it
	// holds no room for them.
	snaps       []shogi.Position
	startPos    shogi.Position // the position before the first move, snaps[0] once there are snaps
	mainSnapped bool
	chain       []lineAt // positionAt's stack of lines to play down

	// The main line and room for the stack of lines: a game without
	// variations then costs no allocation per move.
	main     line
	stackBuf [4]*line

	// Text the record keeps, and the Comments slices of its nodes (see
	// addComment).
	text  textArena
	cslab []string
	clen  int // cslab[:clen] is used
}

// textArena hands out the strings a record keeps (comments, header keys
// and values) from shared chunks: an allocation per few kilobytes of text
// rather than one per line. A strings.Builder only ever appends to what
// it has handed out, so the strings stay as they were.
type textArena struct {
	b    strings.Builder
	next int // the size of the next chunk
}

func (a *textArena) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if a.b.Cap()-a.b.Len() < len(b) {
		if a.next == 0 {
			a.next = 1 << 10
		}
		if len(b) > a.next/4 {
			return string(b)
		}
		a.b.Reset()
		a.b.Grow(a.next)
		a.next = min(2*a.next, 16<<10)
	}
	n := a.b.Len()
	a.b.Write(b)
	return a.b.String()[n:]
}

// addComment appends text to n's comments. The Comments slices of the
// record share slabs: a node's comments are consecutive in one, and its
// slice is capped at its length, so that appending to it elsewhere copies.
// Which node's comments end the used part of the slab is told by where its
// slice ends, not stored: a comment then costs two pointer stores, the
// text and n.Comments, which matters while the collector is marking.
func (k *kakinoki) addComment(n *shogi.Node, text string) {
	old := n.Comments
	start := k.clen - len(old)
	if len(old) == 0 || k.clen == 0 || &old[len(old)-1] != &k.cslab[k.clen-1] || k.clen == len(k.cslab) {
		// A new run: n's comments so far, then text.
		if len(k.cslab)-k.clen < len(old)+1 {
			k.cslab = make([]string, max(64, 2*(len(old)+1)))
			k.clen = 0
		}
		start = k.clen
		k.clen += copy(k.cslab[k.clen:], old)
	}
	k.cslab[k.clen] = text
	k.clen++
	n.Comments = k.cslab[start:k.clen:k.clen]
}

// kifHeaderKeys are the keys a header line most often has: reading one
// gives the constant rather than new text.
var kifHeaderKeys = [...]string{
	shogi.KeyStartTime, shogi.KeyEndTime, shogi.KeyHandicap, shogi.KeyBlack, shogi.KeyWhite,
	shogi.KeyShitate, shogi.KeyUwate, shogi.KeyEvent, shogi.KeyTitle, shogi.KeySite,
	shogi.KeyTimeLimit, shogi.KeyTimeUsed, shogi.KeyByoyomi, shogi.KeyOpening, shogi.KeyNote,
	shogi.KeyDate, shogi.KeyPublished, shogi.KeyRecorder, shogi.KeyBlackShort, shogi.KeyWhiteShort,
}

// headerKey returns key as a string.
func (k *kakinoki) headerKey(key []byte) string {
	for _, s := range &kifHeaderKeys {
		if string(key) == s {
			return s
		}
	}
	return k.text.str(key)
}

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
	l.tail = l.tail.Parent
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
		x = x.Parent
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

// init sets up a reader of r. The reader is a field of KIF, KI2 or BOD, not
// an allocation of its own.
func (k *kakinoki) init(r io.Reader, opt Options, format string) {
	*k = kakinoki{Options: opt, lr: *newLineReader(r, opt), format: format, captionTo: shogi.NoSquare}
}

// warn records a tolerated problem, or returns it as an error in strict
// mode.
func (k *kakinoki) warn(pos Pos, err error, detail string) error {
	e := &Error{Pos: pos, Err: err, Detail: detail, Warning: true}
	if k.Strict {
		e.Warning = false
		return e
	}
	k.warnings = append(k.warnings, e)
	return nil
}

// errAt returns an error at byte i of the current line b.
func (k *kakinoki) errAt(b []byte, i int, err error, detail string) *Error {
	return &Error{Pos: k.lr.posAt(b, i), Err: err, Detail: detail}
}

// col returns the byte index of t within line, of which it is a sub-slice.
func col(line, t []byte) int { return cap(line) - cap(t) }

// read reads the whole input as one record.
func (k *kakinoki) read() (*shogi.Record, error) {
	if k.done {
		return nil, io.EOF
	}
	k.warnings = nil
	k.done = true
	if k.Reuse != nil && k.Reuse.rec != nil {
		// The header is read into the room of the one the record held
		// (its caller is done with it), and Reset must not clear it.
		h := k.Reuse.rec.Header
		clear(h)
		k.header, k.Reuse.rec.Header = h[:0], nil
	}
	content := false
	var unknown Pos // the first line of unknown kind, while no other kind is seen
	known := false
	// While fastKIFLine reads move lines, the current line's last node is
	// kept here, and stored in k.cur only when another line comes: a
	// pointer stored in the heap for every move costs a write barrier
	// whenever the collector is marking.
	var tail *shogi.Node
	for {
		raw, err := k.lr.readLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if k.fast && len(raw) > 0 {
			if tail == nil {
				tail = k.cur.tail
			}
			switch c := raw[0]; {
			case c == ' ' || c-'0' <= 9:
				if n := k.fastKIFLine(raw, tail); n != nil {
					tail = n
					continue
				}
			case c == '*':
				// A comment on the last move, as line reads it.
				k.addComment(tail, k.text.str(trimJaRightCR(raw[1:])))
				continue
			case c == 0xE2 && isSideMark(raw):
				// KI2 moves, as line reads them.
				k.cur.tail, tail = tail, nil
				if err := k.ki2Moves(raw, trimJa(raw)); err != nil {
					return nil, err
				}
				k.fast = k.noNum == nil && k.foul == nil && k.dropping == nil
				continue
			}
		}
		if tail != nil {
			k.cur.tail, tail = tail, nil
		}
		kind, t := classify(raw)
		switch kind {
		case lineBlank:
		case lineHash, lineUnknown:
			content = true
			if !unknown.IsValid() {
				unknown = k.lr.posAt(raw, col(raw, t))
			}
		default:
			content, known = true, true
		}
		if err := k.line(kind, raw, t); err != nil {
			return nil, err
		}
		// Only the lines read here change what fast depends on.
		k.fast = k.started() && k.noNum == nil && k.foul == nil && k.dropping == nil && !k.gridOpen
	}
	if tail != nil {
		k.cur.tail = tail
	}
	if !content {
		// Blank input holds no record, as for every other reader.
		return nil, io.EOF
	}
	if !known {
		// Text with no line of a record (prose named .kif) is not an
		// empty game.
		k.warnings = nil
		return nil, &Error{Pos: unknown, Err: ErrUnknownFormat, Detail: "no line of a " + strings.ToUpper(k.format) + " record (header, board, move or comment)"}
	}
	if err := k.startMoves(nil, nil); err != nil {
		return nil, err
	}
	if err := k.closeLine(); err != nil {
		return nil, err
	}
	if k.format == "bod" && !k.gridDone {
		return nil, &Error{Pos: Pos{File: k.Filename, Line: k.lr.line, Col: 1}, Err: ErrBadBoard, Detail: "want a board diagram (+---…---+ and nine |…| rows)"}
	}
	return k.rec, nil
}

// line handles one line.
func (k *kakinoki) line(kind lineKind, raw, t []byte) error {
	if k.gridOpen && kind != lineBoardRank && kind != lineBoardEdge && kind != lineBlank && kind != lineHash {
		if err := k.endBoard(); err != nil {
			return err
		}
	}
	switch kind {
	case lineBlank, lineHash:
		return nil
	case lineComment:
		// The text is kept as written, trailing spaces included.
		text := k.text.str(trimJaRightCR(raw[col(raw, t)+1:]))
		if !k.started() {
			k.rootComments = append(k.rootComments, text)
			return nil
		}
		if k.skipping() && k.dropped > 0 {
			return nil // a comment on a dropped move
		}
		k.addComment(k.node(), text)
		return nil
	case lineBookmark:
		name := k.text.str(trimJa(t[1:]))
		if !k.started() {
			k.rootMark = name
			return nil
		}
		k.node().Bookmark = name
		return nil
	case lineMoveHeader:
		return k.startMoves(raw, t)
	case lineKIFMove:
		if err := k.startMoves(raw, t); err != nil {
			return err
		}
		return k.kifMove(raw, t)
	case lineKI2Move:
		if err := k.startMoves(raw, t); err != nil {
			return err
		}
		return k.ki2Moves(raw, t)
	case lineVariation:
		return k.variation(raw, t)
	case lineSummary:
		if err := k.startMoves(raw, t); err != nil {
			return err
		}
		return k.summary(raw, t)
	case lineBoardFiles, lineFlip:
		return nil
	case lineBoardEdge, lineBoardRank:
		return k.boardLine(kind, raw, t)
	case lineHand:
		return k.handLine(raw, t)
	case lineTurn:
		k.turn, _ = turnLine(t)
		k.turnSet = true
		k.turnPos = k.lr.posAt(raw, col(raw, t))
		return nil
	case lineCaption:
		return k.caption(raw, t)
	case lineHeader:
		return k.headerLine(raw, t)
	}
	if hasRuneError(t) {
		return k.errAt(raw, col(raw, t), ErrSyntax, "the line holds U+FFFD replacement characters: the file's encoding was damaged before it was saved")
	}
	return k.warn(k.lr.posAt(raw, col(raw, t)), ErrUnknownLine, "want a header (key：value), a board, a move, a comment (*) or 変化：N手; line ignored")
}

// hasRuneError reports whether b decodes to a U+FFFD anywhere, written as
// such or as bytes that are not UTF-8: bytes.ContainsRune(b,
// utf8.RuneError), without decoding every character of the line.
func hasRuneError(b []byte) bool {
	return bytes.Contains(b, []byte("\uFFFD")) || !utf8.Valid(b)
}

// started reports whether the move section has begun.
func (k *kakinoki) started() bool { return k.rec != nil }

// node returns the last node of the line being read.
func (k *kakinoki) node() *shogi.Node { return k.cur.last() }

// headerLine reads key：value.
func (k *kakinoki) headerLine(raw, t []byte) error {
	c := colonIndex(t)
	key := trimJa(t[:c])
	val := afterColon(t, c)
	if len(key) == 0 {
		return k.warn(k.lr.posAt(raw, col(raw, t)), ErrBadHeader, "want key：value, found no key; line ignored")
	}
	if hasRuneError(t) {
		if err := k.warn(k.lr.posAt(raw, col(raw, t)), ErrBadHeader, "the header holds U+FFFD replacement characters: the file's encoding was damaged"); err != nil {
			return err
		}
	}
	ks := k.headerKey(key)
	if k.started() {
		// Quirk: some producers put 終了日時 and the like after the moves.
		if ks == shogi.KeyHandicap {
			return k.warn(k.lr.posAt(raw, col(raw, t)), ErrBadHeader, "手合割 after the moves have begun; line ignored")
		}
		k.rec.Header = append(k.rec.Header, shogi.HeaderField{Key: ks, Value: k.text.str(val)})
		return nil
	}
	if ks == shogi.KeyHandicap {
		k.handicap = k.text.str(val)
		k.handicapPos = k.lr.posAt(raw, col(raw, val))
		return nil
	}
	if k.header == nil {
		// Most files have a handful of header lines: one allocation.
		k.header = make(shogi.Header, 0, 8)
	}
	k.header = append(k.header, shogi.HeaderField{Key: ks, Value: k.text.str(val)})
	return nil
}

// caption reads 手数＝N [move] まで above a diagram: the diagram is the
// position after N plies, so the moves that follow are numbered from N+1,
// and a first move written 同 goes to the caption move's square.
func (k *kakinoki) caption(raw, t []byte) error {
	i := len(bCaption)
	n, j := 0, i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' && n < 1e7 {
		n = n*10 + int(t[j]-'0')
		j++
	}
	if j == i {
		return k.warn(k.lr.posAt(raw, col(raw, t)+i), ErrSyntax, "want a number after 手数＝; line ignored")
	}
	k.plyOffset = n
	rest := trimJa(t[j:])
	if _, m, ok := cutSideMark(rest); ok {
		rest = m
	}
	if r1, n1 := utf8.DecodeRune(rest); n1 > 0 {
		if r2, _ := utf8.DecodeRune(rest[n1:]); jaNumeral(r1) > 0 && jaNumeral(r2) > 0 {
			k.captionTo = shogi.NewSquare(jaNumeral(r1), jaNumeral(r2))
		}
	}
	return nil
}

// jaNumeral reads 1-9 written as an ASCII or full-width digit or a kanji.
func jaNumeral(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r - '０')
	}
	switch r {
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	return 0
}

// Board diagrams (BOD).

// boardLine reads a border or a rank of a diagram.
func (k *kakinoki) boardLine(kind lineKind, raw, t []byte) error {
	if k.started() {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a board diagram after the moves have begun")
	}
	if !k.gridOpen {
		if k.gridDone {
			return k.errAt(raw, col(raw, t), ErrBadBoard, "a second board diagram")
		}
		if !k.boardSeen {
			k.board = shogi.NewPosition()
			k.boardSeen = true
		}
		k.gridOpen = true
		k.boardPos = k.lr.posAt(raw, col(raw, t))
	}
	if kind == lineBoardEdge {
		if k.boardRows > 0 {
			return k.endBoard()
		}
		return nil
	}
	if k.boardRows == 9 {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a tenth rank")
	}
	rank := k.boardRows + 1
	i := 1 // past the opening |
	file := 9
	white := false
	for i < len(t) {
		r, n := utf8.DecodeRune(t[i:])
		switch {
		case r == '|':
			goto label
		case r == ' ' || r == '\u3000' || r == '\t' || r == '^':
			white = false
		case r == 'v' || r == 'V':
			white = true
		case r == '・':
			if file < 1 {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "more than nine squares in a rank")
			}
			file--
			white = false
		default:
			pt := shogi.PieceTypeOfKanji(r)
			if r == '成' {
				if r2, n2 := utf8.DecodeRune(t[i+n:]); shogi.PieceTypeOfKanji(r2).CanPromote() {
					pt = shogi.PieceTypeOfKanji(r2).Promote()
					n += n2
				}
			}
			if pt == shogi.NoPieceType {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "want a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍), ・ or v")
			}
			if file < 1 {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "more than nine squares in a rank")
			}
			c := shogi.Black
			if white {
				c = shogi.White
			}
			k.board.Set(shogi.NewSquare(file, rank), shogi.NewPiece(c, pt))
			file--
			white = false
		}
		i += n
	}
	return k.errAt(raw, len(raw), ErrBadBoard, "want | at the end of the rank")
label:
	if file != 0 {
		return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "want nine squares in the rank, found "+strconv.Itoa(9-file))
	}
	// Quirk: some writers leave out the rank labels (一…九); the ranks
	// are then taken in order. A label that is present must be the next
	// rank.
	if lab := trimJa(t[i+1:]); len(lab) > 0 {
		r, _ := utf8.DecodeRune(lab)
		if jaNumeral(r) != rank {
			return k.errAt(raw, col(raw, lab), ErrBadBoard, "want the rank label "+kanjiRanks[3*(rank-1):3*rank])
		}
	}
	k.boardRows++
	return nil
}

const kanjiRanks = "一二三四五六七八九"

// endBoard checks that the grid that just ended had nine ranks.
func (k *kakinoki) endBoard() error {
	k.gridOpen = false
	k.gridDone = true
	if k.boardRows != 9 {
		return &Error{Pos: k.lr.pos(1), Err: ErrBadBoard, Detail: "want nine ranks in the board diagram, found " + strconv.Itoa(k.boardRows)}
	}
	return nil
}

// handLine reads 先手の持駒：飛 角 歩二 (pieces separated by full-width,
// half-width or no spaces; なし for none).
func (k *kakinoki) handLine(raw, t []byte) error {
	c := colonIndex(t)
	owner, _ := handOwner(t[:c])
	v := afterColon(t, c)
	if k.started() {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a hand after the moves have begun")
	}
	if !k.boardSeen {
		k.board = shogi.NewPosition()
		k.boardSeen = true
		k.boardPos = k.lr.posAt(raw, col(raw, t))
	}
	k.handSeen = true
	h := k.board.Hand(owner)
	*h = shogi.Hand{}
	s := string(v)
	switch s {
	case "", "なし", "無し":
		return nil
	case "残り全部", "残りの駒全部", "残り", "残りの駒":
		// Tsume problems give the defender every piece not used elsewhere;
		// the counts are filled in when the diagram is complete.
		h[0] = 255
		return nil
	}
	base := col(raw, v)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == ' ' || r == '\u3000' || r == '\t' || r == '、' || r == ',' || r == '，' {
			i += n
			continue
		}
		pt := shogi.PieceTypeOfKanji(r)
		if pt < shogi.Pawn || pt > shogi.Gold {
			return k.errAt(raw, base+i, ErrBadBoard, "want a piece in hand (飛 角 金 銀 桂 香 歩) with an optional count")
		}
		i += n
		cnt, j := jaCount(s[i:])
		i += j
		if cnt == 0 {
			cnt = 1
		}
		if int(h[pt])+cnt > 18 {
			return k.errAt(raw, base+i, ErrBadBoard, "too many pieces in hand")
		}
		h.Add(pt, cnt)
	}
	return nil
}

// jaCount reads a count written in kanji (一…十八) or digits, returning the
// count (0 if none) and the bytes read.
func jaCount(s string) (int, int) {
	n, i := 0, 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '十':
			if n == 0 {
				n = 1
			}
			n *= 10
		case jaNumeral(r) > 0 && (r < '１' || r > '９') && (r < '1' || r > '9'):
			n = n/10*10 + jaNumeral(r)
			if n%10 == 0 {
				n += jaNumeral(r)
			}
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '０' && r <= '９':
			n = n*10 + int(r-'０')
		default:
			return n, i
		}
		if n > 99 {
			return n, i + w
		}
		i += w
	}
	return n, i
}

// startPosition builds the start position from the diagram or 手合割.
func (k *kakinoki) startPosition() (shogi.Position, error) {
	var p shogi.Position
	preset, known := shogi.HandicapFromKIF(k.handicap)
	switch {
	case k.boardSeen:
		if k.gridOpen {
			if err := k.endBoard(); err != nil {
				return p, err
			}
		}
		p = k.board
		if !k.gridDone {
			// Quirk: hands without a grid (a partial diagram); the board is
			// the preset's.
			b := preset.Position()
			if !known {
				b = shogi.StartPosition()
			}
			for _, c := range []shogi.Color{shogi.Black, shogi.White} {
				*b.Hand(c) = *p.Hand(c)
			}
			p = b
		} else {
			p.SetTurn(shogi.Black)
		}
		fillRest(&p)
		if k.turnSet {
			p.SetTurn(k.turn)
		}
		// Quirk: composed problems (九歩, fairy tsume) break the rules
		// of positions reachable in a game; they are still read.
		if e := startProblem(&p, k.boardPos); e != nil {
			if err := k.warn(e.Pos, e.Err, e.Detail); err != nil {
				return p, err
			}
		}
		if k.handicap != "" && !known {
			k.header = append(shogi.Header{{Key: shogi.KeyHandicap, Value: k.handicap}}, k.header...)
		}
	case k.handicap == "" || known && preset != shogi.Other:
		if k.handicap == "" {
			preset = shogi.Even
		}
		p = preset.Position()
		if k.turnSet && k.turn != p.Turn() {
			if err := k.warn(k.turnPos, ErrBadHeader, "the side to move contradicts 手合割; 手合割 wins"); err != nil {
				return p, err
			}
		}
	default:
		// 手合割：詰将棋, 五々将棋, その他 without a diagram: keep the text.
		k.header = append(shogi.Header{{Key: shogi.KeyHandicap, Value: k.handicap}}, k.header...)
		if err := k.warn(k.handicapPos, ErrBadHeader, "手合割 "+strconv.Quote(k.handicap)+" is not a preset and no board diagram follows; reading from the even start"); err != nil {
			return p, err
		}
		p = shogi.StartPosition()
	}
	p.SetMoveNumber(k.plyOffset + 1)
	return p, nil
}

// fillRest gives the side whose hand was written 残り全部 every piece that
// is neither on the board nor in the other hand.
func fillRest(p *shogi.Position) {
	limits := [shogi.Gold + 1]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Bishop: 2, shogi.Rook: 2, shogi.Gold: 4}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		h := p.Hand(c)
		if h[0] != 255 {
			continue
		}
		h[0] = 0
		var used [shogi.Gold + 1]int
		for s := shogi.Square(0); s < 81; s++ {
			if pc := p.At(s); pc != shogi.NoPiece && pc.Type().Demote() <= shogi.Gold {
				used[pc.Type().Demote()]++
			}
		}
		o := p.Hand(c.Opponent())
		for t := shogi.Pawn; t <= shogi.Gold; t++ {
			if n := limits[t] - used[t] - int(o[t]); n > 0 {
				h[t] = uint8(n)
			}
		}
	}
}

// startMoves creates the record when the first line of the move section
// (or the end of the input) arrives.
func (k *kakinoki) startMoves(raw, t []byte) error {
	if k.started() {
		return nil
	}
	start, err := k.startPosition()
	if err != nil {
		return err
	}
	k.rec = k.newRecord(start)
	k.rec.Header = k.header
	k.rec.Root.Comments = k.rootComments
	k.rec.Root.Bookmark = k.rootMark
	k.pos = start
	if k.captionTo != shogi.NoSquare && k.plyOffset > 0 {
		// Only the destination of the caption's move is known; it is what
		// 同 needs.
		k.pos.SetLastMove(shogi.NewDrop(shogi.Pawn, k.captionTo))
	}
	k.startPos = k.pos
	k.main = line{start: 0, n: 1, tail: k.rec.Root, first: 0}
	k.cur = &k.main
	k.cur.jump = k.cur
	k.stack = append(k.stackBuf[:0], k.cur)
	return nil
}

// ply returns the ply the next move of the current line will have.
func (k *kakinoki) ply() int { return k.cur.end() + 1 }

// addMove appends a move or an ending to the current line. A move the node
// already has as a child is added again: every 変化 block is one more
// alternative, as the file gives it (tsshogi merges them; the record keeps
// what the file says).
func (k *kakinoki) addMove(m shogi.Move, e shogi.Ending) *shogi.Node {
	l := k.cur
	n := k.rec.AddChild(l.tail, m, e)
	l.push(n)
	k.snap(l)
	return n
}

// addPlayed is addMove for a move already played in k.pos, with tail the
// last node of the current line, which it does not store: see read.
func (k *kakinoki) addPlayed(tail *shogi.Node, m shogi.Move) *shogi.Node {
	n := k.rec.AddChild(tail, m, shogi.Ending{})
	k.cur.n++
	k.snap(k.cur)
	return n
}

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

// lineEnded reports whether the current line already ends in a special
// ending.
func (k *kakinoki) lineEnded() bool { return k.node().IsEnd() }

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

// summary reads まで77手で先手の勝ち. In KI2 it states the ending; KIF writes
// the ending as a move line as well, and then the summary only repeats it.
func (k *kakinoki) summary(raw, t []byte) error {
	s := t[len(bMade):]
	if bytes.HasPrefix(s, []byte("、")) {
		s = s[3:] // まで、25手で中断
	}
	s = trimJa(s)
	n, j := 0, 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' && n < 1e8 {
		n = n*10 + int(s[j]-'0')
		j++
	}
	if j == 0 {
		return k.warn(k.lr.posAt(raw, col(raw, t)), ErrSyntax, "want まで{N}手で…; line ignored")
	}
	rest := s[j:]
	if !bytes.HasPrefix(rest, []byte("手")) {
		return k.warn(k.lr.posAt(raw, col(raw, s)+j), ErrSyntax, "want 手 after the number of plies; line ignored")
	}
	rest = rest[len("手"):]
	if bytes.HasPrefix(rest, []byte("で")) {
		rest = rest[len("で"):]
	}
	rest = trimJa(rest)
	if k.noNum != nil {
		return k.noNumErr()
	}
	if k.cur == nil || k.skipping() || k.lineEnded() {
		return nil
	}
	if n+1 != k.ply()+k.plyOffset {
		if err := k.warn(k.lr.posAt(raw, col(raw, t)), ErrSyntax, "the summary counts "+strconv.Itoa(n)+" plies, the line has "+strconv.Itoa(k.ply()-1+k.plyOffset)); err != nil {
			return err
		}
	}
	e, ok := summaryEnding(k.text.str(rest), k.pos.Turn())
	if !ok && (looksLikeMove(rest) || moveTokenLen(rest) != len(rest)) {
		return k.warn(k.lr.posAt(raw, col(raw, rest)), ErrUnknownEnd, "want a result such as 先手の勝ち or 中断 after まで{N}手で; line ignored")
	}
	if !ok {
		if err := k.warn(k.lr.posAt(raw, col(raw, rest)), ErrUnknownEnd, "unknown result "+strconv.Quote(string(rest))+"; kept as it is"); err != nil {
			return err
		}
	}
	_, err := k.end(e, raw, col(raw, t))
	return err
}

func (k *kakinoki) noNumErr() error {
	err := k.noNum
	k.noNum = nil
	return err
}

// summaryEnding reads the result of a まで line, with toMove the side to move
// after the last move.
func summaryEnding(s string, toMove shogi.Color) (shogi.Ending, bool) {
	if e, ok := shogi.EndingFromKIF(s, toMove); ok {
		return e, true
	}
	if s == "" {
		return shogi.Ending{Kind: shogi.Unknown}, false
	}
	side, rest, ok := cutSideName(s)
	if !ok {
		if r, ok2 := cutPrefix(s, "時間切れにより"); ok2 {
			if side, rest, ok = cutSideName(r); ok && rest == "の勝ち" && side != toMove {
				return shogi.Ending{Kind: shogi.Timeout}, true
			}
		}
		return shogi.Ending{Kind: shogi.Unknown, Word: s}, false
	}
	switch rest {
	case "の勝ち":
		if side != toMove {
			return shogi.Ending{Kind: shogi.Resign}, true
		}
	case "の反則勝ち":
		if side == toMove {
			return shogi.Ending{Kind: shogi.FoulWin}, true
		}
		return shogi.Ending{Kind: shogi.FoulLose}, true
	case "の反則負け":
		if side == toMove {
			return shogi.Ending{Kind: shogi.FoulLose}, true
		}
		return shogi.Ending{Kind: shogi.FoulWin}, true
	case "の入玉勝ち":
		if side == toMove {
			return shogi.Ending{Kind: shogi.EnteringKing}, true
		}
	case "の切れ負け", "の時間切れ負け":
		if side == toMove {
			return shogi.Ending{Kind: shogi.Timeout}, true
		}
	case "の不戦勝":
		if side == toMove {
			return shogi.Ending{Kind: shogi.WinByDefault}, true
		}
	case "の不戦敗":
		if side == toMove {
			return shogi.Ending{Kind: shogi.LoseByDefault}, true
		}
	}
	return shogi.Ending{Kind: shogi.Unknown, Word: s}, false
}

// cutSideName removes 先手/後手/下手/上手 from the front of s.
func cutSideName(s string) (shogi.Color, string, bool) {
	for _, p := range [...]struct {
		name string
		c    shogi.Color
	}{{"先手", shogi.Black}, {"下手", shogi.Black}, {"後手", shogi.White}, {"上手", shogi.White}} {
		if r, ok := cutPrefix(s, p.name); ok {
			return p.c, r, true
		}
	}
	return shogi.Black, s, false
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return s, false
}

// notationDetail says what is wrong with move text, without repeating the
// text or the sentinel's message.
func notationDetail(err error) string {
	var ne *shogi.NotationError
	if errors.As(err, &ne) {
		if ne.Detail != "" {
			return ne.Detail
		}
		if ne.Err != nil {
			return ne.Err.Error()
		}
	}
	return err.Error()
}

// ruleErr returns the sentinel under a notation error.
func ruleErr(err error) error {
	var ne *shogi.NotationError
	if errors.As(err, &ne) && ne.Err != nil {
		return ne.Err
	}
	return err
}

// kifLike reports whether b starts like a move: a square or 同, or a known
// special ending word.
func kifLike(b []byte) bool {
	r, n := utf8.DecodeRune(b)
	if r == '同' {
		return true
	}
	if fileDigit(r) > 0 {
		r2, _ := utf8.DecodeRune(b[n:])
		return jaNumeral(r2) > 0
	}
	w := b[:moveTokenLen(b)]
	_, ok := shogi.EndingFromKIF(string(w), shogi.Black)
	return ok
}
