package parse

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The short ways through the entries of "moves", once jsonScanner.replay
// has read them (the whole array, or one entry) whole: the decoder has
// checked the text, so a cursor steps through it in one pass with no error
// cases, matching member names eight bytes at a time, and positions are
// worked out only for the few values a later message may name. A short way
// takes only the usual shape (an entry's "move" and "time" with known
// members, values of the right type and range and plain ASCII strings, and
// its "comments" as strings without escapes; LF or CRLF line breaks, no
// space before a colon); at anything else it stops, and the reader goes on
// token by token from there, with its messages.
//
// They are a speed trick kept under the 1.5× rule: BenchmarkReadGenerated/jkf/reuse
// (make bench-read) reads 1.07 M moves a CPU second with them and 0.59 M
// without (jsonScanner.tokenwise), 1.8× (read 0.95 against 0.52). jsontext
// alone cannot do better: BenchmarkJKFDecoder shows its token loop at
// 1.5 M moves/s, and its check of whole documents, with no reader work, at
// 2.5 M: the check is about half of the reader's time.

// The helpers take the text and an index and return the index after what
// they read (-1 when it is not what they take), so that the index stays in
// a register.

// ws returns the index of the first byte at or after i that is not white
// space (the text is valid JSON: no other byte below '!' is outside a
// string).
func ws(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i
	}
	return skipWS(b, i)
}

// skipWS is ws eight bytes at a time: a byte above ' ' has its top bit
// set in itself or, below 0x80, once 0x5F is added (which no byte of
// white space carries out of).
func skipWS(b []byte, i int) int {
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := (x + 0x5F5F5F5F5F5F5F5F | x) & 0x8080808080808080; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(b) && b[i] <= ' ' {
		i++
	}
	return i
}

// word returns the eight bytes at i as a little-endian number, with zeros
// past the end of b.
func word(b []byte, i int) uint64 {
	if i+8 <= len(b) {
		return binary.LittleEndian.Uint64(b[i:])
	}
	return wordTail(b, i)
}

func wordTail(b []byte, i int) uint64 {
	var x uint64
	for k := min(len(b), i+8) - 1; k >= i; k-- {
		x = x<<8 | uint64(b[k])
	}
	return x
}

// name returns s (at most eight bytes) as word reads it, and the mask of
// its bytes.
func name(s string) (uint64, uint64) {
	var b [8]byte
	copy(b[:], s)
	return binary.LittleEndian.Uint64(b[:]), 1<<(8*len(s)) - 1
}

// Member names with their colon, as word reads them, and their masks.
var (
	nMove, mMove       = name(`"move":`)
	nTime, mTime       = name(`"time":`)
	nColor, _          = name(`"color":`)
	nFrom, mFrom       = name(`"from":`)
	nTo, mTo           = name(`"to":`)
	nPiece, _          = name(`"piece":`)
	nSame, mSame       = name(`"same":`)
	nNow, mNow         = name(`"now":`)
	nTotal, _          = name(`"total":`)
	nX, mKey1          = name(`"x":`)
	nY, _              = name(`"y":`)
	nH, _              = name(`"h":`)
	nM, _              = name(`"m":`)
	nS, _              = name(`"s":`)
	nCaptur, _         = name(`"capture`) // then `":`
	nPromot, _         = name(`"promote`) // then `":`
	nRelati, _         = name(`"relativ`) // then `e":`
	nComment, _        = name(`"comment`) // then `s":`
	nSColonQ, mSColonQ = name(`s":`)
	nColonQ, mColonQ   = name(`":`)
	nEColonQ, mEColonQ = name(`e":`)
)

// member returns the index of the next member's name (its quote) of an
// object, from i just past its '{' or one of its values, or of the
// closing '}'.
func member(b []byte, i int) int {
	i = ws(b, i)
	if i < len(b) && b[i] == ',' {
		return ws(b, i+1)
	}
	return i
}

// closes reports whether index i (from member) is an object's end.
func closes(b []byte, i int) bool { return i < len(b) && b[i] == '}' }

// plainString reads the string at i when it is plain ASCII (no escapes)
// and short, returning its contents.
func plainString(b []byte, i int) ([]byte, int) {
	if i >= len(b) || b[i] != '"' {
		return nil, -1
	}
	j := i + 1
	for j < len(b) && j-i < 64 && b[j] != '"' && b[j] != '\\' && b[j] < 0x80 {
		j++
	}
	if j == len(b) || b[j] != '"' {
		return nil, -1
	}
	return b[i+1 : j], j + 1
}

