package main

import (
	"bufio"
	"fmt"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
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
	addOutputFlags(cmd, &o.out)
	_ = cmd.RegisterFlagCompletionFunc("by", cobra.FixedCompletions([]string{"moves", "moves+players", "moves+date"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("keep", cobra.FixedCompletions([]string{"richest", "first"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runDedup(cmd *cobra.Command, e env, o *dedupOptions) error {
	if err := o.coll.check(cmd, e); err != nil {
		return err
	}
	by, err := shogi.ParseKeyBy(o.by)
	if err != nil {
		return usageErrorf("--by: %v", err)
	}
	if o.keep != "richest" && o.keep != "first" {
		return usageErrorf("--keep: want richest or first, not %q", o.keep)
	}
	if o.format != "text" && o.format != "json" {
		return usageErrorf("--format: want text or json, not %q", o.format)
	}
	write := o.out.to != ""
	if !write && (o.out.output != "" || o.out.outDir != "") {
		return usageErrorf("-o and -d write records: give the format with -t FORMAT")
	}
	if write {
		if o.coll.filesFrom == "-" {
			return usageErrorf("dedup reads its inputs twice to write them: --files-from cannot be standard input")
		}
		args := cmd.Flags().Args()
		if len(args) == 0 && o.coll.filesFrom == "" {
			return usageErrorf("dedup reads its inputs twice to write them: give files or directories, not standard input")
		}
		for _, a := range args {
			if a == "-" {
				return usageErrorf("dedup reads its inputs twice to write them: standard input cannot be one")
			}
		}
	}
	var sink *render.GameSink
	if write {
		if sink, err = newGameSink(cmd, o.out); err != nil {
			return err
		}
	}

	// Pass 1: a key per game.
	var entries []shogi.DedupEntry
	names := map[int32]string{}
	hash := func(g *parse.Game) any { return shogi.NewDedupEntry(g.Record, by, g.Index, g.Game) }
	status, err := eachGame(cmd, &o.coll, hash, false, func(g *parse.Game) bool {
		ix := int32(g.Index)
		if _, ok := names[ix]; !ok {
			names[ix] = g.In.Name()
		}
		entries = append(entries, g.Val.(shogi.DedupEntry))
		return true
	})
	if err != nil {
		if sink != nil {
			sink.Close(false)
		}
		return err
	}
	d := shogi.Group(entries, o.keep == "richest")
	dups := d.Duplicates()

	if write {
		// Pass 2: the kept records, in input order.
		kept := func(g *parse.Game) any {
			if d.Kept(g.Index, g.Game) {
				return true
			}
			return nil
		}
		st, err := eachGame(cmd, &o.coll, kept, true, func(g *parse.Game) bool {
			if g.Val == nil {
				return true
			}
			return sink.Write(g)
		})
		sink.Close(err == nil)
		if err != nil {
			return err
		}
		status = max(status, st, int(sink.Status))
		if !o.out.quiet && status == exitOK {
			fmt.Fprintf(cmd.ErrOrStderr(), "%d games, %d written, %d groups of duplicates\n", len(entries), len(d.Order), dups)
		}
		if status != exitOK {
			return &exitError{status, nil}
		}
		return nil
	}

	bw := bufio.NewWriter(cmd.OutOrStdout())
	render.WriteDedupReport(bw, d, func(i int32) string { return names[i] }, o.format == "json")
	if err := bw.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if o.format == "text" && !o.out.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "%d games, %d distinct, %d groups of duplicates\n", len(entries), len(d.Order), dups)
	}
	if status == exitOK && dups > 0 {
		status = exitInvalid
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}
