package parse

import (
	"bytes"
	"encoding/binary"
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// KIF reads Kakinoki's KIF format (.kif in Shift_JIS, .kifu in UTF-8; the
// text reaches the reader already decoded by package charset), as Kifu for
// Windows, Kakinoki, ShogiGUI, Shogidokoro, ShogiHome, 81Dojo, Piyo Shogi
// and Shogi Wars write it:
//
//	開始日時：1999/07/15(木) 19:07:12
//	手合割：平手
//	先手：羽生善治
//	手数----指手---------消費時間--
//	   1 ７六歩(77)   ( 0:16/00:00:16)
//	*初手のコメント
//	   2 ３四歩(33)   ( 0:05/00:00:05)+
//	   3 中断         ( 0:03/ 0:00:19)
//	まで2手で中断
//
//	変化：2手
//	   2 ８四歩(83)   ( 0:02/00:00:02)
//
// Every move is checked with the rules as it is read. An illegal move stays
// in the tree as its line's last move: documented by 反則勝ち or 反則負け
// right after it (or after the capture of the king it left in check), or
// else reported as a warning with the rest of its line dropped (an error
// under Strict); see kakinoki_foul.go. A 変化：N手 block is an alternative to the move
// at ply N of the most recent line that has a move at ply N−1, so blocks may
// come in any order and nest to any depth; each block adds one alternative,
// even one that repeats a move already there. Lines of KI2 moves
// (▲７六歩△３四歩) are read too. The whole input is one record.
type KIF struct {
	Options
	k kakinoki
}

// NewKIF returns a KIF reader. Options are read at the first Read.
func NewKIF(r io.Reader, opt Options) *KIF {
	x := newReader[KIF](opt)
	x.Options = opt
	x.k.init(r, opt, "kif")
	return x
}

// Read returns the record, then io.EOF.
func (r *KIF) Read() (*shogi.Record, error) {
	r.k.Options = r.Options
	r.k.lr.file = r.Filename
	return r.k.read()
}

// Warnings returns the problems tolerated in the record last read.
func (r *KIF) Warnings() ErrorList { return r.k.warnings }

// kifMove reads a numbered KIF move line: a move or a special ending, an
// optional time, and an optional + (a variation starts here; the 変化
// blocks say where, so it is not needed).
func (k *kakinoki) kifMove(raw, t []byte) error {
	if k.noNum != nil {
		return k.noNumErr()
	}
	num, i := 0, 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		if num < 1e8 {
			num = num*10 + int(t[i]-'0')
		}
		i++
	}
	body := t[skipJaSpaces(t, i):]
	at := col(raw, body)
	if len(body) == 0 {
		return k.errAt(raw, at, ErrSyntax, "want a move or a special ending after the move number")
	}
	if k.skipping() {
		// The rest of a line cut at an illegal move: moves are counted,
		// endings and times go with them.
		if n := moveTokenLen(body); n > 0 && looksLikeMove(body[:n]) {
			k.dropped++
		}
		return nil
	}
	ply := k.ply()
	if num != ply+k.plyOffset {
		if err := k.warn(k.lr.posAt(raw, col(raw, t)), ErrSyntax, "move number "+strconv.Itoa(num)+", want "+strconv.Itoa(ply+k.plyOffset)); err != nil {
			return err
		}
	}
	if c, rest, ok := cutSideMark(body); ok {
		if c != k.pos.Turn() && k.foul == nil {
			if err := k.warn(k.lr.posAt(raw, at), ErrSyntax, "the side mark names the side not to move"); err != nil {
				return err
			}
		}
		body = rest
	}
	var node *shogi.Node
	m, n, ok := fastKIFMove(&k.pos, body)
	if ok && k.lineEnded() {
		return k.errAt(raw, at, ErrSyntax, "a move after the special ending that ends this line (a new line of play needs 変化：N手)")
	}
	if !ok {
		n = moveTokenLen(body)
		word := body[:n]
		if n == 0 {
			return k.errAt(raw, at, ErrSyntax, "want a move like ７六歩(77) or a special ending like 投了 after the move number")
		}
		if e, known := shogi.EndingFromKIF(string(word), k.pos.Turn()); known {
			nd, err := k.end(e, raw, at)
			if err != nil {
				return err
			}
			node = nd
		} else if looksLikeMove(word) {
			if k.lineEnded() {
				return k.errAt(raw, at, ErrSyntax, "a move after the special ending that ends this line (a new line of play needs 変化：N手)")
			}
			if drop, err := k.beforeMove(); drop || err != nil {
				return err
			}
			mv, err := shogi.KIFNotation{}.ParseMove(&k.pos, string(word))
			if err != nil {
				return &Error{Pos: k.lr.posAt(raw, at+max(notationAt(err), 0)), Ply: ply + k.plyOffset, Err: ruleErr(err),
					Detail: "ply " + strconv.Itoa(ply+k.plyOffset) + " " + string(word) + ": " + notationDetail(err)}
			}
			m = mv
		} else {
			// An ending word this reader does not know (トライ variants,
			// a producer's own words): kept as it is.
			if err := k.warn(k.lr.posAt(raw, at), ErrUnknownEnd, "unknown special ending "+strconv.Quote(string(word))+"; kept as it is"); err != nil {
				return err
			}
			nd, err := k.end(shogi.Ending{Kind: shogi.Unknown, Word: string(word)}, raw, at)
			if err != nil {
				return err
			}
			node = nd
		}
	}
	if node == nil {
		nd, err := k.play(m, raw, at, body[:n])
		if err != nil {
			return err
		}
		node = nd
	}
	if node == nil {
		return nil // dropped
	}
	k.places.note(node, shogi.PartMove, &k.lr, raw, at, n)
	return k.kifTail(raw, body[n:], node)
}

