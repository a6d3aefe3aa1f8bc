package parse

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// JKF reads records in JSON Kifu Format (../shared/specs/jkf.md): an object
// with "header", "initial" and "moves", where moves[0] holds the comments on
// the start position, moves[n] is ply n and "forks" on an entry hold the
// alternatives to that ply, nested to any depth. An input holds one JKF
// object or several (JSON Lines, or objects simply following each other);
// each Read returns the next one.
//
// Both normalized JKF (every board move with "from") and the raw form the
// json-kifu-format KIF/KI2/CSA parsers produce are accepted: a move without
// "from" is a drop or is resolved from "piece", "to"/"same" and the KI2
// modifiers in "relative". Every move is checked with Position.Legal, and
// "piece", "color" and "capture" must agree with the position; an illegal
// move is kept only when a foul ending (ILLEGAL_MOVE, ±ILLEGAL_ACTION)
// follows it, which documents the foul. Errors carry the line and column of
// the offending JSON value (lines end at LF, CRLF or a bare CR, as the line
// readers count them) and its path in the document
// (moves[37].forks[0][2].move.from).
//
// moves[0].kifconv, the extension render.JKF writes for what JKF has no
// member for (see its doc comment), is read back into the record: header
// fields, the start's move number and bookmark, bookmarks, exact times and
// the endings the JKF specials cannot name.
//
// The JSON is scanned by hand rather than with encoding/json: that gives
// positions for every value, reads big trees without building a generic
// document first and allocates nothing per move beyond the record's nodes.
type JKF struct {
	Options
	sc       *jsonScanner
	warnings ErrorList
	err      error // sticky: the scanner cannot resynchronise after an error
	lines    []jkfLine
	entries  []jkfEntry
	rec      *shogi.Record
	// normalized is set once a board move with "from" was seen in the
	// record: the producer then writes "from" for every board move, so a
	// move without it is a drop even where a board piece could also reach.
	normalized bool
	inMoves    bool    // the values being read are inside "moves"
	ext        *jkfExt // moves[0].kifconv, applied once the moves are read
}

// ErrWrongColor is the error for a JKF move whose "color" is not the side to
// move.
var ErrWrongColor = &shogi.RuleError{Code: "wrong-color", Msg: "the move's color is not the side to move"}

// maxJKFString bounds one JSON string (a header value or comment line) when
// Options.MaxLineBytes is not set.
const maxJKFString = DefaultMaxLineBytes

// jkfBufSize is the JSON scanner's buffer; longer strings are collected
// beside it.
const jkfBufSize = 16 << 10

// NewJKF returns a JKF reader.
func NewJKF(r io.Reader, opt Options) *JKF {
	max := opt.MaxLineBytes
	if max <= 0 {
		max = maxJKFString
	}
	var buf []byte
	if opt.Reuse != nil && cap(opt.Reuse.lines) >= jkfBufSize {
		buf = opt.Reuse.lines[:jkfBufSize]
	} else {
		buf = make([]byte, jkfBufSize)
		if opt.Reuse != nil {
			opt.Reuse.lines = buf
		}
	}
	sc := &jsonScanner{r: r, file: opt.Filename, maxStr: max, buf: buf, line: 1 + opt.Line, base: opt.Offset, lineStart: opt.Offset}
	return &JKF{Options: opt, sc: sc}
}

// Warnings returns the problems tolerated in the last record.
func (j *JKF) Warnings() ErrorList { return j.warnings }

// Read returns the next record, or io.EOF after the last one.
func (j *JKF) Read() (*shogi.Record, error) {
	j.warnings = nil
	if j.err != nil {
		return nil, j.err
	}
	rec, err := j.read()
	if err != nil {
		j.err = err
		return nil, err
	}
	return rec, nil
}

func (j *JKF) read() (*shogi.Record, error) {
	switch t := j.sc.next(); t {
	case tokEOF:
		if j.sc.rerr != nil {
			return nil, j.sc.rerr
		}
		return nil, io.EOF
	case tokErr:
		return nil, j.sc.err
	case '{':
	default:
		return nil, j.sc.errorf(j.sc.tokPos(), "want a JKF object ({…}), found %s", tokName(t))
	}
	return j.readRecord()
}

// readRecord reads the members of a JKF object; its '{' has been read.
func (j *JKF) readRecord() (*shogi.Record, error) {
	sc := j.sc
	start := sc.tokPos()
	rec := j.newRecord(shogi.StartPosition())
	j.rec = rec
	j.normalized = false
	j.ext = nil
	var (
		seenHeader, seenInitial, seenMoves bool
		captured                           []byte
		capState                           *jsonScanner
	)
	first := true
	for {
		ok, err := sc.nextKey(&first)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		keyPos := sc.keyPos()
		switch string(sc.key) {
		case "header":
			seenHeader = true
			if err := j.readHeader(rec); err != nil {
				return nil, err
			}
		case "initial":
			if seenInitial {
				if err := j.warn(keyPos, 0, ErrSyntax, "a second \"initial\" replaces the first"); err != nil {
					return nil, err
				}
			}
			seenInitial = true
			if err := j.readInitial(rec); err != nil {
				return nil, err
			}
		case "moves":
			if seenMoves {
				return nil, &Error{Pos: keyPos, Err: ErrSyntax, Detail: "a second \"moves\""}
			}
			seenMoves = true
			if seenInitial {
				if err := j.readMoves(); err != nil {
					return nil, err
				}
				break
			}
			// The start position may still follow ("initial" after
			// "moves", as tsshogi's sample files have it): keep the
			// moves' text and read it once the object is complete.
			data, st, err := sc.captureValue()
			if err != nil {
				return nil, err
			}
			captured, capState = data, st
		default:
			if err := j.skipUnknown("", 0); err != nil {
				return nil, err
			}
		}
	}
	if !seenHeader {
		if err := j.warn(start, 0, ErrSyntax, "no \"header\" member"); err != nil {
			return nil, err
		}
	}
	if !seenMoves {
		if err := j.warn(start, 0, ErrSyntax, "no \"moves\" member"); err != nil {
			return nil, err
		}
	}
	if captured != nil {
		outer := j.sc
		j.sc = newCapturedScanner(captured, capState)
		err := j.readMoves()
		j.sc = outer
		if err != nil {
			return nil, err
		}
	}
	if j.ext != nil {
		if err := j.applyExt(rec); err != nil {
			return nil, err
		}
		j.ext = nil
	}
	j.rec = nil
	return rec, nil
}

// readHeader reads the "header" object: string values under KIF names, kept
// in file order.
func (j *JKF) readHeader(rec *shogi.Record) error {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		return nil
	case '{':
	case tokErr:
		return sc.err
	default:
		return sc.errorf(sc.tokPos(), "header: want an object, found %s", tokName(t))
	}
	return sc.members(func() error {
		key := string(sc.key)
		keyPos := sc.keyPos()
		var value string
		switch t := sc.next(); t {
		case tokString:
			value = string(sc.str)
		case tokNumber, tokTrue, tokFalse:
			// Quirk: hand-written JKF sometimes has numbers ("手数": 120).
			value = sc.literal()
			if err := j.warn(sc.tokPos(), 0, ErrBadHeader, "header."+key+": value is not a string; read as "+strconv.Quote(value)); err != nil {
				return err
			}
		case tokNull:
			if err := j.warn(sc.tokPos(), 0, ErrBadHeader, "header."+key+": null value ignored"); err != nil {
				return err
			}
			return nil
		case tokErr:
			return sc.err
		default:
			if err := j.warn(sc.tokPos(), 0, ErrBadHeader, "header."+key+": value is not a string; ignored"); err != nil {
				return err
			}
			if err := sc.skipFrom(t); err != nil {
				return err
			}
			return nil
		}
		if _, dup := rec.Header.Get(key); dup {
			if err := j.warn(keyPos, 0, ErrBadHeader, "header."+key+": repeated key; the last value wins"); err != nil {
				return err
			}
			rec.Header.Set(key, value)
			return nil
		}
		rec.Header.Add(key, value)
		return nil
	})
}

