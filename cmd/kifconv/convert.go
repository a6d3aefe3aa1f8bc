package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

// convertOptions are convert's flags: most go straight into the library's
// specs of the target (out) and of the conversion (opt).
type convertOptions struct {
	in                   inputFlags
	out                  outOptions
	opt                  batch.ConvertOptions
	verbose, csaComments bool
	color                string
}

func newConvertCmd(e env) *cobra.Command {
	var o convertOptions
	cmd := &cobra.Command{
		Use:   "convert [-t FORMAT] [flags] [FILE|DIR|-]...",
		Short: "Convert records from one format to another",
		Long: `Convert reads records in any supported format (detected from the content
unless --from is given) and writes them in the format of --to.

One input is written to standard output, or to -o FILE. Several inputs, or a
directory (searched recursively for files with a readable extension), go
into -o FILE when its format holds several games (csa, jkf, usi, sfen, psn,
western, kk, and the training outputs): every game, in input order. Or they
need -d DIR: the input tree is mirrored under DIR with the target's extension
(when a.kif and a.kifu would both become a.jkf, the second is a.kifu.jkf).
Leading "/" and "../" steps of input paths are dropped there, as tar does, so
nothing is ever written outside DIR.

The format is -t's, or -o FILE's extension when -t is not given. Flags are
checked before any input is read: one that does not apply to the target
(-t csa --ply 5) is an error.

convert preserves: every record that can be read is written. An illegal
move no foul ending documents is kept as the last move of its line with a
warning (validate would call it an error), and convert exits 0; --strict
makes every warning an error.

A format that holds one game per file (kif, kifu, ki2, bod, svg, and sfen
with --ply) never gets several glued together: with -d, an input of several
games becomes NAME-0001.kif, NAME-0002.kif, …; to standard output or -o it
is refused, naming the number of games. --game N converts game N alone.

Outputs are written to a temporary file and renamed into place: an existing
output is kept unless --force, and an input that fails leaves no output.
--skip-existing leaves existing outputs as they are; --update rewrites only
those older than their input. -o to a file that is not a regular one
(/dev/null) writes straight through.
What the target cannot carry (variations in CSA or USI, times in KI2, …) is
dropped with one warning per file. A character the target encoding cannot
hold (☗ or an emoji in Shift_JIS) is an error naming it and its line, unless
--substitute asks for a replacement (☗ becomes ▲, others ?), which is then
reported as a warning.

Plain ' comments of CSA input are skipped, as the CSA standard says (Kifu
for Windows and others echo every move in them); --csa-comments keeps them
as comments of the move they follow. '* comments are always kept.

With -t svg --svg-all, every position of the main line is drawn into a file
of its own under -d DIR: 0000.svg for the start, 0001.svg after the first
move, and so on (numbers have four digits, more in records longer than
that). The frames of one input given by name go right into DIR; with
several inputs or a directory, into DIR/<input path without extension>/; a
file holding several records gets a subdirectory per record (1/, 2/, …).

Output is written in the target format's usual encoding and line ends (KIF:
Shift_JIS and CRLF; most others: UTF-8 and LF) unless --encoding or
--newline say otherwise. With several inputs, a progress bar is drawn on
standard error when it is a terminal (not with --quiet), and a summary line
ends the run. Exit status: 0 all converted, 1 some input invalid, 2 usage or
I/O error.`,
		Example: `  kifconv convert -t csa game.kif                 # to standard output
  kifconv convert -t kif -o game.kif game.csa      # to a file (Shift_JIS, CRLF)
  kifconv convert -t kifu --encoding utf-8 - < game.kif
  kifconv convert -t csa -d csa/ kifu/             # a whole tree, in parallel
  find . -name '*.kif' -print0 | kifconv convert -t usi --files-from - -0 -d usi/
  kifconv convert -t csa --variations separate game.kif
  kifconv convert -t svg --svg-all -d frames/ game.kif  # frames/0000.svg …
  kifconv convert -o game.csa game.kif             # the format from the extension
  kifconv convert -t kif -d kif/ floodgate.csa     # one KIF per game: floodgate-0001.kif …
  kifconv convert -t kif --update -d kif/ kifu/    # only what changed since the last run`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConvert(cmd, e, &o, args)
		},
	}
	addInputFlags(cmd, &o.in, "convert `N` files in parallel (default: the number of CPUs)")
	addOutputFlags(cmd, &o.out, [4]string{"output format (see kifconv formats; default: from -o FILE's extension)",
		"write to `FILE` instead of standard output (one input)", "write one file per input under `DIR`, mirroring the input tree",
		"no progress bar, warnings or summary; errors only"})
	f := cmd.Flags()
	f.BoolVar(&o.opt.Strict, "strict", false, "treat tolerated problems of the input as errors")
	f.StringVar(&o.out.Variations, "variations", "", `CSA output: "separate" writes every line of play as a game of its own; hcpe, psv, positions: "all" writes every variation's positions too`)
	f.StringVar(&o.out.Notation, "notation", "", "Western output: hodges (default) or hosking")
	f.IntVar(&o.out.Ply, "ply", 0, "BOD, SFEN, SVG output: the position after main-line ply `N` (default: the end)")
	f.BoolVar(&o.out.SVGAll, "svg-all", false, "SVG output: one file per position of the main line, 0000.svg (the start) … NNNN.svg, under -d DIR")
	f.IntVar(&o.opt.Game, "game", 0, "convert only record `N` of an input holding several (CSA /, USI lines, JSON Lines)")
	f.BoolVar(&o.opt.SkipExisting, "skip-existing", false, "leave outputs that exist as they are, and count them")
	f.BoolVar(&o.opt.Update, "update", false, "rewrite only outputs older than their input")
	colorFlag(cmd, &o.color, "colour the severity and caret: auto (a terminal, NO_COLOR unset), always or never")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	csaCommentsFlag(cmd, &o.csaComments)
	addTrainFlags(cmd, &o.out.Train)
	choices(cmd, "encoding", "utf-8", "shift_jis")
	choices(cmd, "newline", "lf", "crlf")
	return cmd
}

