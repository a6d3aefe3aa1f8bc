package main

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// checkRecord replays every line of play of a record (the main line and
// every variation) with the rules engine, and looks for the inconsistencies
// that readers accept but a validator should point out. It returns errors
// for broken rules and warnings for the rest; neither has a source line,
// since nodes do not keep one, so they name the game and the ply.
func checkRecord(path string, game int, rec *shogi.Record) []diag {
	var out []diag
	add := func(sev, code string, ply int, msg string) {
		out = append(out, diag{Path: path, Game: game, Ply: ply, Severity: sev, Code: code, Message: msg})
	}
	// A start position that no game can reach (nine pawns on a file, in a
	// tsume problem) is still a record; replaying from it works.
	if err := rec.Start.Validate(); err != nil {
		add(sevWarning, codeOf(err, "bad-position"), 0, err.Error()+": the start position cannot arise in a game")
		out[len(out)-1].start = true
	}
	// Header warnings.
	if v, ok := rec.Header.Get(shogi.KeyHandicap); ok {
		if h, known := shogi.HandicapFromKIF(strings.TrimSpace(v)); known && h != shogi.Other {
			if p := h.Position(); !p.Equal(&rec.Start) {
				add(sevWarning, "handicap-mismatch", 0, "手合割 says "+h.KIF()+" but the start position is not that preset ("+rec.Start.SFEN()+")")
			}
		}
	}
	if v, ok := rec.Header.Get("手数"); ok {
		if n, ok := atoiWide(v); ok {
			moves := 0
			for x := range rec.MainLine() {
				if !x.IsEnd() {
					moves++
				}
			}
			if n != moves {
				add(sevWarning, "move-count", 0, "手数 says "+strconv.Itoa(n)+" but the main line has "+strconv.Itoa(moves)+" moves")
			}
		}
	}
	// Replay every line, carrying the position and each side's running
	// time along.
	type frame struct {
		node  *shogi.Node
		pos   shogi.Position
		spent [2]time.Duration
		moves [2]int
		known [2]bool // every move of the side so far stated its time
		ply   int
	}
	timeWarned := false
	stack := []frame{{node: rec.Root, pos: rec.Start, known: [2]bool{true, true}}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// The first child is followed in place rather than pushed and
		// popped at once: copying the frame, position and all, at every
		// node was a fifth of the time of validating a file.
		for more := true; more; {
			more = false
			for i := len(f.node.Children) - 1; i >= 0; i-- {
				n := f.node.Children[i]
				ply := f.ply + 1
				side := f.pos.Turn()
				spent, moves, known := f.spent, f.moves, f.known
				moves[side]++
				if n.Time.HasTime {
					spent[side] += n.Time.Elapsed
				} else {
					known[side] = false
				}
				if n.Time.HasTotal && known[side] && !timeWarned && !totalFits(n.Time.Total, spent[side], moves[side]) {
					timeWarned = true
					add(sevWarning, "time-total", ply, "at move "+strconv.Itoa(ply)+" the total time of "+sideName(side)+" is "+
						clock(n.Time.Total)+" but the times of the moves add up to "+clock(spent[side]))
				}
				if n.IsEnd() {
					continue
				}
				if err := f.pos.Legal(n.Move); err != nil {
					if documentsFoul(n) {
						continue // the record shows the foul and the ending it brought
					}
					add(sevError, codeOf(err, "illegal-move"), ply, err.Error()+" at move "+strconv.Itoa(ply)+" "+moveText(&f.pos, n.Move))
					continue // nothing after an illegal move can be checked
				}
				if i == 0 {
					f.node, f.spent, f.moves, f.known, f.ply = n, spent, moves, known, ply
					f.pos.Play(n.Move)
					more = true
					continue
				}
				next := frame{node: n, pos: f.pos, spent: spent, moves: moves, known: known, ply: ply}
				next.pos.Play(n.Move)
				stack = append(stack, next)
			}
		}
	}
	return out
}

// documentsFoul reports whether an illegal move is followed by the ending
// that declares it a foul, as records of real games do.
func documentsFoul(n *shogi.Node) bool {
	next := n.Next()
	if next == nil || !next.IsEnd() {
		return false
	}
	switch next.End.Kind {
	case shogi.FoulWin, shogi.FoulLose, shogi.IllegalMove, shogi.IllegalAction:
		return true
	}
	return false
}

func codeOf(err error, fallback string) string {
	var re *shogi.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return fallback
}

