//go:build !linux

package main

// built is the binary of the interrupt tests (interrupt_test.go), which
// run on Linux only; elsewhere there is none for TestMain to remove.
var built struct{ dir string }
