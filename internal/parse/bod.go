package parse

import (
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// BOD reads a board diagram as KIF files and Kifu for Windows' position
// captions write it: the hands, the 9×9 grid with v for White's pieces,
// 先手番/後手番, and optionally a 手数＝N caption (the moves that may follow
// are then numbered from N+1) and header lines. The result is a record whose
// Start is the diagram; moves after it are read as in KIF.
//
//	手数＝32  ▲７六歩  まで
//	後手の持駒：角 歩二
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂 ・ ・ ・ ・ ・v桂v香|一
//	…
//	+---------------------------+
//	先手の持駒：なし
//	後手番
type BOD struct {
	Options
	k kakinoki
}

// NewBOD returns a BOD reader. Options are read at the first Read.
func NewBOD(r io.Reader, opt Options) *BOD {
	x := newReader[BOD](opt)
	x.Options = opt
	x.k.init(r, opt, "bod")
	return x
}

// Read returns the record, then io.EOF.
func (r *BOD) Read() (*shogi.Record, error) {
	r.k.Options = r.Options
	r.k.lr.file = r.Filename
	return r.k.read()
}

// Warnings returns the problems tolerated in the record last read.
func (r *BOD) Warnings() ErrorList { return r.k.warnings }
