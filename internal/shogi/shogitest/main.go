package shogitest

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main runs a package's tests the way the packages that read and write
// large records want them run, and exits: call it as TestMain,
//
//	func TestMain(m *testing.M) { shogitest.Main(m) }
//
// The collector works as in kifconv (KifconvGC) and temporary files are
// kept in memory (MemoryTempDir).
func Main(m *testing.M) {
	KifconvGC()
	remove := MemoryTempDir()
	code := m.Run()
	remove()
	os.Exit(code)
}

// KifconvGC sets the collector's target percentage to 400, as kifconv sets
// it (cmd/kifconv's tuneMemory), unless GOGC is set: the tests then cost
// what the same work costs in kifconv, which for the packages that build
// large records is a quarter less CPU than at Go's default of 100. It
// changes no test's outcome: none bounds the heap's size, only what is
// allocated.
func KifconvGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
