package shogitest

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// Main runs a package's tests the way the packages that read and write
// large records want them run (Tune), and exits: call it as TestMain,
//
//	func TestMain(m *testing.M) { shogitest.Main(m) }
func Main(m *testing.M) {
	flag.Parse()
	undo := Tune()
	code := m.Run()
	undo()
	os.Exit(code)
}

// Tune sets the collector as in kifconv (kifconvGC) and keeps temporary
// files in memory (memoryTempDir), unless benchmarks are asked for
// (-test.bench): their figures compare with runs at Go's defaults and on
// the disk. It returns the function that removes the directory it made.
// The flags must be parsed.
func Tune() (undo func()) {
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return func() {}
	}
	kifconvGC()
	return memoryTempDir()
}

// kifconvGC sets the collector's target percentage to 400, as kifconv sets
// it (cmd/kifconv's tuneMemory), unless GOGC is set: the tests then cost
// what the same work costs in kifconv, which for the packages that build
// large records is a quarter less CPU than at Go's default of 100. It
// changes no test's outcome: none bounds the heap's size, only what is
// allocated.
func kifconvGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
