package shogi

// Hand is the pieces one side holds, counted by kind (Pawn..Gold).
type Hand [Gold + 1]uint8

// Count returns how many pieces of kind t the hand holds.
func (h *Hand) Count(t PieceType) int {
	if t < Pawn || t > Gold {
		return 0
	}
	return int(h[t])
}

// MaxHand is the most pieces of one kind a start position's hand may hold,
// 18 (all the pawns of a set). Every reader rejects more as a syntax error,
// however the count is spelt (18GG, repeated 00FU, FU and TO), so that a
// start one reader accepts reads back from every writer's output.
const MaxHand = 18

// Fits reports whether n more pieces of kind t (demoted first) keep the
// count within MaxHand.
func (h *Hand) Fits(t PieceType, n int) bool { return int(h[t.Demote()])+n <= MaxHand }

// Add puts n pieces of kind t into the hand (t is demoted first).
func (h *Hand) Add(t PieceType, n int) { h[t.Demote()] += uint8(n) }

// Remove takes one piece of kind t out of the hand.
func (h *Hand) Remove(t PieceType) { h[t]-- }

// Empty reports whether the hand holds nothing.
func (h *Hand) Empty() bool { return *h == Hand{} }

// Total returns the number of pieces in the hand.
func (h *Hand) Total() int {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	return n
}

// HandOrder is the conventional order of kinds in hands (SFEN, KIF): 飛 角 金 銀 桂 香 歩.
var HandOrder = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}
