package parse

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// PSN reads PSN (Portable Shogi Notation) files, one game per Read, in both
// of the flavours ../shared/specs/psn-western.md §4 describes:
//
//   - the PGN-like one (the 1997 draft, MacShogi, playshogi, GSDB and our
//     own writer): tag pairs, numbered move text, {comments}, nested
//     (variations), a result;
//   - Shogidokoro's (and MyShogi's PSN2): a numbered line per ply with full
//     origins and (mm:ss / hh:mm:ss) times, `Variation:N` branches.
//
// The start position comes from the SFEN (or FEN) tag, then the Handicap
// tag (gshogi's names and more, see shogi.HandicapFromEnglish), then the
// even start. A tag line after move text starts the next game. Moves may be
// written in any Western style (P-7f, P7g-7f, P76, B'45, +Bx2b, Gx, D-5e),
// in USI (PSN2: 7g7f, B*4e) or in Kitao–Kawasaki notation; move numbers,
// annotation glyphs (!, ?) and NAGs are decoration. End words (Resigns,
// Sennichite, Jishogi, Timeup, … see shogi.EndingFromWestern) end a line of
// play; playshogi's `--Black Won--` is read as the loser's resignation.
//
// Header tags are mapped onto the standard keys (Sente and Black to 先手, or
// to 下手 in handicap games; Gote and White to 後手 or 上手; Event 棋戦; Site
// 場所; Date 開始日時; Opening 戦型; TimeControl 持ち時間); others are kept as
// they are, Result included.
type PSN struct{ textReader }

// NewPSN returns a PSN reader.
func NewPSN(r io.Reader, opt Options) *PSN {
	return &PSN{textReader{lineSource: newLineSource(r, opt)}}
}

// textReader is the reader of PSN, Western move lists and Kitao–Kawasaki
// records, which share their layout: a header (PSN tags or `Key: value`
// lines), then move text.
type textReader struct {
	lineSource
	commentLine []byte // the line a comment left open starts on (game.keepCommentLine)
}

func (r *textReader) warn(pos Pos, err error, detail string) {
	r.warnings.AddWarning(r.lr.withText(pos), err, detail)
}

// quoted returns err, an error on the line last read, with the line's text
// in its position (see lineReader.bare).
func (r *textReader) quoted(err error) error {
	if e, ok := err.(*Error); ok {
		e.Pos = r.lr.withText(e.Pos)
	}
	return err
}

// headerField is a header line as read, with where it was.
type headerField struct {
	key, value string
	pos        Pos
}

// field returns the header field key: value read at at, a bare position
// (see lineReader.bare), to which the line's text is added only for the
// keys newGame may report a problem at.
func (r *textReader) field(key, value string, at Pos) headerField {
	if strings.EqualFold(key, "sfen") || strings.EqualFold(key, "fen") || strings.EqualFold(key, "handicap") {
		at = r.lr.withText(at)
	}
	return headerField{key, value, at}
}

// Read returns the next record, or io.EOF.
func (r *textReader) Read() (*shogi.Record, error) {
	r.warnings = nil
	r.lr.newRecordText()
	for {
		line, err := r.lr.readLine()
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(line)) > 0 {
			r.lr.back()
			break
		}
	}
	var fields []headerField
	for {
		line, err := r.lr.readLine()
		if err != nil {
			if err == io.EOF {
				break
			}
			return nil, err
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		if t[0] == '[' {
			fs, err := r.tags(line)
			if err != nil {
				return nil, r.quoted(err)
			}
			fields = append(fields, fs...)
			continue
		}
		if k, v, ok := colonHeader(t); ok {
			fields = append(fields, r.field(k, v, r.lr.bareAt(line, bytes.Index(line, t))))
			continue
		}
		r.lr.back()
		break
	}
	g, err := r.newGame(fields)
	if err != nil {
		return nil, err
	}
	for {
		line, err := r.lr.readLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if !g.inComment && len(g.stack) == 0 && (g.seen || g.done) {
			if t := bytes.TrimSpace(line); len(t) > 0 {
				if _, _, ok := colonHeader(t); ok || t[0] == '[' || g.done {
					r.lr.back()
					break
				}
			}
		}
		if err := g.line(line); err != nil {
			return nil, r.quoted(err)
		}
	}
	if g.inComment {
		at := g.commentPos
		at.Text = quoteText(r.commentLine)
		r.warn(at, ErrTruncated, "comment not closed with }")
		g.endComment()
	}
	if err := g.endLine(); err != nil {
		return nil, err
	}
	if len(g.stack) > 0 {
		r.warn(r.lr.pos(0), ErrBadVariation, fmt.Sprintf("%d variation(s) not closed with )", len(g.stack)))
	}
	if g.result != "" && g.result != "*" && !g.rec.MainLineEnd().IsEnd() {
		if _, ok := g.rec.Header.Get("Result"); !ok {
			g.rec.Header.Add("Result", g.result)
		}
	}
	if r.Strict && len(r.warnings) > 0 {
		e := *r.warnings[0]
		e.Warning = false
		return nil, &e
	}
	if g.annotated {
		g.rec.NormalizeAnnotations()
	}
	if g.places != nil {
		g.rec.Source = g.places
	}
	return g.rec, nil
}

