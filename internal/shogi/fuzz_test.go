package shogi_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// FuzzParseSFEN checks that ParseSFEN never panics, that what it accepts is
// written back as canonical SFEN that reads to the same position, and that
// what it rejects is reported as ErrBadPosition.
func FuzzParseSFEN(f *testing.F) {
	for _, s := range fuzzSFENs {
		f.Add(s)
	}
	for _, s := range []string{
		"", "9/9/9/9/9/9/9/9/9 b - 1", "lnsgkgsnl/9/9/9/9/9/9/9/9 w 18P2b 0",
		"+l+n+s+b+r+p1k1/9/9/9/9/9/9/9/4K4 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b 99P 1",
		"4k4/9/9/9/9/9/9/9/4K4 b P0 1", "4k4/9/9/9/9/9/9/9/4K4 x - 1", "4k4/9/9/9/9/9/9/9/4K4 b - -1",
		"4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999999999", "10/9/9/9/9/9/9/9/9 b - 1",
		"4k4/9/9/9/9/9/9/9/4K4/9 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b +P 1",
		"k8/9/1G1G5/9/2G6/9/9/9/8K b 18GG", // counts adding past 18 (CI's fuzzing found it)
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := shogi.ParseSFEN(s)
		if err != nil {
			if !errors.Is(err, shogi.ErrBadPosition) {
				t.Fatalf("ParseSFEN(%q) error %v does not wrap ErrBadPosition", s, err)
			}
			return
		}
		out := p.SFEN()
		q, err := shogi.ParseSFEN(out)
		if err != nil {
			t.Fatalf("ParseSFEN(%q) = %q, which does not read back: %v", s, out, err)
		}
		if !p.Equal(&q) {
			t.Fatalf("ParseSFEN(%q): %q reads back as a different position %q", s, out, q.SFEN())
		}
		if again := q.SFEN(); again != out {
			t.Fatalf("SFEN not canonical: %q then %q", out, again)
		}
		// Whatever ParseSFEN accepts must be safe to play on.
		moves := p.LegalMoves(nil)
		for _, m := range moves {
			if err := p.Legal(m); err != nil {
				t.Fatalf("%s: LegalMoves gave %s, which Legal rejects: %v", out, m, err)
			}
		}
		if len(moves) > 0 {
			q.Play(moves[0])
		}
	})
}

// FuzzParseUSIMove checks that ParseUSIMove never panics and that a move it
// accepts has valid squares and is written back as the same text.
func FuzzParseUSIMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "G*1a", "1a1a", "0a1b", "9i9j", "K*5e", "7g7f+", "7g7f=", "p*5e", "", "P*", "7g"} {
		f.Add(s)
	}
	start := shogi.StartPosition()
	f.Fuzz(func(t *testing.T, s string) {
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			var ne *shogi.NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseUSIMove(%q): error %T is not a *NotationError", s, err)
			}
			return
		}
		checkWellFormed(t, s, m)
		if got := string(m.AppendUSI(nil)); got != s {
			t.Fatalf("ParseUSIMove(%q) = %s, written back as %q", s, m, got)
		}
		_ = start.Legal(m) // any move text must be safe to judge
	})
}

// checkWellFormed fails unless m names valid squares (and a droppable
// piece for a drop): what a notation returns must be safe to hand to Legal.
func checkWellFormed(t *testing.T, text string, m shogi.Move) {
	t.Helper()
	if m.IsZero() {
		t.Fatalf("%q: zero move without an error", text)
	}
	if !m.To().Valid() {
		t.Fatalf("%q: destination %d is not a square", text, m.To())
	}
	if m.IsDrop() {
		if dt := m.DropType(); dt < shogi.Pawn || dt > shogi.Gold {
			t.Fatalf("%q: drop of %v", text, dt)
		}
		return
	}
	if !m.From().Valid() || m.From() == m.To() {
		t.Fatalf("%q: origin %d, destination %d", text, m.From(), m.To())
	}
}

// fuzzSFENs are the positions the notation fuzzers play in: the start, the
// handicaps, middle games with pieces in hand and promoted pieces, and
// positions where several pieces of a kind reach one square (the cases of
// 右/左/直/上/引/寄 and Western disambiguation).
var fuzzSFENs = []string{
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"ln1g1k1nl/1r1s2g2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPSP1PP1P/1BG2S1R1/LN2KG1NL b - 29",
	"l6nl/1r2g1gk1/p1n1ppsp1/2pp2p1p/1p5P1/2PSP1P1P/PPN1SP3/2G3GR1/L1K4NL b BSbp 53",
	"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
	"4k4/9/4G4/9/9/9/9/9/4K4 b GS2r2b2g3s4n4l18p 1",
	"k8/9/1G1G5/9/2G6/9/9/9/8K b 2R2B4S4N4L18Pg 1",
	"4k4/9/3G1G3/4G4/9/9/9/9/4K4 b 2R2B4S4N4L18Pg 1",
	"4k4/9/9/3S1S3/9/3S1S3/9/9/4K4 b 2R2B4G4N4L18P 1",
	"4k4/9/9/9/9/9/2N1N4/9/4K4 b 2R2B4G4S2N4L18P 1",
	"4k4/9/9/9/R3R4/9/9/9/4K4 b 2B4G4S4N4L18P 1",
	"4k4/9/9/9/9/2+P1+P4/3+P5/9/4K4 b 2R2B4G4S4N4L15P 1",
	"4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
	"8k/9/9/9/9/9/9/9/K8 w 2R2B4G4S4N4L18P 1",
	"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b 2r2b 1",
	"ln1gkg1nl/6+B2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pgp 40",
}

