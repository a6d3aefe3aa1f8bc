package shogi

import "testing"

// TestReachersAgreeWithScan checks the destination-centred search of
// Reachers against the plain definition, every piece of the board that
// reaches the square, on the positions one move into the perft trees of
// the notation tests.
func TestReachersAgreeWithScan(t *testing.T) {
	for _, rt := range roundTripPositions {
		p, err := ParseSFEN(rt.sfen)
		if err != nil {
			t.Fatal(err)
		}
		fails := 0
		walkPerft(&p, 1, func(p *Position, m Move) {
			u := p.Play(m)
			defer p.Unplay(m, u)
			// want[to][pc] counts the pieces pc that reach to.
			var want [81][32]int
			for s := Square(0); s < 81; s++ {
				pc := p.board[s]
				if pc == NoPiece {
					continue
				}
				for to := Square(0); to < 81; to++ {
					if to != s && p.reaches(pc, s, to) {
						want[to][pc]++
					}
				}
			}
			for to := Square(0); to < 81; to++ {
				for pc := Piece(0); pc < 32; pc++ {
					if !pc.Type().Valid() {
						continue
					}
					var buf reachBuf
					got := p.Reachers(buf[:0], pc, to)
					ok := len(got) == want[to][pc]
					for _, s := range got {
						ok = ok && p.board[s] == pc && p.reaches(pc, s, to)
					}
					if !ok {
						if fails++; fails <= 10 {
							t.Errorf("%s: %v to %s: Reachers %v, want %d of them", p.SFEN(), pc, to, got, want[to][pc])
						}
					}
				}
			}
		})
	}
}

func TestRelative(t *testing.T) {
	// Three golds reach ７八 (上 寄 引); three golds side by side behind ５五
	// (直 右 左); two silvers reach ５七 (右 左 with 上); two dragons (右 左).
	golds := boardOf(t, Black, "K19 k11 G77 G68 G79")
	row := boardOf(t, Black, "K19 k11 G66 G56 G46")
	silvers := boardOf(t, Black, "K19 k11 S68 S48 S56")
	dragons := boardOf(t, Black, "K19 k11 +R92 +R22")
	whiteGolds := boardOf(t, White, "K99 k91 g52 g42 g62")
	drop := boardOf(t, Black, "K19 k11 R88 R*1")
	tests := []struct {
		name string
		pos  *Position
		usi  string
		want Relative
		ki2  string
		jkf  string
	}{
		{"down", &golds, "7g7h", RelDown, "引", "D"},
		{"sideways", &golds, "6h7h", RelSide, "寄", "M"},
		{"up", &golds, "7i7h", RelUp, "上", "U"},
		{"straight", &row, "5f5e", RelStraight, "直", "C"},
		{"right", &row, "4f5e", RelRight, "右", "R"},
		{"left", &row, "6f5e", RelLeft, "左", "L"},
		{"right and up", &silvers, "4h5g", RelRight, "右", "R"},
		{"down among silvers", &silvers, "5f5g", RelDown, "引", "D"},
		{"dragon right", &dragons, "2b5b", RelRight, "右", "R"},
		{"dragon left", &dragons, "9b5b", RelLeft, "左", "L"},
		{"white's right is black's left", &whiteGolds, "6b5c", RelRight, "右", "R"},
		{"only one", &golds, "7g7f", 0, "", ""},
		{"drop beside a board rook", &drop, "R*8e", RelDrop, "打", "H"},
		{"drop where no rook reaches", &drop, "R*1e", 0, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseUSIMove(tt.usi)
			if err != nil {
				t.Fatal(err)
			}
			got := tt.pos.Relative(m)
			if got != tt.want || string(got.AppendKI2(nil)) != tt.ki2 || got.JKF() != tt.jkf {
				t.Errorf("Relative(%s) = %d %q %q, want %d %q %q", tt.usi, got, got.AppendKI2(nil), got.JKF(), tt.want, tt.ki2, tt.jkf)
			}
		})
	}
}

// TestRelativeReadsBack checks that the words Relative chooses for every
// legal move single out its origin under Filter, the reading rule, among
// the Reachers, on the positions two moves into the perft trees.
func TestRelativeReadsBack(t *testing.T) {
	words := 0
	for _, rt := range roundTripPositions {
		p, err := ParseSFEN(rt.sfen)
		if err != nil {
			t.Fatal(err)
		}
		walkPerft(&p, 2, func(p *Position, m Move) {
			r := p.Relative(m)
			if m.IsDrop() || r == 0 {
				return
			}
			words++
			var buf, out reachBuf
			got := r.Filter(out[:0], p.Reachers(buf[:0], p.At(m.From()), m.To()), m.To(), p.Turn())
			if len(got) != 1 || got[0] != m.From() {
				t.Errorf("%s: %s: %q filters to %v", p.SFEN(), m, r.AppendKI2(nil), got)
			}
		})
	}
	if words == 0 {
		t.Error("no move needed words: the test tests nothing")
	}
}

func TestParseRelativeJKF(t *testing.T) {
	for r := Relative(0); r <= relAllMask; r++ {
		if r&RelDrop != 0 && r != RelDrop || r == 0 {
			continue
		}
		if got, ok := ParseRelativeJKF(r.JKF()); !ok || got != r {
			t.Errorf("ParseRelativeJKF(%q) = %d, %v; want %d", r.JKF(), got, ok, r)
		}
	}
	for _, bad := range []string{"", "X", "UL", "LL", "HU", "LUD", "l"} {
		if r, ok := ParseRelativeJKF(bad); ok {
			t.Errorf("ParseRelativeJKF(%q) = %d, want an error", bad, r)
		}
	}
}
