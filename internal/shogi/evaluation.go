package shogi

import (
	"strconv"
	"strings"
)

// Eval is an engine's score of a position from Black's view, as records
// carry it in their comments: centipawns, or a mate with its distance.
type Eval struct {
	Mate   bool  // a mate: Winner mates in Plies plies
	CP     int   // without Mate: centipawns, positive when Black is better
	Plies  int   // with Mate: plies to the mate; 0: the loser is mated already; -1: not stated
	Winner Color // with Mate: the side that mates
}

// EvalCP returns the centipawn score cp (Black's view).
func EvalCP(cp int) Eval { return Eval{CP: cp} }

// EvalMate returns a mate by winner in plies plies (-1: distance unknown).
func EvalMate(winner Color, plies int) Eval {
	return Eval{Mate: true, Plies: plies, Winner: winner}
}

// Clamp returns e as one number of centipawns bounded by ±limit: a mate is
// ±limit, a score past the limit is cut to it.
func (e Eval) Clamp(limit int) int {
	if e.Mate {
		if e.Winner == Black {
			return limit
		}
		return -limit
	}
	return max(-limit, min(limit, e.CP))
}

// For returns the score from c's view: the centipawns negated for White; a
// mate keeps its Winner, which already says whose it is.
func (e Eval) For(c Color) Eval {
	if !e.Mate && c == White {
		e.CP = -e.CP
	}
	return e
}

// String returns "+123", "-45", "0", "mate +9" (Black mates in 9 plies),
// "mate -3" (White mates in 3) or "mate +?" (distance not stated).
func (e Eval) String() string {
	if !e.Mate {
		if e.CP > 0 {
			return "+" + strconv.Itoa(e.CP)
		}
		return strconv.Itoa(e.CP)
	}
	s := "mate +"
	if e.Winner == White {
		s = "mate -"
	}
	if e.Plies < 0 {
		return s + "?"
	}
	return s + strconv.Itoa(e.Plies)
}

// SituationWord returns ShogiHome's word for a centipawn score from
// Black's view: 互角 within ±200 (inclusive of -200), then 有望 (≥200),
// 有利 (≥400), 優勢 (≥600) and 勝勢 (≥1500) for the side ahead, each after
// 先手 or 後手.
func SituationWord(cp int) string {
	switch {
	case cp >= 1500:
		return "先手勝勢"
	case cp >= 600:
		return "先手優勢"
	case cp >= 400:
		return "先手有利"
	case cp >= 200:
		return "先手有望"
	case cp >= -200:
		return "互角"
	case cp >= -400:
		return "後手有望"
	case cp >= -600:
		return "後手有利"
	case cp >= -1500:
		return "後手優勢"
	}
	return "後手勝勢"
}

// isSituationWord reports whether s is one of SituationWord's words.
func isSituationWord(s string) bool {
	switch s {
	case "互角", "先手有望", "先手有利", "先手優勢", "先手勝勢", "後手有望", "後手有利", "後手優勢", "後手勝勢":
		return true
	}
	return false
}

// ParseEvaluation returns the engine score that the comments of a node
// state (a move's comments are about the position after it), from Black's
// view. An analysis block (see Annotation) wins; otherwise the last line in
// one of these conventions does:
//
//   - ShogiHome's `#評価値=N` (analysis) and `*評価値=N` (the player's), and
//     its mates `#詰み=先手勝ち:N手`, `*詰み=後手勝ち` (KIF `*#…`, `**…`);
//   - floodgate's CSA `'** N PV…`, kept by parse.CSA as "* N PV…";
//   - Kifu for Windows' and ShogiGUI's `**解析 0 … 評価値 N …` and
//     `**対局 … 評価値 N …` (comment text "*解析 …", "*対局 …");
//   - the Western form of an analysis block, `#eval=N` and `#mate=+N`.
//
// Scores are integers (a decimal part is dropped); ok is false when no line
// states one.
func ParseEvaluation(comments []string) (e Eval, ok bool) {
	// Every convention starts a line with '#' or '*', and a block's last
	// line with '#': most comments are looked at for one byte.
	block := false
	for _, c := range comments {
		if len(c) > 0 && c[0] == '#' {
			block = true
			break
		}
	}
	if block {
		if i, j, found := FindAnnotation(comments); found {
			if a, err := parseAnnotationLines(comments[i:j], nil); err == nil {
				return a.Eval, true
			}
		}
	}
	for _, c := range comments {
		if len(c) == 0 || c[0] != '*' && c[0] != '#' {
			continue
		}
		if v, found := parseEvalLine(c); found {
			e, ok = v, true
		}
	}
	return e, ok
}

