package render

import (
	"io"
	"strconv"
)

// Positions writes the data of the training formats as text, one line per
// position that TrainOptions choose (by default every main-line position
// that has a move), four fields separated by spaces:
//
//	lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 7g7f 35 1
//
// the SFEN of the position (move number included), the move played (USI),
// the score recorded with it from the side to move's view (clamped to
// ±32767, 0 when none) and the result of its line from the side to move's
// view (1 won, -1 lost, 0 drawn or unknown): the hcpe and psv records as a
// person, grep or awk reads them. Every position can be written, also those
// short of the 40 pieces.
type Positions struct{ trainWriter }

// NewPositions returns a writer of position lines.
func NewPositions(w io.Writer, opt Options) *Positions {
	p := &Positions{newTrainWriter("positions", w, opt)}
	p.tr.visit = p.put
	return p
}

// put appends the line of one position.
func (p *Positions) put(tp *trainPos) error {
	b := tp.pos.AppendSFEN(p.buf)
	b = append(b, ' ')
	b = tp.move.AppendUSI(b)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(tp.score), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(tp.result()), 10)
	p.buf = append(b, '\n')
	return nil
}
