package render

import (
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

// Board draws a position for a terminal: the players, the last move, both
// hands and a 9×9 grid with file numbers 9…1 across the top and ranks 一…九
// down the side, gote's pieces marked with a `v` as in BOD. Its fields are
// the display choices; the zero value draws kanji, sente at the bottom,
// without colour, counting ambiguous-width characters as one column.
type Board struct {
	Flip      bool // gote at the bottom
	ASCII     bool // USI letters and English labels, for terminals without CJK fonts
	Color     bool // ANSI colours: gote's pieces red, the last move's squares reversed
	EastAsian bool // ambiguous-width characters (▲, △, …) take two columns
}

// BoardView is what Board draws: a position and what to say about it.
type BoardView struct {
	Pos      *shogi.Position
	Last     shogi.Move // highlighted; zero for none
	Ply      int        // moves played to reach Pos
	MoveText string     // the last move as text ("▲７六歩(77)"), empty at the start
	End      string     // the ending that follows, if any ("投了")
	Black    string     // the players' names
	White    string
	Event    string
	Handicap bool // name the sides 下手/上手 instead of 先手/後手
}

// Cells are four columns wide: a separator that brackets the last move's
// squares when there is no colour, then three columns of piece.
const cellWidth = 4

const (
	ansiReset   = "\x1b[0m"
	ansiGote    = "\x1b[31m"
	ansiReverse = "\x1b[7m"
)

var (
	kanjiFiles  = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiRanks  = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	asciiRanks  = [10]string{"", "a", "b", "c", "d", "e", "f", "g", "h", "i"}
	kanjiDigits = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// Draw writes the whole view: the header lines, the top player's hand, the
// grid, the bottom player's hand and the side to move.
func (b *Board) Draw(w io.Writer, v BoardView) error {
	var dst []byte
	dst = b.appendInfo(dst, v)
	top, bottom := shogi.White, shogi.Black
	if b.Flip {
		top, bottom = bottom, top
	}
	dst = b.appendHand(dst, v, top)
	dst = b.AppendGrid(dst, v.Pos, v.Last)
	dst = b.appendHand(dst, v, bottom)
	dst = b.appendTurn(dst, v)
	_, err := w.Write(dst)
	return err
}

func (b *Board) cond() *runewidth.Condition {
	c := runewidth.NewCondition()
	c.EastAsianWidth = b.EastAsian
	return c
}

// sideName names a side in the view's language.
func (b *Board) sideName(v BoardView, c shogi.Color) string {
	switch {
	case b.ASCII && c == shogi.Black:
		return "Black"
	case b.ASCII:
		return "White"
	case v.Handicap && c == shogi.Black:
		return "下手"
	case v.Handicap:
		return "上手"
	case c == shogi.Black:
		return "先手"
	}
	return "後手"
}

func (b *Board) mark(c shogi.Color) string {
	if c == shogi.Black {
		return "☗"
	}
	return "☖"
}

func (b *Board) appendInfo(dst []byte, v BoardView) []byte {
	sep := "："
	if b.ASCII {
		sep = ": "
	}
	if v.Event != "" {
		if b.ASCII {
			dst = append(dst, "Event"...)
		} else {
			dst = append(dst, "棋戦"...)
		}
		dst = append(dst, sep...)
		dst = append(dst, v.Event...)
		dst = append(dst, '\n')
	}
	for _, c := range [2]shogi.Color{shogi.Black, shogi.White} {
		name := v.Black
		if c == shogi.White {
			name = v.White
		}
		if name == "" {
			continue
		}
		if !b.ASCII {
			dst = append(dst, b.mark(c)...)
		}
		dst = append(dst, b.sideName(v, c)...)
		dst = append(dst, sep...)
		dst = append(dst, name...)
		dst = append(dst, '\n')
	}
	if b.ASCII {
		dst = append(dst, "Ply "...)
		dst = strconv.AppendInt(dst, int64(v.Ply), 10)
	} else {
		dst = append(dst, "手数＝"...)
		dst = strconv.AppendInt(dst, int64(v.Ply), 10)
	}
	if v.MoveText != "" {
		dst = append(dst, "  "...)
		dst = append(dst, v.MoveText...)
	}
	if v.End != "" {
		dst = append(dst, "  "...)
		dst = append(dst, v.End...)
	}
	return append(dst, '\n')
}

func (b *Board) appendHand(dst []byte, v BoardView, c shogi.Color) []byte {
	h := v.Pos.Hand(c)
	if b.ASCII {
		dst = append(dst, b.sideName(v, c)...)
		dst = append(dst, " hand:"...)
		if h.Empty() {
			dst = append(dst, " -"...)
		}
		for _, t := range shogi.HandOrder {
			n := h.Count(t)
			if n == 0 {
				continue
			}
			dst = append(dst, ' ')
			dst = append(dst, shogi.NewPiece(c, t).USI()...)
			if n > 1 {
				dst = strconv.AppendInt(dst, int64(n), 10)
			}
		}
		return append(dst, '\n')
	}
	dst = append(dst, b.mark(c)...)
	dst = append(dst, b.sideName(v, c)...)
	dst = append(dst, "の持駒："...)
	if h.Empty() {
		dst = append(dst, "なし"...)
	}
	first := true
	for _, t := range shogi.HandOrder {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		if !first {
			dst = append(dst, "　"...)
		}
		first = false
		dst = append(dst, t.KanjiShort()...)
		if n > 1 {
			dst = appendKanjiNumber(dst, n)
		}
	}
	return append(dst, '\n')
}

func (b *Board) appendTurn(dst []byte, v BoardView) []byte {
	c := v.Pos.Turn()
	if b.ASCII {
		dst = append(dst, b.sideName(v, c)...)
		return append(dst, " to move\n"...)
	}
	dst = append(dst, b.mark(c)...)
	dst = append(dst, b.sideName(v, c)...)
	return append(dst, "番\n"...)
}

// appendKanjiNumber writes 1…99 as 一…九十九 (hands hold at most 18).
func appendKanjiNumber(dst []byte, n int) []byte {
	if n >= 10 {
		if n/10 > 1 {
			dst = append(dst, kanjiDigits[n/10%10]...)
		}
		dst = append(dst, "十"...)
		n %= 10
	}
	if n > 0 {
		dst = append(dst, kanjiDigits[n]...)
	}
	return dst
}

// AppendGrid appends the file numbers, the framed 9×9 grid with rank labels
// and a closing frame line. Every line it writes has the same display width
// under the Board's width rule; last's squares are highlighted.
func (b *Board) AppendGrid(dst []byte, pos *shogi.Position, last shogi.Move) []byte {
	cond := b.cond()
	files, ranks := [9]int{9, 8, 7, 6, 5, 4, 3, 2, 1}, [9]int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	if b.Flip {
		files, ranks = ranks, files
	}
	hi := func(s shogi.Square) bool {
		return !last.IsZero() && (s == last.To() || (!last.IsDrop() && s == last.From()))
	}
	// The file numbers sit over the piece letters: one column of frame, then
	// per cell the separator, the side mark, and the two-column piece.
	dst = append(dst, ' ')
	for _, f := range files {
		label := kanjiFiles[f]
		if b.ASCII {
			label = strconv.Itoa(f)
		}
		dst = append(dst, "  "...)
		dst = appendPadded(dst, cond, label, cellWidth-2)
	}
	dst = append(dst, "    \n"...)
	frame := append([]byte{'+'}, make([]byte, 9*cellWidth+1)...)
	for i := 1; i < len(frame); i++ {
		frame[i] = '-'
	}
	frame = append(frame, '+', ' ', ' ', '\n')
	dst = append(dst, frame...)
	for _, r := range ranks {
		dst = append(dst, '|')
		prevHi := false
		for _, f := range files {
			s := shogi.NewSquare(f, r)
			h := hi(s)
			switch {
			case h && prevHi && !b.Color:
				dst = append(dst, '|')
			case h && !b.Color:
				dst = append(dst, '[')
			case prevHi && !b.Color:
				dst = append(dst, ']')
			default:
				dst = append(dst, ' ')
			}
			prevHi = h
			dst = b.appendCell(dst, cond, pos.At(s), h)
		}
		if prevHi && !b.Color {
			dst = append(dst, ']')
		} else {
			dst = append(dst, ' ')
		}
		dst = append(dst, '|')
		label := kanjiRanks[r]
		if b.ASCII {
			label = asciiRanks[r]
		}
		dst = appendPadded(dst, cond, label, 2)
		dst = append(dst, '\n')
	}
	return append(dst, frame...)
}

// appendCell writes one square in three columns.
func (b *Board) appendCell(dst []byte, cond *runewidth.Condition, p shogi.Piece, hi bool) []byte {
	if b.Color {
		switch {
		case hi && !p.IsEmpty() && p.Color() == shogi.White:
			dst = append(dst, ansiReverse+ansiGote...)
		case hi:
			dst = append(dst, ansiReverse...)
		case !p.IsEmpty() && p.Color() == shogi.White:
			dst = append(dst, ansiGote...)
		}
	}
	var s string
	switch {
	case p.IsEmpty() && b.ASCII:
		s = " . "
	case p.IsEmpty():
		s = " ・"
	case b.ASCII:
		s = p.USI()
		if len(s) == 1 {
			s = " " + s
		}
	case p.Color() == shogi.White:
		s = "v" + p.Type().KanjiShort()
	default:
		s = " " + p.Type().KanjiShort()
	}
	dst = appendPadded(dst, cond, s, cellWidth-1)
	if b.Color && (hi || (!p.IsEmpty() && p.Color() == shogi.White)) {
		dst = append(dst, ansiReset...)
	}
	return dst
}

// appendPadded writes s in width columns, padding with spaces on the right,
// so that a character whose width depends on the terminal never shifts the
// grid.
func appendPadded(dst []byte, cond *runewidth.Condition, s string, width int) []byte {
	n := width - cond.StringWidth(s)
	dst = append(dst, s...)
	for ; n > 0; n-- {
		dst = append(dst, ' ')
	}
	return dst
}
