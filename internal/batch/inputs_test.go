package batch

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
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

func TestReadList(t *testing.T) {
	tests := []struct {
		in   string
		nul  bool
		want []string
	}{
		{"a.kif\nb c.kif\r\n\n", false, []string{"a.kif", "b c.kif"}},
		{"a.kif\x00with\nnewline.kif\x00", true, []string{"a.kif", "with\nnewline.kif"}},
		{"last-without-end", false, []string{"last-without-end"}},
	}
	for _, tt := range tests {
		got, err := readList(strings.NewReader(tt.in), tt.nul)
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("readList(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCapJobs(t *testing.T) {
	for _, c := range []struct{ jobs, cpus, want int }{
		{1, 2, 1}, {8, 2, 8}, {100_000_000, 2, 8}, {3, 0, 3}, {0, 4, 1},
	} {
		if got := CapJobs(c.jobs, c.cpus); got != c.want {
			t.Errorf("CapJobs(%d, %d) = %d, want %d", c.jobs, c.cpus, got, c.want)
		}
	}
}

func TestReadListBounds(t *testing.T) {
	got, err := readList(strings.NewReader("a\r\n\nb\n"), false)
	if err != nil || strings.Join(got, ",") != "a,b" {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := readList(strings.NewReader(strings.Repeat("x", maxListLine+1)), false); err == nil {
		t.Fatal("an endless line was read")
	}
	if _, err := readList(io.LimitReader(zeros{}, maxListEntries+10), true); err == nil {
		t.Fatal("endless empty entries were read")
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestSkippedText(t *testing.T) {
	tests := []struct {
		c    map[string]int
		want string
	}{
		{nil, ""},
		{map[string]int{skipNotJKF: 2, skipExtension: 1}, "3 skipped (1 unknown extension, 2 not JKF)"},
	}
	for _, tt := range tests {
		if got := SkippedText(tt.c); got != tt.want {
			t.Errorf("SkippedText(%v) = %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestGatherErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		spec  InputSpec
		want  string
		usage bool
	}{
		{InputSpec{Args: []string{dir}, NUL: true}, "-0 (--null) says how the --files-from list is separated: give --files-from FILE", true},
		{InputSpec{Args: []string{dir}}, "no records found", true},
		{InputSpec{Args: []string{"-"}, FilesFrom: "-"}, "standard input cannot be both --files-from and an input", true},
		{InputSpec{FilesFrom: dir + "/missing"}, "--files-from: cannot read " + dir + "/missing: no such file or directory", false},
		{InputSpec{FilesFrom: "-", Stdin: strings.NewReader("a\x00b\n")}, "--files-from: the list holds NUL bytes; give -0 for a NUL-separated list (find -print0)", true},
	}
	for _, tt := range tests {
		_, _, err := Gather(tt.spec, "")
		if err == nil || err.Error() != tt.want || errors.As(err, new(UsageError)) != tt.usage {
			t.Errorf("%+v: %v, want %q (usage %v)", tt.spec, err, tt.want, tt.usage)
		}
	}
}

func TestFromFlag(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"", "", ""},
		{"CSA", "csa", ""},
		{"kifu", "kif", ""}, // an extension names its reader
		{"nope", "", `--from: unknown input format "nope" (readable: `},
	}
	for _, tt := range tests {
		got, err := FromFlag(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && (!strings.HasPrefix(err.Error(), tt.err) || !errors.As(err, new(UsageError))) {
			t.Errorf("FromFlag(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestInputSpecRereadableAndSeveral(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		spec      InputSpec
		ins       int // the inputs gathered from it
		rereadErr string
		several   bool
	}{
		{InputSpec{Args: []string{"a.kif"}}, 1, "", false},
		{InputSpec{Args: []string{dir}}, 1, "", true},
		{InputSpec{Args: []string{"a.kif", "b.kif"}}, 2, "", true},
		{InputSpec{Args: []string{"-"}}, 1, "why: standard input cannot be one", false},
		{InputSpec{}, 1, "why: give files or directories, not standard input", false},
		{InputSpec{FilesFrom: "-"}, 1, "why: --files-from cannot be standard input", true},
		{InputSpec{FilesFrom: "list"}, 1, "", true},
	}
	for _, tt := range tests {
		err := tt.spec.CheckRereadable("why")
		if (err == nil) != (tt.rereadErr == "") || err != nil && (err.Error() != tt.rereadErr || !errors.As(err, new(UsageError))) {
			t.Errorf("%+v: CheckRereadable: %v, want %q", tt.spec, err, tt.rereadErr)
		}
		if got := tt.spec.Several(make([]Input, tt.ins)); got != tt.several {
			t.Errorf("%+v: Several = %v, want %v", tt.spec, got, tt.several)
		}
	}
}

func TestKeepCSAComments(t *testing.T) {
	const text = "V2.2\nPI\n+\n+7776FU\n'echo of the move\n"
	for _, keep := range []bool{false, true} {
		r := parse.NewCSA(strings.NewReader(text), parse.Options{})
		if setup := KeepCSAComments(keep); setup != nil {
			setup(r)
		} else if keep {
			t.Fatal("no setup for keep")
		}
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rec.Root.Next().Comments()); got != map[bool]int{false: 0, true: 1}[keep] {
			t.Errorf("keep %v: %d comments", keep, got)
		}
	}
}