// readInitial reads "initial": a preset name, and for OTHER the position in
// "data".
func (j *JKF) readInitial(rec *shogi.Record) error {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		rec.Start = shogi.StartPosition()
		rec.Preset = shogi.Even
		return nil
	case '{':
	case tokErr:
		return sc.err
	default:
		return sc.errorf(sc.tokPos(), "initial: want an object or null, found %s", tokName(t))
	}
	objPos := sc.tokPos()
	var (
		preset    shogi.Handicap
		hasPreset bool
		presetPos Pos
		data      shogi.Position
		hasData   bool
		dataPos   Pos
	)
	if err := sc.members(func() error {
		switch string(sc.key) {
		case "preset":
			s, p, err := j.readString("initial.preset")
			if err != nil {
				return err
			}
			h, known := shogi.HandicapFromJKF(s)
			if !known && s != "OTHER" {
				return &Error{Pos: p, Err: ErrBadBoard, Detail: "initial.preset: unknown preset " + strconv.Quote(s)}
			}
			preset, hasPreset, presetPos = h, true, p
		case "data":
			if sc.peek() == tokNull {
				sc.next()
				return nil
			}
			dataPos = sc.peekPos()
			p, err := j.readData()
			if err != nil {
				return err
			}
			data, hasData = p, true
		default:
			if err := j.skipUnknown("initial", 0); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	switch {
	case !hasPreset && !hasData:
		return &Error{Pos: objPos, Err: ErrBadBoard, Detail: "initial: no \"preset\""}
	case !hasPreset || preset == shogi.Other:
		if !hasData {
			return &Error{Pos: presetPos, Err: ErrBadBoard, Detail: "initial: preset OTHER needs \"data\""}
		}
		if !hasPreset {
			if err := j.warn(objPos, 0, ErrBadBoard, "initial: no \"preset\"; \"data\" read as preset OTHER"); err != nil {
				return err
			}
		}
		if k := data.King(data.Turn().Opponent()); k != shogi.NoSquare && data.Attacked(k, data.Turn()) {
			return &Error{Pos: dataPos, Err: shogi.ErrBadPosition, Detail: "initial.data: the side not to move is in check"}
		}
		// Quirk: composed problems (json-kifu-format's 9fu, nine pawns on
		// one file, in its KIF, KI2, CSA and JKF forms) break the rules of
		// positions a game can reach; they are read, as the KIF reader
		// reads them, with a warning.
		if err := data.Validate(); err != nil {
			if err := j.warn(dataPos, 0, ErrBadBoard, "initial.data: "+err.Error()); err != nil {
				return err
			}
		}
		rec.Start = data
		rec.Preset = shogi.HandicapOf(&data)
	default:
		rec.Start = preset.Position()
		rec.Preset = preset
		if hasData && !data.Equal(&rec.Start) {
			if err := j.warn(dataPos, 0, ErrBadBoard, "initial.data differs from preset "+preset.JKF()+"; the preset is used"); err != nil {
				return err
			}
		}
	}
	return nil
}

// readData reads initial.data: color, board (board[x-1][y-1]) and hands.
func (j *JKF) readData() (shogi.Position, error) {
	sc := j.sc
	pos := shogi.NewPosition()
	if t := sc.next(); t != '{' {
		return pos, sc.want(t, "initial.data", "an object")
	}
	objPos := sc.tokPos()
	var hasColor, hasBoard, hasHands bool
	if err := sc.members(func() error {
		switch string(sc.key) {
		case "color":
			c, p, err := j.readInt("initial.data.color")
			if err != nil {
				return err
			}
			if c != 0 && c != 1 {
				return &Error{Pos: p, Err: ErrBadBoard, Detail: "initial.data.color: want 0 or 1"}
			}
			pos.SetTurn(shogi.Color(c))
			hasColor = true
		case "board":
			if err := j.readBoard(&pos); err != nil {
				return err
			}
			hasBoard = true
		case "hands":
			if err := j.readHands(&pos); err != nil {
				return err
			}
			hasHands = true
		default:
			if err := j.skipUnknown("initial.data", 0); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return pos, err
	}
	if !hasColor || !hasBoard || !hasHands {
		missing := "color"
		if hasColor {
			missing = "board"
			if hasBoard {
				missing = "hands"
			}
		}
		if err := j.warn(objPos, 0, ErrBadBoard, "initial.data: no \""+missing+"\" (read as empty or black to move)"); err != nil {
			return pos, err
		}
	}
	return pos, nil
}

// readBoard reads the 9×9 board array, or {} for an empty board.
func (j *JKF) readBoard(pos *shogi.Position) error {
	sc := j.sc
	switch t := sc.next(); t {
	case '{':
		// The schema's "no pieces" form.
		first := true
		ok, err := sc.nextKey(&first)
		if err != nil {
			return err
		}
		if ok {
			return sc.errorf(sc.tokPos(), "initial.data.board: want an array or {}")
		}
		return nil
	case '[':
	default:
		return sc.want(t, "initial.data.board", "an array of 9 files")
	}
	boardPos := sc.tokPos()
	x := 0
	if err := sc.elems(func() error {
		x++
		path := "initial.data.board[" + strconv.Itoa(x-1) + "]"
		if x > 9 {
			return sc.errorf(sc.peekPos(), "%s: the board has 9 files", path)
		}
		if t := sc.next(); t != '[' {
			return sc.want(t, path, "an array of 9 squares")
		}
		filePos := sc.tokPos()
		y := 0
		if err := sc.elems(func() error {
			y++
			if y > 9 {
				return sc.errorf(sc.peekPos(), "%s: a file has 9 squares", path)
			}
			pc, err := j.readCell(path + "[" + strconv.Itoa(y-1) + "]")
			if err != nil {
				return err
			}
			if pc != shogi.NoPiece {
				pos.Set(shogi.NewSquare(x, y), pc)
			}
			return nil
		}); err != nil {
			return err
		}
		if y != 9 {
			return &Error{Pos: filePos, Err: ErrBadBoard, Detail: path + ": a file has 9 squares, found " + strconv.Itoa(y)}
		}
		return nil
	}); err != nil {
		return err
	}
	if x != 9 {
		return &Error{Pos: boardPos, Err: ErrBadBoard, Detail: "initial.data.board: the board has 9 files, found " + strconv.Itoa(x)}
	}
	return nil
}

// readCell reads one square: {} or {"color": c, "kind": "FU"}.
func (j *JKF) readCell(path string) (shogi.Piece, error) {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		return shogi.NoPiece, nil
	case '{':
	default:
		return shogi.NoPiece, sc.want(t, path, "an object")
	}
	cellPos := sc.tokPos()
	color, kind := -1, shogi.NoPieceType
	if err := sc.members(func() error {
		switch string(sc.key) {
		case "color":
			if sc.peek() == tokNull {
				sc.next()
				return nil
			}
			c, p, err := j.readInt(path + ".color")
			if err != nil {
				return err
			}
			if c != 0 && c != 1 {
				return &Error{Pos: p, Err: ErrBadBoard, Detail: path + ".color: want 0 or 1"}
			}
			color = c
		case "kind":
			if sc.peek() == tokNull {
				sc.next()
				return nil
			}
			k, _, err := j.readKind(path+".kind", false)
			if err != nil {
				return err
			}
			kind = k
		default:
			if err := j.skipUnknown(path, 0); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return shogi.NoPiece, err
	}
	switch {
	case kind == shogi.NoPieceType:
		return shogi.NoPiece, nil
	case color < 0:
		return shogi.NoPiece, &Error{Pos: cellPos, Err: ErrBadBoard, Detail: path + ": a piece needs a color"}
	}
	return shogi.NewPiece(shogi.Color(color), kind), nil
}

// readHands reads the two hands: [{"FU": n, …}, {…}].
func (j *JKF) readHands(pos *shogi.Position) error {
	sc := j.sc
	if t := sc.next(); t != '[' {
		return sc.want(t, "initial.data.hands", "an array of two objects")
	}
	handsPos := sc.tokPos()
	n := 0
	if err := sc.elems(func() error {
		path := "initial.data.hands[" + strconv.Itoa(n) + "]"
		if n >= 2 {
			return sc.errorf(sc.peekPos(), "%s: there are two hands", path)
		}
		if t := sc.next(); t != '{' {
			return sc.want(t, path, "an object")
		}
		hand := pos.Hand(shogi.Color(n))
		if err := sc.members(func() error {
			kind, known := shogi.PieceTypeFromCSA(string(sc.key))
			keyPos := sc.keyPos()
			kpath := path + "." + string(sc.key)
			if sc.peek() == tokNull {
				sc.next()
				return nil
			}
			count, p, err := j.readInt(kpath)
			if err != nil {
				return err
			}
			switch {
			case !known || kind == shogi.King:
				if count != 0 {
					return &Error{Pos: keyPos, Err: ErrBadBoard, Detail: kpath + ": not a piece a hand can hold"}
				}
			case count < 0 || count > 18:
				return &Error{Pos: p, Err: ErrBadBoard, Detail: kpath + ": count out of range"}
			case kind.IsPromoted():
				// Quirk: the schema lets a hand list promoted kinds; a
				// captured piece is held unpromoted.
				if err := j.warn(keyPos, 0, ErrBadBoard, kpath+": promoted kind in hand, counted as "+kind.Demote().CSA()); err != nil {
					return err
				}
				hand.Add(kind, count)
			default:
				hand.Add(kind, count)
			}
			return nil
		}); err != nil {
			return err
		}
		n++
		return nil
	}); err != nil {
		return err
	}
	if n != 2 {
		return &Error{Pos: handsPos, Err: ErrBadBoard, Detail: "initial.data.hands: want two hands, found " + strconv.Itoa(n)}
	}
	return nil
}

// The moves tree is read with two explicit stacks rather than recursion, so
// forks nested to any depth cannot exhaust the goroutine stack: lines[k] is
// an array of entries ("moves", then one fork per level) and entries[k] the
// entry being read in lines[k]; when that entry's forks are being read,
// lines[k+1] is the current fork. A level costs one position (in its line)
// and the entry's few fields.

// jkfArray is where reading an array has got to: a line's entries or an
// entry's forks, the two arrays of the moves tree.
type jkfArray struct {
	index int  // the index of the current element
	first bool // no element read yet
}

// next moves to the next element, reporting false at the closing ']'.
func (a *jkfArray) next(sc *jsonScanner) (bool, error) {
	if !a.first {
		a.index++
	}
	return sc.nextElem(&a.first)
}

// jkfLine is an array of entries being read.
type jkfLine struct {
	jkfArray
	parent *shogi.Node    // the node the next entry attaches to
	pos    shogi.Position // the position before the next entry
	ended  bool           // a special entry ended the line
	// foul is the error of an illegal move the line kept, until the foul
	// ending that documents it follows; illegal stays set after it.
	foul    *Error
	illegal bool
}

// jkfEntry is an entry object being read; its position is its line's.
type jkfEntry struct {
	parent     *shogi.Node // the branch point: the entry's node becomes its child
	node       *shogi.Node // the entry's node, once its move or special is read
	slot       int         // the index the node takes among parent.Children
	ply        int
	at         spot // where the entry begins
	move       shogi.Move
	foul       *Error // the move is illegal: what it breaks
	ending     shogi.Ending
	time       shogi.MoveTime
	comments   []string
	forks      jkfArray // its "forks", while inForks
	first      bool     // no member read yet
	start      bool     // moves[0]: the start position's entry
	hasMove    bool
	hasSpecial bool
	hasForks   bool
	inForks    bool // its "forks" array is being read
}

// readMoves reads the "moves" array into j.rec.
func (j *JKF) readMoves() error {
	sc := j.sc
	rec := j.rec
	switch t := sc.next(); t {
	case '[':
	case tokNull:
		return j.warn(sc.tokPos(), 0, ErrSyntax, "moves: null read as no moves")
	default:
		return sc.want(t, "moves", "an array")
	}
	j.inMoves = true
	defer func() {
		j.inMoves = false
		// A huge tree leaves huge stacks: do not keep them for the next record.
		if cap(j.lines) > 1<<10 {
			j.lines, j.entries = nil, nil
		}
	}()
	j.lines = append(j.lines[:0], jkfLine{jkfArray: jkfArray{first: true}, parent: rec.Root, pos: rec.Start})
	j.entries = j.entries[:0]
	for len(j.lines) > 0 {
		nl, ne := len(j.lines), len(j.entries)
		switch {
		case ne < nl || j.entries[ne-1].inForks:
			// The next element of an array: an entry of the current line,
			// or a fork (an array of entries) of the current entry.
			inLine := ne < nl
			l := &j.lines[nl-1]
			arr, open, what := &l.jkfArray, byte('{'), "an object"
			if !inLine {
				arr, open, what = &j.entries[ne-1].forks, '[', "an array of entries"
			}
			ok, err := arr.next(sc)
			switch {
			case err != nil:
				return err
			case !ok && inLine:
				if l.foul != nil {
					return pendingFoul(l)
				}
				j.lines = j.lines[:nl-1]
				continue
			case !ok:
				j.entries[ne-1].inForks = false
				continue
			case inLine && l.ended:
				if err := j.warn(sc.peekPos(), 0, ErrBadVariation, j.path("")+": entry after the line's special ending ignored"); err != nil {
					return err
				}
				if err := sc.skipValue(); err != nil {
					return err
				}
				continue
			}
			if t := sc.next(); t != open {
				return sc.want(t, j.path(""), what)
			}
			if inLine {
				j.entries = append(j.entries, jkfEntry{parent: l.parent, slot: len(l.parent.Children), at: sc.tokSpot,
					ply: l.pos.MoveNumber() - rec.Start.MoveNumber() + 1, first: true, start: nl == 1 && l.index == 0})
			} else {
				j.lines = append(j.lines, jkfLine{jkfArray: jkfArray{first: true}, parent: j.entries[ne-1].parent, pos: l.pos})
			}
		default: // in an entry: the next member
			e := &j.entries[ne-1]
			ok, err := sc.nextKey(&e.first)
			if err != nil {
				return err
			}
			if !ok {
				if err := j.endEntry(); err != nil {
					return err
				}
				continue
			}
			if err := j.entryMember(e, &j.lines[ne-1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// entryMember reads one member of the entry e of line l; its key is in the
// scanner.
func (j *JKF) entryMember(e *jkfEntry, l *jkfLine) error {
	sc := j.sc
	pos := &l.pos
	keyPos := sc.keyPos()
	switch string(sc.key) {
	case "move":
		if sc.peek() == tokNull {
			sc.next()
			return nil
		}
		if e.hasMove {
			return &Error{Pos: keyPos, Err: ErrSyntax, Detail: j.path("") + ": a second \"move\""}
		}
		if l.foul != nil {
			return pendingFoul(l)
		}
		if e.start {
			if err := j.warn(keyPos, 1, ErrSyntax, "moves[0] holds a move: read as ply 1 (moves[0] is meant for the start position's comments)"); err != nil {
				return err
			}
			e.start = false
		}
		m, err := j.readMove(e, pos)
		if err != nil {
			return err
		}
		e.move, e.hasMove = m, true
		return j.addNode(e)
	case "special":
		if sc.peek() == tokNull {
			sc.next()
			return nil
		}
		s, p, err := j.readString(".special")
		if err != nil {
			return err
		}
		end, known := jkfEnding(s, pos.Turn())
		if !known {
			if err := j.warn(p, e.ply, ErrUnknownEnd, j.path(".special")+": unknown special "+strconv.Quote(s)+" kept as is"); err != nil {
				return err
			}
		}
		if e.start {
			if err := j.warn(keyPos, 1, ErrSyntax, "moves[0] holds a special: read as ply 1"); err != nil {
				return err
			}
			e.start = false
		}
		if l.foul != nil {
			if !isFoulEnding(end.Kind) {
				return pendingFoul(l)
			}
			l.foul = nil
		}
		e.ending, e.hasSpecial = end, true
		return j.addNode(e)
	case "time":
		return j.readTime(e)
	case "comments":
		return j.readComments(e)
	case "kifconv":
		if !e.start {
			if err := j.warn(keyPos, 0, ErrSyntax, j.path("")+": the kifconv extension belongs in moves[0]; ignored"); err != nil {
				return err
			}
			return sc.skipValue()
		}
		return j.readExt()
	case "comment":
		// The schema describes moves[0] with a string "comment"; accept it
		// on any entry, line by line.
		s, _, err := j.readStringOrNull(".comment")
		if err != nil {
			return err
		}
		if s != "" {
			e.comments = appendLines(e.comments, s)
		}
	case "forks":
		switch t := sc.peek(); t {
		case tokNull:
			sc.next()
			return nil
		case '[':
			sc.next()
		default:
			sc.next()
			return sc.want(t, j.path(".forks"), "an array of forks")
		}
		if e.start {
			if err := j.warn(sc.tokPos(), 0, ErrBadVariation, "moves[0].forks: the start position has no ply to replace; ignored"); err != nil {
				return err
			}
			return sc.skipFrom('[')
		}
		if e.hasForks {
			return &Error{Pos: keyPos, Err: ErrSyntax, Detail: j.path("") + ": a second \"forks\""}
		}
		if l.illegal {
			return &Error{Pos: keyPos, Err: ErrBadVariation, Detail: j.path(".forks") + ": forks after an illegal move, which only its foul ending may follow"}
		}
		e.hasForks, e.inForks, e.forks = true, true, jkfArray{first: true}
	default:
		return j.skipUnknown(j.path(""), 0)
	}
	return nil
}

// endEntry finishes the entry on top of the stack.
func (j *JKF) endEntry() error {
	ne := len(j.entries)
	e := &j.entries[ne-1]
	line := &j.lines[ne-1]
	rec := j.rec
	switch {
	case e.start:
		rec.Root.Comments = e.comments
		if e.time.HasTime || e.time.HasTotal {
			if err := j.warn(j.sc.at(e.at), 0, ErrBadTime, "moves[0]: the start position has no time; ignored"); err != nil {
				return err
			}
		}
	case !e.hasMove && !e.hasSpecial && e.hasForks && len(e.comments) == 0:
		// Only alternatives: the line itself ends before this ply (how a
		// writer keeps the forks of an ending it cannot name).
	case !e.hasMove && !e.hasSpecial:
		if line.foul != nil {
			return pendingFoul(line)
		}
		if err := j.warn(j.sc.at(e.at), e.ply, ErrSyntax, j.path("")+": entry without move or special; its comments go to the previous move"); err != nil {
			return err
		}
		line.parent.Comments = append(line.parent.Comments, e.comments...)
	default:
		n := e.node
		n.Time = e.time
		n.Comments = e.comments
		switch {
		case e.foul != nil:
			// Only the foul ending may follow, and all it needs is the
			// side to move: the move itself is not played.
			line.foul, line.illegal = e.foul, true
			line.pos.SetTurn(line.pos.Turn().Opponent())
			line.pos.SetMoveNumber(line.pos.MoveNumber() + 1)
			line.parent = n
		case e.hasMove:
			line.pos.Play(e.move)
			line.parent = n
		default:
			line.ended = true
		}
	}
	j.entries = j.entries[:ne-1]
	return nil
}

// pendingFoul returns the error of the illegal move line l kept, which no
// foul ending follows.
func pendingFoul(l *jkfLine) error {
	err := l.foul
	l.foul = nil
	err.Detail += " (a record may keep an illegal move only when a foul ending, ILLEGAL_MOVE or ±ILLEGAL_ACTION, follows it)"
	return err
}

// isFoulEnding reports whether an ending of kind k documents a foul.
func isFoulEnding(k shogi.EndingKind) bool {
	switch k {
	case shogi.FoulWin, shogi.FoulLose, shogi.IllegalMove, shogi.IllegalAction:
		return true
	}
	return false
}

// addNode adds the node of entry e as soon as its move or special is read,
// so that the forks that usually follow attach after it.
func (j *JKF) addNode(e *jkfEntry) error {
	if e.hasMove && e.hasSpecial {
		return &Error{Pos: j.sc.at(e.at), Ply: e.ply, Err: ErrSyntax, Detail: j.path("") + ": an entry holds either a move or a special, not both"}
	}
	n := j.rec.AddChild(e.parent, e.move, e.ending)
	e.node = n
	// Forks written before the move (unusual, but JSON members have no
	// order) went in first; the entry's own node belongs before them.
	if cs := e.parent.Children; len(cs)-1 > e.slot {
		copy(cs[e.slot+1:], cs[e.slot:len(cs)-1])
		cs[e.slot] = n
	}
	return nil
}

// jkfExt is the kifconv extension, moves[0].kifconv, which render.JKF
// writes for what JKF has no member for (its doc comment and the README
// describe the members): header fields, the start's move number and
// bookmark, and notes on nodes, addressed as [i, k1, j1, …] (moves[i],
// then fork k and entry j at each level). It is read with moves[0] and
// applied once the whole tree is there, since it speaks of later entries.
type jkfExt struct {
	header     []jkfExtField
	moveNumber int
	bookmark   string
	notes      []jkfNote
}

// jkfExtField is a header field with its index in the header.
type jkfExtField struct {
	at         int
	key, value string
}

// jkfNote is one item of the extension's "nodes".
type jkfNote struct {
	pos         Pos
	path        string // for messages: moves[0].kifconv.nodes[n]
	at          []int
	insert      bool
	end, word   string
	hasEnd      bool
	elapsed     time.Duration
	total       time.Duration
	hasElapsed  bool
	hasTotal    bool
	comments    []string
	hasComments bool
	bookmark    string
}

// readExt reads moves[0].kifconv into j.ext.
func (j *JKF) readExt() error {
	sc := j.sc
	if t := sc.next(); t != '{' {
		return sc.want(t, j.path(".kifconv"), "an object")
	}
	x := &jkfExt{}
	err := sc.members(func() error {
		switch string(sc.key) {
		case "header":
			return j.readObjects(".kifconv.header", func(at Pos) error { return j.readExtField(x, at) })
		case "move_number":
			n, p, err := j.readInt(".kifconv.move_number")
			if err == nil && n < 1 {
				err = &Error{Pos: p, Err: ErrSyntax, Detail: j.path(".kifconv.move_number") + ": want a positive integer"}
			}
			x.moveNumber = n
			return err
		case "bookmark":
			var err error
			x.bookmark, _, err = j.readString(".kifconv.bookmark")
			return err
		case "nodes":
			return j.readObjects(".kifconv.nodes", func(at Pos) error { return j.readExtNote(x, at) })
		}
		return j.skipUnknown(j.path(".kifconv"), 0)
	})
	j.ext = x
	return err
}

// readObjects reads an array of objects at suffix (a path in moves),
// calling read for each with the position of its '{'.
func (j *JKF) readObjects(suffix string, read func(at Pos) error) error {
	sc := j.sc
	if t := sc.next(); t != '[' {
		return sc.want(t, j.path(suffix), "an array of objects")
	}
	return sc.elems(func() error {
		if t := sc.next(); t != '{' {
			return sc.want(t, j.path(suffix), "an object")
		}
		return read(sc.tokPos())
	})
}

// skipUnknown warns about the member whose key was just read and skips its
// value.
func (j *JKF) skipUnknown(path string, ply int) error {
	if path != "" {
		path += ": "
	}
	if err := j.warn(j.sc.keyPos(), ply, ErrSyntax, path+"unknown member "+strconv.Quote(string(j.sc.key))+" ignored"); err != nil {
		return err
	}
	return j.sc.skipValue()
}

// readExtField reads a field of the extension's header (its '{' at at).
func (j *JKF) readExtField(x *jkfExt, at Pos) error {
	sc := j.sc
	path := j.path(".kifconv.header")
	f := jkfExtField{at: -1}
	var hasKey, hasValue bool
	err := sc.members(func() error {
		var err error
		switch string(sc.key) {
		case "at":
			f.at, _, err = j.readInt(".kifconv.header.at")
		case "key":
			f.key, _, err = j.readString(".kifconv.header.key")
			hasKey = true
		case "value":
			f.value, _, err = j.readString(".kifconv.header.value")
			hasValue = true
		default:
			err = j.skipUnknown(path, 0)
		}
		return err
	})
	switch {
	case err != nil:
		return err
	case !hasKey || !hasValue || f.at < 0:
		return j.warn(at, 0, ErrBadHeader, path+": a field needs \"at\", \"key\" and \"value\"; ignored")
	}
	x.header = append(x.header, f)
	return nil
}

// readExtNote reads a note of the extension's "nodes" (its '{' at at).
func (j *JKF) readExtNote(x *jkfExt, at Pos) error {
	sc := j.sc
	nt := jkfNote{pos: at, path: j.path(".kifconv.nodes[" + strconv.Itoa(len(x.notes)) + "]")}
	err := sc.members(func() error {
		var err error
		switch string(sc.key) {
		case "at":
			err = j.readAddress(&nt)
		case "insert":
			switch t := sc.next(); t {
			case tokTrue, tokFalse:
				nt.insert = t == tokTrue
			default:
				err = sc.want(t, nt.path+".insert", "true or false")
			}
		case "end":
			nt.end, _, err = j.readString(".kifconv.nodes.end")
			nt.hasEnd = true
		case "word":
			nt.word, _, err = j.readString(".kifconv.nodes.word")
		case "elapsed_ns":
			nt.elapsed, err = j.readNanos(nt.path + ".elapsed_ns")
			nt.hasElapsed = true
		case "total_ns":
			nt.total, err = j.readNanos(nt.path + ".total_ns")
			nt.hasTotal = true
		case "comments":
			var e jkfEntry
			err = j.readComments(&e)
			nt.comments, nt.hasComments = e.comments, true
		case "bookmark":
			nt.bookmark, _, err = j.readString(".kifconv.nodes.bookmark")
		default:
			err = j.skipUnknown(nt.path, 0)
		}
		return err
	})
	if err != nil {
		return err
	}
	x.notes = append(x.notes, nt)
	return nil
}

// readAddress reads a note's "at": an array of an odd number of
// non-negative integers, the first positive.
func (j *JKF) readAddress(nt *jkfNote) error {
	sc := j.sc
	if t := sc.next(); t != '[' {
		return sc.want(t, nt.path+".at", "an array of integers")
	}
	at := sc.tokPos()
	if err := sc.elems(func() error {
		v, p, err := j.readInt(".kifconv.nodes.at")
		if err != nil {
			return err
		}
		if v < 0 {
			return &Error{Pos: p, Err: ErrSyntax, Detail: nt.path + ".at: a negative index"}
		}
		nt.at = append(nt.at, v)
		return nil
	}); err != nil {
		return err
	}
	if len(nt.at)%2 == 0 || nt.at[0] < 1 {
		return &Error{Pos: at, Err: ErrSyntax, Detail: nt.path + ".at: want [i, k, j, …], an odd number of indexes, i ≥ 1"}
	}
	return nil
}

// readNanos reads a duration in nanoseconds.
func (j *JKF) readNanos(path string) (time.Duration, error) {
	sc := j.sc
	t := sc.next()
	if t != tokNumber || !sc.numInt {
		return 0, sc.want(t, path, "an integer")
	}
	v, err := strconv.ParseInt(sc.literal(), 10, 64)
	if err != nil || v < 0 {
		return 0, &Error{Pos: sc.tokPos(), Err: ErrBadTime, Detail: path + ": want a non-negative integer of nanoseconds"}
	}
	return time.Duration(v), nil
}

// applyExt applies the extension read with moves[0] to rec.
func (j *JKF) applyExt(rec *shogi.Record) error {
	x := j.ext
	for _, f := range x.header {
		i := min(f.at, len(rec.Header))
		rec.Header = append(rec.Header, shogi.HeaderField{})
		copy(rec.Header[i+1:], rec.Header[i:])
		rec.Header[i] = shogi.HeaderField{Key: f.key, Value: f.value}
	}
	if x.moveNumber > 0 {
		rec.Start.SetMoveNumber(x.moveNumber)
	}
	if x.bookmark != "" {
		rec.Root.Bookmark = x.bookmark
	}
	for i := range x.notes {
		if err := j.applyNote(rec, &x.notes[i]); err != nil {
			return err
		}
	}
	return nil
}

// applyNote applies one note: it inserts the ending it describes, or sets
// what it says on the node it addresses.
func (j *JKF) applyNote(rec *shogi.Record, nt *jkfNote) error {
	parent, idx, ok := extPlace(rec.Root, nt.at)
	switch {
	case !ok || idx > len(parent.Children) || !nt.insert && idx == len(parent.Children):
		return j.warn(nt.pos, 0, ErrBadVariation, nt.path+": \"at\" leads to no node of the tree; ignored")
	case nt.insert && parent.IsEnd():
		return j.warn(nt.pos, 0, ErrBadVariation, nt.path+": \"at\" puts an ending after an ending; ignored")
	}
	var kind shogi.EndingKind
	if nt.hasEnd {
		kind = endingKind(nt.end)
		if kind == shogi.NoEnding {
			return j.warn(nt.pos, 0, ErrUnknownEnd, nt.path+": unknown ending "+strconv.Quote(nt.end)+"; ignored")
		}
	}
	var n *shogi.Node
	if nt.insert {
		if !nt.hasEnd {
			return j.warn(nt.pos, 0, ErrSyntax, nt.path+": an inserted node needs \"end\"; ignored")
		}
		side := rec.Start.Turn() ^ shogi.Color(parent.Ply()&1)
		n = rec.AddChild(parent, 0, shogi.Ending{Kind: kind, Side: side, Word: nt.word})
		cs := parent.Children
		copy(cs[idx+1:], cs[idx:len(cs)-1])
		cs[idx] = n
		n.Comments = nt.comments
	} else {
		n = parent.Children[idx]
		if nt.hasEnd {
			if !n.IsEnd() {
				return j.warn(nt.pos, 0, ErrSyntax, nt.path+": \"end\" on a move; ignored")
			}
			n.End = shogi.Ending{Kind: kind, Side: n.End.Side, Word: nt.word}
		}
		if nt.hasComments {
			if err := j.warn(nt.pos, 0, ErrSyntax, nt.path+": \"comments\" belong to the entry; ignored"); err != nil {
				return err
			}
		}
	}
	if nt.hasElapsed || nt.hasTotal {
		n.Time = shogi.MoveTime{Elapsed: nt.elapsed, Total: nt.total, HasTime: nt.hasElapsed, HasTotal: nt.hasTotal}
	}
	if nt.bookmark != "" {
		n.Bookmark = nt.bookmark
	}
	return nil
}

// extPlace finds the place an extension address names: a parent and an
// index among its children (one past the last for an insertion at the
// end). moves[i] is i−1 steps along first children below the root's first
// child; fork k of a node is its parent's child k+1, and entry j of the
// fork is j first-child steps below that.
func extPlace(root *shogi.Node, at []int) (*shogi.Node, int, bool) {
	// An address is moves[i] and then fork/entry pairs: an odd length, a
	// move index from 1, fork and entry indexes from 0.
	if len(at)%2 == 0 || at[0] < 1 {
		return nil, 0, false
	}
	for _, v := range at[1:] {
		if v < 0 {
			return nil, 0, false
		}
	}
	p, idx := root, 0
	walk := func(steps int) bool {
		for ; steps > 0; steps-- {
			if idx >= len(p.Children) {
				return false
			}
			p, idx = p.Children[idx], 0
		}
		return true
	}
	if !walk(at[0] - 1) {
		return nil, 0, false
	}
	for k := 1; k+1 < len(at); k += 2 {
		if idx >= len(p.Children) {
			return nil, 0, false // a fork of a node that is not there
		}
		idx = at[k] + 1
		if !walk(at[k+1]) {
			return nil, 0, false
		}
	}
	return p, idx, true
}

// endingKind returns the kind shogi.EndingKind.String names s, or NoEnding.
func endingKind(s string) shogi.EndingKind {
	for k := shogi.Resign; k <= shogi.Unknown; k++ {
		if k.String() == s {
			return k
		}
	}
	return shogi.NoEnding
}

// jkfEnding maps a JKF special (CSA V2.2 names without %) onto an ending.
func jkfEnding(s string, toMove shogi.Color) (shogi.Ending, bool) {
	if s == "ILLEGAL_ACTION" {
		// Quirk: the json-kifu-format KIF parser writes 反則勝ち as an
		// unsigned ILLEGAL_ACTION and leaves the sign to its normalizer:
		// the side to move wins by the previous mover's foul.
		return shogi.Ending{Kind: shogi.FoulWin, Side: toMove}, true
	}
	e, ok := shogi.EndingFromCSA(s, toMove)
	if !ok {
		e.Word = s
	}
	return e, ok
}

// jkfMove is a move object as written, before it is checked against the
// position.
type jkfMove struct {
	at                 spot // positions, made Pos only for a message
	color              int  // -1 when absent
	from, to           shogi.Square
	fromPos, toPos     spot
	piece              shogi.PieceType
	piecePos           spot
	same               bool
	promote            int8 // -1 absent or null, 0 false, 1 true
	capture            shogi.PieceType
	capturePos         spot
	relative           [4]byte
	nrel               int
	hasFrom, hasTo     bool
	hasPiece, hasColor bool
}

// readMove reads the move object of entry f and resolves it in pos.
func (j *JKF) readMove(f *jkfEntry, pos *shogi.Position) (shogi.Move, error) {
	sc := j.sc
	if t := sc.next(); t != '{' {
		return 0, sc.want(t, j.path(".move"), "an object")
	}
	mv := jkfMove{at: sc.tokSpot, color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
	first := true
	for {
		ok, err := sc.nextKey(&first)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if sc.peek() == tokNull {
			sc.next()
			continue
		}
		switch string(sc.key) {
		case "color":
			c, p, err := j.readInt(".move.color")
			if err != nil {
				return 0, err
			}
			if c != 0 && c != 1 {
				return 0, &Error{Pos: p, Ply: f.ply, Err: ErrSyntax, Detail: j.path(".move.color") + ": want 0 or 1"}
			}
			mv.color, mv.hasColor = c, true
		case "from":
			sq, p, err := j.readSquare(".move.from")
			if err != nil {
				return 0, err
			}
			mv.from, mv.fromPos, mv.hasFrom = sq, p, true
		case "to":
			sq, p, err := j.readSquare(".move.to")
			if err != nil {
				return 0, err
			}
			mv.to, mv.toPos, mv.hasTo = sq, p, true
		case "piece":
			k, p, err := j.readKind(".move.piece", false)
			if err != nil {
				return 0, err
			}
			mv.piece, mv.piecePos, mv.hasPiece = k, p, true
		case "capture":
			k, p, err := j.readKind(".move.capture", true)
			if err != nil {
				return 0, err
			}
			mv.capture, mv.capturePos = k, p
		case "same", "promote":
			isSame := sc.key[0] == 's'
			t := sc.next()
			if t != tokTrue && t != tokFalse {
				if isSame {
					return 0, sc.want(t, j.path(".move.same"), "true or false")
				}
				return 0, sc.want(t, j.path(".move.promote"), "true or false")
			}
			if isSame {
				mv.same = t == tokTrue
			} else if t == tokTrue {
				mv.promote = 1
			} else {
				mv.promote = 0
			}
		case "relative":
			t := sc.next()
			if t != tokString {
				return 0, sc.want(t, j.path(".move.relative"), "a string")
			}
			if !validRelative(sc.str) {
				if err := j.warn(sc.tokPos(), f.ply, ErrSyntax, j.path(".move.relative")+": "+strconv.Quote(string(sc.str))+" is not of the form [LCR][UMD] or H; ignored"); err != nil {
					return 0, err
				}
				continue
			}
			mv.nrel = copy(mv.relative[:], sc.str)
		default:
			if err := j.skipUnknown(j.path(".move"), f.ply); err != nil {
				return 0, err
			}
		}
	}
	return j.resolve(f, pos, &mv)
}

// validRelative reports whether s is a JKF relative code: an optional
// position (L C R) then an optional movement (U M D), or H.
func validRelative(s []byte) bool {
	switch len(s) {
	case 1:
		return strings.IndexByte("LCRUMDH", s[0]) >= 0
	case 2:
		return strings.IndexByte("LCR", s[0]) >= 0 && strings.IndexByte("UMD", s[1]) >= 0
	}
	return false
}

// resolve checks a move object against the position before it and returns
// the move.
func (j *JKF) resolve(f *jkfEntry, pos *shogi.Position, mv *jkfMove) (shogi.Move, error) {
	ply := f.ply
	c := pos.Turn()
	path := func() string { return j.path(".move") }
	if mv.hasColor && shogi.Color(mv.color) != c {
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: ErrWrongColor, Detail: path() + ": color " + strconv.Itoa(mv.color) + " but " + c.String() + " is to move"}
	}
	if !mv.hasColor {
		if err := j.warn(j.sc.at(mv.at), ply, ErrSyntax, path()+": no color; the side to move is assumed"); err != nil {
			return 0, err
		}
	}
	last := pos.LastMove()
	switch {
	case !mv.hasTo && mv.same:
		if last.IsZero() {
			return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrNoPreviousMov, Detail: path() + ": same without a previous move"}
		}
		mv.to = last.To()
	case !mv.hasTo:
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: ErrSyntax, Detail: path() + ": no \"to\""}
	case mv.same && (last.IsZero() || last.To() != mv.to):
		if err := j.warn(j.sc.at(mv.toPos), ply, ErrSyntax, path()+": same is true but the previous move went elsewhere; \"to\" is used"); err != nil {
			return 0, err
		}
	}
	if !mv.hasPiece && !mv.hasFrom {
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: ErrSyntax, Detail: path() + ": no \"piece\""}
	}
	var m shogi.Move
	switch {
	case mv.hasFrom:
		j.normalized = true
		pc := pos.At(mv.from)
		switch {
		case pc == shogi.NoPiece:
			return 0, &Error{Pos: j.sc.at(mv.fromPos), Ply: ply, Err: shogi.ErrNoPiece, Detail: path() + ".from: " + squareName(mv.from) + " is empty"}
		case pc.Color() != c:
			return 0, &Error{Pos: j.sc.at(mv.fromPos), Ply: ply, Err: shogi.ErrNotOwnPiece, Detail: path() + ".from: the piece on " + squareName(mv.from) + " is " + c.Opponent().String() + "'s"}
		}
		t := pc.Type()
		promote := mv.promote == 1
		switch {
		case !mv.hasPiece:
			if err := j.warn(j.sc.at(mv.at), ply, ErrSyntax, path()+": no \"piece\"; the piece on "+squareName(mv.from)+" is used"); err != nil {
				return 0, err
			}
		case mv.piece == t:
		case t.CanPromote() && mv.piece == t.Promote() && mv.promote != 0:
			// Quirk: the json-kifu-format CSA parser's raw output names
			// the kind after the move (CSA style), so a promotion shows
			// up as the promoted kind without "promote".
			if err := j.warn(j.sc.at(mv.piecePos), ply, shogi.ErrWrongPiece, path()+".piece: "+mv.piece.CSA()+" names the kind after promotion (raw CSA-derived JKF); read as "+t.CSA()+" promoting"); err != nil {
				return 0, err
			}
			promote = true
		default:
			return 0, &Error{Pos: j.sc.at(mv.piecePos), Ply: ply, Err: shogi.ErrWrongPiece, Detail: path() + ".piece: " + mv.piece.CSA() + " but " + squareName(mv.from) + " holds " + t.CSA()}
		}
		m = shogi.NewMove(mv.from, mv.to, promote)
	default:
		var err error
		if m, err = j.resolveWithoutFrom(pos, mv, ply); err != nil {
			return 0, err
		}
	}
	if err := pos.Legal(m); err != nil {
		// The record may document a foul: the move stays if a foul ending
		// follows it, as KIF and CSA records show one.
		f.foul = &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: err, Detail: path() + ": " + m.String() + " is illegal"}
	}
	if !m.IsDrop() && mv.capture != shogi.NoPieceType {
		if got := pos.At(mv.to); got.Type() != mv.capture {
			what := "an empty square"
			if got != shogi.NoPiece {
				what = got.Type().CSA()
			}
			if err := j.warn(j.sc.at(mv.capturePos), ply, shogi.ErrWrongPiece, path()+".capture: "+mv.capture.CSA()+" but the move takes "+what); err != nil {
				return 0, err
			}
		}
	}
	return m, nil
}

// resolveWithoutFrom finds the move of a move object without "from": a drop,
// or the board move that "piece", "to" and "relative" single out (the raw
// form of KI2-derived JKF).
func (j *JKF) resolveWithoutFrom(pos *shogi.Position, mv *jkfMove, ply int) (shogi.Move, error) {
	c := pos.Turn()
	t := mv.piece
	rel := mv.relative[:mv.nrel]
	// The path is built only for a message.
	path := func() string {
		if j.inMoves {
			return j.path(".move")
		}
		return ".move"
	}
	inHand := t >= shogi.Pawn && t <= shogi.Gold && pos.Hand(c).Count(t) > 0
	if len(rel) == 1 && rel[0] == 'H' {
		if mv.promote == 1 {
			return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrBadPromotion, Detail: path() + ": a drop cannot promote"}
		}
		return shogi.NewDrop(t, mv.to), nil
	}
	// Candidates: own pieces of the named kind that can move to "to".
	var cands [10]shogi.Square
	n := 0
	for s := shogi.Square(0); s < 81 && n < len(cands); s++ {
		if pos.At(s) != shogi.NewPiece(c, t) {
			continue
		}
		if pos.Legal(shogi.NewMove(s, mv.to, mv.promote == 1)) == nil ||
			(mv.promote != 0 && pos.Legal(shogi.NewMove(s, mv.to, true)) == nil) {
			cands[n] = s
			n++
		}
	}
	if len(rel) == 0 && inHand && (n == 0 || j.normalized) {
		if n > 0 {
			if err := j.warn(j.sc.at(mv.at), ply, shogi.ErrAmbiguous, path()+": no \"from\" and no relative \"H\" while a board piece could also move there; read as a drop, as the rest of the record writes \"from\" for board moves"); err != nil {
				return 0, err
			}
		}
		if mv.promote == 1 {
			return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrBadPromotion, Detail: path() + ": a drop cannot promote"}
		}
		return shogi.NewDrop(t, mv.to), nil
	}
	list := filterRelative(cands[:n], mv.to, c, t, rel)
	switch len(list) {
	case 1:
	case 0:
		if n == 0 && !inHand {
			return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrNoSuchMove, Detail: path() + ": no " + t.CSA() + " can move to " + squareName(mv.to) + " and none is in hand"}
		}
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrNoSuchMove, Detail: path() + ": no " + t.CSA() + " fits relative " + strconv.Quote(string(rel))}
	default:
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrAmbiguous, Detail: path() + ": " + strconv.Itoa(len(list)) + " pieces " + t.CSA() + " can move to " + squareName(mv.to) + "; \"from\" or \"relative\" is needed"}
	}
	from := list[0]
	promote := mv.promote == 1
	if mv.promote == -1 && pos.Legal(shogi.NewMove(from, mv.to, false)) != nil && pos.Legal(shogi.NewMove(from, mv.to, true)) == nil {
		// A forced promotion written without 成 (KI2 readers promote in
		// lenient mode, ../shared/specs/ki2-japanese-notation.md §7).
		if err := j.warn(j.sc.at(mv.at), ply, shogi.ErrDeadPiece, path()+": no \"promote\" on a move that must promote; read as promoting"); err != nil {
			return 0, err
		}
		promote = true
	}
	return shogi.NewMove(from, mv.to, promote), nil
}

// filterRelative keeps the candidates (origin squares) the JKF relative
// codes describe, as KI2 reading does (../shared/specs/ki2-japanese-notation.md
// §7): movement (U up, M sideways, D down) first, then position (C straight
// forward, R/L the extreme file on the mover's right/left).
func filterRelative(cands []shogi.Square, to shogi.Square, c shogi.Color, t shogi.PieceType, rel []byte) []shogi.Square {
	// forward reports how far from→to moves towards the opponent.
	forward := func(from shogi.Square) int {
		if c == shogi.Black {
			return from.Rank() - to.Rank()
		}
		return to.Rank() - from.Rank()
	}
	// right is larger for squares further to the mover's right.
	right := func(s shogi.Square) int {
		if c == shogi.Black {
			return -s.File()
		}
		return s.File()
	}
	out := cands
	for _, code := range rel {
		kept := out[:0:0]
		switch code {
		case 'U', 'M', 'D':
			for _, s := range out {
				d := forward(s)
				if (code == 'U' && d > 0) || (code == 'M' && d == 0) || (code == 'D' && d < 0) {
					kept = append(kept, s)
				}
			}
		case 'C':
			for _, s := range out {
				if s.File() == to.File() && forward(s) == 1 {
					kept = append(kept, s)
				}
			}
		case 'L', 'R':
			if len(out) == 0 {
				break
			}
			best := right(out[0])
			for _, s := range out[1:] {
				if r := right(s); (code == 'R' && r > best) || (code == 'L' && r < best) {
					best = r
				}
			}
			for _, s := range out {
				if right(s) == best {
					kept = append(kept, s)
				}
			}
		}
		out = kept
	}
	return out
}

// readSquare reads {"x": file, "y": rank} and returns where it starts.
func (j *JKF) readSquare(suffix string) (shogi.Square, spot, error) {
	sc := j.sc
	if t := sc.next(); t != '{' {
		return shogi.NoSquare, sc.tokSpot, sc.want(t, j.path(suffix), "an object {\"x\", \"y\"}")
	}
	at := sc.tokSpot
	x, y := -1, -1
	first := true
	for {
		ok, err := sc.nextKey(&first)
		if err != nil {
			return shogi.NoSquare, at, err
		}
		if !ok {
			break
		}
		switch string(sc.key) {
		case "x", "y":
			isX := sc.key[0] == 'x'
			t := sc.next()
			v := int(sc.num)
			if t != tokNumber || !sc.numInt || sc.num != float64(v) {
				// The general path gives the message.
				sc.peeked = true
				if v, _, err = j.readInt(suffix); err != nil {
					return shogi.NoSquare, at, err
				}
			}
			if isX {
				x = v
			} else {
				y = v
			}
		default:
			if err := j.skipUnknown(j.path(suffix), 0); err != nil {
				return shogi.NoSquare, at, err
			}
		}
	}
	if !shogi.ValidFileRank(x, y) {
		return shogi.NoSquare, at, &Error{Pos: sc.at(at), Err: shogi.ErrBadSquare, Detail: j.path(suffix) + ": x and y must be 1 to 9"}
	}
	return shogi.NewSquare(x, y), at, nil
}

// readTime reads {"now": {h?, m, s}, "total": {h, m, s}} into entry f.
func (j *JKF) readTime(f *jkfEntry) error {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		return nil
	case '{':
	default:
		return sc.want(t, j.path(".time"), "an object")
	}
	first := true
	for {
		ok, err := sc.nextKey(&first)
		if err != nil || !ok {
			return err
		}
		switch string(sc.key) {
		case "now":
			d, ok, err := j.readDuration(".time.now", f.ply)
			if err != nil {
				return err
			}
			f.time.Elapsed, f.time.HasTime = d, ok
		case "total":
			d, ok, err := j.readDuration(".time.total", f.ply)
			if err != nil {
				return err
			}
			f.time.Total, f.time.HasTotal = d, ok
		default:
			if err := j.skipUnknown(j.path(".time"), 0); err != nil {
				return err
			}
		}
	}
}

