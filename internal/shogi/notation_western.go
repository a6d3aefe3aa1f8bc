package shogi

import (
	"strings"
)

// WesternNotation is the Hodges style of Western notation, the one English
// books and magazines use: P-7f, Sx7b+, P*5e, N-7c=, G6a-5b. The origin square
// is written only when another piece of the same colour and written name
// could also move legally to the destination (Fairy-Stockfish's rule); `+`
// and `=` are written only when promotion was possible.
//
// ParseMove reads every Western style (Hodges, Hodges with number ranks,
// Hosking, the full-origin PSN forms of Shogidokoro and GSDB) whatever the
// notation value it is called on.
type WesternNotation struct{}

// HoskingNotation is the Western style of Hosking's book: P76, Sx23=, S'34,
// G61-52 (the `-` is written only after an origin).
type HoskingNotation struct{}

// String returns "hodges".
func (WesternNotation) String() string { return "hodges" }

// String returns "hosking".
func (HoskingNotation) String() string { return "hosking" }

// AppendMove appends the Hodges text of m, played in pos.
func (WesternNotation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	return appendWestern(dst, pos, m, false)
}

// AppendMove appends the Hosking text of m, played in pos.
func (HoskingNotation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	return appendWestern(dst, pos, m, true)
}

// ParseMove resolves Western move text in pos.
func (WesternNotation) ParseMove(pos *Position, s string) (Move, error) { return parseWestern(pos, s) }

// ParseMove resolves Western move text in pos (any style, as
// WesternNotation.ParseMove).
func (HoskingNotation) ParseMove(pos *Position, s string) (Move, error) { return parseWestern(pos, s) }

