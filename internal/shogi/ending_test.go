package shogi

import "testing"

// endingTable is, for every kind, its KIF word and CSA word as written with
// Black to move ("" when the format has none), the kind each word reads
// back as (KIF has one word, 持将棋, for three CSA results, and one,
// 反則負け, for two), and who wins when Black is to move.
var endingTable = []struct {
	kind      EndingKind
	kif       string
	kifBack   EndingKind
	csa       string
	csaBack   EndingKind
	winner    Color
	hasWinner bool
}{
	{Resign, "投了", Resign, "TORYO", Resign, White, true},
	{Interrupt, "中断", Interrupt, "CHUDAN", Interrupt, 0, false},
	{Impasse, "持将棋", Impasse, "JISHOGI", Impasse, 0, false},
	{Sennichite, "千日手", Sennichite, "SENNICHITE", Sennichite, 0, false},
	{Mate, "詰み", Mate, "TSUMI", Mate, White, true},
	{NoMate, "不詰", NoMate, "FUZUMI", NoMate, 0, false},
	{Timeout, "切れ負け", Timeout, "TIME_UP", Timeout, White, true},
	{FoulWin, "反則勝ち", FoulWin, "-ILLEGAL_ACTION", IllegalAction, Black, true},
	{FoulLose, "反則負け", FoulLose, "ILLEGAL_MOVE", IllegalMove, White, true},
	{IllegalMove, "反則負け", FoulLose, "ILLEGAL_MOVE", IllegalMove, White, true},
	// Side is the side to move here, so it is the side to move that fouled.
	{IllegalAction, "反則負け", FoulLose, "+ILLEGAL_ACTION", IllegalAction, White, true},
	{EnteringKing, "入玉勝ち", EnteringKing, "KACHI", EnteringKing, Black, true},
	{WinByDefault, "不戦勝", WinByDefault, "", 0, Black, true},
	{LoseByDefault, "不戦敗", LoseByDefault, "", 0, White, true},
	{Sealed, "封じ手", Sealed, "", 0, 0, false},
	{Draw, "持将棋", Impasse, "HIKIWAKE", Draw, 0, false},
	{MaxMoves, "持将棋", Impasse, "MAX_MOVES", MaxMoves, 0, false},
	{Error, "", 0, "ERROR", Error, 0, false},
	{Matta, "", 0, "MATTA", Matta, 0, false},
	{Try, "トライ", Try, "", 0, Black, true},
}

func TestEndingWords(t *testing.T) {
	if len(endingTable) != int(Unknown-Resign) {
		t.Fatalf("the table covers %d kinds, there are %d", len(endingTable), Unknown-Resign)
	}
	names := map[string]bool{}
	for _, tt := range endingTable {
		t.Run(tt.kind.String(), func(t *testing.T) {
			if names[tt.kind.String()] && tt.kind != IllegalMove {
				t.Errorf("name %q used twice", tt.kind.String())
			}
			names[tt.kind.String()] = true
			for _, toMove := range []Color{Black, White} {
				e := Ending{Kind: tt.kind, Side: toMove}
				if e.IsZero() {
					t.Error("IsZero")
				}
				w, ok := e.KIF(toMove)
				if w != tt.kif || ok != (tt.kif != "") {
					t.Errorf("KIF(%v) = %q, %v, want %q", toMove, w, ok, tt.kif)
				}
				if tt.kif != "" {
					back, ok := EndingFromKIF(w, toMove)
					if !ok || back != (Ending{Kind: tt.kifBack, Side: toMove}) {
						t.Errorf("EndingFromKIF(%q) = %+v, %v", w, back, ok)
					}
				}
				w, ok = e.CSA(toMove)
				csa := tt.csa
				if toMove == White {
					switch tt.kind {
					case FoulWin:
						csa = "+ILLEGAL_ACTION"
					case IllegalAction:
						csa = "-ILLEGAL_ACTION"
					}
				}
				if w != csa || ok != (csa != "") {
					t.Errorf("CSA(%v) = %q, %v, want %q", toMove, w, ok, csa)
				}
				if csa != "" {
					back, ok := EndingFromCSA(w, toMove)
					want := Ending{Kind: tt.csaBack, Side: toMove}
					if tt.kind == FoulWin {
						// The side CSA names is the one that fouled.
						want.Side = toMove.Opponent()
					}
					if !ok || back != want {
						t.Errorf("EndingFromCSA(%q) = %+v, %v, want %+v", w, back, ok, want)
					}
					// Whatever kind the word reads back as, it decides the
					// game the same way.
					w1, ok1 := back.Winner()
					w2, ok2 := e.Winner()
					if w1 != w2 || ok1 != ok2 {
						t.Errorf("EndingFromCSA(%q) has winner %v,%v, want %v,%v", w, w1, ok1, w2, ok2)
					}
				}
				winner, has := e.Winner()
				wantWinner := tt.winner
				if toMove == White {
					wantWinner = wantWinner.Opponent()
				}
				if has != tt.hasWinner || (has && winner != wantWinner) {
					t.Errorf("Winner with %v to move = %v, %v", toMove, winner, has)
				}
			}
		})
	}
}

