//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests in this file run the built kifconv binary on a batch and stop
// it the ways a batch is stopped in real life: SIGINT, an output directory
// that cannot be written, a full disk. After each, every output present
// must be complete (byte for byte what an uninterrupted run writes), no
// temporary or partial file may be left, and running the same command
// again must finish the job.

// built is the kifconv binary the tests share, built once.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// buildKifconv builds the command once for the tests of the package.
func buildKifconv(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the kifconv binary on large batches")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "kifconv-test"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "kifconv")
		// With the fake engine, which starts in a third of the time the
		// test binary takes (fakeAnalyze, the scripts' fakeusi). Without
		// DWARF and the symbol table, which only a debugger reads (a
		// panic's trace still names functions): a quarter less to link.
		build := exec.Command("go", "build", "-ldflags=-s -w", "-o", built.dir+string(filepath.Separator), ".", "../../internal/usi/usitest/fakeusi")
		build.Env = append(os.Environ(), "CGO_ENABLED=0") // as make build and releases: no cgo
		out, err := build.CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// builtDir is the directory of the built kifconv binary, or "" when the
// tests run kifconv as the test binary (see builtFirst).
func builtDir(t *testing.T) string {
	if testing.Short() || testing.CoverMode() != "" {
		return ""
	}
	return filepath.Dir(buildKifconv(t))
}

// writeBatch writes n USI games of about plies king moves each under
// dir/in (every third one in dir/in/sub), so that each output is large
// enough to be caught in the middle of being written.
func writeBatch(t *testing.T, dir string, n, plies int) string {
	t.Helper()
	in := filepath.Join(dir, "in")
	moves := [4]string{"5i4i", "5a4a", "4i5i", "4a5a"}
	for i := range n {
		var b strings.Builder
		b.WriteString("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves")
		for k := range plies + i {
			b.WriteByte(' ')
			b.WriteString(moves[k%4])
		}
		b.WriteByte('\n')
		sub := in
		if i%3 == 2 {
			sub = filepath.Join(in, "sub")
		}
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "g"+strconv.Itoa(i)+".usi"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return in
}

// runKifconv runs the binary and returns its exit status and standard
// error.
func runKifconv(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%v: %v", args, err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// checkOutputs fails unless every file under out is a complete output (the
// same as in want) and returns how many there are. A temporary file, or a
// truncated one, fails it.
func checkOutputs(t *testing.T, out string, want map[string][]byte) int {
	t.Helper()
	got := readTree(t, out)
	for rel, b := range got {
		w, ok := want[rel]
		switch {
		case !ok:
			t.Errorf("%s: left behind (%d bytes), not an output", rel, len(b))
		case !bytes.Equal(b, w):
			t.Errorf("%s: %d bytes, want the complete %d", rel, len(b), len(w))
		}
	}
	return len(got)
}

// hasTemp reports whether a temporary output is being written under dir.
// countFiles returns how many files there are below dir (temporary ones
// included), without reading them: a poll that read every output each
// millisecond would take the CPU the command under test needs.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func hasTemp(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// onlyExists checks the standard error of a second run: the outputs the
// first run finished are reported as existing, nothing else fails.
func onlyExists(t *testing.T, stderr string) {
	t.Helper()
	exists := regexp.MustCompile(`: error: output .* exists \(--force replaces it; --skip-existing or --update leave it\) \[exists\]$`)
	summary := regexp.MustCompile(`^\d+ files, \d+ games: \d+ games? written to \d+ files?(; \d+ failed, \d+ errors?)?$`)
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if l != "" && !exists.MatchString(l) && !summary.MatchString(l) {
			t.Errorf("second run: unexpected message %q", l)
		}
	}
}

// reference converts the batch without interruption.
func reference(t *testing.T, bin, in string, args ...string) map[string][]byte {
	t.Helper()
	ref := filepath.Join(t.TempDir(), "ref")
	if code, stderr := runKifconv(t, bin, append(append([]string{"convert"}, args...), "-d", ref, in)...); code != 0 {
		t.Fatalf("reference run: exit %d\n%s", code, stderr)
	}
	return readTree(t, ref)
}

// TestInterruptedBatch stops a batch of two workers (two temporary files
// at a time) with each signal that ends kifconv.
func TestInterruptedBatch(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	in := writeBatch(t, dir, 20, 40_000)
	want := reference(t, bin, in, "-t", "kif", "-j", "2")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{"convert", "-t", "kif", "-j", "2", "-d", out, in}
			interruptBatch(t, bin, args, out, want, sig)
		})
	}
}

