package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// TestExitStatus pins the exit status of every command, which scripts and
// CI jobs rely on: 0 success (valid, no difference), 1 invalid input or
// records that differ, 2 usage or I/O error. The scripts in testdata/script
// can only tell success from failure.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"good.usi":    "position startpos moves 7g7f 3c3d\n",
		"same.csa":    "PI\n+\n+7776FU\n-3334FU\n",
		"other.usi":   "position startpos moves 2g2f\n",
		"illegal.usi": "position startpos moves 7g7f 7g7f\n",
		"syntax.usi":  "position startpos moves 7g7f zz\n",
		"unknown.txt": "hello\n",
		"empty.usi":   "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := func(name string) string { return filepath.Join(dir, name) }
	exists := p("exists.sfen")
	if err := os.WriteFile(exists, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"convert", []string{"convert", "-t", "sfen", p("good.usi")}, exitOK},
		{"convert invalid", []string{"convert", "-t", "sfen", p("illegal.usi")}, exitNo},
		{"convert unknown format", []string{"convert", "-t", "sfen", p("unknown.txt")}, exitNo},
		{"convert empty", []string{"convert", "-t", "sfen", p("empty.usi")}, exitNo},
		{"convert missing file", []string{"convert", "-t", "sfen", p("missing.usi")}, exitUsage},
		{"convert no -t", []string{"convert", p("good.usi")}, exitUsage},
		{"convert unknown -t", []string{"convert", "-t", "nosuch", p("good.usi")}, exitUsage},
		{"convert -j 0", []string{"convert", "-t", "sfen", "-j", "0", p("good.usi")}, exitUsage},
		{"convert output exists", []string{"convert", "-t", "sfen", "-o", exists, p("good.usi")}, exitUsage},
		{"convert batch, one invalid", []string{"convert", "-t", "sfen", "-d", p("out1"), p("good.usi"), p("illegal.usi")}, exitNo},
		{"convert batch, invalid and missing", []string{"convert", "-t", "sfen", "-d", p("out2"), p("illegal.usi"), p("missing.usi")}, exitUsage},
		{"validate", []string{"validate", p("good.usi")}, exitOK},
		{"validate invalid", []string{"validate", p("illegal.usi"), p("good.usi")}, exitNo},
		{"validate invalid json", []string{"validate", "--format", "json", p("illegal.usi")}, exitNo},
		{"validate missing", []string{"validate", p("good.usi"), p("missing.usi")}, exitUsage},
		{"validate bad --format", []string{"validate", "--format", "xml", p("good.usi")}, exitUsage},
		{"show", []string{"show", p("good.usi")}, exitOK},
		{"show unreadable", []string{"show", p("syntax.usi")}, exitNo},
		{"show --ply past an illegal move", []string{"show", "--ply", "2", p("illegal.usi")}, exitNo},
		{"show --format csa --ply", []string{"show", "--format", "csa", "--ply", "1", p("good.usi")}, exitOK},
		{"convert --games past the end", []string{"convert", "-t", "usi", "--games", "2", p("good.usi")}, exitOK},
		{"convert flag for another format", []string{"convert", "-t", "usi", "--ply", "1", p("good.usi")}, exitUsage},
		{"validate walk finds nothing", []string{"validate", p("man")}, exitUsage},
		{"show --ply past the end", []string{"show", "--ply", "9", p("good.usi")}, exitNo},
		{"show missing", []string{"show", p("missing.usi")}, exitUsage},
		{"diff same", []string{"diff", "--ignore", "header", p("good.usi"), p("same.csa")}, exitOK},
		{"diff different", []string{"diff", p("good.usi"), p("other.usi")}, exitNo},
		{"diff invalid input", []string{"diff", p("good.usi"), p("illegal.usi")}, exitUsage},
		{"diff missing", []string{"diff", p("good.usi"), p("missing.usi")}, exitUsage},
		{"diff one argument", []string{"diff", p("good.usi")}, exitUsage},
		{"formats", []string{"formats"}, exitOK},
		{"completion", []string{"completion", "fish"}, exitOK},
		{"completion unknown shell", []string{"completion", "tcsh"}, exitUsage},
		{"man", []string{"man", "--dir", p("man")}, exitOK},
		{"unknown command", []string{"frobnicate"}, exitUsage},
		{"unknown flag", []string{"validate", "--frobnicate"}, exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runTest(t, testEnv(false, nil), tt.args...)
			if code != tt.want {
				t.Errorf("kifconv %s: exit %d, want %d\n%s", strings.Join(tt.args, " "), code, tt.want, stderr)
			}
		})
	}
}

// TestShowAlignment draws boards as show does and checks that every line
// of the grid has one display width, counting ambiguous characters as the
// flag or RUNEWIDTH_EASTASIAN says a terminal draws them.
func TestShowAlignment(t *testing.T) {
	t.Parallel()
	game := filepath.Join(t.TempDir(), "game.csa")
	text := "N+羽生善治\nN-藤井聡太\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0055KA\n"
	if err := os.WriteFile(game, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		vars map[string]string
		wide bool
	}{
		{"narrow by default", nil, nil, false},
		{"wide by flag", []string{"--east-asian-width", "wide"}, nil, true},
		{"wide by environment", nil, map[string]string{"RUNEWIDTH_EASTASIAN": "1"}, true},
		{"flag beats environment", []string{"--east-asian-width", "narrow"}, map[string]string{"RUNEWIDTH_EASTASIAN": "1"}, false},
		{"flipped, wide", []string{"--flip", "--east-asian-width", "wide"}, nil, true},
		{"coloured, wide", []string{"--color", "always", "--east-asian-width", "wide"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"show", "--ply", "3"}, tt.args...)
			var out, errb bytes.Buffer
			code := runEnv(context.Background(), testEnv(false, tt.vars), append(args, game), strings.NewReader(""), &out, &errb)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			cond := &runewidth.Condition{EastAsianWidth: tt.wide}
			var grid []string
			for _, l := range strings.Split(out.String(), "\n") {
				l = stripANSI(l)
				if strings.HasPrefix(l, "|") || strings.HasPrefix(l, "+-") || strings.Contains(l, "９  ８") || strings.Contains(l, "１  ２") {
					grid = append(grid, l)
				}
			}
			if len(grid) != 12 {
				t.Fatalf("want 12 grid lines (numbers, two borders, nine ranks), got %d:\n%s", len(grid), out.String())
			}
			want := cond.StringWidth(grid[0])
			for _, l := range grid {
				if w := cond.StringWidth(l); w != want {
					t.Errorf("line %q is %d columns wide, the first %d\n%s", l, w, want, out.String())
				}
			}
		})
	}
}

// stripANSI removes colour escape sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < '@' || s[j] > '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
