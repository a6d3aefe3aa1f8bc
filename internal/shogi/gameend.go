package shogi

import "fmt"

// The game-end rules beyond checkmate (IsCheckmate in legal.go): 千日手
// (sennichite, fourfold repetition), its perpetual-check form, and the
// entering-king declaration (入玉宣言) under the 27-point and the 24-point
// rule. Record.Check (check.go) judges the endings a record states by
// them; shogitest's random game generator ends lines only where they allow.

// Key returns a 64-bit hash of what makes two positions the same position
// for 千日手: the board, both hands and the side to move (not the move number
// nor the previous move). Equal positions have equal keys; different
// positions collide with probability about 2⁻⁶⁴ per pair, which is why a
// game of a million moves can be checked by keys alone.
func (p *Position) Key() uint64 {
	var k uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			k ^= zobristBoard[s][pc]
		}
	}
	for c := range p.hands {
		for t := Pawn; t <= Gold; t++ {
			k ^= handKey(Color(c), t, p.hands[c][t])
		}
	}
	if p.turn == White {
		k ^= zobristTurn
	}
	return k
}

// KeyAfter returns the Key of the position after m, given k, the Key of p:
// it updates k from the squares and the hand counts m changes rather than
// hashing the whole position again. m must be a board move of the side to
// move's piece or a drop from its hand (as every legal move is).
func (p *Position) KeyAfter(k uint64, m Move) uint64 {
	c := p.turn
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		n := p.hands[c][t]
		k ^= handKey(c, t, n) ^ handKey(c, t, n-1) ^ zobristBoard[to][NewPiece(c, t)]
	} else {
		from := m.From()
		pc := p.board[from]
		k ^= zobristBoard[from][pc]
		if x := p.board[to]; x != NoPiece {
			k ^= zobristBoard[to][x]
			if x.Type() != King {
				t := x.Type().Demote()
				n := p.hands[c][t]
				k ^= handKey(c, t, n) ^ handKey(c, t, n+1)
			}
		}
		if m.IsPromotion() {
			pc = NewPiece(c, pc.Type().Promote())
		}
		k ^= zobristBoard[to][pc]
	}
	return k ^ zobristTurn
}

// handKey is the part of a Key that n pieces of kind t in c's hand give.
func handKey(c Color, t PieceType, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	// Hashing the count rather than XORing one key per piece keeps a hand
	// of three pawns apart from a hand of one.
	return splitmix64(zobristHand[c][t] + uint64(n))
}

// splitmix64 is Steele, Lea and Flood's SplitMix64 finaliser: a fixed,
// well-mixing function, so the key tables below are the same in every run
// and every build (keys may be stored and compared across processes).
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// The Zobrist tables: one key per (square, piece), one seed per (side, kind
// in hand), one for White to move. Immutable after initialisation.
var (
	zobristBoard = func() (t [81][32]uint64) {
		for s := range t {
			for pc := range t[s] {
				t[s][pc] = splitmix64(uint64(s)<<8 | uint64(pc))
			}
		}
		return
	}()
	zobristHand = func() (t [2][Gold + 1]uint64) {
		for c := range t {
			for k := range t[c] {
				t[c][k] = splitmix64(1<<20 | uint64(c)<<8 | uint64(k)<<12)
			}
		}
		return
	}()
	zobristTurn = splitmix64(1 << 24)
)

// RepetitionKind is what a fourfold repetition means for the game.
type RepetitionKind uint8

// The outcomes of FindRepetition.
const (
	NoRepetition   RepetitionKind = iota
	RepetitionDraw                // 千日手: the game is drawn (replayed in professional play)
	PerpetualCheck                // 連続王手の千日手: the side that checked on every move loses
)

// String returns "none", "sennichite" or "perpetual-check".
func (k RepetitionKind) String() string {
	switch k {
	case RepetitionDraw:
		return "sennichite"
	case PerpetualCheck:
		return "perpetual-check"
	}
	return "none"
}

// Repetition describes the first position of a line of play that stood on
// the board for the fourth time.
type Repetition struct {
	Kind RepetitionKind
	// First is the ply (the number of moves played from the start) at
	// which the repeated position first stood; Ply is the ply at which it
	// stood for the fourth time, where the game ends.
	First, Ply int
	// Loser is, for PerpetualCheck, the side that gave check with every one
	// of its moves from First to Ply.
	Loser Color
}

