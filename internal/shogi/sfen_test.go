package shogi

import (
	"errors"
	"strings"
	"testing"
)

func TestSFENRoundTrip(t *testing.T) {
	canonical := []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2",
		// The worked example of the USI document.
		"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		// Tsume convention: every unused piece in White's hand.
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
		"9/9/9/9/9/9/9/9/9 b - 1",
		"+P+L+N+S+B+R3/9/9/9/9/9/9/9/3+r+b+s+n+l+p w - 1000",
		"9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
	}
	for _, s := range canonical {
		p, err := ParseSFEN(s)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", s, err)
			continue
		}
		if got := p.SFEN(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
		if got := string(p.AppendSFEN([]byte("x "))); got != "x "+s {
			t.Errorf("AppendSFEN = %q", got)
		}
	}
	// What readers tolerate, and the canonical form it comes back as.
	lenient := []struct{ in, want string }{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"  4k4/9/9/9/9/9/9/9/4K4   w \t - 7 ", "4k4/9/9/9/9/9/9/9/4K4 w - 7"},
		{"4k4/9/9/9/9/9/9/9/4K4 b pPRpP 1", "4k4/9/9/9/9/9/9/9/4K4 b R2P2p 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 b PP3P 1", "4k4/9/9/9/9/9/9/9/4K4 b 5P 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 10p8P 1", "4k4/9/9/9/9/9/9/9/4K4 b 8P10p 1"},
	}
	for _, tt := range lenient {
		p, err := ParseSFEN(tt.in)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.SFEN(); got != tt.want {
			t.Errorf("ParseSFEN(%q).SFEN() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseSFENPosition(t *testing.T) {
	p := mustSFEN(t, "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124")
	checks := []struct {
		sq   string
		want Piece
	}{
		{"1a", NewPiece(White, Lance)},
		{"7b", NewPiece(Black, Dragon)},
		{"9d", NewPiece(White, King)},
		{"8h", NewPiece(Black, King)},
		{"2h", NewPiece(White, Dragon)},
		{"5i", NewPiece(White, ProPawn)},
		{"5e", NoPiece},
	}
	for _, c := range checks {
		sq, _ := ParseSquareUSI(c.sq)
		if got := p.At(sq); got != c.want {
			t.Errorf("At(%s) = %v, want %v", c.sq, got, c.want)
		}
	}
	if p.Turn() != White || p.MoveNumber() != 124 {
		t.Errorf("turn %v, move number %d", p.Turn(), p.MoveNumber())
	}
	if p.King(Black) != NewSquare(8, 8) || p.King(White) != NewSquare(9, 4) {
		t.Errorf("kings on %v and %v", p.King(Black), p.King(White))
	}
	if h := p.Hand(Black); h.Count(Silver) != 1 || h.Total() != 1 {
		t.Errorf("black hand %v", *h)
	}
	if h := p.Hand(White); h.Count(Bishop) != 1 || h.Count(Gold) != 1 || h.Count(Knight) != 1 || h.Count(Pawn) != 3 || h.Total() != 6 {
		t.Errorf("white hand %v", *h)
	}
}

func TestParseSFENErrors(t *testing.T) {
	const start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
	tests := []struct {
		name  string
		sfen  string
		field string
		at    string // the offending text: Offset is where its last occurrence starts
		nth   int    // or, when at is empty, the offset itself
	}{
		{"empty", "", "position", "", -1},
		{"two fields", start + " b", "position", "", -1},
		{"five fields", start + " b - 1 x", "position", "", -1},
		{"bad letter", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", "board", "X", 0},
		{"digit zero", "lnsgkgsnl/1r5b1/ppppppppp/9/0/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "board", "0", 0},
		{"rank too long", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "board", "L b", 0},
		{"rank overflows by a digit", "lnsgkgsnl/1r5b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "board", "2/", 0},
		{"rank too short", "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "board", "/ppp", 0},
		{"ten ranks", "9/9/9/9/9/9/9/9/9/9 b - 1", "board", "/9 b", 0},
		{"eight ranks", "9/9/9/9/9/9/9/9 b - 1", "board", "9 b", 0},
		{"promoted king", "4+k4/9/9/9/9/9/9/9/4K4 b - 1", "board", "k4/", 0},
		{"promoted gold", "4k4/9/9/9/4+G4/9/9/9/4K4 b - 1", "board", "G", 0},
		{"plus before a digit", "4k4/9/9/9/+9/9/9/9/4K4 b - 1", "board", "9/9/9/9/4K4", 0},
		{"plus twice", "4k4/9/9/9/++P8/9/9/9/4K4 b - 1", "board", "+P", 0},
		{"plus at the end", "4k4/9/9/9/9/9/9/9/4K3+ b - 1", "board", "+", 0},
		{"second black king", "4k4/9/9/9/9/9/9/9/3KK4 b - 1", "board", "K4 ", 0},
		{"bad side", start + " x - 1", "side", "x", 0},
		{"side in capitals", start + " B - 1", "side", "B", 0},
		{"king in hand", start + " b K 1", "hands", "K", 0},
		{"bad hand letter", start + " b 2X 1", "hands", "X", 0},
		{"count over 18", start + " b 19P 1", "hands", "9P", 0},
		// Fuzzed: counts of one kind that add up past 18 cannot be written back.
		{"counts adding past 18", "k8/9/1G1G5/9/2G6/9/9/9/8K b 18GG 1", "hands", "G 1", 0},
		{"counts adding past 255", start + " b " + strings.Repeat("18p", 15) + " 1", "hands", "", len(start) + 8}, // the second p
		{"count without a piece", "4k4/9/9/9/9/9/9/9/4K4 b 2P3 1", "hands", "3", 0},
		{"move number zero", start + " b - 0", "move number", "0", 0},
		{"move number not a number", start + " b - x1", "move number", "x1", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSFEN(tt.sfen)
			var se *SFENError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want *SFENError", err)
			}
			if !errors.Is(err, ErrBadPosition) {
				t.Errorf("errors.Is(err, ErrBadPosition) = false")
			}
			want := tt.nth
			if tt.at != "" {
				want = strings.LastIndex(tt.sfen, tt.at)
			}
			if se.Field != tt.field || se.Offset != want {
				t.Errorf("Field %q Offset %d, want %q %d (%v)", se.Field, se.Offset, tt.field, want, err)
			}
			if se.SFEN != tt.sfen {
				t.Errorf("SFEN = %q", se.SFEN)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.field) {
				t.Errorf("message %q does not name the field", msg)
			}
			if want >= 0 && !strings.Contains(msg, "character ") {
				t.Errorf("message %q does not name the character", msg)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		sfen string
		want error
	}{
		{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", nil},
		{"nifu on the board", "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1", ErrNifu},
		{"a pawn and a tokin", "4k4/9/9/4P4/9/4+P4/9/9/4K4 b - 1", nil},
		{"pawns of both sides", "4k4/9/9/4p4/9/4P4/9/9/4K4 b - 1", nil},
		{"side not to move in check", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", ErrBadPosition},
		{"side to move in check", "4k4/9/9/9/4R4/9/9/9/4K4 w - 1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustSFEN(t, tt.sfen)
			err := p.Validate()
			if (err == nil) != (tt.want == nil) || (tt.want != nil && !errors.Is(err, tt.want) && !isCode(err, tt.want)) {
				t.Errorf("Validate = %v, want %v", err, tt.want)
			}
		})
	}
	// What ParseSFEN refuses can still be built square by square.
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	p.Set(NewSquare(1, 2), NewPiece(Black, Knight))
	if err := p.Validate(); !errors.Is(err, ErrDeadPiece) {
		t.Errorf("knight on rank 2: Validate = %v", err)
	}
	p = mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	p.Hand(White).Add(Dragon, 3)
	if err := p.Validate(); !isCode(err, ErrBadPosition) {
		t.Errorf("three rooks: Validate = %v", err)
	}
}

// isCode reports whether err is a RuleError with want's code (Validate
// returns fresh RuleErrors that carry the detail of what is wrong).
func isCode(err, want error) bool {
	var a, b *RuleError
	return errors.As(err, &a) && errors.As(want, &b) && a.Code == b.Code
}