// kifTail reads what follows the move: the time in parentheses, a second
// time column, and the + mark.
func (k *kakinoki) kifTail(raw, rest []byte, node *shogi.Node) error {
	rest = rest[skipJaSpaces(rest, 0):]
	if len(rest) > 0 && rest[0] == '(' {
		j := bytes.IndexByte(rest, ')')
		if j < 0 {
			return k.warn(k.lr.posAt(raw, col(raw, rest)), ErrBadTime, "want ) at the end of the time; time ignored")
		}
		mt, ok := parseKIFTime(rest[1:j])
		k.places.note(node, shogi.PartTime, &k.lr, raw, col(raw, rest), j+1)
		if !ok {
			if err := k.warn(k.lr.posAt(raw, col(raw, rest)), ErrBadTime, "want a time like ( 0:16/00:00:16); time ignored"); err != nil {
				return err
			}
		} else if !node.Time().HasTime {
			k.rec.SetTime(node, mt)
		}
		rest = rest[j+1:]
		rest = rest[skipJaSpaces(rest, 0):]
		// Quirk: IS-SHOGI repeats the time column; the copy is ignored.
		if len(rest) > 0 && rest[0] == '(' {
			if j := bytes.IndexByte(rest, ')'); j > 0 {
				if _, ok := parseKIFTime(rest[1:j]); ok {
					rest = rest[j+1:]
					rest = rest[skipJaSpaces(rest, 0):]
				}
			}
		}
	}
	// Quirk: Kifu for Windows marks a move that has variations with +.
	if len(rest) > 0 && rest[0] == '+' {
		rest = rest[1:]
		rest = rest[skipJaSpaces(rest, 0):]
	}
	if len(rest) > 0 {
		return k.warn(k.lr.posAt(raw, col(raw, rest)), ErrSyntax, "unexpected text after the move; ignored")
	}
	return nil
}

// parseKIFTime reads " 0:16/00:00:16", "0:4/0:0:4", "00:00 / 00:00:00" or
// just the time of the move: minutes:seconds (or hours:minutes:seconds) for
// the move, hours:minutes:seconds for the total. It is one pass over the
// bytes: it runs for every move.
func parseKIFTime(b []byte) (shogi.MoveTime, bool) {
	if mt, ok := parseKfWTime(b); ok {
		return mt, true
	}
	var mt shogi.MoveTime
	var clock [2]int // seconds of the move and of the total
	var fields [2]int
	c, v, digits := 0, 0, 0
	end := func() bool { // a number ends
		if digits == 0 || fields[c] == 3 {
			return false
		}
		clock[c] = clock[c]*60 + v
		fields[c]++
		v, digits = 0, 0
		return true
	}
	for i := 0; i < len(b); i++ {
		switch x := b[i]; {
		case x >= '0' && x <= '9':
			if digits == 6 {
				return mt, false
			}
			v = v*10 + int(x-'0')
			digits++
		case x == ':':
			if !end() {
				return mt, false
			}
		case x == '/':
			if c == 1 || digits > 0 && !end() || fields[0] < 2 {
				return mt, false
			}
			c = 1
		case x == ' ' || x == '\t':
			if digits > 0 && !end() {
				return mt, false
			}
		default:
			return mt, false
		}
	}
	if digits > 0 && !end() {
		return mt, false
	}
	if fields[0] < 2 || c == 1 && fields[1] == 1 {
		return mt, false
	}
	mt.Elapsed, mt.HasTime = time.Duration(clock[0])*time.Second, true
	// Quirk: 81Dojo leaves the total out: ( 0:7/).
	if fields[1] > 0 {
		mt.Total, mt.HasTotal = time.Duration(clock[1])*time.Second, true
	}
	return mt, true
}

