// Package procstat tells what a process has cost: the CPU time this
// process has used, so that benchmarks can state what work costs on a
// machine busy with other work (where wall-clock figures swing by a factor
// of two), and the peak resident memory of this process or of a finished
// child.
package procstat

import (
	"os"
	"time"
)

// CPU returns the user and system CPU time this process has used, its
// children's not counted, or 0 where the system does not say.
func CPU() time.Duration { return cpu() }

// PeakRSS returns the peak resident set size of a finished process in
// bytes; ok is false where the system does not say.
func PeakRSS(ps *os.ProcessState) (bytes int64, ok bool) { return peakRSS(ps) }

// SelfPeakRSS returns the least PeakRSS can report for a command this
// process starts: on Linux a child started with vfork and exec begins with
// the peak of its parent's memory (VmHWM), elsewhere at worst with this
// process's own peak.
func SelfPeakRSS() (bytes int64, ok bool) { return selfPeakRSS() }
