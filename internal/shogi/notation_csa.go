package shogi

// CSANotation is the move syntax of the CSA standard record format and the
// CSA server protocol: a sign, the origin square (00 for a drop), the
// destination square and the kind of piece after the move (+7776FU,
// -8822UM, +0045KA). A promotion is not marked: it shows as a promoted kind
// on a square that held the unpromoted one.
type CSANotation struct{}

// String returns "csa".
func (CSANotation) String() string { return "csa" }

// AppendMove appends the CSA text of m, played in pos, to dst.
func (CSANotation) AppendMove(dst []byte, pos *Position, m Move) []byte {
	return AppendCSAMove(dst, pos, m)
}

// ParseMove resolves CSA move text in pos (see ParseCSAMove).
func (CSANotation) ParseMove(pos *Position, s string) (Move, error) {
	return ParseCSAMove(pos, s)
}

// ErrWrongTurn is the error of a CSA move whose sign is not the side to move.
var ErrWrongTurn = &RuleError{"wrong-turn", "the move is signed for the side not to move"}

// AppendCSAMove appends the CSA text of m, played in pos: the sign of the
// side to move, the squares and the kind after the move.
func AppendCSAMove(dst []byte, pos *Position, m Move) []byte {
	sign := byte('+')
	if pos.Turn() == White {
		sign = '-'
	}
	to := m.To()
	var t PieceType
	if m.IsDrop() {
		t = m.DropType()
		dst = append(dst, sign, '0', '0')
	} else {
		from := m.From()
		t = pos.At(from).Type()
		if m.IsPromotion() {
			t = t.Promote()
		}
		dst = append(dst, sign, byte('0'+from.File()), byte('0'+from.Rank()))
	}
	name := t.CSA()
	if len(name) != 2 {
		name = "??"
	}
	return append(dst, byte('0'+to.File()), byte('0'+to.Rank()), name[0], name[1])
}

// ParseCSAMove resolves CSA move text such as "+7776FU" in pos. The sign may
// be omitted ("7776FU"); when present it must be the side to move. Text is a string or a byte slice, so readers can
// resolve moves without allocating; only a failure allocates. The move is
// resolved, not judged: whether it is legal is Position.Legal's decision.
func ParseCSAMove[T ~string | ~[]byte](pos *Position, s T) (Move, error) {
	// A reader resolves millions of moves, nearly all of them signed and
	// sound: those take a path of a few comparisons and look-ups, and
	// anything else the careful one that says what is wrong.
	if len(s) == 7 && s[0] == "+-"[pos.Turn()&1] {
		ff, fr, tf, tr := s[1]-'0', s[2]-'0', s[3]-'0', s[4]-'0'
		t := csaPieceType(s[5], s[6])
		if tf-1 < 9 && tr-1 < 9 && t != NoPieceType {
			to := Square(int(tr-1)*9 + int(9-tf))
			if ff == 0 && fr == 0 {
				if t >= Pawn && t <= Gold {
					return NewDrop(t, to), nil
				}
			} else if ff-1 < 9 && fr-1 < 9 {
				from := Square(int(fr-1)*9 + int(9-ff))
				if pc := pos.At(from); pc != NoPiece && pc.Color() == pos.Turn() && from != to {
					if pt := pc.Type(); pt == t {
						return NewMove(from, to, false), nil
					} else if pt.CanPromote() && pt+8 == t {
						return NewMove(from, to, true), nil
					}
				}
			}
		}
	}
	return parseCSAMove(pos, s)
}

// parseCSAMove is ParseCSAMove checking each part in turn, so that the
// error names the first that is wrong.
//
//go:noinline
func parseCSAMove[T ~string | ~[]byte](pos *Position, s T) (Move, error) {
	i := 0
	if signed := len(s) > 0 && (s[0] == '+' || s[0] == '-'); signed && len(s) != 7 || !signed && len(s) != 6 {
		return 0, csaError(s, ErrSyntax, "want [+-]<from><to><piece>, as +7776FU")
	}
	if len(s) == 7 {
		switch s[0] {
		case '+':
			if pos.Turn() != Black {
				return 0, csaError(s, ErrWrongTurn, "a + move with White to move")
			}
		case '-':
			if pos.Turn() != White {
				return 0, csaError(s, ErrWrongTurn, "a - move with Black to move")
			}
		}
		i = 1
	}
	for k := i; k < i+4; k++ {
		if s[k] < '0' || s[k] > '9' {
			return 0, csaError(s, ErrBadSquare, "squares are two digits 1-9 (00 for a piece in hand)")
		}
	}
	t := csaPieceType(s[i+4], s[i+5])
	if t == NoPieceType {
		return 0, csaError(s, ErrSyntax, "unknown piece name (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)")
	}
	ff, fr, tf, tr := int(s[i]-'0'), int(s[i+1]-'0'), int(s[i+2]-'0'), int(s[i+3]-'0')
	if !ValidFileRank(tf, tr) {
		return 0, csaError(s, ErrBadSquare, "bad destination square")
	}
	to := NewSquare(tf, tr)
	if ff == 0 && fr == 0 {
		if t < Pawn || t > Gold {
			return 0, csaError(s, ErrWrongPiece, "only an unpromoted piece other than the king can be dropped")
		}
		return NewDrop(t, to), nil
	}
	if !ValidFileRank(ff, fr) {
		return 0, csaError(s, ErrBadSquare, "bad origin square")
	}
	from := NewSquare(ff, fr)
	if from == to {
		return 0, csaError(s, ErrUnreachable, "origin and destination are the same square")
	}
	pc := pos.At(from)
	switch {
	case pc == NoPiece:
		return 0, csaError(s, ErrNoPiece, "")
	case pc.Color() != pos.Turn():
		return 0, csaError(s, ErrNotOwnPiece, "")
	case pc.Type() == t:
		return NewMove(from, to, false), nil
	case pc.Type().CanPromote() && pc.Type().Promote() == t:
		return NewMove(from, to, true), nil
	}
	return 0, csaError(s, ErrWrongPiece, "the origin square holds "+csaNames[pc.Type()])
}

