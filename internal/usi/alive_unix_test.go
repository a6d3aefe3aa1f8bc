//go:build unix

package usi_test

import "syscall"

// alive reports whether process pid still runs (or is a zombie not yet
// waited for).
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }
