package shogi

import (
	"unicode/utf8"
)

// KI2Notation is Japanese move notation as KI2 files, newspapers and the
// Japan Shogi Association write it (▲７六歩, △同　歩, ▲５二金右, ▲２三銀不成,
// ▲５五角打), without the side mark: AppendSideMark adds it. Which piece
// moved is said by the words of Position.Relative (relative.go): the
// movement (上 引 寄) and position (右 左 直) words of the JSA guideline, and
// 打 for a drop when a board piece of the kind reaches the square too.
//
// ParseMove is lenient: it accepts a leading side mark, 同 with or without a
// space (and after a square), 行/入 for 上, 生 for 不成, 王, 竜, 全/圭/杏, and
// squares written ７六, ７６ or 76. Text without 打 is a board move whenever
// a board piece of the kind reaches the square (Position.Reachers), even
// when the move is illegal, so that a record documenting a foul (followed
// by 反則負け) still reads and Position.Legal can name the foul; it is a drop
// only when no board piece reaches the square. Among several pieces those
// with a legal move are taken when there are any, then the words decide.
type KI2Notation struct{}

// String returns "ki2".
func (KI2Notation) String() string { return "ki2" }

// AppendMove appends the KI2 text of m, played in pos, without a side mark.
// After 同 it puts a full-width space only when one character follows (同　歩
// but 同歩成, 同金右), as Kifu for Windows does to keep moves three
// characters wide.
func (KI2Notation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	to := m.To()
	if last := pos.last; !last.IsZero() && last.To() == to {
		dst = append(dst, "同"...)
		mark := len(dst)
		dst = appendKI2Body(dst, pos, m)
		if len(dst)-mark == len("歩") {
			dst = append(dst, "　"...)
			copy(dst[mark+len("　"):], dst[mark:mark+len("歩")])
			copy(dst[mark:], "　")
		}
		return dst
	}
	return appendKI2Body(AppendKanjiSquare(dst, to), pos, m)
}

// appendKI2Body appends what follows the destination: the piece, the words
// that single it out (Position.Relative), and 成, 不成 or 打.
func appendKI2Body(dst []byte, pos *Position, m Move) []byte {
	if m.IsDrop() {
		dst = append(dst, m.DropType().Kanji()...)
		return pos.Relative(m).AppendKI2(dst)
	}
	pc := pos.board[m.From()]
	dst = append(dst, pc.Type().Kanji()...)
	dst = pos.Relative(m).AppendKI2(dst)
	return appendPromotionSuffix(dst, m, pc)
}

// ParseMove resolves KI2 move text (a leading side mark is ignored).
func (KI2Notation) ParseMove(pos *Position, s string) (Move, error) {
	jm, err := parseJaMove(s)
	if err != nil {
		return 0, err
	}
	return resolveJa(pos, s, &jm)
}

// ParseMoveBytes is ParseMove for text in a byte slice, which it does not
// keep: a reader resolves the moves of a line without making strings of
// them.
func (KI2Notation) ParseMoveBytes(pos *Position, b []byte) (Move, error) {
	jm, ok := fastJaMove(b)
	if !ok {
		var err error
		if jm, err = parseJaMove(b); err != nil {
			return 0, err
		}
	}
	return resolveJa(pos, b, &jm)
}

// Rune3 decodes the three-byte character at b[i:] (kana, kanji and
// full-width forms: every character of KIF and KI2 move text as it is
// usually written), or returns -1. It is small enough to be inlined, which
// matters at five characters a move; the KIF and KI2 readers use it too.
func Rune3(b []byte, i int) rune {
	if i < 0 || i+2 >= len(b) {
		return -1
	}
	x := uint32(b[i])<<16 | uint32(b[i+1])<<8 | uint32(b[i+2])
	if x&0xF0C0C0 != 0xE08080 { // 1110xxxx 10xxxxxx 10xxxxxx
		return -1
	}
	return rune(x>>4&0xF000 | x>>2&0x0FC0 | x&0x3F)
}

// fastJaMove takes apart move text as Kifu for Windows and the JSA write
// it (７六歩, 同　銀, ５二金右, ２三銀不成, ５五角打, ３三成銀引) without
// decoding it first, and reports false for anything else, which
// parseJaMove then reads (or explains).
func fastJaMove(b []byte) (jaMove, bool) {
	var jm jaMove
	n, ok := fastJaPrefix(&jm, b)
	return jm, ok && n == len(b)
}

