package render

import (
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Display draws the positions of a record on a Board and writes its moves
// in the chosen notations, joined: show's and diff's text.
type Display struct {
	Board     Board
	Notations []shogi.Notation // the move text is these, joined
}

// NewDisplay returns the display of board with the moves in notation:
// japanese (or ki2, ""), western (hodges), hosking or usi. Japanese is
// shown too unless board.ASCII, which shows USI when no other is named.
// The error names the --notation flag.
func NewDisplay(board Board, notation string) (Display, error) {
	d := Display{Board: board}
	var second shogi.Notation
	switch notation {
	case "japanese", "ki2", "":
	case "western", "hodges":
		second = shogi.WesternNotation{}
	case "hosking":
		second = shogi.HoskingNotation{}
	case "usi":
		second = shogi.USINotation{}
	default:
		return d, fmt.Errorf("want japanese, western, hosking or usi, not %q", notation)
	}
	if !board.ASCII {
		d.Notations = append(d.Notations, shogi.KI2Notation{})
	}
	if second != nil {
		d.Notations = append(d.Notations, second)
	} else if board.ASCII {
		d.Notations = append(d.Notations, shogi.USINotation{})
	}
	return d, nil
}

// MoveText writes m, played in pos, in each notation: the Japanese one
// with its side mark (▲７六歩), the others as they are (P-7f). A move
// that does not move a piece of the side to move is written as
// shogi.DescribeMove writes it.
func (d *Display) MoveText(pos *shogi.Position, m shogi.Move) string {
	if !m.IsDrop() {
		if pc := pos.At(m.From()); pc.IsEmpty() || pc.Color() != pos.Turn() {
			return shogi.DescribeMove(pos, m)
		}
	}
	var b []byte
	for i, n := range d.Notations {
		if i > 0 {
			b = append(b, "  "...)
		}
		if _, ja := n.(shogi.KI2Notation); ja {
			b = shogi.AppendSideMark(b, pos.Turn())
		}
		b = n.AppendMove(b, pos, m)
	}
	return string(b)
}

// EndText names the ending of node n, with toMove to move, for the
// board's caption: its KIF word, or its English name with ASCII.
func (d *Display) EndText(n *shogi.Node, toMove shogi.Color) string {
	if d.Board.ASCII {
		return n.End().Normalize(toMove).Kind.String()
	}
	if w, ok := n.End().KIF(toMove); ok || w != "" {
		return w
	}
	return n.End().Normalize(toMove).Kind.String()
}

// StepText writes the step at node n of rec, a move or an ending, as
// MoveText and EndText do; "" where the line has ended (n is nil).
func (d *Display) StepText(rec *shogi.Record, n *shogi.Node) string {
	if n == nil {
		return ""
	}
	pos, err := rec.PositionAt(n.Parent())
	if err != nil {
		return n.Move.String()
	}
	if n.IsEnd() {
		return d.EndText(n, pos.Turn())
	}
	return d.MoveText(&pos, n.Move)
}

// View returns the view of rec after the main-line node n (nil for the
// start): pos is the position there, before the position before n's move.
func (d *Display) View(rec *shogi.Record, n *shogi.Node, before, pos *shogi.Position, ply int) BoardView {
	v := BoardView{Pos: pos, Ply: ply}
	if n != nil && n.Parent() != nil && !n.Move.IsZero() {
		v.Last = n.Move
		v.MoveText = d.MoveText(before, n.Move)
	}
	next := rec.Root.Next()
	if n != nil {
		next = n.Next()
	}
	if next != nil && next.IsEnd() {
		v.End = d.EndText(next, pos.Turn())
	}
	h := rec.Header
	v.Black, v.White = h.Value(shogi.KeyBlack), h.Value(shogi.KeyWhite)
	if v.Black == "" && v.White == "" {
		v.Black, v.White = h.Value(shogi.KeyShitate), h.Value(shogi.KeyUwate)
	}
	_, shitate := h.Get(shogi.KeyShitate)
	v.Handicap = shitate || (rec.Preset != shogi.Even && rec.Preset != shogi.Other)
	v.Event = h.Value(shogi.KeyEvent)
	if v.Event == "" {
		v.Event = h.Value(shogi.KeyTitle)
	}
	// Text from the file reaches a terminal: nothing of it may act on it.
	v.Black, v.White, v.Event, v.End = charset.TermSafe(v.Black), charset.TermSafe(v.White), charset.TermSafe(v.Event), charset.TermSafe(v.End)
	return v
}

// PlyError is the error of DrawMainLine for a ply the main line does not
// reach: it has only Plies moves.
type PlyError struct {
	Ply, Plies int
}

func (e *PlyError) Error() string {
	return fmt.Sprintf("no ply %d: the main line has only %d moves", e.Ply, e.Plies)
}

// DrawMainLine draws the position after main-line ply ply of rec (ply < 0:
// the last position, the main line's shogi.Outcome Final), or with all
// every position from the start, one after another. Moves are played as
// recorded: a move that breaks the rules is captioned with the ending after
// it (the foul ending that documents it), or else with the rule it breaks.
func (d *Display) DrawMainLine(w io.Writer, rec *shogi.Record, ply int, all bool) error {
	pos := rec.Start
	var before shogi.Position
	var node *shogi.Node
	n := 0
	foul := "" // the rule the last move drawn breaks, shown when no ending follows it
	draw := func() error {
		v := d.View(rec, node, &before, &pos, n)
		if foul != "" && v.End == "" {
			v.End = foul
		}
		return d.Board.Draw(w, v)
	}
	if all || ply == 0 {
		if err := draw(); err != nil {
			return err
		}
	}
	for next := rec.Root.Next(); next != nil && !next.IsEnd(); next = next.Next() {
		if ply >= 0 && n >= ply {
			break
		}
		foul = ""
		if err := pos.Legal(next.Move); err != nil {
			foul = "(" + err.Error() + ")"
		}
		before = pos
		pos.PlayRecorded(next.Move)
		node, n = next, n+1
		if all {
			if _, err := w.Write([]byte{'\n'}); err != nil {
				return err
			}
			if err := draw(); err != nil {
				return err
			}
		}
	}
	if ply > n {
		return &PlyError{Ply: ply, Plies: n}
	}
	if !all && ply != 0 {
		return draw()
	}
	return nil
}

// DrawBefore draws the position of rec's main line before ply (where two
// lines part, in diff), with the move that led there highlighted and
// without the caption of players and ending.
func (d *Display) DrawBefore(w io.Writer, rec *shogi.Record, ply int) {
	pos := rec.Start
	var before shogi.Position
	var node *shogi.Node
	n := 0
	for next := rec.Root.Next(); next != nil && n < ply-1; next = next.Next() {
		if next.IsEnd() || pos.Legal(next.Move) != nil {
			break
		}
		before = pos
		pos.Play(next.Move)
		node, n = next, n+1
	}
	v := d.View(rec, node, &before, &pos, n)
	v.End, v.Event, v.Black, v.White = "", "", "", "" // the board is context here
	d.Board.Draw(w, v)
}
