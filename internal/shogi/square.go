package shogi

// Square is one of the 81 squares. Its index runs in SFEN order: rank 1 (一,
// `a`) from file 9 to file 1, then rank 2, and so on, so that iterating
// 0..80 visits the board as SFEN and BOD print it.
type Square int8

// NoSquare marks the absence of a square (a drop has no origin).
const NoSquare Square = -1

// NewSquare returns the square at file 1..9 and rank 1..9; callers check the
// range (see ValidFileRank).
func NewSquare(file, rank int) Square { return Square((rank-1)*9 + (9 - file)) }

// ValidFileRank reports whether file and rank are both in 1..9.
func ValidFileRank(file, rank int) bool { return file >= 1 && file <= 9 && rank >= 1 && rank <= 9 }

// File returns the file 1..9 (1 is on Black's right).
func (s Square) File() int { return 9 - int(s)%9 }

// Rank returns the rank 1..9 (1 is White's back rank, 一, `a`).
func (s Square) Rank() int { return int(s)/9 + 1 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < 81 }

// USI returns the USI name of the square ("7g").
func (s Square) USI() string {
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// String returns the USI name.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return s.USI()
}

// ParseSquareUSI reads a USI square ("7g").
func ParseSquareUSI(s string) (Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'0'), int(s[1]-'a')+1), true
}

// inZone reports whether s is in c's promotion zone (the far three ranks).
func (s Square) inZone(c Color) bool {
	if c == Black {
		return s < 27
	}
	return s >= 54
}

// InPromotionZone reports whether s is in c's promotion zone.
func (s Square) InPromotionZone(c Color) bool { return s.inZone(c) }

// Absolute directions on the board. 0..7 are the eight neighbours clockwise
// from "up" (towards rank 1); 8..11 are knight jumps: 8 and 9 upwards (Black's
// knight), 10 and 11 downwards (White's knight).
const (
	dirN = iota
	dirNE
	dirE
	dirSE
	dirS
	dirSW
	dirW
	dirNW
	dirKnightNE
	dirKnightNW
	dirKnightSE
	dirKnightSW
	numDirs
)

// neighbour[s][d] is the square next to s in direction d, or NoSquare.
var neighbour = func() (t [81][numDirs]Square) {
	// df is towards file 1 (East, on Black's right); dr is towards rank 9 (South).
	df := [numDirs]int{0, -1, -1, -1, 0, 1, 1, 1, -1, 1, -1, 1}
	dr := [numDirs]int{-1, -1, 0, 1, 1, 1, 0, -1, -2, -2, 2, 2}
	for s := Square(0); s < 81; s++ {
		for d := 0; d < numDirs; d++ {
			f, r := s.File()+df[d], s.Rank()+dr[d]
			if ValidFileRank(f, r) {
				t[s][d] = NewSquare(f, r)
			} else {
				t[s][d] = NoSquare
			}
		}
	}
	return t
}()

func opposite(d int) int { return (d + 4) & 7 }

// pawnForward is the direction a pawn of each colour moves in.
var pawnForward = [2]int{dirN, dirS}