// FindRepetition plays moves from start and reports the first position
// that stands for the fourth time (the same board, hands and side to move:
// the Japan Shogi Association's 千日手 rule). Moves after that point are
// not examined, as the game ended there. A move that is not legal stops the
// search with an error naming its ply and wrapping the Legal sentinel.
//
// Perpetual check (連続王手の千日手): when every move one side made between
// the first and the fourth occurrence gave check, that side loses instead
// of the game being drawn. Were both sides to check on every move, the
// rules name no loser and the result stays a draw.
func FindRepetition(start Position, moves []Move) (Repetition, error) {
	type seen struct {
		count int
		first int
	}
	p := start
	occ := make(map[uint64]seen, len(moves)+1)
	occ[p.Key()] = seen{1, 0}
	// check[i] is whether moves[i] gave check.
	check := make([]bool, len(moves))
	for i, m := range moves {
		if err := p.Legal(m); err != nil {
			return Repetition{}, fmt.Errorf("ply %d %s: %w", i+1, m, err)
		}
		p.Play(m)
		check[i] = p.InCheck()
		k := p.Key()
		s := occ[k]
		if s.count == 0 {
			s.first = i + 1
		}
		s.count++
		occ[k] = s
		if s.count < 4 {
			continue
		}
		r := Repetition{Kind: RepetitionDraw, First: s.first, Ply: i + 1}
		var allCheck [2]bool
		for c := Black; c <= White; c++ {
			allCheck[c] = true
		}
		for j := s.first; j <= i; j++ {
			// moves[j] is made by the side to move at ply j.
			mover := start.turn
			if j%2 == 1 {
				mover = mover.Opponent()
			}
			if !check[j] {
				allCheck[mover] = false
			}
		}
		switch {
		case allCheck[Black] && !allCheck[White]:
			r.Kind, r.Loser = PerpetualCheck, Black
		case allCheck[White] && !allCheck[Black]:
			r.Kind, r.Loser = PerpetualCheck, White
		}
		return r, nil
	}
	return Repetition{}, nil
}

