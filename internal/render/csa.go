package render

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// CSA writes the CSA standard record format: V2.2 by default, V3.0 when
// Options.CSAVersion is "3.0" (then the file starts with `'CSA encoding=…`
// naming Options.Encoding, UTF-8 when it is "", and times may have
// decimals). Several records are separated by `/` lines;
// the version (and encoding) lines come once, at the top.
//
// Each record is written as: N+/N-, the header fields CSA names (through
// shogi.CSAHeaderKeys), header fields it has no name for as `'key：value`
// comments (which parse.CSA reads back as header fields), the start position
// (PI with the removed pieces for the even start and the handicaps, else
// P1..P9 and P+/P- hands), the turn line, then each move with its T time and
// its comments as `'*` lines (the start position's after the turn line), and
// the ending as %WORD.
//
// CSA has no variations. The main line is written and the variations are a
// loss, unless Options.Mainline says they are dropped on purpose; with
// Options.Variations "separate", every line of play (each leaf of the tree)
// is written as a game of its own, main line first. Endings CSA has no word
// for (不戦勝, 封じ手, トライ, …), bookmarks, and sub-second times in V2.2 are
// losses too.
//
// The output is UTF-8 with LF line ends; the CLI transcodes it. CSA V2.2
// files are often Shift_JIS with CRLF, but the format leaves both to the
// system, and V3.0 declares UTF-8, so kifconv's convention is UTF-8 and LF.
type CSA struct {
	Options
	losses
	ew    errWriter
	buf   []byte
	games int           // games written so far
	line  []*shogi.Node // the line of play being written; nil: the main line
	// lineBuf keeps line's array between games.
	lineBuf []*shogi.Node
}

// csaCursor steps through the nodes of the game being written: line, or
// with line nil the main line after from.
type csaCursor struct {
	line []*shogi.Node
	i    int
	n    *shogi.Node
}

// cursor returns a csaCursor on the game being written.
func (w *CSA) cursor(rec *shogi.Record) csaCursor {
	return csaCursor{line: w.line, n: rec.Root}
}

// next returns the next node, or nil after the last.
func (c *csaCursor) next() *shogi.Node {
	if c.line != nil {
		if c.i == len(c.line) {
			return nil
		}
		c.i++
		return c.line[c.i-1]
	}
	if c.n != nil {
		c.n = c.n.Next()
	}
	return c.n
}

// NewCSA returns a CSA writer.
func NewCSA(w io.Writer, opt Options) *CSA {
	return &CSA{Options: opt, losses: losses{format: "csa", allow: opt.AllowLoss}, ew: errWriter{w: w}}
}

// Reset makes w write to out as a new writer would (Writer).
func (w *CSA) Reset(out io.Writer) {
	*w = CSA{Options: w.Options, losses: w.losses.reset(), ew: errWriter{w: out}, buf: w.buf[:0], lineBuf: w.lineBuf[:0]}
}

// Flush writes what is buffered and returns the first error.
func (w *CSA) Flush() error {
	if len(w.buf) > 0 {
		w.ew.write(w.buf)
		w.buf = w.buf[:0]
	}
	return w.ew.err
}

func (w *CSA) v3() bool { return w.CSAVersion == "3.0" }

// Write writes one record (or, with Variations "separate", one game per
// line of play).
func (w *CSA) Write(rec *shogi.Record) error {
	if w.ew.err != nil {
		return w.ew.err
	}
	switch w.CSAVersion {
	case "", "2.2", "3.0":
	default:
		return fmt.Errorf("csa: unknown version %q (want 2.2 or 3.0)", w.CSAVersion)
	}
	switch w.Variations {
	case "", "mainline":
	case "separate":
		return w.writeSeparate(rec)
	default:
		return fmt.Errorf("csa: unknown variations mode %q (want separate)", w.Variations)
	}
	for p, n := rec.Root, rec.Root.Next(); n != nil && !w.Mainline; p, n = n, n.Next() {
		if p.HasVariations() {
			if err := w.lose("variations"); err != nil {
				return err
			}
			break
		}
	}
	w.line = nil // the main line, followed from rec.Root: nothing kept per move
	return w.writeGame(rec)
}

// MaxSeparateMoves bounds what Options.Variations "separate" writes for one
// record: every line of play repeats the moves before its fork, so the
// output of a deep tree grows with the square of its depth (100,000 nested
// variations would be 5,000,000,000 moves). A record that would take more
// moves is refused before anything of it is written.
const MaxSeparateMoves = 10_000_000