// smallUint reads a non-negative integer of at most 9 digits at i.
func smallUint(b []byte, i int) (int, int) {
	j, n := i, 0
	for j < len(b) && j-i < 9 && b[j]-'0' < 10 {
		n = n*10 + int(b[j]-'0')
		j++
	}
	if j == i || j < len(b) && jsonNumber[b[j]] {
		return 0, -1
	}
	return n, j
}

// digitAt reads a one-digit number at i.
func digitAt(b []byte, i int) (int, int) {
	if i+1 < len(b) && b[i]-'0' < 10 && !jsonNumber[b[i+1]] {
		return int(b[i] - '0'), i + 1
	}
	return smallUint(b, i)
}

// boolAt reads true or false at i.
func boolAt(b []byte, i int) (bool, int) {
	switch word(b, i) & 0xFFFFFFFFFF {
	case 'f' | 'a'<<8 | 'l'<<16 | 's'<<24 | 'e'<<32:
		return false, i + 5
	}
	if word(b, i)&0xFFFFFFFF == 't'|'r'<<8|'u'<<16|'e'<<24 {
		return true, i + 4
	}
	return false, -1
}

// squareAt reads {"x": file, "y": rank} at i, with both in 1 to 9.
func squareAt(b []byte, i int) (shogi.Square, int) {
	if i >= len(b) || b[i] != '{' {
		return shogi.NoSquare, -1
	}
	x, y := -1, -1
	for i++; ; {
		if i = member(b, i); closes(b, i) {
			break
		}
		var v int
		w := word(b, i) & mKey1
		if v, i = digitAt(b, ws(b, i+4)); i < 0 {
			return shogi.NoSquare, -1
		}
		switch w {
		case nX:
			x = v
		case nY:
			y = v
		default:
			return shogi.NoSquare, -1
		}
	}
	if !shogi.ValidFileRank(x, y) {
		return shogi.NoSquare, -1
	}
	return shogi.NewSquare(x, y), i + 1
}

// kindAt reads a CSA piece name at i.
func kindAt(b []byte, i int) (shogi.PieceType, int) {
	if i+4 > len(b) || b[i] != '"' || b[i+3] != '"' {
		return 0, -1
	}
	if c, d := b[i+1]-'A', b[i+2]-'A'; c < 26 && d < 26 {
		if k := csaKinds[int(c)*26+int(d)]; k != shogi.NoPieceType {
			return k, i + 4
		}
	}
	return 0, -1
}

// csaKinds maps the CSA piece names, two capitals, onto their kinds.
var csaKinds = func() (t [26 * 26]shogi.PieceType) {
	for i := range t {
		t[i], _ = shogi.PieceTypeFromCSA(string([]byte{byte('A' + i/26), byte('A' + i%26)}))
	}
	return t
}()

// durationAt reads {"h", "m", "s"} of non-negative integers at i, summed
// as readDuration sums them.
func durationAt(b []byte, i int) (time.Duration, int) {
	if i >= len(b) || b[i] != '{' {
		return 0, -1
	}
	total := 0
	for i++; ; {
		if i = member(b, i); closes(b, i) {
			break
		}
		var unit int
		switch word(b, i) & mKey1 {
		case nH:
			unit = 3600
		case nM:
			unit = 60
		case nS:
			unit = 1
		default:
			return 0, -1
		}
		var v int
		if v, i = smallUint(b, ws(b, i+4)); i < 0 {
			return 0, -1
		}
		total += v * unit
	}
	if total > 1e9 {
		return 0, -1
	}
	return time.Duration(total) * time.Second, i + 1
}

