package parse

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// CSA reads the CSA standard record format: V2, V2.1, V2.2, V3.0 and files
// without a version line (../shared/specs/csa.md). Each Read returns one
// game; games are separated by a line holding only `/`. The input is read
// line by line, so a file of any number of games is converted in constant
// memory.
//
// What goes where:
//   - N+/N- and $KEY:value lines become header fields through
//     shogi.CSAHeaderKeys; unknown $KEY lines are kept (as KEY), in order,
//     wherever they appear (also after the moves).
//   - `'*` comments (and floodgate's `'**` engine lines, whose text keeps
//     one `*`) are comments of the current node: the start position before
//     the first move, otherwise the last move or ending read.
//   - Plain `'` comments are for humans and, as the standard says, programs
//     skip them: Kifu for Windows and others use them to echo each move in
//     Japanese, which would only duplicate the moves. They are dropped unless
//     KeepPlainComments is set. Three kinds are read as data instead:
//     before the start position, `'key：value` (full-width colon) is a
//     header field (Kifu for Windows writes KIF header fields that way, and
//     so does kifconv's CSA writer for keys CSA has no name for);
//     `'$KEY:value` anywhere is read as `$KEY:value` (floodgate writes
//     `'$END_TIME:`); and floodgate's result line after the ending,
//     `'summary:toryo:A win:B lose`, is the header field "summary" (it makes
//     no ending node: the % line is the ending). The `'CSA encoding=` and
//     `'encoding=` declarations are skipped: the text has already been
//     decoded.
//   - T gives the time spent on the preceding move or ending (V3.0 decimals
//     give sub-second durations). CSA states no running totals, so
//     MoveTime.HasTotal stays false.
//   - A %WORD is an ending node (shogi.EndingFromCSA); unknown words are kept
//     and reported as a warning.
//
// Every move is checked with Position.Legal. A move that breaks a rule is
// kept as a move of the record and played as recorded (shogi/foul.go).
// Followed by %ILLEGAL_MOVE, or by %+ILLEGAL_ACTION/%-ILLEGAL_ACTION naming
// its mover, at once or after the capture of the king it left in check, it
// is the documented foul that ended the game, and its mover loses. An
// illegal move that nothing documents is an error under Strict; otherwise
// a warning with the error's position and code, and the rest of the game's
// moves are dropped (the CSA specification notes that archives hold
// illegal last moves with no % line).
type CSA struct {
	Options
	// KeepPlainComments keeps plain `'` comments as comments of the current
	// node, like `'*` ones.
	KeepPlainComments bool

	lr       *lineReader
	warnings ErrorList
	skip     bool    // after an error, skip to the next `/` before reading on
	g        csaGame // the game being read; its buffers serve game after game
}

// NewCSA returns a CSA reader.
func NewCSA(r io.Reader, opt Options) *CSA {
	c := &CSA{Options: opt, lr: newLineReader(r, opt)}
	c.lr.keepText(opt)
	if opt.mem != nil {
		c.g.csaBuffers = opt.mem.csa
	}
	return c
}

// Warnings returns the problems tolerated in the last record.
func (r *CSA) Warnings() ErrorList { return r.warnings }

// Read returns the next game, or io.EOF after the last one.
func (r *CSA) Read() (*shogi.Record, error) {
	r.warnings = nil
	for r.skip {
		// After an error, the rest of that game is skipped.
		line, err := r.lr.readLine()
		if err != nil {
			return nil, err
		}
		if t := trimBlank(line); len(t) == 1 && t[0] == '/' {
			r.skip = false
		}
	}
	g := &r.g
	g.reset(r)
	r.lr.newRecordText()
	for {
		if g.playing {
			if text := r.lr.run(); len(text) > 0 {
				g.fastMoves(text)
			}
		}
		line, err := r.lr.readLine()
		if err != nil {
			if err != io.EOF {
				return nil, err
			}
			return g.finish(true)
		}
		if g.playing {
			// The lines of nearly every move, `+7776FU` and `T12`, are
			// taken here; anything else, and any problem with these, is
			// left to g.line.
			if len(line) == 7 && (line[0] == '+' || line[0] == '-') {
				if m, err := shogi.ParseCSAMove(&g.pos, line); err == nil && g.pos.PlayLegal(m) == nil {
					g.plies.add(csaPly{move: m, time: noTime})
					g.spot(shogi.PartMove, line, 0, 7)
					continue
				}
			} else if len(line) > 1 && line[0] == 'T' && !g.plies.empty() {
				if d, ok := parseCSATime(line[1:]); ok {
					g.plies.setTime(d)
					g.spot(shogi.PartTime, line, 0, 0)
					continue
				}
			}
		}
		end, err := g.line(line)
		if err != nil {
			r.skip = true
			return nil, err
		}
		if end {
			if !g.content {
				g.reset(r)
				continue
			}
			return g.finish(false)
		}
	}
}

