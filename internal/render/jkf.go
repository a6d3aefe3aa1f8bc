package render

import (
	"io"
	"strconv"
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
// JKF files are usually written. Two or more records are JSON Lines: one
// compact document per line (JSON has no way to hold several documents in
// one text, and each line is itself a valid JKF file). The first record is
// therefore held back until Flush or the next Write decides which form it
// takes. Keys come in a fixed order, so the output is deterministic.
//
// What JKF cannot carry is reported through Losses (or is an error without
// AllowLoss): endings the schema does not name (max moves, 不戦勝, 不戦敗,
// トライ, unknown words; 封じ手 is written as CHUDAN, as the json-kifu-format
// KIF parser does), sub-second times, repeated header keys and a start
// position's move number other than 1. The rare handicaps 三枚落ち, 五枚落ち,
// 左五枚落ち, 左七枚落ち and 右七枚落ち are written as preset OTHER with the
// board, because common readers (tsshogi) reject their preset names; the
// position is the same.
type JKF struct {
	Options
	losses
	ew      errWriter
	buf     []byte
	held    []byte // the first record, compact, until its form is known
	records int
	stack   []jkfLine
	text    []byte // scratch for KI2 text
}

// jkfLine is the state of one line of play (the main line or a fork) being
// written; the tree is walked with an explicit stack so that deeply nested
// variations cannot exhaust the goroutine stack.
type jkfLine struct {
	node   *shogi.Node
	pos    shogi.Position   // before node
	totals [2]time.Duration // each side's running total before node
	next   [2]time.Duration // the totals after node
	first  bool             // no entry of this line written yet
	alt    int              // > 0 while writing node's forks: the next sibling
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
	b, err := j.appendRecord(j.buf[:0], rec)
	j.buf = b
	if err != nil {
		return err
	}
	j.records++
	switch j.records {
	case 1:
		j.held = append(j.held[:0], b...)
		return nil
	case 2:
		if len(j.held) > 0 {
			j.ew.write(append(j.held, '\n'))
			j.held = j.held[:0]
		}
	}
	j.ew.write(append(b, '\n'))
	j.buf = b
	return j.ew.err
}

// Flush writes a record still held back, indented if it is the only one,
// and returns the first error.
func (j *JKF) Flush() error {
	if j.ew.err != nil || len(j.held) == 0 {
		return j.ew.err
	}
	j.buf = append(indentJSON(j.buf[:0], j.held), '\n')
	j.ew.write(j.buf)
	j.held = j.held[:0]
	return j.ew.err
}

// maxIndent caps the indentation of the indented form: deeply nested forks
// would otherwise make the output grow with the square of their depth.
const maxIndent = 32

// indentJSON appends src, compact JSON as appendRecord writes it (no white
// space outside strings), indented by two spaces a level, as
// encoding/json's Indent lays it out up to maxIndent levels.
func indentJSON(dst, src []byte) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range min(depth, maxIndent) {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			// Copy the string through its closing quote.
			k := i + 1
			for k < len(src) && src[k] != '"' {
				if src[k] == '\\' {
					k++
				}
				k++
			}
			dst = append(dst, src[i:k+1]...)
			i = k
		case '{', '[':
			dst = append(dst, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, src[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// jkfRarePresets are the presets written as OTHER with the board.
var jkfRarePresets = [...]shogi.Handicap{shogi.ThreePiece, shogi.FivePiece, shogi.LeftFivePiece, shogi.LeftSevenPiece, shogi.RightSevenPiece}

// appendRecord appends the compact JSON of rec.
func (j *JKF) appendRecord(b []byte, rec *shogi.Record) ([]byte, error) {
	b = append(b, `{"header":{`...)
	for i, f := range rec.Header {
		dup := false
		for _, g := range rec.Header[:i] {
			if g.Key == f.Key {
				dup = true
				break
			}
		}
		if dup {
			if err := j.lose("repeated header key " + f.Key); err != nil {
				return b, err
			}
			continue
		}
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		b = appendJSONString(b, f.Key)
		b = append(b, ':')
		b = appendJSONString(b, f.Value)
	}
	b = append(b, `},"initial":`...)
	b = j.appendInitial(b, &rec.Start)
	if rec.Start.MoveNumber() != 1 {
		if err := j.lose("the start position's move number"); err != nil {
			return b, err
		}
	}
	if rec.Root.Bookmark != "" {
		if err := j.lose("bookmarks"); err != nil {
			return b, err
		}
	}
	b = append(b, `,"moves":[{`...)
	b = j.appendComments(b, rec.Root)
	b = append(b, '}')
	b, err := j.appendLines(b, rec)
	if err != nil {
		return b, err
	}
	return append(b, "]}"...), nil
}

func (j *JKF) appendInitial(b []byte, start *shogi.Position) []byte {
	h := shogi.HandicapOf(start)
	for _, r := range jkfRarePresets {
		if h == r {
			h = shogi.Other
		}
	}
	if h != shogi.Other {
		b = append(b, `{"preset":"`...)
		b = append(b, h.JKF()...)
		return append(b, `"}`...)
	}
	b = append(b, `{"preset":"OTHER","data":{"color":`...)
	b = strconv.AppendInt(b, int64(start.Turn()), 10)
	b = append(b, `,"board":[`...)
	for x := 1; x <= 9; x++ {
		if x > 1 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for y := 1; y <= 9; y++ {
			if y > 1 {
				b = append(b, ',')
			}
			pc := start.At(shogi.NewSquare(x, y))
			if pc == shogi.NoPiece {
				b = append(b, "{}"...)
				continue
			}
			b = append(b, `{"color":`...)
			b = strconv.AppendInt(b, int64(pc.Color()), 10)
			b = append(b, `,"kind":"`...)
			b = append(b, pc.Type().CSA()...)
			b = append(b, `"}`...)
		}
		b = append(b, ']')
	}
	b = append(b, `],"hands":[`...)
	for c := shogi.Black; c <= shogi.White; c++ {
		if c == shogi.White {
			b = append(b, ',')
		}
		h := start.Hand(c)
		b = append(b, '{')
		for i, t := range jkfHandOrder {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, t.CSA()...)
			b = append(b, `":`...)
			b = strconv.AppendInt(b, int64(h.Count(t)), 10)
		}
		b = append(b, '}')
	}
	return append(b, "]}}"...)
}

// jkfHandOrder is the order of hand keys in the spec and its examples.
var jkfHandOrder = [7]shogi.PieceType{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// appendLines appends the entries of the main line after moves[0], each
// with its forks, walking the tree with an explicit stack.
func (j *JKF) appendLines(b []byte, rec *shogi.Record) ([]byte, error) {
	start := rec.Start
	// A previous move before the start (BOD's まで) would make the first
	// move "same", which a reader cannot check: JKF starts without one.
	start.SetLastMove(0)
	j.stack = append(j.stack[:0], jkfLine{node: rec.Root.Next(), pos: start})
	for len(j.stack) > 0 {
		f := &j.stack[len(j.stack)-1]
		if f.node == nil {
			j.stack = j.stack[:len(j.stack)-1]
			if len(j.stack) > 0 {
				b = append(b, ']') // the fork's array
			}
			continue
		}
		n := f.node
		if f.alt == 0 {
			var ok bool
			var err error
			if b, ok, err = j.appendEntry(b, f); err != nil {
				return b, err
			}
			if !ok { // an ending JKF cannot name, without forks: nothing written
				f.node = nil
				continue
			}
			if j.Mainline || len(n.Parent.Children) < 2 || n.Parent.Children[0] != n {
				b = append(b, '}')
				j.advance(f)
				continue
			}
			if b[len(b)-1] != '{' {
				b = append(b, ',')
			}
			b = append(b, `"forks":[`...)
			f.alt = 1
		}
		sibs := n.Parent.Children
		if f.alt < len(sibs) {
			alt := sibs[f.alt]
			f.alt++
			if alt.IsEnd() {
				if _, ok := jkfSpecial(alt.End, f.pos.Turn()); !ok {
					// A fork that is only an ending JKF cannot name is dropped.
					if err := j.lose(endingLoss(alt.End)); err != nil {
						return b, err
					}
					continue
				}
			}
			if b[len(b)-1] != '[' {
				b = append(b, ',')
			}
			b = append(b, '[')
			j.stack = append(j.stack, jkfLine{node: alt, pos: f.pos, totals: f.totals, first: true})
			continue
		}
		b = append(b, "]}"...) // the forks array and the entry
		f.alt = 0
		j.advance(f)
	}
	return b, nil
}

// advance moves f past the node whose entry was just written.
func (j *JKF) advance(f *jkfLine) {
	n := f.node
	if n.IsEnd() {
		f.node = nil
		return
	}
	f.pos.Play(n.Move)
	f.totals = f.next
	f.node = n.Next()
}

// appendEntry appends the opening and the members (move or special, time,
// comments) of f.node's entry, without the closing brace; ok is false when
// nothing was written because the node is an ending JKF cannot name and it
// has no forks to carry.
func (j *JKF) appendEntry(b []byte, f *jkfLine) ([]byte, bool, error) {
	n := f.node
	pos := &f.pos
	hasForks := !j.Mainline && len(n.Parent.Children) > 1 && n.Parent.Children[0] == n
	if n.IsEnd() {
		name, ok := jkfSpecial(n.End, pos.Turn())
		if !ok || name == "CHUDAN" && n.End.Kind != shogi.Interrupt {
			if err := j.lose(endingLoss(n.End)); err != nil {
				return b, false, err
			}
		}
		if !ok && !hasForks {
			return b, false, nil
		}
		if !f.first {
			b = append(b, ',')
		}
		f.first = false
		b = append(b, '{')
		if !ok {
			// Only the forks survive: an entry that holds nothing else.
			return b, true, nil
		}
		b = append(b, `"special":"`...)
		b = append(b, name...)
		b = append(b, '"')
	} else {
		if !f.first {
			b = append(b, ',')
		}
		f.first = false
		b = append(b, `{"move":`...)
		b = j.appendMove(b, pos, n.Move)
	}
	var err error
	if b, err = j.appendTime(b, f); err != nil {
		return b, false, err
	}
	if n.Bookmark != "" {
		if err := j.lose("bookmarks"); err != nil {
			return b, false, err
		}
	}
	if len(n.Comments) > 0 {
		b = append(b, ',')
		b = j.appendComments(b, n)
	}
	return b, true, nil
}

// appendMove appends the move object of m played in pos.
func (j *JKF) appendMove(b []byte, pos *shogi.Position, m shogi.Move) []byte {
	c := pos.Turn()
	to := m.To()
	pc := pos.MovingPiece(m)
	b = append(b, `{"color":`...)
	b = strconv.AppendInt(b, int64(c), 10)
	if !m.IsDrop() {
		b = append(b, `,"from":`...)
		b = appendJKFSquare(b, m.From())
	}
	b = append(b, `,"to":`...)
	b = appendJKFSquare(b, to)
	b = append(b, `,"piece":"`...)
	b = append(b, pc.Type().CSA()...)
	b = append(b, '"')
	if !m.IsDrop() {
		if last := pos.LastMove(); !last.IsZero() && last.To() == to {
			b = append(b, `,"same":true`...)
		}
		switch {
		case m.IsPromotion():
			b = append(b, `,"promote":true`...)
		case pc.Type().CanPromote() && (m.From().InPromotionZone(c) || to.InPromotionZone(c)):
			b = append(b, `,"promote":false`...)
		}
		if cap := pos.At(to); cap != shogi.NoPiece {
			b = append(b, `,"capture":"`...)
			b = append(b, cap.Type().CSA()...)
			b = append(b, '"')
		}
	}
	if rel := j.relative(pos, m); rel != "" {
		b = append(b, `,"relative":"`...)
		b = append(b, rel...)
		b = append(b, '"')
	}
	return append(b, '}')
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

func appendJKFSquare(b []byte, s shogi.Square) []byte {
	return append(b, '{', '"', 'x', '"', ':', byte('0'+s.File()), ',', '"', 'y', '"', ':', byte('0'+s.Rank()), '}')
}

// appendTime appends ,"time":{…} when the node has a time, computing the
// mover's running total where the record does not state it.
func (j *JKF) appendTime(b []byte, f *jkfLine) ([]byte, error) {
	n := f.node
	f.next = f.totals
	if !n.Time.HasTime && !n.Time.HasTotal {
		return b, nil
	}
	c := f.pos.Turn() // the mover, or the side an ending concerns
	now := n.Time.Elapsed
	total := f.totals[c] + now
	if n.Time.HasTotal {
		total = n.Time.Total
		if !n.Time.HasTime {
			// Only the total is known: the time of this move is what it
			// added to the previous total.
			now = max(total-f.totals[c], 0)
		}
	}
	f.next[c] = total
	if now%time.Second != 0 || total%time.Second != 0 {
		if err := j.lose("sub-second times"); err != nil {
			return b, err
		}
	}
	secs := int64(now / time.Second)
	b = append(b, `,"time":{"now":{"m":`...)
	b = strconv.AppendInt(b, secs/60, 10)
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, secs%60, 10)
	secs = int64(total / time.Second)
	b = append(b, `},"total":{"h":`...)
	b = strconv.AppendInt(b, secs/3600, 10)
	b = append(b, `,"m":`...)
	b = strconv.AppendInt(b, secs/60%60, 10)
	b = append(b, `,"s":`...)
	b = strconv.AppendInt(b, secs%60, 10)
	return append(b, "}}"...), nil
}

// appendComments appends "comments":[…] with the node's comment lines, or
// nothing. JKF has no bookmarks (the json-kifu-format KIF grammar skips `&`
// lines), so a bookmark is reported as lost by the caller, not smuggled into
// the comments where every other reader would show it as text.
func (j *JKF) appendComments(b []byte, n *shogi.Node) []byte {
	if len(n.Comments) == 0 {
		return b
	}
	b = append(b, `"comments":[`...)
	for i, c := range n.Comments {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, c)
	}
	return append(b, ']')
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

// endingLoss names an ending JKF cannot carry, for Losses.
func endingLoss(e shogi.Ending) string {
	switch {
	case e.Kind == shogi.Sealed:
		return "ending sealed (written as CHUDAN)"
	case e.Kind == shogi.Unknown && e.Word != "":
		return "ending " + e.Word
	}
	return "ending " + e.Kind.String()
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendJSONStringBody(b, s)
	return append(b, '"')
}

// appendJSONStringBody appends s escaped for a JSON string: quotes,
// backslashes and control characters, U+2028 and U+2029 (which old
// JavaScript cannot hold in a string literal), and invalid UTF-8 as U+FFFD.
func appendJSONStringBody(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
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
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}