// readDuration reads {"h", "m", "s"}; ok is false for null or a time that
// was ignored with a warning.
func (j *JKF) readDuration(what string, ply int) (d time.Duration, ok bool, err error) {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		return 0, false, nil
	case '{':
	default:
		return 0, false, sc.want(t, j.where(what), "an object {\"m\", \"s\"}")
	}
	at := sc.tokPos()
	var total float64
	bad := false
	first := true
	for {
		more, err := sc.nextKey(&first)
		if err != nil {
			return 0, false, err
		}
		if !more {
			break
		}
		var unit float64
		switch string(sc.key) {
		case "h":
			unit = 3600
		case "m":
			unit = 60
		case "s":
			unit = 1
		default:
			if err := j.skipUnknown(j.where(what), ply); err != nil {
				return 0, false, err
			}
			continue
		}
		switch t := sc.next(); t {
		case tokNull:
		case tokNumber:
			if sc.num < 0 {
				bad = true
			}
			total += sc.num * unit
		default:
			return 0, false, sc.want(t, j.where(what), "a number")
		}
	}
	if bad || total > 1e9 {
		if err := j.warn(at, ply, ErrBadTime, j.where(what)+": negative or huge time ignored"); err != nil {
			return 0, false, err
		}
		return 0, false, nil
	}
	return time.Duration(total * 1e9), true, nil
}

