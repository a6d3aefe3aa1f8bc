//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startValidate runs validate on a finished file and a FIFO that nobody has
// written yet, and returns the first line of its standard output, which
// must arrive while the FIFO is still unread.
func startValidate(t *testing.T, ctx context.Context, args ...string) (first string, fifo string, rest *bufio.Reader, stderr *bytes.Buffer, code chan int) {
	t.Helper()
	dir := t.TempDir()
	nifu := filepath.Join(dir, "a.usi")
	if err := os.WriteFile(nifu, []byte("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b P 1 moves 7g7f 3c3d P*7e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo = filepath.Join(dir, "b.usi")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	pr, pw := io.Pipe()
	stderr = new(bytes.Buffer)
	code = make(chan int, 1)
	go func() {
		c := runEnv(ctx, testEnv(false, nil), append(append([]string{"validate"}, args...), nifu, fifo), strings.NewReader(""), pw, stderr)
		pw.Close()
		code <- c
	}()
	rest = bufio.NewReader(pr)
	line := make(chan string, 1)
	go func() {
		l, _ := rest.ReadString('\n')
		line <- l
	}()
	select {
	case first = <-line:
	case <-time.After(20 * time.Second):
		t.Fatal("no result of the first file while the last one was not read yet")
	}
	return first, fifo, rest, stderr, code
}

// TestValidateStreams checks that validate prints a file's diagnostics as
// soon as it and the files before it are done: the first file's error
// appears while the last input, a FIFO, has not been written yet.
func TestValidateStreams(t *testing.T) {
	t.Parallel()
	for _, jobs := range []string{"1", "2"} {
		t.Run("j"+jobs, func(t *testing.T) {
			first, fifo, rest, stderr, code := startValidate(t, context.Background(), "-j", jobs)
			if !strings.HasPrefix(first, filepath.Dir(fifo)+"/a.usi:1:95: error: ") {
				t.Fatalf("first line %q, want a.usi's error", first)
			}
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("position startpos moves 7g7f\n")
			f.Close()
			io.Copy(io.Discard, rest)
			if c := <-code; c != exitNo {
				t.Errorf("exit %d, want 1", c)
			}
			if want := "2 files, 2 games: 1 valid, 1 invalid; 1 error\n"; stderr.String() != want {
				t.Errorf("stderr %q, want %q", stderr.String(), want)
			}
		})
	}
}

// TestValidateInterrupted checks that an interrupt while an input blocks
// reports what was found so far and the summary.
func TestValidateInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, fifo, rest, stderr, code := startValidate(t, ctx, "-j", "2")
	if !strings.Contains(first, "[nifu]") {
		t.Fatalf("first line %q, want the nifu error", first)
	}
	cancel()
	io.Copy(io.Discard, rest)
	var c int
	select {
	case c = <-code:
	case <-time.After(20 * time.Second):
		t.Fatal("validate did not stop on the interrupt")
	}
	if c != exitInterrupted {
		t.Errorf("exit %d, want %d", c, exitInterrupted)
	}
	if want := "1 file, 1 game: 0 valid, 1 invalid; 1 error, interrupted\nkifconv: interrupted\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	// Let a worker blocked on the FIFO go (without blocking when the
	// interrupt came before any worker opened it).
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
