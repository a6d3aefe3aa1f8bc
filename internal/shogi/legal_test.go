package shogi

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// build returns the position with the given pieces ("K5i", "+r2b", "p7c":
// SFEN letters, then a USI square), hand (SFEN hand syntax, "" for none) and
// side to move. It fails the test if the position is impossible, so every
// case below starts from a position a game could reach.
func build(t testing.TB, turn Color, pieces, hand string) Position {
	t.Helper()
	p := NewPosition()
	for _, f := range strings.Fields(pieces) {
		sq, ok := ParseSquareUSI(f[len(f)-2:])
		letters := f[:len(f)-2]
		if !ok || letters == "" {
			t.Fatalf("bad piece %q", f)
		}
		l := letters[len(letters)-1]
		typ, ok := sfenLetter[l&^0x20]
		if !ok {
			t.Fatalf("bad piece %q", f)
		}
		if letters[0] == '+' {
			typ = typ.Promote()
		}
		c := Black
		if l >= 'a' {
			c = White
		}
		if p.At(sq) != NoPiece {
			t.Fatalf("%q: square taken twice", f)
		}
		p.Set(sq, NewPiece(c, typ))
	}
	if hand != "" {
		h := mustSFEN(t, "9/9/9/9/9/9/9/9/9 b "+hand)
		p.hands = h.hands
	}
	p.SetTurn(turn)
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", p.SFEN(), err)
	}
	return p
}

// flipMove is m seen from the other side (see flipped).
func flipMove(m Move) Move {
	if m.IsDrop() {
		return NewDrop(m.DropType(), 80-m.To()) | m&movePromote
	}
	return NewMove(80-m.From(), 80-m.To(), m.IsPromotion())
}

type legalCase struct {
	name   string
	pieces string // Black to move
	hand   string
	move   string // USI; empty when m is set
	m      Move
	want   error // nil: legal
}

