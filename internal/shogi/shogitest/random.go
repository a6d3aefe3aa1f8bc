// Package shogitest holds what tests of every package share: a generator
// of random legal records (RandomRecord). Only tests import it.
package shogitest

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// RandomOptions chooses what RandomRecord puts into a record. The zero
// value gives a bare main line of up to 40 moves from the even start.
type RandomOptions struct {
	// MaxPlies bounds the random length of the main line (0 means 40);
	// variations run up to half of it. A line that looks for a mate to end
	// with may run up to 200 plies longer.
	MaxPlies int
	// Variations is the largest number of variations added to the tree.
	Variations int
	// Nested lets variations branch off other variations, not only off
	// the main line.
	Nested bool
	// Comments adds comments of one to three lines to some nodes and to
	// the root.
	Comments bool
	// Times gives most records a time on every node: the elapsed time and
	// the mover's running total, in whole seconds (what KIF can write).
	Times bool
	// SubSecond adds milliseconds to the elapsed times (with Times).
	SubSecond bool
	// Header fills the header with the usual fields and one custom key.
	Header bool
	// Handicaps starts about one record in four from a handicap preset
	// (上手, White, moves first).
	Handicaps bool
	// CustomStart starts about one record in four from a position of its
	// own with pieces in hand, and one in eight from a position where the
	// side to move can declare an entering-king win.
	CustomStart bool
	// Endings ends most lines with a special ending, each kind only where
	// it fits (詰み only on a checkmate, 千日手 only after a fourfold
	// repetition, 入玉勝ち only when the declaration wins, 持将棋 only with
	// both kings entered).
	Endings bool
	// Bookmarks names a few nodes (KIF `&`).
	Bookmarks bool
}

// FullRandomOptions turns every feature of RandomRecord on except
// sub-second times, the options the round-trip property tests use.
func FullRandomOptions() RandomOptions {
	return RandomOptions{
		MaxPlies:    60,
		Variations:  4,
		Nested:      true,
		Comments:    true,
		Times:       true,
		Header:      true,
		Handicaps:   true,
		CustomStart: true,
		Endings:     true,
		Bookmarks:   true,
	}
}

// RandomRecords returns n random records made with opt from a generator
// seeded with seed: the same ones for the same arguments, as benchmarks
// that compare two builds want them.
func RandomRecords(seed uint64, n int, opt RandomOptions) []*shogi.Record {
	rng := rand.New(rand.NewPCG(seed, seed))
	recs := make([]*shogi.Record, n)
	for i := range recs {
		recs[i] = RandomRecord(rng, opt)
	}
	return recs
}

// RandomRecord plays a random legal game on this package's own rules and
// dresses it as opt asks, for property tests of readers and writers. The
// record depends only on rng's state and opt: the same seed gives the same
// record. Every move is legal and every ending fits its position.
func RandomRecord(rng *rand.Rand, opt RandomOptions) *shogi.Record {
	if opt.MaxPlies <= 0 {
		opt.MaxPlies = 40
	}
	g := &randomGame{rng: rng, opt: opt}
	start, kind := g.start()
	g.rec = shogi.NewRecord(start)
	g.times = opt.Times && rng.IntN(5) != 0
	if opt.Header {
		g.header(kind)
	}
	if opt.Comments && rng.IntN(3) == 0 {
		g.rec.SetComments(g.rec.Root, g.comment())
	}
	n := rng.IntN(opt.MaxPlies + 1)
	if kind == startImpasse {
		// Few moves, so that the declaration still holds at the end.
		n = 2 * rng.IntN(3)
	}
	g.extend(g.lineAt(g.rec.Root), n, kind == startImpasse)
	if opt.Variations > 0 {
		for range rng.IntN(opt.Variations + 1) {
			g.variation()
		}
	}
	return g.rec
}

type startKind uint8

const (
	startEven startKind = iota
	startHandicap
	startCustom
	startImpasse
)

type randomGame struct {
	rng   *rand.Rand
	opt   RandomOptions
	rec   *shogi.Record
	times bool
	buf   [shogi.MaxLegalMoves]shogi.Move
	buf2  [shogi.MaxLegalMoves]shogi.Move
}

// line is the end of a line of play being extended: its last node, the
// position there, and how often each position has stood on the line (for
// 千日手).
type line struct {
	node   *shogi.Node
	pos    shogi.Position
	counts map[uint64]int
}

