package analysis

import (
	"math"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The win-probability curve is lishogi's (modules/analyse CpAdvice, and
// the client's winningChances): a logistic of the centipawns,
//
//	P(cp) = 1 / (1 + exp(-0.0007 · cp))
//
// with cp cut to ±5500 (lishogi's Cp.CEILING), and a mate in n plies
// counted as (80 − min(n, 20)) · 100 cp for its winner, so that a mate
// always weighs more than any centipawn score and a nearer one more.
const (
	WinCoefficient = 0.0007
	CPCeiling      = 5500
)

// WinProbability returns the probability, from 0 to 1, that side wins by
// the curve above.
func WinProbability(e shogi.Eval, side shogi.Color) float64 {
	return 1 / (1 + math.Exp(-WinCoefficient*float64(curveCP(e, side))))
}

// curveCP is the centipawns the curve takes for e from side's view.
func curveCP(e shogi.Eval, side shogi.Color) int {
	if e.Mate {
		n := e.Plies
		if n < 0 || n > 20 {
			n = 20
		}
		cp := (80 - n) * 100
		if e.Winner != side {
			cp = -cp
		}
		return cp
	}
	return max(-CPCeiling, min(CPCeiling, e.For(side).CP))
}

// ceiledCP is lishogi's centipawns for the average loss: the score cut to
// ±5500, a mate at the ceiling.
func ceiledCP(e shogi.Eval, side shogi.Color) int {
	if e.Mate {
		if e.Winner == side {
			return CPCeiling
		}
		return -CPCeiling
	}
	return max(-CPCeiling, min(CPCeiling, e.For(side).CP))
}

// Thresholds hold the thresholds of the move classes: a move whose loss in win
// probability (percentage points, 0 to 100) reaches one is of that class.
// DefaultThresholds are lishogi's, which are 0.1, 0.2 and 0.3 in its winning
// chances (−1 to 1), half as much in points.
type Thresholds struct {
	Inaccuracy, Mistake, Blunder float64
}

// DefaultThresholds are lishogi's: 疑問手 (inaccuracy) from 5 points,
// 悪手 (mistake) from 10, 大悪手 (blunder) from 15.
var DefaultThresholds = Thresholds{Inaccuracy: 5, Mistake: 10, Blunder: 15}

// Class returns the class of a move that lost loss points.
func (j Thresholds) Class(loss float64) shogi.MoveClass {
	switch {
	case loss >= j.Blunder:
		return shogi.Blunder
	case loss >= j.Mistake:
		return shogi.Mistake
	case loss >= j.Inaccuracy:
		return shogi.Inaccuracy
	}
	return shogi.NoClass
}

// Move is the judgement of one move: the engine's score of the positions
// before and after it, and what the mover lost.
type Move struct {
	Node     *shogi.Node
	Ply      int // the move's number (1 for the first)
	Move     shogi.Move
	Side     shogi.Color
	MainLine bool
	Before   shogi.Eval // Black's view
	After    shogi.Eval
	BestMove shogi.Move   // the engine's choice in the position before (zero after resign or win)
	PV       []shogi.Move // its line there
	// WinBefore and WinAfter are the mover's win probabilities (0 to 1).
	WinBefore, WinAfter float64
	Loss                float64 // percentage points of win probability the move gave away, ≥ 0
	CPLoss              int     // centipawns it gave away (lishogi's ceiling), ≥ 0
	Accuracy            float64 // 0 to 100 (MoveAccuracy)
	Class               shogi.MoveClass
}

// Player sums up one side's judged moves (of the main line).
type Player struct {
	Moves       int
	AverageLoss float64 // mean Loss
	ACPL        float64 // mean CPLoss: lishogi's average centipawn loss
	Accuracy    float64 // mean Accuracy
	Classes     [4]int  // moves of each class, indexed by shogi.MoveClass
}

// MoveAccuracy is lichess's published accuracy of a move that lost loss
// points of win probability, 103.1668·exp(−0.04354·loss) − 3.1669, cut to
// 0–100, taken here on lishogi's curve.
func MoveAccuracy(loss float64) float64 {
	return max(0, min(100, 103.1668*math.Exp(-0.04354*loss)-3.1669))
}

// Judge fills ga.Moves and ga.Players from ga.Positions with thresholds j
// (DefaultThresholds when zero): every move whose positions before and after
// both have a score is judged. A move that is the engine's own best move
// gets no class, as ShogiHome does: what it loses is the noise of two
// searches. Players sum up the main line's moves only.
func Judge(ga *GameAnalysis, j Thresholds) {
	if j == (Thresholds{}) {
		j = DefaultThresholds
	}
	byNode := make(map[*shogi.Node]*Position, len(ga.Positions))
	for i := range ga.Positions {
		byNode[ga.Positions[i].Node] = &ga.Positions[i]
	}
	ga.Moves = ga.Moves[:0]
	ga.Players = [2]Player{}
	for i := range ga.Positions {
		after := &ga.Positions[i]
		before := byNode[after.Node.Parent()]
		if before == nil || !before.HasEval || !after.HasEval {
			continue
		}
		m := Move{Node: after.Node, Ply: after.Ply, Move: after.Node.Move, Side: before.Turn, MainLine: after.MainLine,
			Before: before.Eval, After: after.Eval, BestMove: before.BestMove.Move, PV: before.PV}
		m.WinBefore = WinProbability(m.Before, m.Side)
		m.WinAfter = WinProbability(m.After, m.Side)
		m.Loss = max(0, 100*(m.WinBefore-m.WinAfter))
		m.CPLoss = max(0, ceiledCP(m.Before, m.Side)-ceiledCP(m.After, m.Side))
		m.Accuracy = MoveAccuracy(m.Loss)
		if m.Move != m.BestMove {
			m.Class = j.Class(m.Loss)
		}
		ga.Moves = append(ga.Moves, m)
		if m.MainLine {
			p := &ga.Players[m.Side]
			p.Moves++
			p.AverageLoss += m.Loss
			p.ACPL += float64(m.CPLoss)
			p.Accuracy += m.Accuracy
			p.Classes[m.Class]++
		}
	}
	for c := range ga.Players {
		if p := &ga.Players[c]; p.Moves > 0 {
			n := float64(p.Moves)
			p.AverageLoss /= n
			p.ACPL /= n
			p.Accuracy /= n
		}
	}
}