// parseKfWTime reads the layout Kifu for Windows writes, " m:ss/hh:mm:ss"
// with one to three digits of minutes, by position.
func parseKfWTime(b []byte) (shogi.MoveTime, bool) {
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	c := len(b) - 12 // where the colon of m:ss is when the layout fits
	if c < 1 || c > 3 || b[c] != ':' || b[c+3] != '/' || b[c+6] != ':' || b[c+9] != ':' {
		return shogi.MoveTime{}, false
	}
	m := 0
	for _, x := range b[:c] {
		if x-'0' > 9 {
			return shogi.MoveTime{}, false
		}
		m = m*10 + int(x-'0')
	}
	d := b[c+1 : c+12 : c+12]
	s1, s2, h1, h2, i1, i2, t1, t2 := d[0]-'0', d[1]-'0', d[3]-'0', d[4]-'0', d[6]-'0', d[7]-'0', d[9]-'0', d[10]-'0'
	if s1 > 9 || s2 > 9 || h1 > 9 || h2 > 9 || i1 > 9 || i2 > 9 || t1 > 9 || t2 > 9 {
		return shogi.MoveTime{}, false
	}
	s := int(s1)*10 + int(s2)
	total := (int(h1)*10+int(h2))*3600 + (int(i1)*10+int(i2))*60 + int(t1)*10 + int(t2)
	return shogi.MoveTime{Elapsed: time.Duration(m*60+s) * time.Second, Total: time.Duration(total) * time.Second,
		HasTime: true, HasTotal: true}, true
}

