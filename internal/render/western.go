package render

import (
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Western writes each record as a numbered Western move list, in Hodges
// notation (P-7f, Sx7b+, P*5e) or, with Options.Notation "hosking" or the
// format name "hosking", in Hosking notation (P76, S'56):
//
//	Black: Habu Yoshiharu
//	White: Watanabe Akira
//	Event: 2008 Ryuo
//
//	1. P-7f P-8d
//	2. S-6h
//	   {The quiet line.}
//	   (2. P-2f P-8e
//	    3. B-7g)
//	2... P-3d
//	3. S-7g Resigns
//
// The header gives one `Key: value` line per field (Black, White, Event,
// Site, Date, Opening, TimeControl for the standard fields, other keys as
// they are), `Handicap: <name>` for a handicap preset and `SFEN: <sfen>` for
// any other start. Moves come in numbered pairs, one pair a line; a White
// move that starts a line is numbered `N...` (the first move of a handicap
// game is `1...`). Comments follow their move in braces on lines of their
// own, indented; a multi-line comment, or one with leading or trailing
// spaces, opens with `{` and closes with `}` on lines of their own, its lines
// between them verbatim after the indent of the braces. Variations follow the move they replace in parentheses,
// indented, nested as deep as the tree. An ending is written as a word
// after the last move (Resigns, Sennichite, Jishogi, …; see
// shogi.Ending.WesternWord), an unknown one as its own word between dashes.
// Times and bookmarks are not carried. parse.Western reads all of this back.
type Western struct{ listWriter }

// listWriter is what the Western and Kitao–Kawasaki writers share: a
// record is its colon header and its move text, in a list of records.
type listWriter struct {
	Options
	losses
	ew   errWriter
	buf  []byte
	list listState
	mt   movetext // kept between records for its buffers
}

// init makes w a writer of format to out in notation n.
func (w *listWriter) init(out io.Writer, opt Options, format string, n shogi.Notation) {
	*w = listWriter{Options: opt, losses: losses{format: format, allow: opt.AllowLoss}, ew: errWriter{w: out}}
	w.mt.move, w.mt.parse, w.mt.ew = n.AppendMove, n.ParseMove, &w.ew
}

// Reset makes w write to out as a new writer would (Writer). The
// movetext starts afresh at every record.
func (w *listWriter) Reset(out io.Writer) {
	*w = listWriter{Options: w.Options, losses: w.losses.reset(), ew: errWriter{w: out}, buf: w.buf[:0], list: listState{head: w.list.head[:0]}, mt: w.mt}
}

// NewWestern returns a Western writer in the notation Options.Notation
// names ("hodges", the default, or "hosking").
func NewWestern(w io.Writer, opt Options) *Western {
	var n shogi.Notation = shogi.WesternNotation{}
	name := "western"
	if strings.EqualFold(opt.Notation, "hosking") {
		n = shogi.HoskingNotation{}
		name = "hosking"
	}
	wr := &Western{}
	wr.init(w, opt, name, n)
	return wr
}

// NewHosking returns a Western writer in Hosking notation.
func NewHosking(w io.Writer, opt Options) *Western {
	opt.Notation = "hosking"
	return NewWestern(w, opt)
}

// Write writes one record (see listState for how records are separated).
func (w *Western) Write(rec *shogi.Record) error { return w.write(rec, true) }

// write writes one record, its moves numbered if numbers is set.
func (w *listWriter) write(rec *shogi.Record, numbers bool) error {
	if w.ew.err != nil {
		return w.ew.err
	}
	w.mt.reset(&w.losses, w.Mainline)
	w.mt.numbers = numbers
	b, err := w.list.appendRecord(w.buf[:0], rec, &w.losses, &w.mt)
	if err != nil {
		return err
	}
	w.buf = b
	w.ew.write(b)
	return w.ew.err
}

// listState separates the records of a Western or Kitao–Kawasaki list.
// Records are separated by a blank line; a record that has neither header
// lines nor moves is written as "*" (PGN's "no result"), and a "*" also
// ends a record when the next one has no header lines, which would
// otherwise run on into it.
type listState struct {
	records    int
	terminated bool   // the last record ended with "*"
	head       []byte // the header lines, a buffer kept for the next record
}

func (s *listState) appendRecord(b []byte, rec *shogi.Record, l *losses, mt *movetext) ([]byte, error) {
	head, err := appendColonHeader(s.head[:0], rec, l)
	if err != nil {
		return b, err
	}
	s.head = head
	if s.records > 0 {
		if len(head) == 0 && !s.terminated {
			b = append(b, "*\n"...)
		}
		b = append(b, '\n')
	}
	b = append(b, head...)
	n := len(b)
	mt.b = b
	if b, err = mt.write(rec); err != nil {
		return b, err
	}
	s.terminated = len(b) == n && mt.spilled == 0
	if s.terminated {
		b = append(b, "*\n"...)
	}
	s.records++
	return b, nil
}

// Flush returns the first write error.
func (w *listWriter) Flush() error { return w.ew.err }

// westernKeys maps the standard header keys to the English names Western
// move lists use; PSN uses Sente and Gote for the players.
var westernKeys = []struct{ key, name string }{
	{shogi.KeyBlack, "Black"},
	{shogi.KeyWhite, "White"},
	{shogi.KeyEvent, "Event"},
	{shogi.KeySite, "Site"},
	{shogi.KeyStartTime, "Date"},
	{shogi.KeyOpening, "Opening"},
	{shogi.KeyTimeLimit, "TimeControl"},
}

// headerName returns the name a header key is written under: the English
// name of a standard key, the player names for 下手 and 上手 when the record
// has no 先手 and 後手 (handicap records in KIF), the key itself otherwise.
func headerName(rec *shogi.Record, key string) string {
	switch key {
	case shogi.KeyShitate:
		if _, ok := rec.Header.Get(shogi.KeyBlack); !ok {
			key = shogi.KeyBlack
		}
	case shogi.KeyUwate:
		if _, ok := rec.Header.Get(shogi.KeyWhite); !ok {
			key = shogi.KeyWhite
		}
	}
	for _, k := range westernKeys {
		if k.key == key {
			return k.name
		}
	}
	return key
}

// colonHeaderKey reports whether a `Key: value` line with this key reads
// back as a header (parse.Western's rule): a letter first, no blanks around
// it, none of the colons and brackets of move text.
func colonHeaderKey(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsLetter(r) && name == strings.TrimSpace(name) && !strings.ContainsAny(name, ":：\n\r{}()[]*'\"")
}

// appendColonHeader writes the header as `Key: value` lines, then the start
// position, then a blank line when anything was written.
func appendColonHeader(b []byte, rec *shogi.Record, l *losses) ([]byte, error) {
	n := len(b)
	for _, f := range rec.Header {
		if f.Key == shogi.KeyHandicap {
			continue // the start position says it
		}
		name := headerName(rec, f.Key)
		if !colonHeaderKey(name) || strings.ContainsAny(f.Value, "\n\r") {
			if err := l.lose("header field " + strconv.Quote(f.Key)); err != nil {
				return b, err
			}
			continue
		}
		b = append(b, name...)
		b = append(b, ": "...)
		b = append(b, f.Value...)
		b = append(b, '\n')
	}
	switch {
	case rec.Preset == shogi.Even:
	case rec.Preset != shogi.Other && rec.Start.MoveNumber() == 1:
		b = append(b, "Handicap: "...)
		b = append(b, rec.Preset.English()...)
		b = append(b, '\n')
	default:
		b = append(b, "SFEN: "...)
		b = rec.Start.AppendSFEN(b)
		b = append(b, '\n')
	}
	if len(b) > n {
		b = append(b, '\n')
	}
	return b, nil
}

// movetext lays out the moves of a record as PSN, Western and
// Kitao–Kawasaki text share it: numbered pairs a line, comments and
// variations on indented lines of their own (see Western). It is a
// shogi.Visitor.
type movetext struct {
	b    []byte
	move func(dst []byte, pos *shogi.Position, m shogi.Move) []byte
	// parse reads move's text back, to tell whether an illegal move is
	// stated (see illegalUnstated); nil when move states any move.
	parse   func(pos *shogi.Position, s string) (shogi.Move, error)
	scratch []byte      // the text of a move being checked
	skip    *shogi.Node // an illegal move left out: its line is not written
	// ew takes the text as it grows (see spill); spilled counts the bytes
	// it took. In a dry run (settle) the text is dropped.
	ew       *errWriter
	spilled  int
	dry      bool
	dryBuf   []byte
	numbers  bool // write pair numbers
	times    bool // write (mm:ss / hh:mm:ss) after moves with times
	mainline bool // leave out variations on purpose
	l        *losses
	err      error

	off    int   // 1 when Black's moves fall on even SFEN move numbers
	indent int   // indent of the current line of play
	stack  []int // indents of the enclosing lines of play
	open   bool  // the output line ends with a Black move a White move may follow
	// afterMove: the output line ends with a move an ending may follow
	afterMove bool
	fresh     bool     // "(" was just written: the next move follows it directly
	lost      lossBits // the per-node losses reported for this record already
}

// lossBits are losses that can occur at every node of a record (here and
// in checkLineOnly). Each is reported once per record: otherwise every move
// with a time would cost a map look-up in losses.lose.
type lossBits uint8

const (
	lostTimes lossBits = 1 << iota
	lostBookmarks
	lostTotalsOnly
	lostSubSecond
	lostComments
	lostVariations
)

// reset readies t for the next record, keeping its move function and its
// buffers.
func (t *movetext) reset(l *losses, mainline bool) {
	*t = movetext{move: t.move, parse: t.parse, scratch: t.scratch, ew: t.ew, dryBuf: t.dryBuf, l: l, mainline: mainline, stack: t.stack[:0]}
}

// settle walks rec without writing it, so that what it loses is reported
// before any of it is written (losses not allowed): the text is spilled as
// it grows.
func (t *movetext) settle(rec *shogi.Record) error {
	saved := *t
	t.dry, t.b = true, t.dryBuf[:0]
	_, err := t.write(rec)
	buf := t.b
	*t = saved
	t.dryBuf = buf[:0]
	return err
}

// spill passes the text on to t.ew once it holds spillSize bytes, all but
// its last byte, which the layout looks back at.
func (t *movetext) spill() {
	if t.ew == nil || len(t.b) < spillSize {
		return
	}
	n := len(t.b) - 1
	if !t.dry {
		t.ew.write(t.b[:n])
	}
	t.spilled += n
	t.b[0] = t.b[n]
	t.b = t.b[:1]
}

// leftOut reports whether n is not written: it follows an illegal move
// left out, or it is one, which is then reported.
func (t *movetext) leftOut(pos *shogi.Position, n *shogi.Node) bool {
	if t.skip != nil && n.Parent() == t.skip {
		return true
	}
	if t.parse == nil || !endsLine(n) {
		return false
	}
	t.scratch = t.move(t.scratch[:0], pos, n.Move)
	if !illegalUnstated(pos, n, t.scratch, t.parse) {
		return false
	}
	t.skip = n
	t.lose(lostIllegal)
	return true
}

// write appends the root comments and the move text of rec.
func (t *movetext) write(rec *shogi.Record) ([]byte, error) {
	if !t.l.allow && !t.dry {
		if err := t.settle(rec); err != nil {
			return t.b, err
		}
	}
	if (rec.Start.MoveNumber()%2 == 1) != (rec.Start.Turn() == shogi.Black) {
		t.off = 1
	}
	var an annotator
	t.comments(an.comments(rec, rec.Root, shogi.WesternStyle, t.move), 0)
	if rec.Root.Bookmark() != "" {
		t.loseOnce(lostBookmarks, "bookmarks")
	}
	rec.Walk(t)
	if t.err != nil {
		return t.b, t.err
	}
	if len(t.b) > 0 && t.b[len(t.b)-1] != '\n' {
		t.b = append(t.b, '\n')
	}
	return t.b, nil
}

func (t *movetext) lose(feature string) {
	if t.err == nil {
		t.err = t.l.lose(feature)
	}
}

// loseOnce is lose for a loss that can occur at every node.
func (t *movetext) loseOnce(bit lossBits, feature string) {
	if t.lost&bit == 0 {
		t.lost |= bit
		t.lose(feature)
	}
}

// newline starts a new output line at indent (no blank lines).
func (t *movetext) newline(indent int) {
	if n := len(t.b); n > 0 && t.b[n-1] != '\n' {
		t.b = append(t.b, '\n')
	}
	t.b = appendIndent(t.b, indent)
}

// maxMovetextIndent bounds the indent of nested variations: deeper ones stay at
// this column, so that the text grows with the size of the tree rather than
// with the square of its depth.
const maxMovetextIndent = 60

func appendIndent(b []byte, n int) []byte {
	n = min(n, maxMovetextIndent)
	for i := 0; i < n; i++ {
		b = append(b, ' ')
	}
	return b
}

// Move writes one move or ending.
func (t *movetext) Move(pos *shogi.Position, n *shogi.Node) {
	if t.err != nil || t.leftOut(pos, n) {
		return
	}
	switch {
	case t.fresh:
		t.fresh = false
		if !n.IsEnd() {
			t.number(pos)
		}
	case n.IsEnd():
		if t.afterMove {
			t.b = append(t.b, ' ')
		} else {
			t.newline(t.indent)
		}
	case pos.Turn() == shogi.White && t.open:
		t.b = append(t.b, ' ')
	default:
		t.newline(t.indent)
		t.number(pos)
	}
	t.afterMove = true
	if n.IsEnd() {
		t.ending(n.End())
		t.open = false
	} else {
		t.b = t.move(t.b, pos, n.Move)
		t.open = pos.Turn() == shogi.Black
	}
	if n.Time().HasTime || n.Time().HasTotal {
		if t.times {
			t.time(n.Time())
		} else {
			t.loseOnce(lostTimes, "times")
		}
	}
	if n.Bookmark() != "" {
		t.loseOnce(lostBookmarks, "bookmarks")
	}
	if len(n.Comments()) > 0 {
		t.comments(t.annotated(pos, n), t.indent+3)
		t.open = false
		t.afterMove = false
	}
	t.spill()
}

// annotated returns n's comments with their analysis block in the
// Western style, its PV in the writer's notation (shogi.Annotation).
func (t *movetext) annotated(pos *shogi.Position, n *shogi.Node) []string {
	cs := n.Comments()
	if _, _, ok := shogi.FindAnnotation(cs); !ok || n.IsEnd() {
		return cs
	}
	after := *pos
	after.Play(n.Move)
	return shogi.ConvertAnnotation(cs, &after, shogi.WesternStyle, t.move)
}

// number writes "N. " before a Black move and "N... " before a White one.
func (t *movetext) number(pos *shogi.Position) {
	if !t.numbers {
		return
	}
	t.b = strconv.AppendInt(t.b, int64((pos.MoveNumber()+t.off+1)/2), 10)
	if pos.Turn() == shogi.Black {
		t.b = append(t.b, ". "...)
	} else {
		t.b = append(t.b, "... "...)
	}
}

func (t *movetext) ending(e shogi.Ending) {
	if w, ok := e.WesternWord(); ok {
		t.b = append(t.b, w...)
		return
	}
	w := e.Word
	if w == "" {
		w = "Unknown"
	}
	w = strings.Join(strings.Fields(w), " ")
	t.b = append(t.b, "--"...)
	// A word that starts or ends with '-' would run into the dashes
	// (--0---); readers trim the blanks that keep it apart.
	pad := strings.HasPrefix(w, "-") || strings.HasSuffix(w, "-")
	if pad {
		t.b = append(t.b, ' ')
	}
	t.b = append(t.b, w...)
	if pad {
		t.b = append(t.b, ' ')
	}
	t.b = append(t.b, "--"...)
}

// time writes " (mm:ss / hh:mm:ss)" as Shogidokoro does (h:mm:ss for a
// move of an hour or more), or " (mm:ss)" when only the move's time is
// known.
func (t *movetext) time(mt shogi.MoveTime) {
	if !mt.HasTime {
		t.loseOnce(lostTotalsOnly, "running totals without the time of the move")
		return
	}
	if mt.Elapsed%time.Second != 0 || mt.Total%time.Second != 0 {
		t.loseOnce(lostSubSecond, "sub-second times")
	}
	b := append(t.b, " ("...)
	s := int64(mt.Elapsed / time.Second)
	if s >= 3600 {
		b = strconv.AppendInt(b, s/3600, 10)
		b = append(b, ':')
	}
	b = append2(b, s/60%60)
	b = append(b, ':')
	b = append2(b, s%60)
	if mt.HasTotal {
		s = int64(mt.Total / time.Second)
		b = append(b, " / "...)
		if h := s / 3600; h < 100 {
			b = append2(b, h)
		} else {
			b = strconv.AppendInt(b, h, 10)
		}
		b = append(b, ':')
		b = append2(b, s/60%60)
		b = append(b, ':')
		b = append2(b, s%60)
	}
	t.b = append(b, ')')
}

// twoDigits holds "00" to "99" for append2.
const twoDigits = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// append2 appends n with at least two digits.
func append2(b []byte, n int64) []byte {
	if n >= 0 && n < 100 {
		return append(b, twoDigits[2*n], twoDigits[2*n+1])
	}
	return strconv.AppendInt(b, n, 10)
}

// comments writes a node's comment lines as one brace group on a line of
// its own at indent (see Western for the two forms).
func (t *movetext) comments(cs []string, indent int) {
	if len(cs) == 0 {
		return
	}
	for _, c := range cs {
		if strings.IndexByte(c, '}') >= 0 {
			t.lose("'}' in comments")
			break
		}
	}
	t.newline(indent)
	t.b = append(t.b, '{')
	if c := cs[0]; len(cs) == 1 && oneLineComment(c) {
		t.b = appendCommentText(t.b, c)
		t.b = append(t.b, "}\n"...)
		return
	}
	// Each comment line, and each line inside one, on a line of its own.
	for _, c := range cs {
		for {
			l, rest, more := strings.Cut(c, "\n")
			t.b = append(t.b, '\n')
			t.b = appendIndent(t.b, indent)
			t.b = appendCommentText(t.b, l)
			if !more {
				break
			}
			c = rest
		}
	}
	t.b = append(t.b, '\n')
	t.b = appendIndent(t.b, indent)
	t.b = append(t.b, "}\n"...)
}

// oneLineComment reports whether c can be written as {c}: it is not empty,
// has no line breaks, and no blanks at either end (which a reader trims).
func oneLineComment(c string) bool {
	if c == "" || strings.IndexByte(c, '\n') >= 0 || strings.IndexByte(c, '\r') >= 0 {
		return false
	}
	first, _ := utf8.DecodeRuneInString(c)
	last, _ := utf8.DecodeLastRuneInString(c)
	return !unicode.IsSpace(first) && !unicode.IsSpace(last)
}

// appendCommentText appends s with each '}', which would close the
// comment, written as the full-width ｝ (a loss lose has reported).
func appendCommentText(b []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '}')
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		b = append(b, "｝"...)
		s = s[i+1:]
	}
}

// BeginVariation opens "(" on an indented line of its own.
func (t *movetext) BeginVariation(pos *shogi.Position, n *shogi.Node) bool {
	if t.err != nil {
		return false
	}
	if t.mainline || t.leftOut(pos, n) {
		return false
	}
	t.newline(t.indent + 3)
	t.b = append(t.b, '(')
	t.stack = append(t.stack, t.indent)
	t.indent += 4
	t.fresh = true
	t.open = false
	t.afterMove = false
	return true
}

// EndVariation closes the variation with ")".
func (t *movetext) EndVariation() {
	if n := len(t.b); n > 0 && t.b[n-1] == '\n' {
		t.b = t.b[:n-1]
	}
	t.b = append(t.b, ')')
	t.indent = t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	t.open = false
	t.fresh = false
	t.afterMove = false
}
