package render

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Writer writes records in one format. Write and Flush return the first
// error that occurred (it sticks, as in encoding/json's Encoder).
type Writer interface {
	Write(rec *shogi.Record) error
	Flush() error
	// Losses lists, sorted and without repeats, what the writes since the
	// last call of Losses could not carry and dropped (only with
	// Options.AllowLoss): a caller can tell which records lost what.
	Losses() []string
	// Reset makes the writer write to w as a new one with the same
	// options would, keeping the buffers it has grown: a batch writes
	// many small files with a few writers.
	Reset(w io.Writer)
}

// Options are the settings writers share; each writer reads the ones that
// concern it. The zero value writes everything and fails on loss.
type Options struct {
	AllowLoss  bool   // drop what the format cannot carry, listing it in Losses
	Mainline   bool   // write the main line only (variations are dropped on purpose, not a loss)
	CSAVersion string // "2.2" (default) or "3.0"
	Variations string // CSA: "" (main line only) or "separate" (each line of play as its own game)
	Ply        int    // BOD, SFEN, SVG: the main-line ply to draw; -1 (or 0 with PlySet false) means the end
	PlySet     bool   // Ply was given
	AllPlies   bool   // SVG: one image per ply
	Notation   string // Western writers: "hodges" (default) or "hosking"
	// Encoding is the encoding the text is written in: writers write UTF-8
	// and the caller transcodes it, but KIF, KI2 and CSA V3.0 declare it
	// in the text. "utf-8" or "shift_jis"; "" is the format's own (Formats).
	Encoding string

	// Train chooses the positions the training formats (hcpe, psv,
	// positions) write.
	Train TrainOptions
}

// withEncoding returns o with enc as its Encoding unless it names one.
func withEncoding(o Options, enc string) Options {
	if o.Encoding == "" {
		o.Encoding = enc
	}
	return o
}

// encodingName returns how a declaration names enc: Kifu for Windows'
// spelling (UTF-8, Shift_JIS), in upper case for CSA (SHIFT_JIS); "" for an
// encoding it has no name for.
func encodingName(enc string, upper bool) string {
	switch strings.ToLower(strings.ReplaceAll(enc, "-", "_")) {
	case "utf_8", "utf8":
		return "UTF-8"
	case "shift_jis", "sjis", "cp932", "windows_31j":
		if upper {
			return "SHIFT_JIS"
		}
		return "Shift_JIS"
	}
	return ""
}

// ErrLossy is wrapped by the error a writer returns when the record holds
// something the format cannot carry and AllowLoss is not set.
var ErrLossy = errors.New("the target format cannot carry this")

// LossError names what a format could not carry.
type LossError struct {
	Format  string
	Feature string // "variations", "comments", "times", "ending 封じ手", …
}

func (e *LossError) Error() string {
	return fmt.Sprintf("%s cannot carry %s", e.Format, e.Feature)
}

// Code is the diagnostic code of a loss.
func (e *LossError) Code() string { return "lossy" }

// Unwrap returns ErrLossy.
func (e *LossError) Unwrap() error { return ErrLossy }

// losses is embedded by writers to record and report losses uniformly.
type losses struct {
	format string
	allow  bool
	seen   map[string]bool
}

// lose reports that feature could not be written: an error unless losses are
// allowed, in which case it is remembered for Losses.
func (l *losses) lose(feature string) error {
	if !l.allow {
		return &LossError{Format: l.format, Feature: feature}
	}
	if l.seen[feature] {
		return nil // the common case for a stream of records: a map read, not a write
	}
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	l.seen[feature] = true
	return nil
}

// reset returns l as new: nothing lost yet.
func (l losses) reset() losses {
	clear(l.seen)
	return l
}

// Losses lists what was dropped since the last call.
func (l *losses) Losses() []string {
	out := make([]string, 0, len(l.seen))
	for k := range l.seen {
		out = append(out, k)
	}
	sort.Strings(out)
	clear(l.seen)
	return out
}

// Format describes one writable format.
type Format struct {
	Name        string // "kif"
	Extension   string // ".kif": the extension of files written in it
	Encoding    string // the conventional output encoding: "utf-8" or "shift_jis"
	CRLF        bool   // the conventional line end is CRLF
	Description string
	New         func(w io.Writer, opt Options) Writer
}

