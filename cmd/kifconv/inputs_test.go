package main

import (
	"strings"
	"testing"
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