// readComments reads "comments": an array of lines.
func (j *JKF) readComments(f *jkfEntry) error {
	sc := j.sc
	switch t := sc.next(); t {
	case tokNull:
		return nil
	case tokString:
		// Quirk: some writers put one string where the spec has an array.
		if err := j.warn(sc.tokPos(), 0, ErrSyntax, j.path(".comments")+": a string, not an array; read line by line"); err != nil {
			return err
		}
		f.comments = appendLines(f.comments, string(sc.str))
		return nil
	case '[':
	default:
		return sc.want(t, j.path(".comments"), "an array of strings")
	}
	return sc.elems(func() error {
		switch t := sc.next(); t {
		case tokString:
			// A line holding a line break would not survive formats that
			// keep comments line by line.
			if bytes.IndexByte(sc.str, '\n') >= 0 {
				f.comments = appendLines(f.comments, string(sc.str))
			} else {
				f.comments = append(f.comments, string(sc.str))
			}
		case tokNull:
		default:
			return sc.want(t, j.path(".comments"), "a string")
		}
		return nil
	})
}

// appendLines appends the lines of s (split at LF, CRLF or CR).
func appendLines(dst []string, s string) []string {
	for {
		i := 0
		for i < len(s) && s[i] != '\n' && s[i] != '\r' {
			i++
		}
		dst = append(dst, s[:i])
		if i == len(s) {
			return dst
		}
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
}

// readString reads a string value.
func (j *JKF) readString(what string) (string, Pos, error) {
	sc := j.sc
	if t := sc.next(); t != tokString {
		return "", sc.tokPos(), sc.want(t, j.where(what), "a string")
	}
	return string(sc.str), sc.tokPos(), nil
}

// readStringOrNull reads a string or null ("").
func (j *JKF) readStringOrNull(what string) (string, Pos, error) {
	if j.sc.peek() == tokNull {
		j.sc.next()
		return "", j.sc.tokPos(), nil
	}
	return j.readString(what)
}

// readInt reads an integer value.
func (j *JKF) readInt(what string) (int, Pos, error) {
	sc := j.sc
	t := sc.next()
	if t != tokNumber || !sc.numInt || sc.num > 1<<30 || sc.num < -(1<<30) {
		if t == tokNumber {
			return 0, sc.tokPos(), &Error{Pos: sc.tokPos(), Err: ErrSyntax, Detail: j.where(what) + ": want an integer, found " + sc.literal()}
		}
		return 0, sc.tokPos(), sc.want(t, j.where(what), "an integer")
	}
	return int(sc.num), sc.tokPos(), nil
}

// readKind reads a CSA piece name ("FU", "UM"); captured pieces cannot be
// kings.
func (j *JKF) readKind(what string, captured bool) (shogi.PieceType, spot, error) {
	sc := j.sc
	if t := sc.next(); t != tokString {
		return 0, sc.tokSpot, sc.want(t, j.where(what), "a piece name")
	}
	k, ok := shogi.PieceTypeFromCSA(string(sc.str))
	if !ok || (captured && k == shogi.King) {
		return 0, sc.tokSpot, &Error{Pos: sc.tokPos(), Err: ErrSyntax, Detail: j.where(what) + ": " + strconv.Quote(string(sc.str)) + " is not a piece name (FU KY KE GI KI KA HI OU TO NY NK NG UM RY)"}
	}
	return k, sc.tokSpot, nil
}

// warn records a tolerated problem, or returns it as an error in strict
// mode.
func (j *JKF) warn(pos Pos, ply int, err error, detail string) error {
	e := &Error{Pos: pos, Ply: ply, Err: err, Detail: detail}
	if j.Strict {
		return e
	}
	e.Warning = true
	j.warnings.Append(e)
	return nil
}

// where returns the JSON path of what: inside "moves" it is a suffix to the
// path of the entry being read, elsewhere the path itself. Paths are built
// only for messages, so reading costs nothing per value.
func (j *JKF) where(what string) string {
	if j.inMoves {
		return j.path(what)
	}
	return what
}

// path returns the JSON path of the value being read in the moves tree
// ("moves[3].forks[0][2]") followed by suffix. In a tree nested deeper than
// a reader can follow, the middle of the path is left out ("…"), so that
// messages stay short and a warning on every move of a deep tree costs
// time and memory in proportion to the moves, not to their depth squared.
func (j *JKF) path(suffix string) string {
	const ends = 6 // levels kept at each end of a long path
	b := make([]byte, 0, 64)
	b = append(b, "moves"...)
	n := len(j.lines)
	for k := 0; k < n; k++ {
		if k == ends && n > 3*ends {
			b = append(b, "…"...)
			k = n - ends
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(j.lines[k].index), 10)
		b = append(b, ']')
		if k < len(j.entries) && k+1 < n {
			b = append(b, ".forks["...)
			b = strconv.AppendInt(b, int64(j.entries[k].forks.index), 10)
			b = append(b, ']')
		}
	}
	return string(append(b, suffix...))
}

// squareName names a square as JKF does ("x7y6" is awkward; "7六" is what
// shogi players read).
func squareName(s shogi.Square) string {
	const ranks = "一二三四五六七八九"
	r := s.Rank() - 1
	return strconv.Itoa(s.File()) + ranks[r*3:r*3+3]
}

// Tokens of the JSON scanner.
const (
	tokEOF    = 0
	tokErr    = 'E'
	tokString = 's'
	tokNumber = 'n'
	tokTrue   = 't'
	tokFalse  = 'f'
	tokNull   = 'z'
)

func tokName(t byte) string {
	switch t {
	case tokEOF:
		return "the end of the input"
	case tokString:
		return "a string"
	case tokNumber:
		return "a number"
	case tokTrue, tokFalse:
		return "a boolean"
	case tokNull:
		return "null"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return strconv.Quote(string(rune(t)))
}

// jsonScanner splits JSON text into tokens and knows the line and column
// (in runes) of each. It reads through a fixed buffer, so a document of any
// size costs its strings and nothing more; only a string longer than maxStr
// is an error. Column counting is cheap because only strings can hold
// non-ASCII text: the scanner counts UTF-8 continuation bytes while it
// copies them.
type jsonScanner struct {
	r       io.Reader
	file    string
	maxStr  int
	buf     []byte
	i, n    int   // next unread byte; end of data in buf
	base    int64 // input offset of buf[0]
	eof     bool
	rerr    error // a read error other than io.EOF
	empties int   // reads that returned nothing, to stop a broken reader

	line      int   // line of buf[i]
	lineStart int64 // input offset where that line starts
	cont      int   // UTF-8 continuation bytes on the line before buf[i]

	tok     byte
	tokSpot spot // where the last token starts
	peeked  bool
	str     []byte  // the text of the last string token, unescaped
	key     []byte  // the last object key (kept apart so peeking a value leaves it)
	keySpot spot    // where that key starts
	lit     []byte  // the text of the last number token, unless litInt
	litInt  bool    // the last number was a plain integer, its text that of num
	num     float64 // the value of the last number token
	numInt  bool    // the number had no fraction or exponent
	err     *Error

	capturing bool
	capStart  int
	captured  []byte
}

// newCapturedScanner returns a scanner over data, text captured by st's
// captureValue, that reports positions as in the original input.
func newCapturedScanner(data []byte, st *jsonScanner) *jsonScanner {
	return &jsonScanner{file: st.file, maxStr: st.maxStr, buf: data, n: len(data), eof: true,
		base: st.base, line: st.line, lineStart: st.lineStart, cont: st.cont}
}

// ensure makes k bytes available at buf[i:], reading more input as needed
// (which may move the unread bytes to the front of buf); it reports false
// when the input ends first.
func (s *jsonScanner) ensure(k int) bool {
	for s.n-s.i < k {
		if s.eof || s.rerr != nil {
			return false
		}
		if s.capturing {
			s.captured = append(s.captured, s.buf[s.capStart:s.i]...)
			s.capStart = 0
		}
		if s.i > 0 {
			copy(s.buf, s.buf[s.i:s.n])
			s.base += int64(s.i)
			s.n -= s.i
			s.i = 0
		}
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		switch {
		case err == io.EOF:
			s.eof = true
		case err != nil:
			s.rerr = err
		case m == 0:
			if s.empties++; s.empties > 100 {
				s.rerr = io.ErrNoProgress
			}
		}
	}
	return true
}

// spot is a position in the input without the file name: a token's start
// is kept as one, free of pointers, so that recording it for every token
// costs no write barrier.
type spot struct {
	line, col int32
	lineStart int64
}

// spot returns the spot of buf[i].
func (s *jsonScanner) spot() spot {
	return spot{line: int32(s.line), col: int32(s.base+int64(s.i)-s.lineStart) - int32(s.cont) + 1, lineStart: s.lineStart}
}

// at returns the position of a spot.
func (s *jsonScanner) at(p spot) Pos {
	pos := Pos{File: s.file, Line: int(p.line), Col: int(p.col), Offset: p.lineStart}
	if i := p.lineStart - s.base; i >= 0 && i <= int64(s.n) {
		// The line, while it is still buffered.
		line := s.buf[i:s.n]
		if e := bytes.IndexAny(line, "\r\n"); e >= 0 {
			line = line[:e]
		}
		pos.Text = quoteText(line)
	}
	return pos
}

// pos returns the position of buf[i].
func (s *jsonScanner) pos() Pos { return s.at(s.spot()) }

// tokPos returns the position of the last token.
func (s *jsonScanner) tokPos() Pos { return s.at(s.tokSpot) }

// keyPos returns the position of the last object key.
func (s *jsonScanner) keyPos() Pos { return s.at(s.keySpot) }

func (s *jsonScanner) errorf(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Err: ErrBadJSON, Detail: fmt.Sprintf(format, args...)}
}

// want returns the error for token t found where what was expected at
// path; a scanner or read error is returned as it is.
func (s *jsonScanner) want(t byte, path, what string) error {
	switch t {
	case tokErr:
		return s.err
	case tokEOF:
		if s.rerr != nil {
			return s.rerr
		}
		return &Error{Pos: s.tokPos(), Err: ErrTruncated, Detail: path + ": want " + what + ", found the end of the input"}
	}
	return &Error{Pos: s.tokPos(), Err: ErrSyntax, Detail: path + ": want " + what + ", found " + tokName(t)}
}

// sep returns the error for token t found where JSON punctuation or a value
// was expected.
func (s *jsonScanner) sep(t byte, what string) error {
	switch t {
	case tokErr:
		return s.err
	case tokEOF:
		if s.rerr != nil {
			return s.rerr
		}
		return &Error{Pos: s.tokPos(), Err: ErrTruncated, Detail: "want " + what + ", found the end of the input"}
	}
	return s.errorf(s.tokPos(), "want %s, found %s", what, tokName(t))
}

// skipSpace skips white space (and a byte-order mark at the very start) and
// reports whether a byte follows. The indentation after a line break, most
// of the bytes of indented JSON, is skipped eight spaces at a time.
func (s *jsonScanner) skipSpace() bool {
	for {
		for s.i < s.n {
			c := s.buf[s.i]
			if c > ' ' {
				if c != 0xEF || s.base+int64(s.i) != 0 {
					return true
				}
				if !s.ensure(3) || s.buf[s.i+1] != 0xBB || s.buf[s.i+2] != 0xBF {
					return true
				}
				s.i += 3
				s.lineStart = 3
				continue
			}
			switch c {
			case ' ', '\t':
				s.i++
			case '\r':
				// A line break when no LF follows: lines are counted as
				// the line-based readers and the CLI's diagnostics count
				// them (LF, CRLF or a bare CR).
				s.i++
				if s.i < s.n || s.ensure(1) {
					if s.buf[s.i] == '\n' {
						continue
					}
				}
				s.line++
				s.lineStart = s.base + int64(s.i)
				s.cont = 0
			case '\n':
				s.i++
				s.line++
				s.lineStart = s.base + int64(s.i)
				s.cont = 0
				for s.i+8 <= s.n {
					if x := binary.LittleEndian.Uint64(s.buf[s.i:]) ^ 0x2020202020202020; x != 0 {
						s.i += bits.TrailingZeros64(x) >> 3
						break
					}
					s.i += 8
				}
			default:
				return true
			}
		}
		if !s.ensure(1) {
			return false
		}
	}
}

// peek returns the next token without consuming it (its text and position
// are available as after next).
func (s *jsonScanner) peek() byte {
	if !s.peeked {
		s.next()
		s.peeked = true
	}
	return s.tok
}

// peekPos returns the position of the next token.
func (s *jsonScanner) peekPos() Pos {
	s.peek()
	return s.tokPos()
}

// next reads the next token.
func (s *jsonScanner) next() byte {
	if s.peeked {
		s.peeked = false
		return s.tok
	}
	if s.err != nil {
		s.tok = tokErr
		return tokErr
	}
	if !(s.i < s.n && s.buf[s.i]-'!' < 0x7F-'!' || s.skipSpace()) {
		s.tokSpot = s.spot()
		s.tok = tokEOF
		return tokEOF
	}
	s.tokSpot = s.spot()
	c := s.buf[s.i]
	switch c {
	case '{', '}', '[', ']', ':', ',':
		s.i++
		s.tok = c
	case '"':
		s.i++
		s.tok = s.scanString()
	case 't':
		s.tok = s.scanLiteral("true", tokTrue)
	case 'f':
		s.tok = s.scanLiteral("false", tokFalse)
	case 'n':
		s.tok = s.scanLiteral("null", tokNull)
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			s.tok = s.scanNumber()
			break
		}
		r := rune(c)
		if c >= 0x80 {
			s.ensure(utf8.UTFMax)
			r, _ = utf8.DecodeRune(s.buf[s.i:s.n])
		}
		s.err = s.errorf(s.tokPos(), "unexpected character %q", r)
		s.tok = tokErr
	}
	return s.tok
}

