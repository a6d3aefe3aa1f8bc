package charset

import "testing"

func TestFoldJISVariants(t *testing.T) {
	for in, want := range map[string]string{
		"▲５七銀右〜▲５六銀":      "▲５七銀右～▲５六銀",
		"a−b ‖ ¢£¬ —":     "a－b ∥ ￠￡￢ ―",
		"７六歩":             "７六歩",
		"":                "",
		"～ already CP932": "～ already CP932",
	} {
		if got := FoldJISVariants(in); got != want {
			t.Errorf("FoldJISVariants(%q) = %q, want %q", in, got, want)
		}
	}
}
