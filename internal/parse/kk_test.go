package parse

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestKKTestdata reads the Kitao–Kawasaki records of testdata/kk and
// compares them with their golden dumps.
func TestKKTestdata(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/kk/*.kk")
	if len(files) == 0 {
		t.Fatal("no testdata/kk files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkGolden(t, path, readTextFile(t, "kk", path))
		})
	}
}

func TestKKRead(t *testing.T) {
	tests := []struct {
		name, in, want string // want: main line, or the error code
	}{
		{"pairs", "☗歩-76 ☖歩-34\n☗角x22+ ☖銀x\n", "7g7f 3c3d 8h2b+ 3a2b"},
		{"numbered", "1. ☗歩-76 ☖歩-34 2. ☗角x22+ ☖銀x", "7g7f 3c3d 8h2b+ 3a2b"},
		{"origin", "☗金(69)-58", "6i5h"},
		{"origin needed", "☗金-58", "ambiguous"},
		{"no marks", "歩-76 歩-34", "7g7f 3c3d"},
		{"japanese ending", "☗歩-76 投了", "7g7f resign"},
		{"western ending", "☗歩-76 Resigns", "7g7f resign"},
		{"wrong side", "☖歩-34", "syntax"},
		{"variation", "☗歩-76 (☗歩-26 ☖歩-84) ☖歩-34", "7g7f 3c3d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := NewKK(strings.NewReader(tt.in), Options{}).Read()
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Code() != tt.want {
					t.Errorf("error %v, want %s", err, tt.want)
				}
				return
			}
			var ms []string
			for n := range rec.MainLine() {
				if n.IsEnd() {
					ms = append(ms, n.End().Kind.String())
				} else {
					ms = append(ms, n.Move.String())
				}
			}
			if got := strings.Join(ms, " "); got != tt.want {
				t.Errorf("main line %q, want %q", got, tt.want)
			}
		})
	}
}