func (s *jsonScanner) scanLiteral(word string, t byte) byte {
	if !s.ensure(len(word)) || string(s.buf[s.i:s.i+len(word)]) != word {
		s.err = s.errorf(s.tokPos(), "invalid literal (want %s)", word)
		return tokErr
	}
	s.i += len(word)
	return t
}

func (s *jsonScanner) scanNumber() byte {
	// Fast path: a plain integer that ends inside the buffer.
	k := s.i
	if s.buf[k] == '-' {
		k++
	}
	d := k
	iv := 0
	for k < s.n && k-d < 15 && s.buf[k]-'0' < 10 {
		iv = iv*10 + int(s.buf[k]-'0')
		k++
	}
	if k < s.n && k > d && !numberByte[s.buf[k]] && (s.buf[d] != '0' || k-d == 1) && (iv != 0 || s.buf[s.i] != '-') {
		if s.buf[s.i] == '-' {
			iv = -iv
		}
		s.i = k
		s.num, s.numInt, s.litInt = float64(iv), true, true
		return tokNumber
	}
	s.lit, s.litInt = s.lit[:0], false
	for s.i < s.n || s.ensure(1) {
		c := s.buf[s.i]
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			break
		}
		s.lit = append(s.lit, c)
		s.i++
		if len(s.lit) > 64 {
			s.err = s.errorf(s.tokPos(), "number too long")
			return tokErr
		}
	}
	if !validNumber(s.lit) {
		s.err = s.errorf(s.tokPos(), "invalid number %q", s.lit)
		return tokErr
	}
	// Fast path: an optional minus and up to 15 digits.
	b := s.lit
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) <= 15 && bytes.IndexAny(b, ".eE") < 0 {
		v := 0
		for _, c := range b {
			v = v*10 + int(c-'0')
		}
		if neg {
			v = -v
		}
		s.num, s.numInt = float64(v), true
		return tokNumber
	}
	v, err := strconv.ParseFloat(string(s.lit), 64)
	if err != nil {
		s.err = s.errorf(s.tokPos(), "invalid number %q", s.lit)
		return tokErr
	}
	s.num, s.numInt = v, false
	return tokNumber
}