// fastJaPrefix is fastJaMove for the move at the start of b: it sets *jm
// and returns the length of the move, which ends where a character that
// cannot continue it begins. It reports false for text that starts like a
// move but is not one it reads (repeated words, 不 without 成).
func fastJaPrefix(jm *jaMove, b []byte) (int, bool) {
	*jm = jaMove{to: NoSquare, from: NoSquare}
	var i int
	switch c, v := JaCharAt(b, 0); c {
	case JaSame:
		jm.same, i = true, 3
		if c2, _ := JaCharAt(b, 3); c2 == JaSpace {
			i = 6
		}
	case JaDigit:
		c2, rk := JaCharAt(b, 3)
		if c2 != JaDigit && c2 != JaNumeral {
			return 0, false
		}
		jm.to, i = NewSquare(int(v), int(rk)), 6
	default:
		return 0, false
	}
	c, v := JaCharAt(b, i)
	i += 3
	if c == JaPromote {
		c, v = JaCharAt(b, i)
		if c != JaPiece || v < uint8(Lance) || v > uint8(Silver) { // 成香, 成桂, 成銀
			return 0, false
		}
		jm.kind = PieceType(v).Promote()
		i += 3
	} else if c == JaPiece {
		jm.kind = PieceType(v)
	} else {
		return 0, false
	}
	// Modifiers, each kind once, then a suffix; 生, 行 and 入 are for
	// parseJaMove.
	for jm.suffix == 0 {
		c, v := JaCharAt(b, i)
		switch c {
		case JaPos:
			if jm.posW != 0 {
				return 0, false
			}
			jm.posW = int(v)
		case JaMov:
			if jm.movW != 0 {
				return 0, false
			}
			jm.movW = int(v)
		case JaPromote:
			jm.suffix = sufPromote
		case JaDrop:
			jm.suffix = sufDrop
		case JaNot:
			if c2, _ := JaCharAt(b, i+3); c2 != JaPromote {
				return 0, false
			}
			jm.suffix = sufNoPromote
			i += 3
		default:
			return i, true
		}
		i += 3
	}
	return i, true
}

// ReadMove reads the move at the start of b when it is written as Kifu for
// Windows and the JSA write it (as fastJaMove reads it), resolves it
// against pos, and returns it with the bytes it took. It reports false for
// anything else — other spellings, text no piece or more than one piece
// fits — which ParseMoveBytes then reads or explains. The move is not
// checked against the rules: a reader plays it with Position.PlayLegal,
// which checks it once.
func (KI2Notation) ReadMove(pos *Position, b []byte) (Move, int, bool) {
	var jm jaMove
	n, ok := fastJaPrefix(&jm, b)
	if !ok {
		return 0, 0, false
	}
	m, err := resolveJa(pos, b[:n], &jm)
	if err != nil {
		return 0, 0, false
	}
	return m, n, true
}

// AppendSideMark appends ▲ for Black or △ for White, the marks KIF and KI2
// files written in Shift_JIS can carry (☗☖ cannot be encoded there).
func AppendSideMark(dst []byte, c Color) []byte {
	if c == Black {
		return append(dst, "▲"...)
	}
	return append(dst, "△"...)
}

// CutSideMark removes a leading side mark (▲ ☗ ▼ for Black, △ ☖ ▽ for
// White) from s and reports the side it names; ok is false, and s is
// returned unchanged, when s does not start with one.
func CutSideMark(s string) (c Color, rest string, ok bool) {
	r, n := utf8.DecodeRuneInString(s)
	switch r {
	case '▲', '☗', '▼':
		return Black, s[n:], true
	case '△', '☖', '▽':
		return White, s[n:], true
	}
	return Black, s, false
}

// Promotion and drop suffixes.
const (
	sufPromote   = 1 // 成
	sufNoPromote = 2 // 不成, 生
	sufDrop      = 3 // 打
)

// canMoveLegally reports whether the piece on from has a legal move to to,
// promoting or not.
func (p *Position) canMoveLegally(from, to Square) bool {
	switch p.Legal(NewMove(from, to, false)) {
	case nil:
		return true
	case ErrDeadPiece:
		return p.Legal(NewMove(from, to, true)) == nil
	}
	return false
}

