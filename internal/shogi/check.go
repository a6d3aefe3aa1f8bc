package shogi

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
	"time"
)

// Severity says how bad a Finding is.
type Severity uint8

// The severities of findings.
const (
	SevWarning Severity = iota // the record reads but does not add up
	SevError                   // a rule is broken
)

// String returns "warning" or "error".
func (s Severity) String() string {
	if s == SevError {
		return "error"
	}
	return "warning"
}

// The codes of the findings of Check and CheckSummary that are not the code
// of a RuleError (an illegal move or an impossible start position reports
// the code of its sentinel: nifu, self-check, …).
const (
	CodeMoveCount           = "move-count"
	CodeHandicapMismatch    = "handicap-mismatch"
	CodeTimeTotal           = "time-total"
	CodeSummaryMismatch     = "summary-mismatch"
	CodeEndingRepetition    = "ending-repetition"
	CodePerpetualCheck      = "ending-perpetual-check"
	CodePlayAfterRepetition = "play-after-repetition"
	CodeEndingImpasse       = "ending-impasse"
	CodeEndingMate          = "ending-mate"
)

// CheckCodes describes every code of the table above, in that order, for
// help texts.
var CheckCodes = [...]struct{ Code, Summary string }{
	{CodeMoveCount, "a 手数 header that does not match the main line"},
	{CodeHandicapMismatch, "a 手合割 that contradicts the start position"},
	{CodeTimeTotal, "running time totals that do not add up to the times of the moves"},
	{CodeSummaryMismatch, "a まで line that contradicts the moves or the ending"},
	{CodeEndingRepetition, "a 千日手 ending where no position stood for the fourth time"},
	{CodePerpetualCheck, "a perpetual check (連続王手の千日手) whose ending names the checker as winner, or no winner"},
	{CodePlayAfterRepetition, "a move after a position stood for the fourth time, which ended the game"},
	{CodeEndingImpasse, "an entering-king declaration (入玉勝ち) that fails the declaration rule"},
	{CodeEndingMate, "a 詰み ending whose side to move is not checkmated"},
}

// Finding is one problem Check or CheckSummary found in a record.
type Finding struct {
	Code     string // stable kebab-case code: one of the Code constants, or a RuleError's
	Severity Severity
	Node     *Node  // the node concerned; the root for the header and the start position
	Part     Part   // the part of Node concerned: the move or ending, or its time
	Key      string // the header field concerned, for a finding about one
	Ply      int    // the ply of Node (0: the header or the start position)
	Start    bool   // about the start position, which a reader may have reported already
	Message  string
	// Place is where Node's Part (or the field Key) stands in the text
	// the record was read from, when the record has a Source
	// (Record.PlaceOf): a diagnostic's line, column and quoted line.
	Place Place
}

// Check replays every line of play of r (the main line and every
// variation) with the rules, and reports what readers accept but a
// validator should point out:
//
//   - an illegal move (an error with the code of its Legal sentinel) that
//     no foul ending documents (see FoulAt); nothing after it on
//     its line is checked;
//   - a start position no game can reach, a 手数 or 手合割 header that does
//     not match the record, running time totals that do not add up;
//   - endings the rules contradict: 千日手 with no fourfold repetition, a
//     perpetual check that names the checker as winner, play after a
//     fourfold repetition, an entering-king declaration that fails (under
//     the rule of the 持将棋 header, see ImpasseRuleOf), 詰み where the
//     side to move is not checkmated.
//
// All but illegal moves are warnings; a caller that wants the rules
// enforced (validate --strict) treats warnings as errors. Repetitions are
// found by position keys along each line, in time linear in the size of
// the tree.
func (r *Record) Check() []Finding {
	c := checker{rec: r}
	c.header()
	c.walk()
	for i := range c.out {
		c.out[i].Place, _ = r.PlaceOf(&c.out[i])
	}
	return c.out
}

type checker struct {
	rec       *Record
	out       []Finding
	timeDone  bool // a time-total warning was given (one per record)
	line      lineKeys
	rule      ImpasseRule
	ruleKnown bool
	kids      []*Node // the children of the node being left, in order
}

func (c *checker) add(code string, n *Node, ply int, msg string) {
	c.out = append(c.out, Finding{Code: code, Severity: SevWarning, Node: n, Ply: ply, Message: msg})
}

