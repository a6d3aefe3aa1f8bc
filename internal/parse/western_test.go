package parse

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestWesternTestdata reads the Western move lists of testdata/western
// (games of the notation overview typed as books print them, and lists in
// our own layout) and compares them with their golden dumps.
func TestWesternTestdata(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/western/*")
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkGolden(t, path, readTextFile(t, "western", path))
		})
	}
	if n == 0 {
		t.Fatal("no testdata/western files")
	}
}

func TestWesternHeader(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"english keys", "Black: A\nWhite: B\nEvent: E\n\n1. P-7f", "先手=A 後手=B 棋戦=E"},
		{"handicap players", "Black: A\nWhite: B\nHandicap: Two-piece\n\n1... P-3d", "下手=A 上手=B"},
		{"japanese keys", "先手：A\n後手: B\n\n1. P-7f", "先手=A 後手=B"},
		{"no header", "1. P-7f P-3d", ""},
		{"empty value", "Site:\n1. P-7f", "場所="},
		{"colon without space is move text", "Note:x\n", "error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := NewWestern(strings.NewReader(tt.in), Options{}).Read()
			if err != nil {
				if tt.want != "error" {
					t.Fatal(err)
				}
				return
			}
			var got []string
			for _, f := range rec.Header {
				got = append(got, f.Key+"="+f.Value)
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("header %q, want %q", g, tt.want)
			}
		})
	}
}

// TestWesternRecordSeparation checks where one record of a list ends: at a
// header line after moves, or after a result.
func TestWesternRecordSeparation(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // main lines
	}{
		{"header starts a record", "1. P-7f\n\nBlack: x\n1. P-2f\n", []string{"7g7f", "2g2f"}},
		{"result ends a record", "1. P-7f *\n\n1. P-2f\n", []string{"7g7f", "2g2f"}},
		{"result on its own line", "1. P-7f\n*\n1. P-2f\n", []string{"7g7f", "2g2f"}},
		{"empty record", "*\n\n*\n", []string{"", ""}},
		{"header only", "Black: a\n*\nBlack: b\n1. P-7f", []string{"", "7g7f"}},
		{"blank lines do not separate", "1. P-7f\n\n\nP-3d\n", []string{"7g7f 3c3d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewWestern(strings.NewReader(tt.in), Options{})
			var got []string
			for {
				rec, err := r.Read()
				if err != nil {
					break
				}
				var ms []string
				for n := range rec.MainLine() {
					ms = append(ms, n.Move.String())
				}
				got = append(got, strings.Join(ms, " "))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("records %q, want %q", got, tt.want)
			}
		})
	}
}