// lineAt replays the line from the start to n.
func (g *randomGame) lineAt(n *shogi.Node) *line {
	var path []*shogi.Node
	for x := n; x.Parent() != nil; x = x.Parent() {
		path = append(path, x)
	}
	l := &line{node: n, pos: g.rec.Start, counts: map[uint64]int{}}
	l.counts[l.pos.Key()]++
	for i := len(path) - 1; i >= 0; i-- {
		l.pos.Play(path[i].Move)
		l.counts[l.pos.Key()]++
	}
	return l
}

// play adds m to the line. It reports false when the game is over after it
// (the position stands for the fourth time, or the side to move has no
// move), having added the ending the rules give when endings are on.
func (g *randomGame) play(l *line, m shogi.Move) bool {
	l.pos.Play(m)
	l.node = g.rec.AddChild(l.node, m, shogi.Ending{})
	g.decorate(l.node, true)
	k := l.pos.Key()
	l.counts[k]++
	if l.counts[k] >= 4 {
		if g.opt.Endings {
			e := shogi.Ending{Kind: shogi.Sennichite, Side: l.pos.Turn()}
			if rep, err := g.rec.RepetitionAt(l.node); err == nil && rep.Kind == shogi.PerpetualCheck {
				// The side that checked every move loses.
				e.Kind = shogi.FoulWin
				if rep.Loser == l.pos.Turn() {
					e.Kind = shogi.FoulLose
				}
			}
			g.end(l, e)
		}
		return false
	}
	if !l.pos.HasLegalMove() {
		if g.opt.Endings {
			// With no move and not in check (rare, but the rules have
			// no stalemate) the side to move can only resign.
			e := shogi.Ending{Kind: shogi.Resign, Side: l.pos.Turn()}
			if l.pos.InCheck() {
				e.Kind = shogi.Mate
			}
			g.end(l, e)
		}
		return false
	}
	return true
}

// end closes the line with e.
func (g *randomGame) end(l *line, e shogi.Ending) {
	n := g.rec.AddChild(l.node, 0, e)
	g.decorate(n, g.rng.IntN(2) == 0)
	l.node = n
}

// pick chooses a move, favouring captures a little so that games develop.
func (g *randomGame) pick(p *shogi.Position, moves []shogi.Move) shogi.Move {
	if g.rng.IntN(3) == 0 {
		k := g.rng.IntN(len(moves))
		for i := range moves {
			m := moves[(k+i)%len(moves)]
			if !m.IsDrop() && p.At(m.To()) != shogi.NoPiece {
				return m
			}
		}
	}
	return moves[g.rng.IntN(len(moves))]
}

// extend plays n random moves on l, then ends it as finish decides.
func (g *randomGame) extend(l *line, n int, preferImpasse bool) {
	for range n {
		moves := l.pos.LegalMoves(g.buf[:0])
		if !g.play(l, g.pick(&l.pos, moves)) {
			return
		}
	}
	g.finish(l, preferImpasse)
}

// The endings that fit any position where the side to move has a move.
var freeEndings = []shogi.EndingKind{
	shogi.Resign, shogi.Interrupt, shogi.NoMate, shogi.Timeout, shogi.FoulWin, shogi.FoulLose, shogi.IllegalMove, shogi.IllegalAction,
	shogi.WinByDefault, shogi.LoseByDefault, shogi.Sealed, shogi.Draw, shogi.MaxMoves, shogi.Error, shogi.Matta, shogi.Try, shogi.Unknown,
}

// unknownWords are ending words no format knows.
var unknownWords = []string{"対局停止", "検討終了", "保留"}