// fastMoves takes the lines of moves and times, `+7776FU` and `T12`, from
// the front of the line reader's buffered text, as Read's loop would one by
// one, but without a call per line; it stops at the first line that is
// anything else or has any problem, which Read's loop then reads.
//
// Kept for speed: BenchmarkReadGenerated/csa (make bench-read) is 1.25× in
// CPU time and 1.40× in instructions with it (with the line reader's run
// and took). That is under the project's 1.5× bar, but without it and the
// other three kept tricks the CSA and KIF readers were 34% and 22% slower,
// and issue 13 allows no reader to get more than 5% slower.
func (g *csaGame) fastMoves(text []byte) {
	i, lines, last, length := 0, 0, 0, 0
	places := g.r.lr.keep != nil
	for i < len(text) {
		rest := text[i:]
		n := 0 // the length of the line
		switch c := rest[0]; {
		case c == '+' || c == '-':
			if lineEnd(rest, 7) == 0 {
				break
			}
			m, err := shogi.ParseCSAMove(&g.pos, rest[:7])
			if err != nil || g.pos.PlayLegal(m) != nil {
				break
			}
			n = 7
			g.plies.add(csaPly{move: m, time: noTime})
			if places {
				g.fastSpot(shogi.PartMove, i, lines, n)
			}
		case c == 'T' && !g.plies.empty():
			k := 1
			for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
				k++
			}
			d, ok := parseCSATime(rest[1:k])
			if !ok || lineEnd(rest, k) == 0 {
				break
			}
			n = k
			g.plies.setTime(d)
			if places {
				g.fastSpot(shogi.PartTime, i, lines, 0)
			}
		}
		if n == 0 {
			break
		}
		last, length = i, n
		i += n + lineEnd(rest, n)
		lines++
	}
	if lines > 0 {
		g.r.lr.took(i, lines, last, length)
	}
}

// lineEnd returns the length of the line end (LF or CRLF) at b[n:], or 0
// when there is none there.
func lineEnd(b []byte, n int) int {
	switch {
	case n < len(b) && b[n] == '\n':
		return 1
	case n+1 < len(b) && b[n] == '\r' && b[n+1] == '\n':
		return 2
	}
	return 0
}

// csaGame is the state of the game being read. The moves, times, comments
// and header values are collected in flat buffers that hold no pointers and
// are reused from game to game; the record is built from them when the
// game ends, with its tree sized to the game and all its text in one
// string. Reading a move thus allocates nothing, and the collector has
// nothing to trace while the moves are read.
type csaGame struct {
	r        *CSA
	pos      shogi.Position // the start position being built, then the current one
	start    shogi.Position // the start position, once the turn line is read
	started  bool           // the turn line (or the first move) has been read
	playing  bool           // started, and neither ended nor waiting after an illegal move
	board    byte           // 'I' after PI, 'P' after a P1..P9 row
	placed   bool           // a P+ or P- line placed pieces
	end      shogi.Ending   // the ending, the last ply (with no move) when ended
	ended    bool
	rootComs int    // how many comments the start position has
	content  bool   // something of a record was read
	unknown  *Error // the first unknown line, reported if nothing else is found
	foul     *Error // an illegal move kept, waiting for the % line that documents it
	// watch is what may document foul (shogi/foul.go): the capture of the
	// king it left in check, then the % line.
	watch shogi.FoulWatch
	// dropping is an undocumented illegal move kept as the game's last
	// move (captured: with the capture of the king after it); the moves
	// after it (dropped of them so far) are dropped.
	dropping *Error
	dropped  int
	captured bool
	// annotated: a comment is the engine line of an analysis block, whose
	// floodgate form the record is normalized from (shogi.Annotation).
	annotated bool
	csaBuffers
}