// header checks the start position and the header fields.
func (c *checker) header() {
	r := c.rec
	// A start position that no game can reach (nine pawns on a file, in a
	// tsume problem) is still a record; replaying from it works.
	if err := r.Start.Validate(); err != nil {
		c.add(ruleCode(err, ErrBadPosition.Code), r.Root, 0, err.Error()+": the start position cannot arise in a game")
		c.out[len(c.out)-1].Start = true
	}
	if v, ok := r.Header.Get(KeyHandicap); ok {
		if h, known := HandicapFromKIF(strings.TrimSpace(v)); known && h != Other {
			if p := h.Position(); !p.Equal(&r.Start) {
				c.add(CodeHandicapMismatch, r.Root, 0, "手合割 says "+h.KIF()+" but the start position is not that preset ("+r.Start.SFEN()+")")
				c.out[len(c.out)-1].Key = KeyHandicap
			}
		}
	}
	if v, ok := r.Header.Get("手数"); ok {
		if n, ok := ParseJaNumber(v); ok {
			if moves := r.mainLineMoves(); n != moves {
				c.add(CodeMoveCount, r.Root, 0, "手数 says "+strconv.Itoa(n)+" but the main line has "+strconv.Itoa(moves)+" moves")
				c.out[len(c.out)-1].Key = "手数"
			}
		}
	}
}

// mainLineMoves counts the moves of the main line.
func (r *Record) mainLineMoves() int {
	moves := 0
	for x := range r.MainLine() {
		if !x.IsEnd() {
			moves++
		}
	}
	return moves
}

// checkFrame is the state of a line of play at one node.
type checkFrame struct {
	node  *Node
	pos   Position // after node's move
	key   uint64   // pos.Key()
	spent [2]time.Duration
	moves [2]int
	known [2]bool // every move of the side so far stated its time
	ply   int
	rep   Repetition // Kind is not NoRepetition when pos stands for the fourth time
	over  bool       // a fourfold repetition ended the game at or before node
}

// walk replays every line depth first. The keys of the current line live
// in c.line; a variation's frame waits on the stack until the lines below
// its parent's first child are done, and those never cut c.line below the
// parent, so entering the frame only cuts c.line back to it.
func (c *checker) walk() {
	r := c.rec
	start := checkFrame{node: r.Root, pos: r.Start, known: [2]bool{true, true}}
	start.key = start.pos.Key()
	// Room for the main line and a few waiting variations.
	c.line.init(r.mainLineMoves() + 2)
	stack := make([]checkFrame, 1, 8)
	stack[0] = start
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.enter(&f)
		// The first child is followed in place rather than pushed and
		// popped at once, which would copy the frame at every node.
		for more := true; more; {
			more = false
			c.kids = c.kids[:0]
			for n := range f.node.Children() {
				c.kids = append(c.kids, n)
			}
			for i := len(c.kids) - 1; i >= 0; i-- {
				n := c.kids[i]
				ply := f.ply + 1
				side := f.pos.Turn()
				spent, moves, known := f.spent, f.moves, f.known
				moves[side]++
				if n.Time().HasTime {
					spent[side] += n.Time().Elapsed
				} else {
					known[side] = false
				}
				if n.Time().HasTotal && known[side] && !c.timeDone && !totalFits(n.Time().Total, spent[side], moves[side]) {
					c.timeDone = true
					c.add(CodeTimeTotal, n, ply, c.step(&f.pos, n, ply)+": the total time of "+sideName(side)+" is "+
						clock(n.Time().Total)+" but the times of the moves add up to "+clock(spent[side]))
					c.out[len(c.out)-1].Part = PartTime
				}
				if n.IsEnd() {
					c.ending(&f, n, ply)
					continue
				}
				next := f.pos
				if err := next.PlayLegal(n.Move); err != nil {
					if _, ok := FoulAt(&f.pos, n); ok {
						continue // the record shows the foul and the ending it brought
					}
					c.out = append(c.out, Finding{Code: ruleCode(err, "illegal-move"), Severity: SevError, Node: n, Ply: ply,
						Message: err.Error() + ": " + c.step(&f.pos, n, ply)})
					continue // nothing after an illegal move can be checked
				}
				if f.rep.Kind != NoRepetition {
					c.add(CodePlayAfterRepetition, n, ply, c.step(&f.pos, n, ply)+
						" is played after the position of ply "+strconv.Itoa(f.ply)+" stood for the fourth time (千日手"+
						repetitionNote(f.rep)+"), which ended the game")
				}
				key := f.pos.KeyAfter(f.key, n.Move)
				if i == 0 {
					f.pos = next
					f.node, f.key, f.spent, f.moves, f.known, f.ply, f.rep = n, key, spent, moves, known, ply, Repetition{}
					c.enter(&f)
					more = true
					continue
				}
				stack = append(stack, checkFrame{node: n, pos: next, key: key, spent: spent, moves: moves, known: known, ply: ply, over: f.over})
			}
		}
	}
}