// tags reads the PSN tag pairs of a line: [Key "value"], several allowed.
// Values use PGN's escapes \" and \\; a value without quotes runs to the ].
func (r *textReader) tags(line []byte) ([]headerField, error) {
	var out []headerField
	s := string(line)
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return out, nil
		}
		at := r.lr.bareAt(line, i)
		if s[i] != '[' {
			return nil, &Error{Pos: at, Err: ErrBadHeader, Detail: "want [Key \"value\"]"}
		}
		i++
		k := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '"' && s[i] != ']' {
			i++
		}
		key := s[k:i]
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		var val []byte
		if i < len(s) && s[i] == '"' {
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				val = append(val, s[i])
				i++
			}
			if i >= len(s) {
				return nil, &Error{Pos: at, Err: ErrBadHeader, Detail: "tag value not closed with \""}
			}
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		} else {
			// Quirk: hand-written PSN files leave out the quotes.
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				j = len(s) - i
			}
			val = []byte(strings.TrimSpace(s[i : i+j]))
			i += j
			r.warn(at, ErrBadHeader, "tag value without quotes")
		}
		if i >= len(s) || s[i] != ']' {
			return nil, &Error{Pos: at, Err: ErrBadHeader, Detail: "tag not closed with ]"}
		}
		i++
		if key == "" {
			return nil, &Error{Pos: at, Err: ErrBadHeader, Detail: "tag without a name"}
		}
		out = append(out, r.field(key, string(val), at))
	}
}

// colonHeader splits a `Key: value` header line (Western move lists,
// Kitao–Kawasaki records; a full-width colon as in KIF is accepted). The key
// starts with a letter and holds none of the characters of move text.
func colonHeader(t []byte) (key, value string, ok bool) {
	r, _ := utf8.DecodeRune(t)
	if !unicode.IsLetter(r) {
		return "", "", false
	}
	i := bytes.IndexByte(t, ':')
	n := 1
	if j := bytes.Index(t, []byte("：")); j >= 0 && (i < 0 || j < i) {
		i, n = j, len("：")
	} else if i >= 0 && i+1 < len(t) && t[i+1] != ' ' && t[i+1] != '\t' {
		return "", "", false // Variation:5
	}
	if i <= 0 || bytes.ContainsAny(t[:i], "{}()[]*'\"") {
		return "", "", false
	}
	return string(bytes.TrimSpace(t[:i])), string(bytes.TrimSpace(t[i+n:])), true
}

// headerKeys maps PSN tags and Western header names (compared in lower
// case) onto the standard keys; the players are handled apart.
var headerKeys = map[string]string{
	"event":       shogi.KeyEvent,
	"site":        shogi.KeySite,
	"date":        shogi.KeyStartTime,
	"opening":     shogi.KeyOpening,
	"joseki":      shogi.KeyOpening,
	"timecontrol": shogi.KeyTimeLimit,
}

