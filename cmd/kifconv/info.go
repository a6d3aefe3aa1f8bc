package main

import (
	"bufio"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

type infoOptions struct {
	in       readFlags
	term     termFlags
	format   string
	fields   []string
	noHeader bool
}

// infoFormats are the values of info's --format.
var infoFormats = []string{"table", "json", "jsonl", "csv", "tsv"}

func newInfoCmd(e env) *cobra.Command {
	var o infoOptions
	cmd := &cobra.Command{
		Use:   "info [flags] [FILE|DIR|-]...",
		Short: "List the games of files, trees or streams, one row per game",
		Long: `Info prints one row per game of every input: where it is (path, game), how
it is stored (format, encoding), who played (black, white: 先手/後手, or
下手/上手 in handicap games), when and where (date, event), from which start
(handicap, and the start SFEN when it is custom), how long the main line is
(plies), how much the record tells (variations, comments, bookmarks), how it
ended (ending, winner), the final position (final, as SFEN), and each
player's accuracy by the engine analysis the record carries
(black_accuracy, white_accuracy; see kifconv analyze).

--format table (the default) aligns the columns by display width (full-width
characters take two columns), measured on the first 1,000 rows, at most 40
columns each: a wider cell, or one of a later row, overflows its column. json (one array), jsonl (one object
per line), csv and tsv (with a header row unless --no-header) stream.
--fields picks and orders the columns; the table shows path, game, black,
white, date, event, handicap, plies, ending and winner unless told, the
other formats every field. In JSON, numbers are numbers and a value the
record does not give is null. -0 ends each row with a NUL rather than a
newline (table, tsv, jsonl), for xargs -0.` + inputsHelp + exitHelp("info"),
		Example: `  kifconv info games/
  kifconv info --format tsv --fields path,game,black,white,plies games/ | sort -t$'\t' -k5n
  kifconv info --format jsonl floodgate.csa | jq -r 'select(.winner == "black") | .black'
  kifconv info --games 1-10 --format csv big.csa > first10.csv
  kifconv info --fields path --no-header -0 games/ | xargs -0 ls -l`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInfo(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	addTermFlags(cmd, &o.term)
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "table", "output: table, json, jsonl, csv or tsv")
	f.StringSliceVar(&o.fields, "fields", nil, "columns to print, in order: `LIST` of "+strings.Join(report.InfoFieldNames(), ","))
	f.BoolVar(&o.noHeader, "no-header", false, "no header row (table, csv, tsv)")
	choices(cmd, "format", infoFormats...)
	choices(cmd, "fields", report.InfoFieldNames()...)
	return cmd
}

func runInfo(cmd *cobra.Command, e env, o *infoOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	cols, err := infoColumns(o.format, o.fields)
	if err != nil {
		return err
	}
	if o.in.null && (o.format == "json" || o.format == "csv") {
		return usageErrorf("-0 ends rows with NUL: give --format table, tsv or jsonl")
	}
	if o.noHeader && (o.format == "json" || o.format == "jsonl") {
		return usageErrorf("--no-header applies to --format table, csv or tsv")
	}
	cond, err := widthCondition(o.term.eaw, e.getenv)
	if err != nil {
		return err
	}
	s, err := newSession(cmd, e, o.term, "reading")
	if err != nil {
		return err
	}
	j = s.job(j)
	bw := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	out := report.NewInfoWriter(bw, report.InfoOptions{Format: o.format, Fields: cols, Cond: cond, NoHeader: o.noHeader, NUL: o.in.null})
	t, err := batch.InfoRows(cmd.Context(), j, cols, func(vals []string) bool {
		out.Row(vals)
		return writeOK(cmd.OutOrStdout()) // standard output failed: the rest is not read
	})
	out.End()
	ferr := bw.Flush()
	s.end(summary(t, ""))
	switch {
	case err != nil:
		return runError(err, t)
	case ferr != nil:
		return trouble(&batch.OutputError{Path: "standard output", Err: ferr})
	}
	return exitWith(strictStatus(t.Status, o.in.strict))
}

// infoColumns checks info's --format and --fields and returns the columns
// to print: those fields, or by default every one (the table's own for a
// table).
func infoColumns(format string, fields []string) ([]report.InfoField, error) {
	if err := oneOf("format", format, infoFormats...); err != nil {
		return nil, err
	}
	defaults := report.InfoFieldNames()
	if format == "table" {
		defaults = report.InfoTableFields()
	}
	cols, err := report.PickInfoFields(fields, defaults)
	if err != nil {
		return nil, usageErrorf("--fields: %v", err)
	}
	return cols, nil
}
