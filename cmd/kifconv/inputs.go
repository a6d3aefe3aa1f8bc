package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

// libErr turns an error of the library into the command's: a usage error
// points at --help, anything else is exit status 2.
func libErr(err error) error {
	if errors.As(err, new(parse.UsageError)) {
		return &exitError{exitUsage, usageError{err}}
	}
	return &exitError{exitUsage, err}
}

// readerOptions are the settings of particular readers that parse.Options
// does not carry.
type readerOptions struct {
	csaComments bool // keep CSA's plain ' comments (parse.CSA.KeepPlainComments)
}

// addReaderFlags adds the flags of readerOptions to a command.
func addReaderFlags(cmd *cobra.Command, o *readerOptions) {
	cmd.Flags().BoolVar(&o.csaComments, "csa-comments", false,
		"CSA input: keep the plain ' comments, which are skipped by default (as the standard says; programs echo the moves in them)")
}

// apply sets the options on a reader before its first Read.
func (o readerOptions) apply(r parse.Reader) {
	if c, ok := r.(*parse.CSA); ok {
		c.KeepPlainComments = o.csaComments
	}
}

// stdinHint tells a user at a terminal that kifconv waits for input.
const stdinHint = "reading from standard input; Ctrl-D to end, Ctrl-C to stop"

// inputFlags are the input flags every batch command shares.
type inputFlags struct {
	filesFrom string
	null      bool
	from      string
	verbose   bool
}

// gatherInputs lists a command's inputs (parse.Gather), listing what the
// walks skipped with --verbose. When standard input is a terminal and is
// to be read, the user is told how to end it.
func gatherInputs(e env, f inputFlags, args []string, exclude string, stdin io.Reader, stderr io.Writer) ([]parse.Input, *parse.Skipped, error) {
	ins, notes, err := parse.Gather(parse.InputSpec{Args: args, FilesFrom: f.filesFrom, NUL: f.null, From: f.from, Stdin: stdin}, exclude)
	if f.verbose {
		notes.List(stderr)
	}
	if err != nil {
		return nil, nil, libErr(err)
	}
	if len(ins) == 1 && ins[0].Path == "-" && f.filesFrom != "-" && e.isTerminal(stdin) {
		fmt.Fprintln(stderr, stdinHint)
	}
	return ins, notes, nil
}

// collOptions are the input flags that info, filter and dedup share.
type collOptions struct {
	from      string
	filesFrom string
	null      bool
	jobs      int
	games     string
	readers   readerOptions
	ranges    shogi.GameRanges
}

func addCollectionFlags(cmd *cobra.Command, o *collOptions) {
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected per file)")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "read `N` files (or pieces of a CSA collection) in parallel (default: the number of CPUs)")
	f.StringVar(&o.games, "games", "", "only games `A-B` of each file (1-based: 3, 2-5, 7-, 1,4-6)")
	addReaderFlags(cmd, &o.readers)
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
}

// check validates the shared flags.
func (o *collOptions) check(cmd *cobra.Command, e env) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if !cmd.Flags().Changed("jobs") {
		o.jobs = e.cpus
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	if o.games != "" {
		if o.ranges, err = shogi.ParseGameRanges(o.games); err != nil {
			return usageErrorf("--games: %v", err)
		}
	}
	return nil
}

// eachGame reads every game of the command's inputs in order
// (parse.EachGame), printing why an input could not be read on stderr; it
// returns the worst status met. Warnings of the readers are not printed
// (validate shows them).
func eachGame(cmd *cobra.Command, o *collOptions, work func(*parse.Game) any, records bool, fn func(g *parse.Game) bool) (int, error) {
	spec := parse.InputSpec{Args: cmd.Flags().Args(), FilesFrom: o.filesFrom, NUL: o.null, From: o.from, Stdin: cmd.InOrStdin()}
	ins, err := parse.Collect(spec, nil)
	if err != nil {
		return exitUsage, libErr(err)
	}
	w := parse.GameWalk{From: o.from, Jobs: o.jobs, Ranges: o.ranges, Setup: o.readers.apply, Stdin: cmd.InOrStdin(),
		Work: work, Records: records, Report: func(in parse.Input, game int, err error, _ parse.Status) {
			for _, d := range render.DiagnosticsFromError(in.Name(), game, err) {
				d.Write(cmd.ErrOrStderr(), render.NarrowCondition())
			}
		}}
	st, err := parse.EachGame(cmd.Context(), ins, w, fn)
	return int(st), err
}
