//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The second round of hostile input and faults (issue 26): signals that
// end kifconv whatever it is blocked on, resource limits that end it with
// a message rather than a crash, and no temporary file left either way.

// stopWithinSecond starts cmd, the built kifconv, sends it sig after a
// while, and checks that it is gone within a second and a half, with the
// exit status of the signal and no temporary file under dir.
func stopWithinSecond(t *testing.T, cmd *exec.Cmd, sig syscall.Signal, after time.Duration, dir string) {
	t.Helper()
	if err := stopped(cmd, sig, after, dir); err != nil {
		t.Error(err)
	}
}

// stopEachWithinSecond is stopWithinSecond of every command at once: the
// commands wait on a pipe or a FIFO rather than work, so that the test
// takes the time of one.
func stopEachWithinSecond(t *testing.T, cmds []*exec.Cmd, sig syscall.Signal, after time.Duration, dir string) {
	t.Helper()
	errs := make([]error, len(cmds))
	var wg sync.WaitGroup
	for i, cmd := range cmds {
		wg.Go(func() { errs[i] = stopped(cmd, sig, after, dir) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// stopped is the check of stopWithinSecond, with what went wrong as an
// error that names the command's arguments.
func stopped(cmd *exec.Cmd, sig syscall.Signal, after time.Duration, dir string) error {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(after)
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		return fmt.Errorf("%v: %v (it did not wait for the signal)\n%s", cmd.Args[1:], err, stderr.String())
	}
	var problems []string
	select {
	case err := <-done:
		if took := time.Since(sent); took > 1500*time.Millisecond {
			problems = append(problems, fmt.Sprintf("stopped %v after %v", took, sig))
		}
		var ee *exec.ExitError
		if err == nil || !errorsAs(err, &ee) || ee.ExitCode() != 128+int(sig) {
			problems = append(problems, fmt.Sprintf("%v, want exit status %d\n%s", err, 128+int(sig), stderr.String()))
		}
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("%v: alive 5 s after %v", cmd.Args[1:], sig)
	}
	if dir != "" && hasTemp(dir) {
		problems = append(problems, "a temporary file is left under "+dir)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%v: %s", cmd.Args[1:], strings.Join(problems, "; "))
	}
	return nil
}

func errorsAs(err error, target **exec.ExitError) bool {
	ee, ok := err.(*exec.ExitError)
	*target = ee
	return ok
}

// TestSignalStalledPipe: standard output is a pipe that stopped reading.
func TestSignalStalledPipe(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	// 8,000 games, two kinds, so that every command has more to say than
	// a pipe holds (64 KB): rows, records, duplicates, differences.
	big, other := filepath.Join(dir, "big.usi"), filepath.Join(dir, "other.usi")
	var a, b strings.Builder
	for range 4_000 {
		a.WriteString("position startpos moves 7g7f 3c3d\nposition startpos moves 2g2f\n")
		b.WriteString("position startpos moves 7g7f 8c8d\nposition startpos moves 2g2f 8c8d\n")
	}
	os.WriteFile(big, []byte(a.String()), 0o644)
	os.WriteFile(other, []byte(b.String()), 0o644)
	long := filepath.Join(dir, "long.usi")
	bigUSI(t, long, 20000)
	tree := filepath.Join(dir, "tree")
	os.Mkdir(tree, 0o755)
	for i := range 800 { // some 150 bytes of JSON Lines each
		os.WriteFile(filepath.Join(tree, "game-with-a-long-name-"+strconv.Itoa(i)+".usi"), []byte("position startpos moves 7g7f\n"), 0o644)
	}
	var cmds []*exec.Cmd
	for _, args := range [][]string{
		{"info", big},
		{"filter", big},
		{"convert", "-t", "csa", big},
		{"validate", "--format", "jsonl", tree},
		{"dedup", big},
		{"diff", big, other},
		{"show", "--all", long},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		defer w.Close()
		cmd := exec.Command(bin, args...)
		cmd.Stdout = w // nobody reads r
		cmds = append(cmds, cmd)
	}
	stopEachWithinSecond(t, cmds, syscall.SIGTERM, 700*time.Millisecond, "")
}

// TestSignalFIFO: an input is a FIFO with no writer (the open blocks), or
// the list of inputs is one.
func TestSignalFIFO(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.usi")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	out := filepath.Join(dir, "out")
	var cmds []*exec.Cmd
	for _, args := range [][]string{
		{"info", fifo},
		{"filter", fifo},
		{"dedup", fifo},
		{"convert", "-t", "csa", "-d", out, fifo},
		{"diff", fifo, fifo + "x"},
		{"validate", fifo},
		{"info", "--files-from", fifo},
	} {
		cmds = append(cmds, exec.Command(bin, args...))
	}
	stopEachWithinSecond(t, cmds, syscall.SIGINT, 500*time.Millisecond, out)
}

// TestSignalLongWalk: a list naming / makes a walk that would run on for
// long; a signal stops it.
func TestSignalLongWalk(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte("/\n"), 0o644)
	stopWithinSecond(t, exec.Command(bin, "info", "--files-from", list), syscall.SIGTERM, 700*time.Millisecond, "")
}

// TestFIFOReadOnce: dedup writing what it keeps reads its inputs twice; a
// FIFO is read once, its bytes kept for the second reading.
func TestFIFOReadOnce(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.csa")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	game := "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\n"
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString(game + game + strings.Replace(game, "7776", "2726", 1))
			f.Close()
		}
	}()
	out := filepath.Join(dir, "o.csa")
	code, stderr := runKifconv(t, bin, "dedup", "-t", "csa", "-o", out, fifo)
	if code != 0 || !strings.Contains(stderr, "2 games written to 1 file") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}