// enter makes f's node the end of the current line: the line is cut back
// to its parent, f's position is added, and a fourth occurrence is noted
// in f.rep.
func (c *checker) enter(f *checkFrame) {
	l := &c.line
	l.cut(f.ply)
	l.push(f.key, f.ply > 0 && f.pos.InCheck())
	n, first := l.count(f.key)
	if n != 4 || f.over {
		return
	}
	f.over = true
	f.rep = Repetition{Kind: RepetitionDraw, First: first, Ply: f.ply}
	// Perpetual check: every move of one side from the first occurrence
	// to the fourth gave check (moves first+1 … ply). The move of ply j
	// was made by the side not to move at j.
	allCheck := [2]bool{true, true}
	for j := first + 1; j <= f.ply; j++ {
		mover := f.pos.Turn()
		if (f.ply-j)%2 == 0 {
			mover = mover.Opponent()
		}
		if !l.check(j) {
			allCheck[mover] = false
		}
	}
	switch {
	case allCheck[Black] && !allCheck[White]:
		f.rep.Kind, f.rep.Loser = PerpetualCheck, Black
	case allCheck[White] && !allCheck[Black]:
		f.rep.Kind, f.rep.Loser = PerpetualCheck, White
	}
}

// lineKeys counts the positions along the line being replayed. Each
// position seen (its key) has an entry in an open-addressing table: how
// often it stands on the line and the ply where it first does; each ply
// keeps the index of its position's entry and whether its move gave check,
// 4 bytes and a bit, so that a game of a million moves that shuffles
// kings between a few positions costs 4 MB (issue 15). The line's stack
// discipline keeps it simple: a ply is added at the end and removed from
// the end, so the first occurrence of a position is the last of its plies
// to go; entries stay when their count falls to 0, as the position may
// come back.
type lineKeys struct {
	plies  []int32     // the entry of each ply's position
	checks []uint64    // bit i: the move of ply i gave check
	table  []lineEntry // len is a power of two
	used   int         // entries of table in use
}

// lineEntry is a position of the line's table; first is -1 in a free
// entry.
type lineEntry struct {
	key   uint64
	n     int32 // the plies of the line that stand on it
	first int32 // the first of them, while n > 0
}

// init makes room for n plies, and for as many positions up to 4096: a
// long game grows its table only if it has that many positions.
func (l *lineKeys) init(n int) {
	*l = lineKeys{plies: make([]int32, 0, n), checks: make([]uint64, 0, n/64+1)}
	l.grow(max(64, 1<<bits.Len(uint(min(n, 4096)*4/3))))
}

// push adds the key of the next ply.
func (l *lineKeys) push(k uint64, check bool) {
	if 4*(l.used+1) > 3*len(l.table) {
		l.grow(max(64, 2*len(l.table)))
	}
	i := l.find(k)
	e := &l.table[i]
	if e.first < 0 {
		*e = lineEntry{key: k}
		l.used++
	}
	ply := len(l.plies)
	if e.n == 0 {
		e.first = int32(ply)
	}
	e.n++
	l.plies = append(l.plies, int32(i))
	if ply%64 == 0 {
		l.checks = append(l.checks[:ply/64], 0)
	}
	if check {
		l.checks[ply/64] |= 1 << (ply % 64)
	} else {
		l.checks[ply/64] &^= 1 << (ply % 64)
	}
}

// check reports whether the move of ply gave check.
func (l *lineKeys) check(ply int) bool { return l.checks[ply/64]&(1<<(ply%64)) != 0 }

// cut removes the plies from ply on.
func (l *lineKeys) cut(ply int) {
	for i := len(l.plies) - 1; i >= ply; i-- {
		l.table[l.plies[i]].n--
	}
	if ply < len(l.plies) {
		l.plies = l.plies[:ply]
		l.checks = l.checks[:(ply+63)/64]
	}
}

// count returns how often k stands on the line, counting no further than
// five (a position that stood five times has been judged at its fourth),
// and the first ply where it does.
func (l *lineKeys) count(k uint64) (n uint8, first int) {
	e := &l.table[l.find(k)]
	if e.first < 0 || e.n == 0 {
		return 0, 0
	}
	return uint8(min(e.n, 5)), int(e.first)
}

