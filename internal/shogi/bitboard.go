package shogi

import "math/bits"

// bitboard is a set of squares, bit s for square s: squares 0-63 in lo,
// 64-80 in hi. A Position keeps the occupied squares in one, so that
// whether the squares between two others are empty, and which piece a
// slider meets first, are a few word operations instead of a walk along
// the board. A struct of two words (not an array) stays in registers.
type bitboard struct{ lo, hi uint64 }

// has reports whether s is in b. A shift of 64 or more gives 0 in Go, so
// each word answers only for its own squares and NoSquare for neither.
func (b bitboard) has(s Square) bool {
	return (b.lo>>uint(s)|b.hi>>(uint(s)-64))&1 != 0
}

// toggle adds s to b when absent and removes it when present.
func (b *bitboard) toggle(s Square) {
	b.lo ^= 1 << uint(s)
	b.hi ^= 1 << (uint(s) - 64)
}

// set adds s (on the board) to b.
func (b *bitboard) set(s Square) {
	x := &squareBBs[s]
	b.lo |= x.lo
	b.hi |= x.hi
}

// clear removes s (on the board) from b.
func (b *bitboard) clear(s Square) {
	x := &squareBBs[s]
	b.lo &^= x.lo
	b.hi &^= x.hi
}

// put adds s to b when on is set and removes it otherwise.
func (b *bitboard) put(s Square, on bool) {
	if on {
		b.set(s)
	} else {
		b.clear(s)
	}
}

// and returns the squares in both a and b.
func (b bitboard) and(a bitboard) bitboard { return bitboard{b.lo & a.lo, b.hi & a.hi} }

// without returns b less the squares of a.
func (b bitboard) without(a bitboard) bitboard { return bitboard{b.lo &^ a.lo, b.hi &^ a.hi} }

// empty reports whether b has no square.
func (b bitboard) empty() bool { return b.lo|b.hi == 0 }

// first returns the lowest square of b, or NoSquare.
func (b bitboard) first() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	if b.hi != 0 {
		return Square(64 + bits.TrailingZeros64(b.hi))
	}
	return NoSquare
}

// pop removes the lowest square of b, which must not be empty, and
// returns it.
func (b *bitboard) pop() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	s := Square(64 + bits.TrailingZeros64(b.hi))
	b.hi &= b.hi - 1
	return s
}

// last returns the highest square of b, or NoSquare.
func (b bitboard) last() Square {
	if b.hi != 0 {
		return Square(127 - bits.LeadingZeros64(b.hi))
	}
	if b.lo != 0 {
		return Square(63 - bits.LeadingZeros64(b.lo))
	}
	return NoSquare
}

// squareBBs[s] is the set of the one square s: a table, as a shift by a
// count that may exceed 63 costs more than a load.
var squareBBs = func() (t [81]bitboard) {
	for s := range t {
		t[s].toggle(Square(s))
	}
	return
}()

// rays[s][d] is the set of squares from s in direction d (0..7) to the
// edge of the board, s itself not included.
var rays = func() (t [81][8]bitboard) {
	for s := Square(0); s < 81; s++ {
		for d := 0; d < 8; d++ {
			for x := neighbour[s][d]; x != NoSquare; x = neighbour[x][d] {
				t[s][d].toggle(x)
			}
		}
	}
	return
}()

// ascending reports whether square indexes grow in direction d (East,
// South-East, South, South-West): the piece a ray from s meets first is
// then its lowest occupied square, otherwise its highest.
func ascending(d int8) bool { return uint8(d-dirE) < 4 }

// between returns the squares strictly between a and b, which lie on the
// line d = lineDir[a][b] (0..7) from a: those both a ray from a and a ray
// back from b cross.
func between(a, b Square, d int8) bitboard {
	return rays[a][d&7].and(rays[b][(d+4)&7])
}

// relation is what a table says about a pair of squares (a, b): the step
// direction d with neighbour[a][d] == b (bit d, 0..11), the line direction
// from a towards b when they share a rank, file or diagonal (bit 16+d,
// 0..7), and that direction again as a number (bits 24-26). Masked with a
// piece's moves (pieceMoves), it says in one load whether the piece on a
// steps to b, or slides towards it.
type relation uint32

const (
	relSteps relation = 0xfff
	relLines relation = 0xff << 16
)

// line returns the line direction, meaningful when r&relLines != 0.
func (r relation) line() int8 { return int8(r>>24) & 7 }

var rel = func() (t [81][81]relation) {
	for a := Square(0); a < 81; a++ {
		for d := 0; d < numDirs; d++ {
			if s := neighbour[a][d]; s != NoSquare {
				t[a][s] |= 1 << d
			}
		}
		for d := 0; d < 8; d++ {
			for s := neighbour[a][d]; s != NoSquare; s = neighbour[s][d] {
				t[a][s] |= 1<<(16+d) | relation(d)<<24
			}
		}
	}
	return
}()

// pieceMoves[pc] is stepMask[pc] with slideMask[pc] in bits 16-23, the
// layout of relation.
var pieceMoves = func() (t [32]relation) {
	for pc := range t {
		t[pc] = relation(stepMask[pc]) | relation(slideMask[pc])<<16
	}
	return
}()