// appendPromotionSuffix appends 成 for a promotion and 不成 for a move that
// could have promoted and did not.
func appendPromotionSuffix(dst []byte, m Move, pc Piece) []byte {
	if m.IsDrop() {
		return dst
	}
	if m.IsPromotion() {
		return append(dst, "成"...)
	}
	c := pc.Color()
	if pc.Type().CanPromote() && (m.From().inZone(c) || m.To().inZone(c)) {
		return append(dst, "不成"...)
	}
	return dst
}

// appendJaDestination appends "同　" when to is where the previous move
// went, and the square (７六) otherwise.
func appendJaDestination(dst []byte, pos *Position, to Square) []byte {
	if last := pos.last; !last.IsZero() && last.To() == to {
		return append(dst, "同　"...)
	}
	return AppendKanjiSquare(dst, to)
}

var (
	fullWidthDigits = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiNumerals   = [10]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// kanjiSquares holds the text of every square (７六), six bytes each.
var kanjiSquares = func() (t [81][6]byte) {
	for s := Square(0); s < 81; s++ {
		copy(t[s][:], fullWidthDigits[s.File()]+kanjiNumerals[s.Rank()])
	}
	return
}()

// AppendKanjiSquare appends a square as KIF and KI2 write it: a full-width
// file digit and a kanji rank (７六).
func AppendKanjiSquare(dst []byte, s Square) []byte {
	return append(dst, kanjiSquares[s][:]...)
}

// jaMove is Japanese move text taken apart, before it is resolved.
type jaMove struct {
	to      Square // NoSquare when only 同 was given
	same    bool   // 同
	kind    PieceType
	posW    int
	movW    int
	suffix  int
	from    Square // the KIF origin (xy), NoSquare if none
	hasFrom bool
	dropOrg bool // the KIF origin was (00): a drop
}

// jaText is move text, in a string or a byte slice.
type jaText interface{ ~string | ~[]byte }

func jaErr[T jaText](s T, err error, detail string) error {
	return &NotationError{Text: string(s), Err: err, Detail: detail, At: -1}
}

// jaRune decodes the character at s[i:]. Every character move text is made
// of is ASCII or three bytes long (kana, kanji, full-width forms); those are
// decoded inline, anything else is utf8.RuneError with the length of the
// sequence, which no rule of the notation accepts.
func jaRune[T jaText](s T, i int) (rune, int) {
	// Three-byte sequences led by E1-EC or EE-EF are never overlong or
	// surrogates.
	if i+2 < len(s) && s[i]-0xE1 <= 0xEF-0xE1 && s[i] != 0xED && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
		return rune(s[i]&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return jaRuneSlow(s, i)
}

func jaRuneSlow[T jaText](s T, i int) (rune, int) {
	c := s[i]
	if c < 0x80 {
		return rune(c), 1
	}
	n := 1
	switch {
	case c&0xE0 == 0xC0:
		n = 2
	case c&0xF0 == 0xE0:
		n = 3
	case c&0xF8 == 0xF0:
		n = 4
	}
	if i+n > len(s) {
		return utf8.RuneError, 1
	}
	for j := i + 1; j < i+n; j++ {
		if s[j]&0xC0 != 0x80 {
			return utf8.RuneError, 1
		}
	}
	if n == 3 {
		// E0 and ED: the overlong forms and the surrogates are errors.
		if r := rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F); r >= 0x800 && (r < 0xD800 || r > 0xDFFF) {
			return r, 3
		}
		return utf8.RuneError, 1
	}
	return utf8.RuneError, n
}

// isJaSpace reports whether r is a space Japanese records pad with.
func isJaSpace(r rune) bool { return r == ' ' || r == '\u3000' || r == '\t' }

// parseJaMove takes KIF or KI2 move text apart:
//
//	[mark] (square [同] | 同) [space] piece [右|左|直] [上|寄|引|行|入] [成|不成|生|打] [(xy)]
//
// with spaces allowed around the parts. It resolves nothing.
func parseJaMove[T jaText](s T) (jaMove, error) {
	// The text is decoded once, into runes on the stack: the rules below
	// then look at characters, not bytes.
	var buf [32]rune
	rs := buf[:0]
	for i := 0; i < len(s); {
		if c := s[i]; c < 0x80 {
			rs = append(rs, rune(c))
			i++
			continue
		}
		r, n := jaRune(s, i)
		rs = append(rs, r)
		i += n
	}
	jm, at, detail, err := parseJaRunes(rs)
	if err != nil {
		e := jaErr(s, err, detail).(*NotationError)
		e.At = 0
		// From the character to the byte.
		for i := 0; i < len(s) && at > 0; at-- {
			if s[i] < 0x80 {
				i++
			} else {
				_, n := jaRune(s, i)
				i += n
			}
			e.At = i
		}
		return jm, e
	}
	return jm, nil
}

// parseJaRunes is parseJaMove on the decoded text; it returns the index of
// the first character that is wrong, the sentinel and the detail of what
// is wrong.
func parseJaRunes(s []rune) (jm jaMove, at int, detail string, err error) {
	jm = jaMove{to: NoSquare, from: NoSquare}
	i := 0
	next := func() (rune, int) {
		if i >= len(s) {
			return utf8.RuneError, 0
		}
		return s[i], 1
	}
	skipSpaces := func() {
		for i < len(s) {
			r, n := next()
			if !isJaSpace(r) {
				return
			}
			i += n
		}
	}
	skipSpaces()
	switch r, n := next(); r {
	case '▲', '☗', '▼', '△', '☖', '▽':
		i += n
		skipSpaces()
	}
	if i >= len(s) {
		return jm, i, "empty move", ErrSyntax
	}
	r, n := next()
	if r == '同' {
		jm.same = true
		i += n
	} else {
		f := JaDigitValue(r)
		if f == 0 {
			return jm, i, "want a square (７六) or 同", ErrSyntax
		}
		i += n
		r, n = next()
		rk := JaDigitValue(r)
		if rk == 0 {
			return jm, i, "want a rank after the file", ErrBadSquare
		}
		i += n
		jm.to = NewSquare(f, rk)
		skipSpaces()
		if r, n = next(); r == '同' {
			jm.same = true
			i += n
		}
	}
	skipSpaces()
	r, n = next()
	if r == '成' {
		// 成香, 成桂, 成銀: the two-character names of promoted minors.
		i += n
		r2, n2 := next()
		i -= n
		switch r2 {
		case '香':
			jm.kind = ProLance
		case '桂':
			jm.kind = ProKnight
		case '銀':
			jm.kind = ProSilver
		}
		n += n2
	} else {
		jm.kind = PieceTypeOfKanji(r)
	}
	if jm.kind == NoPieceType {
		return jm, i, "want a piece name after the square", ErrSyntax
	}
	i += n
	// Modifiers in either order, each kind at most once.
	for i < len(s) {
		r, n = next()
		p, m := 0, 0
		switch r {
		case '右':
			p = posRight
		case '左':
			p = posLeft
		case '直':
			p = posStraight
		case '上', '行', '入':
			m = movUp
		case '寄':
			m = movSide
		case '引':
			m = movDown
		}
		if p == 0 && m == 0 {
			break
		}
		if (p != 0 && jm.posW != 0) || (m != 0 && jm.movW != 0) {
			return jm, i, "two position or two movement words", ErrSyntax
		}
		if p != 0 {
			jm.posW = p
		} else {
			jm.movW = m
		}
		i += n
	}
	if i < len(s) {
		r, n = next()
		switch r {
		case '成':
			jm.suffix = sufPromote
			i += n
		case '生':
			jm.suffix = sufNoPromote
			i += n
		case '打':
			jm.suffix = sufDrop
			i += n
		case '不':
			i += n
			if r2, n2 := next(); r2 == '成' {
				jm.suffix = sufNoPromote
				i += n2
			} else {
				i -= n
			}
		}
	}
	skipSpaces()
	if i < len(s) && s[i] == '(' {
		j := i + 1
		var d [2]int
		for k := range d {
			if j >= len(s) {
				return jm, j, "want two digits in the origin (xy)", ErrSyntax
			}
			if d[k] = digitValue(s[j]); d[k] < 0 {
				return jm, j, "want two digits in the origin (xy)", ErrSyntax
			}
			j++
		}
		if j >= len(s) || s[j] != ')' {
			return jm, j, "want ) after the origin", ErrSyntax
		}
		i = j + 1
		jm.hasFrom = true
		switch {
		case d[0] == 0 && d[1] == 0:
			jm.dropOrg = true
		case d[0] == 0:
			return jm, i - 3, "origin square out of the board", ErrBadSquare
		case d[1] == 0:
			return jm, i - 2, "origin square out of the board", ErrBadSquare
		default:
			jm.from = NewSquare(d[0], d[1])
		}
	}
	skipSpaces()
	if i < len(s) {
		return jm, i, "unexpected text after the move", ErrSyntax
	}
	return jm, 0, "", nil
}

// resolveJa turns parsed move text s into a move of p.
func resolveJa[T jaText](p *Position, s T, jm *jaMove) (Move, error) {
	to := jm.to
	if jm.same {
		last := p.last
		if last.IsZero() {
			if to == NoSquare {
				return 0, jaErr(s, ErrNoPreviousMov, "")
			}
		} else {
			if to != NoSquare && to != last.To() {
				return 0, jaErr(s, ErrNoSuchMove, "the square before 同 is not where the previous move went")
			}
			to = last.To()
		}
	}
	c := p.turn
	t := jm.kind
	drop := jm.suffix == sufDrop || jm.dropOrg
	if jm.hasFrom && !jm.dropOrg {
		if jm.suffix == sufDrop {
			return 0, jaErr(s, ErrSyntax, "打 with an origin square")
		}
		from := jm.from
		pc := p.board[from]
		switch {
		case pc == NoPiece:
			return 0, jaErr(s, ErrNoPiece, "")
		case pc.Color() != c:
			return 0, jaErr(s, ErrNotOwnPiece, "")
		case pc.Type() != t:
			return 0, jaErr(s, ErrWrongPiece, "the origin holds "+pc.Type().Kanji())
		case from == to:
			return 0, jaErr(s, ErrUnreachable, "the origin is the destination")
		}
		return NewMove(from, to, jm.suffix == sufPromote), nil
	}
	if drop {
		if t < Pawn || t > Gold {
			return 0, jaErr(s, ErrNoSuchMove, t.Kanji()+" cannot be dropped")
		}
		if jm.suffix == sufPromote || jm.posW != 0 || jm.movW != 0 {
			return 0, jaErr(s, ErrSyntax, "a drop takes no other word")
		}
		return NewDrop(t, to), nil
	}
	// A board piece of the kind that reaches the square makes the text a
	// board move, even an illegal one (a record may document a foul, which
	// Legal will then name); the text is a drop only when none does, as
	// the writer's rule (打 when a board piece reaches the square) means.
	// Among several pieces the legal ones decide; a lone piece needs no
	// legality probe.
	pc := NewPiece(c, t)
	var buf, lbuf reachBuf
	cands := p.Reachers(buf[:0], pc, to)
	if len(cands) == 0 && t >= Pawn && t <= Gold && p.hands[c][t] > 0 && jm.posW == 0 && jm.movW == 0 && jm.suffix == 0 {
		return NewDrop(t, to), nil
	}
	if len(cands) > 1 {
		legal := lbuf[:0]
		for _, f := range cands {
			if p.canMoveLegally(f, to) {
				legal = append(legal, f)
			}
		}
		if len(legal) > 0 {
			cands = legal
		}
	}
	if len(cands) == 0 {
		return 0, jaErr(s, ErrNoSuchMove, "no "+t.Kanji()+" can move there")
	}
	res := cands
	if jm.posW != 0 || jm.movW != 0 {
		var fbuf reachBuf
		res = newRelative(jm.posW, jm.movW).Filter(fbuf[:0], cands, to, c)
	}
	if len(res) > 1 && jm.suffix == sufPromote {
		n := 0
		for _, f := range res {
			if f.inZone(c) || to.inZone(c) {
				res[n] = f
				n++
			}
		}
		res = res[:n]
	}
	switch {
	case len(res) == 0:
		return 0, jaErr(s, ErrNoSuchMove, "no "+t.Kanji()+" fits the position or movement word")
	case len(res) > 1:
		return 0, jaErr(s, ErrAmbiguous, "more than one "+t.Kanji()+" can move there")
	}
	from := res[0]
	promote := jm.suffix == sufPromote
	if jm.suffix == 0 && t.CanPromote() && isDeadSquare(c, t, to) {
		// Lenient: the promotion was forced, so a missing 成 can only mean it.
		promote = true
	}
	return NewMove(from, to, promote), nil
}