// find returns the index of k's entry in the table, or of the free entry
// where it goes.
func (l *lineKeys) find(k uint64) int {
	mask := len(l.table) - 1
	for i := int(k>>32^k) & mask; ; i = (i + 1) & mask {
		if e := &l.table[i]; e.first < 0 || e.key == k {
			return i
		}
	}
}

// grow makes the table n entries (a power of two) and moves the entries
// in use, and the plies' indices of them, to their places in it.
func (l *lineKeys) grow(n int) {
	old := l.table
	l.table = make([]lineEntry, n)
	for i := range l.table {
		l.table[i].first = -1
	}
	moved := make([]int32, len(old))
	for i, e := range old {
		if e.first >= 0 {
			j := l.find(e.key)
			l.table[j] = e
			moved[i] = int32(j)
		}
	}
	for i, e := range l.plies {
		l.plies[i] = moved[e]
	}
}

// step names the move or ending n, played in pos, for a message: "ply 5"
// and the text the source wrote (７七玉(68), +6877OU), or without a Source
// the move in KI2 (▲７七玉) or the ending's KIF word.
func (c *checker) step(pos *Position, n *Node, ply int) string {
	s := "ply " + strconv.Itoa(ply) + " "
	if src := c.rec.Source; src != nil {
		if p, ok := src.Place(n, PartMove); ok && p.Token != "" {
			return s + p.Token
		}
	}
	if n.IsEnd() {
		return s + endingName(n.End(), pos.Turn())
	}
	return s + DescribeMove(pos, n.Move)
}

// ending checks the ending n, which follows f's node, against the rules.
func (c *checker) ending(f *checkFrame, n *Node, ply int) {
	pos := &f.pos
	at := " at ply " + strconv.Itoa(ply)
	e := n.End().Normalize(pos.Turn())
	word := func(kif string) string { // the ending as the source wrote it, else its KIF word
		if src := c.rec.Source; src != nil {
			if p, ok := src.Place(n, PartMove); ok && p.Token != "" {
				return p.Token
			}
		}
		return kif
	}
	if f.rep.Kind == PerpetualCheck {
		loser := f.rep.Loser
		switch w, decided := e.Winner(); {
		case decided && w == loser:
			c.add(CodePerpetualCheck, n, ply, "the record ends with "+word(endingName(e, pos.Turn()))+at+" for "+sideName(loser)+
				", but "+sideName(loser)+" checked with every move of a fourfold repetition (連続王手の千日手) and loses")
		case e.Kind == Sennichite:
			c.add(CodePerpetualCheck, n, ply, "the record ends with "+word("千日手")+at+", a draw, but "+sideName(loser)+
				" checked with every move of the fourfold repetition (連続王手の千日手) and loses")
		}
	}
	switch e.Kind {
	case Sennichite:
		if f.over {
			return // the fourth occurrence was at f's node, or reported where it was
		}
		times, _ := c.line.count(f.key)
		msg := "the record ends with " + word("千日手") + at + ", but the position stood "
		if times == 1 {
			msg += "for the first time"
		} else {
			msg += "only " + strconv.Itoa(int(times)) + " times"
		}
		c.add(CodeEndingRepetition, n, ply, msg+" (a fourfold repetition ends the game)")
	case EnteringKing:
		rule := c.impasseRule()
		res, err := pos.DeclareImpasse(rule)
		switch {
		case err != nil:
			c.add(CodeEndingImpasse, n, ply, "the record ends with "+word(endingName(e, pos.Turn()))+at+" for "+sideName(pos.Turn())+
				", but the declaration fails the "+rule.String()+"-point rule: "+err.Error())
		case res.Outcome != ImpasseWin:
			c.add(CodeEndingImpasse, n, ply, "the record ends with "+word(endingName(e, pos.Turn()))+at+", but under the "+rule.String()+
				"-point rule "+strconv.Itoa(res.Points)+" points make the declaration a draw (持将棋), not a win")
		}
	case Mate:
		switch {
		case pos.IsCheckmate():
		case pos.InCheck() && onlyDrops(pos.LegalMoves(nil)):
			c.add(CodeEndingMate, n, ply, "the record ends with "+word("詰み")+at+", but "+sideName(pos.Turn())+
				" can still drop a piece between (tsume problems leave such useless interpositions, 無駄合, out)")
		case pos.InCheck():
			c.add(CodeEndingMate, n, ply, "the record ends with "+word("詰み")+at+", but "+sideName(pos.Turn())+" is in check and has a legal move")
		default:
			c.add(CodeEndingMate, n, ply, "the record ends with "+word("詰み")+at+", but "+sideName(pos.Turn())+" is not even in check")
		}
	}
}