// csaPieceType returns the kind a two-letter CSA name names, or NoPieceType.
// It is a look-up rather than a switch: a reader calls it on every move,
// and a switch of fourteen cases is a chain of branches that the processor
// mispredicts on the varied names of a game.
func csaPieceType(a, b byte) PieceType {
	if a&0xe0 != 0x40 || b&0xe0 != 0x40 {
		return NoPieceType
	}
	return csaTypeByName[int(a&31)<<5|int(b&31)]
}

// csaTypeByName is the kind of each CSA name, indexed by the low five bits
// of its letters (which tell apart the upper-case letters A to Z).
var csaTypeByName = func() (t [1 << 10]PieceType) {
	for k := Pawn; k < NumPieceTypes; k++ {
		name := csaNames[k]
		t[int(name[0]&31)<<5|int(name[1]&31)] = k
	}
	return t
}()

// CSAPieceType returns the kind a two-letter CSA name (FU, UM) names, or
// NoPieceType. It reads the two bytes without allocating.
func CSAPieceType(a, b byte) PieceType { return csaPieceType(a, b) }

func csaError[T ~string | ~[]byte](s T, err error, detail string) error {
	return &NotationError{Text: string(s), Err: err, Detail: detail}
}

// CSAHeaderKey is one row of the table between CSA game information and the
// KIF-named header keys of a Record.
type CSAHeaderKey struct {
	CSA string // "N+", "$EVENT", …
	KIF string // the header key (a Key* constant)
	V3  bool   // the CSA name exists only since V3.0
	// Also are further CSA names read as the same key ($TIMET+ is a
	// reported spelling of $TIME+).
	Also []string
}

// CSAHeaderKeys is the one mapping between CSA game information and header
// keys; the CSA reader and writer both use it. On reading, the first row
// whose CSA name (or Also name) matches gives the key; on writing, the rows
// of a key are tried in order and the first whose value form fits is used
// (持ち時間 is $TIME_LIMIT when it reads HH:MM+SS, $TIME in V3.0 when it reads
// base+byoyomi+increment). Any other $KEY is read as the header key KEY and
// written back as $KEY when the key is all upper-case ASCII; keys with no CSA
// name are written as `'key：value` comments, which the reader reads back.
//
// Differences from tsshogi (the reference reader): $EVENT is 棋戦 here (tsshogi
// reads it as 表題); 対局日 is written as $START_TIME when there is no 開始日時;
// 下手/上手 are written as N+/N- when there is no 先手/後手.
var CSAHeaderKeys = []CSAHeaderKey{
	{CSA: "N+", KIF: KeyBlack},
	{CSA: "N-", KIF: KeyWhite},
	{CSA: "$EVENT", KIF: KeyEvent},
	{CSA: "$SITE", KIF: KeySite},
	{CSA: "$START_TIME", KIF: KeyStartTime},
	{CSA: "$END_TIME", KIF: KeyEndTime},
	{CSA: "$TIME_LIMIT", KIF: KeyTimeLimit},
	{CSA: "$TIME", KIF: KeyTimeLimit, V3: true},
	{CSA: "$TIME+", KIF: KeyBlackTimeLimit, V3: true, Also: []string{"$TIMET+"}},
	{CSA: "$TIME-", KIF: KeyWhiteTimeLimit, V3: true, Also: []string{"$TIMET-"}},
	{CSA: "$OPENING", KIF: KeyOpening},
	{CSA: "$MAX_MOVES", KIF: KeyMaxMoves, V3: true},
	{CSA: "$JISHOGI", KIF: KeyJishogi, V3: true},
	{CSA: "$NOTE", KIF: KeyNote, V3: true},
}

// CSAKeyToHeader returns the header key of a CSA game-information name ("N+",
// "$EVENT", "$FOO"): the table's key, or the name without its `$`.
func CSAKeyToHeader(name string) string {
	for _, k := range CSAHeaderKeys {
		if k.CSA == name {
			return k.KIF
		}
		for _, a := range k.Also {
			if a == name {
				return k.KIF
			}
		}
	}
	if len(name) > 1 && name[0] == '$' {
		return name[1:]
	}
	return name
}
