// Command kifconv converts, checks and shows shogi game records.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// stopSignals are the signals that end kifconv as an interrupt does: they
// cancel the context, the work stops within a second, every temporary file
// is removed, and the exit status is 128 plus the signal's number.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

func main() {
	// Records are dropped one at a time, so the live heap stays at a few
	// megabytes: with GOGC 100 the collector then costs a quarter of a
	// conversion's CPU time. 400 collects a quarter as often for about 25 MB
	// more; GOGC in the environment still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, stopSignals...)
	go func() {
		sig := <-sigs
		// A second signal ends the process at once, as if none were caught.
		signal.Reset(stopSignals...)
		cancel(signalError{sig})
	}()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	cancel(nil)
	os.Exit(code)
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "stopped by " + e.sig.String() }

// exitCode returns the status a shell reports for a process the signal
// killed: 128 plus its number.
func (e signalError) exitCode() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitInterrupted
}