// newGame builds the record and its start position from the header.
func (r *textReader) newGame(fields []headerField) (*game, error) {
	start := shogi.StartPosition()
	tagged := false
	var handicap *headerField
	for i := range fields {
		f := &fields[i]
		switch strings.ToLower(f.key) {
		case "sfen", "fen":
			p, err := shogi.ParseSFEN(f.value)
			if err != nil {
				return nil, &Error{Pos: f.pos, Err: shogi.ErrBadPosition, Detail: err.Error()}
			}
			if e := startProblem(&p, f.pos); e != nil {
				r.warn(e.Pos, e.Err, e.Detail) // an error under Strict when Read ends
			}
			start, tagged = p, true
		case "handicap":
			handicap = f
		}
	}
	if handicap != nil && !tagged {
		if h, ok := shogi.HandicapFromEnglish(handicap.value); ok {
			start, tagged = h.Position(), true
		} else {
			r.warn(handicap.pos, ErrBadHeader, fmt.Sprintf("unknown handicap %q; kept as a header field", handicap.value))
			handicap = nil
		}
	}
	rec := r.newRecord(start)
	hc := rec.Preset != shogi.Even && rec.Preset != shogi.Other
	for _, f := range fields {
		k := strings.ToLower(f.key)
		switch k {
		case "sfen", "fen":
			continue
		case "handicap":
			if handicap != nil {
				continue
			}
		case "sente", "black":
			rec.Header.Add(shogi.PlayerKey(shogi.Black, hc), f.value)
			continue
		case "gote", "white":
			rec.Header.Add(shogi.PlayerKey(shogi.White, hc), f.value)
			continue
		}
		if std, ok := headerKeys[k]; ok {
			rec.Header.Add(std, f.value)
		} else {
			rec.Header.Add(f.key, f.value)
		}
	}
	return &game{r: r, rec: rec, lv: level{cur: rec.Root, pos: start}, tagged: tagged, places: r.newPlaces(r.lr.keep)}, nil
}

// level is the state of one line of play while reading: the last node read
// on it and the positions after and before that node.
type level struct {
	cur       *shogi.Node
	pos       shogi.Position // after cur
	before    shogi.Position // before cur, when hasBefore
	hasBefore bool
	fresh     bool // a variation with no move yet: comments wait for its first move

	// The line's illegal move, kept as its last: foul while the foul
	// ending that documents it may come (watch: at once, or after the
	// capture of the king it left in check), dropping once none can, while
	// the rest of the line is dropped (dropped plies so far, skip levels of
	// variations).
	foul     *Error
	watch    shogi.FoulWatch
	dropping *Error
	dropped  int
	skip     int
	captured bool // the capture of the king came after dropping's move
}

// game reads the move text of one record.
type game struct {
	r       *textReader
	rec     *shogi.Record
	lv      level
	stack   []level
	pending []string // comments before the first move of a variation

	inComment     bool
	comment       []byte
	commentPos    Pos // bare (see lineReader.bare): its text is r.commentLine
	commentIndent int // the indent of a { that starts its line

	seen   bool   // some move text was read
	done   bool   // a result ended the game
	result string // the PGN result read
	tagged bool   // the header gave the start position
	// annotated: a comment line is the engine line of an analysis block,
	// whose Western form the record is normalized from (shogi.Annotation).
	annotated bool

	places *placeTable // where each node was read, with Options.Places
}

// keepCommentLine keeps raw, the line just read, as the text of the
// position of the comment left open on it, in memory reused from comment
// to comment.
func (g *game) keepCommentLine(raw []byte) {
	if p := g.commentPos; p.Line == g.r.lr.line && p.Offset == g.r.lr.offset {
		g.r.commentLine = append(g.r.commentLine[:0], raw...)
	}
}

// line reads one line of move text.
func (g *game) line(raw []byte) error {
	s := string(raw)
	lr := g.r.lr
	// Columns are counted on from the last token, not from the line
	// start: a line of 100,000 closing parentheses stays linear.
	col, counted := 1, 0
	for i := 0; i < len(s); {
		if g.inComment {
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				g.comment = append(g.comment, s[i:]...)
				g.comment = append(g.comment, '\n')
				g.keepCommentLine(raw)
				return nil
			}
			g.comment = append(g.comment, s[i:i+j]...)
			g.endComment()
			i += j + 1
			continue
		}
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == 0xe3 && strings.HasPrefix(s[i:], "\u3000"):
			i += len("\u3000")
			continue
		}
		col += utf8.RuneCountInString(s[counted:i])
		counted = i
		// The move text's positions are bare: the text of their line is
		// added to those kept (warn, errors, a comment left open).
		at := lr.bare(col)
		g.seen = true
		switch c {
		case '{':
			g.inComment = true
			g.comment = g.comment[:0]
			g.commentPos = at
			g.commentIndent = 0
			if len(strings.TrimLeft(s[:i], " \t")) == 0 {
				g.commentIndent = i
			}
			i++
		case '}':
			g.r.warn(at, ErrSyntax, "} without {")
			i++
		case '(':
			if j := timeGroupEnd(s, i); j > 0 {
				g.time(s[i+1:j-1], at)
				i = j
				continue
			}
			if err := g.open(at); err != nil {
				return err
			}
			i++
		case ')':
			if err := g.close(at); err != nil {
				return err
			}
			i++
		default:
			j := tokenEnd(s, i)
			if err := g.token(s[i:j], at); err != nil {
				return err
			}
			i = j
		}
	}
	if g.inComment {
		g.comment = append(g.comment, '\n')
		g.keepCommentLine(raw)
	}
	return nil
}

