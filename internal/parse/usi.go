package parse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// USI reads one game per line in the USI `position` syntax, as ShogiHome
// and Shogidokoro save it and YaneuraOu's .sfen files hold it:
//
//	position startpos moves 7g7f 3c3d
//	startpos moves 7g7f
//	position sfen <board> <side> <hands> [<n>] moves …
//	sfen <board> <side> <hands> [<n>]
//
// Blank lines and lines starting with '#' are skipped. USI has no foul
// endings: an illegal move whose piece is known (keepable: any drop, a
// board move of one's own piece) is kept as the game's last move with a
// warning, the moves after it dropped; under Strict it is an error.
type USI struct{ lineSource }

// NewUSI returns a USI reader.
func NewUSI(r io.Reader, opt Options) *USI { return &USI{newLineSource(r, opt)} }

// Read returns the next game.
func (u *USI) Read() (*shogi.Record, error) {
	u.warnings = nil
	u.lr.newRecordText()
	for {
		line, more, err := u.lr.readPart()
		if err != nil {
			return nil, err
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 && !more || len(t) > 0 && t[0] == '#' {
			for more && err == nil {
				_, more, err = u.lr.readPart()
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		return u.parseLine(t, line, more)
	}
}

// usiFields walks the fields of a USI line, as bytes.Fields splits them,
// across the parts it comes in (lineReader.readPart): a game of a million
// moves is walked once, its text neither held whole nor made a slice of
// fields. The parts are cut after an ASCII space, so no field spans two.
type usiFields struct {
	lr   *lineReader
	part []byte // the part being walked: part[at:] is not walked yet
	at   int
	more bool  // parts follow
	err  error // the error reading the next part
	n    int   // the parts walked before part
}

// next returns the next field and where it starts in z.part, or ok false
// at the end of the line or on a read error (z.err).
func (z *usiFields) next() (f []byte, at int, ok bool) {
	for {
		i := z.skip(z.at, true)
		if i == len(z.part) {
			z.at = i
			if !z.more || z.err != nil {
				return nil, 0, false
			}
			z.part, z.more, z.err = z.lr.readPart()
			z.at = 0
			z.n++
			continue
		}
		z.at = z.skip(i, false)
		return z.part[i:z.at], i, true
	}
}

// skip returns the index of the first byte from i on that starts a space
// (spaces false) or a field (spaces true), or len(z.part).
func (z *usiFields) skip(i int, spaces bool) int {
	for i < len(z.part) {
		c := z.part[i]
		if c < utf8.RuneSelf {
			if (c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r') != spaces {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(z.part[i:])
		if unicode.IsSpace(r) != spaces {
			return i
		}
		i += n
	}
	return i
}

// rest reads the line to its end and returns the number of fields after
// the last one next returned, or the error that reading the line met (a
// line over MaxLineBytes, which is what the line is then reported for).
func (z *usiFields) rest() (int, error) {
	n := 0
	for _, _, ok := z.next(); ok; _, _, ok = z.next() {
		n++
	}
	return n, z.err
}

// parseLine reads the game of t, the text of line (or of its first part,
// when more parts follow) without its surrounding spaces.
func (u *USI) parseLine(t, raw []byte, more bool) (*shogi.Record, error) {
	z := &usiFields{lr: u.lr, part: raw, at: cap(raw) - cap(t), more: more} // t is raw[at:…]
	if t == nil {
		z.at = len(raw) // a part of only spaces
	}
	base := z.at
	// fail returns the error of the line: one that reading it met first.
	fail := func(e error) (*shogi.Record, error) {
		if _, err := z.rest(); err != nil {
			return nil, err
		}
		return nil, e
	}
	// Columns count characters (U+3000 and other multi-byte spaces may
	// precede the text); only an error pays for counting them. A field
	// before the moves is placed where its text first stands in the line,
	// and base+i is i bytes into the line's text (both when they are in the
	// first part, as they are but after a run of 64 KB of spaces).
	posOf := func(i int) Pos { return u.lr.posAt(z.part, i) }
	linePos := func(i int, at int) Pos {
		if z.n == 0 {
			return posOf(base + i)
		}
		return posOf(at)
	}
	headPos := func(f string, at int) Pos { return linePos(strings.Index(string(z.part[base:]), f), at) }
	f, at, ok := z.next()
	if ok && string(f) == "position" {
		f, at, ok = z.next()
	}
	var start shogi.Position
	switch {
	case ok && string(f) == "startpos":
		start = shogi.StartPosition()
		f, at, ok = z.next()
	case ok && string(f) == "sfen":
		// Three or four SFEN fields, up to "moves".
		var sf [4]string
		k, sfAt := 0, 0
		for f, at, ok = z.next(); ok && string(f) != "moves" && k < len(sf); f, at, ok = z.next() {
			if k == 0 {
				sfAt = at
			}
			sf[k] = string(f)
			k++
		}
		if k < 3 {
			return fail(&Error{Pos: linePos(0, at), Err: ErrSyntax, Detail: "want 3 or 4 SFEN fields after \"sfen\""})
		}
		p, err := shogi.ParseSFEN(strings.Join(sf[:k], " "))
		if err != nil {
			return fail(&Error{Pos: headPos(sf[0], sfAt), Err: shogi.ErrBadPosition, Detail: err.Error()})
		}
		if shogi.CheckStart(&p) != nil { // only a problem pays for its position, the line's text
			if err := u.judgeStart(&p, headPos(sf[0], sfAt)); err != nil {
				return fail(err)
			}
		}
		start = p
	default:
		return fail(&Error{Pos: linePos(0, at), Err: ErrSyntax, Detail: "want \"position startpos\" or \"position sfen …\""})
	}
	rec := u.newRecord(start)
	places := u.newPlaces(u.lr.keep)
	if places != nil {
		rec.Source = places
	}
	if ok {
		if string(f) != "moves" {
			return fail(&Error{Pos: headPos(string(f), at), Err: ErrSyntax, Detail: fmt.Sprintf("want \"moves\", found %q", f)})
		}
		f, at, ok = z.next()
	}
	pos := start
	node := rec.Root
	// off is where the search for the next move's text starts in its part
	// (after the last move, not after an ending), as it was in the line:
	// from the line's text for the first move.
	off, part, ply := base, 0, 0
	for ; ok; f, at, ok = z.next() {
		if z.n != part {
			off, part = 0, z.n
		}
		off = bytes.Index(z.part[off:], f) + off
		ply++
		switch string(f) {
		case "resign":
			node = rec.AddChild(node, 0, shogi.Ending{Kind: shogi.Resign, Side: pos.Turn()})
			places.note(node, shogi.PartMove, u.lr, z.part, off, len(f))
			continue
		case "win":
			node = rec.AddChild(node, 0, shogi.Ending{Kind: shogi.EnteringKing, Side: pos.Turn()})
			places.note(node, shogi.PartMove, u.lr, z.part, off, len(f))
			continue
		}
		m, err := shogi.ParseUSIMove(string(f))
		if err != nil {
			// Keep the notation's own sentinel (bad-square, syntax).
			code := error(shogi.ErrSyntax)
			var ne *shogi.NotationError
			if errors.As(err, &ne) {
				code = ne.Err
			}
			return fail(&Error{Pos: posOf(off), Ply: ply, Err: code, Detail: fmt.Sprintf("ply %d %s: %s", ply, f, notationDetail(err))})
		}
		if err := pos.PlayLegal(m); err != nil {
			e := &Error{Pos: posOf(off), Ply: ply, Err: err, Detail: fmt.Sprintf("ply %d %s", ply, f)}
			if !keepable(&pos, m) {
				return fail(e)
			}
			e.Detail += undocumented
			if u.Strict {
				return fail(e)
			}
			node = rec.AddChild(node, m, shogi.Ending{})
			places.note(node, shogi.PartMove, u.lr, z.part, off, len(f))
			// USI states no ending to document the foul; the capture of
			// the king it left in check, if that comes next, is kept as
			// every reader keeps it (shogi/foul.go).
			watch, captured := shogi.WatchFoul(&pos, m), false
			off += len(f)
			if f, at, ok = z.next(); ok {
				if z.n != part {
					off, part = 0, z.n
				}
				off = bytes.Index(z.part[off:], f) + off
				if take, err := shogi.ParseUSIMove(string(f)); err == nil && watch.TakeKing(&pos, take) {
					node, captured = rec.AddChild(node, take, shogi.Ending{}), true
					places.note(node, shogi.PartMove, u.lr, z.part, off, len(f))
				}
			}
			dropped, err := z.rest()
			if err != nil {
				return nil, err
			}
			if ok && !captured {
				dropped++
			}
			e.Detail += droppedNote(dropped, captured)
			e.Warning = true
			u.warnings = append(u.warnings, e)
			return rec, nil
		}
		node = rec.AddMove(node, m, shogi.MoveTime{})
		if places != nil {
			places.note(node, shogi.PartMove, u.lr, z.part, off, len(f))
		}
		off += len(f)
	}
	if z.err != nil {
		return nil, z.err
	}
	return rec, nil
}

// judgeStart reports a start position no game can reach: a warning, or the
// error under Strict.
func (u *USI) judgeStart(p *shogi.Position, at Pos) error {
	e := startProblem(p, at)
	if e == nil {
		return nil
	}
	if u.Strict {
		return e
	}
	e.Warning = true
	u.warnings = append(u.warnings, e)
	return nil
}

// SFEN reads one position per line; each becomes a record without moves.
type SFEN struct{ lineSource }

// NewSFEN returns an SFEN reader.
func NewSFEN(r io.Reader, opt Options) *SFEN { return &SFEN{newLineSource(r, opt)} }

// Read returns the next position as a record. Lines in USI position syntax
// (with moves) are accepted too.
func (s *SFEN) Read() (*shogi.Record, error) {
	s.warnings = nil
	for {
		line, err := s.lr.readLine()
		if err != nil {
			return nil, err
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if bytes.HasPrefix(t, []byte("position")) || bytes.HasPrefix(t, []byte("startpos")) || bytes.Contains(t, []byte(" moves")) {
			u := USI{lineSource{Options: s.Options, lr: s.lr}}
			rec, err := u.parseLine(t, line, false)
			s.warnings = append(s.warnings, u.warnings...)
			return rec, err
		}
		str := string(t)
		p, err := shogi.ParseSFEN(str)
		if err != nil {
			c := 1
			var se *shogi.SFENError
			if e, ok := err.(*shogi.SFENError); ok {
				se = e
				if se.Offset >= 0 {
					c = bytes.Index(line, t) + len([]rune(str[:se.Offset])) + 1
				}
			}
			return nil, &Error{Pos: s.lr.pos(c), Err: shogi.ErrBadPosition, Detail: err.Error()}
		}
		u := USI{lineSource{Options: s.Options, lr: s.lr}}
		err = u.judgeStart(&p, s.lr.pos(bytes.Index(line, t)+1))
		s.warnings = append(s.warnings, u.warnings...)
		if err != nil {
			return nil, err
		}
		if err := s.skipBookMoves(); err != nil {
			return nil, err
		}
		return s.newRecord(p), nil
	}
}

// skipBookMoves skips the candidate-move lines that follow a position in a
// YaneuraOu book.
//
// Quirk: YaneuraOu's book DB (#YANEURAOU-DB2016 1.00) lists after each
// "sfen …" line the book moves of that position ("7g7f none 20 25 6":
// move, ponder, evaluation, depth, count). They are candidates, not a game,
// so each position is read as a record of its own and the candidates are
// skipped with one warning.
func (s *SFEN) skipBookMoves() error {
	skipped := 0
	var at Pos
	for {
		line, err := s.lr.readLine()
		if err != nil {
			break // the error (or io.EOF) comes back on the next read
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		move, _, _ := bytes.Cut(t, []byte(" "))
		if _, err := shogi.ParseUSIMove(string(move)); err != nil {
			s.lr.back()
			break
		}
		if skipped == 0 {
			at = s.lr.pos(1)
		}
		skipped++
	}
	if skipped == 0 {
		return nil
	}
	e := &Error{Pos: at, Err: ErrUnknownLine, Detail: strconv.Itoa(skipped) + " YaneuraOu book candidate move line(s) after the position skipped"}
	if s.Strict {
		return e
	}
	e.Warning = true
	s.warnings.Append(e)
	return nil
}
