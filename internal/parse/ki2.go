package parse

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

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
// read too. Illegal moves are treated as KIF does.
type KI2 struct {
	Options
	k *kakinoki
}

// NewKI2 returns a KI2 reader. Options are read at the first Read.
func NewKI2(r io.Reader, opt Options) *KI2 {
	return &KI2{Options: opt, k: newKakinoki(r, opt, "ki2")}
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
	s := string(t) // once per line; the moves are substrings of it
	base := col(raw, t)
	i := 0
	for i < len(s) {
		side, n := sideMark(s[i:])
		if n == 0 {
			return k.errAt(raw, base+i, ErrSyntax, "want a move starting with ▲ or △")
		}
		// The next move starts at the next side mark; every mark begins
		// with the byte 0xE2.
		j := i + n
		for {
			k := strings.IndexByte(s[j:], 0xE2)
			if k < 0 {
				j = len(s)
				break
			}
			j += k
			if _, m := sideMark(s[j:]); m > 0 {
				break
			}
			j++
		}
		tok := trimJaString(s[i+n : j])
		if err := k.ki2Move(raw, base+i, side, s[i:j], tok); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// ki2Move reads one move (or ending) of a KI2 line; at is its byte column.
func (k *kakinoki) ki2Move(raw []byte, at int, side shogi.Color, text, tok string) error {
	ply := k.ply()
	if tok == "" {
		return k.errAt(raw, at, ErrSyntax, "want a move after the side mark")
	}
	// Quirk: Shogi DB2 writes the result as a pseudo-move (△投了, ▲千日手);
	// the まで line after it then only repeats it.
	if e, ok := shogi.EndingFromKIF(tok, k.pos.Turn()); ok {
		_, err := k.end(e, raw, at)
		return err
	}
	if k.lineEnded() {
		return k.errAt(raw, at, ErrSyntax, "a move after the special ending that ends this line (a new line of play needs 変化：N手)")
	}
	if err := k.pendingFoul(); err != nil {
		return err
	}
	if side != k.pos.Turn() {
		if err := k.warn(k.lr.posAt(raw, at), ErrSyntax, "the side mark names the side not to move"); err != nil {
			return err
		}
	}
	m, err := shogi.KI2Notation{}.ParseMove(&k.pos, tok)
	if err != nil {
		return &Error{Pos: k.lr.posAt(raw, at), Ply: ply + k.plyOffset, Err: ruleErr(err),
			Detail: "ply " + strconv.Itoa(ply+k.plyOffset) + " " + text + ": " + notationDetail(err)}
	}
	_, err = k.play(m, raw, at, raw[at:at+len(text)])
	return err
}

// sideMark returns the side a leading ▲△☗☖▽▼ names and its length, or 0.
func sideMark(s string) (shogi.Color, int) {
	r, n := utf8.DecodeRuneInString(s)
	switch r {
	case '▲', '☗', '▼':
		return shogi.Black, n
	case '△', '☖', '▽':
		return shogi.White, n
	}
	return shogi.Black, 0
}

// trimJaString removes ASCII and full-width spaces at both ends of s.
func trimJaString(s string) string {
	for {
		switch {
		case len(s) > 0 && (s[0] == ' ' || s[0] == '\t'):
			s = s[1:]
		case len(s) >= 3 && s[:3] == "\u3000":
			s = s[3:]
		case len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t'):
			s = s[:len(s)-1]
		case len(s) >= 3 && s[len(s)-3:] == "\u3000":
			s = s[:len(s)-3]
		default:
			return s
		}
	}
}
