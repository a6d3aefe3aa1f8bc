package shogi

// Color is the side a piece belongs to or the side to move.
type Color uint8

// The two sides. Black (先手, sente) moves first in an even game; in handicap
// games White (上手, uwate) moves first.
const (
	Black Color = 0 // 先手 / 下手
	White Color = 1 // 後手 / 上手
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// PieceType is a kind of piece without its owner. The unpromoted kinds come
// first, in the order of the hand array; a promotable kind promotes to itself
// plus 8.
type PieceType uint8

// The fourteen kinds of piece.
const (
	NoPieceType PieceType = iota
	Pawn                  // 歩
	Lance                 // 香
	Knight                // 桂
	Silver                // 銀
	Bishop                // 角
	Rook                  // 飛
	Gold                  // 金
	King                  // 玉
	ProPawn               // と
	ProLance              // 成香
	ProKnight             // 成桂
	ProSilver             // 成銀
	Horse                 // 馬
	Dragon                // 龍
)

// NumPieceTypes is one more than the largest PieceType.
const NumPieceTypes = 15

// CanPromote reports whether the kind has a promoted form.
func (t PieceType) CanPromote() bool { return t >= Pawn && t <= Rook }

// IsPromoted reports whether the kind is a promoted one.
func (t PieceType) IsPromoted() bool { return t >= ProPawn }

// Promote returns the promoted kind, or t itself when it cannot promote.
func (t PieceType) Promote() PieceType {
	if t.CanPromote() {
		return t + 8
	}
	return t
}

// Demote returns the unpromoted kind (what a captured piece becomes in hand).
func (t PieceType) Demote() PieceType {
	if t.IsPromoted() {
		return t - 8
	}
	return t
}

// Valid reports whether t is one of the fourteen kinds.
func (t PieceType) Valid() bool { return t >= Pawn && t <= Dragon }

var usiLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// USI returns the upper-case SFEN letter of the kind ("P", "+B").
func (t PieceType) USI() string {
	if int(t) < len(usiLetters) {
		return usiLetters[t]
	}
	return "?"
}

var csaNames = [NumPieceTypes]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}

// CSA returns the two-letter CSA name of the kind ("FU", "UM").
func (t PieceType) CSA() string {
	if int(t) < len(csaNames) {
		return csaNames[t]
	}
	return "??"
}

// PieceTypeFromCSA returns the kind named by a CSA two-letter name.
func PieceTypeFromCSA(s string) (PieceType, bool) {
	for i := Pawn; i <= Dragon; i++ {
		if csaNames[i] == s {
			return i, true
		}
	}
	return NoPieceType, false
}

// kanjiNames are the names used in KIF move text; one character each for the
// kinds KI2 writes with one character, 成香/成桂/成銀 with two (KIF style).
var kanjiNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

// kanjiBoardNames are the one-character names used on BOD boards.
var kanjiBoardNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

// Kanji returns the name of the kind as KIF and KI2 moves write it
// (歩, 成香, 龍).
func (t PieceType) Kanji() string {
	if int(t) < len(kanjiNames) {
		return kanjiNames[t]
	}
	return "?"
}

// KanjiShort returns the one-character name used on BOD boards (杏, 圭, 全).
func (t PieceType) KanjiShort() string {
	if int(t) < len(kanjiBoardNames) {
		return kanjiBoardNames[t]
	}
	return "?"
}

// Piece is a kind of piece with its owner; the zero Piece is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

const whiteBit = 16

// NewPiece returns the piece of kind t owned by c.
func NewPiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)*whiteBit }

// Type returns the kind of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color returns the owner of the piece; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 4) }

// IsEmpty reports whether p is NoPiece.
func (p Piece) IsEmpty() bool { return p == NoPiece }

// USI returns the SFEN letters of the piece ("+p" for a white tokin).
func (p Piece) USI() string {
	s := p.Type().USI()
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		return string(b)
	}
	return s
}