// westernLetters are the Western names of the kinds; a promoted kind is
// written `+` and the letter of its unpromoted kind.
var westernLetters = [NumPieceTypes]byte{0, 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K', 'P', 'L', 'N', 'S', 'B', 'R'}

// WesternLetter returns the Western name of the kind ("P", "+B").
func (t PieceType) WesternLetter() string {
	if !t.Valid() {
		return "?"
	}
	return usiLetters[t]
}

func appendWesternSquare(dst []byte, s Square, digitRank bool) []byte {
	if digitRank {
		return append(dst, byte('0'+s.File()), byte('0'+s.Rank()))
	}
	return append(dst, byte('0'+s.File()), byte('a'+s.Rank()-1))
}

func appendWestern(dst []byte, pos *Position, m Move, hosking bool) []byte {
	to := m.To()
	if m.IsDrop() {
		dst = append(dst, westernLetters[m.DropType()])
		if hosking {
			dst = append(dst, '\'')
		} else {
			dst = append(dst, '*')
		}
		return appendWesternSquare(dst, to, hosking)
	}
	from := m.From()
	pc := pos.At(from)
	t := pc.Type()
	if t.IsPromoted() {
		dst = append(dst, '+')
	}
	dst = append(dst, westernLetters[t])
	origin := pos.ambiguousOrigin(m, pc)
	if origin {
		dst = appendWesternSquare(dst, from, hosking)
	}
	switch {
	case pos.At(to) != NoPiece:
		dst = append(dst, 'x')
	case !hosking || origin:
		dst = append(dst, '-')
	}
	dst = appendWesternSquare(dst, to, hosking)
	return appendPromotionMark(dst, pos, m, pc)
}

// appendPromotionMark appends `+` for a promotion and `=` for a move that
// could have promoted and did not.
func appendPromotionMark(dst []byte, pos *Position, m Move, pc Piece) []byte {
	if m.IsPromotion() {
		return append(dst, '+')
	}
	c := pc.Color()
	if pc.Type().CanPromote() && (m.From().inZone(c) || m.To().inZone(c)) {
		return append(dst, '=')
	}
	return dst
}

// ambiguousOrigin reports whether another piece pc than the one moving in
// m could legally move to m's destination, so that Western and
// Kitao–Kawasaki text must name the origin. Pinned pieces do not count
// (Fairy-Stockfish's rule); readers accept the origin either way. For an
// illegal m (a record's last move, lost by the foul) any other piece that
// reaches the square counts, since a reader cannot use legality to choose.
func (p *Position) ambiguousOrigin(m Move, pc Piece) bool {
	var buf reachBuf
	for _, s := range p.Reachers(buf[:0], pc, m.To()) {
		if s != m.From() && p.twinFits(m, s) {
			return true
		}
	}
	return false
}

// twinFits reports whether the piece on s, which reaches m's destination
// like the piece m moves, makes m ambiguous: it has a legal move there, or
// m itself is illegal.
func (p *Position) twinFits(m Move, s Square) bool {
	to := m.To()
	return p.Legal(NewMove(s, to, false)) == nil || p.Legal(NewMove(s, to, true)) == nil || p.Legal(m) != nil
}

// moveText is what a Western or Kitao–Kawasaki token says about a move
// before it is resolved against a position.
type moveText struct {
	kind     PieceType // as named, promoted kinds included
	fromFile int       // 0 when not given
	fromRank int       // 0 when not given
	sep      byte      // '-', 'x', '*' (drop, also for ' and ’), 0 when absent
	to       Square    // NoSquare: the previous move's destination (Gx, xG, 銀x)
	promo    byte      // '+', '=' or 0
}

// westernKinds are the kinds of the Western piece letters. Quirk: 81Dojo
// and some authors name dragon, horse and tokin by their English initials
// D, H and T.
var westernKinds = [256]PieceType{'P': Pawn, 'L': Lance, 'N': Knight, 'S': Silver, 'G': Gold, 'B': Bishop, 'R': Rook, 'K': King, 'D': Dragon, 'H': Horse, 'T': ProPawn}

// parseWestern reads a Western token: piece, optional origin, separator,
// destination, promotion mark. It is lenient where the meaning stays clear:
// spaces inside the token, number or letter ranks in any mix, a partial
// origin (G45b, Sc4d: MacShogi), D/H/T for dragon, horse and tokin (81Dojo),
// the recapture shorthands Gx and xG, and trailing !/?/# annotations.
func parseWestern(pos *Position, s string) (Move, error) {
	var buf [48]byte
	b := buf[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			continue
		case c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0x99 || s[i+2] == 0xb2):
			c = '\'' // ’ (Fairy-Stockfish's Hosking drop mark) and ′
			i += 2
		}
		if len(b) == cap(b) {
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "too long for a move"}
		}
		b = append(b, c)
	}
	for len(b) > 0 && (b[len(b)-1] == '!' || b[len(b)-1] == '?' || b[len(b)-1] == '#') {
		b = b[:len(b)-1]
	}
	var mt moveText
	mt.to = NoSquare
	recapture := false
	if len(b) > 0 && b[0] == 'x' { // Quirk: MacShogi writes a recapture as xG.
		recapture = true
		b = b[1:]
	}
	promoted := false
	if len(b) > 0 && b[0] == '+' {
		promoted = true
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "want a piece letter P L N S G B R K"}
	}
	switch mt.kind = westernKinds[b[0]]; {
	case mt.kind == NoPieceType:
		return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "want a piece letter P L N S G B R K (or D H T)"}
	case promoted && mt.kind.IsPromoted():
		return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "D, H and T are promoted already"}
	}
	if promoted {
		if !mt.kind.CanPromote() {
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "only P L N S B R have promoted forms"}
		}
		mt.kind = mt.kind.Promote()
	}
	b = b[1:]
	if n := len(b); n > 0 && (b[n-1] == '+' || b[n-1] == '=') {
		mt.promo = b[n-1]
		b = b[:n-1]
	}
	switch {
	case recapture && len(b) == 0:
		mt.sep = 'x'
	case len(b) == 1 && b[0] == 'x': // Quirk: playshogi writes a recapture as Gx.
		mt.sep = 'x'
		b = b[:0]
	default:
		if recapture || len(b) < 2 {
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "want a destination square such as 7f or 76"}
		}
		f, r := b[len(b)-2], b[len(b)-1]
		if f < '1' || f > '9' || !(r >= '1' && r <= '9' || r >= 'a' && r <= 'i') {
			return 0, &NotationError{Text: s, Err: ErrBadSquare, Detail: "a square is a file 1-9 and a rank a-i or 1-9"}
		}
		mt.to = NewSquare(int(f-'0'), westernRank(r))
		digitRank := r <= '9'
		b = b[:len(b)-2]
		if n := len(b); n > 0 {
			switch b[n-1] {
			case '-', 'x', '*':
				mt.sep = b[n-1]
				b = b[:n-1]
			case '\'':
				mt.sep = '*'
				b = b[:n-1]
			}
		}
		switch len(b) {
		case 0:
		case 2:
			if b[0] < '1' || b[0] > '9' || !(b[1] >= '1' && b[1] <= '9' || b[1] >= 'a' && b[1] <= 'i') {
				return 0, &NotationError{Text: s, Err: ErrBadSquare, Detail: "bad origin square"}
			}
			mt.fromFile, mt.fromRank = int(b[0]-'0'), westernRank(b[1])
		case 1:
			switch c := b[0]; {
			case c >= 'a' && c <= 'i':
				mt.fromRank = westernRank(c)
			case c >= '1' && c <= '9' && !digitRank:
				mt.fromFile = int(c - '0')
			default:
				return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "a one-character origin is a file digit before a letter rank, or a rank letter"}
			}
		default:
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "want piece, origin, - or x, destination"}
		}
	}
	return pos.resolveText(s, mt)
}

