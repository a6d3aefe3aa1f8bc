package shogi

import (
	"fmt"
	"strconv"
	"strings"
)

// SFENError says which field of an SFEN string is wrong and where.
type SFENError struct {
	SFEN   string
	Field  string // "board", "side", "hands", "move number" or "position"
	Offset int    // byte offset of the bad character in SFEN, -1 if none
	Msg    string
}

func (e *SFENError) Error() string {
	if e.Offset >= 0 && e.Offset < len(e.SFEN) {
		return fmt.Sprintf("sfen %s field, character %d %q: %s", e.Field, e.Offset+1, e.SFEN[e.Offset:e.Offset+1], e.Msg)
	}
	return fmt.Sprintf("sfen %s field: %s", e.Field, e.Msg)
}

// Unwrap lets errors.Is(err, ErrBadPosition) match.
func (e *SFENError) Unwrap() error { return ErrBadPosition }

var sfenLetter = map[byte]PieceType{'P': Pawn, 'L': Lance, 'N': Knight, 'S': Silver, 'G': Gold, 'B': Bishop, 'R': Rook, 'K': King}

// ParseSFEN reads an SFEN position: board, side to move, hands and an
// optional move number, separated by spaces. A leading "sfen " is accepted,
// hands may come in any order and repeat letters. It refuses what a
// Position cannot hold (two kings of a side, a king in hand); the error
// names the field and character. Whether a game can reach the position
// (a pawn on the last rank, more pieces than a set has) is CheckStart's to
// say, as for every other format.
func ParseSFEN(s string) (Position, error) {
	orig := s
	off := 0
	trimmed := strings.TrimLeft(s, " \t")
	off += len(s) - len(trimmed)
	s = trimmed
	if strings.HasPrefix(s, "sfen ") {
		off += 5
		s = s[5:]
	}
	fail := func(field string, at int, msg string) (Position, error) {
		return Position{}, &SFENError{SFEN: orig, Field: field, Offset: at, Msg: msg}
	}
	// Split into fields, remembering offsets.
	type field struct {
		text string
		off  int
	}
	var fields []field
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			fields = append(fields, field{s[i:j], off + i})
		}
		i = j
	}
	if len(fields) < 3 || len(fields) > 4 {
		return fail("position", -1, fmt.Sprintf("want 3 or 4 fields (board side hands [move number]), got %d", len(fields)))
	}
	p := NewPosition()
	// Board.
	b := fields[0]
	rank, file := 1, 9
	promoted := false
	for i := 0; i < len(b.text); i++ {
		ch := b.text[i]
		at := b.off + i
		switch {
		case ch == '/':
			if promoted {
				return fail("board", at, "'+' must be followed by a piece letter")
			}
			if file != 0 {
				return fail("board", at, fmt.Sprintf("rank %d has %d squares, want 9", rank, 9-file))
			}
			rank++
			file = 9
			if rank > 9 {
				return fail("board", at, "more than 9 ranks")
			}
		case ch >= '1' && ch <= '9':
			if promoted {
				return fail("board", at, "'+' must be followed by a piece letter")
			}
			file -= int(ch - '0')
			if file < 0 {
				return fail("board", at, fmt.Sprintf("rank %d has more than 9 squares", rank))
			}
		case ch == '+':
			if promoted {
				return fail("board", at, "'+' twice")
			}
			promoted = true
		default:
			up := ch &^ 0x20
			t, ok := sfenLetter[up]
			if !ok || ch < 'A' || (ch > 'Z' && ch < 'a') || ch > 'z' {
				return fail("board", at, "not a piece letter (K R B G S N L P, lower case for white)")
			}
			if file == 0 {
				return fail("board", at, fmt.Sprintf("rank %d has more than 9 squares", rank))
			}
			if promoted {
				if !t.CanPromote() {
					return fail("board", at, "this piece cannot be promoted")
				}
				t = t.Promote()
				promoted = false
			}
			c := Black
			if ch >= 'a' {
				c = White
			}
			sq := NewSquare(file, rank)
			if t == King && p.kings[c] != NoSquare {
				return fail("board", at, "a second king of the same side")
			}
			p.Set(sq, NewPiece(c, t))
			file--
		}
	}
	if promoted {
		return fail("board", b.off+len(b.text)-1, "'+' must be followed by a piece letter")
	}
	if rank != 9 || file != 0 {
		return fail("board", b.off+len(b.text)-1, fmt.Sprintf("the board ends at rank %d with %d squares; want 9 ranks of 9", rank, 9-file))
	}
	// Side.
	switch fields[1].text {
	case "b":
		p.turn = Black
	case "w":
		p.turn = White
	default:
		return fail("side", fields[1].off, "want b or w")
	}
	// Hands.
	if h := fields[2]; h.text != "-" {
		n := 0
		for i := 0; i < len(h.text); i++ {
			ch := h.text[i]
			if ch >= '0' && ch <= '9' {
				n = n*10 + int(ch-'0')
				if n > MaxHand {
					return fail("hands", h.off+i, "count larger than 18")
				}
				continue
			}
			t, ok := sfenLetter[ch&^0x20]
			if !ok || t == King || ch < 'A' {
				return fail("hands", h.off+i, "not a piece that can be held (R B G S N L P, lower case for white)")
			}
			c := Black
			if ch >= 'a' {
				c = White
			}
			if n == 0 {
				n = 1
			}
			if !p.hands[c].Fits(t, n) {
				return fail("hands", h.off+i, "more than 18 of a kind in hand")
			}
			p.hands[c][t] += uint8(n)
			n = 0
		}
		if n != 0 {
			return fail("hands", h.off+len(h.text)-1, "a count must be followed by a piece letter")
		}
	}
	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3].text)
		if err != nil || n < 1 {
			return fail("move number", fields[3].off, "want a positive integer")
		}
		p.moveNumber = n
	}
	return p, nil
}

