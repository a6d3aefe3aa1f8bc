package shogi

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestCSANotationRoundTrip writes every legal move of the positions of a few
// random games (drops, promotions and non-promotions included) and resolves
// the text back into the same move.
func TestCSANotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var n CSANotation
	var moves []Move
	count := 0
	for g := 0; g < 20; g++ {
		pos := StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				text := string(n.AppendMove(nil, &pos, m))
				back, err := n.ParseMove(&pos, text)
				if err != nil || back != m {
					t.Fatalf("%s in %s: %q read back as %v, %v", m, pos.SFEN(), text, back, err)
				}
				// Without the sign, as PV lists may write moves.
				if back, err := ParseCSAMove(&pos, []byte(text[1:])); err != nil || back != m {
					t.Fatalf("%q without sign: %v, %v", text, back, err)
				}
				count++
			}
			pos.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d moves", count)
}

func TestCSANotation(t *testing.T) {
	even := StartPosition()
	pos, err := ParseSFEN("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1P1PPPP/1B5R1/LNSGKGSNL b P 3")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pos  *Position
		text string
		want string // the USI move, or "" for an error
		err  error
	}{
		{&even, "+7776FU", "7g7f", nil},
		{&even, "7776FU", "7g7f", nil},
		{&pos, "+8822UM", "8h2b+", nil},
		{&pos, "+8822KA", "8h2b", nil},
		{&pos, "+0055FU", "P*5e", nil},
		{&even, "-3334FU", "", ErrWrongTurn},
		{&even, "*7776FU", "", ErrSyntax},
		{&even, "+7776F", "", ErrSyntax},
		{&even, "+7776XX", "", ErrSyntax},
		{&even, "+7A76FU", "", ErrBadSquare},
		{&even, "+7770FU", "", ErrBadSquare},
		{&even, "+7077FU", "", ErrBadSquare},
		{&even, "+7777FU", "", ErrUnreachable},
		{&even, "+5554FU", "", ErrNoPiece},
		{&even, "+3334FU", "", ErrNotOwnPiece},
		{&even, "+7776TO", "", nil}, // a promotion Legal refuses, not the notation
		{&even, "+7776KY", "", ErrWrongPiece},
		{&even, "+5948KI", "", ErrWrongPiece},
		{&even, "+0055UM", "", ErrWrongPiece},
		{&even, "+0055OU", "", ErrWrongPiece},
	}
	for _, tt := range tests {
		m, err := CSANotation{}.ParseMove(tt.pos, tt.text)
		switch {
		case tt.want != "":
			if err != nil || m.String() != tt.want {
				t.Errorf("%q: %v, %v; want %s", tt.text, m, err, tt.want)
			}
		case tt.err != nil:
			var ne *NotationError
			if !errors.Is(err, tt.err) || !errors.As(err, &ne) || ne.Text != tt.text {
				t.Errorf("%q: %v, %v; want %v", tt.text, m, err, tt.err)
			}
		default:
			if err != nil || tt.pos.Legal(m) != ErrBadPromotion {
				t.Errorf("%q: %v, %v; want a move Legal refuses", tt.text, m, err)
			}
		}
	}
	if got := string(CSANotation{}.AppendMove([]byte("x"), &pos, NewDrop(Pawn, NewSquare(5, 5)))); got != "x+0055FU" {
		t.Errorf("AppendMove = %q", got)
	}
	if (CSANotation{}).String() != "csa" {
		t.Error("String")
	}
}

// TestCSAParseFastPath checks that ParseCSAMove's quick path agrees with
// the careful one on every move and on text that is nearly a move: each
// character of real moves replaced by one of the characters that matter.
func TestCSAParseFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	const chars = "+-0123456789FUKYEGIAHOTNRMX*"
	var moves []Move
	checked := 0
	for g := 0; g < 10; g++ {
		pos := StartPosition()
		for ply := 0; ply < 120; ply++ {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				text := AppendCSAMove(nil, &pos, m)
				for k := -1; k < len(text); k++ {
					s := append([]byte(nil), text...)
					if k >= 0 {
						s[k] = chars[rng.IntN(len(chars))]
					}
					got, gotErr := ParseCSAMove(&pos, s)
					want, wantErr := parseCSAMove(&pos, s)
					if got != want || (gotErr == nil) != (wantErr == nil) {
						t.Fatalf("%q in %s: quick path %v, %v; careful path %v, %v", s, pos.SFEN(), got, gotErr, want, wantErr)
					}
					checked++
				}
			}
			pos.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d texts", checked)
}

// TestCSAPieceType checks the look-up of piece names on every pair of
// bytes.
func TestCSAPieceType(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			want := NoPieceType
			for k := Pawn; k < NumPieceTypes; k++ {
				if csaNames[k] == string([]byte{byte(a), byte(b)}) {
					want = k
				}
			}
			if got := CSAPieceType(byte(a), byte(b)); got != want {
				t.Fatalf("CSAPieceType(%q, %q) = %v, want %v", byte(a), byte(b), got, want)
			}
		}
	}
}

func TestCSAParseAllocs(t *testing.T) {
	pos := StartPosition()
	text := []byte("+7776FU")
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseCSAMove(&pos, text) }); n != 0 {
		t.Errorf("ParseCSAMove allocates %v times", n)
	}
	buf := make([]byte, 0, 16)
	m := NewMove(NewSquare(7, 7), NewSquare(7, 6), false)
	if n := testing.AllocsPerRun(100, func() { buf = AppendCSAMove(buf[:0], &pos, m) }); n != 0 {
		t.Errorf("AppendCSAMove allocates %v times", n)
	}
}

func TestCSAKeyToHeader(t *testing.T) {
	tests := map[string]string{
		"N+": KeyBlack, "N-": KeyWhite, "$EVENT": KeyEvent, "$TIME_LIMIT": KeyTimeLimit, "$TIME": KeyTimeLimit,
		"$TIME+": KeyBlackTimeLimit, "$TIMET+": KeyBlackTimeLimit, "$TIMET-": KeyWhiteTimeLimit, "$NOTE": KeyNote,
		"$FOO": "FOO", "$START": "START",
	}
	for in, want := range tests {
		if got := CSAKeyToHeader(in); got != want {
			t.Errorf("CSAKeyToHeader(%q) = %q, want %q", in, got, want)
		}
	}
}
