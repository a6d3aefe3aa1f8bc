package shogi

import "testing"

func TestSummarize(t *testing.T) {
	r := NewRecord(StartPosition())
	r.Header.Add(KeyStartTime, "2014/09/02(火) 10:00")
	r.Header.Add(KeyBlack, "羽生善治")
	r.Header.Add(KeyWhite, "藤井聡太")
	r.Header.Add(KeyTitle, "練習対局")
	r.SetComments(r.Root, []string{"開始"})
	last := buildLine(t, r, r.Root, "7g7f 3c3d 2g2f")
	r.AddChild(last, 0, Ending{Kind: Resign, Side: White})
	alt := buildLine(t, r, r.Root, "2g2f")
	r.SetComments(alt, []string{"別案"})
	r.SetBookmark(alt, "居飛車")
	buildLine(t, r, r.NodeAt(1), "8c8d")
	s := Summarize(r)
	want := "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"
	if s.Black != "羽生善治" || s.White != "藤井聡太" || s.Date != "2014-09-02" || s.Event != "練習対局" ||
		s.Handicap != "平手" || s.Plies != 3 || s.Variations != 2 || s.Comments != 2 || s.Bookmarks != 1 ||
		s.Ending.Kind != Resign || !s.HasWinner || s.Winner != Black || s.Final.SFEN() != want {
		t.Errorf("summary %+v, final %s", s, s.Final.SFEN())
	}
}

func TestSummarizeHandicapAndFoul(t *testing.T) {
	start := LanceHC.Position()
	r := NewRecord(start)
	r.Header.Add(KeyShitate, "下手")
	r.Header.Add(KeyUwate, "上手")
	r.Header.Add(KeyDate, "平成28年7月27日")
	// 上手 moves first; then 下手 plays an illegal move (a pawn two squares)
	// and the record says 反則負け.
	n := buildLine(t, r, r.Root, "3c3d")
	bad, _ := ParseUSIMove("7g7e")
	n = r.AddChild(n, bad, Ending{})
	r.AddChild(n, 0, Ending{Kind: FoulLose, Side: White})
	s := Summarize(r)
	if s.Black != "下手" || s.White != "上手" || s.Handicap != "香落ち" || s.Date != "2016-07-27" || s.Plies != 2 {
		t.Errorf("summary %+v", s)
	}
	// The foul move is counted and played as recorded; its mover (下手)
	// loses.
	p := start
	m, _ := ParseUSIMove("3c3d")
	p.Play(m)
	p.Play(bad)
	if !s.Final.Equal(&p) || s.Final.MoveNumber() != 3 || !s.HasWinner || s.Winner != White || s.Ending.Kind != FoulLose {
		t.Errorf("final %s, want %s; winner %v %v, ending %v", s.Final.SFEN(), p.SFEN(), s.HasWinner, s.Winner, s.Ending.Kind)
	}
	custom, _ := ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	if s := Summarize(NewRecord(custom)); s.Handicap != Custom || s.Plies != 0 || s.HasWinner || s.Date != "" {
		t.Errorf("custom summary %+v", s)
	}
}
