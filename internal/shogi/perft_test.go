package shogi

import "testing"

// Published perft values: the start position (depth 1-5) and positions with
// drops and promotions from the shogi programming community's perft tables.
func TestPerftStart(t *testing.T) {
	t.Parallel()
	want := []uint64{30, 900, 25470, 719731, 19861490}
	max := len(want)
	if testing.Short() {
		max = 4
	}
	p := StartPosition()
	for d := 1; d <= max; d++ {
		if got := p.Perft(d); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

func TestPerftPublished(t *testing.T) {
	tests := []struct {
		name string
		sfen string
		want []uint64
	}{
		// The "Matsubara" middle-game position with promoted pieces and
		// many pieces in hand, used by most shogi engines' perft suites.
		{"middlegame", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", []uint64{207, 28684, 4809015}},
		// The position with the most legal moves known (593).
		{"max-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", []uint64{593}},
		// Kings alone with every other piece in hand: drops everywhere.
		{"all-in-hand", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", []uint64{524, 248257}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseSFEN(tt.sfen)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range tt.want {
				if testing.Short() && want > 1_000_000 {
					continue
				}
				if got := p.Perft(d + 1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}
