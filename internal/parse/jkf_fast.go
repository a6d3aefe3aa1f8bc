package parse

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The short ways through the "move" and "time" objects every entry has,
// once jsonScanner.replay has read one whole: the decoder has checked the
// text, so a cursor steps through it with no error cases, and positions
// are worked out only for the few values a later message may name. A
// short way takes only the usual shape (known members, values of the right
// type and range, plain ASCII strings, LF line breaks); at anything else it
// reads nothing and the reader goes token by token, with its messages.
//
// They are a speed trick kept under the 1.5× rule: BenchmarkReadGenerated/jkf
// (make bench-read) reads 0.83 M moves a CPU second with them and 0.54 M
// without (jkfShortWays = false), 1.53×. jsontext alone cannot do better:
// BenchmarkJKFDecoder shows its token loop at 1.23 M moves/s.

// The helpers take the text and an index and return the index after what
// they read (-1 when it is not what they take), so that the index stays in
// a register.

// gapEnd returns the index of the first byte at or after i that is not
// white space or a separator (the text is valid JSON: no other byte below
// '!' is outside a string).
func gapEnd(b []byte, i int) int {
	if i+2 < len(b) && b[i] == ':' && b[i+1] == ' ' && b[i+2] > ' ' {
		return i + 2 // the usual gap after a key
	}
	for i < len(b) {
		c := b[i]
		switch {
		case c > ' ' && c != ',' && c != ':':
			return i
		case c == ' ' && i+8 <= len(b):
			x := binary.LittleEndian.Uint64(b[i:]) ^ 0x2020202020202020
			if x != 0 {
				i += bits.TrailingZeros64(x) / 8
				continue
			}
			i += 8
		default:
			i++
		}
	}
	return i
}

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

