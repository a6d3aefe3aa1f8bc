package shogi

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Criteria select records, as `kifconv filter` does. Every kind of
// criterion that is set must hold (AND); a kind given several values holds
// when any of them does (OR). The zero value selects every record. Build it
// with the Add and Set methods, which check their text.
type Criteria struct {
	players, blacks, whites, events []string // folded names (foldName), matched as substrings
	winners, losers                 []string
	headers                         []headerCriterion
	dateFrom, dateTo                int // DayNumber; 0 when not set
	handicaps                       []Handicap
	results                         []Result
	minPlies, maxPlies              int // -1 when not set
	moves                           []movePrefix
	positions                       []Position
	// Variations makes a position criterion look at every line of the
	// tree, not only the main line.
	Variations bool
}

// headerCriterion is one header key with the patterns its value may match.
type headerCriterion struct {
	key  string
	pats []*regexp.Regexp
}

// NewCriteria returns criteria that select every record.
func NewCriteria() *Criteria { return &Criteria{minPlies: -1, maxPlies: -1} }

// foldName makes names comparable across the ways records write them:
// blanks (ASCII and full-width) are dropped, full-width ASCII becomes ASCII
// and letters become lower case, so that "羽生 善治" matches 羽生善治 and
// "ｆｕｊｉｉ" matches Fujii.
func foldName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\u3000':
			continue
		case r >= '！' && r <= '～':
			r = r - '！' + '!'
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// AddPlayer selects records where either side's name contains name (after
// foldName); AddBlack, AddWhite and AddEvent look at one field.
func (c *Criteria) AddPlayer(name string) { c.players = append(c.players, foldName(name)) }

// AddBlack selects records whose 先手 (or 下手) contains name.
func (c *Criteria) AddBlack(name string) { c.blacks = append(c.blacks, foldName(name)) }

// AddWhite selects records whose 後手 (or 上手) contains name.
func (c *Criteria) AddWhite(name string) { c.whites = append(c.whites, foldName(name)) }

// AddEvent selects records whose 棋戦 (or 表題) contains name.
func (c *Criteria) AddEvent(name string) { c.events = append(c.events, foldName(name)) }

// AddWinner selects records whose ending makes a side the winner and
// whose name contains name (after foldName): every game a player won.
func (c *Criteria) AddWinner(name string) { c.winners = append(c.winners, foldName(name)) }

// AddLoser selects records whose ending makes a side the loser and whose
// name contains name.
func (c *Criteria) AddLoser(name string) { c.losers = append(c.losers, foldName(name)) }

// AddHeader takes KEY=REGEX: the value of header KEY (a KIF key such as 戦型,
// or a CSA name such as $OPENING, which means its KIF key) matches the
// regular expression (RE2 syntax, unanchored). Patterns for the same key
// are alternatives; different keys must all match.
func (c *Criteria) AddHeader(spec string) error {
	key, pat, ok := strings.Cut(spec, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return fmt.Errorf("want KEY=REGEX, not %q", spec)
	}
	if key[0] == '$' || key == "N+" || key == "N-" {
		key = CSAKeyToHeader(key)
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return err
	}
	for i := range c.headers {
		if c.headers[i].key == key {
			c.headers[i].pats = append(c.headers[i].pats, re)
			return nil
		}
	}
	c.headers = append(c.headers, headerCriterion{key, []*regexp.Regexp{re}})
	return nil
}

// SetDateFrom selects records played on or after the day s names: a date
// ParseDate reads, or a year (2019) or a month (2019/04, 2019-04).
func (c *Criteria) SetDateFrom(s string) error {
	d, err := parseDay(s, false)
	c.dateFrom = d
	return err
}

// SetDateTo selects records played on or before the day s names (the last
// day of a year or month given alone).
func (c *Criteria) SetDateTo(s string) error {
	d, err := parseDay(s, true)
	c.dateTo = d
	return err
}

