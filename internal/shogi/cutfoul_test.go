package shogi

import "testing"

// TestCutAtFoul checks that only a last move documented as a foul is cut.
func TestCutAtFoul(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		end   EndingKind
		plies int // main-line moves left
	}{
		{"documented foul", []string{"7g7f", "7f7d"}, FoulLose, 1},
		{"illegal move without its ending", []string{"7g7f", "7f7d"}, NoEnding, 2},
		{"legal game", []string{"7g7f", "3c3d"}, Resign, 2},
	}
	for _, tt := range tests {
		r := NewRecord(StartPosition())
		n := r.Root
		for _, s := range tt.moves {
			m, err := ParseUSIMove(s)
			if err != nil {
				t.Fatal(err)
			}
			n = r.AddChild(n, m, Ending{})
		}
		if tt.end != NoEnding {
			r.AddChild(n, 0, Ending{Kind: tt.end})
		}
		r.CutAtFoul()
		plies := 0
		for x := r.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
			plies++
		}
		if plies != tt.plies {
			t.Errorf("%s: %d plies left, want %d", tt.name, plies, tt.plies)
		}
	}
}
