package parse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

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
// endings: an illegal move that Position.Play can carry out (the piece is
// there, the drop is in hand) is kept as the game's last move with a
// warning, the moves after it dropped; under Strict it is an error.
type USI struct {
	Options
	lr       *lineReader
	warnings ErrorList
}

// NewUSI returns a USI reader.
func NewUSI(r io.Reader, opt Options) *USI {
	return &USI{Options: opt, lr: newLineReader(r, opt)}
}

// Warnings returns the problems tolerated in the last record.
func (u *USI) Warnings() ErrorList { return u.warnings }

// Read returns the next game.
func (u *USI) Read() (*shogi.Record, error) {
	u.warnings = nil
	for {
		line, err := u.lr.readLine()
		if err != nil {
			return nil, err
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		return u.parseLine(t, line)
	}
}

// parseLine reads the game of t, the text of line without its surrounding
// spaces. The line is not split into a slice of fields, which for a game of
// a million moves would take 16 bytes a move: the fields are walked once.
func (u *USI) parseLine(t, raw []byte) (*shogi.Record, error) {
	s := string(t)
	base := cap(raw) - cap(t) // t is raw[base:…]
	// Columns count characters (U+3000 and other multi-byte spaces may
	// precede the text); only an error pays for counting them.
	posOf := func(i int) Pos { return u.lr.posAt(raw, base+i) }
	// The fields before the moves are at most "position sfen" with four
	// SFEN fields and "moves"; head holds that many, end is where they end.
	var hb [7]string
	head, end := hb[:0], 0
	for f := range strings.FieldsSeq(s) {
		end += strings.Index(s[end:], f) + len(f)
		if head = append(head, f); len(head) == len(hb) {
			break
		}
	}
	fields := head
	i := 0
	if i < len(fields) && fields[i] == "position" {
		i++
	}
	var start shogi.Position
	switch {
	case i < len(fields) && fields[i] == "startpos":
		start = shogi.StartPosition()
		i++
	case i < len(fields) && fields[i] == "sfen":
		i++
		j := i
		for j < len(fields) && fields[j] != "moves" && j-i < 4 {
			j++
		}
		if j-i < 3 {
			return nil, &Error{Pos: posOf(0), Err: ErrSyntax, Detail: "want 3 or 4 SFEN fields after \"sfen\""}
		}
		p, err := shogi.ParseSFEN(strings.Join(fields[i:j], " "))
		if err != nil {
			return nil, &Error{Pos: posOf(strings.Index(s, fields[i])), Err: shogi.ErrBadPosition, Detail: err.Error()}
		}
		if shogi.CheckStart(&p) != nil { // only a problem pays for its position, the line's text
			if err := u.judgeStart(&p, posOf(strings.Index(s, fields[i]))); err != nil {
				return nil, err
			}
		}
		start = p
		i = j
	default:
		return nil, &Error{Pos: posOf(0), Err: ErrSyntax, Detail: "want \"position startpos\" or \"position sfen …\""}
	}
	rec := u.newRecord(start)
	if i < len(fields) {
		if fields[i] != "moves" {
			return nil, &Error{Pos: posOf(strings.Index(s, fields[i])), Err: ErrSyntax, Detail: fmt.Sprintf("want \"moves\", found %q", fields[i])}
		}
		i++
	}
	// The moves: the fields of head after i, then those after it.
	moves := func(yield func(string) bool) {
		for _, f := range head[i:] {
			if !yield(f) {
				return
			}
		}
		if len(head) == len(hb) {
			for f := range strings.FieldsSeq(s[end:]) {
				if !yield(f) {
					return
				}
			}
		}
	}
	pos := start
	node := rec.Root
	off, ply := 0, 0
	for f := range moves {
		off = strings.Index(s[off:], f) + off
		ply++
		switch f {
		case "resign":
			node = rec.AddChild(node, 0, shogi.Ending{Kind: shogi.Resign, Side: pos.Turn()})
			continue
		case "win":
			node = rec.AddChild(node, 0, shogi.Ending{Kind: shogi.EnteringKing, Side: pos.Turn()})
			continue
		}
		m, err := shogi.ParseUSIMove(f)
		if err != nil {
			// Keep the notation's own sentinel (bad-square, syntax).
			code := error(shogi.ErrSyntax)
			var ne *shogi.NotationError
			if errors.As(err, &ne) {
				code = ne.Err
			}
			return nil, &Error{Pos: posOf(off), Ply: ply, Err: code, Detail: err.Error()}
		}
		if err := pos.Legal(m); err != nil {
			e := &Error{Pos: posOf(off), Ply: ply, Err: err, Detail: fmt.Sprintf("at move %d %s", ply, f)}
			if !psnPlayable(&pos, m) {
				return nil, e
			}
			e.Detail += undocumented
			if u.Strict {
				return nil, e
			}
			rec.AddChild(node, m, shogi.Ending{})
			dropped := 0
			for range strings.FieldsSeq(s[off+len(f):]) {
				dropped++
			}
			e.Detail += droppedNote(dropped)
			e.Warning = true
			u.warnings = append(u.warnings, e)
			return rec, nil
		}
		pos.Play(m)
		node = rec.AddChild(node, m, shogi.Ending{})
		off += len(f)
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
type SFEN struct {
	Options
	lr       *lineReader
	warnings ErrorList
}

// NewSFEN returns an SFEN reader.
func NewSFEN(r io.Reader, opt Options) *SFEN {
	return &SFEN{Options: opt, lr: newLineReader(r, opt)}
}

// Warnings returns the problems tolerated in the last record.
func (s *SFEN) Warnings() ErrorList { return s.warnings }

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
			u := USI{Options: s.Options, lr: s.lr}
			rec, err := u.parseLine(t, line)
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
		u := USI{Options: s.Options, lr: s.lr}
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
