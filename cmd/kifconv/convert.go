package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

type convertOptions struct {
	from, to          string
	output, outDir    string
	filesFrom         string
	null              bool
	encoding, newline string
	mainline, strict  bool
	force, quiet      bool
	substitute        bool
	jobs              int
	csaVersion        string
	variations        string
	notation          string
	ply               int
	svgAll            bool
	game              int
	skipExisting      bool
	update            bool
	color             string
	verbose           bool
	readers           readerOptions
	train             trainFlags
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
			if !cmd.Flags().Changed("jobs") {
				o.jobs = e.cpus
			}
			return runConvert(cmd, e, o, args, cmd.Flags().Changed("ply"))
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected per file)")
	f.StringVarP(&o.to, "to", "t", "", "output format (see kifconv formats; default: from -o FILE's extension)")
	f.StringVarP(&o.output, "output", "o", "", "write to `FILE` instead of standard output (one input)")
	f.StringVarP(&o.outDir, "out-dir", "d", "", "write one file per input under `DIR`, mirroring the input tree")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.StringVar(&o.encoding, "encoding", "", "output encoding: utf-8 or shift_jis (default: the format's)")
	f.StringVar(&o.newline, "newline", "", "output line ends: lf or crlf (default: the format's)")
	f.BoolVar(&o.mainline, "mainline", false, "write the main line only, dropping variations")
	f.BoolVar(&o.strict, "strict", false, "treat tolerated problems of the input as errors")
	f.BoolVar(&o.force, "force", false, "overwrite existing outputs")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no progress bar, warnings or summary; errors only")
	f.BoolVar(&o.substitute, "substitute", false, "replace characters the output encoding lacks (☗→▲, others ?) with a warning instead of failing")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "convert `N` files in parallel (default: the number of CPUs)")
	f.StringVar(&o.csaVersion, "csa-version", "", "CSA output version: 2.2 (default) or 3.0")
	f.StringVar(&o.variations, "variations", "", `CSA output: "separate" writes every line of play as a game of its own; hcpe, psv, positions: "all" writes every variation's positions too`)
	f.StringVar(&o.notation, "notation", "", "Western output: hodges (default) or hosking")
	f.IntVar(&o.ply, "ply", 0, "BOD, SFEN, SVG output: the position after main-line ply `N` (default: the end)")
	f.BoolVar(&o.svgAll, "svg-all", false, "SVG output: one file per position of the main line, 0000.svg (the start) … NNNN.svg, under -d DIR")
	f.IntVar(&o.game, "game", 0, "convert only record `N` of an input holding several (CSA /, USI lines, JSON Lines)")
	f.BoolVar(&o.skipExisting, "skip-existing", false, "leave outputs that exist as they are, and count them")
	f.BoolVar(&o.update, "update", false, "rewrite only outputs older than their input")
	f.StringVar(&o.color, "color", "auto", "colour the severity and caret: auto (a terminal, NO_COLOR unset), always or never")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	addReaderFlags(cmd, &o.readers)
	addTrainFlags(cmd, &o.train)
	_ = cmd.RegisterFlagCompletionFunc("to", completeWritable)
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	_ = cmd.RegisterFlagCompletionFunc("encoding", cobra.FixedCompletions([]string{"utf-8", "shift_jis"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("newline", cobra.FixedCompletions([]string{"lf", "crlf"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func lookupReadable(name string) (string, error) {
	if name == "" {
		return "", nil
	}
	f, ok := parse.Lookup(strings.ToLower(name))
	if !ok {
		return "", usageErrorf("--from: unknown input format %q (readable: %s)", name, strings.Join(parse.FormatNames(), ", "))
	}
	return f.Name, nil
}

// newTarget checks the output flags (render.NewTarget).
func newTarget(o convertOptions, plySet bool) (render.Target, error) {
	t, err := render.NewTarget(render.TargetSpec{To: o.to, Encoding: o.encoding, Newline: o.newline, CSAVersion: o.csaVersion,
		Variations: o.variations, Notation: o.notation, Ply: o.ply, PlySet: plySet, SVGAll: o.svgAll, Mainline: o.mainline,
		Substitute: o.substitute, OutDir: o.outDir})
	if err != nil {
		return t, libErr(err)
	}
	return t, nil
}

func runConvert(cmd *cobra.Command, e env, o convertOptions, args []string, plySet bool) error {
	stderr := cmd.ErrOrStderr()
	if o.output != "" && o.outDir != "" {
		return usageErrorf("give -o FILE or -d DIR, not both")
	}
	to, warning, err := render.OutputFormat(o.to, o.output)
	if err != nil {
		return libErr(err)
	}
	if o.to = to; warning != "" {
		fmt.Fprintln(stderr, "kifconv convert: warning: "+warning)
	}
	t, err := newTarget(o, plySet)
	if err != nil {
		return err
	}
	if t.Options.Train, err = trainOptions(cmd, o, t.Format); err != nil {
		return err
	}
	if err := refuseBinaryTerminal(e, o, t.Format, cmd.OutOrStdout()); err != nil {
		return err
	}
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	o.jobs = parse.CapJobs(o.jobs, e.cpus)
	if o.game < 0 {
		return usageErrorf("--game: want 1 or more, not %d", o.game)
	}
	if o.game > 0 && o.svgAll {
		return usageErrorf("give --game or --svg-all, not both")
	}
	if o.skipExisting && (o.force || o.update) || o.force && o.update {
		return usageErrorf("give one of --force, --skip-existing and --update")
	}
	if (o.skipExisting || o.update) && o.outDir == "" && (o.output == "" || o.output == "-") {
		return usageErrorf("--skip-existing and --update apply to outputs written with -o FILE or -d DIR")
	}
	cond, _ := widthCondition("auto", e.getenv)
	color, err := colorChoice(e, o.color, stderr)
	if err != nil {
		return err
	}
	p := &render.DiagnosticPrinter{Cond: cond, Color: color}
	ins, notes, err := gatherInputs(e, inputFlags{filesFrom: o.filesFrom, null: o.null, from: o.from, verbose: o.verbose}, args, o.outDir, cmd.InOrStdin(), stderr)
	if err != nil {
		return err
	}
	several := len(ins) != 1 || o.filesFrom != ""
	for _, a := range args {
		if several {
			break // a stat per argument counts with 20,000 of them
		}
		if fi, err := os.Stat(a); a != "-" && err == nil && fi.IsDir() {
			several = true
		}
	}
	batch := several || o.outDir != ""
	if batch && o.outDir == "" {
		if o.output == "" || render.OneGameFormat(t.Format.Name, plySet) {
			return usageErrorf("several inputs or a directory: give an output directory with -d DIR, or -o FILE in a format that holds several games")
		}
		return mergeInputs(cmd, e, o, t.Format.Name)
	}
	c := &render.Converter{Ctx: cmd.Context(), Target: t, Stdin: cmd.InOrStdin(), FileJobs: 1, FramesFlat: !several,
		OneGame: render.OneGameFormat(t.Format.Name, plySet), Opt: render.ConvertOptions{From: o.from, Setup: o.readers.apply,
			Strict: o.strict, Game: o.game, Force: o.force, SkipExisting: o.skipExisting, Update: o.update,
			Output: o.output, OutDir: o.outDir, SVGAll: o.svgAll}}
	if len(ins) == 1 {
		c.FileJobs = o.jobs
	}
	if !batch {
		// Standard input may be a terminal that a read blocks on: an
		// interrupt stops the wait when nothing but standard output is
		// being written (a file output is first removed by its writer).
		done := make(chan render.Result, 1)
		go func() { done <- c.Single(ins[0], cmd.OutOrStdout()) }()
		var r render.Result
		if ins[0].Path == "-" && (o.output == "" || o.output == "-") {
			select {
			case r = <-done:
			case <-c.Ctx.Done():
				return c.Ctx.Err()
			}
		} else {
			r = <-done
		}
		stderr.Write(appendDiags(p, nil, r.Diags, o.quiet))
		if err := c.Ctx.Err(); err != nil {
			return err
		}
		if r.Status != parse.StatusOK {
			return &exitError{int(r.Status), nil}
		}
		return nil
	}
	return convertBatch(e, c, o, ins, notes, stderr, p)
}

// convertBatch converts every input into the output directory with up to
// o.jobs workers, printing the diagnostics in input order and a summary.
func convertBatch(e env, c *render.Converter, o convertOptions, ins []parse.Input, notes *parse.Skipped, stderr io.Writer, p *render.DiagnosticPrinter) error {
	root, err := render.MakeOutDir(o.outDir)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer root.Close()
	bar := newBar(e, stderr, len(ins), o.quiet, "converting")
	var tally render.Tally
	var b []byte
	c.Batch(root, ins, o.jobs, bar.add, func(r *render.Result) {
		if r.Interrupted {
			return
		}
		tally.Add(r)
		if b = appendDiags(p, b[:0], r.Diags, o.quiet); len(b) > 0 {
			bar.clear()
			stderr.Write(b)
		}
	})
	bar.finish()
	if !o.quiet {
		fmt.Fprintln(stderr, tally.Line(parse.SkippedText(notes.Counts()), c.Ctx.Err() != nil))
	}
	if err := c.Ctx.Err(); err != nil {
		return err
	}
	if tally.Status != parse.StatusOK {
		return &exitError{int(tally.Status), nil}
	}
	return nil
}

// appendDiags appends the diagnostics as p prints them, without the
// warnings when quiet.
func appendDiags(p *render.DiagnosticPrinter, b []byte, ds []diag, quiet bool) []byte {
	for i := range ds {
		if ds[i].Severity != sevWarning || !quiet {
			b = p.Append(b, &ds[i])
		}
	}
	return b
}

// mergeInputs writes every game of several inputs into the one file -o
// names, in input order, in a format that holds several games (a folder
// into one CSA file): the path filter takes with no criterion.
func mergeInputs(cmd *cobra.Command, e env, o convertOptions, format string) error {
	if o.strict || o.skipExisting || o.update || o.svgAll || o.variations != "" || o.notation != "" {
		return usageErrorf("-o FILE with several inputs merges their games: --strict, --skip-existing, --update, --svg-all, --variations and --notation need -d DIR")
	}
	coll := collOptions{from: o.from, filesFrom: o.filesFrom, null: o.null, jobs: o.jobs, readers: o.readers}
	if o.game > 0 {
		coll.games = strconv.Itoa(o.game)
	}
	if err := coll.check(cmd, e); err != nil {
		return err
	}
	sink, err := newGameSink(cmd, outOptions{to: format, output: o.output, encoding: o.encoding, newline: o.newline,
		csaVersion: o.csaVersion, mainline: o.mainline, force: o.force, substitute: o.substitute, quiet: o.quiet})
	if err != nil {
		return err
	}
	games := 0
	status, err := eachGame(cmd, &coll, func(*parse.Game) any { return true }, true, func(g *parse.Game) bool {
		games++
		return sink.Write(g)
	})
	sink.Close(err == nil)
	status = max(status, int(sink.Status))
	switch {
	case err != nil:
		return err
	case status != exitOK:
		return &exitError{status, nil}
	case games == 0:
		return &exitError{exitUsage, errors.New("no records found")}
	}
	if !o.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s merged into %s\n", render.Plural(games, "game"), o.output)
	}
	return nil
}