// ErrTooLarge is wrapped by the error for a record that MaxSeparateMoves
// refuses.
var ErrTooLarge = errors.New("output too large")

// writeSeparate writes every line of play, the leaves in the order Walk
// visits them (the main line first).
func (w *CSA) writeSeparate(rec *shogi.Record) error {
	if moves, nodes := separateMoves(rec); moves > MaxSeparateMoves {
		return fmt.Errorf("csa: each line of play as its own game would be %d moves for the %d of the record (the limit is %d): %w",
			moves, nodes, MaxSeparateMoves, ErrTooLarge)
	}
	for n := range rec.Nodes() {
		if n.Next() != nil {
			continue
		}
		w.line = w.lineBuf[:0]
		for x := n; x.Parent() != nil; x = x.Parent() {
			w.line = append(w.line, x)
		}
		slices.Reverse(w.line)
		w.lineBuf = w.line
		if err := w.writeGame(rec); err != nil {
			return err
		}
	}
	return nil
}

// separateMoves returns how many nodes writeSeparate writes for rec (the
// depth of every leaf), and how many the record has.
func separateMoves(rec *shogi.Record) (moves, nodes int) {
	for n := range rec.Nodes() {
		nodes++
		if n.Next() == nil {
			moves += n.Ply()
		}
	}
	return moves, nodes - 1
}

// writeGame writes rec's header and start followed by the game's nodes
// (see cursor).
// What the game loses is settled first, so that a loss error leaves no
// half-written game behind.
func (w *CSA) writeGame(rec *shogi.Record) error {
	if err := w.checkLine(rec); err != nil {
		return err
	}
	b := w.buf
	if w.games == 0 {
		if w.v3() {
			enc := w.Encoding
			if enc == "" {
				enc = "utf-8"
			}
			if name := encodingName(enc, true); name != "" {
				b = append(b, "'CSA encoding="...)
				b = append(b, name...)
				b = append(b, '\n')
			}
			b = append(b, "V3.0\n"...)
		} else {
			b = append(b, "V2.2\n"...)
		}
	} else {
		b = append(b, "/\n"...)
	}
	b, err := w.header(b, rec.Header)
	if err != nil {
		return err
	}
	w.games++
	b = appendCSAStart(b, &rec.Start)
	var an annotator
	b = appendCSAComments(b, an.comments(rec, rec.Root, shogi.FloodgateStyle, nil))
	var board csaBoard
	board.set(&rec.Start)
	turn := rec.Start.Turn()
	v3 := w.v3()
	for c := w.cursor(rec); ; {
		n := c.next()
		if n == nil {
			break
		}
		if cap(b)-len(b) < csaMaxMoveLine {
			b = slices.Grow(b, 2*cap(b)+csaMaxMoveLine)
		}
		if n.IsEnd() {
			word, ok := csaEndWord(n.End(), turn)
			if !ok {
				continue
			}
			b = append(b, '%')
			b = append(b, word...)
			b = append(b, '\n')
		} else {
			b = board.appendMove(b, turn, n.Move)
			turn = turn.Opponent()
		}
		if n.Time().HasTime {
			b = appendCSATime(b, n.Time().Elapsed, v3)
		}
		if len(n.Comments()) > 0 {
			b = appendCSAComments(b, an.comments(rec, n, shogi.FloodgateStyle, nil))
		}
		if len(b) >= 64<<10 {
			w.ew.write(b)
			b = b[:0]
		}
	}
	w.buf = b
	if len(b) >= 64<<10 {
		return w.Flush()
	}
	return w.ew.err
}

// checkLine reports what the game's nodes hold that CSA cannot carry.
func (w *CSA) checkLine(rec *shogi.Record) error {
	turn := rec.Start.Turn()
	for c := w.cursor(rec); ; {
		n := c.next()
		if n == nil {
			break
		}
		if n.Bookmark() != "" {
			if err := w.lose("bookmarks"); err != nil {
				return err
			}
		}
		if n.IsEnd() {
			if _, ok := csaEndWord(n.End(), turn); !ok {
				if err := w.lose("ending " + n.End().Kind.String()); err != nil {
					return err
				}
			}
		}
		turn = turn.Opponent()
		if !n.Time().HasTime {
			continue
		}
		if frac := n.Time().Elapsed % time.Second; frac == 0 {
			continue
		} else if !w.v3() {
			if err := w.lose("sub-second times"); err != nil {
				return err
			}
		} else if frac%time.Millisecond != 0 {
			if err := w.lose("sub-millisecond times"); err != nil {
				return err
			}
		}
	}
	return nil
}

