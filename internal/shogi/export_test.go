package shogi

import (
	"math/rand/v2"
	"testing"
)

// The tests of this package play random games from shogitest.RandomRecord,
// which they cannot import: shogitest imports shogi. The external test
// package (shogitest_hook_test.go), built into the same test binary, can,
// and fills randomRecord in before any test runs.

// RandomGameOptions is what the tests here ask of the generator.
type RandomGameOptions struct {
	MaxPlies int
	Starts   bool // custom starts and handicaps (shogitest's CustomStart and Handicaps)
	Full     bool // every feature (shogitest.FullRandomOptions), MaxPlies kept
}

// randomRecord is shogitest.RandomRecord.
var randomRecord func(rng *rand.Rand, opt RandomGameOptions) *Record

// SetRandomRecord installs the generator.
func SetRandomRecord(f func(rng *rand.Rand, opt RandomGameOptions) *Record) { randomRecord = f }

// randomRecords returns how many random records a test should check: n,
// or a fifth of it with -short.
func randomRecords(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}
