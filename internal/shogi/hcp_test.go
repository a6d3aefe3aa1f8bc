package shogi

import (
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"testing"
)

// codingCase is a position and its 32 bytes in the two codings.
type codingCase struct {
	name, sfen string
	hcp, psfen string // hex; "" when the position cannot be coded
}

// allPromoted has every kind on the board, promoted where it can be, and
// the rest of the set in both hands.
const allPromoted = "+l+n+sgk4/1+r5+b1/+p8/9/9/9/8+P/1+B5+R1/4KG+S+N+L b GSNL8Pgsnl8p 1"

var codingCases = []codingCase{
	// The header of the start position by hand: bit 0 is Black to move (0),
	// bits 1-7 Black's king at 5i = (5-1)*9+(9-1) = 44, bits 8-14 White's
	// king at 5a = 36: 44<<1 = 0x58, 36 = 0x24 with bit 15 the first bit of
	// 1a (a white lance: 1 in both codings) = 0xa4.
	{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
		"58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c"},
	// Only bit 0 differs from the start. The psfen bytes of the start
	// positions, of "a pawn in hand" and of "every piece in hand" are also
	// the ones ShogiHome's tests give as YaneuraOu's.
	{"start, White to move", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"59a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
		"59a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c"},
	// By hand, the first squares of file 1 after the header 5824: 1a-1f
	// empty (six 0 bits, the first of them bit 15), 1g a promoted pawn (bits
	// hcp 1,0,0,1; psfen 1,0,1,0), 1h empty, 1i a promoted lance (hcp
	// 1,1,0,0,0,1; psfen 1,1,0,0,1,0): bytes 2-3 are 20 8d in hcp
	// and a0 4c in psfen.
	{"every kind promoted, pieces in hand", allPromoted,
		"5824208dbec1ef09b0023c80176007b8ffc1a7590300000061944392241967bd",
		"5824a04cbec1df0670013c8017e006d8ffc1975903000000a18c43922419ebbc"},
	{"every kind promoted, White to move", "+l+n+sgk4/1+r5+b1/+p8/9/9/9/8+P/1+B5+R1/4KG+S+N+L w GSNL8Pgsnl8p 1",
		"5924208dbec1ef09b0023c80176007b8ffc1a7590300000061944392241967bd",
		"5924a04cbec1df0670013c8017e006d8ffc1975903000000a18c43922419ebbc"},
	// Every piece in Black's hand: after the header and 79 empty squares
	// (bits 15-93), 18 pawns (3 zero bits each, to bit 147), then the
	// lances from bit 148: hcp's 1,0,0,0,0 each makes bytes 18-19 10 42.
	{"every piece in hand", "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
		"582400000000000000000000000000000000104208638c514a29e79cf3f9fc7e",
		"582400000000000000000000000000000000104208a59432c618e79cf3787c3e"},
	{"a pawn in hand", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1",
		"58a44981e1fa2ac4cfb12984e555088f427815c2b32984e5fa2bc4c731298401",
		"58a4518261fd4cc4cf724a84e395088f447825c2734a8463fd4dc4c7324a8401"},
	// cshogi's Board.to_hcp bytes for these two, as rshogi's tests record
	// them (the psfen column is ours, checked by decoding).
	{"cshogi: middle game, White to move", "ln5nl/2rs1kgs1/3ppg1p1/2p3p1p/p4p3/1PPPP2PP/P2SKSNR1/1B7/LN3G2L w B2Pgp 1",
		"559c89120cd756c40f5ec58157593c1481ad88057f4ae082f0714c2861003ebc", ""},
	{"cshogi: promoted pieces, both hands", "1+L3+R1+Np/2g1+Ln2s/5s3/l2p2pP1/1gp4N1/P1PPb1G2/b+s1Sp2G1/L8/K3k4 w N6Pr3p 1",
		"a1acda002771784079f07b6d80115f052516bc5460c46b0793f81a00001824ff", ""},
	// Short of pieces: neither coding can hold these.
	{"lance handicap", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "", ""},
	{"problem without Black's king", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "", ""},
}