func westernRank(c byte) int {
	if c <= '9' {
		return int(c - '0')
	}
	return int(c-'a') + 1
}

// resolveText finds the one move of pos that mt describes. It checks what
// the text says (the named piece, reachability when no full origin is given)
// and leaves the rules (nifu, self-check, …) to Position.Legal; only when
// several pieces fit does it use legality to choose, since writers leave the
// origin out when just one of them has a legal move.
func (p *Position) resolveText(s string, mt moveText) (Move, error) {
	c := p.turn
	to := mt.to
	if to == NoSquare {
		last := p.last
		if last.IsZero() {
			return 0, &NotationError{Text: s, Err: ErrNoPreviousMov, Detail: "a move without destination recaptures on the previous move's square"}
		}
		to = last.To()
	}
	if mt.sep == '*' {
		if mt.fromFile != 0 || mt.fromRank != 0 {
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "a drop has no origin"}
		}
		if mt.kind.IsPromoted() || mt.kind == King {
			return 0, &NotationError{Text: s, Err: ErrSyntax, Detail: "only P L N S G B R can be dropped"}
		}
		if mt.promo == '+' {
			return 0, &NotationError{Text: s, Err: ErrBadPromotion, Detail: "a dropped piece cannot promote"}
		}
		return NewDrop(mt.kind, to), nil
	}
	pc := NewPiece(c, mt.kind)
	if mt.fromFile != 0 && mt.fromRank != 0 {
		from := NewSquare(mt.fromFile, mt.fromRank)
		switch on := p.board[from]; {
		case on == NoPiece:
			return 0, &NotationError{Text: s, Err: ErrNoPiece, Detail: "no piece on " + from.USI()}
		case on.Color() != c:
			return 0, &NotationError{Text: s, Err: ErrNotOwnPiece, Detail: "the piece on " + from.USI() + " is the opponent's"}
		case on != pc:
			return 0, &NotationError{Text: s, Err: ErrWrongPiece, Detail: "the piece on " + from.USI() + " is " + on.Type().WesternLetter()}
		}
		if from == to {
			return 0, &NotationError{Text: s, Err: ErrUnreachable, Detail: "origin and destination are the same square"}
		}
		return p.textMove(mt, from, to), nil
	}
	var first, legal Move
	n, nLegal := 0, 0
	var buf reachBuf
	for _, from := range p.Reachers(buf[:0], pc, to) {
		if mt.fromFile != 0 && from.File() != mt.fromFile || mt.fromRank != 0 && from.Rank() != mt.fromRank {
			continue
		}
		m := p.textMove(mt, from, to)
		if n == 0 {
			first = m
		}
		n++
		if p.Legal(m) == nil {
			legal = m
			nLegal++
		}
	}
	switch {
	case n == 1:
		return first, nil
	case n > 1 && nLegal == 1:
		return legal, nil
	case n > 1:
		return 0, &NotationError{Text: s, Err: ErrAmbiguous, Detail: "give the origin square"}
	}
	// Quirk: old PSN files (gshogi retries them) leave out the drop mark
	// when only a drop fits.
	if (mt.sep == 0 || mt.sep == '-') && mt.fromFile == 0 && mt.fromRank == 0 && mt.promo != '+' &&
		mt.kind >= Pawn && mt.kind <= Gold && p.hands[c][mt.kind] > 0 && p.board[to] == NoPiece {
		return NewDrop(mt.kind, to), nil
	}
	return 0, &NotationError{Text: s, Err: ErrNoSuchMove, Detail: "no " + mt.kind.WesternLetter() + " can move to " + to.USI()}
}

// textMove builds the board move from → to with the promotion the text asks
// for; with no mark, a move that must promote (a pawn to the last rank)
// promotes.
func (p *Position) textMove(mt moveText, from, to Square) Move {
	promote := mt.promo == '+'
	if mt.promo == 0 && mt.kind.CanPromote() && isDeadSquare(p.turn, mt.kind, to) {
		promote = true
	}
	return NewMove(from, to, promote)
}

// Western names of the handicap presets, as PSN's Handicap tag and Western
// move lists give them. The first nine are the values gshogi reads; the
// others follow the same pattern.
var handicapEnglish = [numHandicaps]string{
	Other:           "",
	Even:            "even",
	LanceHC:         "lance",
	RightLance:      "right lance",
	BishopHC:        "bishop",
	RookHC:          "rook",
	RookLance:       "rook+lance",
	TwoPiece:        "rook+bishop",
	ThreePiece:      "three piece",
	FourPiece:       "four piece",
	FivePiece:       "five piece",
	LeftFivePiece:   "left five piece",
	SixPiece:        "six piece",
	LeftSevenPiece:  "left seven piece",
	RightSevenPiece: "right seven piece",
	EightPiece:      "eight piece",
	TenPiece:        "ten piece",
}

