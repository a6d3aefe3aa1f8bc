//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
)

// The tests in this file feed kifconv what an attacker or an accident
// would: inputs that are not regular files, outputs that must not be
// replaced, control bytes, signals in the middle of long work.

// runWithin runs the command in-process and fails the test if it takes
// longer than limit: no input may hang it.
func runWithin(t *testing.T, limit time.Duration, stdin io.Reader, stdout io.Writer, args ...string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- runEnv(context.Background(), testEnv(false, nil), args, stdin, stdout, &stderr) }()
	select {
	case code := <-done:
		return code, stderr.String()
	case <-time.After(limit):
		t.Fatalf("%v: still running after %v", args, limit)
		return 0, ""
	}
}

// fifoWith makes a named FIFO in a temporary folder and writes text into
// it once a reader opens it.
func fifoWith(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(text)
		f.Close()
	}()
	return p
}

const (
	csaWarning = "V2.2\nPI\n+\n+7776FU\nHELLO\n-3334FU\n"
	csaError   = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n"
	kifSummary = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\nまで3手で先手の勝ち\n"
)

// A named FIFO whose content gets a diagnostic used to hang kifconv, which
// opened the path again to quote the line.
func TestFIFOWithDiagnostics(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		args       []string
		code       int
		want       string
	}{
		{"warning.csa", csaWarning, []string{"validate"}, 0, "HELLO\n^"},
		{"error.csa", csaError, []string{"validate"}, 1, "+7776FU\n ^"},
		{"warning.csa", csaWarning, []string{"convert", "-t", "kif"}, 0, "HELLO\n^"},
		{"summary.kif", kifSummary, []string{"validate"}, 0, "まで3手で先手の勝ち"},
	} {
		t.Run(c.name+"/"+c.args[0], func(t *testing.T) {
			p := fifoWith(t, c.name, c.text)
			var out bytes.Buffer
			code, stderr := runWithin(t, 20*time.Second, nil, &out, append(c.args, p)...)
			if code != c.code || !strings.Contains(out.String()+stderr, c.want) {
				t.Fatalf("exit %d (want %d), output:\n%s%s\nwant %q in it", code, c.code, out.String(), stderr, c.want)
			}
		})
	}
}

// Text that never ends gets a bounded-input error, in parallel reading as
// in sequential; a device of NULs is binary.
func TestEndlessInput(t *testing.T) {
	t.Parallel()
	for _, j := range []string{"1", "2"} {
		var out bytes.Buffer
		code, stderr := runWithin(t, 30*time.Second, endlessText{}, &out, "validate", "-j", j, "--from", "csa", "-")
		if code != exitNo || !strings.Contains(out.String(), "[line-too-long]") {
			t.Fatalf("-j %s: exit %d\n%s%s", j, code, out.String(), stderr)
		}
		out.Reset()
		code, stderr = runWithin(t, 30*time.Second, nil, &out, "validate", "-j", j, "--from", "csa", "/dev/zero")
		if code != exitNo || !strings.Contains(out.String(), "[binary]") {
			t.Fatalf("-j %s, /dev/zero: exit %d\n%s%s", j, code, out.String(), stderr)
		}
		if strings.Contains(out.String(), "\x00") {
			t.Fatal("a NUL byte reached the output")
		}
	}
}

// -o onto something other than a regular file writes into it and leaves
// it what it was, with or without --force.
func TestOutputNotRegular(t *testing.T) {
	t.Parallel()
	in := filepath.Join(t.TempDir(), "g.usi")
	os.WriteFile(in, []byte("position startpos moves 7g7f 3c3d\n"), 0o644)
	want := "position startpos moves 7g7f 3c3d\n"

	for _, force := range []bool{false, true} {
		p := filepath.Join(t.TempDir(), "out.usi")
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		got := make(chan string, 1)
		go func() {
			b, _ := os.ReadFile(p)
			got <- string(b)
		}()
		args := []string{"convert", "-t", "usi", "-o", p, in}
		if force {
			args = append(args, "--force")
		}
		code, stderr := runWithin(t, 20*time.Second, nil, io.Discard, args...)
		if code != 0 {
			t.Fatalf("--force=%v onto a FIFO: exit %d\n%s", force, code, stderr)
		}
		if s := <-got; s != want {
			t.Errorf("the FIFO's reader got %q", s)
		}
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("--force=%v: the FIFO was replaced: %v %v", force, fi.Mode(), err)
		}
	}

	code, stderr := runWithin(t, 20*time.Second, nil, io.Discard, "convert", "-t", "usi", "-o", "/dev/null", in)
	if code != 0 {
		t.Fatalf("-o /dev/null: exit %d\n%s", code, stderr)
	}

	if os.Geteuid() != 0 {
		t.Log("not root: no device node made")
		return
	}
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // 1,3 is /dev/null
		t.Skipf("mknod: %v", err)
	}
	code, stderr = runWithin(t, 20*time.Second, nil, io.Discard, "convert", "-t", "usi", "-o", dev, "--force", in)
	if code != 0 {
		t.Fatalf("--force onto a device: exit %d\n%s", code, stderr)
	}
	if fi, err := os.Lstat(dev); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("the device node was replaced: %v %v", fi.Mode(), err)
	}
}