func TestHuffmanGolden(t *testing.T) {
	for _, c := range codingCases {
		p, err := ParseSFEN(c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, k := range []struct {
			name   string
			want   string
			enc    func(*Position, *[32]byte) error
			dec    func(*[32]byte) (Position, error)
			skipIf bool
		}{
			{"hcp", c.hcp, (*Position).HCP, DecodeHCP, false},
			{"psfen", c.psfen, (*Position).PackedSFEN, DecodePackedSFEN, c.psfen == "" && c.hcp != ""},
		} {
			if k.skipIf {
				continue
			}
			var b [32]byte
			err := k.enc(&p, &b)
			if k.want == "" {
				if !errors.Is(err, ErrHuffmanPieces) {
					t.Errorf("%s, %s: err %v, want ErrHuffmanPieces", c.name, k.name, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, %s: %v", c.name, k.name, err)
				continue
			}
			if got := hex.EncodeToString(b[:]); got != k.want {
				t.Errorf("%s, %s:\n got %s\nwant %s", c.name, k.name, got, k.want)
			}
			q, err := k.dec(&b)
			q.SetMoveNumber(p.MoveNumber())
			if err != nil || q.SFEN() != p.SFEN() {
				t.Errorf("%s, %s: decoded %q, %v", c.name, k.name, q.SFEN(), err)
			}
		}
	}
}

// TestHuffmanProperty codes every position of random games, handicaps and
// custom starts included, in both codings and decodes it back: the SFEN must
// be the one the position had, and positions short of pieces must be
// refused, never coded.
func TestHuffmanProperty(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(19, 1))
	opt := RandomGameOptions{MaxPlies: 120, Full: true}
	coded, refused := 0, 0
	for range randomRecords(400) {
		rec := randomRecord(rng, opt)
		pos := rec.Start
		for n := rec.Root; ; {
			full := pos.King(Black) != NoSquare && pos.King(White) != NoSquare && pieceTotal(&pos) == 40
			for _, k := range []struct {
				name string
				enc  func(*Position, *[32]byte) error
				dec  func(*[32]byte) (Position, error)
			}{{"hcp", (*Position).HCP, DecodeHCP}, {"psfen", (*Position).PackedSFEN, DecodePackedSFEN}} {
				var b [32]byte
				err := k.enc(&pos, &b)
				if !full {
					if !errors.Is(err, ErrHuffmanPieces) {
						t.Fatalf("%s of %s (short of pieces): err %v", k.name, pos.SFEN(), err)
					}
					refused++
					continue
				}
				if err != nil {
					t.Fatalf("%s of %s: %v", k.name, pos.SFEN(), err)
				}
				q, err := k.dec(&b)
				if err != nil {
					t.Fatalf("%s of %s: decode: %v", k.name, pos.SFEN(), err)
				}
				q.SetMoveNumber(pos.MoveNumber())
				if q.SFEN() != pos.SFEN() {
					t.Fatalf("%s: coded %s, decoded %s", k.name, pos.SFEN(), q.SFEN())
				}
				coded++
			}
			n = n.Next()
			if n == nil || n.IsEnd() {
				break
			}
			pos.Play(n.Move)
		}
	}
	if coded == 0 || refused == 0 {
		t.Errorf("coded %d, refused %d: the games should give both", coded, refused)
	}
}

func pieceTotal(p *Position) int {
	n := 0
	for s := Square(0); s < 81; s++ {
		if p.At(s) != NoPiece {
			n++
		}
	}
	return n + p.Hand(Black).Total() + p.Hand(White).Total()
}

func TestHuffmanDecodeErrors(t *testing.T) {
	start := StartPosition()
	var good [32]byte
	if err := start.HCP(&good); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(b *[32]byte){
		"black king off the board": func(b *[32]byte) { b[0] |= 0xfe },
		"kings on one square":      func(b *[32]byte) { b[1] = b[1]&0x80 | 44 },
		"all ones":                 func(b *[32]byte) { *b = [32]byte{0: 0x58, 1: 0x24}; b[2], b[31] = 0xff, 0xff },
		"all pawns":                func(b *[32]byte) { *b = [32]byte{0: 0x58, 1: 0x24} },
		"truncated":                func(b *[32]byte) { b[31] = 0 },
	}
	for name, mutate := range cases {
		for _, dec := range []func(*[32]byte) (Position, error){DecodeHCP, DecodePackedSFEN} {
			b := good
			mutate(&b)
			if p, err := dec(&b); !errors.Is(err, ErrHuffmanCode) {
				t.Errorf("%s: decoded %s, %v; want ErrHuffmanCode", name, p.SFEN(), err)
			}
		}
	}
}

func TestMove16(t *testing.T) {
	cases := []struct {
		usi      string
		hcp, psv uint16
	}{
		// 7g = (7-1)*9+(7-1) = 60, 7f = 59.
		{"7g7f", 59 | 60<<7, 59 | 60<<7},
		// 8h = 7*9+7 = 70, 2b = 9+1 = 10; promotion is bit 14 in hcp, 15 in psv.
		{"8h2b+", 10 | 70<<7 | 1<<14, 10 | 70<<7 | 1<<15},
		// 5e = 4*9+4 = 40: a pawn drop comes from 81 in hcp, from 1 with bit 14 in psv.
		{"P*5e", 40 | 81<<7, 40 | 1<<7 | 1<<14},
		{"G*1a", 0 | 87<<7, 0 | 7<<7 | 1<<14},
		{"R*9i", 80 | 86<<7, 80 | 6<<7 | 1<<14},
	}
	for _, c := range cases {
		m, err := ParseUSIMove(c.usi)
		if err != nil {
			t.Fatal(err)
		}
		if got := Move16HCP(m); got != c.hcp {
			t.Errorf("%s: Move16HCP %#x, want %#x", c.usi, got, c.hcp)
		}
		if got := Move16PSV(m); got != c.psv {
			t.Errorf("%s: Move16PSV %#x, want %#x", c.usi, got, c.psv)
		}
		if back, ok := MoveFromHCP16(c.hcp); !ok || back != m {
			t.Errorf("%s: MoveFromHCP16 %v %v", c.usi, back, ok)
		}
		if back, ok := MoveFromPSV16(c.psv); !ok || back != m {
			t.Errorf("%s: MoveFromPSV16 %v %v", c.usi, back, ok)
		}
	}
	for _, v := range []uint16{81, 88 << 7, 127 << 7, 1 << 15, 81<<7 | 1<<14} {
		if m, ok := MoveFromHCP16(v); ok {
			t.Errorf("MoveFromHCP16(%#x) = %v, want not a move", v, m)
		}
	}
	for _, v := range []uint16{81, 1 << 14, 8<<7 | 1<<14, 1<<7 | 1<<14 | 1<<15, 81 << 7} {
		if m, ok := MoveFromPSV16(v); ok {
			t.Errorf("MoveFromPSV16(%#x) = %v, want not a move", v, m)
		}
	}
}

// BenchmarkHuffman codes the positions of generated games.
func BenchmarkHuffman(b *testing.B) {
	rng := rand.New(rand.NewPCG(2026, 8))
	var positions []Position
	for len(positions) < 4000 {
		rec := randomRecord(rng, RandomGameOptions{MaxPlies: 160})
		pos := rec.Start
		for n := range rec.MainLine() {
			if !n.Move.IsZero() {
				positions = append(positions, pos)
				pos.Play(n.Move)
			}
		}
	}
	for _, k := range []struct {
		name string
		enc  func(*Position, *[32]byte) error
	}{{"hcp", (*Position).HCP}, {"psfen", (*Position).PackedSFEN}} {
		b.Run(k.name, func(b *testing.B) {
			var out [32]byte
			for b.Loop() {
				for i := range positions {
					if err := k.enc(&positions[i], &out); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(len(positions))*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// FuzzDecodeHuffman decodes any 32 bytes in both codings: never a panic,
// and a position decoded codes back to bytes that decode to it again.
func FuzzDecodeHuffman(f *testing.F) {
	for _, c := range codingCases {
		for _, h := range []string{c.hcp, c.psfen} {
			if b, err := hex.DecodeString(h); err == nil && len(b) == 32 {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) != 32 {
			return
		}
		src := (*[32]byte)(data)
		for _, k := range []struct {
			enc func(*Position, *[32]byte) error
			dec func(*[32]byte) (Position, error)
		}{{(*Position).HCP, DecodeHCP}, {(*Position).PackedSFEN, DecodePackedSFEN}} {
			p, err := k.dec(src)
			if err != nil {
				continue
			}
			var again [32]byte
			if err := k.enc(&p, &again); err != nil {
				t.Fatalf("%x decodes to %s, which does not code: %v", data, p.SFEN(), err)
			}
			q, err := k.dec(&again)
			if err != nil || !q.Equal(&p) {
				t.Fatalf("%x: %s codes to %x, which decodes to %s (%v)", data, p.SFEN(), again, q.SFEN(), err)
			}
		}
	})
}
