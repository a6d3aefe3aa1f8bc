package usi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Info is one `info` line of an engine's search. Fields the line does not
// state are zero; HasScore tells a score of cp 0 from none.
type Info struct {
	Depth    int
	SelDepth int
	Time     time.Duration
	Nodes    int64
	NPS      int64
	HashFull int
	MultiPV  int // 1 for the best line; 0 when not stated
	HasScore bool
	Score    Score
	CurrMove shogi.Move
	PV       []shogi.Move
	String   string // the text after `string`, which runs to the end of the line
}

// errSyntax is the error of a line that does not read as USI.
var errSyntax = errors.New("not USI")

// ParseInfo reads an `info` line (with or without the leading word). The
// moves of pv and currmove are checked for their syntax only. Keys USI
// does not define are skipped with the value after them.
func ParseInfo(line string) (Info, error) {
	var in Info
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "info" {
		f = f[1:]
	}
	num := func(i int) (int64, error) {
		if i+1 >= len(f) {
			return 0, fmt.Errorf("%w: %s without a value", errSyntax, f[i])
		}
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%w: %s %q is not a number", errSyntax, f[i], f[i+1])
		}
		return v, nil
	}
	for i := 0; i < len(f); i++ {
		var v int64
		var err error
		switch f[i] {
		case "depth", "seldepth", "time", "nodes", "nps", "hashfull", "multipv", "cpuload", "currmovenumber", "tbhits", "sbhits":
			v, err = num(i)
			switch f[i] {
			case "depth":
				in.Depth = int(v)
			case "seldepth":
				in.SelDepth = int(v)
			case "time":
				in.Time = time.Duration(v) * time.Millisecond
			case "nodes":
				in.Nodes = v
			case "nps":
				in.NPS = v
			case "hashfull":
				in.HashFull = int(v)
			case "multipv":
				in.MultiPV = int(v)
			}
			i++
		case "score":
			var n int
			in.Score, n, err = parseScore(f[i+1:])
			in.HasScore = true
			i += n
		case "currmove":
			if i+1 < len(f) {
				in.CurrMove, err = shogi.ParseUSIMove(f[i+1])
			}
			i++
		case "pv":
			in.PV = make([]shogi.Move, 0, len(f)-i-1)
			for _, s := range f[i+1:] {
				m, err := shogi.ParseUSIMove(s)
				if err != nil {
					return in, fmt.Errorf("%w: pv move %q", errSyntax, s)
				}
				in.PV = append(in.PV, m)
			}
			i = len(f)
		case "string":
			k := strings.Index(" "+line, " string ")
			in.String = strings.TrimPrefix(line[k+len("string"):], " ")
			i = len(f)
		default:
			i++ // a key of some engine's own, and its value
		}
		if err != nil {
			return in, err
		}
	}
	return in, nil
}

// parseScore reads what follows `score`: cp N or mate N (N may be + or
// -), then lowerbound or upperbound. It returns how many words it used.
func parseScore(f []string) (Score, int, error) {
	var s Score
	if len(f) < 2 {
		return s, len(f), fmt.Errorf("%w: score without a value", errSyntax)
	}
	v := f[1]
	switch f[0] {
	case "cp":
		n, err := strconv.Atoi(v)
		if err != nil {
			return s, 2, fmt.Errorf("%w: score cp %q", errSyntax, v)
		}
		s.CP = n
	case "mate":
		s.Mate = true
		switch v {
		case "+":
			s.Plies, s.Win = -1, true
		case "-":
			s.Plies = -1
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				return s, 2, fmt.Errorf("%w: score mate %q", errSyntax, v)
			}
			s.Win = n > 0
			s.Plies = max(n, -n)
		}
	default:
		return s, 1, fmt.Errorf("%w: score %q", errSyntax, f[0])
	}
	n := 2
	if len(f) > 2 {
		switch f[2] {
		case "lowerbound":
			s.Bound, n = Lower, 3
		case "upperbound":
			s.Bound, n = Upper, 3
		}
	}
	return s, n, nil
}

// BestMove is an engine's `bestmove` answer: a move, or resign or win
// (a declaration of an entering-king win), with the move it would ponder.
type BestMove struct {
	Move   shogi.Move // zero with Resign or Win
	Resign bool
	Win    bool
	Ponder shogi.Move
}

// String returns the answer as USI writes it after `bestmove`.
func (b BestMove) String() string {
	switch {
	case b.Resign:
		return "resign"
	case b.Win:
		return "win"
	case b.Ponder.IsZero():
		return b.Move.String()
	}
	return b.Move.String() + " ponder " + b.Ponder.String()
}

// ParseBestMove reads a `bestmove` line (with or without the leading word).
func ParseBestMove(line string) (BestMove, error) {
	var b BestMove
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "bestmove" {
		f = f[1:]
	}
	if len(f) == 0 {
		return b, fmt.Errorf("%w: bestmove without a move", errSyntax)
	}
	switch f[0] {
	case "resign":
		b.Resign = true
	case "win":
		b.Win = true
	default:
		m, err := shogi.ParseUSIMove(f[0])
		if err != nil {
			return b, fmt.Errorf("%w: bestmove %q", errSyntax, f[0])
		}
		b.Move = m
	}
	if len(f) >= 3 && f[1] == "ponder" {
		if m, err := shogi.ParseUSIMove(f[2]); err == nil {
			b.Ponder = m
		}
	}
	return b, nil
}
