package render

import (
	"io"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// KI2 writes records in KI2: the KIF header (../shared/specs/
// ki2-japanese-notation.md §8), then the moves in Japanese notation with the
// JSA's disambiguation (shogi.KI2Notation), six to a line, each padded to
// twelve columns as Kifu for Windows lays them out; a comment or bookmark
// breaks the line. A line of play that ends in a special ending is closed
// by its `まで{N}手で…` line, and the 変化：N手 blocks follow in KIF's order.
// KI2 has no times: they are reported as lost. Unlike KIF it gets no
// `#KI2 version=2.0 encoding=…` line, which Kifu for Windows writes but
// Kifu for JS's KI2 reader rejects (the bytes and the extension, .ki2 or
// .ki2u, tell the encoding).
type KI2 struct {
	kakinokiText
	count int // moves on the text line being written
	width int // display width of the last move on it
}

// NewKI2 returns a KI2 writer.
func NewKI2(w io.Writer, opt Options) *KI2 {
	k := &KI2{kakinokiText: newKakinokiText(w, opt, "ki2")}
	k.madeOnly = true
	return k
}

// Reset makes k write to out as a new writer would (Writer).
func (k *KI2) Reset(out io.Writer) { *k = KI2{kakinokiText: k.kakinokiText.reset(out)} }

// ki2MovesPerLine is how many moves Kifu for Windows writes on a line.
const ki2MovesPerLine = 6

// Write writes one record.
func (k *KI2) Write(rec *shogi.Record) error {
	if k.ew.err != nil {
		return k.ew.err
	}
	if hasTimes(rec) {
		if err := k.lose("times"); err != nil {
			return err
		}
	}
	k.names = sideNames(rec)
	if err := k.settle(rec, k); err != nil {
		return err
	}
	dst := appendKakinokiHeader(k.buf[:0], rec, k.names)
	dst = append(dst, '\n')
	k.buf = appendComments(dst, rec.Root)
	k.count = 0
	return k.writeLines(rec, k)
}

func (k *KI2) beginLine(ply int, variation bool) error {
	k.count = 0
	return k.kakinokiText.beginLine(ply, variation)
}

func (k *KI2) node(pos *shogi.Position, n *shogi.Node, ply int, _ *[2]time.Duration) error {
	if n.IsEnd() {
		w, err := kakEndingWord(&k.losses, n, pos.Turn(), true)
		if err != nil || w == "" {
			return err
		}
		k.breakLine()
		k.buf = appendMadeLine(k.buf, ply-1, n.End(), w, pos.Turn(), k.names)
		k.buf = appendComments(k.buf, n)
		return nil
	}
	dst := k.buf
	if k.count > 0 {
		dst = appendSpaces(dst, 12-k.width)
	}
	mark := len(dst)
	dst = shogi.AppendSideMark(dst, pos.Turn())
	body := len(dst)
	dst = shogi.KI2Notation{}.AppendMove(dst, pos, n.Move)
	if illegalUnstated(pos, n, dst[body:], shogi.KI2Notation{}.ParseMove) {
		k.buf = dst[:mark]
		if err := k.lose(lostIllegal); err != nil {
			return err
		}
		return errSkipLine
	}
	// Every character of a KI2 move and its mark is three bytes and two
	// columns wide.
	k.width = (len(dst) - mark) / 3 * 2
	k.count++
	k.buf = dst
	if k.count == ki2MovesPerLine {
		k.breakLine()
	}
	if len(n.Comments()) > 0 || n.Bookmark() != "" {
		k.breakLine()
		k.buf = appendComments(k.buf, n)
	}
	k.buf = spill(&k.ew, k.buf, k.dry)
	return nil
}

func (k *KI2) endLine() error {
	k.breakLine()
	return k.ew.err
}

// breakLine ends the text line of moves, if one is open.
func (k *KI2) breakLine() {
	if k.count > 0 {
		k.buf = append(k.buf, '\n')
		k.count = 0
	}
}
