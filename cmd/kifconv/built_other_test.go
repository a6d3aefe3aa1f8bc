//go:build !linux

package main

import "testing"

// built is the binary of the interrupt tests (interrupt_test.go), which
// run on Linux only; elsewhere there is none for TestMain to remove.
var built struct{ dir string }

// builtDir is "": elsewhere the scripts run the test binary as kifconv
// (see builtFirst).
func builtDir(*testing.T) string { return "" }
