package shogi

import "testing"

func TestCriteriaMatch(t *testing.T) {
	game := func(moves string, header ...string) *Record {
		r := NewRecord(StartPosition())
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Add(header[i], header[i+1])
		}
		buildLine(t, r, r.Root, moves)
		return r
	}
	won := game("7g7f 3c3d 2g2f resign", KeyBlack, "羽生 善治", KeyWhite, "Fujii Sota", KeyEvent, "第1期 竜王戦",
		KeyStartTime, "2019/04/05(金) 10:00", KeyOpening, "相掛かり")
	withVar := game("7g7f 3c3d", KeyDate, "令和2年1月2日")
	buildLine(t, withVar, withVar.NodeAt(1), "8c8d 2g2f")
	lance := NewRecord(LanceHC.Position())
	n := buildLine(t, lance, lance.Root, "3c3d 7g7f")
	lance.AddChild(n, 0, Ending{Kind: Sealed, Side: White})
	type step func(c *Criteria) error
	tests := []struct {
		name  string
		set   []step
		match []bool // won, withVar, lance
	}{
		{"nothing set", nil, []bool{true, true, true}},
		{"player folded", []step{func(c *Criteria) error { c.AddPlayer("羽生善治"); return nil }}, []bool{true, false, false}},
		{"player either side, case", []step{func(c *Criteria) error { c.AddPlayer("ｆｕｊｉｉ"); return nil }}, []bool{true, false, false}},
		{"black is not white", []step{func(c *Criteria) error { c.AddBlack("Fujii"); return nil }}, []bool{false, false, false}},
		{"OR within, AND across", []step{
			func(c *Criteria) error { c.AddWhite("nobody"); c.AddWhite("fujii"); return nil },
			func(c *Criteria) error { c.AddEvent("竜王"); return nil },
		}, []bool{true, false, false}},
		{"header regex", []step{func(c *Criteria) error { return c.AddHeader("戦型=^相掛") }}, []bool{true, false, false}},
		{"CSA header name", []step{func(c *Criteria) error { return c.AddHeader("$EVENT=竜王") }}, []bool{true, false, false}},
		{"date from", []step{func(c *Criteria) error { return c.SetDateFrom("2019-04-05") }}, []bool{true, true, false}},
		{"date to a year", []step{func(c *Criteria) error { return c.SetDateTo("2019") }}, []bool{true, false, false}},
		{"date range month", []step{
			func(c *Criteria) error { return c.SetDateFrom("2020/01") },
			func(c *Criteria) error { return c.SetDateTo("2020/01") },
		}, []bool{false, true, false}},
		{"handicap", []step{func(c *Criteria) error { return c.AddHandicap("香落ち") }}, []bool{false, false, true}},
		{"handicap JKF or English", []step{func(c *Criteria) error { return c.AddHandicap("HIRATE") }}, []bool{true, true, false}},
		{"handicap custom", []step{func(c *Criteria) error { return c.AddHandicap("custom") }}, []bool{false, false, false}},
		{"black won", []step{func(c *Criteria) error { return c.AddResult("black-win") }}, []bool{true, false, false}},
		{"white won", []step{func(c *Criteria) error { return c.AddResult("white-win") }}, []bool{false, false, false}},
		{"unfinished", []step{func(c *Criteria) error { return c.AddResult("unfinished") }}, []bool{false, true, true}},
		{"ending", []step{func(c *Criteria) error { return c.AddResult("resign") }}, []bool{true, false, false}},
		{"ending by kind name", []step{func(c *Criteria) error { return c.AddResult("sealed") }}, []bool{false, false, true}},
		{"winner", []step{func(c *Criteria) error { c.AddWinner("羽生"); return nil }}, []bool{true, false, false}},
		{"winner, other side", []step{func(c *Criteria) error { c.AddWinner("fujii"); return nil }}, []bool{false, false, false}},
		{"loser", []step{func(c *Criteria) error { c.AddLoser("fujii"); return nil }}, []bool{true, false, false}},
		{"plies", []step{func(c *Criteria) error { c.SetPlies(3, -1); return nil }}, []bool{true, false, false}},
		{"max plies", []step{func(c *Criteria) error { c.SetPlies(-1, 2); return nil }}, []bool{false, true, true}},
		{"moves USI", []step{func(c *Criteria) error { return c.AddMoves("7g7f 3c3d") }}, []bool{true, true, false}},
		{"moves Japanese", []step{func(c *Criteria) error { return c.AddMoves("▲７六歩△３四歩▲２六歩") }}, []bool{true, false, false}},
		{"moves Western, from the handicap start", []step{func(c *Criteria) error { return c.AddMoves("P-3d P-7f") }}, []bool{false, false, true}},
		{"moves CSA", []step{func(c *Criteria) error { return c.AddMoves("+7776FU,-3334FU") }}, []bool{true, true, false}},
		{"position on the main line", []step{func(c *Criteria) error {
			return c.AddPosition("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 99")
		}}, []bool{true, true, false}},
		{"position in a variation only", []step{func(c *Criteria) error {
			return c.AddPosition("lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w -")
		}}, []bool{false, false, false}},
		{"position in a variation with Variations", []step{func(c *Criteria) error {
			c.Variations = true
			return c.AddPosition("lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w -")
		}}, []bool{false, true, false}},
		{"transposition", []step{func(c *Criteria) error {
			// 2g2f 3c3d 7g7f reaches what 7g7f 3c3d 2g2f does.
			return c.AddPosition("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1")
		}}, []bool{true, false, false}},
	}
	recs := []*Record{won, withVar, lance}
	for _, tt := range tests {
		c := NewCriteria()
		for _, s := range tt.set {
			if err := s(c); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		for i, r := range recs {
			if got := c.Match(r); got != tt.match[i] {
				t.Errorf("%s: record %d: match %v, want %v", tt.name, i, got, tt.match[i])
			}
		}
	}
}

func TestCriteriaErrors(t *testing.T) {
	c := NewCriteria()
	for name, err := range map[string]error{
		"header without =": c.AddHeader("戦型"),
		"bad regexp":       c.AddHeader("戦型=("),
		"bad date":         c.SetDateFrom("yesterday"),
		"bad month":        c.SetDateTo("2020/13"),
		"bad handicap":     c.AddHandicap("nine piece"),
		"bad result":       c.AddResult("won"),
		"bad moves":        c.AddMoves("7g7f 7g7f"),
		"no moves":         c.AddMoves("  "),
		"bad position":     c.AddPosition("xyz"),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestGameRanges(t *testing.T) {
	tests := []struct {
		in   string
		in3  bool
		in10 bool
		last int
	}{
		{"3", true, false, 3},
		{"2-5", true, false, 5},
		{"7-", false, true, 0},
		{"-4", true, false, 4},
		{"1,10", false, true, 10},
	}
	for _, tt := range tests {
		g, err := ParseGameRanges(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if g.Contains(3) != tt.in3 || g.Contains(10) != tt.in10 || g.Last() != tt.last {
			t.Errorf("%q: contains 3 %v, 10 %v, last %d", tt.in, g.Contains(3), g.Contains(10), g.Last())
		}
	}
	for _, bad := range []string{"", "0", "5-2", "a", "1,,2", "-"} {
		if _, err := ParseGameRanges(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
