package shogi

import "unicode/utf8"

// KitaoKawasakiNotation is the hybrid notation of Nekomado's English books
// (Kitao, Kaneko): a side mark, the piece in kanji, the origin in
// parentheses only when ambiguous, `-`, `x` or `*`, the destination as two
// digits (left out when it is the previous move's destination, the role 同
// plays in Japanese), and `+`/`=` when promotion was possible:
// ☗歩-76, ☖銀x, ☗銀(72)x83+, ☗角*45.
type KitaoKawasakiNotation struct{}

// String returns "kitao-kawasaki".
func (KitaoKawasakiNotation) String() string { return "kitao-kawasaki" }

// kkNames are the piece names; promoted pieces other than と, 馬 and 龍 are
// `+` and the unpromoted kanji.
var kkNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "+香", "+桂", "+銀", "馬", "龍"}

// AppendMove appends the Kitao–Kawasaki text of m, played in pos, with its
// side mark.
func (KitaoKawasakiNotation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	if pos.Turn() == Black {
		dst = append(dst, "☗"...)
	} else {
		dst = append(dst, "☖"...)
	}
	to := m.To()
	if m.IsDrop() {
		dst = append(dst, kkNames[m.DropType()]...)
		dst = append(dst, '*')
		return appendWesternSquare(dst, to, true)
	}
	from := m.From()
	pc := pos.At(from)
	dst = append(dst, kkNames[pc.Type()]...)
	if pos.ambiguousOrigin(m, pc) {
		dst = append(dst, '(')
		dst = appendWesternSquare(dst, from, true)
		dst = append(dst, ')')
	}
	if pos.At(to) != NoPiece {
		dst = append(dst, 'x')
		if last := pos.LastMove(); last.IsZero() || last.To() != to {
			dst = appendWesternSquare(dst, to, true)
		}
	} else {
		dst = append(dst, '-')
		dst = appendWesternSquare(dst, to, true)
	}
	return appendPromotionMark(dst, pos, m, pc)
}

// ParseMove resolves Kitao–Kawasaki text in pos. Besides the book forms it
// accepts ▲△▽ for the side marks, 王 and 竜, 成香/成桂/成銀 and 杏/圭/全 for the
// promoted pieces, full-width digits and parentheses, 同 for the omitted
// destination, 成/不成/生 for `+`/`=`, and spaces anywhere.
func (KitaoKawasakiNotation) ParseMove(pos *Position, s string) (Move, error) {
	var mt moveText
	mt.to = NoSquare
	i := 0
	next := func() rune {
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r != ' ' && r != '\t' && r != '\u3000' {
				return r
			}
			i += n
		}
		return -1
	}
	take := func() rune {
		r := next()
		if r >= 0 {
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
		}
		return r
	}
	syntax := func(detail string) (Move, error) {
		return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: detail}
	}
	switch next() {
	case '☗', '▲':
		take()
		if pos.Turn() != Black {
			return syntax("☗ marks a move of Black, but White is to move")
		}
	case '☖', '△', '▽':
		take()
		if pos.Turn() != White {
			return syntax("☖ marks a move of White, but Black is to move")
		}
	}
	promoted := false
	switch next() {
	case '+', '成':
		take()
		promoted = true
	}
	if mt.kind = PieceTypeOfKanji(take()); mt.kind == NoPieceType {
		return syntax("want a piece: 歩 香 桂 銀 金 角 飛 玉 と 馬 龍 or + and a piece")
	}
	if promoted {
		if !mt.kind.CanPromote() {
			return syntax("this piece has no promoted form")
		}
		mt.kind = mt.kind.Promote()
	}
	digit := func() int {
		d := JaDigitValue(next())
		if d != 0 {
			take()
		}
		return d
	}
	if r := next(); r == '(' || r == '（' {
		take()
		mt.fromFile, mt.fromRank = digit(), digit()
		if mt.fromFile == 0 || mt.fromRank == 0 {
			return 0, &NotationError{Text: s, Err: ErrBadSquare, Detail: "the origin is two digits in parentheses, as (72)"}
		}
		if r := take(); r != ')' && r != '）' {
			return syntax("want ) after the origin")
		}
	}
	switch next() {
	case '-', '－', 'ー':
		take()
		mt.sep = '-'
	case 'x', '×', 'ｘ':
		take()
		mt.sep = 'x'
	case '*', '＊', '打':
		take()
		mt.sep = '*'
	}
	if next() == '同' {
		take()
	} else if f := digit(); f != 0 {
		r := digit()
		if r == 0 {
			return 0, &NotationError{Text: s, Err: ErrBadSquare, Detail: "the destination is two digits, file and rank"}
		}
		mt.to = NewSquare(f, r)
	}
	switch take() {
	case '+', '成':
		mt.promo = '+'
	case '=', '生':
		mt.promo = '='
	case '不':
		if take() != '成' {
			return syntax("want 不成")
		}
		mt.promo = '='
	case -1:
	default:
		return syntax("unexpected text after the destination")
	}
	if take() != -1 {
		return syntax("unexpected text after the move")
	}
	return pos.resolveText(s, mt)
}