func TestEndingAliasesAndUnknown(t *testing.T) {
	for word, kind := range map[string]EndingKind{"詰": Mate, "時間切れ": Timeout} {
		if e, ok := EndingFromKIF(word, White); !ok || e != (Ending{Kind: kind, Side: White}) {
			t.Errorf("EndingFromKIF(%q) = %+v, %v", word, e, ok)
		}
	}
	// An unknown KIF word is kept and written back as it was.
	e, ok := EndingFromKIF("反則", Black)
	if ok || e != (Ending{Kind: Unknown, Side: Black, Word: "反則"}) {
		t.Errorf("EndingFromKIF(反則) = %+v, %v", e, ok)
	}
	if w, ok := e.KIF(Black); w != "反則" || !ok {
		t.Errorf("Unknown.KIF = %q, %v", w, ok)
	}
	if w, ok := e.CSA(Black); w != "" || ok {
		t.Errorf("Unknown.CSA = %q, %v", w, ok)
	}
	if _, has := e.Winner(); has {
		t.Error("an unknown ending has a winner")
	}
	// An unknown CSA word keeps its % so a KIF writer cannot mistake it.
	e, ok = EndingFromCSA("REP_SUP", White)
	if ok || e != (Ending{Kind: Unknown, Side: White, Word: "%REP_SUP"}) {
		t.Errorf("EndingFromCSA(REP_SUP) = %+v, %v", e, ok)
	}
	for _, w := range []string{"", "ILLEGAL_ACTION", "toryo"} {
		if e, ok := EndingFromCSA(w, Black); ok || e.Kind != Unknown {
			t.Errorf("EndingFromCSA(%q) = %+v, %v", w, e, ok)
		}
	}
	// Error and Matta have no KIF word unless the source gave one.
	if w, ok := (Ending{Kind: Error, Word: "エラー"}).KIF(Black); w != "エラー" || ok {
		t.Errorf("Error with a word: KIF = %q, %v", w, ok)
	}
	if !(Ending{}).IsZero() || (Ending{}).Kind.String() != "" {
		t.Error("zero Ending")
	}
	if EndingKind(200).String() != "invalid" {
		t.Error("out-of-range kind name")
	}
}

func TestEndingNormalize(t *testing.T) {
	tests := []struct {
		in     Ending
		toMove Color
		want   Ending
	}{
		// %+ILLEGAL_ACTION with Black to move: Black fouled and loses.
		{Ending{Kind: IllegalAction, Side: Black}, Black, Ending{Kind: FoulLose, Side: Black}},
		// %-ILLEGAL_ACTION with Black to move: White, who just moved, fouled.
		{Ending{Kind: IllegalAction, Side: White}, Black, Ending{Kind: FoulWin, Side: Black}},
		{Ending{Kind: IllegalAction, Side: White}, White, Ending{Kind: FoulLose, Side: White}},
		{Ending{Kind: IllegalAction, Side: Black}, White, Ending{Kind: FoulWin, Side: White}},
		{Ending{Kind: Resign, Side: White}, White, Ending{Kind: Resign, Side: White}},
		{Ending{Kind: Unknown, Side: Black, Word: "x"}, Black, Ending{Kind: Unknown, Side: Black, Word: "x"}},
	}
	for _, tt := range tests {
		got := tt.in.Normalize(tt.toMove)
		if got != tt.want {
			t.Errorf("%+v.Normalize(%v) = %+v, want %+v", tt.in, tt.toMove, got, tt.want)
		}
		// Normalizing keeps the winner.
		w1, ok1 := tt.in.Winner()
		w2, ok2 := got.Winner()
		if w1 != w2 || ok1 != ok2 {
			t.Errorf("%+v: winner %v,%v became %v,%v", tt.in, w1, ok1, w2, ok2)
		}
		kif, _ := tt.in.KIF(tt.toMove)
		if want, _ := got.KIF(tt.toMove); kif != want {
			t.Errorf("%+v.KIF = %q, want %q", tt.in, kif, want)
		}
	}
	// CSA writes IllegalAction with the side it names.
	for side, want := range map[Color]string{Black: "+ILLEGAL_ACTION", White: "-ILLEGAL_ACTION"} {
		if w, ok := (Ending{Kind: IllegalAction, Side: side}).CSA(Black); w != want || !ok {
			t.Errorf("IllegalAction(%v).CSA = %q", side, w)
		}
	}
}