// csaBuffers are what a game is collected in. They serve game after game,
// and through a Pool reader after reader: a batch of one-game files would
// otherwise grow them from nothing in every file.
type csaBuffers struct {
	al       []shogi.Color // P+00AL / P-00AL, applied when the position is complete
	plies    csaPlies      // the moves read, then the ending
	text     []byte        // header values, unknown header keys and comments
	fields   []csaField    // the header, in order
	comments []csaSpan     // every comment: the start position's, then each ply's
	spots    []plySpot     // where the plies' moves, endings and times were, with places
}

// spot notes, with places, that part p of the last ply read is at byte at
// of line b (the line last returned), size bytes long.
func (g *csaGame) spot(p shogi.Part, b []byte, at, size int) {
	if g.r.lr.keep == nil || g.plies.empty() {
		return
	}
	lr := g.r.lr
	g.spots = append(g.spots, plySpot{ply: int32(g.plies.len() - 1), part: p, start: lr.offset, line: int32(lr.line), at: int32(at), n: int32(size)})
}

// fastSpot is spot for fastMoves, whose line starts at byte i of the line
// reader's run, after lines lines of it; the part starts the line.
func (g *csaGame) fastSpot(p shogi.Part, i, lines, size int) {
	lr := g.r.lr
	g.spots = append(g.spots, plySpot{ply: int32(g.plies.len() - 1), part: p, start: lr.base + int64(lr.start+i), line: int32(lr.line + lines + 1), n: int32(size)})
}

// csaPly is a move (or, with no move, the ending) and what follows it.
type csaPly struct {
	time     time.Duration // noTime when the ply has none
	move     shogi.Move
	comments uint32 // the ply's comments are the next ones of csaGame.comments
}

// noTime is the time of a ply that states none (T is never negative).
const noTime = -1

// csaSpan is a piece of csaGame.text.
type csaSpan struct{ from, to int }

// csaField is a header field; key is "" when the key is text too.
type csaField struct {
	key       string
	keyText   csaSpan
	valueText csaSpan
}

// maxKeptText is the most comment and header text a reader keeps buffered
// between games; a game with more (a book-length comment) gets its own.
const maxKeptText = 1 << 20

// reset empties g for the next game, keeping its buffers.
func (g *csaGame) reset(r *CSA) {
	text := g.text[:0]
	if cap(text) > maxKeptText {
		text = nil
	}
	*g = csaGame{r: r, pos: shogi.NewPosition(), csaBuffers: csaBuffers{al: g.al[:0], plies: g.plies.emptied(), text: text,
		fields: g.fields[:0], comments: g.comments[:0], spots: g.spots[:0]}}
}

func (g *csaGame) warn(pos Pos, err error, detail string) error {
	e := &Error{Pos: pos, Err: err, Detail: detail, Warning: !g.r.Strict}
	if g.r.Strict {
		return e
	}
	g.r.warnings.Append(e)
	return nil
}

// finish completes the record at a `/` or at the end of the input.
func (g *csaGame) finish(eof bool) (*shogi.Record, error) {
	if err := g.pendingFoul(); err != nil {
		return nil, err
	}
	if e := g.dropping; e != nil {
		g.dropping = nil
		e.Warning = true
		e.Detail += droppedNote(g.dropped, g.captured)
		g.r.warnings.Append(e)
	}
	if !g.started {
		if !g.content {
			if g.unknown != nil {
				// Text with no CSA statement is not an empty game.
				g.r.warnings = nil
				return nil, &Error{Pos: g.unknown.Pos, Err: ErrUnknownFormat, Detail: "no CSA statement (V, N, $, P, +, -, %, T or ')"}
			}
			if eof {
				return nil, io.EOF
			}
		}
		if g.board == 0 && !g.placed {
			if err := g.evenStart(g.r.lr.pos(1)); err != nil {
				return nil, err
			}
		} else if err := g.warn(g.r.lr.pos(1), ErrTruncated, "no turn line (+ or -) after the start position; assuming + (Black) to move"); err != nil {
			return nil, err
		}
		if err := g.begin(g.r.lr.pos(1)); err != nil {
			return nil, err
		}
	}
	return g.record(), nil
}