// Replacing a file keeps its permission bits.
func TestOutputKeepsMode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "g.usi")
	os.WriteFile(in, []byte("position startpos moves 7g7f\n"), 0o644)
	for _, mode := range []os.FileMode{0o600, 0o640, 0o755} {
		out := filepath.Join(dir, "out.usi")
		os.Remove(out)
		os.WriteFile(out, []byte("old"), mode)
		os.Chmod(out, mode) // whatever the umask
		code, stderr := runWithin(t, 20*time.Second, nil, io.Discard, "convert", "-t", "usi", "--force", "-o", out, in)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		fi, err := os.Stat(out)
		if err != nil || fi.Mode().Perm() != mode || fi.Size() == 3 {
			t.Errorf("replaced a %v file: now %v, %d bytes, %v", mode, fi.Mode().Perm(), fi.Size(), err)
		}
	}
}

// Control bytes in a file name and in the content reach the terminal
// escaped, in every message.
func TestControlBytesEscaped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "a\x1b[2J\x07.csa")
	// (No NUL: a NUL makes a file binary, a case of its own.)
	text := "V2.2\nN+\x1b]0;pwned\x07\nPI\n+\n+7776FU\nHELLO\x1b[31m\x07\n-3334FU\n+7776FU\n"
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Skipf("file name: %v", err)
	}
	for _, args := range [][]string{
		{"validate", name},
		{"convert", "-t", "kif", name},
		{"convert", "-t", "kif", filepath.Join(dir, "missing\x1b.csa")},
		{"show", name},
		{"diff", name, name + "\x1b"},
	} {
		var out bytes.Buffer
		_, stderr := runWithin(t, 20*time.Second, nil, &out, args...)
		msgs := stderr
		if args[0] == "validate" {
			msgs += out.String()
		}
		if strings.ContainsAny(msgs, "\x1b\x07") {
			t.Errorf("%q: raw control bytes in %q", args, msgs)
		}
		if !strings.Contains(msgs, `\x1b`) {
			t.Errorf("%q: no escaped ESC in %q", args, msgs)
		}
	}
	// The caret points at the character of the escaped line.
	os.WriteFile(name, []byte(strings.TrimSuffix(text, "+7776FU\n")), 0o644)
	var out bytes.Buffer
	runWithin(t, 20*time.Second, nil, &out, "validate", name)
	if want := charset.EscapeControl("HELLO\x1b[31m\x07") + "\n^\n"; !strings.Contains(out.String(), want) {
		t.Errorf("quoted line:\n%s\nwant %q", out.String(), want)
	}
}

// show fails when its output cannot be written.
func TestShowFullDisk(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	in := filepath.Join(t.TempDir(), "g.usi")
	os.WriteFile(in, []byte("position startpos moves 7g7f\n"), 0o644)
	for _, args := range [][]string{{"show", in}, {"show", "--format", "sfen", in}, {"convert", "-t", "kif", in}} {
		code, stderr := runWithin(t, 20*time.Second, nil, full, args...)
		if code != exitUsage || !strings.Contains(stderr, "no space left") {
			t.Errorf("%v > /dev/full: exit %d, %q", args, code, stderr)
		}
	}
}

// A record is written to standard output whole or not at all: the second
// game of this collection has a character Shift_JIS lacks.
func TestStdoutWholeRecords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := "V2.2\nN+a\nPI\n+\n+7776FU\n'*" + strings.Repeat("ok ", 30000) + "\n-3334FU\n%TORYO\n"
	second := "V2.2\nN+b\nPI\n+\n+7776FU\n'*" + strings.Repeat("ok ", 30000) + "😀\n-3334FU\n%TORYO\n"
	one, both := filepath.Join(dir, "one.csa"), filepath.Join(dir, "both.csa")
	os.WriteFile(one, []byte(first), 0o644)
	os.WriteFile(both, []byte(first+"/\n"+second), 0o644)
	var want, got bytes.Buffer
	if code, stderr := runWithin(t, 20*time.Second, nil, &want, "convert", "-t", "csa", "--encoding", "shift_jis", one); code != 0 {
		t.Fatalf("one game: exit %d\n%s", code, stderr)
	}
	code, stderr := runWithin(t, 20*time.Second, nil, &got, "convert", "-j", "1", "-t", "csa", "--encoding", "shift_jis", both)
	if code != exitUsage || !strings.Contains(stderr, "[encoding]") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if got.String() != want.String() {
		t.Fatalf("standard output holds %d bytes, want the first record's %d", got.Len(), want.Len())
	}
}

