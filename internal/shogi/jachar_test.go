package shogi

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestJaCharAt checks every three-byte character (U+0800–U+FFFF) at the
// start of a text, in its middle and at its end: the characters of move
// text come back with their class and value, every other one as JaNone.
func TestJaCharAt(t *testing.T) {
	type entry struct {
		class JaClass
		val   uint8
	}
	want := map[rune]entry{}
	for i, r := range []rune("１２３４５６７８９") {
		want[r] = entry{JaDigit, uint8(i + 1)}
	}
	for i, r := range []rune("一二三四五六七八九") {
		want[r] = entry{JaNumeral, uint8(i + 1)}
	}
	for _, r := range "歩香桂銀金角飛玉王と杏圭全馬龍竜" {
		want[r] = entry{JaPiece, uint8(PieceTypeOfKanji(r))}
	}
	for r, c := range map[rune]JaClass{'成': JaPromote, '打': JaDrop, '不': JaNot, '生': JaRaw, '同': JaSame, '\u3000': JaSpace} {
		want[r] = entry{c, 0}
	}
	for r, v := range map[rune]uint8{'右': posRight, '左': posLeft, '直': posStraight} {
		want[r] = entry{JaPos, v}
	}
	for r, v := range map[rune]uint8{'上': movUp, '寄': movSide, '引': movDown} {
		want[r] = entry{JaMov, v}
	}
	if len(want) != 46 {
		t.Fatalf("%d characters in the test's table", len(want))
	}
	found := 0
	for r := rune(0x800); r <= 0xffff; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		w := want[r]
		for _, text := range []struct {
			b  string
			at int
		}{{s + "x", 0}, {"ab" + s + "(77)", 2}, {"ab" + s, 2}} {
			c, v := JaCharAt([]byte(text.b), text.at)
			if c != w.class || v != w.val {
				t.Fatalf("JaCharAt(%q, %d) = %d, %d, want %d, %d", text.b, text.at, c, v, w.class, w.val)
			}
		}
		if w.class != JaNone {
			found++
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d characters", found, len(want))
	}
	// What the inlined look-up does not read: a character that is the
	// whole text, and a text cut inside a character.
	if c, _ := JaCharAt([]byte("歩"), 0); c != JaNone {
		t.Error("a character that is the whole text was read")
	}
	if c, _ := JaCharAt([]byte(strings.Repeat("x", 3)+"歩"[:2]), 3); c != JaNone {
		t.Error("a cut character was read")
	}
}
