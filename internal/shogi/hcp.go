package shogi

import (
	"encoding/binary"
	"errors"
)

// The Huffman position codings of engine training data: Apery's
// HuffmanCodedPos (hcp, written by cshogi's Board.to_hcp) here, and
// YaneuraOu's PackedSfen in psfen.go. Both code a position in exactly 256
// bits, read and written least significant bit first from byte 0:
//
//	1 bit    the side to move (0 Black, 1 White)
//	7 bits   Black's king square, then 7 bits White's
//	         (squares numbered file by file: 1a = 0, 1b = 1, …, 9i = 80)
//	board    every other square in that order, one code each (empty: 1 bit)
//	hands    Black's pieces in hand, then White's, one code per piece
//
// Every code of a piece in hand is one bit shorter than the code of the same
// piece on the board, so the 256 bits are filled exactly when all 40 pieces
// are on the board or in hand and both kings are on the board. A position
// short of pieces (a handicap, a problem) cannot be coded: the decoders of
// both formats read hand pieces until bit 256 and would turn the padding
// into pawns.

// ErrHuffmanPieces is returned when a position cannot be Huffman coded: it
// lacks a king or does not hold the 40 pieces of a set. (The training
// writers report such positions as a loss; no diagnostic code is needed.)
var ErrHuffmanPieces = errors.New("only a position with both kings on the board and all 40 pieces on the board or in hand can be coded in 256 bits")

// ErrHuffmanCode is returned when 32 bytes are not a valid Huffman coded
// position.
var ErrHuffmanCode = errors.New("not a valid Huffman coded position")

// huffCode is one code: its bits, first bit in bit 0, and its length.
type huffCode struct {
	bits, n uint8
}

// huffman is one of the two codings: codes for pieces on the board (indexed
// by Piece), codes for pieces in hand, and the order in which a hand's
// kinds are written.
type huffman struct {
	board     [32]huffCode
	hand      [2][Gold + 1]huffCode // [color][kind]
	handOrder [7]PieceType
	// pair holds the codes of two squares side by side, indexed by their
	// pieces (first<<5 | second): the code of the first in the low bits,
	// the length of both in bits 16-23.
	pair [1024]uint32
	// Decoding tables, built from the codes: an entry for every value of
	// the next 8 (board) or 7 (hand) bits.
	boardDec [256]huffDec
	handDec  [128]huffDec
}

// huffDec is what the next bits of a stream decode to: a piece and the
// length of its code (0: no code starts with these bits).
type huffDec struct {
	pc Piece
	n  uint8
}

// hcpCoding is Apery's HuffmanCodedPos as cshogi writes it. A board code is
// the kind's code, then the colour bit, then the promotion bit; the hand
// codes drop the kind code's first bit, and hands are written in the order
// P L N S G B R.
var hcpCoding = newHuffman(
	map[Piece]huffCode{
		NewPiece(Black, Pawn): {0b1, 4}, NewPiece(Black, Lance): {0b11, 6}, NewPiece(Black, Knight): {0b111, 6},
		NewPiece(Black, Silver): {0b1011, 6}, NewPiece(Black, Bishop): {0b11111, 8}, NewPiece(Black, Rook): {0b111111, 8},
		NewPiece(Black, Gold): {0b1111, 6}, NewPiece(Black, ProPawn): {0b1001, 4}, NewPiece(Black, ProLance): {0b100011, 6},
		NewPiece(Black, ProKnight): {0b100111, 6}, NewPiece(Black, ProSilver): {0b101011, 6}, NewPiece(Black, Horse): {0b10011111, 8},
		NewPiece(Black, Dragon): {0b10111111, 8},
		NewPiece(White, Pawn):   {0b101, 4}, NewPiece(White, Lance): {0b10011, 6}, NewPiece(White, Knight): {0b10111, 6},
		NewPiece(White, Silver): {0b11011, 6}, NewPiece(White, Bishop): {0b1011111, 8}, NewPiece(White, Rook): {0b1111111, 8},
		NewPiece(White, Gold): {0b101111, 6}, NewPiece(White, ProPawn): {0b1101, 4}, NewPiece(White, ProLance): {0b110011, 6},
		NewPiece(White, ProKnight): {0b110111, 6}, NewPiece(White, ProSilver): {0b111011, 6}, NewPiece(White, Horse): {0b11011111, 8},
		NewPiece(White, Dragon): {0b11111111, 8},
	},
	[2][Gold + 1]huffCode{
		{Pawn: {0b0, 3}, Lance: {0b1, 5}, Knight: {0b11, 5}, Silver: {0b101, 5}, Gold: {0b111, 5}, Bishop: {0b11111, 7}, Rook: {0b111111, 7}},
		{Pawn: {0b100, 3}, Lance: {0b10001, 5}, Knight: {0b10011, 5}, Silver: {0b10101, 5}, Gold: {0b10111, 5}, Bishop: {0b1011111, 7}, Rook: {0b1111111, 7}},
	},
	[7]PieceType{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook},
)