// record builds the record of the game read: the text becomes one string
// that the header values and comments are cut from, and the tree is built
// in one go.
func (g *csaGame) record() *shogi.Record {
	if g.r.mem != nil {
		g.r.mem.csa = g.csaBuffers // grown, perhaps
	}
	rec := g.r.newRecord(g.start)
	text := string(g.text)
	if len(g.fields) > 0 {
		rec.Header = slices.Grow(rec.Header[:0], len(g.fields))[:len(g.fields)]
		for i, f := range g.fields {
			key := f.key
			if key == "" {
				key = text[f.keyText.from:f.keyText.to]
			}
			rec.Header[i] = shogi.HeaderField{Key: key, Value: text[f.valueText.from:f.valueText.to]}
		}
	}
	var comments []string
	if len(g.comments) > 0 {
		comments = make([]string, len(g.comments))
		for i, c := range g.comments {
			comments[i] = text[c.from:c.to]
		}
	}
	k := g.rootComs
	if k > 0 {
		rec.SetComments(rec.Root, comments[:k:k])
	}
	// The game's length is known: its nodes are allocated at once.
	rec.Reserve(g.plies.len(), g.plies.extras, g.plies.rares)
	pt := g.r.newPlaces(g.r.lr.keep)
	if pt != nil {
		pt.plies = append(pt.plies, g.spots...)
	}
	n := rec.Root
	for s := range g.plies.segments() {
		plies := g.plies.segment(s)
		for i := range plies {
			if p := &plies[i]; p.comments == 0 && p.move != 0 {
				n = rec.AddMove(n, p.move, plyTime(p))
			} else {
				n, k = g.addPly(rec, n, p, comments, k)
			}
		}
		g.plies.release(s)
	}
	if g.annotated {
		rec.NormalizeAnnotations()
	}
	if pt != nil {
		rec.Source = pt
	}
	return rec
}

// plyTime returns the time of ply p.
func plyTime(p *csaPly) shogi.MoveTime {
	if p.time == noTime {
		return shogi.MoveTime{}
	}
	return shogi.MoveTime{Elapsed: p.time, HasTime: true}
}

// addPly adds the node of ply p after n and returns it, with k, the index
// in comments of the next ply's comments.
func (g *csaGame) addPly(rec *shogi.Record, n *shogi.Node, p *csaPly, comments []string, k int) (*shogi.Node, int) {
	t := plyTime(p)
	if p.move.IsZero() {
		n = rec.AddChild(n, 0, g.end)
		rec.SetTime(n, t)
	} else {
		n = rec.AddMove(n, p.move, t)
	}
	if c := int(p.comments); c > 0 {
		rec.SetComments(n, comments[k:k+c:k+c])
		k += c
	}
	return n, k
}

// line reads one line of text.
func (g *csaGame) line(b []byte) (end bool, err error) {
	t := trimBlank(b)
	if len(t) == 0 {
		return false, nil
	}
	off := 0
	for b[off] == ' ' || b[off] == '\t' {
		off++
	}
	switch t[0] {
	case '\'':
		return false, g.comment(b, off, b[off+1:])
	case '$':
		return false, g.info(b, off, t)
	case 'N':
		if len(t) >= 2 && (t[1] == '+' || t[1] == '-') {
			return false, g.name(t)
		}
	case '/':
		if len(t) == 1 {
			return true, nil
		}
	}
	// Statements joined by commas: `+7776FU,T12`. t starts with no blank.
	for len(t) > 0 {
		if t[0] == '\'' {
			// Quirk: GPS Shogi logs put comments after commas
			// (`+7776FU  ,T0  ,'T0  ,'   1手目  ▲7六歩`); the comment runs to
			// the end of the line.
			return false, g.comment(b, off, t[1:])
		}
		n := bytes.IndexByte(t, ',')
		s := t
		if n >= 0 {
			s = t[:n]
		}
		if s = trimBlank(s); len(s) > 0 {
			if err := g.statement(b, off, s); err != nil {
				return false, err
			}
		}
		if n < 0 {
			break
		}
		off += n + 1
		t = t[n+1:]
		for len(t) > 0 && (t[0] == ' ' || t[0] == '\t') {
			off++
			t = t[1:]
		}
	}
	return false, nil
}

