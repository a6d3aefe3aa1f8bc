package render

import (
	"io"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/shogi"
)

// PSN writes records as PSN (Portable Shogi Notation) in its PGN-like form:
// tag pairs, then numbered move text with comments in braces and nested
// variations in parentheses, then the result.
//
//	[Sente "Alice"]
//	[Gote "Bob"]
//	[Handicap "rook+bishop"]
//	[SFEN "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"]
//
//	1... P6c-6d (00:03 / 00:00:03)
//	2. P7g-7f P5c-5d
//	   {Gote takes the centre.}
//	   (2... S7a-6b)
//	3. P2g-2f Resigns
//	0-1
//
// Moves are written as Shogidokoro writes them, with the origin always
// given (P7g-7f, B8hx2b+, +B5e-4d, B*4e), which every PSN reader accepts;
// thinking times in Shogidokoro's (mm:ss / hh:mm:ss) after the move. The
// layout of comments and variations is the Western writer's. The start is
// a Handicap tag (gshogi's names: lance, bishop, rook, rook+lance,
// rook+bishop, four piece, …; see shogi.Handicap.English) together with an
// SFEN tag for a handicap preset, an SFEN tag for any other start, nothing
// for the even start. Header fields become tags (Sente, Gote, Event, Site,
// Date, Opening, TimeControl for the standard ones, other keys as they are).
// The ending is an end word (Resigns, Sennichite, …) before the result
// (1-0, 0-1, 1/2-1/2 or *). Records are separated by a blank line.
type PSN struct {
	Options
	losses
	ew      errWriter
	buf     []byte
	records int
	mt      movetext // kept between records for its buffers
}

// NewPSN returns a PSN writer.
func NewPSN(w io.Writer, opt Options) *PSN {
	p := &PSN{Options: opt, losses: losses{format: "psn", allow: opt.AllowLoss}, ew: errWriter{w: w}}
	p.mt.move, p.mt.ew = appendPSNMove, &p.ew
	return p
}

// Reset makes p write to out as a new writer would (Writer). The
// movetext starts afresh at every record.
func (p *PSN) Reset(out io.Writer) {
	*p = PSN{Options: p.Options, losses: p.losses.reset(), ew: errWriter{w: out}, buf: p.buf[:0], mt: p.mt}
}

// Write writes one record.
func (p *PSN) Write(rec *shogi.Record) error {
	if p.ew.err != nil {
		return p.ew.err
	}
	b := p.buf[:0]
	if p.records > 0 {
		b = append(b, '\n')
	}
	tags := len(b)
	for _, f := range rec.Header {
		if f.Key == shogi.KeyHandicap {
			continue
		}
		name := psnTagName(rec, f.Key)
		if name == "" || strings.ContainsAny(name, " \t\"[]") || strings.ContainsAny(f.Value, "\n\r") {
			if err := p.lose("header field " + strconv.Quote(f.Key)); err != nil {
				return err
			}
			continue
		}
		b = appendTag(b, name, f.Value)
	}
	if rec.Preset != shogi.Even {
		if rec.Preset != shogi.Other {
			b = appendTag(b, "Handicap", rec.Preset.English())
		}
		b = appendTag(b, "SFEN", rec.Start.SFEN())
	}
	if len(b) > tags {
		b = append(b, '\n')
	}
	mt := &p.mt
	mt.reset(&p.losses, p.Mainline)
	mt.b, mt.numbers, mt.times = b, true, true
	b, err := mt.write(rec)
	if err != nil {
		return err
	}
	b = append(b, psnResult(rec)...)
	b = append(b, '\n')
	p.buf = b
	p.records++
	p.ew.write(b)
	return p.ew.err
}

// Flush returns the first write error.
func (p *PSN) Flush() error { return p.ew.err }

// psnTagName is headerName with PSN's player tags.
func psnTagName(rec *shogi.Record, key string) string {
	switch n := headerName(rec, key); n {
	case "Black":
		return "Sente"
	case "White":
		return "Gote"
	default:
		return n
	}
}

// appendTag appends [name "value"] with PGN's escapes for \ and ".
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ` "`...)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, value[i])
	}
	return append(b, "\"]\n"...)
}

// appendPSNMove writes a move with its origin, as Shogidokoro does.
func appendPSNMove(dst []byte, pos *shogi.Position, m shogi.Move) []byte {
	if m.IsDrop() {
		return m.AppendUSI(dst)
	}
	from, to := m.From(), m.To()
	dst = append(dst, pos.At(from).Type().WesternLetter()...)
	dst = append(dst, byte('0'+from.File()), byte('a'+from.Rank()-1))
	if pos.At(to) != shogi.NoPiece {
		dst = append(dst, 'x')
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, byte('0'+to.File()), byte('a'+to.Rank()-1))
	if m.IsPromotion() {
		dst = append(dst, '+')
	}
	return dst
}

// psnResult returns the PGN result of the main line's ending, the Result
// tag when the main line has no ending, or "*".
func psnResult(rec *shogi.Record) string {
	end := rec.MainLineEnd()
	if !end.IsEnd() {
		// Only a game termination marker can end the movetext: any other
		// Result tag value (kept as read) would read back as a move.
		switch r, _ := rec.Header.Get("Result"); r {
		case "1-0", "0-1", "1/2-1/2", "½-½":
			return r
		}
		return "*"
	}
	if o := shogi.LineResult(rec.Start, rec.Root.Next()); o.Decided {
		if o.Winner == shogi.Black {
			return "1-0"
		}
		return "0-1"
	}
	switch end.End().Kind {
	case shogi.Sennichite, shogi.Impasse, shogi.Draw, shogi.MaxMoves:
		return "1/2-1/2"
	}
	return "*"
}
