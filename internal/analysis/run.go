package analysis

import (
	"context"
	"fmt"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
)

// Options choose the positions Run asks about and how.
type Options struct {
	Limits usi.Limits
	// Variations asks about the positions of every line of play, not only
	// the main line.
	Variations bool
	// FromPly and ToPly keep the positions after ply FromPly to ply ToPly
	// moves (0 is the start position); ToPly 0 means to the end.
	FromPly, ToPly int
	// FreshHash sends usinewgame before every position rather than once a
	// game (see the package doc on reproducibility).
	FreshHash bool
	// Thresholds of the move classes; the zero value takes
	// DefaultThresholds.
	Thresholds Thresholds
}

// Engine is what Run needs of an engine; *usi.Client has it.
type Engine interface {
	NewGame(ctx context.Context) error
	Go(ctx context.Context, pos *usi.Position, lim usi.Limits) (usi.Result, error)
}

// Position is the engine's answer about one position of a record: the
// position after Node's move (after the start for the root).
type Position struct {
	Node     *shogi.Node
	Ply      int
	Turn     shogi.Color // the side to move
	SFEN     string
	MainLine bool
	HasEval  bool       // the engine gave a score, or resigned or declared a win
	Eval     shogi.Eval // Black's view
	Score    usi.Score  // the side to move's view, as the engine gave it
	BestMove usi.BestMove
	PV       []shogi.Move // the legal part of the engine's PV
	Depth    int
	SelDepth int
	Nodes    int64
	Lines    []usi.Line // every MultiPV line (Lines[0] gave Score and PV)
}

// GameAnalysis is the analysis of one record.
type GameAnalysis struct {
	Engine    string     // the engine's name
	Positions []Position // in the order of the record (main line; with Variations, each line after where it branches)
	Moves     []Move     // the judged moves (Judge)
	Players   [2]Player  // indexed by shogi.Color (Judge)
}

// PositionError is the error of a position the engine failed on: the
// ply, the SFEN and the engine's fault (a *usi.Error).
type PositionError struct {
	Ply  int
	SFEN string
	Err  error
}

func (e *PositionError) Error() string {
	return fmt.Sprintf("ply %d (sfen %s): %v", e.Ply, e.SFEN, e.Err)
}

func (e *PositionError) Unwrap() error { return e.Err }

// target is a position Run asks about.
type target struct {
	node     *shogi.Node
	pos      shogi.Position
	moves    []shogi.Move // from the start
	mainLine bool
}

// eachTarget calls visit with the positions of rec that opt selects, in
// order: the start, then after each move of the main line up to its last
// playable move (not after an ending, nor after an illegal move a record
// keeps to document a foul), and with Variations the lines that branch
// off, each after the position it branches from. A target's moves share
// their backing array with later targets of the same line (appending
// never changes a prefix), so visiting a game costs linear memory; visit
// must not modify them. It stops when visit returns false.
func eachTarget(rec *shogi.Record, opt *Options, visit func(*target) bool) {
	keep := func(ply int) bool { return ply >= opt.FromPly && (opt.ToPly <= 0 || ply <= opt.ToPly) }
	var walk func(t target) bool
	walk = func(t target) bool {
		for {
			if keep(len(t.moves)) && !visit(&t) {
				return false
			}
			if opt.Variations {
				for v := range t.node.Variations() {
					if v.IsEnd() || t.pos.Legal(v.Move) != nil {
						continue
					}
					b := target{node: v, pos: t.pos, moves: append(t.moves[:len(t.moves):len(t.moves)], v.Move)}
					b.pos.Play(v.Move)
					if !walk(b) {
						return false
					}
				}
			}
			next := t.node.Next()
			if next == nil || next.IsEnd() || t.pos.Legal(next.Move) != nil {
				return true
			}
			t.pos.Play(next.Move)
			t.moves = append(t.moves, next.Move)
			t.node = next
		}
	}
	walk(target{node: rec.Root, pos: rec.Start, mainLine: true})
}

// targets returns what eachTarget visits.
func targets(rec *shogi.Record, opt *Options) []target {
	var out []target
	eachTarget(rec, opt, func(t *target) bool { out = append(out, *t); return true })
	return out
}

// Count returns the number of positions Run asks about in rec with opt.
func Count(rec *shogi.Record, opt Options) int {
	n := 0
	eachTarget(rec, &opt, func(*target) bool { n++; return true })
	return n
}

// Run asks eng about the positions of rec that opt selects and judges the
// moves (Judge). It starts a new game first (and before every position with
// FreshHash). When the engine fails on a position (after the restart and
// retry of a usi.Client) Run stops and returns a *PositionError: a game is
// analysed whole or not at all.
func Run(ctx context.Context, rec *shogi.Record, eng Engine, opt Options) (*GameAnalysis, error) {
	ts := targets(rec, &opt)
	ga := &GameAnalysis{Positions: make([]Position, 0, len(ts))}
	if err := eng.NewGame(ctx); err != nil {
		return nil, &PositionError{Ply: 0, SFEN: rec.Start.SFEN(), Err: err}
	}
	up := usi.Position{Start: rec.Start}
	for i := range ts {
		t := &ts[i]
		if opt.FreshHash && i > 0 {
			if err := eng.NewGame(ctx); err != nil {
				return nil, &PositionError{Ply: len(t.moves), SFEN: t.pos.SFEN(), Err: err}
			}
		}
		up.Moves = t.moves
		res, err := eng.Go(ctx, &up, opt.Limits)
		if err != nil {
			return nil, &PositionError{Ply: len(t.moves), SFEN: t.pos.SFEN(), Err: err}
		}
		ga.Positions = append(ga.Positions, position(t, &res))
	}
	if c, ok := eng.(interface{ EngineName() string }); ok {
		ga.Engine = c.EngineName()
	}
	Judge(ga, opt.Thresholds)
	return ga, nil
}

// position turns the engine's answer about t into a Position.
func position(t *target, res *usi.Result) Position {
	p := Position{Node: t.node, Ply: len(t.moves), Turn: t.pos.Turn(), SFEN: t.pos.SFEN(), MainLine: t.mainLine,
		BestMove: res.BestMove, Depth: res.Depth, SelDepth: res.SelDepth, Nodes: res.Nodes, Lines: res.Lines}
	if bm := res.BestMove.Move; !bm.IsZero() && t.pos.Legal(bm) != nil {
		p.BestMove.Move, p.BestMove.Ponder = 0, 0
	}
	if l, ok := res.Best(); ok {
		p.HasEval, p.Score = true, l.Score
		p.PV = legalPrefix(&t.pos, l.PV)
		if l.Depth > 0 {
			p.Depth, p.SelDepth = l.Depth, l.SelDepth
		}
		if l.Nodes > 0 {
			p.Nodes = l.Nodes
		}
	} else if res.BestMove.Resign || res.BestMove.Win {
		// No score, but the answer says who wins: now.
		p.HasEval, p.Score = true, usi.Score{Mate: true, Win: res.BestMove.Win}
	}
	if p.HasEval {
		p.Eval = p.Score.Black(p.Turn)
	}
	return p
}

// legalPrefix returns the moves of pv that are legal one after another
// from pos.
func legalPrefix(pos *shogi.Position, pv []shogi.Move) []shogi.Move {
	p := *pos
	for i, m := range pv {
		if p.PlayLegal(m) != nil {
			return pv[:i:i]
		}
	}
	return pv
}