// timeGroupEnd returns the index after the ) of a time group such as
// (00:03 / 00:00:03) starting at s[i], or 0 when s[i:] is not one.
func timeGroupEnd(s string, i int) int {
	colon := false
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == ')':
			if colon {
				return j + 1
			}
			return 0
		case c == ':':
			colon = true
		case c >= '0' && c <= '9' || c == ' ' || c == '/' || c == '.' || c == '\t':
		default:
			return 0
		}
	}
	return 0
}

// tokenEnd returns the end of the token starting at s[i]: it runs to white
// space or a brace or parenthesis, except for a Kitao–Kawasaki origin such
// as (72) inside a move, and `--Black Won--`, which holds a space.
func tokenEnd(s string, i int) int {
	if strings.HasPrefix(s[i:], "--") {
		if j := strings.Index(s[i+2:], "--"); j >= 0 {
			return i + 2 + j + 2
		}
	}
	j := i
	for j < len(s) {
		switch c := s[j]; c {
		case ' ', '\t', '{', '}', ')':
			return j
		case '(':
			if j > i && j+3 < len(s) && isDigit(s[j+1]) && isDigit(s[j+2]) && s[j+3] == ')' {
				j += 4
				continue
			}
			return j
		case 0xe3:
			if strings.HasPrefix(s[j:], "\u3000") {
				return j
			}
		}
		j++
	}
	return j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// token reads one word of move text.
func (g *game) token(tok string, at Pos) error {
	if g.lv.skip > 0 {
		return nil // inside a variation of a dropped ply
	}
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		if err := g.pendingFoul(); err != nil {
			return err
		}
		if len(g.stack) == 0 {
			g.done = true
			g.result = tok
		}
		return nil
	}
	if isDigit(tok[0]) {
		k := 0
		for k < len(tok) && isDigit(tok[k]) {
			k++
		}
		if k < len(tok) && tok[k] == '.' {
			d := k
			for d < len(tok) && tok[d] == '.' {
				d++
			}
			if d-k >= 3 && !g.tagged && g.lv.cur == g.rec.Root && len(g.stack) == 0 && g.rec.Start.Turn() == shogi.Black {
				// Quirk: the 1997 PSN draft marks a White first move with
				// "1...", and some files give no Handicap or SFEN tag.
				g.r.warn(at, ErrBadHeader, "the first move is White's but no Handicap or SFEN tag says which start; White moves first from the even position")
				g.rec.Start.SetTurn(shogi.White)
				g.rec.Preset = shogi.HandicapOf(&g.rec.Start)
				g.lv.pos = g.rec.Start
				g.tagged = true
			}
			tok = tok[d:]
			at.Col += d
			if tok == "" {
				return nil
			}
		}
	}
	if len(tok) > 10 && strings.EqualFold(tok[:10], "variation:") {
		n, err := strconv.Atoi(tok[10:])
		if err != nil {
			return &Error{Pos: at, Err: ErrBadVariation, Detail: "want Variation:<ply>"}
		}
		return g.variation(n, at)
	}
	if strings.HasPrefix(tok, "--") && strings.HasSuffix(tok, "--") && len(tok) > 4 {
		word := strings.TrimSpace(tok[2 : len(tok)-2])
		side := g.lv.pos.Turn()
		var e shogi.Ending
		switch strings.ToLower(word) {
		case "black won", "sente won":
			// Quirk: playshogi ends a game with --Black Won--, which it
			// reads as the resignation of the side to move.
			e = shogi.Ending{Kind: shogi.Resign, Side: shogi.White}
		case "white won", "gote won":
			e = shogi.Ending{Kind: shogi.Resign, Side: shogi.Black}
		default:
			e = shogi.Ending{Kind: shogi.Unknown, Side: side, Word: word}
		}
		if e.Kind == shogi.Resign && e.Side != side {
			e = shogi.Ending{Kind: shogi.Unknown, Side: side, Word: word}
		}
		return g.ending(e, at)
	}
	if strings.Trim(tok, "!?") == "" {
		return nil
	}
	if tok[0] == '$' {
		return nil // a PGN numeric annotation glyph
	}
	if strings.IndexAny(tok, "123456789１２３４５６７８９") < 0 {
		if e, ok := shogi.EndingFromWestern(tok, g.lv.pos.Turn()); ok {
			return g.ending(e, at)
		}
		if tok[0] >= 0x80 {
			// Kitao–Kawasaki texts may end with the Japanese word (投了).
			if e, ok := shogi.EndingFromKIF(tok, g.lv.pos.Turn()); ok {
				return g.ending(e, at)
			}
		}
	}
	return g.move(tok, at)
}

