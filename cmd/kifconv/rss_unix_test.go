//go:build unix

package main

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

// peakRSS returns the peak resident set size of a finished process in
// bytes.
func peakRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	return maxrssBytes(ru.Maxrss), true
}

func maxrssBytes(v int64) int64 {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return v // bytes there
	}
	return v << 10 // KiB on Linux and the BSDs
}

// selfPeakRSS returns the least peakRSS can report for a command this
// process starts: on Linux a child started with vfork and exec begins with
// the peak of its parent's memory (VmHWM), elsewhere at worst with this
// process's own peak.
func selfPeakRSS() (int64, bool) {
	if runtime.GOOS == "linux" {
		if s, err := os.ReadFile("/proc/self/status"); err == nil {
			for line := range bytes.Lines(s) {
				if v, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
					kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
					return kb << 10, err == nil
				}
			}
		}
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return maxrssBytes(ru.Maxrss), true
}

// processCPU returns the CPU time this process has used, its children's
// not counted.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