// RepetitionAt runs FindRepetition on the line of play from the start of r
// to n (n's ending, if any, is not a move and is skipped).
func (r *Record) RepetitionAt(n *Node) (Repetition, error) {
	var moves []Move
	for x := n; x != nil && x.Parent() != nil; x = x.Parent() {
		if !x.Move.IsZero() {
			moves = append(moves, x.Move)
		}
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	return FindRepetition(r.Start, moves)
}

// ImpasseRule is a rule for the entering-king declaration (入玉宣言法).
type ImpasseRule uint8

// The two declaration rules in use.
const (
	// ImpasseRule27 is the 27-point rule (27点法) of the CSA tournaments and
	// most computer play: the declarer needs 28 points as Black (先手),
	// 27 as White (後手), or loses.
	ImpasseRule27 ImpasseRule = iota + 1
	// ImpasseRule24 is the 24-point rule (24点法) of the Japan Shogi
	// Association's amateur tournaments: 31 points or more win, 24 to 30
	// draw, fewer lose.
	ImpasseRule24
)

// String returns "27" or "24", the names CSA's $JISHOGI uses.
func (r ImpasseRule) String() string {
	switch r {
	case ImpasseRule27:
		return "27"
	case ImpasseRule24:
		return "24"
	}
	return "unknown"
}

// ImpasseOutcome is the result of a declaration for the declarer.
type ImpasseOutcome uint8

// The outcomes of DeclareImpasse. Under both rules a declaration that
// fails a condition loses the game for the declarer.
const (
	ImpasseLose ImpasseOutcome = iota
	ImpasseDraw
	ImpasseWin
)

// String returns "lose", "draw" or "win".
func (o ImpasseOutcome) String() string {
	switch o {
	case ImpasseDraw:
		return "draw"
	case ImpasseWin:
		return "win"
	}
	return "lose"
}

// ImpasseResult is what DeclareImpasse found.
type ImpasseResult struct {
	Outcome ImpasseOutcome
	// Points is the declarer's score: 5 for each rook or bishop (promoted
	// or not) and 1 for each other piece, counting the pieces in the enemy
	// camp other than the king and every piece in hand.
	Points int
	// InCamp is the number of the declarer's pieces other than the king in
	// the enemy camp.
	InCamp int
	// Need is the score a win needs under the rule for the declarer.
	Need int
}

// The conditions of the declaration, in the order the rules list them;
// DeclareImpasse returns the first one that fails. (Same shape as the
// move errors in errors.go: other errors, kept here with their rule.)
var (
	ErrImpasseRule   = &RuleError{"impasse-rule", "入玉宣言: unknown declaration rule"}
	ErrImpasseKing   = &RuleError{"impasse-king", "入玉宣言: the declarer's king is not in the enemy camp"}
	ErrImpasseCheck  = &RuleError{"impasse-check", "入玉宣言: the declarer's king is in check"}
	ErrImpassePieces = &RuleError{"impasse-pieces", "入玉宣言: fewer than 10 pieces besides the king in the enemy camp"}
	ErrImpassePoints = &RuleError{"impasse-points", "入玉宣言: too few points"}
)

// DeclareImpasse judges an entering-king declaration (入玉宣言) by the side
// to move under rule. Both rules require, in this order:
//
//  1. the declarer is to move (the position's side to move declares);
//  2. the declarer's king stands in the enemy camp (the far three ranks):
//     the declaration rewards a king that has escaped, which is the point
//     of the rule;
//  3. the king is not in check: a declaration may not dodge a threat;
//  4. at least 10 of the declarer's other pieces stand in the enemy camp,
//     so that a lone king with a full hand cannot declare;
//  5. enough points (see ImpasseResult.Points): under the 27-point rule
//     28 as Black and 27 as White: a set holds 54 points, so the two
//     thresholds can never both be met, and the odd point goes to the
//     side that moved second; under the 24-point rule 31 or more win and
//     24 to 30 draw (a set still holds only one 31).
//
// The rules also require time left on the declarer's clock, which a
// position cannot know; the caller judges that. When a condition fails the
// error is the sentinel of the first one (wrapped with the figures), and the
// outcome is ImpasseLose, as a wrong declaration loses under both rules.
func (p *Position) DeclareImpasse(rule ImpasseRule) (ImpasseResult, error) {
	c := p.turn
	var res ImpasseResult
	switch rule {
	case ImpasseRule27:
		res.Need = 28
		if c == White {
			res.Need = 27
		}
	case ImpasseRule24:
		res.Need = 31
	default:
		return res, ErrImpasseRule
	}
	for s := Square(0); s < 81; s++ {
		pc := p.board[s]
		if pc == NoPiece || pc.Color() != c || pc.Type() == King || !s.inZone(c) {
			continue
		}
		res.InCamp++
		res.Points += impassePoints(pc.Type())
	}
	h := &p.hands[c]
	for t := Pawn; t <= Gold; t++ {
		res.Points += int(h[t]) * impassePoints(t)
	}
	k := p.kings[c]
	if k == NoSquare || !k.inZone(c) {
		return res, ErrImpasseKing
	}
	if p.Attacked(k, c.Opponent()) {
		return res, ErrImpasseCheck
	}
	if res.InCamp < 10 {
		return res, fmt.Errorf("%w: %d pieces, 10 needed", ErrImpassePieces, res.InCamp)
	}
	switch {
	case res.Points >= res.Need:
		res.Outcome = ImpasseWin
	case rule == ImpasseRule24 && res.Points >= 24:
		res.Outcome = ImpasseDraw
	default:
		floor := res.Need // below this the declaration loses
		if rule == ImpasseRule24 {
			floor = 24
		}
		return res, fmt.Errorf("%w: %d points, %d needed", ErrImpassePoints, res.Points, floor)
	}
	return res, nil
}

// impassePoints is a piece's value for the declaration: 大駒 (rook, bishop
// and their promotions) 5, 小駒 1.
func impassePoints(t PieceType) int {
	switch t.Demote() {
	case Rook, Bishop:
		return 5
	}
	return 1
}
