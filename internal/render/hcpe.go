package render

import (
	"encoding/binary"
	"io"
	"slices"

	"github.com/kifconv/kifconv/internal/shogi"
)

// HCPESize is the size of one hcpe record.
const HCPESize = 38

// HCPE writes cshogi's HuffmanCodedPosAndEval records, 38 bytes each, one
// per position that TrainOptions choose (by default every main-line
// position that has a move):
//
//	hcp         32 bytes  the position (shogi.Position.HCP)
//	eval        int16     the score recorded with the move, side to move's view, ±32767; 0 if none
//	bestMove16  uint16    the move played (shogi.Move16HCP)
//	gameResult  uint8     the line's result: 0 draw or unknown, 1 Black won, 2 White won
//	dummy       uint8     0
//
// Integers are little-endian. A position that hcp cannot code (short of
// the 40 pieces: a handicap, a problem) is left out and reported as lost.
// Same shape as PSV in psv.go: the layouts differ (position coding, move
// coding, result field), so each keeps its own.
type HCPE struct{ trainWriter }

// NewHCPE returns an hcpe writer.
func NewHCPE(w io.Writer, opt Options) *HCPE {
	h := &HCPE{newTrainWriter("hcpe", w, opt)}
	h.tr.visit = h.put
	return h
}

// put appends the record of one position.
func (h *HCPE) put(tp *trainPos) error {
	b := slices.Grow(h.buf, HCPESize)
	r := b[len(b) : len(b)+HCPESize]
	if tp.hcpValid {
		copy(r, tp.hcp[:])
	} else if tp.pos.HCP((*[32]byte)(r)) != nil {
		return h.lose(lossShortOfPieces)
	}
	binary.LittleEndian.PutUint16(r[32:], uint16(tp.score))
	binary.LittleEndian.PutUint16(r[34:], shogi.Move16HCP(tp.move))
	r[36], r[37] = 0, 0
	if tp.decided {
		r[36] = 1 + byte(tp.winner)
	}
	h.buf = b[:len(b)+HCPESize]
	return nil
}

// lossShortOfPieces names the positions the Huffman codings cannot hold.
const lossShortOfPieces = "positions short of the 40 pieces (handicap or problem positions)"