// move resolves a move token and adds it to the current line of play.
func (g *game) move(tok string, at Pos) error {
	lv := &g.lv
	ply := lv.pos.MoveNumber() - g.rec.Start.MoveNumber() + 1
	if lv.cur.IsEnd() {
		return &Error{Pos: at, Ply: ply, Err: ErrSyntax, Detail: fmt.Sprintf("ply %d %s after the end of the game", ply, tok)}
	}
	if lv.foul != nil && !lv.watch.KingOpen() {
		if err := g.pendingFoul(); err != nil {
			return err
		}
	}
	if lv.dropping != nil {
		lv.dropped++
		return nil
	}
	var m shogi.Move
	var err error
	switch c := tok[0]; {
	case c >= 0x80:
		m, err = shogi.KitaoKawasakiNotation{}.ParseMove(&lv.pos, tok)
	case c >= '1' && c <= '9':
		m, err = shogi.ParseUSIMove(tok) // PSN2 (MyShogi) writes USI moves
	default:
		m, err = shogi.WesternNotation{}.ParseMove(&lv.pos, tok)
	}
	if err != nil {
		var ne *shogi.NotationError
		if e, ok := err.(*shogi.NotationError); ok {
			ne = e
		}
		if ne != nil {
			return &Error{Pos: at, Ply: ply, Err: ne.Err, Detail: fmt.Sprintf("ply %d %s: %s", ply, tok, ne.Detail)}
		}
		return &Error{Pos: at, Ply: ply, Err: ErrSyntax, Detail: fmt.Sprintf("ply %d %s: %v", ply, tok, err)}
	}
	before := lv.pos
	if lv.foul != nil {
		// Only the capture of the king the illegal move left in check may
		// come before the foul ending.
		if !lv.watch.TakeKing(&lv.pos, m) {
			if err := g.pendingFoul(); err != nil {
				return err
			}
			lv.dropped++
			return nil
		}
	} else if err := lv.pos.PlayLegal(m); err != nil {
		e := &Error{Pos: g.r.lr.withText(at), Ply: ply, Err: err, Detail: fmt.Sprintf("ply %d %s", ply, tok)}
		if !keepable(&lv.pos, m) {
			return e
		}
		// Kept as the line's last move (see pendingFoul).
		lv.foul, lv.watch = e, shogi.WatchFoul(&lv.pos, m)
	}
	n := g.rec.AddMove(lv.cur, m, shogi.MoveTime{})
	g.places.notePos(n, shogi.PartMove, at, len(tok))
	if len(g.pending) > 0 {
		g.rec.SetComments(n, g.pending)
		g.pending = nil
	}
	lv.before = before
	lv.hasBefore = true
	lv.cur = n
	lv.fresh = false
	return nil
}

// ending adds an ending to the current line of play.
func (g *game) ending(e shogi.Ending, at Pos) error {
	lv := &g.lv
	if lv.foul != nil {
		if lv.watch.Documents(e) {
			lv.foul = nil
		} else if err := g.pendingFoul(); err != nil {
			return err
		}
	}
	if lv.dropping != nil {
		return nil // the ending of the plies dropped
	}
	if lv.cur.IsEnd() {
		g.r.warn(at, ErrUnknownEnd, "a second ending; ignored")
		return nil
	}
	n := g.rec.AddChild(lv.cur, 0, e)
	g.places.notePos(n, shogi.PartMove, at, 0)
	if len(g.pending) > 0 {
		g.rec.SetComments(n, g.pending)
		g.pending = nil
	}
	lv.before = lv.pos
	lv.hasBefore = true
	lv.cur = n
	lv.fresh = false
	return nil
}