// parseEvalLine reads one comment line in any of ParseEvaluation's
// conventions.
func parseEvalLine(c string) (Eval, bool) {
	switch {
	case len(c) > 2 && c[0] == '*' && c[1] == ' ':
		return leadingCP(strings.TrimLeft(c[2:], " "))
	case strings.HasPrefix(c, "#評価値="), strings.HasPrefix(c, "*評価値="):
		return leadingCP(c[len("#評価値="):])
	case strings.HasPrefix(c, "#詰み="), strings.HasPrefix(c, "*詰み="):
		return parseMateWords(c[len("#詰み="):])
	case strings.HasPrefix(c, "*解析 "), strings.HasPrefix(c, "*対局 "):
		if _, rest, found := strings.Cut(c, " 評価値 "); found {
			return leadingCP(rest)
		}
	case strings.HasPrefix(c, "#eval="):
		return leadingCP(c[len("#eval="):])
	case strings.HasPrefix(c, "#mate="):
		return parseMateSign(c[len("#mate="):])
	}
	return Eval{}, false
}

// leadingCP reads an optionally signed decimal integer at the start of s.
func leadingCP(s string) (Eval, bool) {
	v, ok := leadingInt(s)
	return EvalCP(v), ok
}

// leadingInt reads an optionally signed decimal integer at the start of s,
// bounded by ±1e9.
func leadingInt(s string) (int, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	v, digits := 0, 0
	for ; digits < len(s) && s[digits] >= '0' && s[digits] <= '9'; digits++ {
		v = min(v*10+int(s[digits]-'0'), 1e9)
	}
	if digits == 0 {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// parseMateWords reads ShogiHome's mate text after `詰み=`: 先手勝ち or
// 後手勝ち, then optionally `:N手`.
func parseMateWords(s string) (Eval, bool) {
	var w Color
	switch {
	case strings.HasPrefix(s, "先手勝ち"):
		w = Black
	case strings.HasPrefix(s, "後手勝ち"):
		w = White
	default:
		return Eval{}, false
	}
	s = s[len("先手勝ち"):]
	if d, ok := strings.CutPrefix(s, ":"); ok {
		if n, ok := leadingInt(d); ok && n >= 0 && strings.HasPrefix(d[len(strconv.Itoa(n)):], "手") {
			return EvalMate(w, n), true
		}
	}
	return EvalMate(w, -1), true
}

// appendMateWords appends ShogiHome's mate text: 先手勝ち:N手 (or without
// :N手 when the distance is not stated).
func appendMateWords(dst []byte, e Eval) []byte {
	if e.Winner == Black {
		dst = append(dst, "先手勝ち"...)
	} else {
		dst = append(dst, "後手勝ち"...)
	}
	if e.Plies >= 0 {
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(e.Plies), 10)
		dst = append(dst, "手"...)
	}
	return dst
}

// parseMateSign reads the Western mate text: +N or -N (Black or White
// mates in N plies), + or - alone when the distance is not stated.
func parseMateSign(s string) (Eval, bool) {
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return Eval{}, false
	}
	w := Black
	if s[0] == '-' {
		w = White
	}
	if len(s) == 1 {
		return EvalMate(w, -1), true
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 {
		return Eval{}, false
	}
	return EvalMate(w, n), true
}

// appendMateSign appends the Western mate text (see parseMateSign).
func appendMateSign(dst []byte, e Eval) []byte {
	if e.Winner == Black {
		dst = append(dst, '+')
	} else {
		dst = append(dst, '-')
	}
	if e.Plies >= 0 {
		dst = strconv.AppendInt(dst, int64(e.Plies), 10)
	}
	return dst
}