// legalCases tests each rule on its own: every legal case has an illegal
// twin that differs in one thing, and the reverse. Black is to move; the
// test also plays every case from White's side (the position flipped).
var legalCases = []legalCase{
	// How each piece moves.
	{"pawn forward", "K5i k5a P5e", "", "5e5d", 0, nil},
	{"pawn backward", "K5i k5a P5e", "", "5e5f", 0, ErrUnreachable},
	{"pawn sideways", "K5i k5a P5e", "", "5e4e", 0, ErrUnreachable},
	{"pawn diagonally", "K5i k5a P5e", "", "5e4d", 0, ErrUnreachable},
	{"lance slides forward", "K5i k5a L1g", "", "1g1b", 0, nil},
	{"lance backward", "K5i k5a L1g", "", "1g1h", 0, ErrUnreachable},
	{"lance diagonally", "K5i k5a L1g", "", "1g2f", 0, ErrUnreachable},
	{"knight jumps left", "K5i k5a N5e", "", "5e6c", 0, nil},
	{"knight jumps right", "K5i k5a N5e", "", "5e4c", 0, nil},
	{"knight jumps over pieces", "K5i k5a N5e P5d P4d", "", "5e4c", 0, nil},
	{"knight straight", "K5i k5a N5e", "", "5e5c", 0, ErrUnreachable},
	{"knight backward", "K5i k5a N5e", "", "5e4g", 0, ErrUnreachable},
	{"knight one step", "K5i k5a N5e", "", "5e4d", 0, ErrUnreachable},
	{"silver forward", "K5i k5a S5e", "", "5e5d", 0, nil},
	{"silver diagonal forward", "K5i k5a S5e", "", "5e4d", 0, nil},
	{"silver diagonal back", "K5i k5a S5e", "", "5e6f", 0, nil},
	{"silver back", "K5i k5a S5e", "", "5e5f", 0, ErrUnreachable},
	{"silver sideways", "K5i k5a S5e", "", "5e4e", 0, ErrUnreachable},
	{"gold forward", "K5i k5a G5e", "", "5e5d", 0, nil},
	{"gold diagonal forward", "K5i k5a G5e", "", "5e6d", 0, nil},
	{"gold sideways", "K5i k5a G5e", "", "5e4e", 0, nil},
	{"gold back", "K5i k5a G5e", "", "5e5f", 0, nil},
	{"gold diagonal back", "K5i k5a G5e", "", "5e4f", 0, ErrUnreachable},
	{"gold two squares", "K5i k5a G5e", "", "5e5c", 0, ErrUnreachable},
	{"tokin moves as gold", "K5i k5a +P5e", "", "5e4e", 0, nil},
	{"tokin not diagonally back", "K5i k5a +P5e", "", "5e4f", 0, ErrUnreachable},
	{"promoted lance moves as gold", "K5i k5a +L5e", "", "5e5f", 0, nil},
	{"promoted lance does not slide", "K5i k5a +L5e", "", "5e5c", 0, ErrUnreachable},
	{"promoted knight moves as gold", "K5i k5a +N5e", "", "5e6e", 0, nil},
	{"promoted knight does not jump", "K5i k5a +N5e", "", "5e4c", 0, ErrUnreachable},
	{"promoted silver moves as gold", "K5i k5a +S5e", "", "5e5f", 0, nil},
	{"promoted silver not diagonally back", "K5i k5a +S5e", "", "5e6f", 0, ErrUnreachable},
	{"bishop slides", "K5i k5a B5e", "", "5e1a", 0, nil},
	{"bishop slides back", "K5i k5a B5e", "", "5e8h", 0, nil},
	{"bishop orthogonally", "K5i k5a B5e", "", "5e5d", 0, ErrUnreachable},
	{"bishop off the diagonals", "K5i k5a B5e", "", "5e3d", 0, ErrUnreachable},
	{"rook slides", "K5i k5a R2e", "", "2e2a", 0, nil},
	{"rook slides sideways", "K5i k5a R2e", "", "2e9e", 0, nil},
	{"rook diagonally", "K5i k5a R2e", "", "2e3d", 0, ErrUnreachable},
	{"horse steps orthogonally", "K5i k5a +B5e", "", "5e4e", 0, nil},
	{"horse slides diagonally", "K5i k5a +B5e", "", "5e2b", 0, nil},
	{"horse does not slide orthogonally", "K5i k5a +B5e", "", "5e5c", 0, ErrUnreachable},
	{"dragon steps diagonally", "K5i k5a +R4e", "", "4e3d", 0, nil},
	{"dragon slides orthogonally", "K5i k5a +R4e", "", "4e4b", 0, nil},
	{"dragon does not slide diagonally", "K5i k5a +R4e", "", "4e2c", 0, ErrUnreachable},
	{"king steps", "K5i k5a", "", "5i4h", 0, nil},
	{"king two squares", "K5i k5a", "", "5i5g", 0, ErrUnreachable},
	{"no piece on the origin", "K5i k5a", "", "5e5d", 0, ErrNoPiece},
	{"the opponent's piece", "K5i k5a p5e", "", "5e5f", 0, ErrNotOwnPiece},
	{"destination off the board", "K5i k5a P5e", "", "", NewMove(NewSquare(5, 5), 81, false), ErrBadSquare},

	// Sliders are blocked by any piece; a capture stops the slide.
	{"lance captures in its path", "K5i k5a L1g p1d", "", "1g1d", 0, nil},
	{"lance blocked by an enemy", "K5i k5a L1g p1d", "", "1g1c", 0, ErrUnreachable},
	{"rook blocked by its own pawn", "K5i k5a R2h P2g", "", "2h2c", 0, ErrUnreachable},
	{"rook captures an enemy", "K5i k5a R2h p2d", "", "2h2d", 0, nil},
	{"rook blocked by an enemy", "K5i k5a R2h p2d", "", "2h2c", 0, ErrUnreachable},
	{"bishop blocked", "K5i k5a B5e P3c", "", "5e2b", 0, ErrUnreachable},
	{"bishop captures", "K5i k5a B5e p3c", "", "5e3c", 0, nil},
	{"horse slide blocked", "K5i k5a +B5e p3c", "", "5e2b", 0, ErrUnreachable},

	// No capture of one's own pieces.
	{"rook takes own pawn", "K5i k5a R2h P2g", "", "2h2g", 0, ErrOwnCapture},
	{"bishop takes own pawn", "K5i k5a B5e P3c", "", "5e3c", 0, ErrOwnCapture},
	{"king takes own gold", "K5i k5a G4h", "", "5i4h", 0, ErrOwnCapture},
	{"king takes an enemy gold", "K5i k5a g4h", "", "5i4h", 0, nil},

	// The promotion zone: entering, leaving, moving within it.
	{"promote entering the zone", "K5i k5a S4d", "", "4d4c+", 0, nil},
	{"decline entering the zone", "K5i k5a S4d", "", "4d4c", 0, nil},
	{"promote outside the zone", "K5i k5a S4e", "", "4e4d+", 0, ErrBadPromotion},
	{"promote leaving the zone", "K5i k5a S4c", "", "4c3d+", 0, nil},
	{"promote moving back outside", "K5i k5a S4e", "", "4e3f+", 0, ErrBadPromotion},
	{"promote within the zone", "K5i k5a S4c", "", "4c4b+", 0, nil},
	{"rook promotes sliding in", "K5i k5a R2h", "", "2h2c+", 0, nil},
	{"rook cannot promote short of the zone", "K5i k5a R2h", "", "2h2d+", 0, ErrBadPromotion},
	{"bishop promotes leaving", "K5i k5a B2b", "", "2b5e+", 0, nil},
	{"gold cannot promote", "K5i k5a G4c", "", "4c4b+", 0, ErrBadPromotion},
	{"king cannot promote", "K5c k1a", "", "5c5b+", 0, ErrBadPromotion},
	{"promoted piece cannot promote", "K5i k5a +S4c", "", "4c4b+", 0, ErrBadPromotion},

	// Forced promotion: no pawn or lance on the last rank, no knight on the
	// last two.
	{"pawn to the last rank must promote", "K5i k5a P3b", "", "3b3a", 0, ErrDeadPiece},
	{"pawn to the last rank promoted", "K5i k5a P3b", "", "3b3a+", 0, nil},
	{"pawn to rank 2 unpromoted", "K5i k5a P3c", "", "3c3b", 0, nil},
	{"lance to the last rank must promote", "K5i k5a L3c", "", "3c3a", 0, ErrDeadPiece},
	{"lance to the last rank promoted", "K5i k5a L3c", "", "3c3a+", 0, nil},
	{"lance to rank 2 unpromoted", "K5i k5a L3c", "", "3c3b", 0, nil},
	{"knight to rank 2 must promote", "K5i k5a N4d", "", "4d3b", 0, ErrDeadPiece},
	{"knight to rank 2 promoted", "K5i k5a N4d", "", "4d3b+", 0, nil},
	{"knight to rank 1 must promote", "K5i k5a N3c", "", "3c2a", 0, ErrDeadPiece},
	{"knight to rank 1 promoted", "K5i k5a N3c", "", "3c2a+", 0, nil},
	{"knight to rank 3 unpromoted", "K5i k5a N4e", "", "4e3c", 0, nil},
	{"silver to the last rank unpromoted", "K5i k5a S3b", "", "3b3a", 0, nil},

	// Drops: only from the hand, only on empty squares.
	{"drop on an empty square", "K5i k5a", "G", "G*5e", 0, nil},
	{"drop of a piece not in hand", "K5i k5a", "S", "G*5e", 0, ErrNotInHand},
	{"drop on own piece", "K5i k5a P5e", "G", "G*5e", 0, ErrOccupied},
	{"drop on enemy piece", "K5i k5a p5e", "G", "G*5e", 0, ErrOccupied},
	{"drop promoted", "K5i k5a", "S", "", NewDrop(Silver, NewSquare(5, 5)) | movePromote, ErrBadPromotion},
	{"drop of a king", "K5i k5a", "G", "", NewDrop(King, NewSquare(5, 5)), ErrNotInHand},

	// Nifu: one unpromoted pawn per file and side.
	{"pawn drop on a free file", "K5i k5a P4g", "P", "P*5e", 0, nil},
	{"nifu", "K5i k5a P5g", "P", "P*5e", 0, ErrNifu},
	{"a tokin on the file is fine", "K5i k5a +P5g", "P", "P*5e", 0, nil},
	{"an enemy pawn on the file is fine", "K5i k5a p5c", "P", "P*5e", 0, nil},

	// Dead-piece drops.
	{"pawn drop on the last rank", "K5i k5a", "P", "P*3a", 0, ErrDeadPiece},
	{"pawn drop on rank 2", "K5i k5a", "P", "P*3b", 0, nil},
	{"lance drop on the last rank", "K5i k5a", "L", "L*3a", 0, ErrDeadPiece},
	{"lance drop on rank 2", "K5i k5a", "L", "L*3b", 0, nil},
	{"knight drop on rank 1", "K5i k5a", "N", "N*3a", 0, ErrDeadPiece},
	{"knight drop on rank 2", "K5i k5a", "N", "N*3b", 0, ErrDeadPiece},
	{"knight drop on rank 3", "K5i k5a", "N", "N*3c", 0, nil},
	{"gold drop on the last rank", "K5i k5a", "G", "G*3a", 0, nil},

	// Uchifuzume (打ち歩詰め). White's king on 1a; the gold on 2c guards
	// 1b and 2b, the knight on 3c guards 2a.
	{"uchifuzume", "K5i k1a G2c N3c", "P", "P*1b", 0, ErrUchifuzume},
	{"uchifuzume without a black king", "k1a G2c N3c", "P", "P*1b", 0, ErrUchifuzume},
	{"pawn drop check, king escapes", "K5i k1a G2c", "P", "P*1b", 0, nil},
	{"pawn drop check, king captures the pawn", "K5i k1a G3b", "P", "P*1b", 0, nil},
	{"pawn drop check, a silver captures the pawn", "K5i k1a s2a G2c", "P", "P*1b", 0, nil},
	{"the capturing silver is pinned", "K5i k1a s2a G2c R4a", "P", "P*1b", 0, ErrUchifuzume},
	{"the rook behind the silver is blocked", "K5i k1a s2a G2c R4a p3a", "P", "P*1b", 0, nil},
	{"pawn push mate is legal", "K5i k1a G2c N3c P1c", "", "1c1b", 0, nil},
	{"lance drop mate is legal", "K5i k1a G2c N3c", "L", "L*1b", 0, nil},
	{"pawn drop beside the mate", "K5i k1a G2c N3c", "P", "P*1d", 0, nil},

	// Self-check: pins, discovered checks, the king into attacked squares.
	{"pinned gold leaves the file", "K5i G5h r5a k1a", "", "5h4h", 0, ErrSelfCheck},
	{"pinned gold moves along the file", "K5i G5h r5a k1a", "", "5h5g", 0, nil},
	{"pinned rook captures the pinner", "K5i R5h r5c k1a", "", "5h5c", 0, nil},
	{"pinned rook leaves the file", "K5i R5h r5c k1a", "", "5h4h", 0, ErrSelfCheck},
	{"diagonal pin, off the line", "K5i S4h b1e k1a", "", "4h4g", 0, ErrSelfCheck},
	{"diagonal pin, along the line", "K5i S4h b1e k1a", "", "4h3g", 0, nil},
	{"lance pins from in front", "K5e G5d l5b k1a", "", "5d4d", 0, ErrSelfCheck},
	{"lance behind does not pin", "K5e G5d l5h k1a", "", "5d4d", 0, nil},
	{"two pieces between: no pin", "K5i G5h R5g r5a k1a", "", "5h4h", 0, nil},
	{"discovered check on the opponent is fine", "K9i k5a R5h S5e", "", "5e4d", 0, nil},
	{"king into an attacked square", "K5i g5g k5a", "", "5i5h", 0, ErrSelfCheck},
	{"king beside the attacker's reach", "K5i g5g k5a", "", "5i4i", 0, nil},
	{"king backs away along the check line", "K5e r5a k1a", "", "5e5f", 0, ErrSelfCheck},
	{"king steps off the check line", "K5e r5a k1a", "", "5e4e", 0, nil},
	{"king captures a protected gold", "K5i g5h s4g k5a", "", "5i5h", 0, ErrSelfCheck},
	{"king captures an unprotected gold", "K5i g5h k5a", "", "5i5h", 0, nil},
	{"in check, an unrelated move", "K5i G9g r5a k1a", "", "9g9f", 0, ErrSelfCheck},
	{"in check, interposing", "K5i G6g r5a k1a", "", "6g5f", 0, nil},
	{"in check, capturing the checker", "K5i B9e r5a k1a", "", "9e5a", 0, nil},
	{"in check, drop elsewhere", "K5i r5a k1a", "G", "G*9e", 0, ErrSelfCheck},
	{"in check, interposing drop", "K5i r5a k1a", "G", "G*5e", 0, nil},
	{"double check, a block is not enough", "K5i r5a b1e k1a", "G", "G*5e", 0, ErrSelfCheck},
	{"double check, king steps out", "K5i r5a b1e k1a", "G", "5i6h", 0, nil},
	{"double check, king stays on a line", "K5i r5a b1e k1a", "G", "5i5h", 0, ErrSelfCheck},
	{"knight check cannot be blocked", "K5i n4g k1a", "G", "G*4h", 0, ErrSelfCheck},
	{"knight check, capture the knight", "K5i G4h n4g k1a", "", "4h4g", 0, nil},
	{"no king of one's own: anything goes", "k5a S5e r5h", "", "5e4d", 0, nil},
}

