package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestShiftJISOnTerminal checks that a format written in Shift_JIS goes to
// a terminal in UTF-8, with a note and a KIF header that says UTF-8, unless
// the terminal's locale is Shift_JIS or --encoding asks for Shift_JIS;
// files and pipes get Shift_JIS as before.
func TestShiftJISOnTerminal(t *testing.T) {
	t.Parallel()
	const in = "../../testdata/sample.kif"
	const note = "kifconv convert: standard output is a terminal: writing UTF-8, not kif's Shift_JIS (-o FILE, a pipe or --encoding shift_jis keep Shift_JIS)\n"
	const warning = "kifconv convert: warning: writing Shift_JIS to a terminal whose locale is not Shift_JIS\n"
	file := filepath.Join(t.TempDir(), "out.kif")
	tests := []struct {
		name    string
		tty     bool
		vars    map[string]string
		args    []string
		out     string // the file written, or "" for standard output
		utf8    bool
		message string // on standard error, or ""
	}{
		{"terminal", true, map[string]string{"LANG": "en_US.UTF-8"}, []string{"-t", "kif"}, "", true, note},
		{"terminal, no locale", true, nil, []string{"-t", "kif"}, "", true, note},
		{"terminal, KI2", true, nil, []string{"-t", "ki2"}, "", true, strings.ReplaceAll(note, "kif's", "ki2's")},
		{"pipe", false, nil, []string{"-t", "kif"}, "", false, ""},
		{"terminal, -o FILE", true, nil, []string{"-o", file}, file, false, ""},
		{"terminal, --encoding shift_jis", true, nil, []string{"-t", "kif", "--encoding", "shift_jis"}, "", false, warning},
		{"terminal, --encoding utf-8", true, nil, []string{"-t", "kif", "--encoding", "utf-8"}, "", true, ""},
		{"Shift_JIS terminal", true, map[string]string{"LANG": "ja_JP.SJIS"}, []string{"-t", "kif"}, "", false, ""},
		{"LC_ALL over LANG", true, map[string]string{"LC_ALL": "ja_JP.UTF-8", "LANG": "ja_JP.SJIS"}, []string{"-t", "kif"}, "", true, note},
		{"UTF-8 format", true, nil, []string{"-t", "kifu"}, "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"convert", "--quiet"}, tt.args...), in)
			code, stdout, stderr := runTest(t, testEnv(tt.tty, tt.vars), args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			out := stdout
			if tt.out != "" {
				b, err := os.ReadFile(tt.out)
				if err != nil {
					t.Fatal(err)
				}
				out = string(b)
			}
			if got := utf8.ValidString(out); got != tt.utf8 {
				t.Errorf("UTF-8 %v, want %v: %.60q", got, tt.utf8, out)
			}
			if header, _, _ := strings.Cut(out, "\n"); strings.HasPrefix(header, "#KIF") {
				want := "#KIF version=2.0 encoding=Shift_JIS"
				if tt.utf8 {
					want = "#KIF version=2.0 encoding=UTF-8"
				}
				if strings.TrimSuffix(header, "\r") != want {
					t.Errorf("header %q, want %q", header, want)
				}
			}
			if stderr != tt.message {
				t.Errorf("stderr %q, want %q", stderr, tt.message)
			}
		})
	}
}

// TestShowKIFSaysUTF8 checks that show, which writes UTF-8 whatever the
// format, says so in the KIF header.
func TestShowKIFSaysUTF8(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runTest(t, testEnv(false, nil), "show", "--quiet", "--format", "kif", "../../testdata/sample.kif")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !utf8.ValidString(stdout) || !strings.HasPrefix(stdout, "#KIF version=2.0 encoding=UTF-8\n") {
		t.Errorf("show --format kif: %.60q", stdout)
	}
}