func (g *csaGame) statement(b []byte, off int, s []byte) error {
	switch s[0] {
	case '+', '-':
		if len(s) == 1 {
			return g.turn(b, off, s[0])
		}
		return g.move(b, off, s)
	case '%':
		return g.ending(b, off, s)
	case 'T':
		return g.time(b, off, s)
	case 'P':
		return g.pline(b, off, s)
	case 'V':
		return g.version(b, off, s)
	}
	return g.unknownLine(b, off, s)
}

func (g *csaGame) unknownLine(b []byte, off int, s []byte) error {
	e := &Error{Pos: g.r.lr.posAt(b, off), Err: ErrUnknownLine, Detail: fmt.Sprintf("%q is not a CSA statement", clip(s)), Warning: !g.r.Strict}
	if g.r.Strict {
		return e
	}
	if g.unknown == nil {
		g.unknown = e
	}
	g.r.warnings.Append(e)
	return nil
}

func (g *csaGame) version(b []byte, off int, s []byte) error {
	g.content = true
	if !isCSAVersion(s) {
		return g.warn(g.r.lr.posAt(b, off), ErrSyntax, fmt.Sprintf("%q is not a version line (V2, V2.1, V2.2, V3.0)", clip(s)))
	}
	if g.started {
		return g.warn(g.r.lr.posAt(b, off), ErrSyntax, "version line after the start position; ignored")
	}
	return nil
}

// isCSAVersion reports whether s is V<digits>[.<digits>].
func isCSAVersion(s []byte) bool {
	i := 1
	digits := func() bool {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > j
	}
	if !digits() {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	return i == len(s)
}

// addText appends s to the game's text and returns where it is.
func (g *csaGame) addText(s []byte) csaSpan {
	from := len(g.text)
	g.text = append(g.text, s...)
	return csaSpan{from, len(g.text)}
}

// addNote appends a value written with V3.0's $NOTE escapes (\n is a line
// break, \\ a backslash), undoing them.
func (g *csaGame) addNote(s []byte) csaSpan {
	from := len(g.text)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && (s[i+1] == 'n' || s[i+1] == '\\') {
			i++
			if c = s[i]; c == 'n' {
				c = '\n'
			}
		}
		g.text = append(g.text, c)
	}
	return csaSpan{from, len(g.text)}
}

// addHeader appends a header field whose key is key, or the text name when
// key is "". Quirk: WCSC relay files put $END_TIME after the moves, so
// header lines are taken wherever they come.
func (g *csaGame) addHeader(key string, name []byte, value csaSpan) {
	g.content = true
	f := csaField{key: key, valueText: value}
	if key == "" {
		f.keyText = g.addText(name)
	}
	g.fields = append(g.fields, f)
}

// csaHeaderKey returns the header key of a CSA game-information name ("N+",
// "$EVENT"), as shogi.CSAKeyToHeader does, without making a string of it:
// "" for a name the table does not know.
func csaHeaderKey(name []byte) string {
	for _, k := range shogi.CSAHeaderKeys {
		if string(name) == k.CSA {
			return k.KIF
		}
		for _, a := range k.Also {
			if string(name) == a {
				return k.KIF
			}
		}
	}
	return ""
}

func (g *csaGame) name(t []byte) error {
	g.addHeader(csaHeaderKey(t[:2]), nil, g.addText(trimBlank(t[2:])))
	return nil
}

func (g *csaGame) info(b []byte, off int, t []byte) error {
	colon := bytes.IndexByte(t, ':')
	if colon < 0 {
		g.content = true
		return g.warn(g.r.lr.posAt(b, off), ErrBadHeader, fmt.Sprintf("%q: want $KEY:value", clip(t)))
	}
	if colon == 1 || !isHeaderKey(t[1:colon]) {
		g.content = true
		return g.warn(g.r.lr.posAt(b, off+1), ErrBadHeader, fmt.Sprintf("%q: want a key without blanks between $ and :", clip(t)))
	}
	key := csaHeaderKey(t[:colon])
	value := trimBlank(t[colon+1:])
	if key == shogi.KeyNote {
		g.addHeader(key, nil, g.addNote(value))
		return nil
	}
	g.addHeader(key, t[1:colon], g.addText(value))
	return nil
}

