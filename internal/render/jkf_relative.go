package render

import "github.com/kifconv/kifconv/internal/shogi"

// Directions of the neighbour table, as (file, rank) steps: the eight
// neighbours, then the knight's jumps for Black and for White.
var jkfDirs = [12][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {-1, -2}, {1, -2}, {-1, 2}, {1, 2}}

// jkfNext[d][s] is the square one step d from s, or NoSquare off the board.
var jkfNext = func() (t [len(jkfDirs)][81]shogi.Square) {
	for d, v := range jkfDirs {
		for s := shogi.Square(0); s < 81; s++ {
			t[d][s] = shogi.NoSquare
			if f, r := s.File()+v[0], s.Rank()+v[1]; shogi.ValidFileRank(f, r) {
				t[d][s] = shogi.NewSquare(f, r)
			}
		}
	}
	return
}()

// jkfWalk is a way to look from a destination for the pieces that reach it:
// the direction, and whether to go on past empty squares.
type jkfWalk struct {
	dir   uint8
	slide bool
}

// jkfWalkList is the walks of one kind: walk[:n].
type jkfWalkList struct {
	n    int
	walk [8]jkfWalk
}

// jkfWalks[c][t] lists the walks that find the pieces of colour c and kind
// t reaching a square: each move of the kind, backwards.
var jkfWalks = func() (t [2][shogi.NumPieceTypes]jkfWalkList) {
	// Moves for Black (rank decreasing is forward); slide repeats them.
	type step struct {
		df, dr int
		slide  bool
	}
	gold := []step{{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false}, {1, 0, false}, {0, 1, false}}
	moves := [shogi.NumPieceTypes][]step{
		shogi.Pawn:      {{0, -1, false}},
		shogi.Lance:     {{0, -1, true}},
		shogi.Knight:    {{-1, -2, false}, {1, -2, false}},
		shogi.Silver:    {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}},
		shogi.Gold:      gold,
		shogi.ProPawn:   gold,
		shogi.ProLance:  gold,
		shogi.ProKnight: gold,
		shogi.ProSilver: gold,
		shogi.King:      {{0, -1, false}, {-1, -1, false}, {1, -1, false}, {-1, 0, false}, {1, 0, false}, {0, 1, false}, {-1, 1, false}, {1, 1, false}},
		shogi.Bishop:    {{-1, -1, true}, {1, -1, true}, {-1, 1, true}, {1, 1, true}},
		shogi.Rook:      {{0, -1, true}, {0, 1, true}, {-1, 0, true}, {1, 0, true}},
		shogi.Horse:     {{-1, -1, true}, {1, -1, true}, {-1, 1, true}, {1, 1, true}, {0, -1, false}, {0, 1, false}, {-1, 0, false}, {1, 0, false}},
		shogi.Dragon:    {{0, -1, true}, {0, 1, true}, {-1, 0, true}, {1, 0, true}, {-1, -1, false}, {1, -1, false}, {-1, 1, false}, {1, 1, false}},
	}
	dirOf := func(df, dr int) uint8 {
		for d, v := range jkfDirs {
			if v == [2]int{df, dr} {
				return uint8(d)
			}
		}
		panic("render: no direction for a JKF walk")
	}
	for k, ms := range moves {
		for _, m := range ms {
			// Black's piece came from the opposite of its move; White's
			// moves are Black's turned round, so it came from the move's
			// direction as Black sees it.
			b, w := &t[shogi.Black][k], &t[shogi.White][k]
			b.walk[b.n] = jkfWalk{dirOf(-m.df, -m.dr), m.slide}
			w.walk[w.n] = jkfWalk{dirOf(m.df, m.dr), m.slide}
			b.n++
			w.n++
		}
	}
	return
}()

// jkfCandidates appends to buf the squares of the pieces pc (kind and
// colour) that reach to, ignoring checks, as KI2 notation counts them
// (../shared/specs/ki2-japanese-notation.md §6): it looks outwards from to
// along each move of the kind, backwards, to the first piece.
func jkfCandidates(buf *[10]shogi.Square, pos *shogi.Position, pc shogi.Piece, to shogi.Square) []shogi.Square {
	out := buf[:0]
	if x := pos.At(to); x != shogi.NoPiece && x.Color() == pc.Color() {
		return out
	}
	ws := &jkfWalks[pc.Color()&1][pc.Type()]
	for _, w := range ws.walk[:ws.n] {
		next := &jkfNext[w.dir]
		for s := next[to]; s != shogi.NoSquare; s = next[s] {
			if x := pos.At(s); x != shogi.NoPiece {
				if x == pc && len(out) < len(buf) {
					out = append(out, s)
				}
				break
			}
			if !w.slide {
				break
			}
		}
	}
	return out
}

// The JKF relative codes: a position word (右 R, 左 L, 直 C), then a
// movement word (上 U, 寄 M, 引 D), or 打 H alone.
const (
	relRight    = 'R'
	relLeft     = 'L'
	relStraight = 'C'
	relUp       = 'U'
	relSide     = 'M'
	relDown     = 'D'
)

// jkfRelativeCodes holds every code string the writer can produce, so that
// relative allocates nothing.
var jkfRelativeCodes = [...]string{"", "L", "C", "R", "U", "M", "D", "H",
	"LU", "LM", "LD", "CU", "CM", "CD", "RU", "RM", "RD"}

