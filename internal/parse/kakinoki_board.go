package parse

import (
	"strconv"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// The board diagram of KIF, KI2 and BOD (hands, the 9×9 grid, the side to
// move) and the start position it, or 手合割, gives.

// boardLine reads a border or a rank of a diagram.
func (k *kakinoki) boardLine(kind lineKind, raw, t []byte) error {
	if k.started() {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a board diagram after the moves have begun")
	}
	if !k.gridOpen {
		if k.gridDone {
			return k.errAt(raw, col(raw, t), ErrBadBoard, "a second board diagram")
		}
		if !k.boardSeen {
			k.board = shogi.NewPosition()
			k.boardSeen = true
		}
		k.gridOpen = true
		k.boardPos = k.lr.posAt(raw, col(raw, t))
	}
	if kind == lineBoardEdge {
		if k.boardRows > 0 {
			return k.endBoard()
		}
		return nil
	}
	if k.boardRows == 9 {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a tenth rank")
	}
	rank := k.boardRows + 1
	i := 1 // past the opening |
	file := 9
	white := false
	for i < len(t) {
		r, n := utf8.DecodeRune(t[i:])
		switch {
		case r == '|':
			goto label
		case r == ' ' || r == '\u3000' || r == '\t' || r == '^':
			white = false
		case r == 'v' || r == 'V':
			white = true
		case r == '・':
			if file < 1 {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "more than nine squares in a rank")
			}
			file--
			white = false
		default:
			pt := shogi.PieceTypeOfKanji(r)
			if r == '成' {
				if r2, n2 := utf8.DecodeRune(t[i+n:]); shogi.PieceTypeOfKanji(r2).CanPromote() {
					pt = shogi.PieceTypeOfKanji(r2).Promote()
					n += n2
				}
			}
			if pt == shogi.NoPieceType {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "want a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍), ・ or v")
			}
			if file < 1 {
				return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "more than nine squares in a rank")
			}
			c := shogi.Black
			if white {
				c = shogi.White
			}
			k.board.Set(shogi.NewSquare(file, rank), shogi.NewPiece(c, pt))
			file--
			white = false
		}
		i += n
	}
	return k.errAt(raw, len(raw), ErrBadBoard, "want | at the end of the rank")
label:
	if file != 0 {
		return k.errAt(raw, col(raw, t)+i, ErrBadBoard, "want nine squares in the rank, found "+strconv.Itoa(9-file))
	}
	// Quirk: some writers leave out the rank labels (一…九); the ranks
	// are then taken in order. A label that is present must be the next
	// rank.
	if lab := trimJa(t[i+1:]); len(lab) > 0 {
		r, _ := utf8.DecodeRune(lab)
		if shogi.JaDigitValue(r) != rank {
			return k.errAt(raw, col(raw, lab), ErrBadBoard, "want the rank label "+kanjiRanks[3*(rank-1):3*rank])
		}
	}
	k.boardRows++
	return nil
}

const kanjiRanks = "一二三四五六七八九"

// endBoard checks that the grid that just ended had nine ranks.
func (k *kakinoki) endBoard() error {
	k.gridOpen = false
	k.gridDone = true
	if k.boardRows != 9 {
		return &Error{Pos: k.lr.pos(1), Err: ErrBadBoard, Detail: "want nine ranks in the board diagram, found " + strconv.Itoa(k.boardRows)}
	}
	return nil
}

