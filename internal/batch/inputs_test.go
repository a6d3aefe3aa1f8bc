package batch

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

func TestLocalRel(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b.kif", "a/b.kif"},
		{"./a/../b.kif", "b.kif"},
		{"../../kifu/a.kif", "kifu/a.kif"},
		{"/abs/path/a.kif", "abs/path/a.kif"},
		{"..", "_"},
		{"../..", "_"},
		{"a/../../b.kif", "b.kif"},
	}
	for _, tt := range tests {
		if got := localRel(tt.in); got != tt.want {
			t.Errorf("localRel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestListEntries(t *testing.T) {
	tests := []struct {
		in   string
		nul  bool
		want []string
	}{
		{"a.kif\nb c.kif\r\n\n", false, []string{"a.kif", "b c.kif"}},
		{"a.kif\x00with\nnewline.kif\x00", true, []string{"a.kif", "with\nnewline.kif"}},
		{"last-without-end", false, []string{"last-without-end"}},
		{"a\r\n\nb\n", false, []string{"a", "b"}},
	}
	for _, tt := range tests {
		got, err := readAll(listEntries(strings.NewReader(tt.in), tt.nul))
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("listEntries(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := readAll(listEntries(strings.NewReader(strings.Repeat("x", maxListLine+1)), false)); err == nil {
		t.Error("an endless line was read")
	}
	if _, err := readAll(listEntries(io.LimitReader(zeros{}, maxListEntries+10), true)); err == nil {
		t.Error("endless empty entries were read")
	}
}

func readAll(seq func(func(string, error) bool)) ([]string, error) {
	var out []string
	for s, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, s)
	}
	return out, nil
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestCapJobs(t *testing.T) {
	for _, c := range []struct{ jobs, cpus, want int }{
		{1, 2, 1}, {8, 2, 8}, {100_000_000, 2, 8}, {3, 0, 3}, {0, 4, 1},
	} {
		if got := CapJobs(c.jobs, c.cpus); got != c.want {
			t.Errorf("CapJobs(%d, %d) = %d, want %d", c.jobs, c.cpus, got, c.want)
		}
	}
}

// TestStream checks the one walk of every command: what it yields, in
// which order, with which output paths, and what it passes by and why.
func TestStream(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) string {
		shogitest.WriteFiles(t, dir, map[string]string{rel: text})
		return filepath.Join(dir, rel)
	}
	const usi = "position startpos moves 7g7f\n"
	write("tree/a.usi", usi)
	write("tree/sub/b.usi", usi)
	write("tree/rec.json", `{"header": {}, "moves": [{}]}`)
	write("tree/empty.json", `{}`)
	write("tree/other.json", `{"a": 1}`)
	write("tree/notes.txt", "hello")
	write("tree/.hidden.usi", usi)
	write("tree/out/c.usi", usi)
	if err := os.Symlink("nowhere", filepath.Join(dir, "tree/dangling.usi")); err != nil {
		t.Fatal(err)
	}
	lone := write("lone.usi", usi)
	list := write("list", lone+"\n"+lone+"\n"+filepath.Join(dir, "missing.usi")+"\n")
	var skipped []string
	s := Sources{Args: []string{filepath.Join(dir, "tree"), lone}, List: list, Exclude: filepath.Join(dir, "tree/out"),
		Skip: func(path, reason string) { skipped = append(skipped, filepath.Base(path)+": "+reason) }}
	st := s.Open(context.Background())
	defer st.Close()
	var got []string
	for in, ok := st.Next(); ok; in, ok = st.Next() {
		line := strings.TrimPrefix(in.Path, dir+"/") + " -> " + in.Rel
		if in.Err != nil {
			line += " (error)"
		}
		got = append(got, line)
	}
	want := []string{
		"tree/a.usi -> a.usi",
		"tree/rec.json -> rec.json",
		"tree/sub/b.usi -> sub/b.usi",
		"lone.usi -> lone.usi",
		"missing.usi -> " + strings.TrimPrefix(filepath.Join(dir, "missing.usi"), "/") + " (error)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("inputs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantSkipped := []string{"dangling.usi: dangling link", "empty.json: not JKF", "notes.txt: unknown extension", "other.json: not JKF", "lone.usi: repeated", "lone.usi: repeated"}
	if strings.Join(skipped, "\n") != strings.Join(wantSkipped, "\n") {
		t.Errorf("skipped:\n%s\nwant:\n%s", strings.Join(skipped, "\n"), strings.Join(wantSkipped, "\n"))
	}
	if c := st.Skipped(); c[SkipNotJKF] != 2 || c[SkipRepeated] != 2 || st.Yielded() != 5 {
		t.Errorf("counts %v, %d yielded", c, st.Yielded())
	}
}

func TestSourcesCheck(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		s       Sources
		err     error
		several bool
		stdin   bool
	}{
		{Sources{Args: []string{"a.kif"}}, nil, false, false},
		{Sources{Args: []string{dir}}, nil, true, false},
		{Sources{Args: []string{"a.kif", "b.kif"}}, nil, true, false},
		{Sources{Args: []string{"-"}}, nil, false, true},
		{Sources{}, nil, false, true},
		{Sources{List: "-"}, nil, true, false},
		{Sources{List: "-", Args: []string{"-"}}, ErrStdinTwice, true, true},
	} {
		if err := tc.s.Check(); err != tc.err {
			t.Errorf("%+v: Check = %v, want %v", tc.s, err, tc.err)
		}
		if got := tc.s.Several(); got != tc.several {
			t.Errorf("%+v: Several = %v", tc.s, got)
		}
		if got := tc.s.ReadsStdin(); got != tc.stdin {
			t.Errorf("%+v: ReadsStdin = %v", tc.s, got)
		}
	}
}

func TestListErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		s    Sources
		want string
	}{
		{Sources{List: filepath.Join(dir, "missing")}, "cannot read the list of inputs " + filepath.Join(dir, "missing") + ": no such file or directory"},
		{Sources{List: "-", Stdin: strings.NewReader("a\x00b\n")}, ErrListNUL.Error()},
	} {
		st := tc.s.Open(context.Background())
		for _, ok := st.Next(); ok; _, ok = st.Next() {
		}
		if st.Err() == nil || st.Err().Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.s, st.Err(), tc.want)
		}
		st.Close()
	}
}
