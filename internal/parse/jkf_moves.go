package parse

import (
	"bytes"
	"strconv"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

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
	a.first = false
	return sc.nextElem()
}

// jkfLine is an array of entries being read.
type jkfLine struct {
	jkfArray
	parent *shogi.Node    // the node the next entry attaches to
	pos    shogi.Position // the position before the next entry
	ended  bool           // a special entry ended the line
	// foul is the error of an illegal move the line kept, until the foul
	// ending that documents it follows (watch: at once, or after the
	// capture of the king it left in check); illegal stays set after it.
	foul    *Error
	watch   shogi.FoulWatch
	capture *shogi.Node // the capture of the king, while foul waits for its ending
	illegal bool
	// dropped counts the entries after an illegal move that no foul
	// ending documents (lenient mode: they are skipped), from the first
	// of them on (dropping).
	dropped  int
	dropping bool
}

// jkfEntry is an entry object being read; its position is its line's.
type jkfEntry struct {
	parent     *shogi.Node // the branch point: the entry's node becomes its child
	node       *shogi.Node // the entry's node, once its move or special is read
	after      *shogi.Node // the child of parent the node follows (nil: it is the first)
	ply        int
	at         spot // where the entry begins
	move       shogi.Move
	foul       *Error // the move is illegal: what it breaks
	takesKing  bool   // the move takes the king its line's illegal move left in check
	place      Pos    // where its "move" or "special" is, with places
	timePlace  Pos    // where its "time" is, with places
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
	drop       bool // it follows an undocumented illegal move: skipped
}

// jkfEntryWhole bounds the text of an entry the reader takes whole
// (jsonScanner.replayWithin); a longer one is read token by token.
const jkfEntryWhole = 16 << 10

// jkfMovesWhole bounds the text of a "moves" array the reader takes whole;
// a longer one is read entry by entry.
const jkfMovesWhole = 256 << 10