func parseDay(s string, last bool) (int, error) {
	s = strings.TrimSpace(s)
	if d, ok := ParseDate(s); ok {
		return d.DayNumber(), nil
	}
	y, m, ok := s, "", true
	if i := strings.IndexAny(s, "/-."); i >= 0 {
		y, m = s[:i], s[i+1:]
	}
	year, err := strconv.Atoi(y)
	ok = err == nil && len(y) == 4
	month := 0
	if m != "" {
		month, err = strconv.Atoi(m)
		ok = ok && err == nil && month >= 1 && month <= 12
	}
	if !ok {
		return 0, fmt.Errorf("want a date such as 2019/04/01, 2019-04 or 2019, not %q", s)
	}
	d := Date{Year: year, Month: month, Day: 0}
	switch {
	case month == 0 && last:
		d.Month, d.Day = 12, 31
	case month == 0:
		d.Month, d.Day = 1, 1
	case last:
		d.Day = 31
	default:
		d.Day = 1
	}
	return d.DayNumber(), nil
}

// AddHandicap selects records that start from the preset name names (a KIF
// name such as 香落ち, a JKF name such as KY, an English name such as
// "lance"), or, for "custom", from a position of their own.
func (c *Criteria) AddHandicap(name string) error {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "custom", "other", "その他":
		c.handicaps = append(c.handicaps, Other)
		return nil
	case "even", "none":
		c.handicaps = append(c.handicaps, Even)
		return nil
	}
	h, ok := HandicapFromEnglish(name)
	if !ok {
		return fmt.Errorf("unknown handicap %q (want a KIF, JKF or English name of one of the 17, or custom)", name)
	}
	c.handicaps = append(c.handicaps, h)
	return nil
}

// Result is an outcome a record may be selected by: who won, a draw, an
// unfinished game, or one kind of ending.
type Result struct {
	outcome outcome
	kinds   []EndingKind // for outcomeEnding
}

type outcome uint8

const (
	outcomeBlack outcome = iota
	outcomeWhite
	outcomeDraw
	outcomeUnfinished
	outcomeEnding
)

// resultEndings are the ending names --result takes, besides the outcomes.
var resultEndings = map[string][]EndingKind{
	"resign":     {Resign},
	"sennichite": {Sennichite},
	"repetition": {Sennichite},
	"impasse":    {Impasse},
	"jishogi":    {Impasse},
	"mate":       {Mate},
	"timeout":    {Timeout},
	"time-up":    {Timeout},
	"foul":       {FoulWin, FoulLose, IllegalMove, IllegalAction},
	"interrupt":  {Interrupt},
	"chudan":     {Interrupt},
	"kachi":      {EnteringKing},
	"entering":   {EnteringKing},
	"max-moves":  {MaxMoves},
	"default":    {WinByDefault, LoseByDefault},
	"sealed":     {Sealed},
	"try":        {Try},
}

// ResultNames lists the names AddResult takes.
func ResultNames() []string {
	return []string{"black-win", "white-win", "draw", "unfinished", "resign", "sennichite", "impasse",
		"mate", "timeout", "foul", "interrupt", "kachi", "max-moves", "default", "sealed", "try"}
}

// AddResult selects records by how the main line ends: black-win and
// white-win (the ending makes that side the winner), draw (千日手, 持将棋,
// %HIKIWAKE, %MAX_MOVES), unfinished (no ending, or one that decides
// nothing: 中断, 封じ手, …), or a kind of ending (resign, sennichite, foul,
// …; ResultNames lists them, and the names of EndingKind.String work too).
func (c *Criteria) AddResult(name string) error {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "black-win", "black", "sente-win", "sente":
		c.results = append(c.results, Result{outcome: outcomeBlack})
		return nil
	case "white-win", "white", "gote-win", "gote":
		c.results = append(c.results, Result{outcome: outcomeWhite})
		return nil
	case "draw":
		c.results = append(c.results, Result{outcome: outcomeDraw})
		return nil
	case "unfinished":
		c.results = append(c.results, Result{outcome: outcomeUnfinished})
		return nil
	}
	if ks, ok := resultEndings[strings.ReplaceAll(n, "_", "-")]; ok {
		c.results = append(c.results, Result{outcome: outcomeEnding, kinds: ks})
		return nil
	}
	for k := Resign; k < Unknown; k++ {
		if k.String() == n {
			c.results = append(c.results, Result{outcome: outcomeEnding, kinds: []EndingKind{k}})
			return nil
		}
	}
	return fmt.Errorf("unknown result %q (want %s)", name, strings.Join(ResultNames(), ", "))
}

