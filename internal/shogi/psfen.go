package shogi

// psfenCoding is YaneuraOu's PackedSfen (the layout is described in
// hcp.go). A board code is the kind's code, then the promotion bit (not for
// gold), then the colour bit; kind codes differ from hcp's for knight and
// silver, and promoted pieces differ throughout. A hand code drops the kind
// code's first bit and keeps a zero promotion bit. Hands are written in the
// order P L N S G B R, as cshogi's Board.to_psfen writes them (some
// YaneuraOu packers write gold after the rook; the decoders read either).
var psfenCoding = newHuffman(
	map[Piece]huffCode{
		NewPiece(Black, Pawn): {0b1, 4}, NewPiece(Black, Lance): {0b11, 6}, NewPiece(Black, Knight): {0b1011, 6},
		NewPiece(Black, Silver): {0b111, 6}, NewPiece(Black, Bishop): {0b11111, 8}, NewPiece(Black, Rook): {0b111111, 8},
		NewPiece(Black, Gold): {0b1111, 6}, NewPiece(Black, ProPawn): {0b101, 4}, NewPiece(Black, ProLance): {0b10011, 6},
		NewPiece(Black, ProKnight): {0b11011, 6}, NewPiece(Black, ProSilver): {0b10111, 6}, NewPiece(Black, Horse): {0b1011111, 8},
		NewPiece(Black, Dragon): {0b1111111, 8},
		NewPiece(White, Pawn):   {0b1001, 4}, NewPiece(White, Lance): {0b100011, 6}, NewPiece(White, Knight): {0b101011, 6},
		NewPiece(White, Silver): {0b100111, 6}, NewPiece(White, Bishop): {0b10011111, 8}, NewPiece(White, Rook): {0b10111111, 8},
		NewPiece(White, Gold): {0b101111, 6}, NewPiece(White, ProPawn): {0b1101, 4}, NewPiece(White, ProLance): {0b110011, 6},
		NewPiece(White, ProKnight): {0b111011, 6}, NewPiece(White, ProSilver): {0b110111, 6}, NewPiece(White, Horse): {0b11011111, 8},
		NewPiece(White, Dragon): {0b11111111, 8},
	},
	[2][Gold + 1]huffCode{
		{Pawn: {0b0, 3}, Lance: {0b1, 5}, Knight: {0b101, 5}, Silver: {0b11, 5}, Gold: {0b111, 5}, Bishop: {0b1111, 7}, Rook: {0b11111, 7}},
		{Pawn: {0b100, 3}, Lance: {0b10001, 5}, Knight: {0b10101, 5}, Silver: {0b10011, 5}, Gold: {0b10111, 5}, Bishop: {0b1001111, 7}, Rook: {0b1011111, 7}},
	},
	[7]PieceType{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook},
)

// PackedSFEN codes p as YaneuraOu's 32-byte PackedSfen, the position of a
// PackedSfenValue record (cshogi's Board.to_psfen writes the same bytes). It
// returns ErrHuffmanPieces for a position that cannot be coded.
func (p *Position) PackedSFEN(dst *[32]byte) error { return psfenCoding.encode(dst, p) }

// DecodePackedSFEN reads a position coded by PackedSFEN. The move number,
// which a PackedSfen does not hold, is 1.
func DecodePackedSFEN(src *[32]byte) (Position, error) { return psfenCoding.decode(src) }

// Move16PSV returns m as YaneuraOu's Move16, the move of a PackedSfenValue:
// the destination in bits 0-6 and the origin in bits 7-13 (squares numbered
// as in the codings); a drop has the dropped kind (pawn 1 … rook 6, gold 7)
// as its origin and bit 14 set; bit 15 is promotion.
func Move16PSV(m Move) uint16 {
	v := uint16(codedIndex[m.To()])
	if m.IsDrop() {
		v |= uint16(m.DropType())<<7 | 1<<14
	} else {
		v |= uint16(codedIndex[m.From()]) << 7
	}
	if m.IsPromotion() {
		v |= 1 << 15
	}
	return v
}

// MoveFromPSV16 reads a move written by Move16PSV; ok is false when v is
// not one.
func MoveFromPSV16(v uint16) (m Move, ok bool) {
	to, from := v&127, v>>7&127
	if to >= 81 {
		return 0, false
	}
	if v&(1<<14) != 0 {
		t := PieceType(from)
		if t < Pawn || t > Gold || v&(1<<15) != 0 {
			return 0, false
		}
		return NewDrop(t, codedSquares[to]), true
	}
	if from >= 81 {
		return 0, false
	}
	return NewMove(codedSquares[from], codedSquares[to], v&(1<<15) != 0), true
}
