package report

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

// InfoField is one column of info: its name, whether its JSON value is a
// number, and how to read it.
type InfoField struct {
	name     string
	number   bool
	nullable bool
	value    func(r *InfoRow) string
}

// InfoRow is what info knows of one game: where it is, how it is stored,
// its shogi.Summary, and the accuracy of each player (Black, White) by the
// analysis it carries (InfoAccuracy), when it judges a move of theirs.
type InfoRow struct {
	Path     string
	Game     int
	Format   string
	Encoding string
	Summary  shogi.Summary
	Accuracy [2]float64
	Judged   [2]bool
}

// InfoAccuracy returns each player's accuracy (0 to 100; Black, White) by
// the engine analysis rec's comments carry (analysis.FromRecord, the main
// line), and whether it judges any move of theirs.
func InfoAccuracy(rec *shogi.Record) (acc [2]float64, judged [2]bool) {
	ga, ok := analysis.FromRecord(rec, false, analysis.Thresholds{})
	if !ok {
		return acc, judged
	}
	for c, p := range ga.Players {
		if p.Moves > 0 {
			acc[c], judged[c] = round2(p.Accuracy), true
		}
	}
	return acc, judged
}

// InfoNeedsAnalysis reports whether any of fields is read from a record's
// analysis (InfoAccuracy): reading it back costs a walk of the record.
func InfoNeedsAnalysis(fields []InfoField) bool {
	for _, f := range fields {
		if f.name == "black_accuracy" || f.name == "white_accuracy" {
			return true
		}
	}
	return false
}

// accuracyText is side's accuracy as info prints it: "" (null) when no
// move of side's is judged.
func accuracyText(r *InfoRow, side shogi.Color) string {
	if !r.Judged[side] {
		return ""
	}
	return strconv.FormatFloat(r.Accuracy[side], 'f', -1, 64)
}

func winnerName(s *shogi.Summary) string {
	if !s.HasWinner {
		return ""
	}
	if s.Winner == shogi.Black {
		return "black"
	}
	return "white"
}

// infoFields are the columns of info, in their default order.
// docs/schemas/info.schema.json gives the JSON form and describes
// each; docs/collections.md's table of fields is made from it.
var infoFields = []InfoField{
	{"path", false, false, func(r *InfoRow) string { return r.Path }},
	{"game", true, false, func(r *InfoRow) string { return strconv.Itoa(r.Game) }},
	{"format", false, false, func(r *InfoRow) string { return r.Format }},
	{"encoding", false, false, func(r *InfoRow) string { return r.Encoding }},
	{"black", false, true, func(r *InfoRow) string { return r.Summary.Black }},
	{"white", false, true, func(r *InfoRow) string { return r.Summary.White }},
	{"date", false, true, func(r *InfoRow) string { return r.Summary.Date }},
	{"event", false, true, func(r *InfoRow) string { return r.Summary.Event }},
	{"handicap", false, false, func(r *InfoRow) string { return r.Summary.Handicap }},
	{"start", false, true, func(r *InfoRow) string {
		if r.Summary.Handicap != shogi.Custom {
			return ""
		}
		return r.Summary.Start.SFEN()
	}},
	{"plies", true, false, func(r *InfoRow) string { return strconv.Itoa(r.Summary.Plies) }},
	{"variations", true, false, func(r *InfoRow) string { return strconv.Itoa(r.Summary.Variations) }},
	{"comments", true, false, func(r *InfoRow) string { return strconv.Itoa(r.Summary.Comments) }},
	{"bookmarks", true, false, func(r *InfoRow) string { return strconv.Itoa(r.Summary.Bookmarks) }},
	{"ending", false, true, func(r *InfoRow) string {
		if r.Summary.Ending.IsZero() {
			return ""
		}
		return r.Summary.Ending.Kind.String()
	}},
	{"winner", false, true, func(r *InfoRow) string { return winnerName(&r.Summary) }},
	{"final", false, false, func(r *InfoRow) string { return r.Summary.Final.SFEN() }},
	{"black_accuracy", true, true, func(r *InfoRow) string { return accuracyText(r, shogi.Black) }},
	{"white_accuracy", true, true, func(r *InfoRow) string { return accuracyText(r, shogi.White) }},
}

// InfoTableFields are the columns of the table when --fields is not given.
func InfoTableFields() []string {
	return []string{"path", "game", "black", "white", "date", "event", "handicap", "plies", "ending", "winner"}
}

// InfoFieldNames returns the names of every column, in their default order.
func InfoFieldNames() []string {
	out := make([]string, len(infoFields))
	for i, f := range infoFields {
		out[i] = f.name
	}
	return out
}

// Name is the column's name.
func (f *InfoField) Name() string { return f.name }

// InfoValues returns the values of fields for row, as InfoWriter.Row
// takes them.
func InfoValues(fields []InfoField, row *InfoRow) []string {
	vals := make([]string, len(fields))
	for i, f := range fields {
		vals[i] = f.value(row)
	}
	return vals
}

