package parse

import (
	"io"
	"strconv"

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
// "piece", "color" and "capture" must agree with the position. An illegal
// move followed by a foul ending (ILLEGAL_MOVE, ±ILLEGAL_ACTION), which
// documents the foul, is read as the move and then the ending. Any other
// illegal move is an error in strict mode; otherwise it is kept as the last
// move of its line, with a warning of the same code and position that
// counts the entries dropped after it. Errors carry the line and column of
// the offending JSON value (lines end at LF, CRLF or a bare CR, as the line
// readers count them) and its path in the document
// (moves[37].forks[0][2].move.from).
//
// moves[0].kifconv, the extension render.JKF writes for what JKF has no
// member for (see its doc comment), is read back into the record: header
// fields, the start's move number and bookmark, bookmarks, exact times and
// the endings the JKF specials cannot name.
//
// The JSON is read with jsontext.Decoder (jkf_scan.go), which checks all
// of it: token by token, except that a "moves" array up to 256 KB, or else
// each entry of it up to 16 KB, is read whole (Decoder.ReadValue) and its
// tokens handed out from that text, an entry's "move", "time" and
// "comments" taking short ways (jkf_fast.go) when they have the usual
// shape. Every value has a position, a tree of any size is read without a
// generic document first, and nothing is allocated per move beyond the
// record's nodes and comments. Memory is bounded: a string may be Options.MaxLineBytes
// long (DefaultMaxLineBytes if unset), and a "moves" array that comes
// before "initial", and so must be held as text until the start position
// is known, four times that. JSON nested deeper than jsontext's 10,000
// levels (forks nested about 3,300 deep) is an error.
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
	inMoves    bool        // the values being read are inside "moves"
	ext        *jkfExt     // moves[0].kifconv, applied once the moves are read
	cbuf       []byte      // the lines of a comments array being joined (commentsAt)
	keep       *textKeeper // the text read, with Options.Places
	places     *placeTable // where the record's nodes were, with Options.Places
}

// ErrWrongColor is the error for a JKF move whose "color" is not the side to
// move.
var ErrWrongColor = &shogi.RuleError{Code: "wrong-color", Msg: "the move's color is not the side to move"}

// maxJKFString bounds one JSON string (a header value or comment line) when
// Options.MaxLineBytes is not set.
const maxJKFString = DefaultMaxLineBytes

// NewJKF returns a JKF reader.
func NewJKF(r io.Reader, opt Options) *JKF {
	max := opt.MaxLineBytes
	if max <= 0 {
		max = maxJKFString
	}
	var keep *textKeeper
	if opt.Places {
		keep = opt.newTextKeeper(r, opt.Offset)
		r = keep
	}
	// A piece of a collection (Options.Line, Options.Offset) counts its
	// positions from where it starts in the input.
	return &JKF{Options: opt, keep: keep, sc: newJSONScanner(r, opt.Filename, max, opt.Offset, spot{line: int32(opt.Line + 1), col: 1, lineStart: opt.Offset})}
}

// quoted gives the problem e the text of its line when the text is kept
// (Options.Places): the scanner's positions have none, and making one
// costs an allocation that only a problem should pay.
func (j *JKF) quoted(e *Error) *Error {
	if j.keep != nil && e.Pos.Text == "" && e.Pos.IsValid() {
		if text, ok := j.keep.line(e.Pos.Offset); ok {
			e.Pos.Text = quoteText(text)
		}
	}
	return e
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
		if e, ok := err.(*Error); ok {
			j.quoted(e)
		}
		// The reader is done: its scanner serves the next one.
		j.err = err
		j.sc.release()
		j.sc = nil
		return nil, err
	}
	return rec, nil
}

func (j *JKF) read() (*shogi.Record, error) {
	if j.keep != nil {
		j.keep.forget(j.sc.lineStart)
	}
	switch t := j.sc.next(); t {
	case tokEOF:
		return nil, io.EOF
	case tokErr:
		return nil, j.sc.err
	case '{':
	default:
		return nil, j.sc.errorf(j.sc.tokPos(), "want a JKF object ({…}), found "+tokName(t))
	}
	return j.readRecord()
}

// readRecord reads the members of a JKF object; its '{' has been read.
func (j *JKF) readRecord() (*shogi.Record, error) {
	sc := j.sc
	start := sc.tokPos()
	rec := j.newRecord(shogi.StartPosition())
	j.rec = rec
	j.places = j.newPlaces(j.keep)
	j.normalized = false
	j.ext = nil
	var (
		seenHeader, seenInitial, seenMoves bool
		captured                           []byte
		capState                           *jsonScanner
	)
	for {
		ok, err := sc.nextKey()
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
			data, st, err := sc.captureValue(4 * sc.maxStr)
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
	if !seenHeader && !seenInitial && !seenMoves {
		// One rule for every command: a JSON object is a JKF record when
		// it names at least one of the three.
		return nil, &Error{Pos: start, Err: ErrSyntax, Detail: "not a JKF record: the object has no \"header\", \"initial\" or \"moves\" member"}
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
		j.sc = capState
		err := j.readMoves()
		j.sc = outer
		capState.release()
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
	if j.places != nil {
		rec.Source = j.places
	}
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
		return sc.errorf(sc.tokPos(), "header: want an object, found "+tokName(t))
	}
	return sc.members(func() error {
		key := string(sc.key)
		keyPos := sc.keyPos()
		j.places.noteHeaderPos(key, keyPos)
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
		return sc.errorf(sc.tokPos(), "initial: want an object or null, found "+tokName(t))
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
		ok, err := sc.nextKey()
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
			return sc.errorf(sc.peekPos(), path+": the board has 9 files")
		}
		if t := sc.next(); t != '[' {
			return sc.want(t, path, "an array of 9 squares")
		}
		filePos := sc.tokPos()
		y := 0
		if err := sc.elems(func() error {
			y++
			if y > 9 {
				return sc.errorf(sc.peekPos(), path+": a file has 9 squares")
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
			return sc.errorf(sc.peekPos(), path+": there are two hands")
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
			case count < 0 || !hand.Fits(kind, count):
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
	t := sc.nextNumber()
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
	e := j.quoted(&Error{Pos: pos, Ply: ply, Err: err, Detail: detail})
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
