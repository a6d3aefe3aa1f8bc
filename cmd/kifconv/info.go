package main

import (
	"bufio"
	"encoding/csv"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"
)

type infoOptions struct {
	coll   collOptions
	format string
	fields []string
	eaw    string
}

// infoField is one column of info: its name, whether its JSON value is a
// number, and how to read it.
type infoField struct {
	name     string
	number   bool
	nullable bool
	value    func(r *infoRow) string
}

// infoRow is what info knows of one game.
type infoRow struct {
	g *gameRef
	s shogi.Summary
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

// infoFields are the columns of info, in their default order. README's
// Collections section documents each; cmd/kifconv/testdata/info.schema.json
// gives the JSON form.
var infoFields = []infoField{
	{"path", false, false, func(r *infoRow) string { return r.g.in.name() }},
	{"game", true, false, func(r *infoRow) string { return strconv.Itoa(r.g.game) }},
	{"format", false, false, func(r *infoRow) string { return r.g.format }},
	{"encoding", false, false, func(r *infoRow) string { return string(r.g.encoding) }},
	{"black", false, true, func(r *infoRow) string { return r.s.Black }},
	{"white", false, true, func(r *infoRow) string { return r.s.White }},
	{"date", false, true, func(r *infoRow) string { return r.s.Date }},
	{"event", false, true, func(r *infoRow) string { return r.s.Event }},
	{"handicap", false, false, func(r *infoRow) string { return r.s.Handicap }},
	{"start", false, true, func(r *infoRow) string {
		if r.s.Handicap != shogi.Custom {
			return ""
		}
		return r.s.Start.SFEN()
	}},
	{"plies", true, false, func(r *infoRow) string { return strconv.Itoa(r.s.Plies) }},
	{"variations", true, false, func(r *infoRow) string { return strconv.Itoa(r.s.Variations) }},
	{"comments", true, false, func(r *infoRow) string { return strconv.Itoa(r.s.Comments) }},
	{"bookmarks", true, false, func(r *infoRow) string { return strconv.Itoa(r.s.Bookmarks) }},
	{"ending", false, true, func(r *infoRow) string {
		if r.s.Ending.IsZero() {
			return ""
		}
		return r.s.Ending.Kind.String()
	}},
	{"winner", false, true, func(r *infoRow) string { return winnerName(&r.s) }},
	{"final", false, false, func(r *infoRow) string { return r.s.Final.SFEN() }},
}

// tableFields are the columns of the table when --fields is not given.
var tableFields = []string{"path", "game", "black", "white", "date", "event", "handicap", "plies", "ending", "winner"}

func infoFieldNames() []string {
	out := make([]string, len(infoFields))
	for i, f := range infoFields {
		out[i] = f.name
	}
	return out
}

func newInfoCmd(e env) *cobra.Command {
	var o infoOptions
	cmd := &cobra.Command{
		Use:   "info [flags] [FILE|DIR|-]...",
		Short: "List the games of files, trees or streams, one row per game",
		Long: `Info prints one row per game of every input (files, directories searched
recursively, --files-from lists, standard input): where it is (path, game),
how it is stored (format, encoding), who played (black, white: 先手/後手, or
下手/上手 in handicap games), when and where (date, event), from which start
(handicap, and the start SFEN when it is custom), how long the main line is
(plies), how much the record tells (variations, comments, bookmarks), how it
ended (ending, winner) and the final position (final, as SFEN).

--format table (the default) aligns the columns by display width (full-width
characters take two columns), measured on the first 1,000 rows (later
rows widen a column where they must). json (one array), jsonl (one object
per line), csv and tsv (with a header row) stream. --fields picks and orders the columns; the table shows
path, game, black, white, date, event, handicap, plies, ending and winner
unless told, the other formats every field. In JSON, numbers are numbers and
a value the record does not give is null. README's Collections section
documents every field.

Exit status: 0 all read, 1 some input invalid (its games up to the error
are listed), 2 usage or I/O error.`,
		Example: `  kifconv info games/
  kifconv info --format tsv --fields path,game,black,white,plies games/ | sort -t$'\t' -k5n
  kifconv info --format jsonl floodgate.csa | jq -r 'select(.winner == "black") | .black'
  kifconv info --games 1-10 --format csv big.csa > first10.csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInfo(cmd, e, &o)
		},
	}
	addCollectionFlags(cmd, &o.coll)
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "table", "output: table, json, jsonl, csv or tsv")
	f.StringSliceVar(&o.fields, "fields", nil, "columns to print, in order: `LIST` of "+strings.Join(infoFieldNames(), ","))
	f.StringVar(&o.eaw, "east-asian-width", "auto", "table: ambiguous-width characters (▲ △) are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"table", "json", "jsonl", "csv", "tsv"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("fields", cobra.FixedCompletions(infoFieldNames(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// pickFields returns the fields named, or the defaults.
func pickFields(names, defaults []string) ([]infoField, error) {
	if len(names) == 0 {
		names = defaults
	}
	var out []infoField
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
			return nil, usageErrorf("--fields: unknown field %q (want %s)", n, strings.Join(infoFieldNames(), ", "))
		}
	}
	return out, nil
}

func runInfo(cmd *cobra.Command, e env, o *infoOptions) error {
	if err := o.coll.check(cmd, e); err != nil {
		return err
	}
	defaults := infoFieldNames()
	switch o.format {
	case "table":
		defaults = tableFields
	case "json", "jsonl", "csv", "tsv":
	default:
		return usageErrorf("--format: want table, json, jsonl, csv or tsv, not %q", o.format)
	}
	fields, err := pickFields(o.fields, defaults)
	if err != nil {
		return err
	}
	cond, err := widthCondition(o.eaw, e.getenv)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	out := newInfoWriter(bw, o.format, fields, cond)
	// The values are worked out where the games are read (by the workers,
	// for small files).
	work := func(g *gameRef) any {
		row := infoRow{g: g, s: shogi.Summarize(g.rec)}
		vals := make([]string, len(fields))
		for i, f := range fields {
			vals[i] = f.value(&row)
		}
		return vals
	}
	status, err := eachGame(cmd, &o.coll, gameWalk{work: work}, func(g *gameRef) bool {
		out.row(g.val.([]string))
		return true
	})
	out.end()
	if ferr := bw.Flush(); ferr != nil {
		return &exitError{exitUsage, ferr}
	}
	if err != nil {
		return err
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}

// infoWriter writes the rows of info in one of its formats.
type infoWriter struct {
	w      *bufio.Writer
	format string
	fields []infoField
	cond   *runewidth.Condition
	rows   [][]string // the table's rows, held to measure them
	widths []int      // the table's column widths, once measured
	line   []byte     // the row being written
	csv    *csv.Writer
	n      int
}

func newInfoWriter(w *bufio.Writer, format string, fields []infoField, cond *runewidth.Condition) *infoWriter {
	iw := &infoWriter{w: w, format: format, fields: fields, cond: cond}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	switch format {
	case "csv":
		iw.csv = csv.NewWriter(w)
		iw.csv.Write(names)
	case "tsv":
		iw.w.WriteString(strings.Join(names, "\t") + "\n")
	case "table":
		iw.rows = append(iw.rows, names)
	case "json":
		iw.w.WriteString("[")
	}
	return iw
}

// tsvEscaper keeps a TSV value on its line and in its column; termSafe
// then escapes the other control characters.
var tsvEscaper = strings.NewReplacer("\\", `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

func (iw *infoWriter) row(vals []string) {
	switch iw.format {
	case "csv":
		iw.csv.Write(vals)
	case "tsv":
		for i, v := range vals {
			if i > 0 {
				iw.w.WriteByte('\t')
			}
			iw.w.WriteString(termSafe(tsvEscaper.Replace(v)))
		}
		iw.w.WriteByte('\n')
	case "table":
		if iw.widths != nil {
			iw.writeRow(vals, true)
			break
		}
		iw.rows = append(iw.rows, append([]string(nil), vals...))
		if len(iw.rows) > tableRows {
			iw.table()
		}
	case "json", "jsonl":
		if iw.format == "json" {
			if iw.n > 0 {
				iw.w.WriteByte(',')
			}
			iw.w.WriteString("\n  ")
		}
		iw.w.WriteByte('{')
		for i, f := range iw.fields {
			if i > 0 {
				iw.w.WriteString(", ")
			}
			iw.w.Write(jsonString(f.name))
			iw.w.WriteString(": ")
			switch v := vals[i]; {
			case f.number:
				iw.w.WriteString(v)
			case v == "" && f.nullable:
				iw.w.WriteString("null")
			default:
				iw.w.Write(jsonString(v))
			}
		}
		iw.w.WriteByte('}')
		if iw.format == "jsonl" {
			iw.w.WriteByte('\n')
		}
	}
	iw.n++
}

func (iw *infoWriter) end() {
	switch iw.format {
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

// tableRows is how many rows the table holds to measure its columns; the
// rows after them are written as they come, in columns that widen for a
// longer value, so that memory stays bounded.
var tableRows = 1000 // a variable for the tests

// table measures the held rows and writes them; numbers are aligned right,
// an empty value shows as -.
func (iw *infoWriter) table() {
	iw.widths = make([]int, len(iw.fields))
	for _, r := range iw.rows {
		for i := range r {
			r[i] = tableCell(r[i])
			iw.widths[i] = max(iw.widths[i], iw.cond.StringWidth(r[i]))
		}
	}
	for k, r := range iw.rows {
		iw.writeRow(r, k > 0)
	}
	iw.rows = nil
}

// tableCell is a value as the table shows it.
func tableCell(v string) string {
	if v == "" {
		return "-"
	}
	return termSafe(v)
}

// writeRow writes a measured row (body: not the header, whose names are
// aligned left).
func (iw *infoWriter) writeRow(r []string, body bool) {
	b := iw.line[:0]
	for i, v := range r {
		if body && iw.rows == nil {
			v = tableCell(v)
		}
		w := iw.cond.StringWidth(v)
		iw.widths[i] = max(iw.widths[i], w)
		pad := iw.widths[i] - w
		right := iw.fields[i].number && body
		if i > 0 {
			b = append(b, "  "...)
		}
		if right {
			b = appendSpaces(b, pad)
		}
		b = append(b, v...)
		if !right && i < len(r)-1 {
			b = appendSpaces(b, pad)
		}
	}
	b = append(b, '\n')
	iw.w.Write(b)
	iw.line = b
}

func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}

// termSafe escapes the control characters of s, tabs included, as
// parse.EscapeControl does (\x1b, \n, \t), so that a value from a file
// can neither act on the terminal nor break a column.
func termSafe(s string) string {
	return strings.ReplaceAll(parse.EscapeControl(s), "\t", `\t`)
}
