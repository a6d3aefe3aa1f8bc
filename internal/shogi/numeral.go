package shogi

import "strings"

// Japanese numerals as records write them: ASCII digits, full-width digits
// (０…９) and kanji (〇 一 … 九, with 十 百 千 as multipliers).

// digitValue returns the value 0-9 of a digit in any of the three scripts,
// or -1.
func digitValue(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= '０' && r <= '９':
		return int(r - '０')
	}
	switch r {
	case '〇', '零':
		return 0
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	return -1
}

// JaDigitValue returns the value 1-9 of a board coordinate written as an ASCII or
// full-width digit or a kanji numeral (7, ７, 七), or 0.
func JaDigitValue(r rune) int {
	if d := digitValue(r); d > 0 {
		return d
	}
	return 0
}

// CutJaNumber reads the non-negative number at the start of s and returns
// it with the rest of s. Digits of any script are positional (77, ７７,
// 二〇); 十 百 千 multiply the digit before them (十八 is 18, 二百五 is 205).
// ok is false, and rest is s, when s does not start with a numeral or the
// number has more than nine digits.
func CutJaNumber(s string) (n int, rest string, ok bool) {
	total, cur, digits := 0, -1, 0
	i := 0
	for i < len(s) {
		r, size := rune(s[i]), 1
		if r >= 0x80 {
			r, size = jaRune(s, i)
		}
		if d := digitValue(r); d >= 0 {
			if cur < 0 {
				cur = 0
			}
			cur = cur*10 + d
			digits++
		} else {
			mult := 0
			switch r {
			case '十':
				mult = 10
			case '百':
				mult = 100
			case '千':
				mult = 1000
			}
			if mult == 0 {
				break
			}
			if cur < 0 {
				cur = 1
			}
			total += cur * mult
			cur = -1
			digits++
		}
		if digits > 9 {
			return 0, s, false
		}
		i += size
	}
	if digits == 0 {
		return 0, s, false
	}
	return total + max(cur, 0), s[i:], true
}

// ParseJaNumber reads a whole string as a number (see CutJaNumber),
// ignoring spaces around it.
func ParseJaNumber(s string) (int, bool) {
	n, rest, ok := CutJaNumber(strings.TrimSpace(s))
	return n, ok && rest == ""
}
