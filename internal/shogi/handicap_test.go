package shogi

import "testing"

// handicapTable is ../shared/specs/usi-sfen.md §5, copied by hand: the KIF
// name, the JKF name and ranks a and b of the SFEN board. Ranks c to i are
// those of the standard start, and White (上手) moves first in every
// handicap.
var handicapTable = []struct {
	h          Handicap
	kif, jkf   string
	ranksAB    string
	blackFirst bool
}{
	{Even, "平手", "HIRATE", "lnsgkgsnl/1r5b1", true},
	{LanceHC, "香落ち", "KY", "lnsgkgsn1/1r5b1", false},
	{RightLance, "右香落ち", "KY_R", "1nsgkgsnl/1r5b1", false},
	{BishopHC, "角落ち", "KA", "lnsgkgsnl/1r7", false},
	{RookHC, "飛車落ち", "HI", "lnsgkgsnl/7b1", false},
	{RookLance, "飛香落ち", "HIKY", "lnsgkgsn1/7b1", false},
	{TwoPiece, "二枚落ち", "2", "lnsgkgsnl/9", false},
	{ThreePiece, "三枚落ち", "3", "lnsgkgsn1/9", false},
	{FourPiece, "四枚落ち", "4", "1nsgkgsn1/9", false},
	{FivePiece, "五枚落ち", "5", "2sgkgsn1/9", false},
	{LeftFivePiece, "左五枚落ち", "5_L", "1nsgkgs2/9", false},
	{SixPiece, "六枚落ち", "6", "2sgkgs2/9", false},
	{LeftSevenPiece, "左七枚落ち", "7_L", "2sgkg3/9", false},
	{RightSevenPiece, "右七枚落ち", "7_R", "3gkgs2/9", false},
	{EightPiece, "八枚落ち", "8", "3gkg3/9", false},
	{TenPiece, "十枚落ち", "10", "4k4/9", false},
}

func TestHandicapPresets(t *testing.T) {
	const rest = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
	if got := Handicaps(); len(got) != len(handicapTable) {
		t.Fatalf("Handicaps() has %d presets, the table %d", len(got), len(handicapTable))
	}
	for i, tt := range handicapTable {
		t.Run(tt.kif, func(t *testing.T) {
			if Handicaps()[i] != tt.h {
				t.Errorf("Handicaps()[%d] = %v", i, Handicaps()[i])
			}
			side := " w - 1"
			if tt.blackFirst {
				side = " b - 1"
			}
			want := tt.ranksAB + rest + side
			p := tt.h.Position()
			if got := p.SFEN(); got != want {
				t.Errorf("Position().SFEN() = %s, want %s", got, want)
			}
			if err := p.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
			if !p.HasLegalMove() {
				t.Error("the side to move has no move")
			}
			if tt.h.KIF() != tt.kif || tt.h.String() != tt.kif || tt.h.JKF() != tt.jkf {
				t.Errorf("names %q %q, want %q %q", tt.h.KIF(), tt.h.JKF(), tt.kif, tt.jkf)
			}
			if h, ok := HandicapFromKIF(tt.kif); h != tt.h || !ok {
				t.Errorf("HandicapFromKIF(%q) = %v, %v", tt.kif, h, ok)
			}
			if h, ok := HandicapFromJKF(tt.jkf); h != tt.h || !ok {
				t.Errorf("HandicapFromJKF(%q) = %v, %v", tt.jkf, h, ok)
			}
			q := mustSFEN(t, want)
			if h := HandicapOf(&q); h != tt.h {
				t.Errorf("HandicapOf = %v", h)
			}
			// A preset position is a copy: changing it leaves the table alone.
			p.Set(NewSquare(5, 5), NewPiece(Black, Gold))
			if r := tt.h.Position(); r.At(NewSquare(5, 5)) != NoPiece {
				t.Error("Position() shares state between calls")
			}
		})
	}
}

func TestHandicapOther(t *testing.T) {
	if Other.KIF() != "その他" || Other.JKF() != "OTHER" {
		t.Errorf("Other names %q %q", Other.KIF(), Other.JKF())
	}
	if h, _ := HandicapFromKIF(Other.KIF()); h != Other {
		t.Errorf("HandicapFromKIF(その他) = %v", h)
	}
	if h, _ := HandicapFromJKF(Other.JKF()); h != Other {
		t.Errorf("HandicapFromJKF(OTHER) = %v", h)
	}
	if s, e := StartPosition(), Even.Position(); !s.Equal(&e) {
		t.Error("StartPosition differs from Even")
	}
	notPresets := []string{
		// The start with White to move, or Black to move after a handicap.
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		// shogiops's three-piece handicap (the 9一 lance): not the majority's.
		"1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		// The bishop handicap with the bishop in Black's hand.
		"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w B 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
	}
	for _, s := range notPresets {
		p := mustSFEN(t, s)
		if h := HandicapOf(&p); h != Other {
			t.Errorf("HandicapOf(%s) = %v, want Other", s, h)
		}
	}
	// The move number is not part of a preset: a handicap record that
	// starts at move 1 or 0 is the same start.
	p := mustSFEN(t, "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 5")
	if h := HandicapOf(&p); h != BishopHC {
		t.Errorf("HandicapOf(角落ち at move 5) = %v", h)
	}
	if Handicap(200).KIF() != "" || Handicap(200).JKF() != "" {
		t.Error("an invalid Handicap has a name")
	}
}

func TestHandicapAliases(t *testing.T) {
	tests := []struct {
		name string
		want Handicap
	}{
		{"飛車香落ち", RookLance},
		{"香飛落ち", RookLance},
		{"左香落ち", LanceHC},
		{"飛落ち", RookHC},
		{"七枚落ち", RightSevenPiece},
		{"右五枚落ち", FivePiece},
	}
	for _, tt := range tests {
		if h, ok := HandicapFromKIF(tt.name); h != tt.want || !ok {
			t.Errorf("HandicapFromKIF(%q) = %v, %v, want %v", tt.name, h, ok, tt.want)
		}
	}
	for _, s := range []string{"", "詰将棋", "五々将棋"} {
		if h, ok := HandicapFromKIF(s); h != Other || ok {
			t.Errorf("HandicapFromKIF(%q) = %v, %v, want Other, false", s, h, ok)
		}
	}
	for _, s := range []string{"", "hirate", "KY_L", "9"} {
		if h, ok := HandicapFromJKF(s); h != Other || ok {
			t.Errorf("HandicapFromJKF(%q) = %v, %v, want Other, false", s, h, ok)
		}
	}
}