func onlyDrops(ms []Move) bool {
	for _, m := range ms {
		if !m.IsDrop() {
			return false
		}
	}
	return true
}

// impasseRule is the declaration rule the record's 持将棋 header names, the
// 27-point rule by default.
func (c *checker) impasseRule() ImpasseRule {
	if !c.ruleKnown {
		c.ruleKnown = true
		c.rule = ImpasseRule27
		if v, ok := c.rec.Header.Get(KeyJishogi); ok {
			if rule, ok := ImpasseRuleOf(v); ok {
				c.rule = rule
			}
		}
	}
	return c.rule
}

// ImpasseRuleOf reads the declaration rule a 持将棋 header (CSA V3.0's
// $JISHOGI) names: its first number, 27 or 24 ("27", "24点法", "２４点").
func ImpasseRuleOf(v string) (ImpasseRule, bool) {
	v = strings.TrimSpace(v)
	for i := 0; i < len(v); i++ {
		n, _, ok := CutJaNumber(v[i:])
		if !ok {
			continue
		}
		switch n {
		case 27:
			return ImpasseRule27, true
		case 24:
			return ImpasseRule24, true
		}
		return 0, false
	}
	return 0, false
}

// repetitionNote says what kind of repetition r is, for a message.
func repetitionNote(r Repetition) string {
	if r.Kind == PerpetualCheck {
		return ", a perpetual check by " + sideName(r.Loser)
	}
	return ""
}

// endingName is the KIF word of e (its kind's name when KIF has none).
func endingName(e Ending, toMove Color) string {
	if w, _ := e.KIF(toMove); w != "" {
		return w
	}
	return e.Kind.String()
}

// DescribeMove writes m as KI2 notation with its side mark (▲７六歩), or as
// USI text when the origin does not hold a piece of the side to move, so
// that an illegal move still reads sensibly in a message.
func DescribeMove(pos *Position, m Move) string {
	b := AppendSideMark(nil, pos.Turn())
	if !m.IsDrop() {
		pc := pos.At(m.From())
		if pc.IsEmpty() || pc.Color() != pos.Turn() {
			return string(m.AppendUSI(b))
		}
	}
	return string(KI2Notation{}.AppendMove(b, pos, m))
}

// ruleCode returns the code of the RuleError err wraps, or fallback.
func ruleCode(err error, fallback string) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return fallback
}

func sideName(c Color) string {
	if c == Black {
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

// CheckSummary compares a KIF or KI2 summary line (まで77手で先手の勝ち),
// which the reader found after the moves, with the main line of r: the
// number of moves and the result. Readers take the ending from the move
// lines and skip the summary, so a summary that contradicts them is only
// seen here. Text that is not a summary gives nothing. The findings are
// warnings about the root (the caller knows the line).
func (r *Record) CheckSummary(text string) []Finding {
	s, ok := strings.CutPrefix(strings.TrimSpace(text), "まで")
	if !ok {
		return nil
	}
	s = strings.TrimPrefix(s, "、")
	n, s, ok := CutJaNumber(s)
	if !ok {
		return nil
	}
	s, ok = strings.CutPrefix(s, "手")
	if !ok {
		return nil
	}
	result := strings.TrimPrefix(s, "で")
	var out []Finding
	add := func(msg string) {
		out = append(out, Finding{Code: CodeSummaryMismatch, Severity: SevWarning, Node: r.Root, Message: msg})
	}
	// The result is the main line's outcome: after a documented foul, its
	// mover lost, whatever the ending's word.
	o := LineResult(r.Start, r.Root.Next())
	moves := o.Plies
	if n != moves {
		add("the まで line counts " + strconv.Itoa(n) + " moves but the main line has " + strconv.Itoa(moves))
	}
	if o.End == nil {
		return out
	}
	toMove := r.Start.Turn() ^ Color(moves&1)
	word, _ := o.End.End().KIF(toMove)
	winner, decided := o.Winner, o.Decided
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
func summaryWinner(s string) (Color, bool) {
	s = strings.TrimPrefix(s, "時間切れにより")
	for _, side := range []struct {
		name string
		c    Color
	}{{"先手", Black}, {"下手", Black}, {"後手", White}, {"上手", White}} {
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
	return Black, false
}