// csaSummary is the start of the result line floodgate writes after the
// ending: `'summary:toryo:player1 win:player2 lose`.
const csaSummary = "summary:"

func (g *csaGame) comment(b []byte, off int, text []byte) error {
	switch {
	case len(text) > 0 && text[0] == '*':
		g.addComment(text[1:])
	case bytes.HasPrefix(text, []byte("CSA encoding=")), bytes.HasPrefix(text, []byte("encoding=")):
		// A declaration of the encoding the bytes had; the text is decoded.
	case len(text) > 1 && text[0] == '$' && bytes.IndexByte(text, ':') > 1:
		// Quirk: floodgate writes the end time as a comment, `'$END_TIME:…`.
		return g.info(b, off+1, trimBlank(text))
	case bytes.HasPrefix(text, []byte(csaSummary)):
		// Quirk: floodgate ends each game with a `'summary:` line, the
		// result as its server saw it. It is data, not a remark, so it is
		// kept where it survives every conversion: as the header field
		// "summary", like `'$END_TIME:`. It makes no ending: the % line
		// before it is the ending (tsshogi, the reference reader, reads
		// none from it either).
		g.addHeader("", text[:len(csaSummary)-1], g.addText(trimBlank(text[len(csaSummary):])))
	case !g.started && isKeyValueComment(text):
		// Quirk: Kifu for Windows writes the KIF header fields CSA has no
		// name for as `'key：value` comments before the position.
		k := bytes.Index(text, []byte("："))
		if key := text[:k]; string(key) != shogi.KeyHandicap { // the start position says it
			g.addHeader("", key, g.addNote(trimBlank(text[k+len("："):])))
		}
	case g.r.KeepPlainComments:
		g.addComment(text)
	}
	return nil
}

// isKeyValueComment reports whether a comment reads `key：value`.
func isKeyValueComment(text []byte) bool {
	k := bytes.Index(text, []byte("："))
	return k > 0 && isHeaderKey(text[:k])
}

// isHeaderKey reports whether a key can be written and read back in a CSA
// header line or comment: not empty, with no blanks and no colon.
func isHeaderKey(key []byte) bool {
	return len(key) > 0 && bytes.IndexAny(key, " \t　:：\r\n") < 0
}

// addComment adds a comment to the current node: the start position
// before the first move, else the last move or ending read.
func (g *csaGame) addComment(c []byte) {
	if g.dropping != nil && g.dropped > 0 {
		return // a comment on a dropped move
	}
	if g.plies.empty() {
		g.rootComs++
	} else {
		g.plies.addComment()
	}
	g.comments = append(g.comments, g.addText(c))
	if !g.annotated && shogi.HasEngineLine(c) {
		g.annotated = true
	}
}

func (g *csaGame) move(b []byte, off int, s []byte) error {
	if !g.started {
		if err := g.openMoves(b, off, csaColor(s[0])); err != nil {
			return err
		}
	}
	if g.foul != nil && !g.watch.KingOpen() {
		if err := g.pendingFoul(); err != nil {
			return err
		}
	}
	if g.dropping != nil {
		g.dropped++
		return nil
	}
	ply := g.plies.len() + 1
	if g.ended {
		return &Error{Pos: g.r.lr.posAt(b, off), Ply: ply, Err: ErrSyntax, Detail: fmt.Sprintf("%s after the end of the game", s)}
	}
	m, err := shogi.ParseCSAMove(&g.pos, s)
	if g.foul != nil {
		// The illegal move left its mover's king in check: only the
		// capture of that king may come before the % line.
		if err != nil || !g.watch.TakeKing(&g.pos, m) {
			if err := g.pendingFoul(); err != nil {
				return err
			}
			g.dropped++
			return nil
		}
		g.plies.add(csaPly{move: m, time: noTime})
		g.spot(shogi.PartMove, b, off, len(s))
		return nil
	}
	if err != nil {
		return g.moveErr(b, off, s, ply, err)
	}
	if err := g.pos.PlayLegal(m); err != nil {
		g.foul = &Error{Pos: g.r.lr.posAt(b, off), Ply: ply, Err: err, Detail: fmt.Sprintf("ply %d %s", ply, s)}
		g.playing = false
		g.plies.add(csaPly{move: m, time: noTime})
		g.spot(shogi.PartMove, b, off, len(s))
		g.watch = shogi.WatchFoul(&g.pos, m)
		return nil
	}
	g.plies.add(csaPly{move: m, time: noTime})
	g.spot(shogi.PartMove, b, off, len(s))
	return nil
}

