package shogi

import "testing"

// TestOutcome: winners and positions come from the moves actually played:
// illegal ones and the capture of a king included; a documented foul makes
// its mover lose whatever the ending's word, any other ending says what it
// says for the side to move.
func TestOutcome(t *testing.T) {
	tests := []struct {
		name, sfen, line string
		plies            int
		ending           EndingKind
		winner           string // "black", "white" or "" (none)
		foul             bool
		final            string
	}{
		{"Shogi Club 24: capture, 反則負け", "", club24 + " foul_lose", 6, FoulLose, "white", true,
			"lnsgkgsnl/1r7/p1pppp1pp/1p4p2/9/2P6/PP+bPPPPPP/1B5R1/LNSG1GSNL b - 7"},
		{"capture, %ILLEGAL_MOVE", "", club24 + " illegal_move", 6, FoulLose, "white", true,
			"lnsgkgsnl/1r7/p1pppp1pp/1p4p2/9/2P6/PP+bPPPPPP/1B5R1/LNSG1GSNL b - 7"},
		{"capture, %+ILLEGAL_ACTION", "", club24 + " +illegal_action", 6, FoulLose, "white", true,
			"lnsgkgsnl/1r7/p1pppp1pp/1p4p2/9/2P6/PP+bPPPPPP/1B5R1/LNSG1GSNL b - 7"},
		{"at once, 反則勝ち", "", "7g7f 3c3d 5i6h 8c8d 6h7g foul_win", 5, FoulWin, "white", true,
			"lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P6/PPKPPPPPP/1B5R1/LNSG1GSNL w - 6"},
		// The word says White, to move, loses (so tsshogi and the KIF
		// specification read 反則負け on its own), but right after
		// Black's foul the foul ending is about that foul: Black loses.
		{"at once, 反則負け", "", "7g7f 3c3d 5i6h 8c8d 6h7g foul_lose", 5, FoulLose, "white", true,
			"lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P6/PPKPPPPPP/1B5R1/LNSG1GSNL w - 6"},
		{"at once, %-ILLEGAL_ACTION after White's foul", "", "7g7f 3c3d 2g2f 5a4b 2f2e 4b3c -illegal_action", 6, FoulWin, "black", true,
			"lnsg1gsnl/1r5b1/ppppppkpp/6p2/7P1/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL b - 7"},
		// Not documented (it names White): the word is read as it stands.
		{"at once, %-ILLEGAL_ACTION after Black's foul", "", "7g7f 3c3d 5i6h 8c8d 6h7g -illegal_action", 5, FoulLose, "black", false,
			"lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P6/PPKPPPPPP/1B5R1/LNSG1GSNL w - 6"},
		// Legal moves, then 反則負け (a perpetual check): the side to move loses.
		{"legal moves, 反則負け", "", "7g7f 3c3d foul_lose", 2, FoulLose, "white", false,
			"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"},
		{"undocumented, the line stops", "", "7g7f 3c3e", 2, NoEnding, "", false,
			"lnsgkgsnl/1r5b1/pppppp1pp/9/6p2/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"},
		{"resign", "", "7g7f 3c3d resign", 2, Resign, "white", false,
			"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"},
		{"no moves", "", "", 0, NoEnding, "", false, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"a drop not in hand, at once", "4k4/9/9/9/9/9/9/9/4K4 w - 1", "G*5e foul_lose", 1, FoulLose, "black", true,
			"4k4/9/9/9/9/9/9/9/4K4 b - 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := lineRecord(t, tt.sfen, tt.line)
			o := r.Outcome()
			winner := ""
			if o.Decided {
				winner = o.Winner.String()
			}
			if o.Plies != tt.plies || o.Ending.Kind != tt.ending || winner != tt.winner || (o.Foul.Move != nil) != tt.foul {
				t.Errorf("plies %d, ending %v, winner %q, foul %v; want %d, %v, %q, %v",
					o.Plies, o.Ending.Kind, winner, o.Foul.Move != nil, tt.plies, tt.ending, tt.winner, tt.foul)
			}
			if got := o.Final.SFEN(); got != tt.final {
				t.Errorf("final %s, want %s", got, tt.final)
			}
			if o.Final.MoveNumber() != r.Start.MoveNumber()+o.Plies || o.Final.Turn() != r.Start.Turn()^Color(o.Plies&1) {
				t.Errorf("final %s: side to move and move number disagree with %d plies", o.Final.SFEN(), o.Plies)
			}
			// LineResult gives the same without playing the moves, and
			// Summarize and Criteria follow.
			res := LineResult(r.Start, r.Root.Next())
			if res.Plies != o.Plies || res.Ending != o.Ending || res.Winner != o.Winner || res.Decided != o.Decided {
				t.Errorf("LineResult %+v, Outcome %+v", res, o)
			}
			s := Summarize(r)
			if s.Plies != o.Plies || s.Ending != o.Ending || s.HasWinner != o.Decided || s.Winner != o.Winner || !s.Final.Equal(&o.Final) {
				t.Errorf("Summarize %+v disagrees", s)
			}
			for _, res := range []string{"black-win", "white-win"} {
				c := NewCriteria()
				if err := c.AddResult(res); err != nil {
					t.Fatal(err)
				}
				if want := winner != "" && res == winner+"-win"; c.Match(r) != want {
					t.Errorf("--result %s: %v, want %v", res, !want, want)
				}
			}
			bounds := [][2]int{{o.Plies, o.Plies}, {o.Plies + 1, -1}}
			if o.Plies > 0 {
				bounds = append(bounds, [2]int{-1, o.Plies - 1})
			}
			for _, plies := range bounds {
				c := NewCriteria()
				c.SetPlies(plies[0], plies[1])
				if want := plies == [2]int{o.Plies, o.Plies}; c.Match(r) != want {
					t.Errorf("plies %d to %d: %v, want %v", plies[0], plies[1], !want, want)
				}
			}
		})
	}
}
