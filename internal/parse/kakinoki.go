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
// a space (ASCII, tab or full-width).
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
	made         Pos          // the first まで summary line, with its text (see Summary)
	plyOffset    int          // 手数＝N: the diagram is the position after N plies
	captionTo    shogi.Square // destination of the caption's last move, for 同

	// places notes where each node was read (Options.Places), or is nil.
	places *placeTable

	// The game tree.
	rec   *shogi.Record
	cur   *line   // the line being read
	stack []*line // lines that later 変化 blocks may branch from, the most recent last
	pos   shogi.Position
	foul  *Error // an illegal move kept in the tree, waiting for 反則勝ち/反則負け
	// watch is what may document foul: the capture of the king it left in
	// check, then the foul ending.
	watch shogi.FoulWatch
	// captured says the capture came after dropping's illegal move.
	captured bool
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
// text and n's comments, which matters while the collector is marking.
func (k *kakinoki) addComment(n *shogi.Node, text string) {
	old := n.Comments()
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
	k.rec.SetComments(n, k.cslab[start:k.clen:k.clen])
}

// fastLines takes the move lines fastKIFLine reads and the comment lines
// after them straight from the line reader's buffer (its run and took, as
// CSA's fastMoves), up to a line of any other kind, one it cannot take
// whole (cut by the end of the buffer, longer than the limit, holding a
// bare CR) or one fastKIFLine refuses; read reads that line. It returns the
// current line's last node, as read keeps it in tail.
//
// Kept for speed: BenchmarkReadGenerated/kif-sjis/reuse takes 1,784
// instructions a move outside the runtime without it and 1,659 with it
// (cachegrind), 1.08×: the line reader's work for each line. See fastMoves
// in csa.go for why it stays.
func (k *kakinoki) fastLines(tail *shogi.Node) *shogi.Node {
	text := k.lr.run()
	i, lines, last, length := 0, 0, 0, 0
	for i < len(text) {
		rest := text[i:]
		c := rest[0]
		move := c == ' ' || c-'0' <= 9
		if !move && c != '*' {
			break
		}
		e := bytes.IndexByte(rest, '\n')
		if e < 0 {
			break
		}
		line := rest[:e]
		if e > 0 && line[e-1] == '\r' {
			line = line[:e-1]
		}
		if len(line) > k.lr.max || bytes.IndexByte(line, '\r') >= 0 {
			break
		}
		if move {
			n := k.fastKIFLine(line, tail, k.lr.base+int64(k.lr.start+i), k.lr.line+lines+1)
			if n == nil {
				break
			}
			tail = n
		} else {
			k.addComment(tail, k.text.str(trimJaRightCR(line[1:])))
		}
		last, length = i, len(line)
		i += e + 1
		lines++
	}
	if lines > 0 {
		k.lr.took(i, lines, last, length)
	}
	return tail
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

// init sets up a reader of r. The reader is a field of KIF, KI2 or BOD, not
// an allocation of its own.
func (k *kakinoki) init(r io.Reader, opt Options, format string) {
	*k = kakinoki{Options: opt, lr: *newLineReader(r, opt), format: format, captionTo: shogi.NoSquare}
	k.lr.keepText(opt)
}

// warn records a tolerated problem, or returns it as an error in strict
// mode.
func (k *kakinoki) warn(pos Pos, err error, detail string) error {
	e := &Error{Pos: pos, Err: err, Detail: detail, Warning: true}
	if k.Strict {
		e.Warning = false
		return e
	}
	k.warnings.Append(e)
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
	k.places = k.newPlaces(k.lr.keep)
	if rec := k.reused(); rec != nil {
		// The header is read into the room of the one the record held
		// (its caller is done with it), and Reset must not clear it.
		h := rec.Header
		clear(h)
		k.header, rec.Header = h[:0], nil
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
		if k.fast {
			if tail == nil {
				tail = k.cur.tail
			}
			tail = k.fastLines(tail)
		}
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
			case (c == ' ' || c-'0' <= 9) && !k.lr.parted: // a part of a long line has no whole-line place
				if n := k.fastKIFLine(raw, tail, k.lr.offset, k.lr.line); n != nil {
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
		return nil, &Error{Pos: k.lr.pos(1), Err: ErrBadBoard, Detail: "want a board diagram (+---…---+ and nine |…| rows)"}
	}
	if k.places != nil {
		// The start position is where its diagram, else its 手合割, is.
		at := k.boardPos
		if !at.IsValid() {
			at = k.handicapPos
		}
		k.places.notePos(k.rec.Root, shogi.PartMove, at, 0)
		k.rec.Source = k.places
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
		k.rec.SetBookmark(k.node(), name)
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
		if !k.made.IsValid() {
			k.made = k.lr.pos(1)
		}
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
	k.places.noteHeader(ks, &k.lr, col(raw, t))
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
		if r2, _ := utf8.DecodeRune(rest[n1:]); shogi.JaDigitValue(r1) > 0 && shogi.JaDigitValue(r2) > 0 {
			k.captionTo = shogi.NewSquare(shogi.JaDigitValue(r1), shogi.JaDigitValue(r2))
		}
	}
	return nil
}

// Board diagrams (BOD).

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
	k.rec.SetComments(k.rec.Root, k.rootComments)
	k.rec.SetBookmark(k.rec.Root, k.rootMark)
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

// addPlayed is addMove for a move already played in k.pos, with its time t
// (zero for none), and tail the last node of the current line, which it
// does not store: see read.
func (k *kakinoki) addPlayed(tail *shogi.Node, m shogi.Move, t shogi.MoveTime) *shogi.Node {
	n := k.rec.AddMove(tail, m, t)
	k.cur.n++
	k.snap(k.cur)
	return n
}

// lineEnded reports whether the current line already ends in a special
// ending.
func (k *kakinoki) lineEnded() bool { return k.node().IsEnd() }

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
	nd, err := k.end(e, raw, col(raw, t))
	k.places.note(nd, shogi.PartMove, &k.lr, raw, col(raw, t), len(t))
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

// notationAt returns where in the move text a notation error says the
// first wrong character is (shogi.NotationError.At: -1 for the text as a
// whole), -1 for other errors.
func notationAt(err error) int {
	var ne *shogi.NotationError
	if errors.As(err, &ne) {
		return ne.At
	}
	return -1
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
		return shogi.JaDigitValue(r2) > 0
	}
	w := b[:moveTokenLen(b)]
	_, ok := shogi.EndingFromKIF(string(w), shogi.Black)
	return ok
}
