package shogi

import "math/bits"

// Which piece moved: the pieces of a kind that can reach a square
// (Position.Reachers), and the words of Japanese notation that single one
// of them out (Relative), by the rules of the Japan Shogi Association's
// guideline as ../shared/specs/ki2-japanese-notation.md §5 and §7 give them.
// KI2 notation and JKF's "relative" use the words; Western and
// Kitao–Kawasaki notation use Reachers to decide when to write the origin.

// Reachers appends to dst the squares of the pieces pc (kind, promotion and
// colour as given) that can move to to by the way they move, along empty
// lines for the sliders, and returns the extended slice. It ignores checks,
// pins, the forced-promotion rule and what stands on to. At most ten pieces
// can reach a square (one along each of the eight lines through it and two
// knights), so a [10]Square on the caller's stack holds any answer.
//
// It looks outwards from to, the way Attacked does: along each line to the
// first piece and on the two knight squares, a few probes rather than a
// pass over the board.
func (p *Position) Reachers(dst []Square, pc Piece, to Square) []Square {
	nb := &neighbour[to]
	step, slide := stepMask[pc&31], slideMask[pc&31]
	// Only the lines pc moves along can bring it to to: od is the way it
	// moves, d the way back from to.
	for dirs := uint8(step) | slide; dirs != 0; dirs &= dirs - 1 {
		od := uint(bits.TrailingZeros8(dirs))
		d := opposite(int(od))
		s := nb[d]
		if s == NoSquare {
			continue
		}
		x := p.board[s]
		if x != NoPiece {
			if x == pc {
				dst = append(dst, s)
			}
			continue
		}
		if slide>>od&1 == 0 {
			continue
		}
		for s = neighbour[s][d]; s != NoSquare; s = neighbour[s][d] {
			if x = p.board[s]; x != NoPiece {
				if x == pc {
					dst = append(dst, s)
				}
				break
			}
		}
	}
	// A knight jumps to to from a jump the other way: Black's knights
	// (upwards) from the two squares below, White's from above.
	if step>>dirKnightNE != 0 { // the knights' jumps, bits 8-11
		a, b := dirKnightSW, dirKnightSE
		if pc.Color() == White {
			a, b = dirKnightNE, dirKnightNW
		}
		if s := nb[a]; s != NoSquare && p.board[s] == pc {
			dst = append(dst, s)
		}
		if s := nb[b]; s != NoSquare && p.board[s] == pc {
			dst = append(dst, s)
		}
	}
	return dst
}

// reachBuf is room on the stack for what Reachers returns.
type reachBuf [10]Square

// Relative is the words of Japanese notation that say which piece moved
// when more than one of its kind could (JKF's "relative"): a position word
// (右 左 直), a movement word (上 寄 引), or 打 for a drop when a board piece
// could also move to the square. The zero value is no word.
type Relative uint8

// The words. A Relative holds at most one position word and one movement
// word, or RelDrop alone.
const (
	RelRight    Relative = posRight     // 右, JKF R
	RelLeft     Relative = posLeft      // 左, JKF L
	RelStraight Relative = posStraight  // 直, JKF C: straight forward
	RelUp       Relative = movUp << 2   // 上 (also read 行, 入), JKF U
	RelSide     Relative = movSide << 2 // 寄, JKF M
	RelDown     Relative = movDown << 2 // 引, JKF D
	RelDrop     Relative = 1 << 4       // 打, JKF H
)

const (
	relPosMask  Relative = 3      // the position word
	relMovMask  Relative = 3 << 2 // the movement word
	relAllMask  Relative = 1<<5 - 1
	relMovShift          = 2
)

// Internal codes of the position and movement words (the values JaCharAt
// gives 右 左 直 and 上 寄 引).
const (
	movUp   = 1 // 上 (read also 行, 入)
	movSide = 2 // 寄
	movDown = 3 // 引

	posRight    = 1 // 右
	posLeft     = 2 // 左
	posStraight = 3 // 直
)

var (
	relMovWords = [4]string{"", "上", "寄", "引"}
	relPosWords = [4]string{"", "右", "左", "直"}
	relMovJKF   = [4]string{"", "U", "M", "D"}
	relPosJKF   = [4]string{"", "R", "L", "C"}
)

// newRelative builds a Relative from the internal codes.
func newRelative(posW, movW int) Relative { return Relative(posW) | Relative(movW)<<relMovShift }

func (r Relative) posWord() int { return int(r & relPosMask) }
func (r Relative) movWord() int { return int(r & relMovMask >> relMovShift) }

// AppendKI2 appends the words as KI2 writes them: position word, movement
// word, 打 (右上, 直, 打).
func (r Relative) AppendKI2(dst []byte) []byte {
	dst = append(dst, relPosWords[r.posWord()]...)
	dst = append(dst, relMovWords[r.movWord()]...)
	if r&RelDrop != 0 {
		dst = append(dst, "打"...)
	}
	return dst
}

// jkfRelatives holds the JKF text of every Relative, so that JKF allocates
// nothing.
var jkfRelatives = func() (t [relAllMask + 1]string) {
	for r := range t {
		x := Relative(r)
		t[r] = relPosJKF[x.posWord()] + relMovJKF[x.movWord()]
		if x&RelDrop != 0 {
			t[r] += "H"
		}
	}
	return
}()