// moveAt reads the move object at index i (its '{') into mv, with the
// spots of the values a message may name standing for their indexes
// (rawIndex); it returns the index past the object.
func moveAt(b []byte, i int, mv *jkfMove) int {
	start := i
	var fromAt, toAt, pieceAt, captureAt int
	for i++; ; {
		if i = member(b, i); closes(b, i) {
			break
		}
		var at int // where the value starts
		switch w := word(b, i); {
		case w == nColor:
			var v int
			if v, i = digitAt(b, ws(b, i+8)); i < 0 || v > 1 {
				return -1
			}
			mv.color, mv.hasColor = v, true
		case w&mFrom == nFrom:
			fromAt = ws(b, i+7)
			mv.from, i = squareAt(b, fromAt)
			mv.hasFrom = true
		case w&mTo == nTo:
			toAt = ws(b, i+5)
			mv.to, i = squareAt(b, toAt)
			mv.hasTo = true
		case w == nPiece:
			pieceAt = ws(b, i+8)
			mv.piece, i = kindAt(b, pieceAt)
			mv.hasPiece = true
		case w == nCaptur && word(b, i+8)&mColonQ == nColonQ:
			captureAt = ws(b, i+10)
			if mv.capture, i = kindAt(b, captureAt); mv.capture == shogi.King {
				return -1
			}
		case w&mSame == nSame:
			mv.same, i = boolAt(b, ws(b, i+7))
		case w == nPromot && word(b, i+8)&mColonQ == nColonQ:
			var v bool
			v, i = boolAt(b, ws(b, i+10))
			mv.promote = 0
			if v {
				mv.promote = 1
			}
		case w == nRelati && word(b, i+8)&mEColonQ == nEColonQ:
			at = ws(b, i+11)
			var s []byte
			if s, i = plainString(b, at); i < 0 {
				return -1
			}
			r, ok := shogi.ParseRelativeJKF(string(s))
			if !ok {
				return -1
			}
			mv.relative = r
		default:
			return -1
		}
		if i < 0 {
			return -1
		}
	}
	mv.at, mv.fromPos, mv.toPos, mv.piecePos, mv.capturePos = rawIndex(start), rawIndex(fromAt), rawIndex(toAt), rawIndex(pieceAt), rawIndex(captureAt)
	return i + 1
}

// timeAt reads the time object at index i (its '{') over t, returning the
// index past it.
func timeAt(b []byte, i int, t *shogi.MoveTime) int {
	for i++; ; {
		if i = member(b, i); closes(b, i) {
			return i + 1
		}
		switch w := word(b, i); {
		case w&mNow == nNow:
			t.Elapsed, i = durationAt(b, ws(b, i+6))
			t.HasTime = true
		case w == nTotal:
			t.Total, i = durationAt(b, ws(b, i+8))
			t.HasTotal = true
		default:
			return -1
		}
		if i < 0 {
			return -1
		}
	}
}

// fastStart returns the index of the object a short way is to read, when
// it is next in a replayed value without a bare CR (a line break rawSpot
// and done do not count; they count a CRLF by its LF).
func (s *jsonScanner) fastStart() (int, bool) {
	if s.tokenwise || s.raw == nil || s.err != nil || s.rawCR {
		return 0, false
	}
	i := ws(s.raw, s.ri)
	if i < len(s.raw) && s.raw[i] == ':' {
		i = ws(s.raw, i+1)
	}
	return i, i < len(s.raw) && s.raw[i] == '{'
}

// rawSpot returns the spot of index i of the replayed value, at or after
// the cursor, with only ASCII between them (as in a value a short way
// took).
func (s *jsonScanner) rawSpot(i int) spot {
	seg := s.raw[s.ri:i]
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		line := s.line + bytes.Count(seg[:k], []byte{'\n'}) + 1
		lineStart := s.in.base + s.rawOff + int64(s.ri+k) + 1
		return spot{line: int32(line), col: int32(s.in.base+s.rawOff+int64(i)-lineStart) + 1, lineStart: lineStart}
	}
	return s.spot(s.rawOff + int64(i))
}

// rawIndex returns a spot that stands for index i of the replayed value
// until done: at works out its position only if a message needs it.
func rawIndex(i int) spot { return spot{col: int32(i)} }

// skipTo moves the scanner's cursor to index end of the replayed value,
// counting the line breaks before it, and when wide, the UTF-8
// continuation bytes after the last (otherwise what it passes is ASCII).
func (s *jsonScanner) skipTo(end int, wide bool) {
	seg := s.raw[s.ri:end]
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		s.line += bytes.Count(seg[:k], []byte{'\n'}) + 1
		s.lineStart, s.cont = s.in.base+s.rawOff+int64(s.ri+k)+1, 0
		seg = seg[k+1:]
	}
	if wide {
		for _, c := range seg {
			if c&0xC0 == 0x80 {
				s.cont++
			}
		}
	}
	s.ri, s.end = end, s.rawOff+int64(end)
}

// done moves the scanner past an object a short way read, up to index end
// of the replayed value, with its line breaks counted, as if it had been
// read token by token.
func (s *jsonScanner) done(end int) {
	s.skipTo(end, false)
	s.tok = '}'
	s.tokSpot = s.spot(s.end - 1)
	if end == len(s.raw) {
		s.raw = nil // the value's last token: the decoder is next
	}
}