// English returns the preset's Western name ("rook+bishop", "four piece"),
// or "" for Other.
func (h Handicap) English() string {
	if h >= numHandicaps {
		return ""
	}
	return handicapEnglish[h]
}

// HandicapFromEnglish returns the preset a Western name gives. Case, spaces,
// hyphens and the words "handicap" and "drop(s)" do not matter, digits may
// stand for number words ("2 piece", "Two-Piece", "rook and bishop"), and the
// KIF and JKF names are accepted too.
func HandicapFromEnglish(name string) (Handicap, bool) {
	if h, ok := HandicapFromKIF(strings.TrimSpace(name)); ok {
		return h, true
	}
	if h, ok := HandicapFromJKF(strings.ToUpper(strings.TrimSpace(name))); ok {
		return h, true
	}
	f := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_' || r == '+' || r == ',' || r == '\t'
	})
	words := f[:0]
	digits := []string{"2", "two", "3", "three", "4", "four", "5", "five", "6", "six", "7", "seven", "8", "eight", "10", "ten"}
	for _, w := range f {
		switch w {
		case "handicap", "drop", "drops", "odds", "and", "&", "pieces", "piece":
			if w == "piece" || w == "pieces" {
				words = append(words, "piece")
			}
			continue
		}
		for i := 0; i < len(digits); i += 2 {
			if w == digits[i] {
				w = digits[i+1]
			}
		}
		words = append(words, w)
	}
	key := strings.Join(words, " ")
	switch key {
	case "even", "none":
		return Even, true
	case "rook lance", "lance rook":
		return RookLance, true
	case "rook bishop", "bishop rook", "two piece":
		return TwoPiece, true
	case "left lance":
		return LanceHC, true
	case "seven piece":
		return RightSevenPiece, true
	}
	for h := Even; h < numHandicaps; h++ {
		if strings.ReplaceAll(handicapEnglish[h], "+", " ") == key {
			return h, true
		}
	}
	return Other, false
}

// westernEndings are the words Western records and PSN use for endings:
// Shogidokoro's (Resigns … Timeup), MyShogi's PSN2 words where Shogidokoro
// has none, and plain English names for the kinds neither has.
var westernEndings = [...]struct {
	kind EndingKind
	word string
}{
	{Resign, "Resigns"},
	{Interrupt, "Interrupt"},
	{Mate, "Mate"},
	{Sennichite, "Sennichite"},
	{Impasse, "Jishogi"},
	{Timeout, "Timeup"},
	{EnteringKing, "DeclarationWin"},
	{MaxMoves, "MaxMovesDraw"},
	{Try, "TryRuleWin"},
	{Draw, "Draw"},
	{NoMate, "NoMate"},
	{FoulWin, "FoulWin"},
	{FoulLose, "FoulLose"},
	{IllegalMove, "IllegalMove"},
	{WinByDefault, "WinByDefault"},
	{LoseByDefault, "LoseByDefault"},
	{Sealed, "Sealed"},
	{Error, "Error"},
	{Matta, "Matta"},
}

// WesternWord returns the word PSN and Western move lists write for the
// ending ("Resigns", "Sennichite"), and false for an Unknown ending, which
// has none (writers put its own word between dashes).
func (e Ending) WesternWord() (string, bool) {
	if e.Kind == IllegalAction {
		if e.Side == Black {
			return "BlackIllegalAction", true
		}
		return "WhiteIllegalAction", true
	}
	for _, w := range westernEndings {
		if w.kind == e.Kind {
			return w.word, true
		}
	}
	return "", false
}

// EndingFromWestern returns the ending a PSN or Western end word names
// (case does not matter), with toMove to move; PSN2's RepetitionDraw and
// RepetitionWin are read as Sennichite, "Resign" and "Resigned" as Resigns.
func EndingFromWestern(word string, toMove Color) (Ending, bool) {
	for _, w := range westernEndings {
		if strings.EqualFold(w.word, word) {
			return Ending{Kind: w.kind, Side: toMove}, true
		}
	}
	switch strings.ToLower(word) {
	case "resign", "resigned":
		return Ending{Kind: Resign, Side: toMove}, true
	case "repetitiondraw", "repetitionwin":
		return Ending{Kind: Sennichite, Side: toMove}, true
	case "blackillegalaction":
		return Ending{Kind: IllegalAction, Side: Black}, true
	case "whiteillegalaction":
		return Ending{Kind: IllegalAction, Side: White}, true
	}
	return Ending{}, false
}
