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
	{"usi", []string{".usi"}, "USI position lines (position startpos moves …), one game per line", func(r io.Reader, o Options) Reader { return NewUSI(r, o) }},
	{"sfen", []string{".sfen"}, "SFEN positions, one per line", func(r io.Reader, o Options) Reader { return NewSFEN(r, o) }},
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