// csaEndWord returns the % word of an ending (without the %): the standard
// word, or the word of an unknown ending read from CSA.
func csaEndWord(e shogi.Ending, toMove shogi.Color) (string, bool) {
	if word, ok := e.CSA(toMove); ok {
		return word, true
	}
	if e.Kind == shogi.Unknown && isCSAWord(e.Word) {
		return e.Word[1:], true
	}
	return "", false
}

// isCSAWord reports whether an unknown ending's word came from CSA: %
// followed by upper-case letters, underscores and a leading sign.
func isCSAWord(s string) bool {
	if len(s) < 2 || s[0] != '%' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c == '_' || i == 1 && (c == '+' || c == '-')) {
			return false
		}
	}
	return true
}

// csaBoard is the pieces on the board: all the writer needs to name the
// kind of each moving piece. Following the moves on it costs a fraction of
// Position.Play, which keeps what legality checks need.
type csaBoard [81]shogi.Piece

func (bd *csaBoard) set(p *shogi.Position) {
	for s := range bd {
		bd[s] = p.At(shogi.Square(s))
	}
}

// csaMaxMoveLine is room for the lines of a move: the move and its time.
const csaMaxMoveLine = 64

// appendMove writes the CSA line of m, played by c, and plays it (as
// shogi.AppendCSAMove, which needs a Position, writes it).
func (bd *csaBoard) appendMove(b []byte, c shogi.Color, m shogi.Move) []byte {
	to := m.To()
	i := len(b)
	b = b[:i+8]
	line := b[i : i+8 : i+8]
	line[0] = "+-"[c&1]
	var t shogi.PieceType
	if m.IsDrop() {
		t = m.DropType()
		line[1], line[2] = '0', '0'
	} else {
		from := m.From()
		t = bd[from].Type()
		if m.IsPromotion() {
			t = t.Promote()
		}
		bd[from] = shogi.NoPiece
		line[1], line[2] = csaSquareNames[from][0], csaSquareNames[from][1]
	}
	bd[to] = shogi.NewPiece(c, t)
	name := csaPieceNames[0]
	if int(t) < len(csaPieceNames) {
		name = csaPieceNames[t]
	}
	line[3], line[4], line[5], line[6], line[7] = csaSquareNames[to][0], csaSquareNames[to][1], name[0], name[1], '\n'
	return b
}

// csaSquareNames and csaPieceNames are the two characters of each square
// and kind in CSA.
var (
	csaSquareNames = func() (n [81][2]byte) {
		for s := range n {
			sq := shogi.Square(s)
			n[s] = [2]byte{byte('0' + sq.File()), byte('0' + sq.Rank())}
		}
		return n
	}()
	csaPieceNames = func() (n [shogi.NumPieceTypes][2]byte) {
		for t := range n {
			if name := shogi.PieceType(t).CSA(); len(name) == 2 {
				n[t] = [2]byte{name[0], name[1]}
			} else {
				n[t] = [2]byte{'?', '?'}
			}
		}
		return n
	}()
)

// appendCSATime writes T with whole seconds (V2.2, truncated) or with up
// to three decimals (V3.0, only when there is a fraction).
func appendCSATime(b []byte, d time.Duration, v3 bool) []byte {
	d = max(d, 0)
	s := d / time.Second
	if s < 100 && (!v3 || d%time.Second < time.Millisecond) {
		// Most moves take under 100 seconds.
		if s < 10 {
			return append(b, 'T', byte('0'+s), '\n')
		}
		return append(b, 'T', byte('0'+s/10), byte('0'+s%10), '\n')
	}
	b = append(b, 'T')
	b = strconv.AppendInt(b, int64(s), 10)
	if ms := int(d % time.Second / time.Millisecond); ms > 0 && v3 {
		digits := [3]byte{byte('0' + ms/100), byte('0' + ms/10%10), byte('0' + ms%10)}
		n := 3
		for digits[n-1] == '0' {
			n--
		}
		b = append(b, '.')
		b = append(b, digits[:n]...)
	}
	return append(b, '\n')
}

// appendCSAComments writes comment lines as `'*` lines, which CSA programs
// read (plain `'` lines they skip).
func appendCSAComments(b []byte, cs []string) []byte {
	for _, c := range cs {
		if strings.IndexByte(c, '\n') < 0 {
			b = append(b, "'*"...)
			b = append(b, strings.TrimSuffix(c, "\r")...)
			b = append(b, '\n')
			continue
		}
		for {
			line, rest, more := strings.Cut(c, "\n")
			b = append(b, "'*"...)
			b = append(b, strings.TrimSuffix(line, "\r")...)
			b = append(b, '\n')
			if !more {
				break
			}
			c = rest
		}
	}
	return b
}

