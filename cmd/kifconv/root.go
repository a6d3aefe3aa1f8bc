package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = defaultVersion

const defaultVersion = "0.1.0-dev"

// Exit statuses every command keeps to, so scripts can rely on them.
const (
	exitOK          = 0   // success; records valid; no difference
	exitInvalid     = 1   // invalid input, failed validation, or records differ
	exitUsage       = 2   // usage error or I/O error
	exitInterrupted = 130 // stopped by SIGINT, as shells report it (128 + the signal for others)
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

// usageErrorf is a problem with the command line (a batch.UsageError): its
// message points at the command's --help; the exit status is 2.
func usageErrorf(format string, a ...any) error {
	return batch.UsageError{Err: fmt.Errorf(format, a...)}
}

// trouble is exit status 2 for err: I/O, or a usage error of the library.
func trouble(err error) error { return &exitError{exitUsage, err} }

// statusErr ends a command whose work came to st; its problems are said.
func statusErr(st batch.Status) error {
	if st == batch.StatusOK {
		return nil
	}
	return &exitError{int(st), nil}
}

// env is what the commands learn from the process beyond their streams;
// tests replace it to pretend to be on a terminal or to set variables.
type env struct {
	getenv     func(string) string
	isTerminal func(w any) bool // reports whether a stream is a terminal
	cpus       int
}

func processEnv() env {
	return env{
		getenv: os.Getenv,
		isTerminal: func(w any) bool {
			f, ok := w.(interface{ Fd() uintptr })
			return ok && term.IsTerminal(int(f.Fd()))
		},
		cpus: runtime.NumCPU(),
	}
}

// run builds the command tree and runs it with the given arguments and
// streams; it returns the exit status. Tests call it in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(ctx, processEnv(), args, stdin, stdout, stderr)
}

func runEnv(ctx context.Context, e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(e)
	stopProfiles := addProfileFlags(root)
	out := batch.TrackWrites(stdout)
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
			fmt.Fprintln(stderr, "kifconv: cannot write standard output:", werr)
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
	// Errors that are no exitError are cobra's own usage errors (unknown
	// command, bad args) or parse.UsageErrors.
	code, hint := exitUsage, true
	var ee *exitError
	if errors.As(err, &ee) {
		code, hint = ee.code, errors.As(err, new(batch.UsageError))
	}
	if ee == nil || ee.err != nil {
		fmt.Fprintln(stderr, name+":", parse.EscapeControl(err.Error()))
	}
	if hint {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", name)
	}
	return code
}

func newRootCmd(e env) *cobra.Command {
	root := &cobra.Command{
		Use:   "kifconv",
		Short: "Convert, check and show shogi game records (KIF, KI2, CSA, JKF, USI, SFEN, …)",
		Long: `kifconv converts shogi game records (kifu) between formats, validates them
against the rules, draws positions in the terminal and compares records.

Input may be in any encoding kifconv detects (UTF-8, Shift_JIS/CP932, EUC-JP,
UTF-16 with a BOM); the format is detected from the content, or given with
--from. Exit status: 0 success, 1 invalid input (or records that differ),
2 usage or I/O error.`,
		Example: `  kifconv convert -t csa game.kif
  kifconv convert -t kif -d out/ kifu/
  kifconv validate kifu/ || exit 1
  kifconv show --ply 37 game.kif
  kifconv diff game.kif game.csa
  kifconv formats`,
		Version:       BuildVersion(version, defaultVersion),
		SilenceUsage:  true,
		SilenceErrors: true,
		CompletionOptions: cobra.CompletionOptions{
			DisableDefaultCmd: true, // ours has examples
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return FlagError(err)
	})
	root.AddCommand(
		newConvertCmd(e),
		newValidateCmd(e),
		newShowCmd(e),
		newDiffCmd(e),
		newInfoCmd(e),
		newFilterCmd(e),
		newDedupCmd(e),
		newFormatsCmd(),
		newCompletionCmd(),
		newManCmd(),
	)
	return root
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

// usageError marks err as a problem with the command line.
func usageError(err error) error { return batch.UsageError{Err: err} }
