package render

import (
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// BOD writes, for each record, the position after main-line ply Ply (when
// PlySet) or at the end of the main line as a Kakinoki board diagram: 後手の
// 持駒, the 9×9 grid with `v` marking gote's pieces, 先手の持駒, the side to
// move, and `手数＝N  ▲７六歩  まで` naming the move that led there. Like SFEN
// it draws one position, so the rest of the record is left out on purpose,
// not reported as a loss.
type BOD struct {
	Options
	losses
	ew  errWriter
	buf []byte
}

// NewBOD returns a BOD writer.
func NewBOD(w io.Writer, opt Options) *BOD {
	return &BOD{Options: opt, losses: losses{format: "bod", allow: true}, ew: errWriter{w: w}}
}

// Reset makes b write to out as a new writer would (Writer).
func (b *BOD) Reset(out io.Writer) {
	*b = BOD{Options: b.Options, losses: b.losses.reset(), ew: errWriter{w: out}, buf: b.buf[:0]}
}

// Write writes the position of one record.
func (b *BOD) Write(rec *shogi.Record) error {
	if b.ew.err != nil {
		return b.ew.err
	}
	n, pos, before, err := mainLineAt(rec, b.Ply, b.PlySet)
	if err != nil {
		return err
	}
	names := sideNames(rec)
	dst := appendBOD(b.buf[:0], &pos, names)
	if n != rec.Root && !n.Move.IsZero() {
		dst = append(dst, "手数＝"...)
		dst = strconv.AppendInt(dst, int64(n.Ply()), 10)
		dst = append(dst, "  "...)
		dst = shogi.AppendSideMark(dst, before.Turn())
		dst = shogi.KI2Notation{}.AppendMove(dst, &before, n.Move)
		dst = append(dst, "  まで\n"...)
	}
	b.buf = dst
	b.ew.write(dst)
	return b.ew.err
}

// Flush returns the first write error.
func (b *BOD) Flush() error { return b.ew.err }

// sideNames are the words for the two sides: 先手/後手, or 下手/上手 when the
// header names the players so or the start is a handicap preset.
func sideNames(rec *shogi.Record) [2]string {
	for _, f := range rec.Header {
		switch f.Key {
		case shogi.KeyBlack, shogi.KeyWhite:
			return [2]string{"先手", "後手"}
		case shogi.KeyShitate, shogi.KeyUwate:
			return [2]string{"下手", "上手"}
		}
	}
	if h := startPreset(rec); h != shogi.Even && h != shogi.Other {
		return [2]string{"下手", "上手"}
	}
	return [2]string{"先手", "後手"}
}

// startPreset returns the preset the record starts from, or Other.
func startPreset(rec *shogi.Record) shogi.Handicap {
	if h := rec.Preset; h != shogi.Other {
		if p := h.Position(); p.Equal(&rec.Start) {
			return h
		}
	}
	return shogi.HandicapOf(&rec.Start)
}

var (
	bodFileLine  = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
	bodFrameLine = "+---------------------------+\n"
	bodRanks     = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	bodTens      = [3]string{"", "十", "二十"}
)

// appendBOD appends the board diagram of pos as Kifu for Windows writes it,
// ending with the side-to-move line, with names[c] naming the sides.
func appendBOD(dst []byte, pos *shogi.Position, names [2]string) []byte {
	dst = appendBODHand(dst, pos, shogi.White, names)
	dst = append(dst, bodFileLine...)
	dst = append(dst, bodFrameLine...)
	for r := 1; r <= 9; r++ {
		dst = append(dst, '|')
		for f := 9; f >= 1; f-- {
			pc := pos.At(shogi.NewSquare(f, r))
			switch {
			case pc.IsEmpty():
				dst = append(dst, " ・"...)
			case pc.Color() == shogi.White:
				dst = append(dst, 'v')
				dst = append(dst, pc.Type().KanjiShort()...)
			default:
				dst = append(dst, ' ')
				dst = append(dst, pc.Type().KanjiShort()...)
			}
		}
		dst = append(dst, '|')
		dst = append(dst, bodRanks[r]...)
		dst = append(dst, '\n')
	}
	dst = append(dst, bodFrameLine...)
	dst = appendBODHand(dst, pos, shogi.Black, names)
	dst = append(dst, names[pos.Turn()]...)
	return append(dst, "番\n"...)
}

// appendBODHand appends `後手の持駒：飛　歩二　` (each piece followed by a
// full-width space, as Kifu for Windows writes it) or `…：なし`.
func appendBODHand(dst []byte, pos *shogi.Position, c shogi.Color, names [2]string) []byte {
	dst = append(dst, names[c]...)
	dst = append(dst, "の持駒："...)
	h := pos.Hand(c)
	if h.Empty() {
		return append(dst, "なし\n"...)
	}
	for _, t := range shogi.HandOrder {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		dst = append(dst, t.KanjiShort()...)
		if n > 1 {
			dst = appendKanjiCount(dst, n)
		}
		dst = append(dst, "　"...)
	}
	return append(dst, '\n')
}

// appendKanjiCount appends 2…29 as 二…二十九.
func appendKanjiCount(dst []byte, n int) []byte {
	if n >= 10 {
		dst = append(dst, bodTens[n/10%3]...)
		n %= 10
	}
	if n > 0 {
		dst = append(dst, bodRanks[n]...)
	}
	return dst
}
