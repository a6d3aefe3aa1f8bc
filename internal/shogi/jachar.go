package shogi

import (
	"encoding/binary"
	"unicode/utf8"
)

// JaClass is the class of a character of Japanese move text (KIF and KI2),
// as JaCharAt tells it.
type JaClass uint8

// The classes of JaCharAt.
const (
	JaNone    JaClass = iota
	JaDigit           // １…９; the value is the number
	JaNumeral         // 一…九; the value is the number
	JaPiece           // 歩…龍; the value is the PieceType
	JaPromote         // 成
	JaDrop            // 打
	JaNot             // 不 (of 不成)
	JaRaw             // 生 (不成, as some write it)
	JaSame            // 同
	JaSpace           // U+3000, the full-width space
	JaPos             // 右 左 直 (KI2); the value tells which
	JaMov             // 上 寄 引 (KI2); the value tells which
)

// jaChar is an entry of jaChars: a character's three UTF-8 bytes as one
// little-endian number, its class and its value.
type jaChar struct {
	key   uint32
	class JaClass
	val   uint8
}

// jaCharMult spreads the keys of the characters of jaChars over its 128
// slots without two sharing one: a character is found with a
// multiplication, a shift and one comparison, with no branch on which
// character it is. The table panics at start-up if they ever collide.
const jaCharMult = 0x466cf

func jaCharSlot(key uint32) uint32 { return key * jaCharMult >> 25 }

// jaChars holds the characters of KIF and KI2 move text, by slot.
var jaChars = func() (t [128]jaChar) {
	put := func(r rune, class JaClass, val uint8) {
		var b [4]byte
		if utf8.EncodeRune(b[:], r) != 3 {
			panic("jaChars: " + string(r) + " is not three bytes long")
		}
		key := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
		e := &t[jaCharSlot(key)]
		if e.class != JaNone {
			panic("jaChars: " + string(r) + " shares a slot; choose another jaCharMult")
		}
		*e = jaChar{key, class, val}
	}
	for i, r := range []rune("１２３４５６７８９") {
		put(r, JaDigit, uint8(i+1))
	}
	for i, r := range []rune("一二三四五六七八九") {
		put(r, JaNumeral, uint8(i+1))
	}
	for _, r := range "歩香桂銀金角飛玉王と杏圭全馬龍竜" {
		put(r, JaPiece, uint8(PieceTypeOfKanji(r)))
	}
	put('成', JaPromote, 0)
	put('打', JaDrop, 0)
	put('不', JaNot, 0)
	put('生', JaRaw, 0)
	put('同', JaSame, 0)
	put('\u3000', JaSpace, 0)
	put('右', JaPos, posRight)
	put('左', JaPos, posLeft)
	put('直', JaPos, posStraight)
	put('上', JaMov, movUp)
	put('寄', JaMov, movSide)
	put('引', JaMov, movDown)
	return t
}()

// JaCharAt returns the class and value of the character at b[i:], or
// JaNone: the fast paths of the KIF and KI2 readers look at move text a
// character at a time without decoding it. It is small enough to be
// inlined, which costs one case: a character that is all of b (i = 0,
// three bytes) is not read, which no move is.
func JaCharAt(b []byte, i int) (JaClass, uint8) {
	var key uint32 // 0 matches no character
	if uint(i)+4 <= uint(len(b)) {
		key = binary.LittleEndian.Uint32(b[i:]) << 8 >> 8
	} else if uint(i)+3 == uint(len(b)) && i > 0 {
		key = binary.LittleEndian.Uint32(b[i-1:]) >> 8
	}
	if e := &jaChars[jaCharSlot(key)]; e.key == key {
		return e.class, e.val
	}
	return JaNone, 0
}

// PieceTypeOfKanji reads a one-character piece name as KIF, KI2 and BOD
// write them (歩…龍, 王 and 玉, 竜 and 龍), or returns NoPieceType.
func PieceTypeOfKanji(r rune) PieceType {
	switch r {
	case '歩':
		return Pawn
	case '香':
		return Lance
	case '桂':
		return Knight
	case '銀':
		return Silver
	case '金':
		return Gold
	case '角':
		return Bishop
	case '飛':
		return Rook
	case '玉', '王':
		return King
	case 'と':
		return ProPawn
	case '杏':
		return ProLance
	case '圭':
		return ProKnight
	case '全':
		return ProSilver
	case '馬':
		return Horse
	case '龍', '竜':
		return Dragon
	}
	return NoPieceType
}