func runConvert(cmd *cobra.Command, e env, o *convertOptions, args []string) error {
	stderr := cmd.ErrOrStderr()
	to, warning, err := batch.OutputFormat(o.out.To, o.out.Output)
	if err != nil {
		return err
	}
	if o.out.To = to; warning != "" {
		fmt.Fprintln(stderr, "kifconv convert: warning: "+warning)
	}
	o.out.PlySet = cmd.Flags().Changed("ply")
	o.out.Train.Given = cmd.Flags().Changed
	t, err := o.out.target(cmd, e)
	if err != nil {
		return err
	}
	if err := o.in.check(cmd, e); err != nil {
		return err
	}
	opt := o.opt
	opt.From, opt.Setup, opt.Force = o.in.From, batch.KeepCSAComments(o.csaComments), o.out.force
	opt.Output, opt.OutDir, opt.SVGAll = o.out.Output, o.out.OutDir, o.out.SVGAll
	if err := opt.Check(); err != nil {
		return err
	}
	p, err := newDiagnosticPrinter("auto", o.color, e.getenv, e.isTerminal(stderr))
	if err != nil {
		return err
	}
	ins, notes, err := gatherInputs(cmd, e, &o.in, o.verbose, o.out.OutDir)
	if err != nil {
		return err
	}
	several := o.in.Several(ins)
	if several && o.out.OutDir == "" {
		if err := opt.CheckMerge(t, o.out.TargetSpec); err != nil {
			return err
		}
		return mergeInputs(cmd, e, o)
	}
	c := &batch.Converter{Ctx: cmd.Context(), Target: t, Stdin: cmd.InOrStdin(), FileJobs: 1, FramesFlat: !several,
		OneGame: batch.OneGameFormat(t.Format.Name, o.out.PlySet), Opt: opt}
	if len(ins) == 1 {
		c.FileJobs = o.in.jobs
	}
	if several || o.out.OutDir != "" {
		return convertBatch(cmd, e, c, o, ins, notes, p)
	}
	// An interrupt stops a read of a terminal when only standard output is
	// written (a file output is first removed by its writer).
	stoppable := ins[0].Path == "-" && (o.out.Output == "" || o.out.Output == "-")
	var r batch.Result
	if err := await(c.Ctx, stoppable, func() { r = c.Single(ins[0], cmd.OutOrStdout()) }); err != nil {
		return err
	}
	stderr.Write(p.AppendAll(nil, r.Diags, o.out.quiet))
	if err := c.Ctx.Err(); err != nil {
		return err
	}
	return statusErr(r.Status)
}

