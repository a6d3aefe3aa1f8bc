package parse

import (
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Reader reads records one at a time, as encoding/csv's Reader does. Read
// returns io.EOF after the last record. A record that cannot be read gives a
// nil record and an *Error (or an ErrorList); Warnings then lists the
// problems that were tolerated in the record just returned.
type Reader interface {
	Read() (*shogi.Record, error)
	Warnings() ErrorList
}

// Options are the settings every reader shares. The zero value is lenient,
// with DefaultMaxLineBytes.
type Options struct {
	Filename     string // used in error positions
	Strict       bool   // tolerated problems become errors
	MaxLineBytes int    // 0 means DefaultMaxLineBytes

	// Line and Offset say where the text starts in its input, for a piece
	// of a collection read on its own (see Split): positions count Line
	// lines and Offset bytes before it.
	Line   int
	Offset int64

	// Reuse, when not nil, is memory that readers keep from one game and
	// one input to the next; see Reuse.
	Reuse *Reuse
}

// Reuse is what readers that are given it in Options keep from one game and
// one input to the next: the record every Read fills and returns (after
// shogi.Record.Reset) instead of a new one, as encoding/csv's ReuseRecord
// reuses its slice, and the text buffer. A batch read this way allocates no
// game trees once its longest game has been read, and no buffer per file.
// The caller must be done with a record before reading the next, and a
// reader must not be used once another has been given the same Reuse. A
// Read that ends in an error or io.EOF may have reset the record. The zero
// value is ready to use.
type Reuse struct {
	rec   *shogi.Record
	lines []byte     // the line reader's or JSON scanner's buffer, while of a size worth keeping
	csa   csaBuffers // the CSA reader's
}

// maxReusedLineBuf bounds the line buffer a Reuse keeps: one enormous line
// must not hold its memory for the rest of a batch.
const maxReusedLineBuf = 64 << 10

// newRecord returns the record to build a game in: the reused one reset to
// start, or a new one.
func (o *Options) newRecord(start shogi.Position) *shogi.Record {
	if o.Reuse == nil {
		return shogi.NewRecord(start)
	}
	if o.Reuse.rec == nil {
		o.Reuse.rec = shogi.NewRecord(start)
	} else {
		o.Reuse.rec.Reset(start)
	}
	return o.Reuse.rec
}

// DefaultMaxLineBytes bounds a line of input (a huge comment is still fine).
const DefaultMaxLineBytes = 16 << 20

// Format describes one readable format.
type Format struct {
	Name        string   // "kif"
	Extensions  []string // ".kif", ".kifu"; the first is the preferred one
	Description string
	New         func(r io.Reader, opt Options) Reader
}

// Formats is the table of readable formats, in the order `kifconv formats`
// lists them.
var Formats = []Format{
	{"jkf", []string{".jkf", ".json"}, "JSON Kifu Format (JKF), one object or JSON Lines", func(r io.Reader, o Options) Reader { return NewJKF(r, o) }},
	{"usi", []string{".usi"}, "USI position lines (position startpos moves …), one game per line", func(r io.Reader, o Options) Reader { return NewUSI(r, o) }},
	{"sfen", []string{".sfen"}, "SFEN positions, one per line", func(r io.Reader, o Options) Reader { return NewSFEN(r, o) }},
	{"csa", []string{".csa"}, "CSA standard record (V2, V2.1, V2.2, V3.0; games separated by /)", func(r io.Reader, o Options) Reader { return NewCSA(r, o) }},
	{"psn", []string{".psn"}, "PSN (Portable Shogi Notation): PGN-like and Shogidokoro flavours, several games a file", func(r io.Reader, o Options) Reader { return NewPSN(r, o) }},
	{"western", []string{".wst", ".hosking"}, "Western move list (Hodges P-7f or Hosking P76), numbered, with comments and variations", func(r io.Reader, o Options) Reader { return NewWestern(r, o) }},
	{"kk", []string{".kk"}, "Kitao–Kawasaki move list (☗歩-76 ☖歩-34)", func(r io.Reader, o Options) Reader { return NewKK(r, o) }},
	{"kif", []string{".kif", ".kifu"}, "KIF (Kakinoki): numbered moves with origins, times, 変化 blocks; .kif Shift_JIS, .kifu UTF-8", func(r io.Reader, o Options) Reader { return NewKIF(r, o) }},
	{"ki2", []string{".ki2", ".ki2u"}, "KI2 (Kakinoki): moves in Japanese notation (▲７六歩△３四歩), まで result line", func(r io.Reader, o Options) Reader { return NewKI2(r, o) }},
	{"bod", []string{".bod"}, "BOD: a KIF board diagram (hands, 9×9 grid, 先手番/後手番)", func(r io.Reader, o Options) Reader { return NewBOD(r, o) }},
}

// Lookup returns the readable format named name (or with extension name).
func Lookup(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	for _, f := range Formats {
		for _, e := range f.Extensions {
			if e == name || e == "."+name {
				return f, true
			}
		}
	}
	return Format{}, false
}

// New returns a reader of the named format.
func New(name string, r io.Reader, opt Options) (Reader, error) {
	f, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown input format %q", name)
	}
	return f.New(r, opt), nil
}