// literal returns the text of the last number or literal token.
func (s *jsonScanner) literal() string {
	switch {
	case s.tok == tokTrue:
		return "true"
	case s.tok == tokFalse:
		return "false"
	case s.tok == tokNull:
		return "null"
	case s.litInt:
		return strconv.FormatInt(int64(s.num), 10)
	}
	return string(s.lit)
}

// numberByte marks the bytes a JSON number is made of.
var numberByte = func() (t [256]bool) {
	for _, c := range "0123456789+-.eE" {
		t[c] = true
	}
	return
}()

// validNumber checks the JSON number grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(b []byte) bool {
	i := 0
	digits := func() int {
		k := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
			k++
		}
		return k
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// scanString reads a string whose opening quote has been read, unescaping
// it into s.str.
func (s *jsonScanner) scanString() byte {
	s.str = s.str[:0]
	for {
		if s.i >= s.n && !s.ensure(1) {
			s.err = &Error{Pos: s.tokPos(), Err: ErrTruncated, Detail: "unterminated string"}
			if s.rerr != nil {
				s.err.Detail += " (" + s.rerr.Error() + ")"
			}
			return tokErr
		}
		start := s.i
		for s.i < s.n {
			c := s.buf[s.i]
			if c < utf8.RuneSelf {
				if stringStop[c] {
					break
				}
			} else if c < 0xC0 {
				s.cont++
			}
			s.i++
		}
		s.str = append(s.str, s.buf[start:s.i]...)
		if len(s.str) > s.maxStr {
			s.err = &Error{Pos: s.tokPos(), Err: ErrLineTooLong, Detail: "a string longer than " + strconv.Itoa(s.maxStr) + " bytes"}
			return tokErr
		}
		if s.i >= s.n {
			continue
		}
		switch c := s.buf[s.i]; c {
		case '"':
			s.i++
			return tokString
		case '\\':
			if !s.scanEscape() {
				return tokErr
			}
		default:
			s.err = s.errorf(s.pos(), "control character %U in a string (JSON needs an escape)", rune(c))
			return tokErr
		}
	}
}