// pieceLimits is how many pieces of each unpromoted kind one set has.
var pieceLimits = [Gold + 2]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4, King: 2}

// checkPieceCounts reports a position with more pieces of a kind than a set
// holds.
func (p *Position) checkPieceCounts() error {
	var n [King + 1]int
	for _, pc := range p.board {
		if pc != NoPiece {
			n[pc.Type().Demote()]++
		}
	}
	for c := range p.hands {
		for t := Pawn; t <= Gold; t++ {
			n[t] += int(p.hands[c][t])
		}
	}
	for t := Pawn; t <= King; t++ {
		if n[t] > pieceLimits[t] {
			return fmt.Errorf("%d pieces of kind %s, a set has %d", n[t], t.USI(), pieceLimits[t])
		}
	}
	return nil
}

// Validate reports what makes p impossible as a start: CheckStart.
func (p *Position) Validate() error { return CheckStart(p) }

// SFEN returns the canonical SFEN of p, move number included.
func (p *Position) SFEN() string { return string(p.AppendSFEN(nil)) }

// AppendSFEN appends the canonical SFEN of p (hands in the order R B G S N L
// P, Black's first; the move number always written).
func (p *Position) AppendSFEN(dst []byte) []byte {
	dst = p.appendSFENBoard(dst)
	if p.turn == Black {
		dst = append(dst, " b "...)
	} else {
		dst = append(dst, " w "...)
	}
	dst = p.appendSFENHands(dst)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(p.moveNumber), 10)
}

func (p *Position) appendSFENBoard(dst []byte) []byte {
	for r := 0; r < 9; r++ {
		if r > 0 {
			dst = append(dst, '/')
		}
		empty := 0
		for f := 0; f < 9; f++ {
			pc := p.board[r*9+f]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, byte('0'+empty))
				empty = 0
			}
			dst = append(dst, pc.USI()...)
		}
		if empty > 0 {
			dst = append(dst, byte('0'+empty))
		}
	}
	return dst
}

func (p *Position) appendSFENHands(dst []byte) []byte {
	n := len(dst)
	for c := Black; c <= White; c++ {
		for _, t := range HandOrder {
			k := p.hands[c][t]
			if k == 0 {
				continue
			}
			if k > 1 {
				dst = strconv.AppendInt(dst, int64(k), 10)
			}
			l := usiLetters[t][0]
			if c == White {
				l += 'a' - 'A'
			}
			dst = append(dst, l)
		}
	}
	if len(dst) == n {
		dst = append(dst, '-')
	}
	return dst
}