// JKF returns the words as JKF's "relative" codes (position first: "LU",
// "C", "H"), or "" for none.
func (r Relative) JKF() string { return jkfRelatives[r&relAllMask] }

// ParseRelativeJKF reads JKF "relative" codes: at most one of L C R, then
// at most one of U M D, or H alone.
func ParseRelativeJKF(s string) (Relative, bool) {
	if s == "H" {
		return RelDrop, true
	}
	var r Relative
	i := 0
	if i < len(s) {
		for w, code := range relPosJKF {
			if w > 0 && s[i] == code[0] {
				r |= Relative(w)
				i++
				break
			}
		}
	}
	if i < len(s) {
		for w, code := range relMovJKF {
			if w > 0 && s[i] == code[0] {
				r |= Relative(w) << relMovShift
				i++
				break
			}
		}
	}
	return r, i == len(s) && i > 0
}

// relFile is the file as seen by c: smaller is further to c's right.
func relFile(c Color, s Square) int {
	if c == Black {
		return s.File()
	}
	return 10 - s.File()
}

// movementOf classifies from → to for c as 上, 寄 or 引.
func movementOf(c Color, from, to Square) int {
	dy := from.Rank() - to.Rank()
	if c == White {
		dy = -dy
	}
	switch {
	case dy > 0:
		return movUp
	case dy == 0:
		return movSide
	}
	return movDown
}

// isStraight reports whether from → to is a straight move forward for c (直).
func isStraight(c Color, from, to Square) bool {
	return from.File() == to.File() && movementOf(c, from, to) == movUp
}

// isRangedKind reports whether t is 飛, 角, 龍 or 馬, which never take 直 and
// whose 右/左 compare the two candidates with each other.
func isRangedKind(t PieceType) bool {
	return t == Rook || t == Bishop || t == Dragon || t == Horse
}

// Filter appends to dst the squares of cands (origins of pieces of side c
// that can move to to) that the words fit, the way §7 of the notation notes
// reads them: the movement word first, then the position word among those
// left; 直 is a straight move forward; 右 and 左 keep the candidates with the
// extreme file on that side. RelDrop is ignored (a drop has no origin).
func (r Relative) Filter(dst, cands []Square, to Square, c Color) []Square {
	start := len(dst)
	movW, posW := r.movWord(), r.posWord()
	for _, s := range cands {
		if movW == 0 || movementOf(c, s, to) == movW {
			dst = append(dst, s)
		}
	}
	res := dst[start:]
	switch posW {
	case posStraight:
		n := 0
		for _, s := range res {
			if isStraight(c, s, to) {
				res[n] = s
				n++
			}
		}
		res = res[:n]
	case posRight, posLeft:
		if len(res) == 0 {
			break
		}
		best := relFile(c, res[0])
		for _, s := range res[1:] {
			f := relFile(c, s)
			if (posW == posRight && f < best) || (posW == posLeft && f > best) {
				best = f
			}
		}
		n := 0
		for _, s := range res {
			if relFile(c, s) == best {
				res[n] = s
				n++
			}
		}
		res = res[:n]
	}
	return dst[:start+len(res)]
}

// Relative returns the words that single out the piece m moves among the
// pieces of its kind that reach m's destination (Reachers, pinned pieces
// included), as the JSA guideline chooses them: none when it is the only
// one, else the movement word alone, else a position word alone (直 first
// where it applies; never for 飛 角 龍 馬), else both. For a drop it is
// RelDrop when a board piece of the kind reaches the square, and none
// otherwise.
//
// Counting a pinned piece is the guideline's rule and what readers that do
// not look at pins (tsshogi, Kifu for JS) need; a reader that does still
// resolves the words, since a piece singled out among all candidates is
// singled out among the legal ones.
func (p *Position) Relative(m Move) Relative {
	to := m.To()
	var buf reachBuf
	if m.IsDrop() {
		if len(p.Reachers(buf[:0], NewPiece(p.turn, m.DropType()), to)) > 0 {
			return RelDrop
		}
		return 0
	}
	from := m.From()
	pc := p.board[from]
	cands := p.Reachers(buf[:0], pc, to)
	if !containsSquare(cands, from) {
		cands = append(cands, from)
	}
	if len(cands) < 2 {
		return 0
	}
	c, t := pc.Color(), pc.Type()
	var out reachBuf
	unique := func(r Relative) bool {
		res := r.Filter(out[:0], cands, to, c)
		return len(res) == 1 && res[0] == from
	}
	mv := newRelative(0, movementOf(c, from, to))
	if unique(mv) {
		return mv
	}
	if !isRangedKind(t) && isStraight(c, from, to) && unique(RelStraight) {
		return RelStraight
	}
	for _, r := range [2]Relative{RelRight, RelLeft} {
		if unique(r) {
			return r
		}
	}
	for _, r := range [2]Relative{RelRight, RelLeft} {
		if unique(r | mv) {
			return r | mv
		}
	}
	// No combination singles the piece out; this needs more pieces of a
	// kind than shogi has (three dragons). Say as much as can be said.
	if relFile(c, from) <= relFile(c, to) {
		return RelRight | mv
	}
	return RelLeft | mv
}

func containsSquare(ss []Square, s Square) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
