package main

import (
	"cmp"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type dedupOptions struct {
	coll   collOptions
	by     string
	keep   string
	format string
	out    outOptions
}

func newDedupCmd(e env) *cobra.Command {
	var o dedupOptions
	cmd := &cobra.Command{
		Use:   "dedup [flags] [FILE|DIR]...",
		Short: "Find the records of the same game across files and formats",
		Long: `Dedup finds records of the same game among its inputs (files, directories
searched recursively, --files-from lists): the same start position and the
same main line, whatever the format, the header, the comments, the times,
the variations or the ending. --by moves+players also wants the same
players (blanks, full-width letters and case do not count), --by moves+date
the same day.

It prints each group of two or more records, one "PATH<TAB>GAME" line per
record, the one --keep chooses marked with *: richest (the default) keeps the
record that tells most (header fields, comments, bookmarks, times,
variations, an ending), first the first one met. --format json prints
{"games", "distinct", "groups": [{"key", "plies", "kept", "records":
[{"path", "game", "richness"}]}]}, kept being the index of the kept record.

With -t FORMAT and -o FILE or -d DIR it writes one record per game instead,
the kept one of each group and every game met once, in input order, as
filter writes them. Memory holds a hash per game, not the games: the inputs
are read a second time for the records written (standard input cannot be
one then).

Exit status: 0 no duplicates (or written), 1 duplicates found (or an input
invalid), 2 usage or I/O error.`,
		Example: `  kifconv dedup games/
  kifconv dedup --by moves+players --format json games/ | jq '.groups | length'
  kifconv dedup --keep richest -t csa -o unique.csa games/
  kifconv dedup -t kif -d unique/ games/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDedup(cmd, e, &o)
		},
	}
	addCollectionFlags(cmd, &o.coll)
	f := cmd.Flags()
	f.StringVar(&o.by, "by", "moves", "what makes records the same game: moves, moves+players or moves+date")
	f.StringVar(&o.keep, "keep", "richest", "the record kept of a group: richest or first")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	addOutputFlags(cmd, &o.out, collOutUsage)
	choices(cmd, "by", "moves", "moves+players", "moves+date")
	choices(cmd, "keep", "richest", "first")
	choices(cmd, "format", "text", "json")
	return cmd
}

func runDedup(cmd *cobra.Command, e env, o *dedupOptions) error {
	games, err := o.coll.check(cmd, e)
	if err != nil {
		return err
	}
	by, err := shogi.ParseKeyBy(o.by)
	if err != nil {
		return usageErrorf("--by: %v", err)
	}
	if err := cmp.Or(OneOf("keep", o.keep, "richest", "first"), OneOf("format", o.format, "text", "json")); err != nil {
		return err
	}
	var sink *batch.GameSink
	if o.out.To == "" && (o.out.Output != "" || o.out.OutDir != "") {
		return usageErrorf("-o and -d write records: give the format with -t FORMAT")
	} else if o.out.To != "" {
		if err := games.Spec.CheckRereadable("dedup reads its inputs twice to write them"); err != nil {
			return err
		}
		if sink, err = newGameSink(cmd, e, &o.out); err != nil {
			return err
		}
	}
	d, err := batch.Dedup(cmd.Context(), games, by, o.keep == "richest", sink)
	if err != nil {
		return trouble(err)
	}
	if sink != nil {
		if d.Status == batch.StatusOK {
			printIf(cmd, o.out.quiet, "%d games, %d written, %d groups of duplicates\n", len(d.Entries), len(d.Order), d.Duplicates())
		}
		return statusErr(d.Status)
	}
	if err := d.Report(cmd.OutOrStdout(), o.format == "json"); err != nil {
		return trouble(err)
	}
	printIf(cmd, o.format != "text" || o.out.quiet, "%d games, %d distinct, %d groups of duplicates\n", len(d.Entries), len(d.Order), d.Duplicates())
	return statusErr(d.Outcome())
}
