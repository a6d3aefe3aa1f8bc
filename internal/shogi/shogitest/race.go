//go:build race

package shogitest

// RaceEnabled reports whether the tests run under the race detector, which
// changes what is allocated (its sync.Pool drops a share of what is put
// back, for one): a test that counts allocations skips its count then.
const RaceEnabled = true