// limitedShell runs the built kifconv under a shell's ulimit (as
// "ulimit -v 1000000" or "ulimit -n 16").
func limitedShell(t *testing.T, limit, bin string, args ...string) (int, string) {
	t.Helper()
	script := limit + ` && exec "$@"`
	cmd := exec.Command("sh", append([]string{"-c", script, "sh", bin}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stderr.String()
}

// TestResourceLimits: under an address-space limit and a descriptor
// limit, with any -j, every command works or fails with a message and
// exit 2, with no runtime crash and no temporary file left.
func TestResourceLimits(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	in := writeBatch(t, dir, 30, 40) // --svg-all: some 1,500 files per run
	for i, tc := range []struct {
		limit string
		args  []string
	}{
		{"ulimit -v 1000000", []string{"validate", "-j", "8"}},
		{"ulimit -v 1000000", []string{"convert", "-j", "8", "-t", "svg", "--svg-all", "-d", "OUT"}},
		{"ulimit -v 1000000", []string{"dedup", "-j", "1", "-t", "csa", "-d", "OUT"}},
		{"ulimit -n 16", []string{"convert", "-j", "8", "-t", "svg", "--svg-all", "-d", "OUT"}},
		{"ulimit -n 16", []string{"convert", "-j", "1", "-t", "kif", "-d", "OUT"}},
		{"ulimit -n 16", []string{"filter", "-j", "8", "-t", "csa", "-d", "OUT"}},
		{"ulimit -n 16", []string{"dedup", "-j", "8", "-t", "csa", "-d", "OUT"}},
		{"ulimit -n 16", []string{"info", "-j", "8"}},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(dir, "out"+strconv.Itoa(i))
			a := append([]string(nil), tc.args...)
			for i := range a {
				if a[i] == "OUT" {
					a[i] = out
				}
			}
			a = append(a, in)
			code, stderr := limitedShell(t, tc.limit, bin, a...)
			if code != 0 && code != exitUsage {
				t.Errorf("%s; kifconv %s: exit %d\n%s", tc.limit, strings.Join(a, " "), code, lastOf(stderr))
			}
			if strings.Contains(stderr, "fatal error") || strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "runtime/cgo") {
				t.Errorf("%s; kifconv %s: a runtime crash\n%s", tc.limit, strings.Join(a, " "), lastOf(stderr))
			}
			if code == exitUsage && strings.TrimSpace(stderr) == "" {
				t.Errorf("%s; kifconv %s: exit 2 without a message", tc.limit, strings.Join(a, " "))
			}
			if hasTemp(out) {
				t.Errorf("%s; kifconv %s: a temporary file is left", tc.limit, strings.Join(a, " "))
			}
		})
	}
}

func lastOf(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// TestLongOutputName: an output whose name fits where it is written is
// written, however long (its temporary name is cut to fit).
func TestLongOutputName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []int{240, 246, 251} {
		name := strings.Repeat("a", n) + ".usi"
		if err := os.WriteFile(filepath.Join(dir, name), []byte("position startpos moves 7g7f\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runTest(t, testEnv(false, nil), "convert", "-q", "-t", "csa", "-d", filepath.Join(dir, "out"), filepath.Join(dir, name))
		if code != 0 {
			t.Errorf("a name of %d bytes: exit %d\n%s", n+4, code, stderr)
		}
	}
	var names []string
	filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, d.Name())
		}
		return nil
	})
	if len(names) != 3 {
		t.Errorf("outputs %d, want 3: %v", len(names), names)
	}
}

// TestWriteErrorsNamePath: a write that fails (a full device) exits 2 and
// names the output, in every command that writes, however many games.
func TestWriteErrorsNamePath(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big.usi")
	var b strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&b, "position startpos moves 7g7f %s\n", []string{"3c3d", "8c8d", "4c4d"}[i%3])
	}
	os.WriteFile(big, []byte(b.String()), 0o644)
	for _, args := range [][]string{
		{"filter", "-t", "csa", "-o", "/dev/full", big},
		{"dedup", "-t", "csa", "-o", "/dev/full", big},
		{"convert", "-t", "csa", "-o", "/dev/full", big},
	} {
		code, _, stderr := runTest(t, testEnv(false, nil), args...)
		if code != exitUsage || !strings.Contains(stderr, "cannot write /dev/full: no space left on device") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
}