// fuzzPositions returns the fuzz positions, each also after one legal move
// (so that 同 and the previous move are exercised).
func fuzzPositions(tb testing.TB) []shogi.Position {
	tb.Helper()
	var out []shogi.Position
	for _, s := range fuzzSFENs {
		p, err := shogi.ParseSFEN(s)
		if err != nil {
			tb.Fatalf("%s: %v", s, err)
		}
		out = append(out, p)
		ms := p.LegalMoves(nil)
		if len(ms) > 0 {
			q := p
			q.Play(ms[len(ms)/2])
			out = append(out, q)
		}
	}
	return out
}

// fuzzNotation checks a notation's ParseMove on arbitrary text in each fuzz
// position: it never panics; an error wraps a shogi sentinel and places
// its first wrong character within the text; a returned
// move is well-formed and Legal can judge it; and a legal move is written
// back by AppendMove as text that ParseMove resolves to the same move.
func fuzzNotation(f *testing.F, n shogi.Notation, seeds []string) {
	positions := fuzzPositions(f)
	for i, s := range seeds {
		f.Add(uint8(i), s)
	}
	// Seed with the notation's own text for some legal moves of each
	// position, so the fuzzer starts from the accepted language.
	var buf []byte
	for i := range positions {
		p := &positions[i]
		for k, m := range p.LegalMoves(nil) {
			if k%7 != 0 {
				continue
			}
			buf = n.AppendMove(buf[:0], p, m)
			f.Add(uint8(i), string(buf))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		before := p
		m, err := n.ParseMove(&p, s)
		if !p.Equal(&before) || p.LastMove() != before.LastMove() {
			t.Fatalf("%s ParseMove(%q) changed the position", n, s)
		}
		if err != nil {
			var re *shogi.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%s ParseMove(%q): error %v (%T) wraps no shogi sentinel", n, s, err, err)
			}
			// The first wrong character is one of the text (or its end).
			var ne *shogi.NotationError
			if errors.As(err, &ne) && (ne.At < -1 || ne.At > len(ne.Text)) {
				t.Fatalf("%s ParseMove(%q): At %d in %q", n, s, ne.At, ne.Text)
			}
			return
		}
		checkWellFormed(t, s, m)
		if err := p.Legal(m); err != nil {
			var re *shogi.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%s ParseMove(%q) = %s: Legal error %v is no sentinel", n, s, m, err)
			}
			return
		}
		text := string(n.AppendMove(nil, &p, m))
		if !utf8.ValidString(text) || strings.TrimSpace(text) == "" {
			t.Fatalf("%s AppendMove(%s) = %q", n, m, text)
		}
		back, err := n.ParseMove(&p, text)
		if err != nil || back != m {
			t.Fatalf("%s in %s: %q → %s → %q → %s, %v", n, p.SFEN(), s, m, text, back, err)
		}
		q := p
		q.Play(m)
	})
}

func FuzzParseMoveKI2(f *testing.F) {
	fuzzNotation(f, shogi.KI2Notation{}, []string{"▲７六歩", "△同　銀", "▲５五角成", "▲５二金右上", "▲５二金直", "▲１一香打", "同歩不成", "５五", "▲", "▲１一", "☗２二角成"})
}

func FuzzParseMoveKIF(f *testing.F) {
	fuzzNotation(f, shogi.KIFNotation{}, []string{"７六歩(77)", "同　銀(31)", "５五角成(88)", "１一香打", "２二角不成(88)", "７六歩(99)", "７六歩(7)", "同　", "５五玉(59)"})
}

func FuzzParseMoveCSA(f *testing.F) {
	fuzzNotation(f, shogi.CSANotation{}, []string{"+7776FU", "-3334FU", "+8822UM", "+0055KA", "+0011FU", "+9999OU", "+7776", "-0000XX", "+7776fu"})
}

func FuzzParseMoveWestern(f *testing.F) {
	fuzzNotation(f, shogi.WesternNotation{}, []string{"P-7f", "Bx2b+", "Bx2b=", "P*5e", "S7h-6g", "+R-5e", "P76", "S'56", "G6i-5h", "Nx", "K-5h"})
}

func FuzzParseMoveHosking(f *testing.F) {
	fuzzNotation(f, shogi.HoskingNotation{}, []string{"P76", "S'56", "Bx22+", "G69-58", "N'", "+R55"})
}

func FuzzParseMoveKK(f *testing.F) {
	fuzzNotation(f, shogi.KitaoKawasakiNotation{}, []string{"☗歩-76", "☖歩-34", "☗角x22+", "☖銀x", "☗歩*55", "☗金(69)-58", "歩-76", "☗と-55"})
}