func (tt legalCase) setup(t *testing.T) (Position, Move) {
	t.Helper()
	p := build(t, Black, tt.pieces, tt.hand)
	m := tt.m
	if tt.move != "" {
		var err error
		if m, err = ParseUSIMove(tt.move); err != nil {
			t.Fatal(err)
		}
	}
	return p, m
}

func TestLegal(t *testing.T) {
	for _, tt := range legalCases {
		t.Run(tt.name, func(t *testing.T) {
			p, m := tt.setup(t)
			before := p
			check := func(p *Position, m Move, side string) {
				err := p.Legal(m)
				if tt.want == nil && err != nil {
					t.Errorf("%s: Legal(%s) in %s = %v, want legal", side, m, p.SFEN(), err)
				}
				if tt.want != nil && !errors.Is(err, tt.want) {
					t.Errorf("%s: Legal(%s) in %s = %v, want %v", side, m, p.SFEN(), err, tt.want)
				}
				if got := slices.Contains(p.LegalMoves(nil), m); got != (tt.want == nil) {
					t.Errorf("%s: LegalMoves contains %s = %v", side, m, got)
				}
			}
			check(&p, m, "black")
			if p != before {
				t.Error("Legal changed the position")
			}
			if m.To().Valid() {
				q := flipped(p)
				check(&q, flipMove(m), "white")
			}
		})
	}
}