// readMoves reads the "moves" array into j.rec.
func (j *JKF) readMoves() error {
	sc := j.sc
	rec := j.rec
	// The moves of a game are usually short enough to be checked whole,
	// which costs less than a check per entry.
	sc.replayArray(jkfMovesWhole)
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
					if err := j.undocumentedFoul(l); err != nil {
						return err
					}
				}
				j.lines = j.lines[:nl-1]
				continue
			case !ok:
				j.entries[ne-1].inForks = false
				continue
			case inLine && l.dropping:
				l.dropped++
				if err := sc.skipValue(); err != nil {
					return err
				}
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
			if inLine {
				// An entry is read whole when it is not long (it holds no
				// big forks); its move and time take the short ways.
				sc.replayWithin(jkfEntryWhole)
			}
			if t := sc.next(); t != open {
				return sc.want(t, j.path(""), what)
			}
			if inLine {
				j.entries = append(j.entries, jkfEntry{parent: l.parent, after: l.parent.LastChild(), at: sc.tokSpot,
					ply: l.pos.MoveNumber() - rec.Start.MoveNumber() + 1, first: true, start: nl == 1 && l.index == 0})
				ended, err := j.fastEntry(&j.entries[ne], l)
				if err == nil && ended {
					err = j.endEntry()
				}
				if err != nil {
					return err
				}
			} else {
				j.lines = append(j.lines, jkfLine{jkfArray: jkfArray{first: true}, parent: j.entries[ne-1].parent, pos: l.pos})
			}
		default: // in an entry: the next member
			e := &j.entries[ne-1]
			ok, err := sc.nextKey()
			if err != nil {
				return err
			}
			if e.drop {
				if !ok {
					j.entries = j.entries[:ne-1]
				} else if err := sc.skipValue(); err != nil {
					return err
				}
				continue
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
		if l.foul != nil && !l.watch.KingOpen() {
			if err := j.dropEntry(e, l); err != nil {
				return err
			}
			return sc.skipValue()
		}
		if e.start {
			if err := j.warn(keyPos, 1, ErrSyntax, "moves[0] holds a move: read as ply 1 (moves[0] is meant for the start position's comments)"); err != nil {
				return err
			}
			e.start = false
		}
		if j.places != nil {
			e.place = keyPos
		}
		sc.replay()
		m, err := j.readMove(e, pos)
		if err != nil {
			return err
		}
		if l.foul != nil {
			// Only the capture of the king the illegal move left in
			// check may come before the foul ending.
			if !pos.TakesKing(m) {
				return j.dropEntry(e, l)
			}
			e.foul, e.takesKing = nil, true
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
			if !l.watch.Documents(end) {
				return j.dropEntry(e, l)
			}
			l.foul, l.capture = nil, nil
		}
		if j.places != nil {
			e.place = keyPos
		}
		e.ending, e.hasSpecial = end, true
		return j.addNode(e)
	case "time":
		if j.places != nil {
			e.timePlace = keyPos
		}
		sc.replay()
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
		rec.SetComments(rec.Root, e.comments)
		if e.time.HasTime || e.time.HasTotal {
			if err := j.warn(j.sc.at(e.at), 0, ErrBadTime, "moves[0]: the start position has no time; ignored"); err != nil {
				return err
			}
		}
	case !e.hasMove && !e.hasSpecial && e.hasForks && len(e.comments) == 0:
		// Only alternatives: the line itself ends before this ply (how a
		// writer keeps the forks of an ending it cannot name). kifconv's
		// extension names that ending (an inserted node); without it the
		// tree, which has no empty node, continues the line with the
		// first fork, and says so.
		if !j.extInserts() {
			if err := j.warn(j.sc.at(e.at), e.ply, ErrBadVariation, j.path("")+": entry with only forks; the line ends here in the source, and its first fork continues it"); err != nil {
				return err
			}
		}
	case !e.hasMove && !e.hasSpecial && line.foul != nil:
		if err := j.dropEntry(e, line); err != nil {
			return err
		}
	case !e.hasMove && !e.hasSpecial:
		if err := j.warn(j.sc.at(e.at), e.ply, ErrSyntax, j.path("")+": entry without move or special; its comments go to the previous move"); err != nil {
			return err
		}
		j.rec.SetComments(line.parent, append(line.parent.Comments(), e.comments...))
	default:
		n := e.node
		j.rec.SetTime(n, e.time)
		j.rec.SetComments(n, e.comments)
		j.places.notePos(n, shogi.PartTime, e.timePlace, 0)
		switch {
		case e.foul != nil:
			// Played as recorded: the capture of the king it left in
			// check, then the foul ending, may follow.
			line.foul, line.illegal = e.foul, true
			line.watch = shogi.WatchFoul(&line.pos, e.move)
			line.parent = n
		case e.takesKing:
			line.watch.TakeKing(&line.pos, e.move)
			line.parent, line.capture = n, n
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
	err.Detail += undocumented
	return err
}

// dropEntry handles entry e of line l, which follows an illegal move
// without documenting it (not a foul ending): an error in strict mode;
// otherwise e and the rest of the line are skipped, and counted for the
// warning undocumentedFoul gives at the line's end.
func (j *JKF) dropEntry(e *jkfEntry, l *jkfLine) error {
	if j.Strict {
		return pendingFoul(l)
	}
	e.drop, l.dropping = true, true
	l.dropped++
	return nil
}

// undocumentedFoul reports, at the end of line l, the illegal move it kept
// without a foul ending after it: in lenient mode the move stays as the
// line's last, with a warning that has the error's code and position and
// says how many entries after it were dropped.
func (j *JKF) undocumentedFoul(l *jkfLine) error {
	if j.Strict {
		return pendingFoul(l)
	}
	err := l.foul
	l.foul = nil
	err.Warning = true
	err.Detail += undocumented + keptNote
	if l.capture != nil {
		// The capture of the king the move left in check stays.
		err.Detail += ", with the capture of the king after it"
		l.capture = nil
	}
	switch {
	case l.dropped == 1:
		err.Detail += "; 1 entry after it dropped"
	case l.dropped > 1:
		err.Detail += "; " + strconv.Itoa(l.dropped) + " entries after it dropped"
	}
	j.warnings.Append(j.quoted(err))
	return nil
}

// addNode adds the node of entry e as soon as its move or special is read,
// so that the forks that usually follow attach after it.
func (j *JKF) addNode(e *jkfEntry) error {
	if e.hasMove && e.hasSpecial {
		return &Error{Pos: j.sc.at(e.at), Ply: e.ply, Err: ErrSyntax, Detail: j.path("") + ": an entry holds either a move or a special, not both"}
	}
	// Forks written before the move (unusual, but JSON members have no
	// order) went in first; the entry's own node belongs before them.
	e.node = j.rec.InsertChild(e.parent, e.after, e.move, e.ending)
	j.places.notePos(e.node, shogi.PartMove, e.place, 0)
	return nil
}

// jkfExt is the kifconv extension, moves[0].kifconv, which render.JKF
// writes for what JKF has no member for (its doc comment and the README
// describe the members): header fields, the start's move number and
// bookmark, and notes on nodes, addressed as [i, k1, j1, …] (moves[i],
// then fork k and entry j at each level). It is read with moves[0] and
// applied once the whole tree is there, since it speaks of later entries.
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
	relative           shogi.Relative
	hasFrom, hasTo     bool
	hasPiece, hasColor bool
}

