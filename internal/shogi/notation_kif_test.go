package shogi

import (
	"errors"
	"testing"
)

func TestKIFAppendMove(t *testing.T) {
	start := StartPosition()
	afterP34 := start
	afterP34.Play(usi(t, "7g7f"))
	afterP34.Play(usi(t, "3c3d"))
	tests := []struct {
		name string
		pos  Position
		last string
		move string
		want string
	}{
		{"board move", start, "", "7g7f", "７六歩(77)"},
		{"promotion", afterP34, "", "8h2b+", "２二角成(88)"},
		{"declined promotion", afterP34, "", "8h2b", "２二角不成(88)"},
		{"same square", boardOf(t, White, "K59 k51 p23 P24"), "2e2d", "2c2d", "同　歩(23)"},
		{"drop", boardOf(t, Black, "K59 k51 B*1"), "", "B*5e", "５五角打"},
		{"drop where a board piece could go too", boardOf(t, Black, "K59 k51 B*1 B99"), "", "B*5e", "５五角打"},
		{"silver declines", boardOf(t, Black, "K59 k51 S34"), "", "3d2c", "２三銀不成(34)"},
		{"promoted minor", boardOf(t, Black, "K59 k51 +L13"), "", "1c1b", "１二成香(13)"},
		{"dragon", boardOf(t, Black, "K59 k51 +R28"), "", "2h2b", "２二龍(28)"},
		{"king", start, "", "5i4h", "４八玉(59)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pos
			if tt.last != "" {
				p.SetLastMove(usi(t, tt.last))
			}
			m := usi(t, tt.move)
			if err := p.Legal(m); err != nil {
				t.Fatalf("test move %s is illegal: %v", tt.move, err)
			}
			if got := string(KIFNotation{}.AppendMove(nil, &p, m)); got != tt.want {
				t.Errorf("AppendMove(%s) = %s, want %s", tt.move, got, tt.want)
			}
		})
	}
}

func TestKIFParseMove(t *testing.T) {
	start := StartPosition()
	capture := boardOf(t, White, "K59 k51 p23 P24")
	capture.SetLastMove(usi(t, "2e2d"))
	hand := boardOf(t, Black, "K59 k51 B*1 P*1")
	minors := boardOf(t, Black, "K59 k51 +L13 +N33 +S53 +R28")
	tests := []struct {
		name string
		pos  *Position
		text string
		want string
		err  error
	}{
		{"plain", &start, "７六歩(77)", "7g7f", nil},
		{"kanji-less rank", &start, "７６歩(77)", "7g7f", nil},
		{"half-width square", &start, "76歩(77)", "7g7f", nil},
		{"full-width origin", &start, "７六歩（７７）", "", ErrSyntax},
		{"with mark", &start, "▲７六歩(77)", "7g7f", nil},
		{"padding after", &start, "７六歩(77)   ", "7g7f", nil},
		{"king as 王", &start, "４八王(59)", "5i4h", nil},
		{"same with space", &capture, "同　歩(23)", "2c2d", nil},
		{"same without space", &capture, "同歩(23)", "2c2d", nil},
		{"explicit 不成", &start, "７六歩不成(77)", "7g7f", nil},
		{"drop", &hand, "５五角打", "B*5e", nil},
		{"drop with dummy origin", &hand, "３三角打(00)", "B*3c", nil},
		{"drop with (00) only", &hand, "３三角(00)", "B*3c", nil},
		{"drop without 打 or origin", &hand, "５五角", "B*5e", nil},
		{"no origin resolves like KI2", &start, "２六歩", "2g2f", nil},
		{"成香", &minors, "１二成香(13)", "1c1b", nil},
		{"杏", &minors, "１二杏(13)", "1c1b", nil},
		{"圭", &minors, "３二圭(33)", "3c3b", nil},
		{"全", &minors, "５二全(53)", "5c5b", nil},
		{"竜", &minors, "２二竜(28)", "2h2b", nil},
		{"龍", &minors, "２二龍(28)", "2h2b", nil},
		{"empty origin", &start, "７五歩(76)", "", ErrNoPiece},
		{"opponent's piece", &start, "３四歩(33)", "", ErrNotOwnPiece},
		{"wrong piece", &start, "７六飛(77)", "", ErrWrongPiece},
		{"promoted name on unpromoted piece", &start, "７六と(77)", "", ErrWrongPiece},
		{"off-board origin", &start, "７六歩(70)", "", ErrBadSquare},
		{"drop with origin", &hand, "５五角打(88)", "", ErrSyntax},
		{"dropping a promoted piece", &hand, "５五馬打", "", ErrNoSuchMove},
		{"unclosed origin", &start, "７六歩(77", "", ErrSyntax},
		{"same at the start", &start, "同　歩(77)", "", ErrNoPreviousMov},
		{"ending word", &start, "投了", "", ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := KIFNotation{}.ParseMove(tt.pos, tt.text)
			if tt.err != nil {
				var ne *NotationError
				if !errors.Is(err, tt.err) || !errors.As(err, &ne) {
					t.Fatalf("ParseMove(%q) = %v, %v; want a NotationError wrapping %v", tt.text, got, err, tt.err)
				}
				return
			}
			if err != nil || got.String() != tt.want {
				t.Fatalf("ParseMove(%q) = %v, %v; want %s", tt.text, got, err, tt.want)
			}
		})
	}
}

// KIF gives the origin, so a move that breaks a rule is read as written and
// Position.Legal names the rule (records document fouls before 反則勝ち).
func TestKIFParseIllegalMove(t *testing.T) {
	p := StartPosition()
	m, err := KIFNotation{}.ParseMove(&p, "７五歩(77)")
	if err != nil || m.String() != "7g7e" {
		t.Fatalf("got %v, %v; want 7g7e", m, err)
	}
	if !errors.Is(p.Legal(m), ErrUnreachable) {
		t.Errorf("Legal(%v) = %v, want ErrUnreachable", m, p.Legal(m))
	}
}