// moveText writes a move as KI2 notation with its side mark (▲７六歩), or as
// USI text when the origin does not hold a piece of the side to move, so
// that an illegal move still reads sensibly.
func moveText(pos *shogi.Position, m shogi.Move) string {
	b := shogi.AppendSideMark(nil, pos.Turn())
	if !m.IsDrop() {
		pc := pos.At(m.From())
		if pc.IsEmpty() || pc.Color() != pos.Turn() {
			return string(m.AppendUSI(b))
		}
	}
	return string(shogi.KI2Notation{}.AppendMove(b, pos, m))
}

func sideName(c shogi.Color) string {
	if c == shogi.Black {
		return "先手"
	}
	return "後手"
}

// totalFits reports whether a stated running total agrees with the sum of
// the times of a side's moves. Programs keep totals in milliseconds but
// write each move's time cut to whole seconds, so the total may exceed the
// sum by up to a second per move, never fall short of it.
func totalFits(total, sum time.Duration, moves int) bool {
	total, sum = total.Truncate(time.Second), sum.Truncate(time.Second)
	return total >= sum && total <= sum+time.Duration(moves)*time.Second
}

// clock writes a duration as h:mm:ss, as KIF does.
func clock(d time.Duration) string {
	s := int64(d / time.Second)
	b := strconv.AppendInt(nil, s/3600, 10)
	b = append(b, ':', byte('0'+s/60%60/10), byte('0'+s/60%10), ':', byte('0'+s%60/10), byte('0'+s%10))
	return string(b)
}

// atoiWide reads a decimal number written with ASCII or full-width digits.
func atoiWide(s string) (int, bool) {
	s = strings.TrimSpace(s)
	n, digits := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '０' && r <= '９':
			n = n*10 + int(r-'０')
		default:
			return 0, false
		}
		digits++
		if digits > 9 {
			return 0, false
		}
	}
	return n, digits > 0
}

// checkSummary compares a KIF or KI2 `まで77手で先手の勝ち` line with the
// main line of the record: the number of moves and the result. Readers
// take the ending from the move lines when there is one and skip the
// summary, so a summary that contradicts them is only seen here.
func checkSummary(path string, line int, text string, rec *shogi.Record) []diag {
	s, ok := strings.CutPrefix(strings.TrimSpace(text), "まで")
	if !ok {
		return nil
	}
	s = strings.TrimPrefix(s, "、")
	i := strings.Index(s, "手")
	if i <= 0 {
		return nil
	}
	n, ok := atoiWide(s[:i])
	if !ok {
		return nil
	}
	result := strings.TrimPrefix(s[i+len("手"):], "で")
	var out []diag
	add := func(msg string) {
		out = append(out, diag{Path: path, Line: line, Col: 1, Game: 1, Severity: sevWarning, Code: "summary-mismatch", Message: msg, source: text})
	}
	moves := 0
	var end *shogi.Node
	for x := range rec.MainLine() {
		if x.IsEnd() {
			end = x
			break
		}
		moves++
	}
	if n != moves {
		add("the まで line counts " + strconv.Itoa(n) + " moves but the main line has " + strconv.Itoa(moves))
	}
	if end == nil {
		return out
	}
	toMove := rec.Start.Turn() ^ shogi.Color(moves&1)
	e := end.End.Normalize(toMove)
	word, _ := e.KIF(toMove)
	winner, decided := e.Winner()
	said, saysWinner := summaryWinner(result)
	switch {
	case saysWinner && (!decided || said != winner):
		add("the まで line says " + result + " but the game ends with " + word)
	case !saysWinner && decided && strings.HasSuffix(result, "勝ち"):
		add("the まで line says " + result + " but the game ends with " + word)
	}
	return out
}

// summaryWinner reads the winner a まで result names (先手の勝ち,
// 後手の反則負け, 時間切れにより上手の勝ち, …).
func summaryWinner(s string) (shogi.Color, bool) {
	s = strings.TrimPrefix(s, "時間切れにより")
	for _, side := range []struct {
		name string
		c    shogi.Color
	}{{"先手", shogi.Black}, {"下手", shogi.Black}, {"後手", shogi.White}, {"上手", shogi.White}} {
		rest, ok := strings.CutPrefix(s, side.name+"の")
		if !ok {
			continue
		}
		switch {
		case strings.HasSuffix(rest, "負け"):
			return side.c.Opponent(), true
		case strings.HasSuffix(rest, "勝ち"), rest == "不戦勝":
			return side.c, true
		}
	}
	return shogi.Black, false
}