// candidates returns every move that could be written for a position:
// each origin to each destination with and without promotion, and each
// kind dropped on each square (also with a promotion flag).
func candidates() []Move {
	var ms []Move
	for from := Square(0); from < 81; from++ {
		for to := Square(0); to < 81; to++ {
			if from != to {
				ms = append(ms, NewMove(from, to, false), NewMove(from, to, true))
			}
		}
	}
	for t := Pawn; t <= King; t++ {
		for to := Square(0); to < 81; to++ {
			ms = append(ms, NewDrop(t, to), NewDrop(t, to)|movePromote)
		}
	}
	return ms
}

// checkAgreement compares LegalMoves with Legal over every candidate move
// in both directions, Legal with PlayLegal on each, and checks the
// generated list has no duplicates.
func checkAgreement(t *testing.T, p *Position, cands []Move) {
	t.Helper()
	gen := p.LegalMoves(nil)
	set := make(map[Move]bool, len(gen))
	for _, m := range gen {
		if set[m] {
			t.Errorf("%s: LegalMoves lists %s twice", p.SFEN(), m)
		}
		set[m] = true
		if err := p.Legal(m); err != nil {
			t.Errorf("%s: LegalMoves has %s but Legal says %v", p.SFEN(), m, err)
		}
	}
	n := 0
	for _, m := range cands {
		// PlayLegal decides by playing m; Legal mostly without.
		q := *p
		if err, played := p.Legal(m), q.PlayLegal(m); err != played {
			t.Errorf("%s: %s: Legal says %v, PlayLegal %v", p.SFEN(), m, err, played)
		}
		if p.Legal(m) == nil {
			n++
			if !set[m] {
				t.Errorf("%s: Legal accepts %s but LegalMoves lacks it", p.SFEN(), m)
			}
		}
	}
	if n != len(gen) {
		t.Errorf("%s: Legal accepts %d candidates, LegalMoves gives %d", p.SFEN(), n, len(gen))
	}
	if got := p.HasLegalMove(); got != (len(gen) > 0) {
		t.Errorf("%s: HasLegalMove = %v with %d moves", p.SFEN(), got, len(gen))
	}
}

