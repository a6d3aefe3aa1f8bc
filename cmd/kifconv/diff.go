package main

import (
	"bufio"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	in           readFlags
	fromA, fromB string
	ignore       []string
	format       string
	term         termFlags
	board        boardFlags
}

func newDiffCmd(e env) *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:   "diff [flags] A B",
		Short: "Compare two records semantically, across formats",
		Long: `Diff compares two records as games, not as text: a KIF and a CSA of the same
game are the same. It reports, in this order, header differences key by key
(CSA names such as N+ and $EVENT are compared as their KIF keys 先手 and 棋戦,
下手/上手 as 先手/後手, and 手合割 as part of the start position), a different
start position, the first ply where the main lines part (both moves in the
--notation, and the position there drawn as show draws it), then
differences of comments, times, bookmarks and variations (matched by their
first move, in any order). Header values are compared as kifconv's writers
normalise them: an empty value is a missing one, dates and times are
compared as YYYY/MM/DD HH:MM:SS (2014/09/02(火) 10:00 is 2014/09/02
10:00:00), and 対局日 stands for 開始日時 when there is none; in values and
comments, the seven characters that Shift_JIS output turns into their
CP932 twins (〜 and ～, − and －, …) are the same. --ignore
leaves kinds out: comments, time, header, variations, bookmarks, endings
(投了, %TORYO, … : a line that ends in one record and stops in the other is
then the same).

A and B are each a file, a directory or "-": their games are compared in
order, game by game (the files of a directory in the order of its walk),
read from both sides together, so memory does not grow with their length.
Each input's format is detected on its own; --from gives both, --from-a and
--from-b one each; --games compares only those games of each input. Plain '
comments of CSA files are skipped when reading, as the CSA standard says,
unless --csa-comments.

--format json prints {"version", "a", "b", "diffs": [...], "games": [nA, nB],
"equal"}, each diff being {"game", "header": [{"key", "a", "b"}], "start":
{"a", "b"} or null, "divergence": {"ply", "a", "b"} or null (USI moves or
ending names), "divergence_text", "comments", "times", "bookmarks",
"variations": [{"ply", "path", "main", "a", "b"}]}; a missing value (no such
header, a line that has ended, no comment, an unstated time) is null.
--quiet prints nothing and stops at the first difference: only the exit
status tells.

The summary line says how many games were compared.` + exitHelp("diff"),
		Example: `  kifconv diff game.kif game.csa
  kifconv diff --ignore comments,time mine.kif theirs.kif
  kifconv diff --format json a.jkf b.kif | jq .diffs[0].divergence
  kifconv diff --quiet --ignore endings a.kif b.usi && echo same
  kifconv diff kif/ csa/                     # two trees, game by game
  kifconv convert -t jkf game.kif | kifconv diff --from-b jkf game.kif -`,
		Args: argsExactly(2, "two inputs, A and B"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(cmd, e, &o, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.in.from, "from", "f", "", "input format of both sides (default: detected for each input)")
	f.StringVar(&o.fromA, "from-a", "", "input format of A (default: --from, or detected)")
	f.StringVar(&o.fromB, "from-b", "", "input format of B (default: --from, or detected)")
	f.StringVar(&o.in.games, "games", "", "only games `A-B` of each input (1-based: 3, 2-5, 7-, 1,4-6)")
	f.BoolVar(&o.in.csaComments, "csa-comments", false, "CSA input: keep the plain ' comments, which the standard skips (programs echo the moves in them)")
	f.BoolVar(&o.in.strict, "strict", false, "tolerate nothing: what a reader would warn of is an error")
	f.StringSliceVar(&o.ignore, "ignore", nil, "leave out `KINDS`: comments, time, header, variations, bookmarks, endings")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	addTermFlags(cmd, &o.term)
	addBoardFlags(cmd, &o.board)
	for _, n := range []string{"from", "from-a", "from-b"} {
		choices(cmd, n, formatCompletions(false)...)
	}
	choices(cmd, "ignore", shogi.IgnoreKinds...)
	choices(cmd, "format", "text", "json")
	return cmd
}

func runDiff(cmd *cobra.Command, e env, o *diffOptions, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("only one of A and B can be standard input")
	}
	opt := shogi.CompareOptions{HeaderKey: shogi.CrossFormatHeaderKey, NormalizeHeader: true, Text: charset.FoldJISVariants}
	if err := opt.SetIgnore(o.ignore); err != nil {
		return usageErrorf("--ignore: %v", err)
	}
	if err := oneOf("format", o.format, "text", "json"); err != nil {
		return err
	}
	var sides [2]batch.Job
	for i, from := range []string{o.fromA, o.fromB} {
		flag := [2]string{"from-a", "from-b"}[i]
		o := o.in
		if from != "" {
			o.from = from
			if _, err := fromFlag(flag, from); err != nil {
				return err
			}
		}
		o.jobs = 1
		j, err := o.job(cmd, e, args[i:i+1])
		if err != nil {
			return err
		}
		sides[i] = j
	}
	out := cmd.OutOrStdout()
	display, err := o.board.display(e, o.term, out)
	if err != nil {
		return err
	}
	s, err := newSession(cmd, e, o.term, "comparing")
	if err != nil {
		return err
	}
	for i := range sides {
		sides[i] = s.job(sides[i])
		sides[i].Progress = nil
	}
	bw := bufio.NewWriter(out)
	var rep report.DiffReport
	if !o.term.quiet {
		rep = report.NewDiffReport(bw, &display, args[0], args[1], o.format == "json")
	}
	equal, games, t, err := batch.Diff(cmd.Context(), sides[0], sides[1], opt, rep)
	ferr := bw.Flush()
	verdict := "the same"
	if !equal {
		verdict = "they differ"
	}
	s.end(report.Plural(games[0], "game") + " in A, " + report.Plural(games[1], "game") + " in B: " + verdict + tail(t))
	switch {
	case err != nil:
		return runError(err, t)
	case ferr != nil:
		return trouble(&batch.OutputError{Path: "standard output", Err: ferr})
	case t.Status != batch.StatusOK:
		return exitWith(exitUsage) // any problem is trouble, as diff(1) has it
	case !equal:
		return exitWith(exitNo)
	}
	return nil
}