// stringStop marks the ASCII bytes that end a run of plain string text.
var stringStop = func() (t [utf8.RuneSelf]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return
}()

// scanEscape reads the escape at buf[i] (a backslash) into s.str.
func (s *jsonScanner) scanEscape() bool {
	at := s.pos()
	if !s.ensure(2) {
		s.err = &Error{Pos: at, Err: ErrTruncated, Detail: "unterminated string"}
		return false
	}
	c := s.buf[s.i+1]
	switch c {
	case '"', '\\', '/':
		s.str = append(s.str, c)
	case 'b':
		s.str = append(s.str, '\b')
	case 'f':
		s.str = append(s.str, '\f')
	case 'n':
		s.str = append(s.str, '\n')
	case 'r':
		s.str = append(s.str, '\r')
	case 't':
		s.str = append(s.str, '\t')
	case 'u':
		r, ok := s.hex4(2)
		if !ok {
			s.err = s.errorf(at, "invalid \\u escape")
			return false
		}
		s.i += 6
		if utf16.IsSurrogate(r) {
			// A pair is two escapes; a lone half becomes U+FFFD, as
			// encoding/json makes it.
			r2 := rune(-1)
			if s.ensure(6) && s.buf[s.i] == '\\' && s.buf[s.i+1] == 'u' {
				if v, ok := s.hex4(2); ok {
					r2 = v
				}
			}
			if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
				s.i += 6
				r = d
			} else {
				r = utf8.RuneError
			}
		}
		s.str = utf8.AppendRune(s.str, r)
		return true
	default:
		s.err = s.errorf(at, "invalid escape \\%c", c)
		return false
	}
	s.i += 2
	return true
}

