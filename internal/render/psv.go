package render

import (
	"encoding/binary"
	"io"
	"slices"

	"github.com/kifconv/kifconv/internal/shogi"
)

// PSVSize is the size of one PackedSfenValue record.
const PSVSize = 40

// PSV writes YaneuraOu's PackedSfenValue records, 40 bytes each, one per
// position that TrainOptions choose (by default every main-line position
// that has a move):
//
//	sfen         32 bytes  the position (shogi.Position.PackedSFEN)
//	score        int16     the score recorded with the move, side to move's view, ±32767; 0 if none
//	move         uint16    the move played (shogi.Move16PSV)
//	gamePly      uint16    the position's SFEN move number (1 at the start of an even game)
//	game_result  int8      1 if the side to move won its line, -1 if it lost, 0 drawn or unknown
//	padding      uint8     0
//
// Integers are little-endian. A position that PackedSfen cannot code
// (short of the 40 pieces: a handicap, a problem) is left out and reported
// as lost. Same shape as HCPE in hcpe.go: the layouts differ (position
// coding, move coding, game ply, result field), so each keeps its own.
type PSV struct{ trainWriter }

// NewPSV returns a PackedSfenValue writer.
func NewPSV(w io.Writer, opt Options) *PSV {
	p := &PSV{newTrainWriter("psv", w, opt)}
	p.tr.visit = p.put
	return p
}

// put appends the record of one position.
func (p *PSV) put(tp *trainPos) error {
	b := slices.Grow(p.buf, PSVSize)
	r := b[len(b) : len(b)+PSVSize]
	if tp.pos.PackedSFEN((*[32]byte)(r)) != nil {
		return p.lose(lossShortOfPieces)
	}
	binary.LittleEndian.PutUint16(r[32:], uint16(tp.score))
	binary.LittleEndian.PutUint16(r[34:], shogi.Move16PSV(tp.move))
	binary.LittleEndian.PutUint16(r[36:], uint16(min(tp.pos.MoveNumber(), 0xffff)))
	r[38], r[39] = byte(tp.result()), 0
	p.buf = b[:len(b)+PSVSize]
	return nil
}
