package render

import (
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// KK writes records in Kitao–Kawasaki notation, the hybrid of Nekomado's
// English books: the side marks replace move numbers, so moves come in
// unnumbered pairs, one pair a line:
//
//	Black: Kitao Madoka
//	White: Kaneko Takashi
//
//	☗歩-76 ☖歩-34
//	☗歩-26 ☖歩-84
//	   (☖金-32)
//	☗歩-25
//
// The header, comments, variations and endings are laid out as the Western
// writer does; times and bookmarks are not carried. parse.KK reads it back.
type KK struct {
	Options
	losses
	ew   errWriter
	buf  []byte
	list listState
	mt   movetext // kept between records for its buffers
}

// NewKK returns a Kitao–Kawasaki writer.
func NewKK(w io.Writer, opt Options) *KK {
	k := &KK{Options: opt, losses: losses{format: "kk", allow: opt.AllowLoss}, ew: errWriter{w: w}}
	k.mt.move, k.mt.parse, k.mt.ew = shogi.KitaoKawasakiNotation{}.AppendMove, shogi.KitaoKawasakiNotation{}.ParseMove, &k.ew
	return k
}

// Write writes one record (records are separated as Western's are).
func (k *KK) Write(rec *shogi.Record) error {
	if k.ew.err != nil {
		return k.ew.err
	}
	k.mt.reset(&k.losses, k.Mainline)
	b, err := k.list.appendRecord(k.buf[:0], rec, &k.losses, &k.mt)
	if err != nil {
		return err
	}
	k.buf = b
	k.ew.write(b)
	return k.ew.err
}

// Flush returns the first write error.
func (k *KK) Flush() error { return k.ew.err }