// finish ends a line whose side to move still has a move: most of the
// time with an ending of a kind drawn at random, played towards when it
// needs a particular position (a mate, a repetition) and replaced by a
// kind that fits any position when it cannot be had.
func (g *randomGame) finish(l *line, preferImpasse bool) {
	if !g.opt.Endings || (!preferImpasse && g.rng.IntN(4) == 0) {
		return
	}
	kind := shogi.EndingKind(1 + g.rng.IntN(int(shogi.Unknown)))
	if preferImpasse && g.rng.IntN(4) != 0 {
		kind = shogi.EnteringKing
		if bothKingsEntered(&l.pos) && g.rng.IntN(2) == 0 {
			kind = shogi.Impasse
		}
	}
	switch kind {
	case shogi.Mate:
		if g.playToMate(l) {
			return
		}
	case shogi.Sennichite:
		if g.repeat(l) {
			return
		}
	case shogi.EnteringKing:
		if r, err := l.pos.DeclareImpasse(shogi.ImpasseRule27); err == nil && r.Outcome == shogi.ImpasseWin {
			g.end(l, shogi.Ending{Kind: shogi.EnteringKing, Side: l.pos.Turn()})
			return
		}
	case shogi.Impasse:
		if bothKingsEntered(&l.pos) {
			g.end(l, shogi.Ending{Kind: shogi.Impasse, Side: l.pos.Turn()})
			return
		}
	default:
		g.end(l, g.freeEnding(kind, l.pos.Turn()))
		return
	}
	g.end(l, g.freeEnding(freeEndings[g.rng.IntN(len(freeEndings))], l.pos.Turn()))
}

func (g *randomGame) freeEnding(k shogi.EndingKind, toMove shogi.Color) shogi.Ending {
	e := shogi.Ending{Kind: k, Side: toMove}
	switch k {
	case shogi.IllegalAction:
		e.Side = shogi.Color(g.rng.IntN(2))
	case shogi.Unknown:
		e.Word = unknownWords[g.rng.IntN(len(unknownWords))]
	}
	return e
}

// bothKingsEntered reports 相入玉: both kings in their enemy camps, where
// neither side can mate and the game is 持将棋.
func bothKingsEntered(p *shogi.Position) bool {
	b, w := p.King(shogi.Black), p.King(shogi.White)
	return b != shogi.NoSquare && w != shogi.NoSquare && inCamp(b, shogi.Black) && inCamp(w, shogi.White)
}

// playToMate plays on for up to 200 plies, taking a mate in one whenever
// there is one and otherwise preferring checks. It reports whether the
// line ended (with a mate, or by the rules on the way).
func (g *randomGame) playToMate(l *line) bool {
	for range 200 {
		moves := l.pos.LegalMoves(g.buf[:0])
		checks := g.buf2[:0]
		for _, m := range moves {
			q := l.pos
			q.Play(m)
			if q.InCheck() {
				if !q.HasLegalMove() {
					return !g.play(l, m)
				}
				checks = append(checks, m)
			}
		}
		m := g.pick(&l.pos, moves)
		if len(checks) > 0 && g.rng.IntN(2) == 0 {
			m = checks[g.rng.IntN(len(checks))]
		}
		if !g.play(l, m) {
			return true
		}
	}
	return false
}