// TestInterruptedSplit stops the conversion of a collection into one file
// a game while the games written are held, unnamed, until the last is
// read: none of their temporary files is left behind, and the same command
// again writes them all.
func TestInterruptedSplit(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	const games = 5000
	in := filepath.Join(dir, "games.usi")
	var b strings.Builder
	for i := range games {
		b.WriteString("position startpos moves 7g7f 3c3d 2g2f 8c8d")
		for range i % 7 {
			b.WriteString(" 5i4h 5a4b 4h5i 4b5a")
		}
		b.WriteByte('\n')
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	args := []string{"convert", "-t", "kif", "-d", out, in}
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); countFiles(out) < 100; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("never caught the conversion with games held")
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 128+int(syscall.SIGTERM) {
		t.Fatalf("interrupted run: %v, want exit status %d\n%s", err, 128+int(syscall.SIGTERM), stderr.String())
	}
	if n := countFiles(out); n != 0 {
		t.Errorf("%d files left behind by the interrupted run, want none", n)
	}
	if code, msg := runKifconv(t, bin, args...); code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, msg)
	}
	if n := countFiles(out); n != games || hasTemp(out) {
		t.Errorf("second run: %d files (a temporary one: %v), want %d outputs", n, hasTemp(out), games)
	}
}

func interruptBatch(t *testing.T, bin string, args []string, out string, want map[string][]byte, sig syscall.Signal) {
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := false
	t.Cleanup(func() {
		if !exited {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	// Interrupt while an output is half written, after some are done.
	deadline := time.Now().Add(time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatal("never caught the batch in the middle of a file")
		}
		// Two outputs done and a third being written.
		if countFiles(out) >= 3 && hasTemp(out) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	exited = true
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
		t.Fatalf("interrupted run: %v, want exit status %d\n%s", err, 128+int(sig), stderr.String())
	}
	if !strings.Contains(stderr.String(), "kifconv: interrupted") {
		t.Errorf("interrupted run says %q", stderr.String())
	}
	n := checkOutputs(t, out, want)
	if n == len(want) {
		t.Fatalf("the interrupt came too late: all %d outputs written", n)
	}
	t.Logf("interrupted after %d of %d outputs", n, len(want))

	// The same command again finishes the job.
	code, msg := runKifconv(t, bin, args...)
	if code != 0 && code != exitUsage {
		t.Fatalf("second run: exit %d\n%s", code, msg)
	}
	onlyExists(t, msg)
	if n := checkOutputs(t, out, want); n != len(want) {
		t.Fatalf("second run: %d of %d outputs", n, len(want))
	}
}

// mountTmpfs mounts a tmpfs with the given options on dir, or skips the
// test: simulating a full or read-only disk needs root (or CAP_SYS_ADMIN).
func mountTmpfs(t *testing.T, dir, opts string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, opts); err != nil {
		t.Skipf("cannot mount a tmpfs on %s (%v): run as root to simulate a full or read-only disk", dir, err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
}

func remountTmpfs(t *testing.T, dir, opts string, flags uintptr) {
	t.Helper()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT|flags, opts); err != nil {
		t.Fatalf("remount %s: %v", dir, err)
	}
}

func TestDiskFullBatch(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	in := writeBatch(t, dir, 9, 20_000)
	out := filepath.Join(dir, "out")
	want := reference(t, bin, in, "-t", "kif", "-j", "2")
	var size int
	for _, b := range want {
		size += len(b)
	}
	// Room for about a third of the outputs.
	mountTmpfs(t, out, "size="+strconv.Itoa(size/3))
	args := []string{"convert", "-t", "kif", "-j", "2", "-d", out, in}
	code, msg := runKifconv(t, bin, args...)
	if code != exitUsage || !strings.Contains(msg, "no space left on device") || !strings.Contains(msg, "[io]") {
		t.Fatalf("disk full: exit %d, want %d and the reason\n%s", code, exitUsage, msg)
	}
	n := checkOutputs(t, out, want)
	if n == len(want) {
		t.Fatalf("the disk never filled: all %d outputs written", n)
	}
	t.Logf("disk full after %d of %d outputs", n, len(want))

	remountTmpfs(t, out, "size="+strconv.Itoa(2*size), 0)
	code, msg = runKifconv(t, bin, args...)
	if code != 0 && code != exitUsage {
		t.Fatalf("second run: exit %d\n%s", code, msg)
	}
	onlyExists(t, msg)
	if n := checkOutputs(t, out, want); n != len(want) {
		t.Fatalf("second run: %d of %d outputs", n, len(want))
	}
}

func TestReadOnlyOutputDir(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	in := writeBatch(t, dir, 9, 2_000)
	out := filepath.Join(dir, "out")
	want := reference(t, bin, in, "-t", "kif")
	// The outputs of in/sub go to out/sub, which cannot be written; the
	// others are written as usual.
	sub := filepath.Join(out, "sub")
	if os.Geteuid() == 0 {
		// Permissions do not stop root: a read-only file system does.
		mountTmpfs(t, sub, "size=1m")
		remountTmpfs(t, sub, "", syscall.MS_RDONLY)
	} else {
		if err := os.MkdirAll(sub, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(sub, 0o755) })
	}
	args := []string{"convert", "-t", "kif", "-d", out, in}
	code, msg := runKifconv(t, bin, args...)
	if code != exitUsage || !strings.Contains(msg, "[io]") {
		t.Fatalf("read-only output: exit %d, want %d with an [io] error per file\n%s", code, exitUsage, msg)
	}
	if got := strings.Count(msg, "[io]"); got != 3 {
		t.Errorf("%d [io] errors, want one for each of the 3 inputs of in/sub\n%s", got, msg)
	}
	if n := checkOutputs(t, out, want); n != 6 {
		t.Errorf("%d outputs written, want the 6 outside sub", n)
	}

	if os.Geteuid() == 0 {
		remountTmpfs(t, sub, "", 0)
	} else if err := os.Chmod(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	code, msg = runKifconv(t, bin, args...)
	if code != 0 && code != exitUsage {
		t.Fatalf("second run: exit %d\n%s", code, msg)
	}
	onlyExists(t, msg)
	if n := checkOutputs(t, out, want); n != len(want) {
		t.Fatalf("second run: %d of %d outputs", n, len(want))
	}
}

// TestBadInputsExit runs `kifconv validate` on every input of the bad-input
// catalogue (../../testdata/bad, whose diagnostics internal/parse's
// TestBadInputs checks exactly), with --strict where the problem is one a
// reader tolerates: each must exit with status 1, naming the problem with
// the code recorded for it.
func TestBadInputsExit(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "testdata", "bad")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`\[([a-z-]+)\]$`)
	n := 0
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".want") {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			path := filepath.Join(dir, e.Name())
			b, err := os.ReadFile(path + ".want")
			if err != nil {
				t.Fatal(err)
			}
			m := code.FindStringSubmatch(strings.TrimSpace(string(b)))
			if m == nil {
				t.Fatalf("%s.want has no [code]", e.Name())
			}
			// A tolerated problem (a "warning" line) fails only --strict.
			args := []string{"validate", path}
			if strings.HasPrefix(string(b), "warning ") {
				args = []string{"validate", "--strict", path}
			}
			var stdout, stderr bytes.Buffer
			status := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr)
			if status != exitNo {
				t.Errorf("exit status %d, want %d\n%s", status, exitNo, stderr.String())
			}
			// validate reports on standard output, sums up on standard error.
			if out := stdout.String() + stderr.String(); !strings.Contains(out, "["+m[1]+"]") {
				t.Errorf("no [%s] in\n%s", m[1], out)
			}
		})
	}
	if n == 0 {
		t.Fatal("no bad inputs")
	}
}