// newHuffman builds a coding from its code tables.
func newHuffman(board map[Piece]huffCode, hand [2][Gold + 1]huffCode, order [7]PieceType) *huffman {
	h := &huffman{hand: hand, handOrder: order}
	h.board[NoPiece] = huffCode{0, 1}
	for pc, c := range board {
		h.board[pc] = c
	}
	for a, ca := range h.board {
		for b, cb := range h.board {
			h.pair[a<<5|b] = uint32(ca.bits) | uint32(cb.bits)<<ca.n | uint32(ca.n+cb.n)<<16
		}
	}
	for pc, c := range h.board {
		if c.n == 0 {
			continue
		}
		for ext := 0; ext < 1<<(8-c.n); ext++ {
			h.boardDec[int(c.bits)|ext<<c.n] = huffDec{Piece(pc), c.n}
		}
	}
	for col := range hand {
		for t, c := range hand[col] {
			if c.n == 0 {
				continue
			}
			for ext := 0; ext < 1<<(7-c.n); ext++ {
				h.handDec[int(c.bits)|ext<<c.n] = huffDec{NewPiece(Color(col), PieceType(t)), c.n}
			}
		}
	}
	return h
}

// codedSquares lists the board squares in the order the codings write them:
// file 1 from rank a to rank i, then file 2, and so on.
var codedSquares = func() (t [81]Square) {
	for i := range t {
		t[i] = NewSquare(i/9+1, i%9+1)
	}
	return t
}()

// codedIndex is the inverse of codedSquares: a square's number in the
// codings (and in Apery's and YaneuraOu's moves).
var codedIndex = func() (t [81]uint8) {
	for i, s := range codedSquares {
		t[s] = uint8(i)
	}
	return t
}()

// bitWriter collects 256 bits, least significant first: acc holds the n
// bits of the word being filled, w the words filled, i how many (more
// than 4 when too many bits were put).
type bitWriter struct {
	acc uint64
	n   uint
	i   int
	w   [4]uint64
}

// put appends a code of n ≤ 32 bits. It is small enough to be inlined,
// which the encoder's loops need.
func (b *bitWriter) put(bits uint64, n uint) {
	b.acc |= bits << b.n
	b.n += n
	if b.n >= 64 {
		b.n -= 64
		b.w[b.i&3] = b.acc
		b.i++
		b.acc = bits >> (n - b.n)
	}
}

// bitReader reads 256 bits, least significant first; bits past the end
// read as zero.
type bitReader struct {
	w   [5]uint64
	cur uint
}

// peek returns the next n ≤ 32 bits without consuming them.
func (b *bitReader) peek(n uint) uint32 {
	i, off := b.cur>>6, b.cur&63
	if i >= 4 {
		return 0
	}
	v := b.w[i] >> off
	if off != 0 {
		v |= b.w[i+1] << (64 - off)
	}
	return uint32(v & (1<<n - 1))
}

func (b *bitReader) take(n uint) uint32 {
	v := b.peek(n)
	b.cur += n
	return v
}