// PickInfoFields returns the fields named, or the defaults; the error
// names the --fields flag.
func PickInfoFields(names, defaults []string) ([]InfoField, error) {
	if len(names) == 0 {
		names = defaults
	}
	var out []InfoField
	for _, n := range names {
		n = strings.TrimSpace(n)
		found := false
		for _, f := range infoFields {
			if f.name == n {
				out = append(out, f)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown field %q (want %s)", n, strings.Join(InfoFieldNames(), ", "))
		}
	}
	return out, nil
}

// InfoWriter writes the rows of info in one of its formats: table, json,
// jsonl, csv or tsv.
type InfoWriter struct {
	InfoOptions
	w      *bufio.Writer
	rows   [][]string // the table's rows, held to measure them
	widths []int      // the table's column widths, once measured
	line   []byte     // the row being written
	csv    *csv.Writer
	n      int
}

// InfoOptions say how info's rows are written.
type InfoOptions struct {
	Format   string               // table, json, jsonl, csv or tsv
	Fields   []InfoField          // the columns
	Cond     *runewidth.Condition // measures the table's cells
	NoHeader bool                 // no header row (table, csv, tsv)
	NUL      bool                 // rows end with NUL rather than a newline (table, tsv, jsonl)

	measure int // the rows the table measures (0: TableRows); tests use fewer
}

// NewInfoWriter starts the output: the header row, or the opening of the
// JSON array.
func NewInfoWriter(w *bufio.Writer, o InfoOptions) *InfoWriter {
	iw := &InfoWriter{InfoOptions: o, w: w}
	names := make([]string, len(o.Fields))
	for i, f := range o.Fields {
		names[i] = f.name
	}
	switch o.Format {
	case "csv":
		iw.csv = csv.NewWriter(w)
		if !o.NoHeader {
			iw.csv.Write(names)
		}
	case "tsv":
		if !o.NoHeader {
			iw.w.WriteString(strings.Join(names, "\t"))
			iw.w.WriteByte(iw.end())
		}
	case "table":
		if !o.NoHeader {
			iw.rows = append(iw.rows, names)
		}
	case "json":
		iw.w.WriteString("[")
	}
	return iw
}

// end is the byte a row ends with.
func (iw *InfoWriter) end() byte {
	if iw.NUL {
		return 0
	}
	return '\n'
}

// Row writes one game's values (InfoValues).
func (iw *InfoWriter) Row(vals []string) {
	switch iw.Format {
	case "csv":
		iw.csv.Write(vals)
	case "tsv":
		for i, v := range vals {
			if i > 0 {
				iw.w.WriteByte('\t')
			}
			iw.w.WriteString(TermSafe(v)) // \t, \n, \\ and the other controls escaped
		}
		iw.w.WriteByte(iw.end())
	case "table":
		if iw.widths != nil {
			iw.writeRow(vals, true)
			break
		}
		iw.rows = append(iw.rows, append([]string(nil), vals...))
		if len(iw.rows) > cmp.Or(iw.measure, TableRows) {
			iw.table()
		}
	case "json", "jsonl":
		if iw.Format == "json" {
			if iw.n > 0 {
				iw.w.WriteByte(',')
			}
			iw.w.WriteString("\n  ")
		}
		iw.w.WriteByte('{')
		for i, f := range iw.Fields {
			if i > 0 {
				iw.w.WriteString(", ")
			}
			iw.w.Write(jsonString(f.name))
			iw.w.WriteString(": ")
			switch v := vals[i]; {
			case v == "" && f.nullable:
				iw.w.WriteString("null")
			case f.number:
				iw.w.WriteString(v)
			default:
				iw.w.Write(jsonString(v))
			}
		}
		iw.w.WriteByte('}')
		if iw.Format == "jsonl" {
			iw.w.WriteByte(iw.end())
		}
	}
	iw.n++
}

// End finishes the output; the caller flushes the bufio.Writer.
func (iw *InfoWriter) End() {
	switch iw.Format {
	case "csv":
		iw.csv.Flush()
	case "json":
		if iw.n > 0 {
			iw.w.WriteString("\n")
		}
		iw.w.WriteString("]\n")
	case "table":
		if iw.widths == nil {
			iw.table()
		}
	}
}

// TableRows is how many rows the table holds to measure its columns; the
// rows after them are written as they come, so that memory stays bounded.
// A column is as wide as its widest cell among them, up to TableColumn: a
// wider cell, or one of a later row, overflows its column rather than
// widening every row (a 1 MB name in a 1 MB file must not make a 1 GB
// table).
const (
	TableRows   = 1000
	TableColumn = 40
)

// table measures the held rows and writes them; numbers are aligned right,
// an empty value shows as -.
func (iw *InfoWriter) table() {
	iw.widths = make([]int, len(iw.Fields))
	for _, r := range iw.rows {
		for i := range r {
			r[i] = tableCell(r[i])
			iw.widths[i] = min(max(iw.widths[i], iw.Cond.StringWidth(r[i])), TableColumn)
		}
	}
	for k, r := range iw.rows {
		iw.writeRow(r, k > 0 || iw.NoHeader)
	}
	iw.rows = nil
}

// tableCell is a value as the table shows it.
func tableCell(v string) string {
	if v == "" {
		return "-"
	}
	return TermSafe(v)
}

// writeRow writes a measured row (body: not the header, whose names are
// aligned left).
func (iw *InfoWriter) writeRow(r []string, body bool) {
	b := iw.line[:0]
	for i, v := range r {
		if body && iw.rows == nil {
			v = tableCell(v)
		}
		w := iw.Cond.StringWidth(v)
		pad := max(iw.widths[i]-w, 0)
		right := iw.Fields[i].number && body
		if i > 0 {
			b = append(b, "  "...)
		}
		if right {
			b = appendBlanks(b, pad)
		}
		b = append(b, v...)
		if !right && i < len(r)-1 {
			b = appendBlanks(b, pad)
		}
	}
	b = append(b, iw.end())
	iw.w.Write(b)
	iw.line = b
}

// TermSafe is charset.TermSafe: a value from a file, shown in a table or
// a list.
func TermSafe(s string) string { return charset.TermSafe(s) }

func jsonString(s string) []byte {
	return bytes.TrimRight(marshalJSON(s, false), "\n")
}

// appendBlanks appends n spaces.
func appendBlanks(dst []byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, ' ')
	}
	return dst
}