// readMove reads the move object of entry f and resolves it in pos.
func (j *JKF) readMove(f *jkfEntry, pos *shogi.Position) (shogi.Move, error) {
	sc := j.sc
	mv := jkfMove{color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
	if end, ok := j.fastMove(&mv); ok {
		m, err := j.resolve(f, pos, &mv)
		sc.done(end)
		return m, err
	}
	if t := sc.next(); t != '{' {
		return 0, sc.want(t, j.path(".move"), "an object")
	}
	mv = jkfMove{at: sc.tokSpot, color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
	for {
		ok, err := sc.nextKey()
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
			r, ok := shogi.ParseRelativeJKF(string(sc.str))
			if !ok {
				if err := j.warn(sc.tokPos(), f.ply, ErrSyntax, j.path(".move.relative")+": "+strconv.Quote(string(sc.str))+" is not of the form [LCR][UMD] or H; ignored"); err != nil {
					return 0, err
				}
				continue
			}
			mv.relative = r
		default:
			if err := j.skipUnknown(j.path(".move"), f.ply); err != nil {
				return 0, err
			}
		}
	}
	return j.resolve(f, pos, &mv)
}

// resolve checks a move object against the position before it and returns
// the move.
func (j *JKF) resolve(f *jkfEntry, pos *shogi.Position, mv *jkfMove) (shogi.Move, error) {
	ply := f.ply
	c := pos.Turn()
	// A move is named by its ply and its path, as moves[5].move.
	path := func() string { return "ply " + strconv.Itoa(ply) + " " + j.path(".move") }
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
		f.foul = &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: err, Detail: path() + " (" + m.String() + ")"}
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
	rel := mv.relative
	// The path is built only for a message.
	path := func() string {
		if j.inMoves {
			return "ply " + strconv.Itoa(ply) + " " + j.path(".move")
		}
		return ".move"
	}
	inHand := t >= shogi.Pawn && t <= shogi.Gold && pos.Hand(c).Count(t) > 0
	if rel == shogi.RelDrop {
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
	if rel == 0 && inHand && (n == 0 || j.normalized) {
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
	var kept [10]shogi.Square
	list := rel.Filter(kept[:0], cands[:n], mv.to, c)
	switch len(list) {
	case 1:
	case 0:
		if n == 0 && !inHand {
			if rel == 0 && t >= shogi.Pawn && t <= shogi.Gold && mv.promote != 1 {
				// What the JKF schema means by a move without "from": a
				// drop, here of a piece not in hand, which the caller
				// judges as every illegal move (shogi/foul.go).
				return shogi.NewDrop(t, mv.to), nil
			}
			return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrNoSuchMove, Detail: path() + ": no " + t.CSA() + " can move to " + squareName(mv.to) + " and none is in hand"}
		}
		return 0, &Error{Pos: j.sc.at(mv.at), Ply: ply, Err: shogi.ErrNoSuchMove, Detail: path() + ": no " + t.CSA() + " fits relative " + strconv.Quote(rel.JKF())}
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

// readSquare reads {"x": file, "y": rank} and returns where it starts.
func (j *JKF) readSquare(suffix string) (shogi.Square, spot, error) {
	sc := j.sc
	if t := sc.next(); t != '{' {
		return shogi.NoSquare, sc.tokSpot, sc.want(t, j.path(suffix), "an object {\"x\", \"y\"}")
	}
	at := sc.tokSpot
	x, y := -1, -1
	for {
		ok, err := sc.nextKey()
		if err != nil {
			return shogi.NoSquare, at, err
		}
		if !ok {
			break
		}
		switch string(sc.key) {
		case "x", "y":
			isX := sc.key[0] == 'x'
			v, _, err := j.readInt(suffix)
			if err != nil {
				return shogi.NoSquare, at, err
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
	if j.fastTime(f) {
		return nil
	}
	switch t := sc.next(); t {
	case tokNull:
		return nil
	case '{':
	default:
		return sc.want(t, j.path(".time"), "an object")
	}
	for {
		ok, err := sc.nextKey()
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
	for {
		more, err := sc.nextKey()
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
		switch t := sc.nextNumber(); t {
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

// extInserts reports whether the extension inserts a node at the entry
// being read (moves[i], then fork k and entry j at each level).
func (j *JKF) extInserts() bool {
	if j.ext == nil {
		return false
	}
	n := len(j.lines)
	for i := range j.ext.notes {
		nt := &j.ext.notes[i]
		if !nt.insert || len(nt.at) != 2*n-1 {
			continue
		}
		match := true
		for k := 0; k < n && match; k++ {
			match = nt.at[2*k] == j.lines[k].index && (k+1 == n || nt.at[2*k+1] == j.entries[k].forks.index)
		}
		if match {
			return true
		}
	}
	return false
}
