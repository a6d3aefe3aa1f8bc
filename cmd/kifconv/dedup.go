package main

import (
	"bufio"
	"fmt"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type dedupOptions struct {
	in       readFlags
	term     termFlags
	by       string
	keep     string
	format   string
	exitCode bool
	out      outFlags
}

func newDedupCmd(e env) *cobra.Command {
	var o dedupOptions
	cmd := &cobra.Command{
		Use:   "dedup [flags] [FILE|DIR|-]...",
		Short: "Find the records of the same game across files and formats",
		Long: `Dedup finds records of the same game among its inputs: the same start
position and the same main line, whatever the format, the header, the comments, the times,
the variations or the ending. --by moves+players also wants the same
players (blanks, full-width letters and case do not count), --by moves+date
the same day.

It prints each group of two or more records, one "PATH<TAB>GAME" line per
record, the one --keep chooses marked with *: richest (the default) keeps the
record that tells most (header fields, comments, bookmarks, times,
variations, an ending), first the first one met. --format json prints
{"games", "distinct", "groups": [{"key", "plies", "kept", "records":
[{"path", "game", "richness"}]}]}, kept being the index of the kept record.

With -t FORMAT it writes one record per game instead, the kept one of each
group and every game met once, in input order, as convert writes records
(standard output, -o FILE or -d DIR). Memory holds a hash per game, not the
games: the inputs are read a second time for the records written (standard
input and FIFOs are copied into temporary files on the first reading).
--exit-code exits 1 when there are duplicates, as diff does when records
differ.` + inputsHelp + exitHelp("dedup"),
		Example: `  kifconv dedup games/
  kifconv dedup --by moves+players --format json games/ | jq '.groups | length'
  kifconv dedup --keep richest -t csa -o unique.csa games/
  kifconv dedup -t kif -d unique/ games/
  kifconv dedup -q --exit-code games/ || echo "duplicates"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDedup(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	addTermFlags(cmd, &o.term)
	addOutFlags(cmd, &o.out)
	f := cmd.Flags()
	f.StringVar(&o.by, "by", "moves", "what makes records the same game: moves, moves+players or moves+date")
	f.StringVar(&o.keep, "keep", "richest", "the record kept of a group: richest or first")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	f.BoolVar(&o.exitCode, "exit-code", false, "exit 1 when there are duplicates")
	choices(cmd, "by", "moves", "moves+players", "moves+date")
	choices(cmd, "keep", "richest", "first")
	choices(cmd, "format", "text", "json")
	return cmd
}

func runDedup(cmd *cobra.Command, e env, o *dedupOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	if o.in.shard != "" {
		return usageErrorf("--shard: dedup compares every game with every other, which shards cannot split")
	}
	by, err := shogi.ParseKeyBy(o.by)
	if err != nil {
		return usageErrorf("--by: %v", err)
	}
	if err := oneOf("keep", o.keep, "richest", "first"); err != nil {
		return err
	}
	if err := oneOf("format", o.format, "text", "json"); err != nil {
		return err
	}
	var sink *batch.Sink
	writes := o.out.writes(cmd)
	if writes {
		if cmd.Flags().Changed("format") {
			return usageErrorf("--format is the format of the report, which -t FORMAT replaces")
		}
		t, d, err := o.out.target(cmd, e, j.Sources.Several())
		if err != nil {
			return err
		}
		d.Strict, d.Temps = o.in.strict, e.temps
		if sink, err = batch.NewSink(cmd.Context(), t, d); err != nil {
			return trouble(err)
		}
		defer sink.Close()
		if err := sink.CheckOne(); err != nil {
			return &exitError{exitUsage, withHint(err)}
		}
		if d.Dir != "" {
			j.Sources.Exclude = d.Dir
		}
	} else if flags := given(cmd, "encoding", "newline", "csa-version", "notation", "variations", "ply", "svg-all", "mainline", "substitute", "force", "skip-existing", "update", "skip-plies", "results", "dedup"); len(flags) > 0 {
		return refuse(flags, "write records: give -t FORMAT")
	}
	s, err := newSession(cmd, e, o.term, "reading")
	if err != nil {
		return err
	}
	j = s.job(j)
	d, t, err := batch.Dedup(cmd.Context(), j, by, o.keep == "richest", sink)
	done := ""
	if d != nil {
		done = fmt.Sprintf("%d distinct, %s of duplicates", len(d.Order), report.Plural(d.Duplicates(), "group"))
		if writes {
			stdout := o.out.outDir == "" && (o.out.output == "" || o.out.output == "-")
			done += "; " + written(t, stdout)
		}
	}
	if err == nil && d != nil && !writes {
		bw := bufio.NewWriter(cmd.OutOrStdout())
		report.WriteDedupReport(bw, d.Dedup, d.Name, o.format == "json")
		if ferr := bw.Flush(); ferr != nil {
			s.end(summary(t, done))
			return trouble(&batch.OutputError{Path: "standard output", Err: ferr})
		}
	}
	s.end(summary(t, done))
	if err != nil {
		return runError(err, t)
	}
	if st := strictStatus(t.Status, o.in.strict); st != exitOK {
		return exitWith(st)
	}
	if o.exitCode && d != nil && d.Duplicates() > 0 {
		return exitWith(exitNo)
	}
	return nil
}
