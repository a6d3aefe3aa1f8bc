package charset

import "strings"

// FoldJISVariants returns s with each of the seven characters that
// Unicode's JIS mapping and CP932 put at different code points (〜 U+301C,
// ‖, −, ¢, £, ¬, —) replaced by the one CP932 reads back (～ U+FF5E, ∥, －,
// ￠, ￡, ￢, ―): what a text becomes when written in Shift_JIS and read
// again. Comparing folded texts takes the two forms as the same character.
// A string without them is returned as it is.
func FoldJISVariants(s string) string {
	if !strings.ContainsAny(s, "〜‖−¢£¬—") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if v, ok := jisVariants[r]; ok {
			return v
		}
		return r
	}, s)
}
