package usi

import (
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Bound says whether a score is exact or a bound the search has not
// resolved (USI's lowerbound and upperbound).
type Bound uint8

// The bounds.
const (
	Exact Bound = iota
	Lower       // the true score is at least this
	Upper       // the true score is at most this
)

// String returns "", "lowerbound" or "upperbound", as USI writes them.
func (b Bound) String() string {
	switch b {
	case Lower:
		return "lowerbound"
	case Upper:
		return "upperbound"
	}
	return ""
}

// Score is an engine's score from the side to move's view: centipawns, or
// a mate with its distance in plies.
type Score struct {
	Mate  bool // a mate score
	CP    int  // without Mate: centipawns, positive when the side to move is better
	Plies int  // with Mate: plies to the mate; -1 when the engine said only mate + or mate -
	// Win is set with Mate when the side to move mates; unset, it is
	// mated (mate 0 and mate -0 both mean it is mated already).
	Win   bool
	Bound Bound
}

// Black returns s from Black's view in a position where turn is to move.
func (s Score) Black(turn shogi.Color) shogi.Eval {
	if s.Mate {
		w := turn
		if !s.Win {
			w = turn.Opponent()
		}
		return shogi.EvalMate(w, s.Plies)
	}
	if turn == shogi.White {
		return shogi.EvalCP(-s.CP)
	}
	return shogi.EvalCP(s.CP)
}

// String returns the score as USI writes it after "score": "cp 35",
// "mate 7", "mate -3", "mate +", with " lowerbound" or " upperbound".
func (s Score) String() string {
	var b []byte
	switch {
	case !s.Mate:
		b = strconv.AppendInt(append(b, "cp "...), int64(s.CP), 10)
	case s.Plies < 0 && s.Win:
		b = append(b, "mate +"...)
	case s.Plies < 0:
		b = append(b, "mate -"...)
	case s.Win:
		b = strconv.AppendInt(append(b, "mate "...), int64(s.Plies), 10)
	default:
		b = strconv.AppendInt(append(b, "mate -"...), int64(s.Plies), 10)
	}
	if s.Bound != Exact {
		b = append(append(b, ' '), s.Bound.String()...)
	}
	return string(b)
}
