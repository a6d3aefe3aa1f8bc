package shogi

import "testing"

func TestParseKeyBy(t *testing.T) {
	tests := []struct {
		in   string
		want KeyBy
		ok   bool
	}{
		{"moves", ByMoves, true},
		{"moves+players", ByMovesPlayers, true},
		{"moves+date", ByMovesDate, true},
		{"players", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseKeyBy(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseKeyBy(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestGroup checks the groups, their order, the record each keeps and the
// lookup of kept records.
func TestGroup(t *testing.T) {
	entries := func() []DedupEntry {
		return []DedupEntry{
			{Key: 7, Input: 0, Game: 1, Rich: 1},
			{Key: 9, Input: 0, Game: 2, Rich: 5},
			{Key: 7, Input: 1, Game: 1, Rich: 3},
			{Key: 7, Input: 2, Game: 1, Rich: 3},
		}
	}
	tests := []struct {
		richest bool
		kept    [][2]int // input, game
	}{
		{true, [][2]int{{0, 2}, {1, 1}}},
		{false, [][2]int{{0, 1}, {0, 2}}},
	}
	for _, tt := range tests {
		d := Group(entries(), tt.richest)
		if len(d.Order) != 2 || d.Order[0] != 7 || d.Order[1] != 9 || len(d.Groups[7]) != 3 {
			t.Fatalf("groups %v, order %v", d.Groups, d.Order)
		}
		if n := d.Duplicates(); n != 1 {
			t.Errorf("Duplicates() = %d, want 1", n)
		}
		n := 0
		for _, e := range d.Entries {
			if d.Kept(int(e.Input), int(e.Game)) {
				n++
			}
		}
		if n != len(tt.kept) {
			t.Errorf("richest=%v: %d kept, want %d", tt.richest, n, len(tt.kept))
		}
		for _, k := range tt.kept {
			if !d.Kept(k[0], k[1]) {
				t.Errorf("richest=%v: input %d game %d not kept", tt.richest, k[0], k[1])
			}
		}
		if d.Kept(5, 1) {
			t.Error("a game that is not there is kept")
		}
	}
}

func TestNewDedupEntry(t *testing.T) {
	r := NewRecord(StartPosition())
	n := r.AddChild(r.Root, NewMove(NewSquare(7, 7), NewSquare(7, 6), false), Ending{})
	r.AddChild(n, 0, Ending{Kind: Resign})
	e := NewDedupEntry(r, ByMoves, 3, 2)
	if e.Plies != 1 || e.Input != 3 || e.Game != 2 || e.Key != GameKey(r, ByMoves) || e.Rich != int32(Richness(r)) {
		t.Errorf("entry %+v", e)
	}
}
