package main

import (
	"bufio"
	"fmt"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/spf13/cobra"
)

// choices makes values the completions of a flag.
func choices(cmd *cobra.Command, flag string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// fromFlag adds --from (-f), an input format.
func fromFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVarP(p, "from", "f", "", usage)
	choices(cmd, "from", FormatCompletions(false)...)
}

// csaCommentsFlag adds --csa-comments (batch.KeepCSAComments).
func csaCommentsFlag(cmd *cobra.Command, p *bool) {
	cmd.Flags().BoolVar(p, "csa-comments", false,
		"CSA input: keep the plain ' comments, which are skipped by default (as the standard says; programs echo the moves in them)")
}

// inputFlags say where the inputs of the commands that take many come
// from (check completes the spec), and how many are read at once.
type inputFlags struct {
	batch.InputSpec
	jobs int
}

// addInputFlags adds --from, --files-from, --null and --jobs.
func addInputFlags(cmd *cobra.Command, o *inputFlags, jobsUsage string) {
	fromFlag(cmd, &o.From, "input format (default: detected per file)")
	f := cmd.Flags()
	f.StringVar(&o.FilesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.NUL, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.IntVarP(&o.jobs, "jobs", "j", 0, jobsUsage)
}

// check checks --from and --jobs (the number of CPUs unless given).
func (o *inputFlags) check(cmd *cobra.Command, e env) error {
	var err error
	if o.From, err = batch.FromFlag(o.From); err != nil {
		return err
	}
	o.Args, o.Stdin = cmd.Flags().Args(), cmd.InOrStdin()
	o.jobs, err = JobsFlag(o.jobs, cmd.Flags().Changed("jobs"), e.cpus)
	return err
}

// stdinHint tells a user at a terminal that kifconv waits for input.
const stdinHint = "reading from standard input; Ctrl-D to end, Ctrl-C to stop"

// gatherInputs lists a command's inputs (batch.Gather) and with --verbose
// what the walks skipped; a user at a terminal is told how to end input.
func gatherInputs(cmd *cobra.Command, e env, o *inputFlags, verbose bool, exclude string) ([]batch.Input, *batch.Skipped, error) {
	ins, notes, err := batch.Gather(o.InputSpec, exclude)
	if verbose {
		notes.List(cmd.ErrOrStderr())
	}
	if err != nil {
		return nil, nil, trouble(err)
	}
	if len(ins) == 1 && ins[0].Path == "-" && o.FilesFrom != "-" && e.isTerminal(cmd.InOrStdin()) {
		fmt.Fprintln(cmd.ErrOrStderr(), stdinHint)
	}
	return ins, notes, nil
}

// collOptions are the input flags that info, filter and dedup share.
type collOptions struct {
	inputFlags
	games       string
	csaComments bool
}

func addCollectionFlags(cmd *cobra.Command, o *collOptions) {
	addInputFlags(cmd, &o.inputFlags, "read `N` files (or pieces of a CSA collection) in parallel (default: the number of CPUs)")
	cmd.Flags().StringVar(&o.games, "games", "", "only games `A-B` of each file (1-based: 3, 2-5, 7-, 1,4-6)")
	csaCommentsFlag(cmd, &o.csaComments)
}

// check checks the shared flags and returns the games they describe.
func (o *collOptions) check(cmd *cobra.Command, e env) (batch.Games, error) {
	if err := o.inputFlags.check(cmd, e); err != nil {
		return batch.Games{}, err
	}
	return batch.GamesSpec{Spec: o.InputSpec, Jobs: o.jobs, Ranges: o.games, CSAComments: o.csaComments}.Games(cmd.ErrOrStderr())
}

// outOptions say where and how records are written: the target (checked by
// batch.NewTarget), and what to do about existing outputs and warnings.
type outOptions struct {
	batch.TargetSpec
	force, quiet bool
}

// addOutputFlags adds the flags of outOptions; usage is that of -t, -o,
// -d and -q, which differ between the commands.
func addOutputFlags(cmd *cobra.Command, o *outOptions, usage [4]string) {
	f := cmd.Flags()
	f.StringVarP(&o.To, "to", "t", "", usage[0])
	f.StringVarP(&o.Output, "output", "o", "", usage[1])
	f.StringVarP(&o.OutDir, "out-dir", "d", "", usage[2])
	f.StringVar(&o.Encoding, "encoding", "", "output encoding: utf-8 or shift_jis (default: the format's)")
	f.StringVar(&o.Newline, "newline", "", "output line ends: lf or crlf (default: the format's)")
	f.StringVar(&o.CSAVersion, "csa-version", "", "CSA output version: 2.2 (default) or 3.0")
	f.BoolVar(&o.Mainline, "mainline", false, "write the main line only, dropping variations")
	f.BoolVar(&o.force, "force", false, "overwrite existing outputs")
	f.BoolVar(&o.Substitute, "substitute", false, "replace characters the output encoding lacks (☗→▲, others ?) with a warning instead of failing")
	f.BoolVarP(&o.quiet, "quiet", "q", false, usage[3])
	choices(cmd, "to", FormatCompletions(true)...)
}

// collOutUsage is the usage of filter's and dedup's -t, -o, -d and -q.
var collOutUsage = [4]string{"write the games in `FORMAT` (see kifconv formats)", "write to `FILE` instead of standard output",
	"write under `DIR`, one file per input (per game in one-game formats), mirroring the input tree", "no warnings or summary; errors only"}

// target checks the target the flags ask for.
func (o *outOptions) target(cmd *cobra.Command, e env) (batch.Target, error) {
	o.Terminal = e.isTerminal(cmd.OutOrStdout())
	return batch.NewTarget(o.TargetSpec)
}

// newGameSink checks the output flags of filter, dedup and convert's merge
// and returns the sink they describe.
func newGameSink(cmd *cobra.Command, e env, o *outOptions) (*batch.GameSink, error) {
	t, err := o.target(cmd, e)
	if err != nil {
		return nil, err
	}
	s, err := batch.NewGameSink(cmd.Context(), t, batch.SinkOptions{Output: o.Output, OutDir: o.OutDir, Force: o.force, Quiet: o.quiet},
		cmd.OutOrStdout(), cmd.ErrOrStderr())
	if err != nil {
		return nil, trouble(err)
	}
	return s, nil
}

// flushed flushes what a command wrote to standard output: a failed
// write, or else err (of the work), is trouble.
func flushed(bw *bufio.Writer, err error) error {
	if ferr := bw.Flush(); ferr != nil {
		return trouble(ferr)
	}
	if err != nil {
		return trouble(err)
	}
	return nil
}

// printIf prints a summary line on stderr unless quiet.
func printIf(cmd *cobra.Command, quiet bool, format string, a ...any) {
	if !quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), format, a...)
	}
}

// colorFlag adds --color: auto, always or never.
func colorFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "color", "auto", usage)
	choices(cmd, "color", "auto", "always", "never")
}

// eawFlag adds --east-asian-width: auto, narrow or wide.
func eawFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "east-asian-width", "auto", usage)
	choices(cmd, "east-asian-width", "auto", "narrow", "wide")
}