// pendingFoul settles the illegal move of the current line when no foul
// ending follows it: under Strict it is the move's error; otherwise the
// move stays the line's last and the rest of the line is dropped, to be
// reported by endLine.
func (g *game) pendingFoul() error {
	lv := &g.lv
	if lv.foul == nil {
		return nil
	}
	e := lv.foul
	lv.foul = nil
	e.Detail += undocumented
	if g.r.Strict {
		return e
	}
	lv.dropping, lv.dropped = e, 0
	// The capture of the king the move left in check, if it came, stays.
	lv.captured = lv.cur.Ply() > e.Ply
	return nil
}

// endLine settles the current line's illegal move at the end of the line
// and reports the plies dropped after it.
func (g *game) endLine() error {
	if err := g.pendingFoul(); err != nil {
		return err
	}
	lv := &g.lv
	if e := lv.dropping; e != nil {
		lv.dropping = nil
		e.Warning = true
		if e.Err == ErrBadVariation {
			e.Detail += " (" + plies(lv.dropped) + ")"
		} else {
			e.Detail += droppedNote(lv.dropped, lv.captured)
		}
		g.r.warnings.Append(e)
	}
	return nil
}

// cut reports whether what is read now is dropped: it follows a dropped
// ply of the current line, or is inside a variation of one.
func (g *game) cut() bool {
	d := g.lv.dropping
	return g.lv.skip > 0 || d != nil && (g.lv.dropped > 0 || d.Err == ErrBadVariation)
}

// open starts a variation that replaces the last move read.
func (g *game) open(at Pos) error {
	if g.cut() {
		g.lv.skip++ // a variation of a dropped ply
		return nil
	}
	// A variation right after the line's illegal move replaces that move;
	// the move's foul ending may still follow it once the variation ends.
	if !g.lv.hasBefore {
		return &Error{Pos: at, Err: ErrBadVariation, Detail: "a variation must follow the move it replaces"}
	}
	g.stack = append(g.stack, g.lv)
	g.lv = level{cur: g.lv.cur.Parent(), pos: g.lv.before, fresh: true}
	return nil
}

// close ends a variation.
func (g *game) close(at Pos) error {
	if g.lv.skip > 0 {
		g.lv.skip--
		return nil
	}
	if len(g.stack) == 0 {
		g.r.warn(at, ErrBadVariation, ") without (")
		return nil
	}
	if err := g.endLine(); err != nil {
		return err
	}
	if len(g.pending) > 0 {
		g.r.warn(at, ErrBadVariation, "comment in an empty variation; dropped")
		g.pending = nil
	}
	g.lv = g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	return nil
}

// variation handles Shogidokoro's `Variation:N`: the moves that follow
// replace ply N of the line read last, as KIF's 変化：N手 does.
func (g *game) variation(n int, at Pos) error {
	illegal := 0 // the ply of the illegal move kept in the line read last
	if g.lv.foul != nil {
		illegal = g.lv.foul.Ply
	} else if g.lv.dropping != nil && g.lv.dropping.Err != ErrBadVariation {
		illegal = g.lv.dropping.Ply
	}
	if err := g.endLine(); err != nil {
		return err
	}
	if len(g.stack) > 0 {
		return &Error{Pos: at, Err: ErrBadVariation, Detail: "Variation:N inside parentheses"}
	}
	if illegal > 0 && n > illegal {
		e := &Error{Pos: g.r.lr.withText(at), Err: ErrBadVariation, Detail: fmt.Sprintf("Variation:%d branches after the illegal move at ply %d, which only its foul ending may follow", n, illegal)}
		if g.r.Strict {
			return e
		}
		e.Detail += "; the block is dropped"
		g.lv = level{cur: g.lv.cur, pos: g.lv.pos, dropping: e, dropped: 0}
		return nil
	}
	x := g.lv.cur
	ply := x.Ply()
	if n < 1 || n > ply+1 {
		return &Error{Pos: at, Err: ErrBadVariation, Detail: fmt.Sprintf("Variation:%d, but the line read last has %d plies", n, ply)}
	}
	for ; ply > n-1; ply-- {
		x = x.Parent()
	}
	pos, err := g.rec.PositionAt(x)
	if err != nil {
		return &Error{Pos: at, Err: ErrBadVariation, Detail: err.Error()}
	}
	g.lv = level{cur: x, pos: pos}
	return nil
}

