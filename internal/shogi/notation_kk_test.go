package shogi

import (
	"errors"
	"testing"
)

func TestKitaoKawasakiAppendMove(t *testing.T) {
	// White silvers on 7f and 9f that both take on 8g, in White's zone.
	const mid = "4k4/9/9/9/9/s1s6/1P7/9/4K4 w - 1"
	tests := []struct {
		name, sfen, usi, want string
	}{
		{"pawn", "", "7g7f", "☗歩-76"},
		{"gold needs origin", "", "6i5h", "☗金(69)-58"},
		{"king", "", "5i4h", "☗玉-48"},
		{"silver both", mid, "7f8g+", "☖銀(76)x87+"},
		{"silver declines", mid, "9f8g", "☖銀(96)x87="},
		{"silver retreats", mid, "7f6e", "☖銀-65"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := StartPosition()
			if tt.sfen != "" {
				p = mustSFEN(t, tt.sfen)
			}
			m, err := ParseUSIMove(tt.usi)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Legal(m); err != nil {
				t.Fatal(err)
			}
			if got := string(KitaoKawasakiNotation{}.AppendMove(nil, &p, m)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestKitaoKawasakiParseMove(t *testing.T) {
	const (
		promo = "4k4/5g1P1/1+R3+P3/9/4+B4/9/2+S6/9/4K4 b S2p 1"
	)
	tests := []struct {
		name, sfen, text, want string // want: USI move or error code
	}{
		{"book", "", "☗歩-76", "7g7f"},
		{"no mark", "", "歩-76", "7g7f"},
		{"triangle", "", "▲歩-76", "7g7f"},
		{"wrong side", "", "☖歩-76", "syntax"},
		{"full-width", "", "☗歩－７６", "7g7f"},
		{"spaces", "", "☗ 歩 - 76", "7g7f"},
		{"origin", "", "☗金(69)-58", "6i5h"},
		{"full-width origin", "", "☗金（６９）-58", "6i5h"},
		{"ambiguous", "", "☗金-58", "ambiguous"},
		{"bad origin", "", "☗金(6)-58", "bad-square"},
		{"unclosed origin", "", "☗金(69-58", "syntax"},
		{"king 王", "", "王-48", "5i4h"},
		{"no destination at start", "", "☗歩x", "no-previous-move"},
		{"trailing text", "", "☗歩-76歩", "syntax"},
		{"bad piece", "", "☗象-76", "syntax"},
		{"forced promotion", promo, "☗歩-21", "2b2a+"},
		{"promotion kanji", promo, "☗歩-21成", "2b2a+"},
		{"tokin", promo, "☗とx42", "4c4b"},
		{"dragon 竜", promo, "☗竜-84", "8c8d"},
		{"horse", promo, "☗馬-44", "5e4d"},
		{"promoted silver +", promo, "☗+銀-76", "7g7f"},
		{"promoted silver 成銀", promo, "☗成銀-76", "7g7f"},
		{"promoted silver 全", promo, "☗全-76", "7g7f"},
		{"drop", promo, "☗銀*55", "S*5e"},
		{"drop 打", promo, "☗銀打55", "S*5e"},
		{"promoted gold", promo, "☗+金-58", "syntax"},
		{"declined 不成", promo, "☗歩-21不成", "2b2a"},
		{"bad 不", promo, "☗歩-21不", "syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := StartPosition()
			if tt.sfen != "" {
				p = mustSFEN(t, tt.sfen)
			}
			m, err := KitaoKawasakiNotation{}.ParseMove(&p, tt.text)
			if err != nil {
				var re *RuleError
				if !errors.As(err, &re) || re.Code != tt.want {
					t.Errorf("ParseMove(%q) error %v, want %s", tt.text, err, tt.want)
				}
				return
			}
			if m.String() != tt.want {
				t.Errorf("ParseMove(%q) = %v, want %s", tt.text, m, tt.want)
			}
		})
	}
}

func TestKitaoKawasakiRecapture(t *testing.T) {
	ps, ms := playUSI(t, "", "2g2f 3c3d 2f2e 8c8d 2e2d 2c2d 2h2d")
	p := StartPosition()
	var got []string
	for _, m := range ms {
		got = append(got, string(KitaoKawasakiNotation{}.AppendMove(nil, &p, m)))
		p.Play(m)
	}
	want := []string{"☗歩-26", "☖歩-34", "☗歩-25", "☖歩-84", "☗歩-24", "☖歩x", "☗飛x"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("move %d written %q, want %q", i+1, got[i], want[i])
		}
	}
	p = StartPosition()
	for i, m := range ms {
		back, err := KitaoKawasakiNotation{}.ParseMove(&p, got[i])
		if err != nil || back != m {
			t.Errorf("%q read back as %v, %v; want %v", got[i], back, err, m)
		}
		p.Play(m)
	}
	for _, alt := range []string{"☖歩x同", "☖歩x24", "歩x", "☖歩(23)x"} {
		p := ps[5]
		if m, err := (KitaoKawasakiNotation{}).ParseMove(&p, alt); err != nil || m != ms[5] {
			t.Errorf("%q read as %v, %v; want %v", alt, m, err, ms[5])
		}
	}
}
