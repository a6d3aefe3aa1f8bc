package render

import "testing"

// TestDisplayWidth checks the column count KIF and KI2 align with: one
// for ASCII, two for any other character, whatever its length in bytes and
// wherever it falls in the eight-byte steps.
func TestDisplayWidth(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"ab", 2},
		{"７六歩(77)", 10},
		{"同　歩(23)", 10},
		{"２三銀不成(34)", 14},
		{"反則勝ち", 8},
		{"abcdefgh", 8},
		{"abcdefghＡ", 10},
		{"é and ü", 9},
		{"☗☖🀄x", 7},
		{"１２３４５６７８９０", 20},
	}
	for _, tt := range tests {
		if got := displayWidth([]byte(tt.in)); got != tt.want {
			t.Errorf("displayWidth(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