// time reads a Shogidokoro time group, mm:ss / hh:mm:ss (the first may be
// h:mm:ss too, as MyShogi pads it), or mm:ss alone.
func (g *game) time(s string, at Pos) {
	if g.cut() {
		return
	}
	if g.lv.cur == g.rec.Root || g.lv.fresh {
		g.r.warn(at, ErrBadTime, "a time before any move")
		return
	}
	el, tot, hasTot := s, "", false
	if i := strings.IndexByte(s, '/'); i >= 0 {
		el, tot, hasTot = s[:i], s[i+1:], true
	}
	e, ok1 := psnClock(strings.TrimSpace(el))
	t, ok2 := psnClock(strings.TrimSpace(tot))
	if !ok1 || hasTot && !ok2 {
		g.r.warn(at, ErrBadTime, fmt.Sprintf("want (mm:ss / hh:mm:ss), found (%s)", s))
		return
	}
	mt := g.lv.cur.Time()
	mt.Elapsed, mt.HasTime = e, true
	if hasTot {
		mt.Total, mt.HasTotal = t, true
	}
	g.rec.SetTime(g.lv.cur, mt)
	g.places.notePos(g.lv.cur, shogi.PartTime, at, 0)
}

// psnClock reads m:ss or h:mm:ss (seconds may have a fraction).
func psnClock(s string) (time.Duration, bool) {
	var d time.Duration
	fields := 0
	for {
		i := strings.IndexByte(s, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 || fields > 0 && n >= 60 || fields == 2 {
			return 0, false
		}
		d = d*60 + time.Duration(n)*time.Second
		fields++
		s = s[i+1:]
	}
	f, err := strconv.ParseFloat(s, 64)
	if fields == 0 || err != nil || f < 0 || f >= 60 || len(s) < 2 {
		return 0, false
	}
	return d*60 + time.Duration(f*float64(time.Second)+0.5), true
}

// endComment files the comment just read. A comment whose text starts on
// the line after { keeps its lines verbatim but for the indent of a { that
// starts its line (the block form our writers use for multi-line
// comments); an inline one is trimmed.
func (g *game) endComment() {
	g.inComment = false
	text := string(g.comment)
	block := false
	if t := strings.TrimLeft(text, " \t\r"); strings.HasPrefix(t, "\n") {
		block = true
		text = t[1:]
		if i := strings.LastIndexByte(text, '\n'); i >= 0 && strings.TrimSpace(text[i:]) == "" {
			text = text[:i]
		}
		text = strings.TrimSuffix(text, "\r")
	} else {
		text = strings.TrimSpace(text)
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		if block && len(l) >= g.commentIndent && strings.TrimLeft(l[:g.commentIndent], " \t") == "" {
			l = l[g.commentIndent:]
		}
		lines[i] = l
		g.annotated = g.annotated || shogi.HasEngineLine(l)
	}
	switch {
	case g.cut():
		// A comment on a dropped ply.
	case g.lv.fresh:
		g.pending = append(g.pending, lines...)
	case g.lv.cur == g.rec.Root:
		g.rec.SetComments(g.rec.Root, append(g.rec.Root.Comments(), lines...))
	default:
		g.rec.SetComments(g.lv.cur, append(g.lv.cur.Comments(), lines...))
	}
}

// looksLikePSN reports whether text starts with a PSN tag pair such as
// [Sente "…"] or [Event "…"], or with a game termination marker alone on
// its line (*, 1-0, 0-1, 1/2-1/2): a game of no tags and no moves, as the
// PSN writer writes a position without moves (detection for parse.Detect).
func looksLikePSN(t []byte) bool {
	l := bytes.TrimRight(firstLine(t), " \t")
	switch string(l) {
	case "*", "1-0", "0-1", "1/2-1/2":
		return true
	}
	if len(l) < 5 || l[0] != '[' {
		return false
	}
	// The tag name is letters, digits and _, in any script ([表題 "…"]).
	i := 1
	for i < len(l) && l[i] != ' ' && l[i] != '"' && l[i] != ']' && l[i] != '[' {
		i++
	}
	return i > 1 && i+1 < len(l) && l[i] == ' ' && l[i+1] == '"'
}
