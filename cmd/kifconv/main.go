// Command kifconv converts, checks and shows shogi game records.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"syscall"
	"time"
)

// stopSignals are the signals that end kifconv as an interrupt does: they
// cancel the context, the work stops within a second, every temporary file
// is removed, and the exit status is 128 plus the signal's number.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

func main() {
	tuneMemory()
	ctx, cancel := context.WithCancelCause(context.Background())
	e := processEnv()
	var exit sync.Once // the one exit: the command's, or the watchdog's
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	go func() {
		sig := <-sigs
		cancel(signalError{sig})
		// The command stops within a second: its reads and writes see the
		// cancelled context. One blocked where no context reaches (a write
		// to a pipe that stopped reading, the open of a FIFO with no
		// writer) is not waited for: the temporary files go, and the
		// process ends. A second signal ends it at once, the same way.
		select {
		case <-time.After(stopWithin):
		case <-sigs:
		}
		exit.Do(func() {
			e.temps.RemoveAll()
			fmt.Fprintln(os.Stderr, "kifconv: interrupted ("+sig.String()+")")
			os.Exit(signalError{sig}.exitCode())
		})
	}()
	code := runEnv(ctx, e, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	exit.Do(func() {
		e.temps.RemoveAll()
		os.Exit(code)
	})
	select {} // the watchdog exits
}

// stopWithin is how long a command may take to stop after a signal before
// the process ends without it.
const stopWithin = 900 * time.Millisecond

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

// tuneMemory sets the collector for the two kinds of live heap kifconv has.
// A batch drops its records one at a time and keeps a few megabytes live:
// GOGC 100 would make the collector a quarter of a conversion's CPU time,
// and 400 collects a quarter as often. A few commands keep much live (a
// hash per game in dedup, a set of positions in training output): there
// 400 would let the heap grow to five times it. So GOGC is 400, under a
// soft memory limit that follows the live heap, at 1.5 times it plus
// 32 MiB (64 MiB at least): small heaps are collected as GOGC 400 collects
// them, large ones at half again their size. GOGC or GOMEMLIMIT in the
// environment decide instead.
func tuneMemory() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(400)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	limit := func() {
		metrics.Read(sample)
		live := int64(0)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live = int64(sample[0].Value.Uint64())
		}
		debug.SetMemoryLimit(max(64<<20, live+live/2+32<<20))
	}
	// The heap is empty at start: the first limit is the least, without
	// reading the metrics (whose first read builds their table).
	debug.SetMemoryLimit(64 << 20)
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			limit()
		}
	}()
}