// encode codes p into dst, or returns ErrHuffmanPieces. The codes fill
// exactly 256 bits when both kings are on the board and all 40 pieces are
// on the board or in hand (in any position a reader accepts, which holds
// no more pieces of a kind than a set); that is also what makes decode
// give p back, so it is the test.
func (h *huffman) encode(dst *[32]byte, p *Position) error {
	bk, wk := p.kings[Black], p.kings[White]
	if uint(bk) >= 81 || uint(wk) >= 81 {
		return ErrHuffmanPieces
	}
	b := bitWriter{acc: uint64(p.turn&1) | uint64(codedIndex[bk])<<1 | uint64(codedIndex[wk])<<8, n: 15}
	// Two squares at a time: the 81 squares are 40 pairs and 9i. A king
	// has no code: its square is in the header.
	for k := 0; k < 80; k += 2 {
		c := h.pair[int(p.board[codedBoard[k]]&31)<<5|int(p.board[codedBoard[k+1]]&31)]
		b.put(uint64(c&0xffff), uint(c>>16))
	}
	last := h.board[p.board[codedBoard[80]]&31]
	b.put(uint64(last.bits), uint(last.n))
	for col := range p.hands {
		hand := &p.hands[col]
		codes := &h.hand[col]
		for _, t := range h.handOrder {
			c := codes[t&7]
			for range hand[t&7] {
				b.put(uint64(c.bits), uint(c.n))
			}
		}
	}
	if b.i != 4 || b.n != 0 {
		return ErrHuffmanPieces
	}
	w := b.w
	for i, x := range w {
		binary.LittleEndian.PutUint64(dst[8*i:], x)
	}
	return nil
}

// codedBoard is codedSquares as indexes of Position.board.
var codedBoard = func() (t [81]uint8) {
	for i, s := range codedSquares {
		t[i] = uint8(s)
	}
	return t
}()

// decode reads a position coded by encode. The move number is 1.
func (h *huffman) decode(src *[32]byte) (Position, error) {
	var b bitReader
	for i := range 4 {
		b.w[i] = binary.LittleEndian.Uint64(src[8*i:])
	}
	p := NewPosition()
	p.turn = Color(b.take(1))
	bk, wk := b.take(7), b.take(7)
	if bk >= 81 || wk >= 81 || bk == wk {
		return Position{}, ErrHuffmanCode
	}
	p.Set(codedSquares[bk], NewPiece(Black, King))
	p.Set(codedSquares[wk], NewPiece(White, King))
	for _, s := range codedSquares {
		if p.board[s] != NoPiece {
			continue
		}
		d := h.boardDec[b.peek(8)]
		if d.n == 0 {
			return Position{}, ErrHuffmanCode
		}
		b.cur += uint(d.n)
		if d.pc != NoPiece {
			p.Set(s, d.pc)
		}
	}
	for b.cur < 256 {
		d := h.handDec[b.peek(7)]
		if d.n == 0 {
			return Position{}, ErrHuffmanCode
		}
		b.cur += uint(d.n)
		p.hands[d.pc.Color()][d.pc.Type()]++
	}
	if b.cur != 256 {
		return Position{}, ErrHuffmanCode
	}
	if err := p.checkPieceCounts(); err != nil {
		return Position{}, ErrHuffmanCode
	}
	return p, nil
}

// HCP codes p as Apery's HuffmanCodedPos, the 32-byte position of cshogi's
// hcp and hcpe records (Board.to_hcp writes the same bytes). It returns
// ErrHuffmanPieces for a position that cannot be coded.
func (p *Position) HCP(dst *[32]byte) error { return hcpCoding.encode(dst, p) }

// DecodeHCP reads a position coded by HCP. The move number, which hcp does
// not hold, is 1.
func DecodeHCP(src *[32]byte) (Position, error) { return hcpCoding.decode(src) }

// Move16HCP returns m as cshogi's move16 (Apery's 16-bit move): the
// destination in bits 0-6 and the origin in bits 7-13, squares numbered as
// in the codings (1a = 0, 1b = 1, …); a drop has 80 plus the dropped kind
// (pawn 1 … rook 6, gold 7) as its origin; bit 14 is promotion.
func Move16HCP(m Move) uint16 {
	v := uint16(codedIndex[m.To()])
	if m.IsDrop() {
		v |= uint16(80+m.DropType()) << 7
	} else {
		v |= uint16(codedIndex[m.From()]) << 7
	}
	if m.IsPromotion() {
		v |= 1 << 14
	}
	return v
}

// MoveFromHCP16 reads a move written by Move16HCP; ok is false when v is
// not one.
func MoveFromHCP16(v uint16) (m Move, ok bool) {
	to, from := v&127, v>>7&127
	if to >= 81 || v>>15 != 0 {
		return 0, false
	}
	if from >= 81 {
		t := PieceType(from - 80)
		if t < Pawn || t > Gold || v&(1<<14) != 0 {
			return 0, false
		}
		return NewDrop(t, codedSquares[to]), true
	}
	return NewMove(codedSquares[from], codedSquares[to], v&(1<<14) != 0), true
}
