package main

import (
	"bytes"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// streamCSA returns shogitest.CSACollection written by render's CSA writer.
func streamCSA(t *testing.T, n int, bad string) string {
	return shogitest.CSACollection(t, n, bad, func(w io.Writer) shogitest.RecordWriter {
		return render.NewCSA(w, render.Options{AllowLoss: true})
	})
}

// TestSplitCollectionJobs checks convert -d into a one-game format over a
// collection: the games are written by the workers that read them, and the
// files, their names and bytes do not depend on -j; an input that fails
// leaves no file, temporary or not.
func TestSplitCollectionJobs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, bad string
		code      int
	}{{"good", "", exitOK}, {"bad", "+7776ZZ", exitNo}} {
		in := filepath.Join(dir, tc.name+".csa")
		if err := os.WriteFile(in, []byte(streamCSA(t, 400, tc.bad)), 0o644); err != nil {
			t.Fatal(err)
		}
		var trees []map[string][]byte
		for _, jobs := range []string{"1", "2"} {
			out := filepath.Join(dir, tc.name+"-j"+jobs)
			code, _, stderr := runTest(t, testEnv(false, nil), "convert", "-q", "-j", jobs, "-t", "kif", "-d", out, in)
			if code != tc.code {
				t.Fatalf("%s -j %s: exit %d, want %d\n%s", tc.name, jobs, code, tc.code, stderr)
			}
			tree := readTree(t, out)
			for name := range tree {
				if strings.HasSuffix(name, ".tmp") {
					t.Errorf("%s -j %s: temporary file %s left", tc.name, jobs, name)
				}
			}
			trees = append(trees, tree)
		}
		if tc.code != exitOK {
			// What was read before the bad game is written, whatever -j.
			if len(trees[0]) == 0 || len(trees[0]) != len(trees[1]) {
				t.Errorf("%s: %d and %d files written, want the same games before the bad one", tc.name, len(trees[0]), len(trees[1]))
			}
			continue
		}
		if len(trees[0]) != 400 {
			t.Errorf("%s: %d files, want 400", tc.name, len(trees[0]))
		}
		if !maps.EqualFunc(trees[0], trees[1], bytes.Equal) {
			t.Errorf("%s: -j 1 and -j 2 write different files", tc.name)
		}
	}
}
