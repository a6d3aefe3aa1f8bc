package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestTrainFlags: the training flags are checked once, before any input is
// read (the input here does not exist), and a bad value is a usage error.
func TestTrainFlags(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "missing.csa")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-t", "hcpe", "--results", "won"}, `--results: want all or decisive, not "won"`},
		{[]string{"-t", "psv", "--skip-plies", "-1"}, "--skip-plies: want 0 or more, not -1"},
		{[]string{"-t", "positions", "--min-plies", "-2"}, "--min-plies: want 0 or more, not -2"},
		{[]string{"-t", "hcpe", "--variations", "separate"}, `--variations: the training formats take all (every variation's positions too), not "separate"`},
		{[]string{"-t", "hcpe", "--encoding", "utf-8"}, "hcpe is binary: it takes no --encoding"},
		{[]string{"-t", "psv", "--newline", "crlf"}, "psv is binary: it takes no --newline"},
		{[]string{"-t", "csa", "--dedup"}, "--dedup applies to -t hcpe, psv or positions output, not csa"},
		{[]string{"-t", "kif", "--skip-plies", "3"}, "--skip-plies applies to -t hcpe, psv or positions output, not kif"},
		{[]string{"-t", "usi", "--results", "all"}, "--results applies to -t hcpe, psv or positions output, not usi"},
		{[]string{"-t", "kif", "--variations", "all"}, "--variations applies to -t csa, hcpe, psv or positions output, not kif"},
	}
	for _, tt := range tests {
		args := append(append([]string{"convert"}, tt.args...), missing)
		code, stdout, stderr := runTest(t, testEnv(false, nil), args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
}

// trainInput writes n generated games into one CSA file.
func trainInput(t *testing.T, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(19, 3))
	var buf bytes.Buffer
	w := render.NewCSA(&buf, render.Options{AllowLoss: true})
	for range n {
		if err := w.Write(shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 120, Endings: true, Handicaps: true})); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.csa")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTrainBinaryOutput: binary output is refused on a terminal with a
// hint, written with -o FILE, -d DIR or to a pipe, and the same for any
// number of workers; the handicap games of the input are reported lost.
func TestTrainBinaryOutput(t *testing.T) {
	t.Parallel()
	in := trainInput(t, 60)
	code, stdout, stderr := runTest(t, testEnv(true, nil), "convert", "-t", "hcpe", in)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "hcpe is binary and standard output is a terminal: give -o FILE, -d DIR or a pipe") {
		t.Errorf("hcpe to a terminal: exit %d, stdout %d bytes, stderr %q", code, len(stdout), stderr)
	}
	if code, _, stderr := runTest(t, testEnv(true, nil), "convert", "-q", "-t", "positions", in); code != 0 {
		t.Errorf("positions (text) to a terminal: exit %d, %s", code, stderr)
	}
	for _, format := range []string{"hcpe", "psv"} {
		size := map[string]int{"hcpe": render.HCPESize, "psv": render.PSVSize}[format]
		var outs [][]byte
		for _, jobs := range []string{"1", "2"} {
			out := filepath.Join(t.TempDir(), "out")
			code, _, stderr := runTest(t, testEnv(true, nil), "convert", "-t", format, "-j", jobs, "-o", out, in)
			if code != 0 || !strings.Contains(stderr, "positions short of the 40 pieces") {
				t.Fatalf("%s -j %s: exit %d, stderr %q", format, jobs, code, stderr)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, b)
		}
		if len(outs[0]) == 0 || len(outs[0])%size != 0 || !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: %d bytes with -j 1, %d with -j 2 (records of %d bytes), equal %v", format, len(outs[0]), len(outs[1]), size, bytes.Equal(outs[0], outs[1]))
		}
		// A pipe: standard output that is not a terminal.
		code, stdout, _ := runTest(t, testEnv(false, nil), "convert", "-q", "-t", format, in)
		if code != 0 || stdout != string(outs[0]) {
			t.Errorf("%s to a pipe: exit %d, %d bytes, want %d", format, code, len(stdout), len(outs[0]))
		}
		// -d DIR: one file per input, mirrored under DIR, in the format's
		// extension.
		dir := t.TempDir()
		if code, _, stderr := runTest(t, testEnv(true, nil), "convert", "-q", "-t", format, "-d", dir, in); code != 0 {
			t.Errorf("%s -d: exit %d, %s", format, code, stderr)
		}
		ext := map[string]string{"hcpe": ".hcpe", "psv": ".bin"}[format]
		if b, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(in), ".csa")+ext)); err != nil || !bytes.Equal(b, outs[0]) {
			t.Errorf("%s -d: %d bytes, %v", format, len(b), err)
		}
	}
}
