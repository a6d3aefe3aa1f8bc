package render

import (
	"encoding/binary"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// KIF writes records as Kifu for Windows writes KIF (../shared/specs/
// kif-kakinoki-*.txt): the header as `key：value` lines with 手合割 (and a
// board diagram for a start that is no preset) before the players, the
// `手数----指手---------消費時間--` line, one aligned line per move
// (`   1 ７六歩(77)   ( 0:01/00:00:01)`, `+` when an alternative follows),
// comments `*`, bookmarks `&`, endings as move lines followed by a `まで…`
// line, and the 変化：N手 blocks, deepest branch first. Times are written
// when the record has any; missing totals are summed from the elapsed times.
type KIF struct {
	kakinokiText
	times   bool // the record carries times
	records int  // records written
}

// NewKIF returns a KIF writer.
func NewKIF(w io.Writer, opt Options) *KIF {
	return &KIF{kakinokiText: newKakinokiText(w, opt, "kif")}
}

// Reset makes k write to out as a new writer would (Writer).
func (k *KIF) Reset(out io.Writer) { *k = KIF{kakinokiText: k.kakinokiText.reset(out)} }

// Write writes one record.
func (k *KIF) Write(rec *shogi.Record) error {
	if k.ew.err != nil {
		return k.ew.err
	}
	k.times = hasTimes(rec)
	k.names = sideNames(rec)
	if err := k.settle(rec, k); err != nil {
		return err
	}
	dst := k.buf[:0]
	if k.records == 0 {
		dst = appendDeclaration(dst, "#KIF", k.Encoding)
	}
	k.records++
	dst = appendKakinokiHeader(dst, rec, k.names)
	dst = append(dst, "手数----指手---------消費時間--\n"...)
	dst = appendComments(dst, rec.Root)
	k.buf = dst
	return k.writeLines(rec, k)
}

func (k *KIF) node(pos *shogi.Position, n *shogi.Node, ply int, totals *[2]time.Duration) error {
	dst := k.buf
	dst = appendPly(dst, ply)
	mark := len(dst)
	var word string
	if n.IsEnd() {
		w, err := kakEndingWord(&k.losses, n, pos.Turn(), false)
		if err != nil || w == "" {
			return err
		}
		word = w
		dst = append(dst, w...)
	} else {
		dst = appendKIFMove(dst, pos, n.Move)
	}
	more := !k.Mainline && hasLaterAlternative(n, pos.Turn())
	if k.times || more {
		dst = appendSpaces(dst, 12-displayWidth(dst[mark:]))
	}
	if k.times {
		var err error
		if dst, err = k.appendTime(dst, n, pos.Turn(), totals); err != nil {
			return err
		}
	}
	if more {
		if !k.times {
			dst = append(dst, ' ')
		}
		dst = append(dst, '+')
	}
	dst = append(dst, '\n')
	dst = appendComments(dst, n)
	if n.IsEnd() && n.End().Kind != shogi.Unknown {
		// An unknown word has no まで line in Kifu for Windows, and other
		// readers (Kifu for JS) reject one; the move line carries it.
		dst = appendMadeLine(dst, ply-1, n.End(), word, pos.Turn(), k.names)
	}
	k.buf = spill(&k.ew, dst, k.dry)
	return nil
}

// appendKIFMove appends the KIF text of m as Kifu for Windows writes it:
// shogi.KIFNotation's text without 不成, which the Kakinoki specification
// leaves out (「不成の場合は、「不成」を表記しない」): a KIF move that does not
// say 成 does not promote.
func appendKIFMove(dst []byte, pos *shogi.Position, m shogi.Move) []byte {
	mark := len(dst)
	dst = shogi.KIFNotation{}.AppendMove(dst, pos, m)
	const not = "不成"
	if m.IsDrop() || m.IsPromotion() {
		return dst
	}
	// The text ends in 不成(77) when it says 不成.
	at := len(dst) - len("(77)") - len(not)
	if at >= mark && string(dst[at:at+len(not)]) == not {
		copy(dst[at:], dst[at+len(not):])
		dst = dst[:len(dst)-len(not)]
	}
	return dst
}

func (k *KIF) endLine() error { return k.ew.err }

// appendTime appends ` ( m:ss/hh:mm:ss)` for the move or ending n made by
// side c, keeping totals, the running total of each side on this path.
func (k *KIF) appendTime(dst []byte, n *shogi.Node, c shogi.Color, totals *[2]time.Duration) ([]byte, error) {
	var elapsed time.Duration
	if n.Time().HasTime {
		elapsed = n.Time().Elapsed
	}
	total := addTimes(totals[c], elapsed)
	if n.Time().HasTotal {
		total = n.Time().Total
	}
	totals[c] = total
	if elapsed%time.Second != 0 || total%time.Second != 0 {
		if err := k.lose("sub-second times"); err != nil {
			return dst, err
		}
	}
	return appendKIFTime(dst, int64(elapsed/time.Second), int64(total/time.Second)), nil
}

// addTimes returns a+b, or the largest (smallest) time instead of a sum
// that overflows: a total is never written as a negative number.
func addTimes(a, b time.Duration) time.Duration {
	s := a + b
	switch {
	case b > 0 && s < a:
		return math.MaxInt64
	case b < 0 && s > a:
		return math.MinInt64
	}
	return s
}

// appendKIFTime appends ` ( m:ss/hh:mm:ss)` for e seconds of the move and t
// in total, digit by digit: it runs for every move.
func appendKIFTime(dst []byte, e, t int64) []byte {
	dst = append(dst, " ("...)
	if e < 0 || t < 0 {
		// Not a clock reading; written as the numbers are.
		dst = strconv.AppendInt(dst, e/60, 10)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, e%60, 10)
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, t/3600, 10)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, t/60%60, 10)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, t%60, 10)
		return append(dst, ')')
	}
	if e < 600 && t < 100*3600 {
		// The usual case, all of it at once.
		m, th, tm, ts := e/60, t/3600, t/60%60, t%60
		return append(dst, ' ', byte('0'+m), ':', byte('0'+e%60/10), byte('0'+e%10), '/',
			byte('0'+th/10), byte('0'+th%10), ':', byte('0'+tm/10), byte('0'+tm%10), ':', byte('0'+ts/10), byte('0'+ts%10), ')')
	}
	if m := e / 60; m < 10 {
		dst = append(dst, ' ', byte('0'+m))
	} else {
		dst = strconv.AppendInt(dst, m, 10)
	}
	dst = append(dst, ':', byte('0'+e%60/10), byte('0'+e%10), '/')
	dst = appendTwoDigits(dst, t/3600)
	m, sec := t/60%60, t%60
	return append(dst, ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+sec/10), byte('0'+sec%10), ')')
}

