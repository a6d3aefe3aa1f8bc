package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// StartCPUProfile starts a CPU profile into the file path, for `go tool
// pprof`, unless path is "". The returned function ends it; it is never
// nil, and does nothing when no profile was started.
func StartCPUProfile(path string) (stop func(), err error) {
	stop = func() {}
	if path == "" {
		return stop, nil
	}
	fh, err := os.Create(path)
	if err != nil {
		return stop, err
	}
	if err := pprof.StartCPUProfile(fh); err != nil {
		fh.Close()
		return stop, err
	}
	return func() {
		pprof.StopCPUProfile()
		fh.Close()
	}, nil
}

// WriteHeapProfile writes the profile of every allocation so far into the
// file path, after a collection, unless path is "". Failures are ignored:
// a profile is a debugging aid.
func WriteHeapProfile(path string) {
	if path == "" {
		return
	}
	if fh, err := os.Create(path); err == nil {
		runtime.GC()
		_ = pprof.Lookup("allocs").WriteTo(fh, 0)
		fh.Close()
	}
}
