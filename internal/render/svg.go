package render

import (
	"bytes"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// SVG draws a position of each record as a scalable board picture: the
// position after main-line ply Options.Ply when PlySet, else at the end of
// the main line. The picture is a self-contained SVG 1.1 document (xmlns,
// version, width, height and viewBox; no scripts, no external resources)
// with the 9×9 grid and its four star points, file numbers 9…1 above and
// rank numerals 一…九 to the right, kanji pieces (Gote's turned 180°,
// promoted pieces in red), Gote's pieces in hand on the upper left and
// Sente's on the lower right, the players' names (先手/後手, or 下手/上手 in
// handicap games) with ☗/☖, the last move's origin and destination
// highlighted, and a caption with the ply and the last move in KI2
// notation. The position's SFEN is kept in the <desc> element. Output is
// deterministic: the same record always gives the same bytes.
//
// With Options.AllPlies the writer draws every position of the main line,
// from the start (ply 0) to the last move, and writes the documents one
// after the other; each starts with its own `<?xml` declaration, which is
// where a consumer splits the stream. Callers that want one file per ply
// use SVGFrames.
type SVG struct {
	Options
	losses
	ew  errWriter
	buf []byte
}

// NewSVG returns an SVG writer.
func NewSVG(w io.Writer, opt Options) *SVG {
	return &SVG{Options: opt, losses: losses{format: "svg", allow: true}, ew: errWriter{w: w}}
}

// Reset makes s write to out as a new writer would (Writer).
func (s *SVG) Reset(out io.Writer) {
	*s = SVG{Options: s.Options, losses: s.losses.reset(), ew: errWriter{w: out}, buf: s.buf[:0]}
}

// Write draws one record (every ply of it with AllPlies).
func (s *SVG) Write(rec *shogi.Record) error {
	if s.ew.err != nil {
		return s.ew.err
	}
	if s.AllPlies {
		err := EachSVGFrame(rec, func(_ int, f []byte) error {
			s.ew.write(f)
			return s.ew.err
		})
		s.buf = s.buf[:0]
		return err
	}
	n, pos, prev, err := mainLineAt(rec, s.Ply, s.PlySet)
	if err != nil {
		return err
	}
	b := appendSVGNode(s.buf[:0], rec, n, n.Ply(), &pos, &prev)
	s.buf = b
	s.ew.write(b)
	return s.ew.err
}

// Flush returns the first write error.
func (s *SVG) Flush() error { return s.ew.err }

// SVGFrames draws every position of rec's main line, from the start (ply 0)
// to the last move: frame i is the picture after ply i. A move on the way
// that is not legal is an error, as Record.PositionAt reports it.
func SVGFrames(rec *shogi.Record) ([][]byte, error) {
	var out [][]byte
	err := EachSVGFrame(rec, func(_ int, f []byte) error {
		out = append(out, bytes.Clone(f))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EachSVGFrame draws the frames of SVGFrames one at a time, in time linear
// in the length of the main line, and calls fn with each; the frame is
// valid until fn returns. It stops at the first error fn returns (a
// cancelled context, a failed write) and returns it.
func EachSVGFrame(rec *shogi.Record, fn func(ply int, frame []byte) error) error {
	pos := rec.Start
	prev := pos
	var buf []byte
	ply := 0
	for n := rec.Root; n != nil && !n.IsEnd(); n = n.Next() {
		if n != rec.Root && !n.Move.IsZero() {
			if pos.Legal(n.Move) != nil {
				_, err := rec.PositionAt(n)
				return err
			}
			prev = pos
			pos.Play(n.Move)
		}
		buf = appendSVGNode(buf[:0], rec, n, ply, &pos, &prev)
		if err := fn(ply, buf); err != nil {
			return err
		}
		ply++
	}
	return nil
}

// minFrameDigits is the least width of the frame numbers in file names:
// 0000.svg … 0123.svg sort in ply order, and the names of a game of any
// usual length look alike. Longer records get wider numbers.
const minFrameDigits = 4

// SVGFrameName returns the file name of frame i of n: 0000.svg for the
// start, NNNN.svg after ply NNNN.
func SVGFrameName(i, n int) string {
	s := strconv.Itoa(i)
	w := max(minFrameDigits, len(strconv.Itoa(n-1)))
	for len(s) < w {
		s = "0" + s
	}
	return s + ".svg"
}

// appendSVGNode draws pos, the position after n, ply plies from the start;
// prev is the one before it.
func appendSVGNode(b []byte, rec *shogi.Record, n *shogi.Node, ply int, pos, prev *shogi.Position) []byte {
	d := svgDiagram{pos: pos, ply: ply}
	if n.Parent() != nil {
		d.last = n.Move
		if prev.Turn() == shogi.Black {
			d.caption = append(d.caption, "☗"...)
		} else {
			d.caption = append(d.caption, "☖"...)
		}
		d.caption = shogi.KI2Notation{}.AppendMove(d.caption, prev, n.Move)
	} else {
		d.last = pos.LastMove()
	}
	d.names, d.roles = playerNames(rec)
	return d.append(b)
}

// playerNames returns the players' names and role labels: 先手/後手, or
// 下手/上手 in handicap games.
func playerNames(rec *shogi.Record) (names, roles [2]string) {
	roles = [2]string{"先手", "後手"}
	keys := [2][2]string{{shogi.KeyBlack, shogi.KeyShitate}, {shogi.KeyWhite, shogi.KeyUwate}}
	hc := rec.Preset != shogi.Even && rec.Preset != shogi.Other
	if hc {
		roles = [2]string{"下手", "上手"}
		keys = [2][2]string{{shogi.KeyShitate, shogi.KeyBlack}, {shogi.KeyUwate, shogi.KeyWhite}}
	}
	for c := range keys {
		for _, k := range keys[c] {
			if v, ok := rec.Header.Get(k); ok && v != "" {
				names[c] = v
				break
			}
		}
		// A name longer than the board would run off the picture.
		if r := []rune(names[c]); len(r) > svgMaxName {
			names[c] = string(r[:svgMaxName-1]) + "…"
		}
	}
	return names, roles
}

// The geometry of the picture, in SVG user units (CSS pixels).
const (
	svgCellW   = 40 // a square's width
	svgCellH   = 44 // a square's height (shogi squares are taller than wide)
	svgPad     = 8  // outer margin
	svgBarH    = 30 // the name bars above and below
	svgFileH   = 20 // the file numbers above the board
	svgHandW   = 52 // a column of pieces in hand
	svgRankW   = 24 // the rank numerals right of the board
	svgGap     = 8  // between the hand columns and the board
	svgBoardX  = svgPad + svgHandW + svgGap
	svgBoardY  = svgPad + svgBarH + svgFileH
	svgBoardW  = 9 * svgCellW
	svgBoardH  = 9 * svgCellH
	svgWidth   = svgBoardX + svgBoardW + svgRankW + svgGap + svgHandW + svgPad
	svgHeight  = svgBoardY + svgBoardH + 6 + svgBarH + svgPad
	svgPieceFS = 30 // font size of pieces
	svgHandRow = 40 // height of one kind in hand
	svgMaxName = 26 // runes of a player's name that fit in a name bar
)

// svgFonts are the CJK fonts tried for the kanji, serif (Mincho) first as
// printed diagrams use, with generic fallbacks.
const svgFonts = `'Noto Serif CJK JP','Noto Serif JP','Source Han Serif JP','Hiragino Mincho ProN','Yu Mincho','MS Mincho','IPAexMincho','Noto Sans CJK JP',serif`

type svgDiagram struct {
	pos     *shogi.Position
	last    shogi.Move
	ply     int
	caption []byte // the last move in KI2 notation
	names   [2]string
	roles   [2]string
}

func (d *svgDiagram) append(b []byte) []byte {
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"...)
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="`...)
	b = strconv.AppendInt(b, svgWidth, 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, svgHeight, 10)
	b = append(b, `" viewBox="0 0 `...)
	b = strconv.AppendInt(b, svgWidth, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, svgHeight, 10)
	b = append(b, "\">\n<title>"...)
	b = appendXMLText(b, d.roles[0]+" "+d.names[0]+" – "+d.roles[1]+" "+d.names[1])
	b = append(b, ", ply "...)
	b = strconv.AppendInt(b, int64(d.ply), 10)
	b = append(b, "</title>\n<desc>"...)
	b = d.pos.AppendSFEN(b)
	b = append(b, "</desc>\n"...)
	b = append(b, `<rect x="0" y="0" width="`...)
	b = strconv.AppendInt(b, svgWidth, 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, svgHeight, 10)
	b = append(b, `" fill="#ffffff"/>`+"\n"...)
	b = d.appendBoard(b)
	b = d.appendLabels(b)
	b = d.appendPieces(b)
	b = d.appendHand(b, shogi.White)
	b = d.appendHand(b, shogi.Black)
	b = d.appendNames(b)
	return append(b, "</svg>\n"...)
}

// squareXY returns the top-left corner of square s.
func squareXY(s shogi.Square) (x, y int) {
	return svgBoardX + (9-s.File())*svgCellW, svgBoardY + (s.Rank()-1)*svgCellH
}

func (d *svgDiagram) appendBoard(b []byte) []byte {
	b = append(b, `<g id="board">`+"\n"...)
	b = appendRect(b, svgBoardX, svgBoardY, svgBoardW, svgBoardH, `fill="#f5deb3"`)
	if !d.last.IsZero() {
		if from := d.last.From(); from != shogi.NoSquare {
			x, y := squareXY(from)
			b = appendRect(b, x, y, svgCellW, svgCellH, `class="last-from" fill="#f2c46d" fill-opacity="0.55"`)
		}
		x, y := squareXY(d.last.To())
		b = appendRect(b, x, y, svgCellW, svgCellH, `class="last-to" fill="#e8a33d" fill-opacity="0.75"`)
	}
	b = append(b, `<path stroke="#333333" stroke-width="1" fill="none" d="`...)
	for i := 1; i < 9; i++ {
		b = append(b, 'M')
		b = strconv.AppendInt(b, svgBoardX+int64(i)*svgCellW, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, svgBoardY, 10)
		b = append(b, 'v')
		b = strconv.AppendInt(b, svgBoardH, 10)
		b = append(b, 'M')
		b = strconv.AppendInt(b, svgBoardX, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, svgBoardY+int64(i)*svgCellH, 10)
		b = append(b, 'h')
		b = strconv.AppendInt(b, svgBoardW, 10)
	}
	b = append(b, "\"/>\n"...)
	b = appendRect(b, svgBoardX, svgBoardY, svgBoardW, svgBoardH, `fill="none" stroke="#222222" stroke-width="2"`)
	for _, f := range [2]int{3, 6} {
		for _, r := range [2]int{3, 6} {
			b = append(b, `<circle cx="`...)
			b = strconv.AppendInt(b, int64(svgBoardX+f*svgCellW), 10)
			b = append(b, `" cy="`...)
			b = strconv.AppendInt(b, int64(svgBoardY+r*svgCellH), 10)
			b = append(b, `" r="3" fill="#222222"/>`+"\n"...)
		}
	}
	return append(b, "</g>\n"...)
}

var svgRankNumerals = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

func (d *svgDiagram) appendLabels(b []byte) []byte {
	b = append(b, `<g id="coordinates" font-family="sans-serif" font-size="15" fill="#333333" text-anchor="middle">`+"\n"...)
	for f := 9; f >= 1; f-- {
		x := svgBoardX + (9-f)*svgCellW + svgCellW/2
		b = appendText(b, x, svgBoardY-6, "", strconv.Itoa(f))
	}
	b = append(b, "</g>\n"...)
	b = append(b, `<g id="ranks" font-family="`...)
	b = append(b, svgFonts...)
	b = append(b, `" font-size="16" fill="#333333" text-anchor="middle">`+"\n"...)
	for r := 1; r <= 9; r++ {
		y := svgBoardY + (r-1)*svgCellH + svgCellH/2 + 6
		b = appendText(b, svgBoardX+svgBoardW+svgRankW/2, y, "", svgRankNumerals[r])
	}
	return append(b, "</g>\n"...)
}

// pieceGlyph returns the one-character name of a piece as diagrams print
// it: 玉 for Sente's king, 王 for Gote's, 杏 圭 全 for the promoted lance,
// knight and silver.
func pieceGlyph(p shogi.Piece) string {
	if p.Type() == shogi.King && p.Color() == shogi.White {
		return "王"
	}
	return p.Type().KanjiShort()
}

func (d *svgDiagram) appendPieces(b []byte) []byte {
	b = append(b, `<g id="pieces" font-family="`...)
	b = append(b, svgFonts...)
	b = append(b, `" font-size="`...)
	b = strconv.AppendInt(b, svgPieceFS, 10)
	b = append(b, `" text-anchor="middle" fill="#111111">`+"\n"...)
	for s := shogi.Square(0); s < 81; s++ {
		p := d.pos.At(s)
		if p == shogi.NoPiece {
			continue
		}
		x, y := squareXY(s)
		b = appendPiece(b, x+svgCellW/2, y+svgCellH/2, p, "")
	}
	return append(b, "</g>\n"...)
}

// appendPiece draws piece p centred on (cx, cy), turned for Gote.
func appendPiece(b []byte, cx, cy int, p shogi.Piece, class string) []byte {
	b = append(b, `<text x="`...)
	b = strconv.AppendInt(b, int64(cx), 10)
	b = append(b, `" y="`...)
	// The baseline sits about a third of the font size below the centre,
	// which centres CJK glyphs without relying on dominant-baseline.
	b = strconv.AppendInt(b, int64(cy+svgPieceFS*35/100), 10)
	b = append(b, '"')
	if class != "" {
		b = append(b, ` class="`...)
		b = append(b, class...)
		b = append(b, '"')
	}
	if p.Color() == shogi.White {
		b = append(b, ` transform="rotate(180 `...)
		b = strconv.AppendInt(b, int64(cx), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(cy), 10)
		b = append(b, `)"`...)
	}
	if p.Type().IsPromoted() {
		b = append(b, ` fill="#c8102e"`...)
	}
	b = append(b, '>')
	b = append(b, pieceGlyph(p)...)
	return append(b, "</text>\n"...)
}

// appendHand draws c's pieces in hand as a column: Gote's on the left,
// from the top, turned like Gote's pieces on the board; Sente's on the
// right, from the bottom. A count above one follows the piece.
func (d *svgDiagram) appendHand(b []byte, c shogi.Color) []byte {
	h := d.pos.Hand(c)
	b = append(b, `<g class="hand-`...)
	b = append(b, c.String()...)
	b = append(b, `" font-family="`...)
	b = append(b, svgFonts...)
	b = append(b, `" text-anchor="middle" fill="#111111">`+"\n"...)
	kinds := 0
	for _, t := range shogi.HandOrder {
		if h.Count(t) > 0 {
			kinds++
		}
	}
	x := svgPad + svgHandW/2 - 6
	y := svgBoardY + svgHandRow/2
	if c == shogi.Black {
		x = svgBoardX + svgBoardW + svgRankW + svgGap + svgHandW/2 - 6
		y = svgBoardY + svgBoardH - kinds*svgHandRow + svgHandRow/2
	}
	for _, t := range shogi.HandOrder {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		b = append(b, `<g font-size="`...)
		b = strconv.AppendInt(b, svgPieceFS, 10)
		b = append(b, `">`...)
		b = appendPiece(b, x, y, shogi.NewPiece(c, t), "hand-piece")
		b = append(b, "</g>"...)
		if n > 1 {
			b = append(b, `<text x="`...)
			b = strconv.AppendInt(b, int64(x+svgPieceFS/2+6), 10)
			b = append(b, `" y="`...)
			b = strconv.AppendInt(b, int64(y+10), 10)
			b = append(b, `" font-family="sans-serif" font-size="14" class="hand-count">`...)
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, "</text>"...)
		}
		b = append(b, '\n')
		y += svgHandRow
	}
	return append(b, "</g>\n"...)
}

func (d *svgDiagram) appendNames(b []byte) []byte {
	b = append(b, `<g id="players" font-family="`...)
	b = append(b, svgFonts...)
	b = append(b, `" font-size="17" fill="#111111">`+"\n"...)
	top := svgPad + svgBarH/2 + 6
	b = appendText(b, svgPad, top, `class="name-white"`, "☖"+d.roles[1]+"  "+d.names[1])
	bottom := svgBoardY + svgBoardH + 6 + svgBarH/2 + 6
	b = appendText(b, svgWidth-svgPad, bottom, `class="name-black" text-anchor="end"`, "☗"+d.roles[0]+"  "+d.names[0])
	if d.ply > 0 {
		c := strconv.Itoa(d.ply) + "手目"
		if len(d.caption) > 0 {
			c += "  " + string(d.caption)
		}
		b = appendText(b, svgPad, bottom, `class="caption" font-size="15" fill="#555555"`, c)
	}
	return append(b, "</g>\n"...)
}

func appendRect(b []byte, x, y, w, h int, attrs string) []byte {
	b = append(b, `<rect x="`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, `" y="`...)
	b = strconv.AppendInt(b, int64(y), 10)
	b = append(b, `" width="`...)
	b = strconv.AppendInt(b, int64(w), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(h), 10)
	b = append(b, `" `...)
	b = append(b, attrs...)
	return append(b, "/>\n"...)
}

func appendText(b []byte, x, y int, attrs, text string) []byte {
	b = append(b, `<text x="`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, `" y="`...)
	b = strconv.AppendInt(b, int64(y), 10)
	b = append(b, '"')
	if attrs != "" {
		b = append(b, ' ')
		b = append(b, attrs...)
	}
	b = append(b, '>')
	b = appendXMLText(b, text)
	return append(b, "</text>\n"...)
}

// appendXMLText appends s with the XML special characters escaped and
// control characters (which XML 1.0 forbids) dropped.
func appendXMLText(b []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '"':
			b = append(b, "&quot;"...)
		case r < 0x20 && r != '\t' && r != '\n' || r == 0xfffe || r == 0xffff:
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}
