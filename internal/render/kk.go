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
type KK struct{ listWriter }

// NewKK returns a Kitao–Kawasaki writer.
func NewKK(w io.Writer, opt Options) *KK {
	k := &KK{}
	k.init(w, opt, "kk", shogi.KitaoKawasakiNotation{})
	return k
}

// Write writes one record (records are separated as Western's are).
func (k *KK) Write(rec *shogi.Record) error { return k.write(rec, false) }