// formats is the table of writable formats.
var formats = []Format{
	{"jkf", ".jkf", "utf-8", false, "JSON Kifu Format: one indented document, or JSON Lines for several records", func(w io.Writer, o Options) Writer { return NewJKF(w, o) }},
	{"usi", ".usi", "utf-8", false, "USI position line per game (main line)", func(w io.Writer, o Options) Writer { return NewUSI(w, o) }},
	{"sfen", ".sfen", "utf-8", false, "SFEN of the position at the end of the main line (or at a given ply)", func(w io.Writer, o Options) Writer { return NewSFEN(w, o) }},
	{"kif", ".kif", "shift_jis", true, "KIF as Kifu for Windows writes it: header, numbered moves with times, comments, 変化 blocks", func(w io.Writer, o Options) Writer { return NewKIF(w, withEncoding(o, "shift_jis")) }},
	{"kifu", ".kifu", "utf-8", false, "KIF in UTF-8 (.kifu)", func(w io.Writer, o Options) Writer { return NewKIF(w, withEncoding(o, "utf-8")) }},
	{"ki2", ".ki2", "shift_jis", true, "KI2 as Kifu for Windows writes it: KIF header, moves in Japanese notation with JSA disambiguation (no times)", func(w io.Writer, o Options) Writer { return NewKI2(w, withEncoding(o, "shift_jis")) }},
	{"ki2u", ".ki2u", "utf-8", false, "KI2 in UTF-8 (.ki2u)", func(w io.Writer, o Options) Writer { return NewKI2(w, withEncoding(o, "utf-8")) }},
	{"bod", ".bod", "utf-8", false, "BOD board diagram of the position at the end of the main line (or at a given ply)", func(w io.Writer, o Options) Writer { return NewBOD(w, o) }},
	{"csa", ".csa", "utf-8", false, "CSA V2.2 or V3.0; the main line, or each line of play as a game of its own", func(w io.Writer, o Options) Writer { return NewCSA(w, withEncoding(o, "utf-8")) }},
	{"psn", ".psn", "utf-8", false, "PSN (PGN-like): tags, numbered moves with origins, comments, nested variations, times, result", func(w io.Writer, o Options) Writer { return NewPSN(w, o) }},
	{"western", ".wst", "utf-8", false, "Western move list in Hodges notation (P-7f), or Hosking's (P76)", func(w io.Writer, o Options) Writer { return NewWestern(w, o) }},
	{"hosking", ".hosking", "utf-8", false, "Western move list in Hosking notation (P76, S'56)", func(w io.Writer, o Options) Writer { return NewHosking(w, o) }},
	{"kk", ".kk", "utf-8", false, "Kitao–Kawasaki move list (☗歩-76 ☖歩-34)", func(w io.Writer, o Options) Writer { return NewKK(w, o) }},
	{"svg", ".svg", "utf-8", false, "SVG picture of the position at the end of the main line (or at a given ply, or every ply)", func(w io.Writer, o Options) Writer { return NewSVG(w, o) }},
	{"hcpe", ".hcpe", BinaryEncoding, false, "training data: cshogi's HuffmanCodedPosAndEval, 38 bytes per position with a move (score, move, result)", func(w io.Writer, o Options) Writer { return NewHCPE(w, o) }},
	{"psv", ".bin", BinaryEncoding, false, "training data: YaneuraOu's PackedSfenValue, 40 bytes per position with a move (score, move, ply, result)", func(w io.Writer, o Options) Writer { return NewPSV(w, o) }},
	{"positions", ".positions", "utf-8", false, "training data as text: SFEN, move, score, result per position with a move", func(w io.Writer, o Options) Writer { return NewPositions(w, o) }},
}

// Lookup returns the writable format with this name or extension.
func Lookup(name string) (Format, bool) {
	for _, f := range formats {
		if f.Name == name || f.Extension == name || f.Extension == "."+name {
			return f, true
		}
	}
	return Format{}, false
}

// New returns a writer of the named format.
func New(name string, w io.Writer, opt Options) (Writer, error) {
	f, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown output format %q", name)
	}
	return f.New(w, opt), nil
}

// errWriter wraps an io.Writer and keeps the first error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) write(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

// spillSize is how much text a writer gathers before passing it on, so
// that a long record is written as it goes, in memory that does not grow
// with it.
const spillSize = 64 << 10

// spill writes buf to ew once it holds spillSize bytes and returns it
// emptied, or returns it as it is. In a dry run (a writer settling what a
// record loses before it writes any of it) the text is dropped instead.
func spill(ew *errWriter, buf []byte, dry bool) []byte {
	if len(buf) < spillSize {
		return buf
	}
	if !dry {
		ew.write(buf)
	}
	return buf[:0]
}

// Formats returns the writable formats: a copy, the caller's to change.
func Formats() []Format { return slices.Clone(formats) }