// repeat looks for a quiet move of each side that can be taken back and
// plays the four moves three times, so that the position stands for the
// fourth time (play then ends the line with 千日手). It reports false when
// no such pair of moves was found.
func (g *randomGame) repeat(l *line) bool {
	quiet := func(p *shogi.Position, dst []shogi.Move) []shogi.Move {
		all := p.LegalMoves(dst)
		out := all[:0]
		for _, m := range all {
			if !m.IsDrop() && !m.IsPromotion() && p.At(m.To()) == shogi.NoPiece {
				out = append(out, m)
			}
		}
		g.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	p := l.pos
	firsts := quiet(&p, g.buf[:0])
	for _, m1 := range firsts[:min(len(firsts), 8)] {
		q1 := p
		q1.Play(m1)
		r1 := shogi.NewMove(m1.To(), m1.From(), false)
		seconds := quiet(&q1, g.buf2[:0])
		for _, m2 := range seconds[:min(len(seconds), 8)] {
			q2 := q1
			q2.Play(m2)
			r2 := shogi.NewMove(m2.To(), m2.From(), false)
			if q2.Legal(r1) != nil {
				continue
			}
			q3 := q2
			q3.Play(r1)
			if q3.Legal(r2) != nil {
				continue
			}
			q4 := q3
			q4.Play(r2)
			if !q4.Equal(&p) {
				continue
			}
			for range 3 {
				for _, m := range [4]shogi.Move{m1, m2, r1, r2} {
					if !g.play(l, m) {
						return true
					}
				}
			}
			return true
		}
	}
	return false
}

// variation adds a line that branches off a node with a continuation
// already, as an alternative to it: a few random moves, or only an ending.
func (g *randomGame) variation() {
	var cands []*shogi.Node
	if g.opt.Nested {
		stack := []*shogi.Node{g.rec.Root}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n.Next() != nil && !n.IsEnd() {
				cands = append(cands, n)
			}
			k := len(stack)
			for c := range n.Children() {
				stack = append(stack, c)
			}
			slices.Reverse(stack[k:])
		}
	} else {
		for n := g.rec.Root; n != nil && !n.IsEnd(); n = n.Next() {
			if n.Next() != nil {
				cands = append(cands, n)
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	b := cands[g.rng.IntN(len(cands))]
	l := g.lineAt(b)
	if g.opt.Endings && g.rng.IntN(6) == 0 {
		// A branch that is only an ending ("resign instead of this move").
		k := freeEndings[g.rng.IntN(len(freeEndings))]
		for c := range b.Children() {
			if c.End().Kind == k {
				return
			}
		}
		g.end(l, g.freeEnding(k, l.pos.Turn()))
		return
	}
	moves := l.pos.LegalMoves(g.buf[:0])
	fresh := moves[:0]
	for _, m := range moves {
		taken := false
		for c := range b.Children() {
			taken = taken || c.Move == m
		}
		if !taken {
			fresh = append(fresh, m)
		}
	}
	if len(fresh) == 0 {
		return
	}
	if g.play(l, g.pick(&l.pos, fresh)) {
		g.extend(l, g.rng.IntN(g.opt.MaxPlies/2+1), false)
	}
}

// decorate gives a new node its time (when the record has times and
// withTime is set), and now and then a comment and a bookmark.
func (g *randomGame) decorate(n *shogi.Node, withTime bool) {
	if g.times && withTime {
		e := time.Duration(g.rng.IntN(60)) * time.Second
		if g.rng.IntN(10) == 0 {
			e = time.Duration(g.rng.IntN(600)) * time.Second
		}
		if g.opt.SubSecond {
			e += time.Duration(g.rng.IntN(1000)) * time.Millisecond
		}
		// The mover's previous node is two plies up: sides alternate, and
		// an ending is always a leaf.
		var total time.Duration
		if n.Parent() != nil && n.Parent().Parent() != nil {
			total = n.Parent().Parent().Time().Total
		}
		g.rec.SetTime(n, shogi.MoveTime{Elapsed: e, Total: total + e, HasTime: true, HasTotal: true})
	}
	if g.opt.Comments && g.rng.IntN(7) == 0 {
		g.rec.SetComments(n, g.comment())
	}
	if g.opt.Bookmarks && !n.IsEnd() && g.rng.IntN(25) == 0 {
		g.rec.SetBookmark(n, bookmarkNames[g.rng.IntN(len(bookmarkNames))])
	}
}

// commentLines are comment text every format and CP932 (Shift_JIS) can
// carry: no line starts with a character a format gives a meaning to
// (`*`, `#`, `&`, `'`, `%`, `+`, `-`, `{`), and no character is outside
// JIS X 0208 or has a different Unicode mapping in CP932 (no ～, −, ¥).
var commentLines = []string{
	"ここは攻めどころ", "次の一手が難しい局面", "Good move.", "形勢不明", "先手やや有利",
	"後手の持ち時間が残り少ない", "解説：角交換の後、飛車を振る", "A quiet move, 1 of 3",
	"棋譜コメント（全角括弧）", "「定跡」どおりの進行", "これで一段落。", "x = 7, y = 6",
	"大山・升田の名局", "右玉 vs 居飛車", "？！", "長考 12 分",
}

var bookmarkNames = []string{"ここ", "中盤の分岐", "mark1", "終盤"}

func (g *randomGame) comment() []string {
	c := make([]string, 1+g.rng.IntN(3))
	for i := range c {
		c[i] = commentLines[g.rng.IntN(len(commentLines))]
	}
	return c
}

var (
	playerNames = []string{"羽生善治", "藤井聡太", "谷川浩司", "Alice", "Bob", "佐藤 康光", "中原誠"}
	eventNames  = []string{"第1期 竜王戦", "名人戦", "朝日杯将棋オープン戦", "Online friendly", "研究会"}
	siteNames   = []string{"東京・将棋会館", "関西将棋会館", "81Dojo", "自宅"}
	openings    = []string{"四間飛車", "矢倉", "角換わり", "相掛かり", "横歩取り"}
)

// header fills the header as a record of the start kind would have it:
// 下手/上手 instead of 先手/後手 in handicap games.
func (g *randomGame) header(kind startKind) {
	h := &g.rec.Header
	r := g.rng
	black, white := shogi.KeyBlack, shogi.KeyWhite
	if kind == startHandicap {
		black, white = shogi.KeyShitate, shogi.KeyUwate
	}
	date := func(hour int) string {
		b := strconv.AppendInt(nil, int64(2000+r.IntN(26)), 10)
		b = append(b, '/')
		b = appendTwo(b, 1+r.IntN(12))
		b = append(b, '/')
		b = appendTwo(b, 1+r.IntN(28))
		b = append(b, ' ')
		b = appendTwo(b, hour)
		b = append(b, ':')
		b = appendTwo(b, r.IntN(60))
		b = append(b, ':')
		b = appendTwo(b, r.IntN(60))
		return string(b)
	}
	if r.IntN(4) != 0 {
		h.Add(shogi.KeyStartTime, date(9+r.IntN(4)))
	}
	if r.IntN(3) == 0 {
		h.Add(shogi.KeyEndTime, date(14+r.IntN(8)))
	}
	if r.IntN(4) != 0 {
		h.Add(shogi.KeyEvent, eventNames[r.IntN(len(eventNames))])
	}
	if r.IntN(3) == 0 {
		h.Add(shogi.KeySite, siteNames[r.IntN(len(siteNames))])
	}
	if r.IntN(3) == 0 {
		h.Add(shogi.KeyTimeLimit, strconv.Itoa(1+r.IntN(6))+"時間")
	}
	if r.IntN(4) == 0 {
		h.Add(shogi.KeyOpening, openings[r.IntN(len(openings))])
	}
	h.Add(black, playerNames[r.IntN(len(playerNames))])
	h.Add(white, playerNames[r.IntN(len(playerNames))])
	if r.IntN(2) == 0 {
		h.Add("独自項目", "値 "+strconv.Itoa(r.IntN(1000)))
	}
}

func appendTwo(b []byte, n int) []byte { return append(b, byte('0'+n/10), byte('0'+n%10)) }

// start picks the start position: the even start, a handicap preset, a
// position of its own with pieces in hand, or an entering-king position.
func (g *randomGame) start() (shogi.Position, startKind) {
	r := g.rng.IntN(8)
	switch {
	case g.opt.CustomStart && r < 2:
		return g.customStart(), startCustom
	case g.opt.CustomStart && r == 2:
		return g.impasseStart(), startImpasse
	case g.opt.Handicaps && r >= 6:
		hs := shogi.Handicaps()[1:]
		return hs[g.rng.IntN(len(hs))].Position(), startHandicap
	}
	return shogi.StartPosition(), startEven
}

// customStart plays a random game from the start, then moves a few pieces
// from the board to the hands, until the result is a position a record
// could start from: nothing impossible, the side not to move not in check,
// the side to move with a move, and not a preset.
func (g *randomGame) customStart() shogi.Position {
	for {
		p := shogi.StartPosition()
		for range 10 + g.rng.IntN(80) {
			moves := p.LegalMoves(g.buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Play(g.pick(&p, moves))
		}
		var squares []shogi.Square
		for s := shogi.Square(0); s < 81; s++ {
			if pc := p.At(s); pc != shogi.NoPiece && pc.Type() != shogi.King {
				squares = append(squares, s)
			}
		}
		for range 1 + g.rng.IntN(6) {
			s := squares[g.rng.IntN(len(squares))]
			if pc := p.At(s); pc != shogi.NoPiece {
				p.Set(s, shogi.NoPiece)
				p.Hand(shogi.Color(g.rng.IntN(2))).Add(pc.Type(), 1)
			}
		}
		if g.rng.IntN(4) == 0 {
			p.SetTurn(p.Turn().Opponent())
		}
		p.SetMoveNumber(1)
		p.SetLastMove(0)
		if p.Validate() == nil && p.HasLegalMove() && shogi.HandicapOf(&p) == shogi.Other {
			return p
		}
	}
}

// impasseStart builds a position where the side to move has entered its
// king with enough pieces to declare a win under the 27-point rule, and
// the other king stands in its own enemy camp two times in three (相入玉, so
// that 持将棋 fits too). The pieces not placed are in the hands.
func (g *randomGame) impasseStart() shogi.Position {
	for {
		if p, ok := g.tryImpasseStart(); ok {
			return p
		}
	}
}

func (g *randomGame) tryImpasseStart() (shogi.Position, bool) {
	r := g.rng
	p := shogi.NewPosition()
	d := shogi.Color(r.IntN(2))
	o := d.Opponent()
	pool := [shogi.Gold + 1]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Bishop: 2, shogi.Rook: 2, shogi.Gold: 4}
	left := func() int {
		n := 0
		for _, k := range pool {
			n += k
		}
		return n
	}
	// draw takes a random piece out of the pool; the pool is not empty.
	draw := func() shogi.PieceType {
		i := r.IntN(left())
		for t := shogi.Pawn; t <= shogi.Gold; t++ {
			if i < pool[t] {
				pool[t]--
				return t
			}
			i -= pool[t]
		}
		panic("unreachable")
	}
	// squaresIn returns the empty squares of ranks lo..hi (1-based).
	squaresIn := func(lo, hi int) []shogi.Square {
		var s []shogi.Square
		for sq := shogi.Square((lo - 1) * 9); sq < shogi.Square(hi*9); sq++ {
			if p.At(sq) == shogi.NoPiece {
				s = append(s, sq)
			}
		}
		return s
	}
	camp := func(c shogi.Color) (int, int) { // the ranks of c's enemy camp
		if c == shogi.Black {
			return 1, 3
		}
		return 7, 9
	}
	put := func(c shogi.Color, t shogi.PieceType, s shogi.Square) {
		// Promote what could not move, and a pawn that would be a second
		// one on its file; others now and then.
		if deadSquare(c, t, s) || (t == shogi.Pawn && hasPawnOnFile(&p, c, s.File())) || (t.CanPromote() && r.IntN(3) == 0) {
			t = t.Promote()
		}
		p.Set(s, shogi.NewPiece(c, t))
	}
	lo, hi := camp(d)
	sq := squaresIn(lo, hi)
	p.Set(sq[r.IntN(len(sq))], shogi.NewPiece(d, shogi.King))
	if r.IntN(3) != 0 {
		lo, hi = camp(o)
	} else {
		lo, hi = 4, 6
	}
	sq = squaresIn(lo, hi)
	p.Set(sq[r.IntN(len(sq))], shogi.NewPiece(o, shogi.King))
	lo, hi = camp(d)
	for range 10 + r.IntN(5) {
		sq = squaresIn(lo, hi)
		put(d, draw(), sq[r.IntN(len(sq))])
	}
	need := 28
	if d == shogi.White {
		need = 27
	}
	p.SetTurn(d)
	target := need + r.IntN(3)
	for left() > 0 {
		if res, _ := p.DeclareImpasse(shogi.ImpasseRule27); res.Points >= target {
			break
		}
		p.Hand(d).Add(draw(), 1)
	}
	for range r.IntN(7) {
		if left() == 0 {
			break
		}
		sq = squaresIn(4, 6)
		put(o, draw(), sq[r.IntN(len(sq))])
	}
	for t := shogi.Pawn; t <= shogi.Gold; t++ {
		p.Hand(o).Add(t, pool[t])
	}
	p.SetTurn(d)
	res, err := p.DeclareImpasse(shogi.ImpasseRule27)
	ok := err == nil && res.Outcome == shogi.ImpasseWin && p.Validate() == nil && p.HasLegalMove()
	return p, ok
}

// inCamp reports whether s is in c's enemy camp (the far three ranks).
func inCamp(s shogi.Square, c shogi.Color) bool {
	if c == shogi.Black {
		return s.Rank() <= 3
	}
	return s.Rank() >= 7
}

// deadSquare reports whether a piece of kind t of c on s could never move:
// a pawn or lance on the last rank, a knight on the last two.
func deadSquare(c shogi.Color, t shogi.PieceType, s shogi.Square) bool {
	far := s.Rank() // ranks from c's far side
	if c == shogi.White {
		far = 10 - far
	}
	switch t {
	case shogi.Pawn, shogi.Lance:
		return far == 1
	case shogi.Knight:
		return far <= 2
	}
	return false
}

func hasPawnOnFile(p *shogi.Position, c shogi.Color, file int) bool {
	for rank := 1; rank <= 9; rank++ {
		if p.At(shogi.NewSquare(file, rank)) == shogi.NewPiece(c, shogi.Pawn) {
			return true
		}
	}
	return false
}
