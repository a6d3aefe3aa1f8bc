package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testEnv(tty bool, vars map[string]string) env {
	return env{
		getenv:     func(k string) string { return vars[k] },
		isTerminal: func(any) bool { return tty },
		cpus:       2,
	}
}

func runTest(t *testing.T, e env, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runEnv(context.Background(), e, args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestProgressBar checks that the bar is drawn on standard error only when
// it is a terminal, and never with --quiet; the scripts cover the
// non-terminal case with real files.
func TestProgressBar(t *testing.T) {
	t.Parallel()
	in := t.TempDir()
	for _, name := range []string{"a.usi", "b.usi", "c.usi"} {
		if err := os.WriteFile(filepath.Join(in, name), []byte("position startpos moves 7g7f\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		tty     bool
		quiet   bool
		wantBar bool
	}{
		{"terminal", true, false, true},
		{"not a terminal", false, false, false},
		{"terminal but quiet", true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"convert", "-t", "sfen", "-d", t.TempDir(), in}
			if tt.quiet {
				args = append(args, "--quiet")
			}
			code, _, stderr := runTest(t, testEnv(tt.tty, nil), args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.Contains(stderr, "converting"); got != tt.wantBar {
				t.Errorf("bar drawn = %v, want %v; stderr %q", got, tt.wantBar, stderr)
			}
			if wantSummary := !tt.quiet; strings.Contains(stderr, "3 files, 3 games: 3 games written to 3 files\n") != wantSummary {
				t.Errorf("summary present = %v; stderr %q", !wantSummary, stderr)
			}
		})
	}
}

func TestColorChoice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		flag  string
		tty   bool
		vars  map[string]string
		color bool
	}{
		{"auto on a terminal", "auto", true, nil, true},
		{"auto off a terminal", "auto", false, nil, false},
		{"NO_COLOR", "auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"dumb terminal", "auto", true, map[string]string{"TERM": "dumb"}, false},
		{"always beats NO_COLOR", "always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", "never", true, nil, false},
	}
	for _, tt := range tests {
		s, err := boardFlags{notation: "japanese"}.display(testEnv(tt.tty, tt.vars), termFlags{color: tt.flag, eaw: "auto"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Board.Color != tt.color {
			t.Errorf("%s: colour %v, want %v", tt.name, s.Board.Color, tt.color)
		}
	}
}

// TestStdinTerminalHint checks that reading standard input from a terminal
// says how to end it, and only then.
func TestStdinTerminalHint(t *testing.T) {
	t.Parallel()
	const hint = "reading from standard input; Ctrl-D to end, Ctrl-C to stop\n"
	for _, tt := range []struct {
		tty  bool
		args []string
		want bool
	}{
		{true, []string{"validate"}, true},
		{true, []string{"convert", "-t", "sfen", "-"}, true},
		{true, []string{"show", "--format", "sfen"}, true},
		{false, []string{"validate"}, false},
	} {
		var out, errb bytes.Buffer
		code := runEnv(context.Background(), testEnv(tt.tty, nil), tt.args, strings.NewReader("position startpos moves 7g7f\n"), &out, &errb)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errb.String())
		}
		if got := strings.HasPrefix(errb.String(), hint); got != tt.want {
			t.Errorf("%v on a terminal %v: hint %v, want %v; stderr %q", tt.args, tt.tty, got, tt.want, errb.String())
		}
	}
}

// TestValidateProgressBar checks that validate draws its bar on a terminal
// only, and that the bar's line is cleared before the results and at the end.
func TestValidateProgressBar(t *testing.T) {
	t.Parallel()
	in := t.TempDir()
	for _, name := range []string{"a.usi", "b.usi", "c.usi"} {
		text := "position startpos moves 7g7f\n"
		if name == "b.usi" {
			text = "position startpos moves 7g7f 7g7f\n"
		}
		if err := os.WriteFile(filepath.Join(in, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tty := range []bool{true, false} {
		code, stdout, stderr := runTest(t, testEnv(tty, nil), "validate", in)
		if code != exitNo {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if got := strings.Contains(stderr, "validating"); got != tty {
			t.Errorf("terminal %v: bar drawn %v; stderr %q", tty, got, stderr)
		}
		if !strings.Contains(stripANSI(stdout), "b.usi:1:30: error: ") {
			t.Errorf("terminal %v: stdout %q", tty, stdout)
		}
		if !strings.HasSuffix(stderr, "\r3 files, 2 games: 2 valid, 1 invalid; 1 failed, 1 error\n") && tty {
			t.Errorf("the summary does not start a clean line: %q", stderr)
		}
	}
}

// TestInterruptWhileReadingStdin checks that an interrupt stops a command
// waiting for standard input that never comes (a terminal), with the
// interrupted status.
func TestInterruptWhileReadingStdin(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"validate"}, {"convert", "-t", "usi"}, {"show"}} {
		pr, pw := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		code := make(chan int, 1)
		var out, errb bytes.Buffer
		go func() { code <- runEnv(ctx, testEnv(false, nil), args, pr, &out, &errb) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		select {
		case c := <-code:
			if c != exitInterrupted {
				t.Errorf("%v: exit %d, want %d", args, c, exitInterrupted)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%v: not stopped by the interrupt", args)
		}
		pw.Close()
	}
}
