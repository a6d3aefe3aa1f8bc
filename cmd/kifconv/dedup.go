package main

import (
	"bufio"
	"fmt"

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

// dedupEntry is what dedup keeps of a game between its passes.
type dedupEntry struct {
	key   uint64
	index int32 // the input's position among the inputs
	game  int32
	rich  int32
	plies int32
	keep  bool // written by the second pass
}

func runDedup(cmd *cobra.Command, e env, o *dedupOptions) error {
	if err := o.coll.check(cmd, e); err != nil {
		return err
	}
	var by shogi.KeyBy
	switch o.by {
	case "moves":
		by = shogi.ByMoves
	case "moves+players":
		by = shogi.ByMovesPlayers
	case "moves+date":
		by = shogi.ByMovesDate
	default:
		return usageErrorf("--by: want moves, moves+players or moves+date, not %q", o.by)
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
	var sink *gameSink
	if write {
		var err error
		if sink, err = newGameSink(cmd, o.out); err != nil {
			return err
		}
	}

	// Pass 1: a key per game.
	var entries []dedupEntry
	names := map[int32]string{}
	hash := func(g *gameRef) any {
		return dedupEntry{key: shogi.GameKey(g.rec, by), index: int32(g.index), game: int32(g.game),
			rich: int32(shogi.Richness(g.rec)), plies: int32(mainLinePlies(g.rec))}
	}
	status, err := eachGame(cmd, &o.coll, gameWalk{work: hash}, func(g *gameRef) bool {
		ix := int32(g.index)
		if _, ok := names[ix]; !ok {
			names[ix] = g.in.name()
		}
		entries = append(entries, g.val.(dedupEntry))
		return true
	})
	if err != nil {
		if sink != nil {
			sink.close(false)
		}
		return err
	}
	groups, order := groupEntries(entries, o.keep == "richest")
	dups := 0
	for _, k := range order {
		if len(groups[k]) > 1 {
			dups++
		}
	}

	if write {
		// Pass 2: the kept records, in input order.
		kept := func(g *gameRef) any {
			if i := findEntry(entries, int32(g.index), int32(g.game)); i >= 0 && entries[i].keep {
				return true
			}
			return nil
		}
		st, err := eachGame(cmd, &o.coll, gameWalk{work: kept, records: true}, func(g *gameRef) bool {
			if g.val == nil {
				return true
			}
			return sink.write(g)
		})
		sink.close(err == nil)
		if err != nil {
			return err
		}
		status = max(status, st, sink.status)
		if !o.out.quiet && status == exitOK {
			fmt.Fprintf(cmd.ErrOrStderr(), "%d games, %d written, %d groups of duplicates\n", len(entries), len(order), dups)
		}
		if status != exitOK {
			return &exitError{status, nil}
		}
		return nil
	}

	bw := bufio.NewWriter(cmd.OutOrStdout())
	if o.format == "json" {
		fmt.Fprintf(bw, "{\n  \"games\": %d,\n  \"distinct\": %d,\n  \"groups\": [", len(entries), len(order))
	}
	n := 0
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		kept := 0
		for j, i := range g {
			if entries[i].keep {
				kept = j
			}
		}
		if o.format == "json" {
			if n > 0 {
				bw.WriteByte(',')
			}
			fmt.Fprintf(bw, "\n    {\"key\": \"%016x\", \"plies\": %d, \"kept\": %d, \"records\": [", k, entries[g[0]].plies, kept)
			for j, i := range g {
				if j > 0 {
					bw.WriteString(", ")
				}
				fmt.Fprintf(bw, "{\"path\": %s, \"game\": %d, \"richness\": %d}", jsonString(names[entries[i].index]), entries[i].game, entries[i].rich)
			}
			bw.WriteString("]}")
		} else {
			fmt.Fprintf(bw, "== %d records, %d plies\n", len(g), entries[g[0]].plies)
			for _, i := range g {
				mark := "  "
				if entries[i].keep {
					mark = "* "
				}
				fmt.Fprintf(bw, "%s%s\t%d\n", mark, termSafe(names[entries[i].index]), entries[i].game)
			}
		}
		n++
	}
	if o.format == "json" {
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteString("]\n}\n")
	}
	if err := bw.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if o.format == "text" && !o.out.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "%d games, %d distinct, %d groups of duplicates\n", len(entries), len(order), dups)
	}
	if status == exitOK && dups > 0 {
		status = exitInvalid
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}

// groupEntries groups the entries by key, in the order the keys are first
// met, and marks the record each group keeps: the richest (the first of
// equals) or the first.
func groupEntries(entries []dedupEntry, richest bool) (map[uint64][]int32, []uint64) {
	groups := map[uint64][]int32{}
	var order []uint64
	for i, en := range entries {
		g, ok := groups[en.key]
		if !ok {
			order = append(order, en.key)
		}
		groups[en.key] = append(g, int32(i))
	}
	for _, k := range order {
		g := groups[k]
		best := g[0]
		if richest {
			for _, i := range g[1:] {
				if entries[i].rich > entries[best].rich {
					best = i
				}
			}
		}
		entries[best].keep = true
	}
	return groups, order
}

// findEntry returns the index of the entry of game of input index, or -1.
// Entries are in input order, so a binary search finds it.
func findEntry(entries []dedupEntry, index, game int32) int {
	lo, hi := 0, len(entries)
	for lo < hi {
		m := (lo + hi) / 2
		if e := entries[m]; e.index < index || e.index == index && e.game < game {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(entries) && entries[lo].index == index && entries[lo].game == game {
		return lo
	}
	return -1
}

// mainLinePlies counts the moves of the main line.
func mainLinePlies(r *shogi.Record) int {
	n := 0
	for x := r.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
		n++
	}
	return n
}
