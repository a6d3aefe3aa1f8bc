package render

import (
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// TrainOptions choose the positions the training-data writers (HCPE, PSV,
// Positions) write. The zero value writes every main-line position that
// has a move, of every game.
type TrainOptions struct {
	SkipPlies  int  // leave out the positions before move SkipPlies+1 of each line (the opening)
	MinPlies   int  // leave out the games whose main line has fewer moves
	Decisive   bool // leave out the lines of play that end without a winner
	Variations bool // write the positions of every variation too, after the position they branch from
	Dedup      bool // write each position (board, hands, side to move) once per output
}

// DedupBytesPerPosition bounds what Dedup costs per distinct position
// written (shogi.PositionSet).
const DedupBytesPerPosition = shogi.PositionSetBytes

// trainPos is one position of training data: the position, the move played
// from it, the score recorded with that move and the result of its line.
type trainPos struct {
	pos      *shogi.Position
	move     shogi.Move
	score    int16 // the side to move's view, 0 when the record has none
	winner   shogi.Color
	decided  bool // the line ends with a winner
	hcp      [32]byte
	hcpValid bool // hcp holds pos (with Dedup, or once a writer coded it)
}

// result returns the line's result from the side to move's view: 1 won,
// -1 lost, 0 drawn or unknown.
func (t *trainPos) result() int8 {
	switch {
	case !t.decided:
		return 0
	case t.winner == t.pos.Turn():
		return 1
	}
	return -1
}

// trainer walks records for the training writers: it picks the positions
// that TrainOptions ask for and hands each to visit, in the order of the
// record (main line, with each variation after the position it branches
// from).
type trainer struct {
	opt   TrainOptions
	visit func(*trainPos) error
	seen  shogi.PositionSet
	// seenText holds the positions that hcp cannot code (short of the 40
	// pieces), by their SFEN without the move number.
	seenText map[string]struct{}
	tp       trainPos
	buf      []byte
}

// write walks one record.
func (t *trainer) write(rec *shogi.Record) error {
	first := rec.Root.Next()
	if first == nil {
		return nil
	}
	if t.opt.MinPlies > 0 {
		n := 0
		for x := first; x != nil && !x.IsEnd(); x = x.Next() {
			n++
		}
		if n < t.opt.MinPlies {
			return nil
		}
	}
	return t.line(first, rec.Start, 0)
}

// line walks the line of play that starts with the node first, played
// from pos, ply moves after the start of the record.
func (t *trainer) line(first *shogi.Node, pos shogi.Position, ply int) error {
	o := shogi.LineResult(pos, first)
	winner, decided := o.Winner, o.Decided
	keep := decided || !t.opt.Decisive
	for n := first; n != nil && !n.IsEnd(); n = n.Next() {
		// Readers keep an illegal move only as the last move of its line,
		// or before the capture of the king it left in check (a foul the
		// ending documents, or one a lenient reader kept): the data end
		// before it, since what follows is not play.
		if next := n.Next(); (next == nil || next.IsEnd() || next.Next() == nil || next.Next().IsEnd()) && pos.Legal(n.Move) != nil {
			break
		}
		if keep && ply >= t.opt.SkipPlies {
			if err := t.emit(&pos, n, winner, decided); err != nil {
				return err
			}
		}
		if t.opt.Variations && n.Parent().Next() == n {
			for v := range n.Parent().Variations() {
				if v.IsEnd() {
					continue
				}
				if err := t.line(v, pos, ply); err != nil {
					return err
				}
			}
		}
		pos.Play(n.Move)
		ply++
	}
	return nil
}

// emit hands the position before n's move to visit, unless Dedup has
// written it already.
func (t *trainer) emit(pos *shogi.Position, n *shogi.Node, winner shogi.Color, decided bool) error {
	tp := &t.tp
	*tp = trainPos{pos: pos, move: n.Move, winner: winner, decided: decided}
	if t.opt.Dedup && t.seenBefore(tp) {
		return nil
	}
	if s, ok := scoreOf(n.Comments()); ok {
		if pos.Turn() == shogi.White {
			s = -s
		}
		tp.score = int16(s)
	}
	return t.visit(tp)
}

// seenBefore reports whether tp's position was written before, and
// remembers it.
func (t *trainer) seenBefore(tp *trainPos) bool {
	if tp.pos.HCP(&tp.hcp) == nil {
		tp.hcpValid = true
		return !t.seen.Add(&tp.hcp)
	}
	b := tp.pos.AppendSFEN(t.buf[:0])
	for len(b) > 0 && b[len(b)-1] != ' ' {
		b = b[:len(b)-1] // the move number
	}
	t.buf = b
	if _, ok := t.seenText[string(b)]; ok {
		return true
	}
	if t.seenText == nil {
		t.seenText = map[string]struct{}{}
	}
	t.seenText[string(b)] = struct{}{}
	return false
}

// scoreOf returns the engine score that comments of a move record, from
// Black's view, clamped to ±32767 (a mate is ±32767): shogi.ParseEvaluation
// reads every convention (ShogiHome's, floodgate's, Kifu for Windows',
// kifconv's analysis blocks).
func scoreOf(comments []string) (int, bool) {
	e, ok := shogi.ParseEvaluation(comments)
	return e.Clamp(32767), ok
}

// BinaryEncoding is the Format.Encoding of the formats that write bytes
// rather than text (hcpe, psv): no transcoding, no line ends.
const BinaryEncoding = "binary"

// IsTraining reports whether the named format writes training data, the
// formats TrainOptions apply to.
func IsTraining(format string) bool {
	return format == "hcpe" || format == "psv" || format == "positions"
}

// trainWriter is what the three training writers share: each record's
// positions are collected in buf by the format's put and written at once.
type trainWriter struct {
	Options
	losses
	ew  errWriter
	buf []byte
	tr  trainer
}

func newTrainWriter(format string, w io.Writer, opt Options) trainWriter {
	return trainWriter{Options: opt, losses: losses{format: format, allow: opt.AllowLoss}, ew: errWriter{w: w}, tr: trainer{opt: opt.Train}}
}

// Reset makes t write to out as a new writer would (Writer): no position
// is seen yet.
func (t *trainWriter) Reset(out io.Writer) {
	*t = trainWriter{Options: t.Options, losses: t.losses.reset(), ew: errWriter{w: out}, buf: t.buf[:0],
		tr: trainer{opt: t.tr.opt, visit: t.tr.visit, buf: t.tr.buf[:0]}}
}

// Write writes the positions of one game.
func (t *trainWriter) Write(rec *shogi.Record) error {
	if t.ew.err != nil {
		return t.ew.err
	}
	t.buf = t.buf[:0]
	if err := t.tr.write(rec); err != nil {
		return err
	}
	t.ew.write(t.buf)
	return t.ew.err
}

// Flush returns the first write error.
func (t *trainWriter) Flush() error { return t.ew.err }