func TestLegalMovesAgreesWithLegal(t *testing.T) {
	cands := candidates()
	var ps []Position
	for _, tt := range legalCases {
		p, _ := tt.setup(t)
		ps = append(ps, p, flipped(p))
	}
	for _, bp := range benchPositions {
		p := mustSFEN(t, bp.sfen)
		ps = append(ps, p, flipped(p))
	}
	for _, p := range ps {
		checkAgreement(t, &p, cands)
	}
}

// TestLegalMovesAgreesOnRandomGames runs the same comparison on positions
// of random games: middle games with drops, promotions, pins and checks
// that no hand-made table thinks of.
func TestLegalMovesAgreesOnRandomGames(t *testing.T) {
	cands := candidates()
	opt := RandomGameOptions{MaxPlies: 150, Starts: true}
	n := 0
	for seed := range uint64(randomRecords(40)) {
		rec := randomRecord(rand.New(rand.NewPCG(seed, 4)), opt)
		p := rec.Start
		for x := range rec.MainLine() {
			p.Play(x.Move)
			if x.Ply()%7 == 0 {
				checkAgreement(t, &p, cands)
				n++
			}
		}
	}
	t.Logf("%d positions", n)
}

// TestKingCaptureRefused: in an impossible position, where the side not to
// move is in check, the king could be taken; Legal refuses that with
// ErrBadPosition and LegalMoves does not offer it (Play could not put a
// king in hand).
func TestKingCaptureRefused(t *testing.T) {
	cands := candidates()
	for _, s := range []string{
		"4k4/9/9/9/4R4/9/9/9/4K4 b - 1",  // slide
		"4k4/4G4/9/9/9/9/9/9/4K4 b - 1",  // step
		"4k4/9/3N5/9/9/9/9/9/4K4 b G 1",  // jump, with drops about
		"4k4/9/9/9/4r4/9/9/9/4K4 w P 1",  // White takes
		"4k4/9/9/9/8B/9/9/9/4K4 b 2G 1",  // diagonal, with drops about
		"4k4/4G4/9/9/9/9/9/9/4K3r b - 1", // both kings attacked
	} {
		p := mustSFEN(t, s)
		enemy := p.King(p.Turn().Opponent())
		for _, m := range cands {
			if !m.IsDrop() && m.To() == enemy && p.Legal(m) == nil {
				t.Errorf("%s: Legal accepts %s, which takes the king", s, m)
			}
		}
		for _, m := range p.LegalMoves(nil) {
			if m.To() == enemy {
				t.Errorf("%s: LegalMoves offers %s", s, m)
			}
			q := p
			q.Play(m)
		}
		checkAgreement(t, &p, cands)
	}
	p := mustSFEN(t, "4k4/9/9/9/4R4/9/9/9/4K4 b - 1")
	if err := p.Legal(mv(t, "5e5a+")); !errors.Is(err, ErrBadPosition) {
		t.Errorf("Legal(5e5a+) = %v, want ErrBadPosition", err)
	}
}
