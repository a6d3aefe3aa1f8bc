package shogi

// KIFNotation is the move text of KIF move lines as Kifu for Windows writes
// it: the destination (or 同　), the piece, 成 or 不成 when promotion was
// possible, and the origin in half-width digits or 打 for a drop
// (７六歩(77), 同　歩(23), ２二角成(88), ５五角打, ２三銀不成(34)).
//
// ParseMove is lenient: it also reads 同 without the space, 竜, 王, 全/圭/杏,
// half- and full-width digits, kanji or digit ranks, a leading side mark,
// 打(00) and (00) for drops, and text without an origin (then resolved as
// KI2 text is). With an origin, the move is taken as written once the
// origin is checked to hold the named piece of the side to move; whether it
// is legal is Position.Legal's decision.
type KIFNotation struct{}

// String returns "kif".
func (KIFNotation) String() string { return "kif" }

// AppendMove appends the KIF text of m, played in pos.
func (KIFNotation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	dst = appendJaDestination(dst, pos, m.To())
	if m.IsDrop() {
		dst = append(dst, m.DropType().Kanji()...)
		return append(dst, "打"...)
	}
	from := m.From()
	pc := pos.board[from]
	dst = append(dst, pc.Type().Kanji()...)
	dst = appendPromotionSuffix(dst, m, pc)
	return append(dst, '(', byte('0'+from.File()), byte('0'+from.Rank()), ')')
}

// ParseMove resolves KIF move text.
func (KIFNotation) ParseMove(pos *Position, s string) (Move, error) {
	jm, err := parseJaMove(s)
	if err != nil {
		return 0, err
	}
	return resolveJa(pos, s, &jm)
}