// jkfCode returns the code string of a position word p and a movement word
// m (0 for none).
func jkfCode(p, m byte) string {
	for _, s := range jkfRelativeCodes {
		if (p == 0 && m == 0 && s == "") ||
			(p == 0 && len(s) == 1 && s[0] == m) ||
			(m == 0 && len(s) == 1 && s[0] == p) ||
			(len(s) == 2 && s[0] == p && s[1] == m) {
			return s
		}
	}
	return ""
}

// The words are chosen here from the position, as KI2 notation chooses them
// (shogi.KI2Notation's ki2Candidates, ki2Filter and ki2Modifiers, which are
// not exported); these helpers mirror those until one Position method
// serves KI2, Western, JKF and PSN notation (issue 13, item 4).

// jkfRelative returns the relative codes of m played in pos: the words KI2
// notation writes to single the mover out by the JSA rules (§6 of the KI2
// notes), or "H" for a drop while a board piece of the kind could also
// move there; "" when nothing needs saying.
func jkfRelative(pos *shogi.Position, m shogi.Move) string {
	var buf [10]shogi.Square
	c := pos.Turn()
	to := m.To()
	if m.IsDrop() {
		if len(jkfCandidates(&buf, pos, shogi.NewPiece(c, m.DropType()), to)) > 0 {
			return "H"
		}
		return ""
	}
	from := m.From()
	pc := pos.At(from)
	cands := jkfCandidates(&buf, pos, pc, to)
	found := false
	for _, s := range cands {
		found = found || s == from
	}
	if !found {
		cands = append(cands, from)
	}
	if len(cands) < 2 {
		return ""
	}
	return jkfCode(jkfWords(cands, from, to, c, pc.Type()))
}

// jkfForward is how far from → to goes towards c's opponent.
func jkfForward(c shogi.Color, from, to shogi.Square) int {
	if c == shogi.Black {
		return from.Rank() - to.Rank()
	}
	return to.Rank() - from.Rank()
}

// jkfMovement is the movement word of from → to for c.
func jkfMovement(c shogi.Color, from, to shogi.Square) byte {
	switch d := jkfForward(c, from, to); {
	case d > 0:
		return relUp
	case d == 0:
		return relSide
	}
	return relDown
}

// jkfRightness is larger for squares further to c's right.
func jkfRightness(c shogi.Color, s shogi.Square) int {
	if c == shogi.Black {
		return -s.File()
	}
	return s.File()
}

// jkfStraight reports whether from → to is a straight step forward (直).
func jkfStraight(c shogi.Color, from, to shogi.Square) bool {
	return from.File() == to.File() && jkfForward(c, from, to) > 0
}

// jkfSingles reports whether the words p and m (0 for none) leave from
// alone among cands, read as a KI2 reader reads them: the movement word
// first, then 直 or the extreme file on the mover's right or left.
func jkfSingles(cands []shogi.Square, from, to shogi.Square, c shogi.Color, p, m byte) bool {
	var buf [10]shogi.Square
	kept := buf[:0]
	for _, s := range cands {
		if m == 0 || jkfMovement(c, s, to) == m {
			kept = append(kept, s)
		}
	}
	switch p {
	case relStraight:
		n := 0
		for _, s := range kept {
			if jkfStraight(c, s, to) {
				kept[n] = s
				n++
			}
		}
		kept = kept[:n]
	case relRight, relLeft:
		if len(kept) == 0 {
			break
		}
		best := jkfRightness(c, kept[0])
		for _, s := range kept[1:] {
			if r := jkfRightness(c, s); p == relRight && r > best || p == relLeft && r < best {
				best = r
			}
		}
		n := 0
		for _, s := range kept {
			if jkfRightness(c, s) == best {
				kept[n] = s
				n++
			}
		}
		kept = kept[:n]
	}
	return len(kept) == 1 && kept[0] == from
}

// jkfWords chooses the words for from among cands (from and at least one
// other) by the JSA precedence: the movement word alone, else a position
// word alone (直 first where it applies; never for 飛 角 龍 馬), else both.
func jkfWords(cands []shogi.Square, from, to shogi.Square, c shogi.Color, t shogi.PieceType) (p, m byte) {
	mv := jkfMovement(c, from, to)
	if jkfSingles(cands, from, to, c, 0, mv) {
		return 0, mv
	}
	ranged := t == shogi.Rook || t == shogi.Bishop || t == shogi.Dragon || t == shogi.Horse
	if !ranged && jkfStraight(c, from, to) && jkfSingles(cands, from, to, c, relStraight, 0) {
		return relStraight, 0
	}
	for _, p := range [2]byte{relRight, relLeft} {
		if jkfSingles(cands, from, to, c, p, 0) {
			return p, 0
		}
	}
	for _, p := range [2]byte{relRight, relLeft} {
		if jkfSingles(cands, from, to, c, p, mv) {
			return p, mv
		}
	}
	// No combination singles the piece out (three dragons): say as much
	// as can be said.
	if jkfRightness(c, from) >= jkfRightness(c, to) {
		return relRight, mv
	}
	return relLeft, mv
}
