//go:build !unix

package main

import (
	"os"
	"time"
)

// peakRSS is not known where getrusage is missing.
func peakRSS(*os.ProcessState) (int64, bool) { return 0, false }

func selfPeakRSS() (int64, bool) { return 0, false }

// processCPU is not known where getrusage is missing.
func processCPU() time.Duration { return 0 }
