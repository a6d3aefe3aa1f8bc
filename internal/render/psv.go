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
// as lost.
type PSV struct {
	Options
	losses
	ew  errWriter
	buf []byte
	tr  trainer
}

// NewPSV returns a PackedSfenValue writer.
func NewPSV(w io.Writer, opt Options) *PSV {
	p := &PSV{Options: opt, losses: losses{format: "psv", allow: opt.AllowLoss}, ew: errWriter{w: w}}
	p.tr = trainer{opt: opt.Train, visit: p.put}
	return p
}

// Write writes the records of one game.
func (p *PSV) Write(rec *shogi.Record) error {
	if p.ew.err != nil {
		return p.ew.err
	}
	p.buf = p.buf[:0]
	if err := p.tr.write(rec); err != nil {
		return err
	}
	p.ew.write(p.buf)
	return p.ew.err
}

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

// Flush returns the first write error.
func (p *PSV) Flush() error { return p.ew.err }
