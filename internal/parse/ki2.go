package parse

import (
	"bytes"
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// KI2 reads Kakinoki's KI2 format: the KIF header, board diagram, comments
// and 変化 blocks, with moves in Japanese notation resolved against the
// position (▲７六歩 △３四歩, several to a line, with or without spaces,
// ☗☖▽▼ marks, squares written ７六, ７６ or 76) and the result stated by a
// まで line:
//
//	手合割：平手
//	▲７六歩    △３四歩    ▲２六歩    △８四歩
//	*コメント
//	▲２五歩    △８五歩
//	まで6手で中断
//
//	変化：5手
//	▲７八金    △３二金
//	まで6手で中断
//
// A まで line gives the ending of the line it closes (まで61手で詰み, まで2手で
// 封じ手, まで94手で後手の勝ち = Black resigned). Numbered KIF move lines are
// read too. Illegal moves are treated as KIF does (kakinoki_foul.go).
type KI2 struct {
	Options
	k kakinoki
}

// NewKI2 returns a KI2 reader. Options are read at the first Read.
func NewKI2(r io.Reader, opt Options) *KI2 {
	x := newReader[KI2](opt)
	x.Options = opt
	x.k.init(r, opt, "ki2")
	return x
}

// Read returns the record, then io.EOF.
func (r *KI2) Read() (*shogi.Record, error) {
	r.k.Options = r.Options
	r.k.lr.file = r.Filename
	return r.k.read()
}

// Warnings returns the problems tolerated in the record last read.
func (r *KI2) Warnings() ErrorList { return r.k.warnings }

// ki2Moves reads a line of KI2 moves. The moves are split on the side
// marks, not on spaces: a padded column layout can leave a long move
// touching the next (▲同　銀不成△４二金寄).
func (k *kakinoki) ki2Moves(raw, t []byte) error {
	if k.noNum != nil {
		return k.noNumErr()
	}
	base := col(raw, t)
	i := 0
	// The current line's last node, stored in k.cur only when ki2Move
	// runs or the line ends (see read).
	tail := k.cur.tail
	for i < len(t) {
		side, n := sideMark(t[i:])
		if n == 0 {
			k.cur.tail = tail
			return k.errAt(raw, base+i, ErrSyntax, "want a move starting with ▲ or △")
		}
		// The common case, a legal move as Kifu for Windows writes it
		// followed by spaces and the next mark or the end of the line,
		// is read, checked and played in one step; ki2Move reads the rest.
		if side == k.pos.Turn() && k.foul == nil && k.dropping == nil && !tail.IsEnd() && k.places == nil {
			if m, w, ok := (shogi.KI2Notation{}).ReadMove(&k.pos, t[i+n:]); ok {
				if j := skipJaSpaces(t, i+n+w); (j == len(t) || isSideMark(t[j:])) && k.pos.PlayLegal(m) == nil {
					tail = k.addPlayed(tail, m, shogi.MoveTime{})
					i = j
					continue
				}
			}
		}
		k.cur.tail = tail
		// The next move starts at the next side mark; every mark begins
		// with the byte 0xE2.
		j := i + n
		for {
			x := bytes.IndexByte(t[j:], 0xE2)
			if x < 0 {
				j = len(t)
				break
			}
			j += x
			if _, m := sideMark(t[j:]); m > 0 {
				break
			}
			j++
		}
		if err := k.ki2Move(raw, base+i, side, t[i:j], trimSpaces(t[i+n:j])); err != nil {
			return err
		}
		tail = k.cur.tail
		i = j
	}
	k.cur.tail = tail
	return nil
}

// ki2Move reads one move (or ending) of a KI2 line, text with its side
// mark and tok without; at is its byte column.
func (k *kakinoki) ki2Move(raw []byte, at int, side shogi.Color, text, tok []byte) error {
	ply := k.ply()
	if k.skipping() {
		k.dropped++ // the rest of a line cut at an illegal move
		return nil
	}
	if len(tok) == 0 {
		return k.errAt(raw, at, ErrSyntax, "want a move after the side mark")
	}
	// Quirk: Shogi DB2 writes the result as a pseudo-move (△投了, ▲千日手);
	// the まで line after it then only repeats it. A move starts with its
	// square or 同, which no ending word does.
	if r := shogi.Rune3(tok, 0); tok[0]-'1' >= 9 && fileDigit(r) == 0 && r != '同' {
		if e, ok := shogi.EndingFromKIF(string(tok), k.pos.Turn()); ok {
			nd, err := k.end(e, raw, at)
			k.places.note(nd, shogi.PartMove, &k.lr, raw, at, cap(text)-cap(tok)+len(tok))
			return err
		}
	}
	if k.lineEnded() {
		return k.errAt(raw, at, ErrSyntax, "a move after the special ending that ends this line (a new line of play needs 変化：N手)")
	}
	if drop, err := k.beforeMove(); drop || err != nil {
		return err
	}
	if side != k.pos.Turn() {
		if err := k.warn(k.lr.posAt(raw, at), ErrSyntax, "the side mark names the side not to move"); err != nil {
			return err
		}
	}
	m, err := shogi.KI2Notation{}.ParseMoveBytes(&k.pos, tok)
	if err != nil {
		wrong := at // the move as a whole, its side mark included
		if i := notationAt(err); i >= 0 {
			wrong += col(text, tok) + i
		}
		return &Error{Pos: k.lr.posAt(raw, wrong), Ply: ply + k.plyOffset, Err: ruleErr(err),
			Detail: "ply " + strconv.Itoa(ply+k.plyOffset) + " " + string(text) + ": " + notationDetail(err)}
	}
	text = text[:cap(text)-cap(tok)+len(tok)] // without the blanks after it
	nd, err := k.play(m, raw, at, text)
	k.places.note(nd, shogi.PartMove, &k.lr, raw, at, len(text))
	return err
}

// sideMark returns the side a leading ▲△☗☖▽▼ names and its length, or 0.
func sideMark(b []byte) (shogi.Color, int) {
	c, rest, ok := cutSideMark(b)
	if !ok {
		return shogi.Black, 0
	}
	return c, len(b) - len(rest)
}

// isSideMark reports whether b starts with a side mark.
func isSideMark(b []byte) bool {
	_, _, ok := cutSideMark(b)
	return ok
}

// trimSpaces removes ASCII and full-width spaces at both ends of b.
func trimSpaces(b []byte) []byte {
	b = b[skipJaSpaces(b, 0):]
	for {
		switch n := len(b); {
		case n > 0 && (b[n-1] == ' ' || b[n-1] == '\t'):
			b = b[:n-1]
		case n >= 3 && b[n-3] == 0xE3 && b[n-2] == 0x80 && b[n-1] == 0x80:
			b = b[:n-3]
		default:
			return b
		}
	}
}