// pendingFoul settles an illegal move that no % line documents: under
// Strict it is the move's error; otherwise the move stays the game's last,
// and the moves after it are dropped (finish reports them).
func (g *csaGame) pendingFoul() error {
	if g.foul == nil {
		return nil
	}
	e := g.foul
	g.foul = nil
	e.Detail += undocumented
	if g.r.Strict {
		return e
	}
	g.dropping, g.dropped = e, 0
	// The capture of the king the move left in check, if it came, stays.
	g.captured = e.Ply < g.plies.len()
	return nil
}

// moveErr positions a move that cannot be resolved at the character that is
// wrong.
func (g *csaGame) moveErr(b []byte, off int, s []byte, ply int, err error) error {
	sentinel, detail := err, ""
	if ne, ok := err.(*shogi.NotationError); ok {
		sentinel, detail = ne.Err, ne.Detail
	}
	at := 0
	switch {
	case len(s) < 7:
		at = len(s)
		sentinel, detail = ErrSyntax, "want <sign><from><to><piece>, as +7776FU"
	case len(s) > 7:
		at = 7
		sentinel, detail = ErrSyntax, "unexpected text after the move"
	default:
		for at = 1; at < 5 && s[at] >= '0' && s[at] <= '9'; at++ {
		}
		switch {
		case at < 5:
			sentinel, detail = ErrSyntax, "want a digit"
		case sentinel == shogi.ErrBadSquare && (s[1] == '0' || s[2] == '0') && !(s[1] == '0' && s[2] == '0'):
			at = 1
		case sentinel == shogi.ErrBadSquare:
			at = 3
		case sentinel == shogi.ErrNoPiece || sentinel == shogi.ErrNotOwnPiece:
			at = 1
		case sentinel == shogi.ErrWrongTurn:
			at = 0
		case sentinel == shogi.ErrUnreachable:
			at = 3
		default:
			at = 5
		}
	}
	d := fmt.Sprintf("ply %d %s", ply, s)
	if detail != "" {
		d += ": " + detail
	}
	return &Error{Pos: g.r.lr.posAt(b, off+at), Ply: ply, Err: sentinel, Detail: d}
}

func (g *csaGame) ending(b []byte, off int, s []byte) error {
	if !g.started {
		if err := g.openMoves(b, off, g.pos.Turn()); err != nil {
			return err
		}
	}
	ply := g.plies.len() + 1
	for i := 1; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c == '_' || (i == 1 && (c == '+' || c == '-'))) {
			return &Error{Pos: g.r.lr.posAt(b, off+i), Ply: ply, Err: ErrSyntax, Detail: fmt.Sprintf("%q: a special move is %% and upper-case letters", clip(s))}
		}
	}
	if len(s) == 1 {
		return &Error{Pos: g.r.lr.posAt(b, off), Ply: ply, Err: ErrSyntax, Detail: "% without a name"}
	}
	if g.ended {
		// Quirk: the logs of floodgate-style servers (json-kifu-format's
		// dr1test game) repeat %KACHI: the client's line, then the server's.
		return g.warn(g.r.lr.posAt(b, off), ErrSyntax, fmt.Sprintf("%s after the end of the game; ignored", s))
	}
	if g.dropping != nil {
		return nil // the ending of the moves dropped
	}
	turn := g.pos.Turn()
	e, known := shogi.EndingFromCSA(string(s[1:]), turn)
	if g.foul != nil {
		if !g.watch.Documents(e) {
			return g.pendingFoul()
		}
		g.foul = nil
	}
	g.end, g.ended, g.playing = e, true, false
	g.plies.add(csaPly{time: noTime})
	g.spot(shogi.PartMove, b, off, len(s))
	if !known {
		if err := g.warn(g.r.lr.posAt(b, off), ErrUnknownEnd, fmt.Sprintf("%s; kept as it is", s)); err != nil {
			return err
		}
	}
	return nil
}

