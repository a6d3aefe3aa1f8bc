package main

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// streamCSA returns a CSA collection of n games with what real archives
// have: comments, slashes inside lines, blanks around `/`, mixed line ends,
// an unknown line (a warning) now and then; bad, when not empty, replaces
// the line of a move of a late game.
func streamCSA(t *testing.T, n int, bad string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	opt := shogitest.RandomOptions{MaxPlies: 60, Comments: true, Times: true, Header: true, Endings: true}
	var out strings.Builder
	for i := range n {
		var b bytes.Buffer
		w := render.NewCSA(&b, render.Options{AllowLoss: true})
		if err := w.Write(shogitest.RandomRecord(rng, opt)); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if i%7 == 3 {
			lines = append(lines[:2], append([]string{"XYZ unknown", "'* a/b/c"}, lines[2:]...)...)
		}
		if bad != "" && i == n-3 {
			for j, l := range lines {
				if j > 10 && (l[0] == '+' || l[0] == '-') && len(l) == 7 {
					lines[j] = bad
					break
				}
			}
		}
		if i > 0 {
			sep := []string{"/", " / ", "/\t"}[i%3]
			out.WriteString(sep)
			out.WriteString([]string{"\n", "\r\n", "\r"}[i%3])
		}
		for j, l := range lines {
			out.WriteString(l)
			out.WriteString([]string{"\n", "\r\n", "\n", "\r"}[(i+j)%4])
		}
	}
	return out.String()
}

// TestSplitCollectionJobs checks convert -d into a one-game format over a
// collection: the games are written by the workers that read them, and the
// files, their names and bytes do not depend on -j; an input that fails
// leaves no file, temporary or not.
func TestSplitCollectionJobs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, bad string
		code      int
	}{{"good", "", exitOK}, {"bad", "+7776ZZ", exitInvalid}} {
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
			if len(trees[0])+len(trees[1]) > 0 {
				t.Errorf("%s: %d and %d files written, want none", tc.name, len(trees[0]), len(trees[1]))
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
