package shogi

import "strings"

// Move is a board move (with or without promotion) or a drop, packed in 32
// bits so that move lists and record nodes stay small. The zero Move is "no
// move". A Move does not say which piece moves: the position does.
//
//	bits 0-6   destination square
//	bits 7-13  origin square (board moves)
//	bit  14    promotion
//	bit  15    drop
//	bits 16-19 dropped kind (drops)
type Move uint32

const (
	movePromote = 1 << 14
	moveDrop    = 1 << 15
)

// NewMove returns the board move from → to, promoting when promote is set.
func NewMove(from, to Square, promote bool) Move {
	m := Move(to) | Move(from)<<7
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop returns the drop of a piece of kind t on to.
func NewDrop(t PieceType, to Square) Move { return Move(to) | moveDrop | Move(t)<<16 }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 127) }

// From returns the origin square, or NoSquare for a drop.
func (m Move) From() Square {
	if m&moveDrop != 0 {
		return NoSquare
	}
	return Square(m >> 7 & 127)
}

// IsDrop reports whether m is a drop.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether m promotes the moving piece.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// DropType returns the kind dropped, or NoPieceType for a board move.
func (m Move) DropType() PieceType {
	if m&moveDrop == 0 {
		return NoPieceType
	}
	return PieceType(m >> 16 & 15)
}

// IsZero reports whether m is the zero Move.
func (m Move) IsZero() bool { return m == 0 }

// String returns the USI text of the move.
func (m Move) String() string {
	if m.IsZero() {
		return "none"
	}
	return string(m.AppendUSI(nil))
}

// AppendUSI appends the USI text of the move ("7g7f", "8h2b+", "P*5e").
func (m Move) AppendUSI(dst []byte) []byte {
	to := m.To()
	if m.IsDrop() {
		return append(dst, usiLetters[m.DropType()][0], '*', byte('0'+to.File()), byte('a'+to.Rank()-1))
	}
	from := m.From()
	dst = append(dst, byte('0'+from.File()), byte('a'+from.Rank()-1), byte('0'+to.File()), byte('a'+to.Rank()-1))
	if m.IsPromotion() {
		dst = append(dst, '+')
	}
	return dst
}

// ParseUSIMove reads USI move text. It checks the syntax only; whether the
// move fits a position is Position.Legal's job.
func ParseUSIMove(s string) (Move, error) {
	if len(s) == 4 && s[1] == '*' {
		var t PieceType
		switch s[0] {
		case 'P':
			t = Pawn
		case 'L':
			t = Lance
		case 'N':
			t = Knight
		case 'S':
			t = Silver
		case 'G':
			t = Gold
		case 'B':
			t = Bishop
		case 'R':
			t = Rook
		default:
			return 0, usiMoveError(s, ErrSyntax, "drop piece must be one of R B G S N L P")
		}
		to, ok := ParseSquareUSI(s[2:])
		if !ok {
			return 0, usiMoveError(s, ErrBadSquare, "bad destination square")
		}
		return NewDrop(t, to), nil
	}
	if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
		return 0, usiMoveError(s, ErrSyntax, "want <from><to>[+] or <P>*<to>")
	}
	from, ok1 := ParseSquareUSI(s[0:2])
	to, ok2 := ParseSquareUSI(s[2:4])
	if !ok1 || !ok2 {
		return 0, usiMoveError(s, ErrBadSquare, "squares are a digit 1-9 and a letter a-i")
	}
	if from == to {
		return 0, usiMoveError(s, ErrUnreachable, "origin and destination are the same square")
	}
	return NewMove(from, to, len(s) == 5), nil
}

// usiMoveError is ParseUSIMove's error. It keeps a copy of the text, so
// that a caller may pass a string that lives only for the call (a reader's
// conversion of bytes, which then needs no allocation).
func usiMoveError(s string, err error, detail string) error {
	return &NotationError{Text: strings.Clone(s), Err: err, Detail: detail}
}