// isDraw reports whether an ending is a drawn game.
func isDraw(k EndingKind) bool {
	return k == Sennichite || k == Impasse || k == Draw || k == MaxMoves
}

func (r Result) match(e Ending, winner Color, hasWinner bool) bool {
	switch r.outcome {
	case outcomeBlack:
		return hasWinner && winner == Black
	case outcomeWhite:
		return hasWinner && winner == White
	case outcomeDraw:
		return isDraw(e.Kind)
	case outcomeUnfinished:
		return !hasWinner && !isDraw(e.Kind)
	}
	for _, k := range r.kinds {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// SetPlies selects records whose main line has at least min and at most
// max moves; -1 leaves a bound unset.
func (c *Criteria) SetPlies(min, max int) { c.minPlies, c.maxPlies = min, max }

// movePrefix is a --moves criterion: its text, and its moves as read from
// each preset start position (nil where they cannot be read from it).
type movePrefix struct {
	tokens   []string
	byPreset [numHandicaps][]Move
}

// AddMoves selects records whose main line starts with the moves of text:
// USI (7g7f 3c3d), Japanese (▲７六歩 △３四歩, ７六歩 ３四歩 同歩), Western
// (P-7f P-3d) or CSA (+7776FU -3334FU), separated by blanks, commas or
// side marks, in any mix. Moves are read from each record's start position.
func (c *Criteria) AddMoves(text string) error {
	toks := moveTokens(text)
	if len(toks) == 0 {
		return errors.New("no moves given")
	}
	mp := movePrefix{tokens: toks}
	// The text must read from some preset: a typo is an error now, not a
	// filter that selects nothing.
	var firstErr error
	ok := false
	for _, h := range Handicaps() {
		moves, err := readMoves(h.Position(), toks)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		mp.byPreset[h], ok = moves, ok || err == nil
	}
	if !ok {
		return firstErr
	}
	c.moves = append(c.moves, mp)
	return nil
}

// moveTokens splits move text at blanks, commas and side marks.
func moveTokens(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\r', '\u3000', ',', '、', '▲', '△', '☗', '☖':
			return true
		}
		return false
	})
}

