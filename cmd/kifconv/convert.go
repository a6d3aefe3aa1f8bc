package main

import (
	"errors"
	"fmt"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

// convertOptions are convert's flags.
type convertOptions struct {
	in       readFlags
	out      outFlags
	term     termFlags
	minPlies int
}

func newConvertCmd(e env) *cobra.Command {
	var o convertOptions
	cmd := &cobra.Command{
		Use:   "convert [-t FORMAT] [-o FILE | -d DIR] [flags] [FILE|DIR|-]...",
		Short: "Convert records from one format to another",
		Long: `Convert reads records in any format kifconv reads and writes them in the
format of -t (or of -o FILE's extension).

Where they go: to standard output, or to -o FILE, every record of every
input in input order, in a format that holds several games (csa, jkf, usi,
sfen, psn, western, hosking, kk, and the training outputs; binary ones only
into a file or a pipe). With -d DIR, one file per input: the tree below a
directory argument is mirrored under DIR, a file named as an argument lands
at DIR/NAME (as cp -r places it), with the target's extension; two inputs
that would write the same name get distinct names (a.kifu.jkf beside a.jkf,
then a-2.jkf) and a note. Leading "/" and "../" steps of listed paths are
dropped, as tar does, so nothing is written outside DIR. On Windows a name
the system refuses is made legal: : ? * " < > |, control characters and
trailing dots and spaces become _, and a device name (CON, NUL, COM1, …)
gets _ after it (con_.kif).

A format that holds one game per file (kif, kifu, ki2, ki2u, bod, svg, and
sfen with --ply) never gets several glued together: with -d, an input of
several games becomes NAME-0001.kif, NAME-0002.kif, … (by game number); to
standard output or -o FILE more than one game is refused. --games picks
games; --min-plies leaves out short ones.

convert preserves: every record that can be read is written, an illegal
move no foul ending documents kept as the last move of its line with the
warning validate would give. An input that cannot be read to its end is
reported, and what was read of it is written. What the target cannot carry
(variations in CSA or USI, times in KI2, …) is dropped with one warning per
input, naming it. A character the target encoding lacks (☗ or an emoji in
Shift_JIS) fails the output, unless --substitute replaces it (☗ becomes ▲,
others ?) with a warning. --strict makes every warning an error, and writes
nothing of an input with one.

Files are written to a temporary file and renamed into place: an output
that fails leaves nothing, and an existing one is kept unless --force;
--skip-existing leaves existing outputs as they are, --update rewrites only
those older than their input. -o to a file that is not a regular one
(/dev/null, a FIFO) writes straight through.

With -t svg --svg-all, every position of the main line is drawn into a file
of its own under -d DIR: 0000.svg for the start, 0001.svg after the first
move, and so on. The frames of one input given by name go right into DIR;
with several inputs, into DIR/<input path without extension>/; a file
holding several records gets a subdirectory per record (1/, 2/, …).

Output is in the target format's usual encoding and line ends (KIF:
Shift_JIS and CRLF; most others: UTF-8 and LF) unless --encoding or
--newline say otherwise. A terminal gets UTF-8 rather than Shift_JIS unless
its locale is Shift_JIS (ja_JP.SJIS) or --encoding asks for it; a note on
standard error says so.` + inputsHelp + exitHelp("convert"),
		Example: `  kifconv convert -t csa game.kif                 # to standard output
  kifconv convert -t kif -o game.kif game.csa      # to a file (Shift_JIS, CRLF)
  kifconv convert -t kifu --encoding utf-8 - < game.kif
  kifconv convert -t csa -d csa/ kifu/             # a whole tree, in parallel
  kifconv convert -t usi a.csa b.csa > all.usi     # several inputs, one stream
  find . -name '*.kif' -print0 | kifconv convert -t usi --files-from - -0 -d usi/
  kifconv convert -t csa --variations all game.kif # every line, each a CSA game
  kifconv convert -t svg --svg-all -d frames/ game.kif  # frames/0000.svg …
  kifconv convert -o game.csa game.kif             # the format from the extension
  kifconv convert -t kif -d kif/ floodgate.csa     # one KIF per game: floodgate-0001.kif …
  kifconv convert -t hcpe -o train.hcpe games/     # training data of a whole tree
  kifconv convert -t kif --update -d kif/ kifu/    # only what changed since the last run`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConvert(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	addOutFlags(cmd, &o.out)
	addTermFlags(cmd, &o.term)
	cmd.Flags().IntVar(&o.minPlies, "min-plies", 0, "leave out the games whose main line has fewer than `N` moves")
	return cmd
}

func runConvert(cmd *cobra.Command, e env, o *convertOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	if o.minPlies < 0 {
		return usageErrorf("--min-plies: want 0 or more, not %d", o.minPlies)
	}
	t, d, err := o.out.target(cmd, e, j.Sources.Several())
	if err != nil {
		return err
	}
	d.Strict, d.Temps = o.in.strict, e.temps
	return write(cmd, e, o.term, j, t, d, "converting", func(w *batch.Writing) {
		if o.minPlies > 0 {
			c := shogi.NewCriteria()
			c.SetPlies(o.minPlies, -1)
			w.Choose = c.Match
		}
	}, func(t batch.Tally, stdout bool) string { return summary(t, written(t, stdout)) },
		func(t batch.Tally) int { return statusOf(t.Status) })
}

// write runs a job that writes records (convert, filter, analyze): into
// the sink that t and d describe (none for the zero Target: analyze's
// reports only), chosen as choose sets up, with a summary line made by
// line and an exit status made by status.
func write(cmd *cobra.Command, e env, term termFlags, j batch.Job, t batch.Target, d batch.Dest, what string,
	choose func(*batch.Writing), line func(batch.Tally, bool) string, status func(batch.Tally) int) error {
	s, err := newSession(cmd, e, term, what)
	if err != nil {
		return err
	}
	j = s.job(j)
	if d.Dir != "" {
		j.Sources.Exclude = d.Dir
		j.Reading.Shard.ByInput = true // each output made whole by one run
	}
	var w batch.Writing
	if t.Format.Name != "" {
		sink, err := batch.NewSink(cmd.Context(), t, d)
		if err != nil {
			return trouble(err)
		}
		defer sink.Close()
		if err := sink.CheckOne(); err != nil {
			return &exitError{exitUsage, withHint(err)}
		}
		if sink.Kept() {
			s.end(line(batch.Tally{Kept: 1}, false))
			return nil
		}
		w.Sink = sink
	}
	if choose != nil {
		choose(&w)
	}
	tally, err := batch.Write(cmd.Context(), j, w)
	stdout := d.Dir == "" && (d.File == "" || d.File == "-")
	s.end(line(tally, stdout))
	if err != nil {
		return runError(err, tally)
	}
	return exitWith(status(tally))
}

// runError is the error of a run that could not go on (no input at all, a
// list that cannot be read): exit status 2.
func runError(err error, t batch.Tally) error {
	var le *batch.ListError
	switch {
	case errors.Is(err, batch.ErrNoRecords):
		if s := report.SkippedText(t.Skipped); s != "" {
			err = fmt.Errorf("%w: %s", err, s)
		}
	case errors.Is(err, batch.ErrListNUL):
		return usageErrorf("--files-from: the list holds NUL bytes; give -0 for a NUL-separated list (find -print0)")
	case errors.As(err, &le):
		err = fmt.Errorf("--files-from: cannot read %s: %v", Input(le.Path), batch.UnwrapPath(le.Err))
	}
	return &exitError{exitUsage, err}
}

// Input names a path in messages: <stdin> for standard input.
func Input(path string) string { return batch.Input{Path: path}.Name() }

// withHint words the hint an error calls for.
func withHint(err error) error {
	if errors.Is(err, batch.ErrExists) {
		return errors.New(err.Error() + " (" + hintText(report.HintForce) + ")")
	}
	return err
}

// inputsHelp says, in every command's help, where inputs come from.
const inputsHelp = `

Inputs: files, directories (searched recursively for files with a record
extension, and .json files whose content is JKF; hidden ones and the output
directory are passed by), "-" or nothing for standard input, and the paths
--files-from lists (-0 for NUL-separated). The encoding and the format are
detected from each input's content, or the format is given with --from.
Walks count what they pass by, and --verbose names each file. A file holding
several games (a CSA archive, USI or SFEN lines, JSON Lines) is read game by
game; --games A-B takes only those games of each input. With -j N, N workers
read the inputs (or the pieces of one large input); the output is the same
whatever N. A record with an illegal move is kept up to and including that
move, with the warning validate gives (an error under --strict). On a
terminal a progress bar is drawn on standard error, and a summary line ends
the run (-q for neither). No input at all is an error.`
