package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/shogi"
)

// AnalysisGame is one game of an analysis report: a summary of the game,
// one of each player, and a row for each judged move. Its JSON form is the
// "game" of docs/schemas/analysis.schema.json.
type AnalysisGame struct {
	Game      string           `json:"game"`   // the game's name: its file, with #N for the Nth game of a collection
	Engine    string           `json:"engine"` // the engine's name
	Positions int              `json:"positions"`
	Players   [2]AnalysisTotal `json:"players"` // Black, then White
	Moves     []AnalysisMove   `json:"moves"`
}

// AnalysisTotal sums up one player's judged moves of the main line.
type AnalysisTotal struct {
	Side         string  `json:"side"` // "black" or "white"
	Name         string  `json:"name"` // from the record's header, "" when none
	Moves        int     `json:"moves"`
	AverageLoss  float64 `json:"average_loss"` // percentage points of win probability
	ACPL         float64 `json:"acpl"`         // average centipawn loss (lishogi's)
	Accuracy     float64 `json:"accuracy"`     // 0 to 100
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// AnalysisScore is a score from Black's view: centipawns, or a mate by
// Winner in Mate plies (-1: distance unknown).
type AnalysisScore struct {
	CP     *int   `json:"cp,omitempty"`
	Mate   *int   `json:"mate,omitempty"`
	Winner string `json:"winner,omitempty"` // with Mate: "black" or "white"
}

// AnalysisMove is one judged move.
type AnalysisMove struct {
	Game     string        `json:"game"`
	Ply      int           `json:"ply"`
	Move     string        `json:"move"`     // USI
	Notation string        `json:"notation"` // Japanese (KI2) with its side mark
	Side     string        `json:"side"`
	MainLine bool          `json:"main_line"`
	Before   AnalysisScore `json:"score_before"`
	After    AnalysisScore `json:"score_after"`
	BestMove string        `json:"best_move"` // USI, "" when the engine gave none
	PV       []string      `json:"pv"`        // USI, from the position before the move
	Loss     float64       `json:"loss"`      // percentage points of win probability, ≥ 0
	CPLoss   int           `json:"cp_loss"`
	Accuracy float64       `json:"accuracy"`
	Class    string        `json:"class"` // "", "inaccuracy", "mistake" or "blunder"
}

// NewAnalysisGame builds the report of rec's analysis ga under the name
// game.
func NewAnalysisGame(game string, rec *shogi.Record, ga *analysis.GameAnalysis) *AnalysisGame {
	g := &AnalysisGame{Game: game, Engine: ga.Engine, Positions: len(ga.Positions), Moves: make([]AnalysisMove, 0, len(ga.Moves))}
	names := [2]string{playerName(rec, shogi.KeyBlack, shogi.KeyShitate), playerName(rec, shogi.KeyWhite, shogi.KeyUwate)}
	for c := range g.Players {
		p := &ga.Players[c]
		g.Players[c] = AnalysisTotal{Side: shogi.Color(c).String(), Name: names[c], Moves: p.Moves,
			AverageLoss: round2(p.AverageLoss), ACPL: round2(p.ACPL), Accuracy: round2(p.Accuracy),
			Inaccuracies: p.Classes[shogi.Inaccuracy], Mistakes: p.Classes[shogi.Mistake], Blunders: p.Classes[shogi.Blunder]}
	}
	before := map[*shogi.Node]shogi.Position{}
	for _, p := range ga.Positions {
		if pos, err := shogi.ParseSFEN(p.SFEN); err == nil {
			before[p.Node] = pos
		}
	}
	for _, m := range ga.Moves {
		row := AnalysisMove{Game: game, Ply: m.Ply, Move: m.Move.String(), Side: m.Side.String(), MainLine: m.MainLine,
			Before: analysisScore(m.Before), After: analysisScore(m.After), PV: make([]string, 0, len(m.PV)),
			Loss: round2(m.Loss), CPLoss: m.CPLoss, Accuracy: round2(m.Accuracy), Class: m.Class.String()}
		if pos, ok := before[m.Node.Parent()]; ok {
			row.Notation = string(shogi.KI2Notation{}.AppendMove(shogi.AppendSideMark(nil, pos.Turn()), &pos, m.Move))
		}
		if !m.BestMove.IsZero() {
			row.BestMove = m.BestMove.String()
		}
		for _, pv := range m.PV {
			row.PV = append(row.PV, pv.String())
		}
		g.Moves = append(g.Moves, row)
	}
	return g
}

// playerName returns the first header value of the keys.
func playerName(rec *shogi.Record, keys ...string) string {
	for _, k := range keys {
		if v, ok := rec.Header.Get(k); ok {
			return v
		}
	}
	return ""
}

func analysisScore(e shogi.Eval) AnalysisScore {
	if e.Mate {
		n := e.Plies
		return AnalysisScore{Mate: &n, Winner: e.Winner.String()}
	}
	cp := e.CP
	return AnalysisScore{CP: &cp}
}

// round2 rounds to two decimals, so that reports do not depend on the
// last bits of a float.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// AnalysisFormats are the formats of NewAnalysisWriter.
var AnalysisFormats = []string{"json", "jsonl", "csv"}

// AnalysisWriter writes analysis reports in one of three forms:
//
//   - json: one document, {"games": [game, …]}, each game as AnalysisGame;
//   - jsonl: a line a row: {"type": "game", …} (AnalysisGame without its
//     players and moves), then {"type": "player", "game": …, …} for Black and
//     White (AnalysisTotal), then {"type": "move", …} for each move
//     (AnalysisMove);
//   - csv: the same rows with a header line, the columns of every type
//     side by side (type, game, engine, positions, side, name, moves,
//     average_loss, acpl, accuracy, inaccuracies, mistakes, blunders, ply,
//     move, notation, main_line, before_cp, before_mate, before_winner,
//     after_cp, after_mate, after_winner, best_move, pv, loss, cp_loss,
//     class), a column empty where a row's type has no such field.
//
// The first error sticks; Close ends the document (json) and flushes.
type AnalysisWriter struct {
	format string
	w      io.Writer
	csv    *csv.Writer
	games  int
	err    error
}

// NewAnalysisWriter returns a writer of format ("json", "jsonl" or "csv").
func NewAnalysisWriter(w io.Writer, format string) (*AnalysisWriter, error) {
	a := &AnalysisWriter{format: format, w: w}
	switch format {
	case "json", "jsonl":
	case "csv":
		a.csv = csv.NewWriter(w)
	default:
		return nil, fmt.Errorf("unknown report format %q (want %s)", format, strings.Join(AnalysisFormats, ", "))
	}
	return a, nil
}

var csvColumns = []string{"type", "game", "engine", "positions", "side", "name", "moves", "average_loss", "acpl", "accuracy",
	"inaccuracies", "mistakes", "blunders", "ply", "move", "notation", "main_line", "before_cp", "before_mate", "before_winner",
	"after_cp", "after_mate", "after_winner", "best_move", "pv", "loss", "cp_loss", "class"}

// Write writes one game.
func (a *AnalysisWriter) Write(g *AnalysisGame) error {
	if a.err != nil {
		return a.err
	}
	switch a.format {
	case "json":
		sep := ",\n"
		if a.games == 0 {
			sep = "{\"games\": [\n"
		}
		b, err := json.Marshal(g)
		if err == nil {
			_, err = a.w.Write(append([]byte(sep), b...))
		}
		a.err = err
	case "jsonl":
		a.jsonl(struct {
			Type      string `json:"type"`
			Game      string `json:"game"`
			Engine    string `json:"engine"`
			Positions int    `json:"positions"`
		}{"game", g.Game, g.Engine, g.Positions})
		for _, p := range g.Players {
			a.jsonl(struct {
				Type string `json:"type"`
				Game string `json:"game"`
				AnalysisTotal
			}{"player", g.Game, p})
		}
		for _, m := range g.Moves {
			a.jsonl(struct {
				Type string `json:"type"`
				AnalysisMove
			}{"move", m})
		}
	case "csv":
		a.csvRows(g)
	}
	a.games++
	return a.err
}

// jsonl writes one line.
func (a *AnalysisWriter) jsonl(v any) {
	if a.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		_, err = a.w.Write(append(b, '\n'))
	}
	a.err = err
}

