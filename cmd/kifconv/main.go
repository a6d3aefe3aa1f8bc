// Command kifconv converts, checks and shows shogi game records.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
)

func main() {
	// An interrupt cancels the context: batch work stops between files and
	// removes the temporary file it was writing, so no partial output is
	// left behind.
	// Records are read, written and dropped one at a time, so the live heap
	// stays at a few megabytes and with the default GOGC of 100 the
	// collector runs after every few megabytes allocated; its write
	// barriers and sweeping then cost a quarter of the CPU time of a
	// conversion. 400 collects a quarter as often for about 25 MB more.
	// GOGC in the environment still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