// hex4 reads four hex digits at buf[i+off:].
func (s *jsonScanner) hex4(off int) (rune, bool) {
	if !s.ensure(off + 4) {
		return 0, false
	}
	var r rune
	for _, c := range s.buf[s.i+off : s.i+off+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// nextKey moves to the next member of an object whose '{' has been read:
// it reads the separator, the key (into s.key, at s.keyPos()) and the colon,
// and reports false at the closing '}'. first tracks whether a member was
// read yet.
func (s *jsonScanner) nextKey(first *bool) (bool, error) {
	var t byte
	if s.peeked || s.err != nil || !(s.i < s.n && s.buf[s.i]-'!' < 0x7F-'!' || s.skipSpace()) {
		t = s.next()
	} else {
		// The usual case, straight from the buffer.
		t = s.buf[s.i]
		if t == '}' || t == ',' {
			s.tokSpot = s.spot()
			s.tok = t
			s.i++
		} else {
			t = s.next()
		}
	}
	if *first {
		*first = false
		if t == '}' {
			return false, nil
		}
	} else {
		switch t {
		case '}':
			return false, nil
		case ',':
			if s.err == nil && (s.i < s.n && s.buf[s.i]-'!' < 0x7F-'!' || s.skipSpace()) && s.buf[s.i] == '"' {
				return s.key1()
			}
			t = s.next()
		default:
			return false, s.sep(t, "',' or '}' after an object member")
		}
	}
	if t != tokString {
		return false, s.sep(t, "an object key (a string)")
	}
	s.key, s.str = s.str, s.key[:0]
	s.keySpot = s.tokSpot
	return s.colon()
}

// key1 reads an object key whose opening quote is at buf[i], and the colon
// after it. A short key of plain ASCII, what JKF keys are, is copied
// straight from the buffer.
func (s *jsonScanner) key1() (bool, error) {
	s.keySpot = s.spot()
	s.tokSpot = s.keySpot
	s.i++
	k := s.i
	for k < s.n && s.buf[k] < utf8.RuneSelf && !stringStop[s.buf[k]] {
		k++
	}
	if k < s.n && s.buf[k] == '"' && k-s.i <= s.maxStr {
		s.key = append(s.key[:0], s.buf[s.i:k]...)
		s.i = k + 1
	} else {
		if s.scanString() != tokString {
			return false, s.err
		}
		s.key, s.str = s.str, s.key[:0]
	}
	s.tok = tokString
	return s.colon()
}

// colon reads the colon after an object key.
func (s *jsonScanner) colon() (bool, error) {
	if s.i < s.n && s.buf[s.i] == ':' {
		s.i++
		return true, nil
	}
	if c := s.next(); c != ':' {
		return false, s.sep(c, "':' after an object key")
	}
	return true, nil
}

// nextElem moves to the next element of an array whose '[' has been read:
// it reads the separator and reports false at the closing ']'. The element
// itself is left for the caller.
func (s *jsonScanner) nextElem(first *bool) (bool, error) {
	if *first {
		*first = false
		switch s.peek() {
		case ']':
			s.next()
			return false, nil
		case tokErr:
			return false, s.err
		}
		return true, nil
	}
	switch t := s.next(); t {
	case ']':
		return false, nil
	case ',':
		switch s.peek() {
		case ']':
			return false, s.errorf(s.tokPos(), "']' after ','")
		case tokErr:
			return false, s.err
		}
		return true, nil
	default:
		return false, s.sep(t, "',' or ']' after an array element")
	}
}

// skipValue skips the next value, checking its syntax.
func (s *jsonScanner) skipValue() error { return s.skipFrom(s.next()) }

// skipFrom skips a value whose first token t has been read. It keeps its own
// stack, so nesting depth costs heap, not goroutine stack.
func (s *jsonScanner) skipFrom(t byte) error {
	type level struct{ obj, first bool }
	var stackBuf [32]level
	stack := stackBuf[:0]
	for {
		switch t {
		case '{':
			stack = append(stack, level{obj: true, first: true})
		case '[':
			stack = append(stack, level{first: true})
		case tokString, tokNumber, tokTrue, tokFalse, tokNull:
		default:
			return s.sep(t, "a value")
		}
		for {
			if len(stack) == 0 {
				return nil
			}
			top := &stack[len(stack)-1]
			var more bool
			var err error
			if top.obj {
				more, err = s.nextKey(&top.first)
			} else {
				more, err = s.nextElem(&top.first)
			}
			if err != nil {
				return err
			}
			if more {
				break
			}
			stack = stack[:len(stack)-1]
		}
		t = s.next()
	}
}

// captureValue skips the next value and returns its text, with a scanner
// state from which newCapturedScanner reports the right positions. An array
// or object is skipped by matching brackets outside strings only: the
// captured text is parsed in full later, which reports any error in it.
func (s *jsonScanner) captureValue() ([]byte, *jsonScanner, error) {
	if !s.skipSpace() {
		return nil, nil, s.sep(s.next(), "a value")
	}
	st := &jsonScanner{file: s.file, maxStr: s.maxStr, base: s.base + int64(s.i), line: s.line, lineStart: s.lineStart, cont: s.cont}
	start := s.spot()
	s.capturing, s.capStart, s.captured = true, s.i, nil
	defer func() { s.capturing, s.captured = false, nil }()
	if c := s.buf[s.i]; c != '[' && c != '{' {
		if err := s.skipValue(); err != nil {
			return nil, nil, err
		}
		return append(s.captured, s.buf[s.capStart:s.i]...), st, nil
	}
	depth := 0
	inString, escaped := false, false
	lines := 0
	// Columns count runes: the continuation bytes of the line the scan
	// stops on are counted once it stops.
	recount := func() []byte {
		data := append(s.captured, s.buf[s.capStart:s.i]...)
		last := data
		if lines > 0 {
			s.cont = 0
			last = data[bytes.LastIndexAny(data, "\r\n")+1:]
		}
		for _, b := range last {
			if b&0xC0 == 0x80 {
				s.cont++
			}
		}
		return data
	}
	for {
		if s.i >= s.n && !s.ensure(1) {
			if s.rerr != nil {
				return nil, nil, s.rerr
			}
			recount()
			return nil, nil, &Error{Pos: s.pos(), Err: ErrTruncated, Detail: "the value that starts at " + strconv.Itoa(int(start.line)) + ":" + strconv.Itoa(int(start.col)) + " does not end before the input does"}
		}
		stop := &captureStops[0]
		if inString {
			stop = &captureStops[1]
		}
		if escaped {
			escaped = false
			s.i++
			continue
		}
		k := s.i
		for k < s.n && !stop[s.buf[k]] {
			k++
		}
		s.i = k
		if k == s.n {
			continue
		}
		c := s.buf[k]
		s.i++
		switch {
		case c == '\n' || c == '\r' && !((s.i < s.n || s.ensure(1)) && s.buf[s.i] == '\n'):
			// A bare CR is a line break, also as the input's last byte
			// and inside a string (where JSON forbids it, but the
			// diagnostics count lines as the line-based readers do).
			s.line++
			s.lineStart = s.base + int64(s.i)
			lines++
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			if depth--; depth == 0 {
				return recount(), st, nil
			}
		}
	}
}

// captureStops are the bytes captureValue looks at outside strings and
// inside them.
var captureStops = func() (t [2][256]bool) {
	for _, c := range "\"[]{}\n\r" {
		t[0][c] = true
	}
	for _, c := range "\"\\\n\r" {
		t[1][c] = true
	}
	return
}()

// members calls f for each member of the object whose '{' has been read,
// with the key in s.key; f reads the value. The readers of the header, the
// start position and the extension use it; the per-move path spells its
// loops out.
func (s *jsonScanner) members(f func() error) error { return s.each(s.nextKey, f) }

// elems calls f for each element of the array whose '[' has been read; f
// reads the element.
func (s *jsonScanner) elems(f func() error) error { return s.each(s.nextElem, f) }

// each calls f until next, nextKey or nextElem, reports the end.
func (s *jsonScanner) each(next func(first *bool) (bool, error), f func() error) error {
	first := true
	for {
		ok, err := next(&first)
		if err != nil || !ok {
			return err
		}
		if err := f(); err != nil {
			return err
		}
	}
}
