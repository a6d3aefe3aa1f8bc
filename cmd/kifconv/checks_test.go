package main

import (
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// TestCheckAdapters checks that findings become diagnostics with their
// game, ply and start flag, and that a summary's keep its line.
func TestCheckAdapters(t *testing.T) {
	p, err := shogi.ParseSFEN("4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	r := shogi.NewRecord(p)
	r.AddChild(r.Root, shogi.NewMove(shogi.NewSquare(5, 9), shogi.NewSquare(4, 7), false), shogi.Ending{})
	got := checkRecord("x.kif", 2, r)
	want := []diag{
		{Path: "x.kif", Game: 2, Severity: sevWarning, Code: "bad-position", start: true},
		{Path: "x.kif", Game: 2, Ply: 1, Severity: sevError, Code: "unreachable"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		got[i].Message = ""
		if got[i] != want[i] {
			t.Errorf("diagnostic %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	s := checkSummary("x.kif", 9, "まで5手で先手の勝ち", r)
	if len(s) != 1 || s[0].Line != 9 || s[0].Col != 1 || s[0].source != "まで5手で先手の勝ち" || s[0].Code != "summary-mismatch" {
		t.Errorf("checkSummary = %+v", s)
	}
}

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