// appendTwoDigits appends n zero-padded to two digits (more if it needs them).
func appendTwoDigits(dst []byte, n int64) []byte {
	if n < 100 {
		return append(dst, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(dst, n, 10)
}

// appendPly appends the right-aligned move number of a KIF move line.
func appendPly(dst []byte, ply int) []byte {
	switch {
	case ply < 0:
	case ply < 10:
		return append(dst, ' ', ' ', ' ', byte('0'+ply), ' ')
	case ply < 100:
		return append(dst, ' ', ' ', byte('0'+ply/10), byte('0'+ply%10), ' ')
	case ply < 1000:
		return append(dst, ' ', byte('0'+ply/100), byte('0'+ply/10%10), byte('0'+ply%10), ' ')
	}
	dst = strconv.AppendInt(dst, int64(ply), 10)
	return append(dst, ' ')
}

// appendDeclaration appends the line Kifu for Windows starts a file with,
// `#KIF version=2.0 encoding=UTF-8` (kind "#KIF"), naming the encoding the
// text is written in (Options.Encoding; Shift_JIS when it is ""), or
// nothing for an encoding the line has no name for.
func appendDeclaration(dst []byte, kind, enc string) []byte {
	if enc == "" {
		enc = "shift_jis"
	}
	name := encodingName(enc, false)
	if name == "" {
		return dst
	}
	dst = append(dst, kind...)
	dst = append(dst, " version=2.0 encoding="...)
	dst = append(dst, name...)
	return append(dst, '\n')
}

// hasTimes reports whether any node of rec states a time.
func hasTimes(rec *shogi.Record) bool {
	for n := range rec.Nodes() {
		if n.Time().HasTime || n.Time().HasTotal {
			return true
		}
	}
	return false
}

// kakEndingWord returns the word KIF and KI2 write the ending n with
// toMove to move, reporting what is lost: an ending KIF has no word for
// (%ERROR, %MATTA) is left out, and 引き分け and 最大手数 become 持将棋, a word
// they share with 持将棋 itself; with madeOnly (KI2, whose まで line has
// no form for it, and Kifu for JS rejects one) a word of the record's own
// is left out too. It returns "" for an ending that is not
// written: one without a word, or a 持将棋 of that kind beside a sibling
// that already says 持将棋 (the same alternative twice).
func kakEndingWord(l *losses, n *shogi.Node, toMove shogi.Color, madeOnly bool) (string, error) {
	w, lossy := endingText(n, toMove)
	if madeOnly && w != "" && n.End().Kind == shogi.Unknown {
		return "", l.lose("ending " + w)
	}
	if lossy {
		if err := l.lose("ending " + n.End().Kind.String()); err != nil {
			return "", err
		}
	}
	return w, nil
}

// endingText is kakEndingWord without the accounting.
func endingText(n *shogi.Node, toMove shogi.Color) (w string, lossy bool) {
	w, ok := n.End().KIF(toMove)
	if !ok || w == "" {
		return "", true
	}
	if !lossyEnding(n.End().Kind) {
		return w, false
	}
	if n.Parent() != nil {
		before := true
		for s := range n.Parent().Children() {
			if s == n {
				before = false
				continue
			}
			if !s.IsEnd() || (lossyEnding(s.End().Kind) && !before) {
				continue
			}
			if sw, ok := s.End().KIF(toMove); ok && sw == w {
				return "", true
			}
		}
	}
	return w, true
}

func lossyEnding(k shogi.EndingKind) bool { return k == shogi.Draw || k == shogi.MaxMoves }

// hasLaterAlternative reports whether a sibling after n is written, which
// KIF marks with a `+` on n's line.
func hasLaterAlternative(n *shogi.Node, toMove shogi.Color) bool {
	for s := n.Sibling(); s != nil; s = s.Sibling() {
		if !s.IsEnd() {
			return true
		}
		if w, _ := endingText(s, toMove); w != "" {
			return true
		}
	}
	return false
}

// appendMadeLine appends the `まで{N}手で…` line that closes a line of play
// ending in e, worded as ../shared/oracle/README.md's table of special moves
// gives it (the KIF word where no side needs naming).
func appendMadeLine(dst []byte, plies int, e shogi.Ending, word string, toMove shogi.Color, names [2]string) []byte {
	dst = append(dst, "まで"...)
	dst = strconv.AppendInt(dst, int64(plies), 10)
	dst = append(dst, "手で"...)
	next, last := names[toMove], names[toMove.Opponent()]
	switch e.Normalize(toMove).Kind {
	case shogi.Resign:
		dst = append(append(dst, last...), "の勝ち"...)
	case shogi.Timeout:
		dst = append(append(append(dst, "時間切れにより"...), last...), "の勝ち"...)
	case shogi.EnteringKing:
		dst = append(append(dst, next...), "の入玉勝ち"...)
	case shogi.FoulWin:
		dst = append(append(dst, next...), "の反則勝ち"...)
	case shogi.FoulLose, shogi.IllegalMove:
		dst = append(append(dst, next...), "の反則負け"...)
	default:
		dst = append(dst, word...)
	}
	return append(dst, '\n')
}

// appendVariationHeader appends the blank line and `変化：N手` that start an
// alternative to ply N.
func appendVariationHeader(dst []byte, ply int) []byte {
	dst = append(dst, "\n変化："...)
	dst = strconv.AppendInt(dst, int64(ply), 10)
	return append(dst, "手\n"...)
}

// appendComments appends n's comment lines as `*…` and its bookmark as `&…`.
func appendComments(dst []byte, n *shogi.Node) []byte {
	for _, c := range n.Comments() {
		for {
			line, rest, more := strings.Cut(c, "\n")
			dst = append(dst, '*')
			dst = append(dst, line...)
			dst = append(dst, '\n')
			if !more {
				break
			}
			c = rest
		}
	}
	if n.Bookmark() != "" {
		dst = append(dst, '&')
		dst = append(dst, n.Bookmark()...)
		dst = append(dst, '\n')
	}
	return dst
}

// appendKakinokiHeader appends the header lines KIF and KI2 share: every
// field as `key：value` in order, with the start (`手合割：…` and the board
// diagram of a start that is no preset) before the players' names, where
// Kifu for Windows puts it. A 手合割 field the header kept is written there,
// not where it stands, so that the layout does not depend on where a
// reader filed it.
func appendKakinokiHeader(dst []byte, rec *shogi.Record, names [2]string) []byte {
	at := len(rec.Header)
	for i, f := range rec.Header {
		if isPlayerKey(f.Key) {
			at = i
			break
		}
	}
	for i, f := range rec.Header {
		if i == at {
			dst = appendStart(dst, rec, names)
		}
		if f.Key == shogi.KeyHandicap {
			continue
		}
		dst = append(dst, f.Key...)
		dst = append(dst, "："...)
		dst = append(dst, f.Value...)
		dst = append(dst, '\n')
	}
	if at == len(rec.Header) {
		dst = appendStart(dst, rec, names)
	}
	return dst
}

func isPlayerKey(k string) bool {
	switch k {
	case shogi.KeyBlack, shogi.KeyWhite, shogi.KeyShitate, shogi.KeyUwate, shogi.KeyBlackShort, shogi.KeyWhiteShort:
		return true
	}
	return false
}

// appendStart appends `手合割：…` and, for a start that is no preset, the
// board diagram. A preset is always named; a start of its own gets a 手合割
// line only when the header kept one: その他, or an unknown name (詰将棋),
// written back as it was.
func appendStart(dst []byte, rec *shogi.Record, names [2]string) []byte {
	if h := startPreset(rec); h != shogi.Other {
		dst = append(dst, "手合割："...)
		dst = append(dst, h.KIF()...)
		return append(dst, '\n')
	}
	if v, ok := rec.Header.Get(shogi.KeyHandicap); ok {
		dst = append(dst, "手合割："...)
		if _, preset := shogi.HandicapFromKIF(v); preset || v == "" {
			v = shogi.Other.KIF()
		}
		dst = append(dst, v...)
		dst = append(dst, '\n')
	}
	start := rec.Start
	return appendBOD(dst, &start, names)
}

// displayWidth counts columns as Kifu for Windows aligns them: one for an
// ASCII character, two for anything else. It counts the bytes that start a
// character rather than decoding them, eight at a time: it runs for every
// move.
func displayWidth(b []byte) int {
	const high = 0x8080808080808080
	w := 0
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		// ASCII bytes have bit 7 clear; a byte that starts a longer
		// character has bits 7 and 6 set.
		w += bits.OnesCount64(^x&high) + 2*bits.OnesCount64(x&(x<<1)&high)
		b = b[8:]
	}
	for _, c := range b {
		switch {
		case c < 0x80:
			w++
		case c >= 0xC0:
			w += 2
		}
	}
	return w
}

// spaces is padding for appendSpaces.
const spaces = "                "

func appendSpaces(dst []byte, n int) []byte {
	for ; n > len(spaces); n -= len(spaces) {
		dst = append(dst, spaces...)
	}
	if n > 0 {
		dst = append(dst, spaces[:n]...)
	}
	return dst
}