// fastMove is readMove's short way. The spots it sets stand for indexes
// of the replayed value (rawIndex), which stays until the caller calls done.
func (j *JKF) fastMove(mv *jkfMove) (end int, ok bool) {
	start, ok := j.sc.fastStart()
	if !ok {
		return 0, false
	}
	end = moveAt(j.sc.raw, start, mv)
	return end, end >= 0
}

// fastTime is readTime's short way.
func (j *JKF) fastTime(f *jkfEntry) bool {
	sc := j.sc
	start, ok := sc.fastStart()
	if !ok {
		return false
	}
	t := f.time
	end := timeAt(sc.raw, start, &t)
	if end < 0 {
		return false
	}
	f.time = t
	sc.done(end)
	return true
}

// fastEntry is the short way through entry e of line l, whose '{' has
// just been read from a replayed value: it reads the entry's "move" and
// "time" while they have the usual shape, and reports whether it read the
// whole entry, its '}' included; otherwise the scanner is left before the
// first member it did not read.
func (j *JKF) fastEntry(e *jkfEntry, l *jkfLine) (bool, error) {
	sc := j.sc
	if sc.tokenwise || sc.raw == nil || sc.err != nil || sc.rawCR || e.start || l.foul != nil {
		return false, nil
	}
	b, i := sc.raw, sc.ri
	for {
		k := member(b, i)
		if closes(b, k) {
			sc.done(k + 1)
			return true, nil
		}
		end := -1
		switch w := word(b, k); {
		case w&mMove == nMove && !e.hasMove:
			mv := jkfMove{color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
			if v := ws(b, k+7); v < len(b) && b[v] == '{' {
				end = moveAt(b, v, &mv)
			}
			if end < 0 {
				break
			}
			// The cursor is still before the move: its spots work out.
			if j.places != nil {
				e.place = sc.at(rawIndex(k))
			}
			m, err := j.resolve(e, &l.pos, &mv)
			if err != nil {
				return false, err
			}
			e.move, e.hasMove = m, true
			if err := j.addNode(e); err != nil {
				return false, err
			}
		case w&mTime == nTime:
			t := e.time
			if v := ws(b, k+7); v < len(b) && b[v] == '{' {
				end = timeAt(b, v, &t)
			}
			if end >= 0 {
				e.time = t
				if j.places != nil {
					e.timePlace = sc.at(rawIndex(k))
				}
			}
		case w == nComment && word(b, k+8)&mSColonQ == nSColonQ:
			var wide bool
			if end, wide = j.commentsAt(b, ws(b, k+11), e); wide {
				sc.skipTo(end, true) // columns count runes
			}
		}
		if end < 0 {
			break
		}
		i = end
	}
	if i != sc.ri {
		sc.skipTo(i, false)
	}
	return false, nil
}

// commentsAt reads the array of comment lines at i into e, when its lines
// are strings without escapes (none holds a line break), at most
// len(commentSpans) of them, and returns the index past it, and whether a
// line is not ASCII. The lines of an array share one string.
func (j *JKF) commentsAt(b []byte, i int, e *jkfEntry) (int, bool) {
	if i >= len(b) || b[i] != '[' {
		return -1, false
	}
	var spans [len(commentSpans{})][2]int32
	n, size, wide := 0, 0, false
	for i++; ; n++ {
		i = ws(b, i)
		if i < len(b) && b[i] == ',' {
			i = ws(b, i+1)
		}
		if i < len(b) && b[i] == ']' {
			i++
			break
		}
		if i >= len(b) || b[i] != '"' || n == len(spans) {
			return -1, false
		}
		k := i + 1
		for k < len(b) && b[k] != '"' && b[k] != '\\' {
			if b[k] >= 0x80 {
				wide = true
			}
			k++
		}
		if k == len(b) || b[k] != '"' || k-i-1 > j.sc.maxStr {
			return -1, false
		}
		spans[n] = [2]int32{int32(i + 1), int32(k)}
		size += k - i - 1
		i = k + 1
	}
	if n == 0 {
		return i, false
	}
	buf := j.cbuf[:0]
	for _, sp := range spans[:n] {
		buf = append(buf, b[sp[0]:sp[1]]...)
	}
	all := string(buf)
	j.cbuf = buf
	if e.comments == nil {
		e.comments = make([]string, 0, n)
	}
	at := 0
	for _, sp := range spans[:n] {
		l := int(sp[1] - sp[0])
		e.comments = append(e.comments, all[at:at+l])
		at += l
	}
	return i, wide
}

// commentSpans bounds the lines of an array commentsAt takes.
type commentSpans [16]struct{}