var evenStart = shogi.StartPosition()

// appendCSAStart writes the start position and the turn line: PI with the
// squares of the removed pieces when the position is the even start less
// at most ten pieces (every handicap), P1..P9 and P+/P- hands otherwise.
func appendCSAStart(b []byte, p *shogi.Position) []byte {
	removed, pi := 0, p.Hand(shogi.Black).Empty() && p.Hand(shogi.White).Empty()
	for s := shogi.Square(0); s < 81 && pi; s++ {
		pc, ev := p.At(s), evenStart.At(s)
		switch {
		case pc == ev:
		case pc == shogi.NoPiece:
			removed++
		default:
			pi = false
		}
	}
	if pi && removed <= 10 {
		b = append(b, "PI"...)
		for s := shogi.Square(0); s < 81; s++ {
			if ev := evenStart.At(s); ev != shogi.NoPiece && p.At(s) == shogi.NoPiece {
				b = append(b, byte('0'+s.File()), byte('0'+s.Rank()))
				b = append(b, ev.Type().CSA()...)
			}
		}
		b = append(b, '\n')
	} else {
		for r := 1; r <= 9; r++ {
			b = append(b, 'P', byte('0'+r))
			for f := 9; f >= 1; f-- {
				pc := p.At(shogi.NewSquare(f, r))
				switch {
				case pc == shogi.NoPiece:
					b = append(b, " * "...)
				case pc.Color() == shogi.Black:
					b = append(b, '+')
					b = append(b, pc.Type().CSA()...)
				default:
					b = append(b, '-')
					b = append(b, pc.Type().CSA()...)
				}
			}
			b = append(b, '\n')
		}
		for c := shogi.Black; c <= shogi.White; c++ {
			h := p.Hand(c)
			if h.Empty() {
				continue
			}
			b = append(b, 'P', "+-"[c])
			for _, t := range shogi.HandOrder {
				for i := 0; i < h.Count(t); i++ {
					b = append(b, "00"...)
					b = append(b, t.CSA()...)
				}
			}
			b = append(b, '\n')
		}
	}
	if p.Turn() == shogi.White {
		return append(b, "-\n"...)
	}
	return append(b, "+\n"...)
}

// header writes the game information: N+ and N- first, then the other
// fields in header order, each as its $NAME line or, when CSA has no name
// for it, as a `'key：value` comment (which parse.CSA reads back as a
// header field, so the order survives a round trip).
func (w *CSA) header(b []byte, h shogi.Header) ([]byte, error) {
	v3 := w.v3()
	var usedN [2]int
	names := [2][2]string{{shogi.KeyBlack, shogi.KeyShitate}, {shogi.KeyWhite, shogi.KeyUwate}}
	for c, keys := range names {
		usedN[c] = -1
		for _, k := range keys {
			if i := headerIndex(h, k); i >= 0 {
				usedN[c] = i
				v, err := w.oneLine(h[i].Value)
				if err != nil {
					return b, err
				}
				b = append(b, 'N', "+-"[c])
				b = append(b, v...)
				b = append(b, '\n')
				break
			}
		}
	}
	_, hasStart := h.Get(shogi.KeyStartTime)
	for i, f := range h {
		if i == usedN[0] || i == usedN[1] || f.Key == shogi.KeyHandicap {
			continue
		}
		key := f.Key
		if key == shogi.KeyDate && !hasStart {
			key, hasStart = shogi.KeyStartTime, true
		}
		name := csaName(key, f.Value, v3)
		if name == "" {
			// The reader must be able to tell the comment from `'*`
			// comments and floodgate's `'$KEY:value`.
			if k := f.Key; k == "" || k[0] == '*' || k[0] == '$' || strings.ContainsAny(k, " \t　:：\r\n") {
				if err := w.lose("header keys with blanks or colons"); err != nil {
					return b, err
				}
				continue
			}
			b = append(b, '\'')
			b = append(b, f.Key...)
			b = append(b, "："...)
			b = append(b, csaEscapeNote(f.Value)...)
			b = append(b, '\n')
			continue
		}
		v := f.Value
		switch key {
		case shogi.KeyStartTime, shogi.KeyEndTime:
			v = csaDate(v)
		case shogi.KeyNote:
			v = csaEscapeNote(v)
		}
		v, err := w.oneLine(v)
		if err != nil {
			return b, err
		}
		b = append(b, name...)
		b = append(b, ':')
		b = append(b, v...)
		b = append(b, '\n')
	}
	return b, nil
}