// handLine reads 先手の持駒：飛 角 歩二 (pieces separated by full-width,
// half-width or no spaces; なし for none).
func (k *kakinoki) handLine(raw, t []byte) error {
	c := colonIndex(t)
	owner, _ := handOwner(t[:c])
	v := afterColon(t, c)
	if k.started() {
		return k.errAt(raw, col(raw, t), ErrBadBoard, "a hand after the moves have begun")
	}
	if !k.boardSeen {
		k.board = shogi.NewPosition()
		k.boardSeen = true
		k.boardPos = k.lr.posAt(raw, col(raw, t))
	}
	k.handSeen = true
	h := k.board.Hand(owner)
	*h = shogi.Hand{}
	s := string(v)
	switch s {
	case "", "なし", "無し":
		return nil
	case "残り全部", "残りの駒全部", "残り", "残りの駒":
		// Tsume problems give the defender every piece not used elsewhere;
		// the counts are filled in when the diagram is complete.
		h[0] = 255
		return nil
	}
	base := col(raw, v)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == ' ' || r == '\u3000' || r == '\t' || r == '、' || r == ',' || r == '，' {
			i += n
			continue
		}
		pt := shogi.PieceTypeOfKanji(r)
		if pt < shogi.Pawn || pt > shogi.Gold {
			return k.errAt(raw, base+i, ErrBadBoard, "want a piece in hand (飛 角 金 銀 桂 香 歩) with an optional count")
		}
		i += n
		cnt, rest, _ := shogi.CutJaNumber(s[i:])
		i = len(s) - len(rest)
		if cnt == 0 {
			cnt = 1
		}
		if !h.Fits(pt, cnt) {
			return k.errAt(raw, base+i, ErrBadBoard, "too many pieces in hand")
		}
		h.Add(pt, cnt)
	}
	return nil
}

// startPosition builds the start position from the diagram or 手合割.
func (k *kakinoki) startPosition() (shogi.Position, error) {
	var p shogi.Position
	preset, known := shogi.HandicapFromKIF(k.handicap)
	switch {
	case k.boardSeen:
		if k.gridOpen {
			if err := k.endBoard(); err != nil {
				return p, err
			}
		}
		p = k.board
		if !k.gridDone {
			// Quirk: hands without a grid (a partial diagram); the board is
			// the preset's.
			b := preset.Position()
			if !known {
				b = shogi.StartPosition()
			}
			for _, c := range []shogi.Color{shogi.Black, shogi.White} {
				*b.Hand(c) = *p.Hand(c)
			}
			p = b
		} else {
			p.SetTurn(shogi.Black)
		}
		fillRest(&p)
		if k.turnSet {
			p.SetTurn(k.turn)
		}
		// Quirk: composed problems (九歩, fairy tsume) break the rules
		// of positions reachable in a game; they are still read.
		if e := startProblem(&p, k.boardPos); e != nil {
			if err := k.warn(e.Pos, e.Err, e.Detail); err != nil {
				return p, err
			}
		}
		if k.handicap != "" && !known {
			k.header = append(shogi.Header{{Key: shogi.KeyHandicap, Value: k.handicap}}, k.header...)
		}
	case k.handicap == "" || known && preset != shogi.Other:
		if k.handicap == "" {
			preset = shogi.Even
		}
		p = preset.Position()
		if k.turnSet && k.turn != p.Turn() {
			if err := k.warn(k.turnPos, ErrBadHeader, "the side to move contradicts 手合割; 手合割 wins"); err != nil {
				return p, err
			}
		}
	default:
		// 手合割：詰将棋, 五々将棋, その他 without a diagram: keep the text.
		k.header = append(shogi.Header{{Key: shogi.KeyHandicap, Value: k.handicap}}, k.header...)
		if err := k.warn(k.handicapPos, ErrBadHeader, "手合割 "+strconv.Quote(k.handicap)+" is not a preset and no board diagram follows; reading from the even start"); err != nil {
			return p, err
		}
		p = shogi.StartPosition()
	}
	p.SetMoveNumber(k.plyOffset + 1)
	return p, nil
}

// fillRest gives the side whose hand was written 残り全部 every piece that
// is neither on the board nor in the other hand.
func fillRest(p *shogi.Position) {
	limits := [shogi.Gold + 1]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Bishop: 2, shogi.Rook: 2, shogi.Gold: 4}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		h := p.Hand(c)
		if h[0] != 255 {
			continue
		}
		h[0] = 0
		var used [shogi.Gold + 1]int
		for s := shogi.Square(0); s < 81; s++ {
			if pc := p.At(s); pc != shogi.NoPiece && pc.Type().Demote() <= shogi.Gold {
				used[pc.Type().Demote()]++
			}
		}
		o := p.Hand(c.Opponent())
		for t := shogi.Pawn; t <= shogi.Gold; t++ {
			if n := limits[t] - used[t] - int(o[t]); n > 0 {
				h[t] = uint8(n)
			}
		}
	}
}