// csvRows writes the rows of one game.
func (a *AnalysisWriter) csvRows(g *AnalysisGame) {
	if a.games == 0 {
		a.csv.Write(csvColumns)
	}
	row := make([]string, len(csvColumns))
	set := func(col, v string) {
		for i, c := range csvColumns {
			if c == col {
				row[i] = v
				return
			}
		}
		panic("no column " + col)
	}
	clear(row)
	set("type", "game")
	set("game", g.Game)
	set("engine", g.Engine)
	set("positions", strconv.Itoa(g.Positions))
	a.csv.Write(row)
	ftoa := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, p := range g.Players {
		clear(row)
		set("type", "player")
		set("game", g.Game)
		set("side", p.Side)
		set("name", p.Name)
		set("moves", strconv.Itoa(p.Moves))
		set("average_loss", ftoa(p.AverageLoss))
		set("acpl", ftoa(p.ACPL))
		set("accuracy", ftoa(p.Accuracy))
		set("inaccuracies", strconv.Itoa(p.Inaccuracies))
		set("mistakes", strconv.Itoa(p.Mistakes))
		set("blunders", strconv.Itoa(p.Blunders))
		a.csv.Write(row)
	}
	score := func(prefix string, s AnalysisScore) {
		if s.CP != nil {
			set(prefix+"_cp", strconv.Itoa(*s.CP))
		}
		if s.Mate != nil {
			set(prefix+"_mate", strconv.Itoa(*s.Mate))
			set(prefix+"_winner", s.Winner)
		}
	}
	for _, m := range g.Moves {
		clear(row)
		set("type", "move")
		set("game", m.Game)
		set("side", m.Side)
		set("ply", strconv.Itoa(m.Ply))
		set("move", m.Move)
		set("notation", m.Notation)
		set("main_line", strconv.FormatBool(m.MainLine))
		score("before", m.Before)
		score("after", m.After)
		set("best_move", m.BestMove)
		set("pv", strings.Join(m.PV, " "))
		set("loss", ftoa(m.Loss))
		set("cp_loss", strconv.Itoa(m.CPLoss))
		set("accuracy", ftoa(m.Accuracy))
		set("class", m.Class)
		a.csv.Write(row)
	}
	a.csv.Flush()
	a.err = a.csv.Error()
}

// Close ends the report: the json document is closed (an empty one is
// {"games": []}). It returns the first error.
func (a *AnalysisWriter) Close() error {
	if a.err != nil || a.format != "json" {
		if a.csv != nil && a.err == nil {
			if a.games == 0 {
				a.csv.Write(csvColumns)
			}
			a.csv.Flush()
			a.err = a.csv.Error()
		}
		return a.err
	}
	end := "\n]}\n"
	if a.games == 0 {
		end = "{\"games\": []}\n"
	}
	_, a.err = io.WriteString(a.w, end)
	return a.err
}