func (g *csaGame) time(b []byte, off int, s []byte) error {
	d, ok := parseCSATime(s[1:])
	if !ok {
		if g.dropping != nil && g.dropped > 0 {
			return nil
		}
		return g.warn(g.r.lr.posAt(b, off), ErrBadTime, fmt.Sprintf("%q: want T and seconds, as T12 or T1.250", clip(s)))
	}
	return g.setTime(b, off, d)
}

// setTime gives the last move or ending read its time.
func (g *csaGame) setTime(b []byte, off int, d time.Duration) error {
	if g.dropping != nil && g.dropped > 0 {
		return nil // the time of a dropped move
	}
	if g.plies.empty() {
		return g.warn(g.r.lr.posAt(b, off), ErrBadTime, "a time before the first move; ignored")
	}
	g.plies.setTime(d)
	g.spot(shogi.PartTime, b, off, 0)
	return nil
}

// parseCSATime reads seconds: an integer, or (V3.0) a decimal with a
// fraction of any length down to nanoseconds (T1.250, and T1. as seen in
// tests of V3.0 readers).
func parseCSATime(s []byte) (time.Duration, bool) {
	switch len(s) {
	case 1:
		if c := s[0] - '0'; c <= 9 {
			return time.Duration(c) * time.Second, true
		}
	case 2:
		if c, d := s[0]-'0', s[1]-'0'; c <= 9 && d <= 9 {
			return time.Duration(c*10+d) * time.Second, true
		}
	}
	if len(s) > 0 && len(s) <= 9 {
		// Whole seconds, as nearly every time is, in one pass.
		sec := time.Duration(0)
		for _, c := range s {
			if c -= '0'; c > 9 {
				return parseCSADecimal(s)
			}
			sec = sec*10 + time.Duration(c)
		}
		return sec * time.Second, true
	}
	return parseCSADecimal(s)
}

// parseCSADecimal is parseCSATime for any number of digits, with a
// fraction.
func parseCSADecimal(s []byte) (time.Duration, bool) {
	var sec, frac int64
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if sec > 1<<33 {
			return 0, false
		}
		sec = sec*10 + int64(s[i]-'0')
	}
	if i == 0 {
		return 0, false
	}
	scale := int64(time.Second)
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if scale >= 10 {
				scale /= 10
				frac += int64(s[i]-'0') * scale
			}
		}
	}
	if i != len(s) {
		return 0, false
	}
	return time.Duration(sec)*time.Second + time.Duration(frac), true
}

// trimBlank trims ASCII spaces and tabs.
func trimBlank(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

// looksLikeCSA reports whether text starts like a CSA record: its first line
// that is not a comment is a CSA statement, and a start position, turn line
// or move follows within the first lines.
func looksLikeCSA(t []byte) bool {
	first := true
	for n := 0; n < 200 && len(t) > 0; n++ {
		line := t
		if i := bytes.IndexAny(t, "\r\n"); i >= 0 {
			line, t = t[:i], t[i+1:]
		} else {
			t = nil
		}
		line = trimBlank(line)
		if len(line) == 0 || line[0] == '\'' {
			continue
		}
		if line[0] == 'P' && len(line) >= 2 && (line[1] == 'I' || line[1] >= '1' && line[1] <= '9') ||
			len(line) == 1 && (line[0] == '+' || line[0] == '-') ||
			len(line) >= 7 && (line[0] == '+' || line[0] == '-') && line[1] >= '0' && line[1] <= '9' && line[4] >= '0' && line[4] <= '9' {
			return true
		}
		if first {
			ok := line[0] == 'V' && isCSAVersion(line) ||
				line[0] == 'N' && len(line) >= 2 && (line[1] == '+' || line[1] == '-') ||
				line[0] == '$' && len(line) >= 2 && line[1] >= 'A' && line[1] <= 'Z' ||
				line[0] == 'P' && len(line) >= 2 && (line[1] == '+' || line[1] == '-')
			if !ok {
				return false
			}
			first = false
		}
	}
	return false
}
