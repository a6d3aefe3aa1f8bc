package shogi

import "fmt"

// RuleError is a sentinel error for one way a move, position or text can be
// wrong. Code is a stable kebab-case identifier that the CLI prints as
// "[code]" and that scripts may match on.
type RuleError struct {
	Code string
	Msg  string
}

func (e *RuleError) Error() string { return e.Msg }

// The sentinel errors of the rules. Readers wrap them with a position, so
// errors.Is(err, shogi.ErrNifu) works on what any reader returns. (Same
// shape as the ErrImpasse… list in gameend.go: other errors, kept there by
// DeclareImpasse.)
var (
	ErrNoPiece       = &RuleError{"no-piece", "no piece on the origin square"}
	ErrNotOwnPiece   = &RuleError{"not-own-piece", "the piece on the origin square belongs to the opponent"}
	ErrWrongPiece    = &RuleError{"wrong-piece", "the piece on the origin square is not the one named"}
	ErrUnreachable   = &RuleError{"unreachable", "the piece cannot reach the destination"}
	ErrOwnCapture    = &RuleError{"own-capture", "the destination holds one's own piece"}
	ErrBadPromotion  = &RuleError{"bad-promotion", "the piece cannot promote on this move"}
	ErrDeadPiece     = &RuleError{"dead-piece", "the piece would have no further move (行き所のない駒)"}
	ErrOccupied      = &RuleError{"occupied", "a piece can be dropped only on an empty square"}
	ErrNotInHand     = &RuleError{"not-in-hand", "the piece is not in hand"}
	ErrNifu          = &RuleError{"nifu", "二歩 (two unpromoted pawns on one file)"}
	ErrUchifuzume    = &RuleError{"uchifuzume", "打ち歩詰め (a pawn drop that gives mate)"}
	ErrSelfCheck     = &RuleError{"self-check", "the move leaves one's own king in check"}
	ErrBadSquare     = &RuleError{"bad-square", "no such square"}
	ErrSyntax        = &RuleError{"syntax", "syntax error"}
	ErrAmbiguous     = &RuleError{"ambiguous", "more than one piece fits the move text"}
	ErrNoSuchMove    = &RuleError{"no-such-move", "no piece of that kind can make this move"}
	ErrNoPreviousMov = &RuleError{"no-previous-move", "同 needs a previous move"}
	ErrBadPosition   = &RuleError{"bad-position", "impossible position"}
)

// NotationError says why move text could not be read or resolved.
type NotationError struct {
	Text   string // the move text as given
	Err    error  // a sentinel such as ErrAmbiguous
	Detail string // optional explanation
	// At is the byte offset in Text of the first character that is wrong,
	// where a reader puts its caret; -1 when the text as a whole is (it
	// reads, but names no move of the position). The Japanese notations
	// set it; it is 0 in the others' errors.
	At int
}

func (e *NotationError) Error() string {
	if e.Detail != "" {
		return fmt.Sprintf("%q: %v: %s", e.Text, e.Err, e.Detail)
	}
	return fmt.Sprintf("%q: %v", e.Text, e.Err)
}

// Unwrap returns the sentinel.
func (e *NotationError) Unwrap() error { return e.Err }