// csaNoteEscaper escapes a multi-line value as V3.0's $NOTE does; the
// `'key：value` comments use the same escapes.
var csaNoteEscaper = strings.NewReplacer(`\`, `\\`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)

// csaEscapeNote escapes v with csaNoteEscaper; most values have nothing to
// escape and are returned as they are.
func csaEscapeNote(v string) string {
	if !strings.ContainsAny(v, "\\\r\n") {
		return v
	}
	return csaNoteEscaper.Replace(v)
}

// oneLine returns a header value fit for one line; line breaks (which only
// $NOTE can carry) are a loss.
func (w *CSA) oneLine(v string) (string, error) {
	if !strings.ContainsAny(v, "\r\n") {
		return v, nil
	}
	if err := w.lose("line breaks in header values"); err != nil {
		return "", err
	}
	return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == '\r' || r == '\n' }), " "), nil
}

func headerIndex(h shogi.Header, key string) int {
	for i, f := range h {
		if f.Key == key {
			return i
		}
	}
	return -1
}

// csaName returns the $NAME a header field is written under, or "" when it
// goes into a comment. A key with several CSA names takes the first whose
// value form fits; V3.0 names are used only in V3.0 output.
func csaName(key, value string, v3 bool) string {
	for _, k := range shogi.CSAHeaderKeys {
		if k.KIF != key || k.CSA[0] != '$' || k.V3 && !v3 {
			continue
		}
		switch k.CSA {
		case "$TIME_LIMIT":
			if !isTimeLimitV2(value) {
				continue
			}
		case "$TIME", "$TIME+", "$TIME-":
			if !isTimeV3(value) {
				continue
			}
		}
		return k.CSA
	}
	if isCSAKey(key) {
		return "$" + key
	}
	return ""
}

// isCSAKey reports whether a header key looks like a CSA name (upper-case
// ASCII, as parse.CSA keeps unknown $KEY lines).
func isCSAKey(k string) bool {
	if k == "" || k[0] < 'A' || k[0] > 'Z' {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '-') {
			return false
		}
	}
	return true
}

// isTimeLimitV2 reports whether v reads HH:MM+SS.
func isTimeLimitV2(v string) bool {
	hh, rest, ok := strings.Cut(v, ":")
	if !ok || !allDigits(hh) {
		return false
	}
	mm, ss, ok := strings.Cut(rest, "+")
	return ok && len(mm) == 2 && allDigits(mm) && allDigits(ss)
}

// isTimeV3 reports whether v reads base+byoyomi+increment in seconds.
func isTimeV3(v string) bool {
	parts := strings.Split(v, "+")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		i, f, _ := strings.Cut(p, ".")
		if !allDigits(i) || f != "" && !allDigits(f) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// csaDate writes a KIF date (1999/07/15(木) 19:07:12, 2021/10/16 10:00,
// 2016/07/27) in CSA's form, YYYY/MM/DD or YYYY/MM/DD HH:MM:SS; text it
// cannot read is kept as it is. A date already in that form is returned
// as it is, without making a new string.
func csaDate(v string) string {
	s := strings.TrimSpace(v)
	if len(s) < 10 || !allDigits(s[0:4]) || !allDigits(s[5:7]) || !allDigits(s[8:10]) ||
		(s[4] != '/' && s[4] != '-') || s[7] != s[4] {
		return v
	}
	var out [len("2006/01/02 15:04:05")]byte
	copy(out[:], s[:10])
	out[4], out[7] = '/', '/'
	rest := s[10:]
	if strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, "（") {
		// The day of the week: (木) or （木）.
		end := strings.IndexAny(rest, ")）")
		if end < 0 {
			return v
		}
		size := len("）")
		if rest[end] == ')' {
			size = 1
		}
		rest = rest[end+size:]
	}
	rest = strings.TrimLeft(rest, " 　T")
	n := 10
	if rest != "" {
		// H:M or H:M:S, each one or two digits.
		out[10] = ' '
		n = 11
		parts := 0
		for part := range strings.SplitSeq(rest, ":") {
			if parts == 3 || !allDigits(part) || len(part) > 2 {
				return v
			}
			if parts > 0 {
				out[n] = ':'
				n++
			}
			if len(part) == 1 {
				out[n] = '0'
				n++
			}
			n += copy(out[n:], part)
			parts++
		}
		if parts < 2 {
			return v
		}
		if parts == 2 {
			n += copy(out[n:], ":00")
		}
	}
	if string(out[:n]) == v {
		return v
	}
	return string(out[:n])
}
