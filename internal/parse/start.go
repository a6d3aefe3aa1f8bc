package parse

import (
	"errors"

	"github.com/kifconv/kifconv/internal/shogi"
)

// startProblem judges a reader's start position by shogi.CheckStart, the
// one rule of every format: it returns nil, or the problem as an error at
// pos with the code bad-position, to be reported as a warning (an error
// under Strict). Composed problems break the rule on purpose.
func startProblem(p *shogi.Position, pos Pos) *Error {
	err := shogi.CheckStart(p)
	if err == nil {
		return nil
	}
	detail := err.Error()
	var se *shogi.StartError
	if errors.As(err, &se) {
		detail = se.Problem
	}
	return &Error{Pos: pos, Err: shogi.ErrBadPosition, Detail: detail + "; no game can reach this start position"}
}
