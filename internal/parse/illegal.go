package parse

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The readers' one model of illegal moves is shogi's (shogi/foul.go): a
// documented foul is the illegal move as a Move node, the capture of the
// king it left in check if it came, and then its foul ending; an
// undocumented illegal move is kept as the last move of its line (with the
// capture of the king after it, if that came) with a warning that has the
// position and sentinel of the error Strict gives, and the rest of the line
// is dropped.

// moveRules are the sentinels of a move that breaks a rule.
var moveRules = []error{
	shogi.ErrNoPiece, shogi.ErrNotOwnPiece, shogi.ErrWrongPiece, shogi.ErrUnreachable, shogi.ErrOwnCapture,
	shogi.ErrBadPromotion, shogi.ErrDeadPiece, shogi.ErrOccupied, shogi.ErrNotInHand, shogi.ErrNifu,
	shogi.ErrUchifuzume, shogi.ErrSelfCheck,
	shogi.ErrBadPosition, // taking a king, from a start where the side not to move is in check
}

// IsIllegalMove reports whether e is about a move that breaks a rule of
// play. A warning for which it is true is an undocumented illegal move that
// a lenient reader kept (as its line's last move): validate reports it as
// an error, convert keeps it.
func IsIllegalMove(e *Error) bool {
	if e == nil || e.Ply == 0 {
		return false
	}
	for _, r := range moveRules {
		if errors.Is(e.Err, r) {
			return true
		}
	}
	return false
}

// undocumented ends the message of an illegal move that no foul ending
// documents; a lenient reader's warning goes on with droppedNote.
const undocumented = "; no foul ending documents it"

// keptNote starts what a lenient reader adds to the error of an
// undocumented illegal move it keeps.
const keptNote = "; kept as the last move of its line"

// StrictError returns the error that the warning of a kept illegal move
// stands for, as Strict reading gives it: the same position, ply, sentinel
// and message, without what the lenient reader did. validate reports this.
func StrictError(w *Error) *Error {
	e := *w
	e.Warning = false
	if i := strings.Index(e.Detail, keptNote); i >= 0 {
		e.Detail = e.Detail[:i]
	}
	return &e
}

// droppedNote ends the warning of an undocumented illegal move kept as the
// last move of its line, with n plies after it dropped (after the capture
// of the king it left in check, kept too, when captured).
func droppedNote(n int, captured bool) string {
	s := keptNote
	if captured {
		s += ", with the capture of the king after it"
	}
	if n == 0 {
		return s
	}
	return s + "; " + plies(n) + " after it dropped"
}

// plies returns "1 ply" or "n plies".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return strconv.Itoa(n) + " plies"
}

// keepable reports whether a record can keep m, legal or not, as a move
// of the side to move whose piece is known: every drop (one of a piece not
// in hand, or onto a piece, is played as shogi.Position.PlayRecorded
// plays it), and a board move of the side to move's own piece that does
// not take its own piece nor promote what cannot. USI and PSN name no
// piece on a board move, so a move from an empty square or an opponent's
// piece cannot be kept.
func keepable(p *shogi.Position, m shogi.Move) bool {
	if m.IsDrop() {
		return true
	}
	pc := p.At(m.From())
	if pc == shogi.NoPiece || pc.Color() != p.Turn() {
		return false
	}
	// Taking the opponent's king is playable (the king goes to no hand):
	// it is how a foul such as a bishop taking from afar is recorded.
	if dst := p.At(m.To()); dst != shogi.NoPiece && dst.Color() == p.Turn() {
		return false
	}
	return !m.IsPromotion() || pc.Type().CanPromote()
}
