package procstat_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/procstat"
)

// TestCPU burns CPU for a while and checks that the process's CPU time
// grows by about as much.
func TestCPU(t *testing.T) {
	before := procstat.CPU()
	if before <= 0 {
		t.Fatalf("CPU = %v before any work", before)
	}
	x := 0
	for end := time.Now().Add(50 * time.Millisecond); time.Now().Before(end); {
		for i := range 10000 {
			x ^= i
		}
	}
	_ = x
	if d := procstat.CPU() - before; d < 10*time.Millisecond {
		t.Errorf("50 ms of busy work took %v of CPU time", d)
	}
}

// TestPeakRSS runs this test binary as a child that holds 64 MB and
// checks that its peak is at least that, and that this process's own peak
// is known where the child's is.
func TestPeakRSS(t *testing.T) {
	if os.Getenv("PROCSTAT_CHILD") != "" {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = byte(i)
		}
		runtime.KeepAlive(b)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPeakRSS$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PROCSTAT_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	rss, ok := procstat.PeakRSS(cmd.ProcessState)
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("PeakRSS unknown on Linux")
		}
		t.Skip("the system does not give a child's peak memory")
	}
	if rss < 64<<20 {
		t.Errorf("child that touched 64 MB: peak RSS %d bytes", rss)
	}
	if self, ok := procstat.SelfPeakRSS(); !ok || self <= 0 {
		t.Errorf("SelfPeakRSS = %d, %v", self, ok)
	}
	if _, ok := procstat.PeakRSS(nil); ok {
		t.Error("PeakRSS(nil) is known")
	}
}
