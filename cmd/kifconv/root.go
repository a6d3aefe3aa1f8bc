package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// Exit statuses every command keeps to, so scripts can rely on them.
const (
	exitOK      = 0 // success; records valid; no difference
	exitInvalid = 1 // invalid input, failed validation, or records differ
	exitUsage   = 2 // usage error or I/O error
)

// exitError carries an exit status through cobra's error return.
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
func (e *exitError) ExitCode() int { return e.code }

// run builds the command tree and runs it with the given arguments and
// streams; it returns the exit status. Tests call it in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "kifconv:", ee.err)
		}
		return ee.code
	}
	// Anything else is cobra's own usage error (unknown flag, bad args).
	fmt.Fprintln(stderr, "kifconv:", err)
	return exitUsage
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "kifconv",
		Short:         "Convert, check and show shogi game records (KIF, KI2, CSA, JKF, USI, SFEN, …)",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newConvertCmd())
	return root
}
