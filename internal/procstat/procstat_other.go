//go:build !unix && !windows

package procstat

import (
	"os"
	"time"
)

func cpu() time.Duration { return 0 }

func peakRSS(*os.ProcessState) (int64, bool) { return 0, false }

func selfPeakRSS() (int64, bool) { return 0, false }