// nextKey reads the next member name of an object after index i, which is
// just past its '{' or one of its values; at the closing '}' it returns a
// nil name and the index past it.
func nextMember(b []byte, i int) ([]byte, int) {
	if i < len(b) && b[i] == ',' {
		// A key follows a comma in an object: the bytes up to its quote
		// are white space, skipped at the speed of IndexByte.
		k := bytes.IndexByte(b[i+1:], '"')
		if k < 0 {
			return nil, -1
		}
		i += k + 1
	} else {
		i = gapEnd(b, i)
		if i < len(b) && b[i] == '}' {
			return nil, i + 1
		}
	}
	return plainString(b, i)
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

// boolAt reads true or false at i.
func boolAt(b []byte, i int) (bool, int) {
	switch {
	case bytes.HasPrefix(b[i:], []byte("true")):
		return true, i + 4
	case bytes.HasPrefix(b[i:], []byte("false")):
		return false, i + 5
	}
	return false, -1
}

// squareAt reads {"x": file, "y": rank} at i, with both in 1 to 9.
func squareAt(b []byte, i int) (shogi.Square, int) {
	if i >= len(b) || b[i] != '{' {
		return shogi.NoSquare, -1
	}
	i++
	x, y := -1, -1
	for {
		var name []byte
		if name, i = nextMember(b, i); i < 0 {
			return shogi.NoSquare, -1
		}
		if name == nil {
			if !shogi.ValidFileRank(x, y) {
				return shogi.NoSquare, -1
			}
			return shogi.NewSquare(x, y), i
		}
		if len(name) != 1 || name[0] != 'x' && name[0] != 'y' {
			return shogi.NoSquare, -1
		}
		var v int
		if v, i = smallUint(b, gapEnd(b, i)); i < 0 {
			return shogi.NoSquare, -1
		}
		if name[0] == 'x' {
			x = v
		} else {
			y = v
		}
	}
}

// kindAt reads a CSA piece name at i.
func kindAt(b []byte, i int) (shogi.PieceType, int) {
	s, i := plainString(b, i)
	if i < 0 || len(s) != 2 {
		return 0, -1
	}
	k, ok := shogi.PieceTypeFromCSA(string(s))
	if !ok {
		return 0, -1
	}
	return k, i
}

// durationAt reads {"h", "m", "s"} of non-negative integers at i, summed
// as readDuration sums them.
func durationAt(b []byte, i int) (time.Duration, int) {
	if i >= len(b) || b[i] != '{' {
		return 0, -1
	}
	i++
	var total float64
	for {
		var name []byte
		if name, i = nextMember(b, i); i < 0 {
			return 0, -1
		}
		if name == nil {
			if total > 1e9 {
				return 0, -1
			}
			return time.Duration(total * 1e9), i
		}
		if len(name) != 1 {
			return 0, -1
		}
		var unit float64
		switch name[0] {
		case 'h':
			unit = 3600
		case 'm':
			unit = 60
		case 's':
			unit = 1
		default:
			return 0, -1
		}
		var v int
		if v, i = smallUint(b, gapEnd(b, i)); i < 0 {
			return 0, -1
		}
		total += float64(v) * unit
	}
}

// jkfShortWays is turned off by tests that compare the short ways, and
// values read whole (replay), with the reading token by token.
var jkfShortWays = true

// fastStart returns the index of the object a short way is to read, when
// it is next in a replayed value without a CR (whose line breaks rawSpot
// and done do not count).
func (s *jsonScanner) fastStart() (int, bool) {
	if !jkfShortWays || s.raw == nil || s.err != nil || s.rawCR {
		return 0, false
	}
	i := gapEnd(s.raw, s.ri)
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

// done moves the scanner past an object a short way read, up to index end
// of the replayed value, with its line breaks counted, as if it had been
// read token by token.
func (s *jsonScanner) done(end int) {
	seg := s.raw[s.ri:end]
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		s.line += bytes.Count(seg[:k], []byte{'\n'}) + 1
		s.lineStart, s.cont = s.in.base+s.rawOff+int64(s.ri+k)+1, 0
	}
	s.tok, s.ri, s.end = '}', end, s.rawOff+int64(end)
	s.tokSpot = s.spot(s.end - 1)
	if end == len(s.raw) {
		s.raw = nil // the value's last token: the decoder is next
	}
}

// fastMove is readMove's short way. The spots it sets stand for indexes
// of the replayed value (rawIndex), which stays until the caller calls done.
func (j *JKF) fastMove(mv *jkfMove) (end int, ok bool) {
	sc := j.sc
	start, ok := sc.fastStart()
	if !ok {
		return 0, false
	}
	b, i := sc.raw, start+1 // past '{'
	var fromAt, toAt, pieceAt, captureAt int
	for {
		var name []byte
		if name, i = nextMember(b, i); i < 0 {
			return 0, false
		}
		if name == nil {
			break
		}
		at := gapEnd(b, i) // where the value starts
		switch string(name) {
		case "color":
			var v int
			if v, i = smallUint(b, at); i < 0 || v > 1 {
				return 0, false
			}
			mv.color, mv.hasColor = v, true
		case "from":
			mv.from, i = squareAt(b, at)
			mv.hasFrom, fromAt = true, at
		case "to":
			mv.to, i = squareAt(b, at)
			mv.hasTo, toAt = true, at
		case "piece":
			mv.piece, i = kindAt(b, at)
			mv.hasPiece, pieceAt = true, at
		case "capture":
			if mv.capture, i = kindAt(b, at); mv.capture == shogi.King {
				return 0, false
			}
			captureAt = at
		case "same":
			mv.same, i = boolAt(b, at)
		case "promote":
			var v bool
			v, i = boolAt(b, at)
			mv.promote = 0
			if v {
				mv.promote = 1
			}
		case "relative":
			var s []byte
			if s, i = plainString(b, at); i < 0 {
				return 0, false
			}
			r, ok := shogi.ParseRelativeJKF(string(s))
			if !ok {
				return 0, false
			}
			mv.relative = r
		default:
			return 0, false
		}
		if i < 0 {
			return 0, false
		}
	}
	// Where the values a message may name start; the caller calls done
	// once it has no more need of them.
	mv.at, mv.fromPos, mv.toPos, mv.piecePos, mv.capturePos = rawIndex(start), rawIndex(fromAt), rawIndex(toAt), rawIndex(pieceAt), rawIndex(captureAt)
	return i, true
}

// fastTime is readTime's short way.
func (j *JKF) fastTime(f *jkfEntry) bool {
	sc := j.sc
	start, ok := sc.fastStart()
	if !ok {
		return false
	}
	b, i := sc.raw, start+1 // past '{'
	t := f.time
	for {
		var name []byte
		if name, i = nextMember(b, i); i < 0 {
			return false
		}
		if name == nil {
			break
		}
		switch string(name) {
		case "now":
			t.Elapsed, i = durationAt(b, gapEnd(b, i))
			t.HasTime = true
		case "total":
			t.Total, i = durationAt(b, gapEnd(b, i))
			t.HasTotal = true
		default:
			return false
		}
		if i < 0 {
			return false
		}
	}
	f.time = t
	sc.done(i)
	return true
}
