package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// exitError carries an exit status through cobra's error return. A nil err
// means the command has already said what went wrong.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// usageErr is a problem with the command line: its message points at the
// command's help, and the exit status is 2.
type usageErr struct{ err error }

func (u usageErr) Error() string { return u.err.Error() }
func (u usageErr) Unwrap() error { return u.err }

// usageError marks err as a problem with the command line.
func usageError(err error) error { return usageErr{err} }

// usageErrorf is usageError of a formatted message.
func usageErrorf(format string, a ...any) error { return usageErr{fmt.Errorf(format, a...)} }

// trouble is exit status 2 for err: I/O.
func trouble(err error) error { return &exitError{exitUsage, err} }

// exitWith ends a command with a status whose problems are said.
func exitWith(code int) error {
	if code == exitOK {
		return nil
	}
	return &exitError{code, nil}
}

// env is what the commands learn from the process beyond their streams;
// tests replace it to pretend to be on a terminal or to set variables.
type env struct {
	getenv     func(string) string
	isTerminal func(w any) bool // reports whether a stream is a terminal
	cpus       int
	temps      *batch.Temps // the temporary files of the outputs, removed whatever ends the process
}

func processEnv() env {
	return env{
		getenv: os.Getenv,
		isTerminal: func(w any) bool {
			f, ok := w.(interface{ Fd() uintptr })
			return ok && term.IsTerminal(int(f.Fd()))
		},
		cpus:  runtime.NumCPU(),
		temps: new(batch.Temps),
	}
}

// run builds the command tree and runs it with the given arguments and
// streams; it returns the exit status. Tests call it in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(ctx, processEnv(), args, stdin, stdout, stderr)
}

func runEnv(ctx context.Context, e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runRoot(ctx, newRootCmd(e, args), args, stdin, stdout, stderr)
}

// runRoot runs the command tree root with the given arguments and streams.
func runRoot(ctx context.Context, root *cobra.Command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stopProfiles := addProfileFlags(root)
	out := TrackWrites(stdout)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(out)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	stopProfiles()
	if ctx.Err() != nil {
		var sig signalError
		if errors.As(context.Cause(ctx), &sig) {
			fmt.Fprintln(stderr, "kifconv: interrupted ("+sig.sig.String()+")")
			return sig.exitCode()
		}
		fmt.Fprintln(stderr, "kifconv: interrupted")
		return exitInterrupted
	}
	if err == nil {
		if werr := out.WriteErr(); werr != nil {
			// A command that did not check its writes (a board drawn
			// into a full disk) still fails.
			fmt.Fprintln(stderr, "kifconv: cannot write standard output:", batch.UnwrapPath(werr))
			return exitUsage
		}
		return exitOK
	}
	// Problems are said as "kifconv <command>: message"; those with the
	// command line point at that command's help.
	name := "kifconv"
	if cmd != nil {
		name = cmd.CommandPath()
	}
	code, hint := exitUsage, true
	var ee *exitError
	if errors.As(err, &ee) {
		code, hint = ee.code, false
	} else if !errors.As(err, new(usageErr)) {
		err = cobraError(err) // cobra's own: unknown command, arguments
	}
	if ee == nil || ee.err != nil {
		fmt.Fprintln(stderr, name+":", charset.EscapeControl(err.Error()))
	}
	if hint {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", name)
	}
	return code
}

// cobraError rewords the errors cobra makes itself in kifconv's words:
// `unknown command "convrt" for "kifconv"` and its suggestions become one
// line.
func cobraError(err error) error {
	msg := err.Error()
	if first, rest, ok := strings.Cut(msg, "\n\nDid you mean this?\n"); ok {
		var names []string
		for _, f := range strings.Fields(rest) {
			names = append(names, f)
		}
		first = strings.TrimSuffix(first, ` for "kifconv"`)
		return errors.New(first + "; did you mean " + strings.Join(names, " or ") + "?")
	}
	return errors.New(strings.TrimSuffix(msg, ` for "kifconv"`))
}

