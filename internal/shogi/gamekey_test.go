package shogi

import "testing"

func TestGameKey(t *testing.T) {
	mk := func(moves string, edit func(r *Record)) *Record {
		r := NewRecord(StartPosition())
		buildLine(t, r, r.Root, moves)
		if edit != nil {
			edit(r)
		}
		return r
	}
	base := mk("7g7f 3c3d 2g2f", func(r *Record) { r.Header.Add(KeyBlack, "羽生 善治") })
	tests := []struct {
		name string
		r    *Record
		by   KeyBy
		same bool
	}{
		{"ending, comments and variations do not count", mk("7g7f 3c3d 2g2f resign", func(r *Record) {
			r.SetComments(r.Root, []string{"x"})
			buildLine(t, r, r.Root, "2g2f")
		}), ByMoves, true},
		{"a longer line differs", mk("7g7f 3c3d 2g2f 8c8d", nil), ByMoves, false},
		{"a shorter line differs", mk("7g7f 3c3d", nil), ByMoves, false},
		{"another move order differs", mk("2g2f 3c3d 7g7f", nil), ByMoves, false},
		{"players: folded names match", mk("7g7f 3c3d 2g2f", func(r *Record) { r.Header.Add(KeyBlack, "羽生善治") }), ByMovesPlayers, true},
		{"players: other names differ", mk("7g7f 3c3d 2g2f", func(r *Record) { r.Header.Add(KeyBlack, "谷川浩司") }), ByMovesPlayers, false},
		{"date: both without a date", mk("7g7f 3c3d 2g2f", nil), ByMovesDate, true},
		{"date: one with a date", mk("7g7f 3c3d 2g2f", func(r *Record) { r.Header.Add(KeyStartTime, "2020/01/01") }), ByMovesDate, false},
	}
	for _, tt := range tests {
		if got := GameKey(tt.r, tt.by) == GameKey(base, tt.by); got != tt.same {
			t.Errorf("%s: same key %v, want %v", tt.name, got, tt.same)
		}
	}
	lance := NewRecord(LanceHC.Position())
	buildLine(t, lance, lance.Root, "3c3d")
	even := NewRecord(StartPosition())
	buildLine(t, even, even.Root, "3c3d")
	if GameKey(lance, ByMoves) == GameKey(even, ByMoves) {
		t.Error("different start positions, same key")
	}
}

func TestRichness(t *testing.T) {
	plain := NewRecord(StartPosition())
	buildLine(t, plain, plain.Root, "7g7f 3c3d")
	rich := NewRecord(StartPosition())
	rich.Header.Add(KeyBlack, "a")
	rich.Header.Add(KeyWhite, "")
	n := buildLine(t, rich, rich.Root, "7g7f 3c3d resign")
	rich.SetTime(n.Parent(), MoveTime{Elapsed: 1, HasTime: true})
	rich.SetComments(n.Parent(), []string{"c"})
	buildLine(t, rich, rich.Root, "2g2f")
	if got := Richness(plain); got != 0 {
		t.Errorf("plain: %d", got)
	}
	if got := Richness(rich); got != 5 { // a header, a time, a comment, an ending, a variation
		t.Errorf("rich: %d", got)
	}
}