// A file keeps its first parse.MaxListed diagnostics and counts the others
// by code, whether they are printed or not.
func TestBoundedDiagnostics(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("V2.2\nPI\n+\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "junk %d\n", i)
	}
	b.WriteString("+7776FU\n/\nPI\n+\njunk\nT-5\n+7776FU\n")
	in := filepath.Join(t.TempDir(), "many.csa")
	os.WriteFile(in, []byte(b.String()), 0o644)
	var out bytes.Buffer
	code, stderr := runWithin(t, 20*time.Second, nil, &out, "validate", in)
	lines := strings.Count(out.String(), "[unknown-line]")
	if code != 0 || lines != parse.MaxListed+1 {
		t.Fatalf("exit %d, %d unknown-line messages\n%s", code, lines, stderr)
	}
	if want := "901 more warnings of code unknown-line not listed [unknown-line]"; !strings.Contains(out.String(), want) {
		t.Fatalf("no %q in\n%s", want, out.String()[max(0, out.Len()-500):])
	}
	code, stderr = runWithin(t, 20*time.Second, nil, io.Discard, "convert", "-t", "csa", in)
	if n := strings.Count(stderr, "[unknown-line]"); code != 0 || n != parse.MaxListed+1 {
		t.Fatalf("convert: exit %d, %d unknown-line messages", code, n)
	}
}

// bigUSI writes a game of n king moves.
func bigUSI(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves")
	moves := [4]string{" 5i4i", " 5a4a", " 4i5i", " 4a5a"}
	for k := range n {
		b.WriteString(moves[k%4])
	}
	b.WriteByte('\n')
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// SIGTERM during the conversion of one large record to a file, and during
// --svg-all, stops kifconv within a second or so and leaves nothing
// behind.
func TestTerminateLongWork(t *testing.T) {
	t.Parallel()
	bin := buildKifconv(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "big.usi")
	bigUSI(t, in, 400_000)
	nested := filepath.Join(dir, "nested.kif")
	f, err := os.Create(nested)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	writeNestedKIF(t, w, 100_000) // the single -o case needs a temporary file to appear; stdout goes to a slow reader
	w.Flush()
	f.Close()
	for _, c := range []struct {
		name string
		args []string
		out  string // what appears while the work goes on ("": wait 200 ms)
	}{
		{"single -o", []string{"convert", "-t", "kif", "-o", filepath.Join(dir, "o1", "big.kif"), in}, filepath.Join(dir, "o1")},
		{"svg-all", []string{"convert", "-t", "svg", "--svg-all", "-d", filepath.Join(dir, "o2"), in}, filepath.Join(dir, "o2")},
		{"stdout", []string{"convert", "-t", "kif", nested}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The signal must come while the work goes on: on a loaded
			// machine the poll below may miss the whole of a quick write,
			// and the run is then tried again.
			for attempt := 1; !terminateDuringWork(t, bin, c.args, c.out); attempt++ {
				if attempt == 3 {
					t.Fatal("the work was done before the signal, 3 times")
				}
				t.Logf("attempt %d: done before the signal; again", attempt)
				os.RemoveAll(c.out)
			}
		})
	}
}

// terminateDuringWork runs kifconv with args, sends SIGTERM once the work
// is under way (a temporary file or five files in out, or, when out is
// "", standard output being read slowly), and checks that it stops within
// 3 s with the signal's status and leaves nothing in out. It returns false,
// having checked nothing, when the run ended before the signal was sent.
func terminateDuringWork(t *testing.T, bin string, args []string, out string) bool {
	t.Helper()
	if out != "" {
		os.MkdirAll(out, 0o755)
	}
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// Standard output goes to a slow reader: the signal comes while the
	// record is being written.
	started := make(chan struct{})
	if out == "" {
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdout = pw
		defer pr.Close()
		go func() {
			buf := make([]byte, 4096)
			for first := true; ; first = false {
				if _, err := pr.Read(buf); err != nil {
					return
				}
				if first {
					close(started)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		defer pw.Close()
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(time.Minute)
	if out == "" {
		select {
		case <-started:
		case <-deadline:
			t.Fatal("no output appeared")
		}
	}
	for out != "" && !hasTemp(out) && countFiles(out) < 5 {
		select {
		case <-deadline:
			t.Fatal("no output appeared")
		case <-done:
			return false
		case <-time.After(time.Millisecond):
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	sent := time.Now()
	err := <-done
	took := time.Since(sent)
	if code := cmd.ProcessState.ExitCode(); code != 128+int(syscall.SIGTERM) {
		t.Fatalf("exit %d (%v), want %d\n%s", code, err, 128+int(syscall.SIGTERM), stderr.String())
	}
	if took > 3*time.Second {
		t.Errorf("stopped %v after SIGTERM", took)
	}
	if out != "" {
		if left := readTree(t, out); len(left) != 0 {
			t.Errorf("left behind %d files", len(left))
		}
	}
	return true
}

// endlessText is a line of 'x' that never ends.
type endlessText struct{}

func (endlessText) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}
