// Command kifconv converts, checks and shows shogi game records.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	// An interrupt cancels the context: batch work stops between files and
	// removes the temporary file it was writing, so no partial output is
	// left behind.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
