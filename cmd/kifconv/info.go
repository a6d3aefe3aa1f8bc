package main

import (
	"bufio"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

type infoOptions struct {
	coll   collOptions
	format string
	fields []string
	eaw    string
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
	f.StringSliceVar(&o.fields, "fields", nil, "columns to print, in order: `LIST` of "+strings.Join(report.InfoFieldNames(), ","))
	eawFlag(cmd, &o.eaw, "table: ambiguous-width characters (▲ △) are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	choices(cmd, "format", infoFormats...)
	choices(cmd, "fields", report.InfoFieldNames()...)
	return cmd
}

func runInfo(cmd *cobra.Command, e env, o *infoOptions) error {
	games, err := o.coll.check(cmd, e)
	if err != nil {
		return err
	}
	cols, err := infoColumns(o.format, o.fields)
	if err != nil {
		return err
	}
	cond, err := widthCondition(o.eaw, e.getenv)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	status, err := batch.Info(cmd.Context(), games, bw, o.format, cols, cond)
	if err := flushed(bw, err); err != nil {
		return err
	}
	return statusErr(status)
}

// infoFormats are the values of info's --format.
var infoFormats = []string{"table", "json", "jsonl", "csv", "tsv"}

// infoColumns checks info's --format and --fields and returns the columns
// to print: those fields, or by default every one (report.InfoTableFields for a
// table). The errors are parse.UsageErrors naming the flags.
func infoColumns(format string, fields []string) ([]report.InfoField, error) {
	if err := OneOf("format", format, infoFormats...); err != nil {
		return nil, err
	}
	defaults := report.InfoFieldNames()
	if format == "table" {
		defaults = report.InfoTableFields
	}
	cols, err := report.PickInfoFields(fields, defaults)
	if err != nil {
		return nil, usageError(err)
	}
	return cols, nil
}