// moveTokenLen returns the length of the move or ending word at the start
// of b: up to a space or a parenthesis, keeping the space after 同 and an
// origin (77) that follows at once.
func moveTokenLen(b []byte) int {
	i := 0
	if bytes.HasPrefix(b, []byte("同")) {
		i = skipJaSpaces(b, len("同"))
	}
	for i < len(b) {
		c := b[i]
		if c == ' ' || c == '\t' || bytes.HasPrefix(b[i:], bFullSpace) {
			break
		}
		if c == '(' {
			if j := bytes.IndexByte(b[i:], ')'); j > 0 && j <= 4 && isDigits(b[i+1:i+j]) {
				return i + j + 1
			}
			break
		}
		_, n := utf8.DecodeRune(b[i:])
		i += n
	}
	return i
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// looksLikeMove reports whether a word that is not a known ending is meant
// as a move (it starts with a square or 同, or has an origin or damaged
// characters) rather than an ending word of another producer.
func looksLikeMove(w []byte) bool {
	r, _ := utf8.DecodeRune(w)
	return shogi.JaDigitValue(r) > 0 && r != '一' || r == '同' || bytes.IndexByte(w, '(') >= 0 || bytes.ContainsRune(w, utf8.RuneError)
}

// fastKIFLine reads a move line as Kifu for Windows writes it, the bulk
// of a KIF file (`   1 ７六歩(77)   ( 0:16/00:00:16)`, with or without the
// time and the +), in one pass over the bytes. It reports false, having
// changed nothing, for a line of any other shape, a number that is not the
// next ply's or a move that is not legal: kifMove then reads the line with
// every check and message. The caller checks k.fast first, and passes the
// last node of the current line (see read); fastKIFLine returns the node
// it adds, or nil. With places, the move's and the time's are noted on the
// whole line raw, number line, which starts at input offset start.
//
// Kept for speed (with kfwTime): BenchmarkReadGenerated/kif-sjis (make
// bench-read) is 1.20× in CPU time and 1.27× in instructions with it, under
// the 1.5× bar; see fastMoves in csa.go for why it stays.
func (k *kakinoki) fastKIFLine(raw []byte, tail *shogi.Node, start int64, line int) *shogi.Node {
	// The layout pads with ASCII spaces; tabs and full-width spaces are
	// left to kifMove.
	i := skipSpaces(raw, 0)
	num, j := 0, i
	for ; j < len(raw); j++ {
		d := raw[j] - '0'
		if d > 9 {
			break
		}
		num = num*10 + int(d)
	}
	if j == i || j-i > 8 || num != k.ply()+k.plyOffset || j >= len(raw) || raw[j] != ' ' {
		return nil
	}
	if i = j + 1; i < len(raw) && raw[i] == ' ' {
		i = skipSpaces(raw, i)
	}
	m, n, ok := fastKIFMove(&k.pos, raw[i:])
	if !ok {
		return nil
	}
	moveAt, moveLen := i, n
	i = skipSpaces(raw, i+n)
	var mt shogi.MoveTime
	timeAt, timeLen := -1, 0
	if i < len(raw) && raw[i] == '(' {
		timeAt = i
		if mt, n, ok = kfwTime(raw[i:]); !ok {
			e := bytes.IndexByte(raw[i:], ')')
			if e < 0 {
				return nil
			}
			if mt, ok = parseKIFTime(raw[i+1 : i+e]); !ok {
				return nil
			}
			n = e + 1
		}
		timeLen = n
		for i += n; i < len(raw) && raw[i] == ' '; i++ {
		}
		if i < len(raw) && raw[i] == '(' {
			return nil
		}
	}
	if i < len(raw) && raw[i] == '+' {
		i++
	}
	if len(trimJaRight(raw[i:])) > 0 || tail.IsEnd() || k.pos.PlayLegal(m) != nil {
		return nil
	}
	node := k.addPlayed(tail, m, mt)
	if k.places != nil {
		k.places.noteLine(node, shogi.PartMove, start, line, moveAt, moveLen)
		if timeAt >= 0 {
			k.places.noteLine(node, shogi.PartTime, start, line, timeAt, timeLen)
		}
	}
	return node
}

// skipSpaces returns the index of the first byte at or after i that is not
// an ASCII space.
func skipSpaces(b []byte, i int) int {
	for i < len(b) && b[i] == ' ' {
		i++
	}
	return i
}

// kfwTime reads the time as Kifu for Windows writes it, `( m:ss/hh:mm:ss)`
// with one to three digits of minutes, at the start of b, and returns it and
// its length. Any other layout is for parseKIFTime.
func kfwTime(b []byte) (shogi.MoveTime, int, bool) {
	i := 1
	for i < len(b) && b[i] == ' ' {
		i++
	}
	m, j := 0, i
	for ; j < len(b) && j-i < 3; j++ {
		d := b[j] - '0'
		if d > 9 {
			break
		}
		m = m*10 + int(d)
	}
	if j == i || j+13 > len(b) || b[j] != ':' {
		return shogi.MoveTime{}, 0, false
	}
	// ss/hh:mm and :ss) are read eight and four bytes at a time: the
	// separators compared whole, the digits checked and summed in place.
	x := binary.LittleEndian.Uint64(b[j+1:])
	y := binary.LittleEndian.Uint32(b[j+9:])
	const (
		xDigits = 0xFFFF00FFFF00FFFF // ss hh mm
		xSeps   = 0x0000FF0000FF0000 // / and :
		yDigits = 0x00FFFF00         // ss
	)
	if x&xSeps != 0x00003A00002F0000 || y&^yDigits != 0x2900003A ||
		x&xDigits&0xF0F0F0F0F0F0F0F0 != 0x3030003030003030 || (x+0x0606060606060606)&xDigits&0xF0F0F0F0F0F0F0F0 != 0x3030003030003030 ||
		y&yDigits&0xF0F0F0F0 != 0x00303000 || (y+0x06060606)&yDigits&0xF0F0F0F0 != 0x00303000 {
		return shogi.MoveTime{}, 0, false
	}
	x &= 0x0F0F000F0F000F0F
	y &= 0x000F0F00
	s := int(x&0xF)*10 + int(x>>8&0xF)
	h := int(x>>24&0xF)*10 + int(x>>32&0xF)
	mi := int(x>>48&0xF)*10 + int(x>>56&0xF)
	total := h*3600 + mi*60 + int(y>>8&0xF)*10 + int(y>>16&0xF)
	return shogi.MoveTime{Elapsed: time.Duration(m*60+s) * time.Second, Total: time.Duration(total) * time.Second,
		HasTime: true, HasTotal: true}, j + 13, true
}

// fastKIFMove reads the move text Kifu for Windows writes (７六歩(77),
// 同　歩(23), ２二角成(88), ５五角打, ２三銀不成(34), ３三角打(00)) without
// allocating, and returns the move and the bytes read. Anything else, or a
// move whose origin does not hold the named piece, is left to
// shogi.KIFNotation, which reads more forms and explains what is wrong.
//
// Kept as a second reader of move text: BenchmarkReadGenerated/kif-sjis/read
// is 1.9x faster with it (instructions per iteration), and allocates 15x
// less, than with shogi.KIFNotation alone.
func fastKIFMove(p *shogi.Position, b []byte) (shogi.Move, int, bool) {
	var to shogi.Square
	var i int
	switch c, v := shogi.JaCharAt(b, 0); c {
	case shogi.JaDigit:
		c2, rk := shogi.JaCharAt(b, 3)
		if c2 != shogi.JaNumeral && c2 != shogi.JaDigit {
			return 0, 0, false
		}
		to, i = shogi.NewSquare(int(v), int(rk)), 6
	case shogi.JaSame:
		last := p.LastMove()
		if last.IsZero() {
			return 0, 0, false
		}
		to = last.To()
		i = skipJaSpaces(b, 3)
	default:
		// Quirk: hand-made files write the square in ASCII (76歩).
		if len(b) == 0 || b[0]-'1' >= 9 {
			return 0, 0, false
		}
		rk := 0
		if len(b) > 1 && b[1]-'1' < 9 {
			rk, i = int(b[1]-'0'), 2
		} else if c2, r := shogi.JaCharAt(b, 1); c2 == shogi.JaNumeral || c2 == shogi.JaDigit {
			rk, i = int(r), 4
		} else {
			return 0, 0, false
		}
		to = shogi.NewSquare(int(b[0]-'0'), rk)
	}
	c, v := shogi.JaCharAt(b, i)
	kind := shogi.PieceType(v)
	i += 3
	if c == shogi.JaPromote {
		c, v = shogi.JaCharAt(b, i)
		kind = shogi.PieceType(v)
		if c != shogi.JaPiece || kind != shogi.Lance && kind != shogi.Knight && kind != shogi.Silver {
			return 0, 0, false
		}
		kind = kind.Promote()
		i += 3
	} else if c != shogi.JaPiece {
		return 0, 0, false
	}
	promote, drop := false, false
	if i < len(b) && b[i] != '(' {
		switch c, _ := shogi.JaCharAt(b, i); c {
		case shogi.JaPromote:
			promote = true
			i += 3
		case shogi.JaDrop:
			drop = true
			i += 3
		case shogi.JaNot:
			if c2, _ := shogi.JaCharAt(b, i+3); c2 != shogi.JaPromote {
				return 0, 0, false
			}
			i += 6
		case shogi.JaRaw:
			i += 3
		}
	}
	var o uint32 // the origin (xy), as bytes
	if uint(i)+4 <= uint(len(b)) {
		o = binary.LittleEndian.Uint32(b[i:])
	}
	if x, y := byte(o>>8)-'0', byte(o>>16)-'0'; byte(o) == '(' && byte(o>>24) == ')' && x <= 9 && y <= 9 {
		ff, fr := int(x), int(y)
		i += 4
		if ff == 0 && fr == 0 {
			drop = true
		} else if drop || ff == 0 || fr == 0 {
			return 0, 0, false
		} else {
			from := shogi.NewSquare(ff, fr)
			pc := p.At(from)
			if pc == shogi.NoPiece || pc.Color() != p.Turn() || pc.Type() != kind || from == to {
				return 0, 0, false
			}
			return shogi.NewMove(from, to, promote), i, true
		}
	}
	if !drop || promote || kind > shogi.Gold {
		return 0, 0, false
	}
	return shogi.NewDrop(kind, to), i, true
}

// fileDigit reads a file written as a full-width or ASCII digit.
func fileDigit(r rune) int {
	switch {
	case r >= '１' && r <= '９':
		return int(r - '０')
	case r >= '1' && r <= '9':
		return int(r - '0')
	}
	return 0
}
