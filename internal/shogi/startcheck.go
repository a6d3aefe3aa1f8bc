package shogi

import (
	"fmt"
	"strconv"
)

// StartError says why a position cannot be the start of a game. It wraps
// ErrBadPosition (the code every reader reports) and the rule's own
// sentinel (ErrNifu, ErrDeadPiece) when there is one.
type StartError struct {
	Problem string // what is wrong, for messages
	Rule    error  // ErrNifu, ErrDeadPiece, or nil
}

func (e *StartError) Error() string { return ErrBadPosition.Msg + ": " + e.Problem }

// Unwrap returns ErrBadPosition and the rule broken.
func (e *StartError) Unwrap() []error {
	if e.Rule == nil {
		return []error{ErrBadPosition}
	}
	return []error{ErrBadPosition, e.Rule}
}

// CheckStart judges p as the start position of a record, by the one rule
// every reader applies, whatever the format. It returns a *StartError for a
// position no game can reach: more pieces of a kind than a set holds, a
// piece that could never move again (a pawn or lance on the last rank, a
// knight on the last two), two unpromoted pawns of a side on one file, or
// the side not to move in check. Composed problems break these rules on
// purpose (九歩詰め has nine pawns on a file), so readers accept such a start
// with a warning and reject it under Strict. A position that a Position
// cannot hold at all (two kings of a side, a king in hand) is the syntax
// error of its format, not this.
func CheckStart(p *Position) error {
	if err := p.checkPieceCounts(); err != nil {
		return &StartError{Problem: err.Error()}
	}
	var files [2][10]bool
	for s := Square(0); s < 81; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		c, t := pc.Color(), pc.Type()
		if isDeadSquare(c, t, s) {
			return &StartError{Problem: fmt.Sprintf("the %s %s on %s could never move again", c, t.USI(), s), Rule: ErrDeadPiece}
		}
		if t == Pawn {
			if files[c][s.File()] {
				return &StartError{Problem: "two unpromoted " + c.String() + " pawns on file " + strconv.Itoa(s.File()) + " (二歩)", Rule: ErrNifu}
			}
			files[c][s.File()] = true
		}
	}
	if k := p.kings[p.turn.Opponent()]; k != NoSquare && p.Attacked(k, p.turn) {
		return &StartError{Problem: "the side not to move is in check"}
	}
	return nil
}
