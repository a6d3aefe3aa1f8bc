package main

import (
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// addProfileFlags adds the hidden --cpuprofile and --memprofile flags, so
// that a whole command (reading, decoding, the workers, writing) can be
// looked at with `go tool pprof`; benchmarks of the packages miss the
// command's own costs. The returned function ends the profiles and must be
// called once the command has run, whatever its outcome.
func addProfileFlags(root *cobra.Command) (stop func()) {
	var cpu, mem string
	f := root.PersistentFlags()
	f.StringVar(&cpu, "cpuprofile", "", "write a CPU profile to `FILE`")
	f.StringVar(&mem, "memprofile", "", "write a heap profile to `FILE` at the end")
	_ = f.MarkHidden("cpuprofile")
	_ = f.MarkHidden("memprofile")
	var cpuFile *os.File
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if cpu == "" {
			return nil
		}
		fh, err := os.Create(cpu)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		if err := pprof.StartCPUProfile(fh); err != nil {
			fh.Close()
			return &exitError{exitUsage, err}
		}
		cpuFile = fh
		return nil
	}
	return func() {
		if cpuFile != nil {
			pprof.StopCPUProfile()
			cpuFile.Close()
		}
		if mem != "" {
			if fh, err := os.Create(mem); err == nil {
				runtime.GC()
				_ = pprof.Lookup("allocs").WriteTo(fh, 0)
				fh.Close()
			}
		}
	}
}
