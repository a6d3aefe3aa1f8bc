package parse

import (
	"bytes"
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

// rawCursor steps through checked JSON text.
type rawCursor struct {
	b []byte
	i int
}

// gap skips white space and separators.
func (c *rawCursor) gap() {
	for c.i < len(c.b) && jsonGap[c.b[c.i]] {
		c.i = skipIndent(c.b, c.i+1)
	}
}

// is reports whether the next token starts with byte t, and steps over t
// if so.
func (c *rawCursor) is(t byte) bool {
	c.gap()
	if c.i < len(c.b) && c.b[c.i] == t {
		c.i++
		return true
	}
	return false
}

// str reads a string of plain ASCII (no escapes); ok is false for
// anything else.
func (c *rawCursor) str() (s []byte, ok bool) {
	if !c.is('"') {
		return nil, false
	}
	b, j := c.b, c.i
	for j < len(b) && j-c.i < 64 && b[j] != '"' && b[j] != '\\' && b[j] < 0x80 {
		j++
	}
	if j == len(b) || b[j] != '"' {
		return nil, false
	}
	s, c.i = b[c.i:j], j+1
	return s, true
}

// key reads the next member name, or reports end at the object's '}'.
func (c *rawCursor) key() (name []byte, end, ok bool) {
	if c.i < len(c.b) && c.b[c.i] == ',' {
		// A key follows a comma in an object: the bytes up to its quote
		// are white space, skipped at the speed of IndexByte.
		k := bytes.IndexByte(c.b[c.i+1:], '"')
		if k < 0 {
			return nil, false, false
		}
		c.i += k + 1
	} else if c.is('}') {
		return nil, true, true
	}
	name, ok = c.str()
	return name, false, ok
}

// uint reads a non-negative integer of at most 9 digits.
func (c *rawCursor) uint() (int, bool) {
	c.gap()
	b, j, n := c.b, c.i, 0
	for j < len(b) && j-c.i < 9 && b[j]-'0' < 10 {
		n = n*10 + int(b[j]-'0')
		j++
	}
	if j == c.i || j < len(b) && jsonNumber[b[j]] {
		return 0, false
	}
	c.i = j
	return n, true
}

// bool reads true or false.
func (c *rawCursor) bool() (v, ok bool) {
	c.gap()
	switch {
	case bytes.HasPrefix(c.b[c.i:], []byte("true")):
		c.i += 4
		return true, true
	case bytes.HasPrefix(c.b[c.i:], []byte("false")):
		c.i += 5
		return false, true
	}
	return false, false
}

// square reads {"x": file, "y": rank} with both in 1 to 9.
func (c *rawCursor) square() (shogi.Square, bool) {
	if !c.is('{') {
		return shogi.NoSquare, false
	}
	x, y := -1, -1
	for {
		name, end, ok := c.key()
		switch {
		case !ok:
			return shogi.NoSquare, false
		case end:
			if !shogi.ValidFileRank(x, y) {
				return shogi.NoSquare, false
			}
			return shogi.NewSquare(x, y), true
		case len(name) != 1 || name[0] != 'x' && name[0] != 'y':
			return shogi.NoSquare, false
		}
		v, ok := c.uint()
		if !ok {
			return shogi.NoSquare, false
		}
		if name[0] == 'x' {
			x = v
		} else {
			y = v
		}
	}
}

// kind reads a CSA piece name.
func (c *rawCursor) kind() (shogi.PieceType, bool) {
	s, ok := c.str()
	if !ok || len(s) != 2 {
		return 0, false
	}
	return shogi.PieceTypeFromCSA(string(s))
}

// duration reads {"h", "m", "s"} of non-negative integers, summed as
// readDuration sums them.
func (c *rawCursor) duration() (time.Duration, bool) {
	if !c.is('{') {
		return 0, false
	}
	var total float64
	for {
		name, end, ok := c.key()
		switch {
		case !ok:
			return 0, false
		case end:
			if total > 1e9 {
				return 0, false
			}
			return time.Duration(total * 1e9), true
		case len(name) != 1:
			return 0, false
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
			return 0, false
		}
		v, ok := c.uint()
		if !ok {
			return 0, false
		}
		total += float64(v) * unit
	}
}

// fastOK reports whether the replayed value can take a short way: it has
// just been replayed (nothing of it read) and has no CR, which the line
// count of done does not handle.
func (s *jsonScanner) fastOK() bool {
	return s.raw != nil && s.ri == 0 && s.err == nil && bytes.IndexByte(s.raw, '\r') < 0
}

// rawSpot returns the spot of index i of the replayed value, which must
// be ASCII before i (as a value a short way took is).
func (s *jsonScanner) rawSpot(i int) spot {
	line, lineStart := s.line, s.lineStart
	if k := bytes.LastIndexByte(s.raw[:i], '\n'); k >= 0 {
		line += bytes.Count(s.raw[:k+1], []byte{'\n'})
		lineStart = s.in.base + s.rawOff + int64(k) + 1
		return spot{line: int32(line), col: int32(s.in.base+s.rawOff+int64(i)-lineStart) + 1, lineStart: lineStart}
	}
	return s.spot(s.rawOff + int64(i))
}

// done finishes a replayed value a short way read: the scanner moves past
// it, with its line breaks counted, as if it had been read token by token.
func (s *jsonScanner) done() {
	raw := s.raw
	s.tokSpot = s.rawSpot(len(raw) - 1)
	if k := bytes.LastIndexByte(raw, '\n'); k >= 0 {
		s.line += bytes.Count(raw, []byte{'\n'})
		s.lineStart, s.cont = s.in.base+s.rawOff+int64(k)+1, 0
	}
	s.tok, s.end, s.raw = '}', s.rawOff+int64(len(raw)), nil
}

// fastMove is readMove's short way.
func (j *JKF) fastMove(mv *jkfMove) bool {
	sc := j.sc
	if !sc.fastOK() {
		return false
	}
	c := rawCursor{b: sc.raw}
	c.i = 1 // past '{'
	var fromAt, toAt, pieceAt, captureAt int
	for {
		name, end, ok := c.key()
		if !ok {
			return false
		}
		if end {
			break
		}
		c.gap()
		at := c.i // where the value starts
		switch string(name) {
		case "color":
			v, ok := c.uint()
			if !ok || v > 1 {
				return false
			}
			mv.color, mv.hasColor = v, true
		case "from":
			if mv.from, ok = c.square(); !ok {
				return false
			}
			mv.hasFrom, fromAt = true, at
		case "to":
			if mv.to, ok = c.square(); !ok {
				return false
			}
			mv.hasTo, toAt = true, at
		case "piece":
			if mv.piece, ok = c.kind(); !ok {
				return false
			}
			mv.hasPiece, pieceAt = true, at
		case "capture":
			if mv.capture, ok = c.kind(); !ok || mv.capture == shogi.King {
				return false
			}
			captureAt = at
		case "same":
			if mv.same, ok = c.bool(); !ok {
				return false
			}
		case "promote":
			v, ok := c.bool()
			if !ok {
				return false
			}
			mv.promote = 0
			if v {
				mv.promote = 1
			}
		case "relative":
			s, ok := c.str()
			if !ok || !validRelative(s) {
				return false
			}
			mv.nrel = copy(mv.relative[:], s)
		default:
			return false
		}
	}
	// The spots of the values a message may name.
	mv.at = sc.rawSpot(0)
	if mv.hasFrom {
		mv.fromPos = sc.rawSpot(fromAt)
	}
	if mv.hasTo {
		mv.toPos = sc.rawSpot(toAt)
	}
	if mv.hasPiece {
		mv.piecePos = sc.rawSpot(pieceAt)
	}
	if mv.capture != shogi.NoPieceType {
		mv.capturePos = sc.rawSpot(captureAt)
	}
	sc.done()
	return true
}

// fastTime is readTime's short way.
func (j *JKF) fastTime(f *jkfEntry) bool {
	sc := j.sc
	if !sc.fastOK() {
		return false
	}
	c := rawCursor{b: sc.raw}
	c.i = 1 // past '{'
	t := f.time
	for {
		name, end, ok := c.key()
		if !ok {
			return false
		}
		if end {
			break
		}
		switch string(name) {
		case "now":
			if t.Elapsed, ok = c.duration(); !ok {
				return false
			}
			t.HasTime = true
		case "total":
			if t.Total, ok = c.duration(); !ok {
				return false
			}
			t.HasTotal = true
		default:
			return false
		}
	}
	f.time = t
	sc.done()
	return true
}
