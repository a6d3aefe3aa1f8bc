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
	from, fromA, fromB string
	ignore             []string
	format             string
	quiet              bool
	board              boardFlags
	csaComments        bool
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

Files holding several records are compared record by record, read game by
game from both inputs together, so memory does not grow with their length.
Each input's format is detected on its own; --from gives both, --from-a and
--from-b one each. Plain ' comments of CSA files are skipped when reading,
as the CSA standard says, unless --csa-comments.

--format json prints {"version", "a", "b", "diffs": [...], "games": [nA, nB],
"equal"}, each diff being {"game", "header": [{"key", "a", "b"}], "start":
{"a", "b"} or null, "divergence": {"ply", "a", "b"} or null (USI moves or
ending names), "divergence_text", "comments", "times", "bookmarks",
"variations": [{"ply", "path", "main", "a", "b"}]}; a missing value (no such
header, a line that has ended, no comment, an unstated time) is null.
--quiet prints nothing and stops at the first difference: only the exit
status tells.

Exit status: 0 same, 1 different, 2 error, as diff(1).`,
		Example: `  kifconv diff game.kif game.csa
  kifconv diff --ignore comments,time mine.kif theirs.kif
  kifconv diff --format json a.jkf b.kif | jq .diffs[0].divergence
  kifconv diff --quiet --ignore endings a.kif b.usi && echo same
  kifconv convert -t jkf game.kif | kifconv diff --from-b jkf game.kif -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(cmd, e, &o, args)
		},
	}
	f := cmd.Flags()
	fromFlag(cmd, &o.from, "input format of both files (default: detected per file)")
	f.StringVar(&o.fromA, "from-a", "", "input format of A (default: --from, or detected)")
	f.StringVar(&o.fromB, "from-b", "", "input format of B (default: --from, or detected)")
	f.StringSliceVar(&o.ignore, "ignore", nil, "leave out `KINDS`: comments, time, header, variations, bookmarks, endings")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print nothing; the exit status says whether the records differ")
	addBoardFlags(cmd, &o.board)
	csaCommentsFlag(cmd, &o.csaComments)
	choices(cmd, "ignore", shogi.IgnoreKinds...)
	choices(cmd, "format", "text", "json")
	choices(cmd, "from-a", FormatCompletions(false)...)
	choices(cmd, "from-b", FormatCompletions(false)...)
	return cmd
}

func runDiff(cmd *cobra.Command, e env, o *diffOptions, args []string) error {
	from, err := FromFlags(o.from, o.fromA, o.fromB)
	if err != nil {
		return err
	}
	opt := shogi.CompareOptions{HeaderKey: shogi.CrossFormatHeaderKey, NormalizeHeader: true, Text: charset.FoldJISVariants}
	if err := opt.SetIgnore(o.ignore); err != nil {
		return usageErrorf("--ignore: %v", err)
	}
	if err := OneOf("format", o.format, "text", "json"); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	display, err := o.board.display(e, out)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(out)
	var rep report.DiffReport
	if !o.quiet {
		rep = report.NewDiffReport(bw, &display, args[0], args[1], o.format == "json")
	}
	equal, failed, err := batch.DiffFiles([2]string(args), from, cmd.InOrStdin(), batch.KeepCSAComments(o.csaComments), opt, rep)
	report.WriteDiagnostics(cmd.ErrOrStderr(), failed)
	switch {
	case failed != nil:
		return &exitError{exitUsage, nil}
	case err != nil:
		return trouble(err) // any problem is trouble (exit 2), as diff(1) has it
	}
	if err := flushed(bw, nil); err != nil {
		return err
	}
	if !equal {
		return &exitError{exitInvalid, nil}
	}
	return nil
}