// subcommands builds kifconv's commands, by name.
var subcommands = []struct {
	name  string
	build func(env) *cobra.Command
}{
	{"convert", newConvertCmd},
	{"validate", newValidateCmd},
	{"show", newShowCmd},
	{"diff", newDiffCmd},
	{"info", newInfoCmd},
	{"filter", newFilterCmd},
	{"dedup", newDedupCmd},
	{"analyze", newAnalyzeCmd},
	{"formats", func(env) *cobra.Command { return newFormatsCmd() }},
	{"completion", func(env) *cobra.Command { return newCompletionCmd() }},
	{"man", func(env) *cobra.Command { return newManCmd() }},
}

// newRootCmd builds the command tree for the arguments args. When they
// start with a command's name, only that command is built: its work and
// its help need no other, and building all of them was an eighth of what
// kifconv spent to start. Completion and man, which read the whole tree,
// and anything else (no arguments, a flag, help, an unknown name) get the
// whole tree, as do nil arguments.
func newRootCmd(e env, args []string) *cobra.Command {
	var showVersion bool
	root := &cobra.Command{
		Use:   "kifconv",
		Short: "Convert, check and show shogi game records (KIF, KI2, CSA, JKF, USI, SFEN, …)",
		Long: `kifconv converts shogi game records (kifu) between formats, validates them
against the rules, draws positions in the terminal, compares records, and
lists, selects and deduplicates whole collections.

Every command that reads records reads them the same way: any number of
files and directories (searched recursively for record files), a
--files-from list, or standard input; the encoding (UTF-8, Shift_JIS/CP932,
EUC-JP, UTF-16) and the format are detected from the content, or the format
is given with --from.`,
		Example: `  kifconv convert -t csa game.kif
  kifconv convert -t kif -d out/ kifu/
  kifconv validate kifu/ || exit 1
  kifconv show --ply 37 game.kif
  kifconv diff game.kif game.csa
  kifconv info kifu/
  kifconv formats`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			msg := fmt.Sprintf("unknown command %q", args[0])
			if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
				msg += "; did you mean " + strings.Join(s, " or ") + "?"
			}
			return usageErrorf("%s", msg)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if showVersion {
				_, err := fmt.Fprintln(cmd.OutOrStdout(), "kifconv version "+BuildVersion())
				return err
			}
			return usageErrorf("give a command (kifconv help lists them)")
		},
		SilenceUsage:  true,
		SilenceErrors: true,
		CompletionOptions: cobra.CompletionOptions{
			DisableDefaultCmd: true, // ours has examples
		},
	}
	root.SuggestionsMinimumDistance = 2
	root.Flags().BoolVar(&showVersion, "version", false, "print the version and exit")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
	for _, c := range subcommands {
		if len(args) > 0 && args[0] == c.name && c.name != "completion" && c.name != "man" {
			root.AddCommand(c.build(e))
			return root
		}
	}
	for _, c := range subcommands {
		root.AddCommand(c.build(e))
	}
	return root
}

// argsExactly is cobra.ExactArgs in kifconv's words.
func argsExactly(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			if len(args) == 1 {
				return usageErrorf("want %s, not 1 argument", what)
			}
			return usageErrorf("want %s, not %d arguments", what, len(args))
		}
		return nil
	}
}

// addProfileFlags adds the hidden --cpuprofile and --memprofile flags, so
// that a whole command (reading, the workers, writing) can be looked at
// with `go tool pprof`. The returned function ends the profiles; it must
// be called once the command has run, whatever its outcome.
func addProfileFlags(root *cobra.Command) (stop func()) {
	var cpu, mem string
	f := root.PersistentFlags()
	f.StringVar(&cpu, "cpuprofile", "", "write a CPU profile to `FILE`")
	f.StringVar(&mem, "memprofile", "", "write a heap profile to `FILE` at the end")
	_ = f.MarkHidden("cpuprofile")
	_ = f.MarkHidden("memprofile")
	stopCPU := func() {}
	root.PersistentPreRunE = func(*cobra.Command, []string) (err error) {
		if stopCPU, err = StartCPUProfile(cpu); err != nil {
			return trouble(err)
		}
		return nil
	}
	return func() {
		stopCPU()
		WriteHeapProfile(mem)
	}
}
