//go:build unix

package procstat

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func peakRSS(ps *os.ProcessState) (int64, bool) {
	if ps == nil {
		return 0, false
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	return maxrssBytes(ru.Maxrss), true
}

// maxrssBytes converts getrusage's ru_maxrss to bytes.
func maxrssBytes(v int64) int64 {
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return v // bytes there
	}
	return v << 10 // KiB on Linux and the BSDs
}

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
