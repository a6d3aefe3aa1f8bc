package parse

import (
	"fmt"
	"io"
	"slices"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Reader reads records one at a time, as encoding/csv's Reader does. Read
// returns io.EOF after the last record. A record that cannot be read gives a
// nil record and an *Error (or an ErrorList); Warnings then lists the
// problems that were tolerated in the record just returned. How long a
// record stays valid is Options.ReuseRecord's one rule.
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
	// Places gives each record a shogi.Source (Record.Source) that tells
	// where its moves, endings, times and header fields stood, for
	// validate's positions: the reader keeps the text of the record and
	// notes a place per node (place.go). Off, reading costs nothing more.
	Places bool

	// Line and Offset say where the text starts in its input, for a piece
	// of a collection read on its own (see Split): positions count Line
	// lines and Offset bytes before it.
	Line   int
	Offset int64

	// ReuseRecord is the one rule of a record's lifetime, as in
	// encoding/csv: with it, Read builds each record in the memory of the
	// one before, so that a record is valid only until the next Read (or
	// until the Source of the reader is closed), and reading a collection
	// allocates no game tree once its longest game has been read. Without
	// it, every record Read returns is a new one, the caller's to keep.
	// ReadEach and ReadPieces, and every command, follow it.
	ReuseRecord bool

	mem *memory // kept from one input to the next (a Pool's), if not nil
}

// memory is what a reader keeps from one game and (through a Pool) one
// input to the next: the record ReuseRecord reuses and the buffers, which a
// batch of one-game files would otherwise grow from nothing in every file.
// One reader at a time uses it.
type memory struct {
	rec    *shogi.Record
	lines  []byte      // the line reader's buffer, while of a size worth keeping
	csa    csaBuffers  // the CSA reader's
	places *placeTable // the places of rec, when asked for
	kept   []byte      // the text of rec, for its places, while of a size worth keeping
	// reader is the last reader made with this memory (KIF, KI2, BOD:
	// 1.9 KB each, a file of a batch): the next one of its type is made
	// in it, once the input it read is done with (Source.Close).
	reader any
}

// newReader returns a zero R to make a reader in: the one opt's memory
// holds, or a new one that it then holds.
func newReader[R any](opt Options) *R {
	if opt.mem == nil {
		return new(R)
	}
	if x, ok := opt.mem.reader.(*R); ok {
		var zero R
		*x = zero
		return x
	}
	x := new(R)
	opt.mem.reader = x
	return x
}

// maxReusedLineBuf bounds the line buffer a memory keeps: one enormous line
// must not hold its memory for the rest of a batch.
const maxReusedLineBuf = 64 << 10

// newRecord returns the record to build a game in: with ReuseRecord, the
// reused one reset to start, else a new one.
func (o *Options) newRecord(start shogi.Position) *shogi.Record {
	if !o.ReuseRecord {
		return shogi.NewRecord(start)
	}
	if o.mem == nil {
		o.mem = new(memory)
	}
	if o.mem.rec == nil {
		o.mem.rec = shogi.NewRecord(start)
	} else {
		o.mem.rec.Reset(start)
	}
	return o.mem.rec
}

// reused returns the record newRecord will reset for the next game, or nil.
func (o *Options) reused() *shogi.Record {
	if !o.ReuseRecord || o.mem == nil {
		return nil
	}
	return o.mem.rec
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

// formats is the table of readable formats, in the order `kifconv formats`
// lists them.
var formats = []Format{
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
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	for _, f := range formats {
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

// Formats returns the readable formats, in the order `kifconv formats`
// lists them: a copy, the caller's to change.
func Formats() []Format { return slices.Clone(formats) }