// await runs f on a goroutine and waits for it to return, or, when
// stoppable, for the end of ctx (a read of a terminal blocks): then it
// returns ctx's error, and what f sets must not be used.
func await(ctx context.Context, stoppable bool, f func()) error {
	done := make(chan struct{})
	go func() { f(); close(done) }()
	if !stoppable {
		<-done
		return nil
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// convertBatch converts every input into the output directory with up to
// --jobs workers, printing the diagnostics in input order and a summary.
func convertBatch(cmd *cobra.Command, e env, c *batch.Converter, o *convertOptions, ins []batch.Input, notes *batch.Skipped, p *report.DiagnosticPrinter) error {
	root, err := batch.MakeOutDir(o.out.OutDir)
	if err != nil {
		return trouble(err)
	}
	defer root.Close()
	bar := NewBar(cmd.ErrOrStderr(), len(ins), "converting", o.out.quiet, e.isTerminal(cmd.ErrOrStderr()))
	tally := c.BatchTo(cmd.ErrOrStderr(), p, o.out.quiet, root, ins, o.in.jobs, bar)
	bar.Finish()
	printIf(cmd, o.out.quiet, "%s\n", tally.Line(batch.SkippedText(notes.Counts()), c.Ctx.Err() != nil))
	if err := c.Ctx.Err(); err != nil {
		return err
	}
	return statusErr(tally.Status)
}

// mergeInputs writes every game of several inputs, in input order, into
// the one file -o names (ConvertOptions.CheckMerge), as filter -t does.
func mergeInputs(cmd *cobra.Command, e env, o *convertOptions) error {
	spec := batch.GamesSpec{Spec: o.in.InputSpec, Jobs: o.in.jobs, CSAComments: o.csaComments}
	if o.opt.Game > 0 {
		spec.Ranges = strconv.Itoa(o.opt.Game)
	}
	games, err := spec.Games(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	sink, err := newGameSink(cmd, e, &o.out)
	if err != nil {
		return err
	}
	sel, err := batch.Select(cmd.Context(), games, nil, nil, sink)
	switch {
	case err != nil:
		return trouble(err)
	case sel.Status != batch.StatusOK:
		return statusErr(sel.Status)
	case sel.Total == 0:
		return trouble(errors.New("no records found"))
	}
	printIf(cmd, o.out.quiet, "%s merged into %s\n", report.Plural(sel.Total, "game"), o.out.Output)
	return nil
}

// addTrainFlags adds the flags of the training-data formats (hcpe, psv,
// positions); --variations is convert's own flag, shared with CSA.
func addTrainFlags(cmd *cobra.Command, o *batch.TrainSpec) {
	f := cmd.Flags()
	f.IntVar(&o.SkipPlies, "skip-plies", 0, "hcpe, psv, positions: leave out the positions before move `N`+1 of each line (the opening)")
	f.IntVar(&o.MinPlies, "min-plies", 0, "hcpe, psv, positions: leave out the games whose main line has fewer than `N` moves")
	f.StringVar(&o.Results, "results", "all", "hcpe, psv, positions: all, or decisive (only the lines of play that end with a winner)")
	f.BoolVar(&o.Dedup, "dedup", false, fmt.Sprintf("hcpe, psv, positions: write each position (board, hands, side to move) once per output file,\nin a set of up to %d bytes per distinct position (10 M positions: under %d MB)", render.DedupBytesPerPosition, render.DedupBytesPerPosition*10))
	choices(cmd, "results", "all", "decisive")
}