// readMoves reads move tokens from start, each in whichever notation
// reads it, and checks that each is legal.
func readMoves(start Position, toks []string) ([]Move, error) {
	pos := start
	moves := make([]Move, 0, len(toks))
	notations := [...]Notation{USINotation{}, KI2Notation{}, WesternNotation{}, CSANotation{}}
	for i, t := range toks {
		var m Move
		var err, illegal error
		for _, n := range notations {
			tt := t
			if _, csa := n.(CSANotation); csa && (t[0] != '+' && t[0] != '-') {
				tt = string("+-"[pos.Turn()]) + t
			}
			if m, err = n.ParseMove(&pos, tt); err == nil {
				if err = pos.Legal(m); err == nil {
					break
				}
				illegal = cmp.Or(illegal, err)
			}
		}
		if err != nil && illegal != nil {
			err = illegal // a notation read the move: the rule it breaks says more than the others' syntax
		}
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, t, err)
		}
		pos.Play(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// movesFor returns the prefix's moves read from r's start, or nil when
// they cannot be read from it.
func (mp *movePrefix) movesFor(r *Record) []Move {
	if r.Preset != Other {
		return mp.byPreset[r.Preset]
	}
	moves, _ := readMoves(r.Start, mp.tokens)
	return moves
}

// AddPosition selects records that reach the position sfen gives (board,
// hands and side to move; the move number is ignored), in any move order:
// on the main line, or on any line with Variations. The start counts.
func (c *Criteria) AddPosition(sfen string) error {
	s := strings.TrimSpace(sfen)
	s = strings.TrimPrefix(s, "sfen ")
	if f := strings.Fields(s); len(f) == 3 {
		s += " 1" // the move number may be left out
	}
	p, err := ParseSFEN(s)
	if err != nil {
		return err
	}
	if err := CheckStart(&p); err != nil {
		return fmt.Errorf("no game can reach it: %w", err)
	}
	if p.King(Black) == NoSquare && p.King(White) == NoSquare {
		return errors.New("no game can reach it: it has no king")
	}
	c.positions = append(c.positions, p)
	return nil
}

// HasPosition reports whether a position criterion is set (the costly
// one: every move is played).
func (c *Criteria) HasPosition() bool { return len(c.positions) > 0 }

// Match reports whether r meets the criteria. It changes nothing, so
// goroutines may share the criteria.
func (c *Criteria) Match(r *Record) bool {
	h := r.Header
	if !c.matchNames(h) {
		return false
	}
	for _, hc := range c.headers {
		ok := false
		for _, f := range h {
			if f.Key != hc.key {
				continue
			}
			for _, re := range hc.pats {
				if re.MatchString(f.Value) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	if c.dateFrom > 0 || c.dateTo > 0 {
		d, ok := RecordDate(h)
		if !ok || c.dateFrom > 0 && d.DayNumber() < c.dateFrom || c.dateTo > 0 && d.DayNumber() > c.dateTo {
			return false
		}
	}
	if len(c.handicaps) > 0 {
		ok := false
		for _, hc := range c.handicaps {
			ok = ok || r.Preset == hc
		}
		if !ok {
			return false
		}
	}
	if c.minPlies >= 0 || c.maxPlies >= 0 {
		// The plies of the main line, counted without its Outcome: a line
		// that ends in a foul ending is played over to judge the foul,
		// which the count does not need.
		plies := 0
		for n := r.Root.Next(); n != nil && !n.IsEnd(); n = n.Next() {
			plies++
		}
		if c.minPlies >= 0 && plies < c.minPlies || c.maxPlies >= 0 && plies > c.maxPlies {
			return false
		}
	}
	if len(c.results)+len(c.winners)+len(c.losers) > 0 {
		o := LineResult(r.Start, r.Root.Next())
		e, w, hasW := o.Ending, o.Winner, o.Decided
		if len(c.results) > 0 {
			ok := false
			for _, res := range c.results {
				ok = ok || res.match(e, w, hasW)
			}
			if !ok {
				return false
			}
		}
		if len(c.winners)+len(c.losers) > 0 {
			if !hasW {
				return false
			}
			names := [2]string{}
			names[Black], names[White] = sideNames(h)
			if !containsAny(c.winners, names[w]) || !containsAny(c.losers, names[w.Opponent()]) {
				return false
			}
		}
	}
	if len(c.moves) > 0 {
		ok := false
		for i := range c.moves {
			ok = ok || startsWith(r, c.moves[i].movesFor(r))
		}
		if !ok {
			return false
		}
	}
	if len(c.positions) > 0 && !c.reaches(r) {
		return false
	}
	return true
}

func (c *Criteria) matchNames(h Header) bool {
	if len(c.players)+len(c.blacks)+len(c.whites)+len(c.events) == 0 {
		return true
	}
	black, white := sideNames(h)
	event := h.Value(KeyEvent)
	if event == "" {
		event = h.Value(KeyTitle)
	}
	return containsAny(c.players, black, white) && containsAny(c.blacks, black) &&
		containsAny(c.whites, white) && containsAny(c.events, event)
}

// containsAny reports whether one of vals, folded, contains one of the
// folded subs; no subs means no condition.
func containsAny(subs []string, vals ...string) bool {
	if len(subs) == 0 {
		return true
	}
	for _, v := range vals {
		f := foldName(v)
		for _, s := range subs {
			if strings.Contains(f, s) {
				return true
			}
		}
	}
	return false
}

// startsWith reports whether r's main line starts with moves (nil never
// matches: the moves could not be read from r's start).
func startsWith(r *Record, moves []Move) bool {
	if moves == nil {
		return false
	}
	x := r.Root
	for _, m := range moves {
		if x = x.Next(); x == nil || x.Move != m {
			return false
		}
	}
	return true
}

// reaches reports whether a line of r (the main line unless Variations)
// passes through one of the positions.
func (c *Criteria) reaches(r *Record) bool {
	// The kings' squares and the side to move rule out almost every
	// position before the board is compared.
	hit := func(p *Position) bool {
		for i := range c.positions {
			w := &c.positions[i]
			if p.kings == w.kings && p.turn == w.turn && p.Equal(w) {
				return true
			}
		}
		return false
	}
	type frame struct {
		n   *Node
		pos Position
	}
	stack := []frame{{r.Root, r.Start}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pos, n := f.pos, f.n
		for {
			if hit(&pos) {
				return true
			}
			if c.Variations {
				for alt := range n.Variations() {
					if !alt.IsEnd() && pos.Legal(alt.Move) == nil {
						np := pos
						np.Play(alt.Move)
						stack = append(stack, frame{alt, np})
					}
				}
			}
			next := n.Next()
			if next == nil || next.IsEnd() {
				break
			}
			if next.Next() == nil || next.Next().IsEnd() {
				// The last move of a line may be a foul.
				if pos.Legal(next.Move) != nil {
					break
				}
			}
			pos.Play(next.Move)
			n = next
		}
	}
	return false
}

// GameRanges is a set of game numbers (1-based): "3", "2-5", "7-" (7 to
// the end), "-4", or several of those separated by commas. Filter and info
// take it with --games, convert and show with --game.
type GameRanges []struct{ From, To int } // To 0: no upper bound

// ParseGameRanges reads a set of game numbers.
func ParseGameRanges(s string) (GameRanges, error) {
	var out GameRanges
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		a, b, isRange := strings.Cut(part, "-")
		from, to := 1, 0
		var err error
		if a == "" && b == "" {
			return nil, fmt.Errorf("want game numbers such as 3, 2-5, 7- or 1,4-6, not %q", s)
		}
		if a != "" || !isRange {
			if from, err = strconv.Atoi(a); err != nil || from < 1 {
				return nil, fmt.Errorf("want game numbers such as 3, 2-5, 7- or 1,4-6, not %q", s)
			}
		}
		switch {
		case !isRange:
			to = from
		case b != "":
			if to, err = strconv.Atoi(b); err != nil || to < from {
				return nil, fmt.Errorf("want game numbers such as 3, 2-5, 7- or 1,4-6, not %q", s)
			}
		}
		out = append(out, struct{ From, To int }{from, to})
	}
	return out, nil
}

// Contains reports whether game n is in the set (an empty set holds all).
func (g GameRanges) Contains(n int) bool {
	if len(g) == 0 {
		return true
	}
	for _, r := range g {
		if n >= r.From && (r.To == 0 || n <= r.To) {
			return true
		}
	}
	return false
}

// Last returns the largest number in the set, 0 when it has no bound, so
// that a reader can stop early.
func (g GameRanges) Last() int {
	last := 0
	for _, r := range g {
		if r.To == 0 {
			return 0
		}
		last = max(last, r.To)
	}
	return last
}
