package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"go.yaml.in/yaml/v3"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the generated parts of README.md")

const (
	codesBegin = "<!-- codes: generated from parse.Codes by go test ./cmd/kifconv -run TestReadmeCodes -update-readme -->\n"
	codesEnd   = "<!-- end of codes -->\n"
)

// TestReadmeCodes checks that the README lists every diagnostic code, as
// the table in parse.Codes has them.
func TestReadmeCodes(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skip("no README.md:", err)
	}
	s := string(b)
	i, j := strings.Index(s, codesBegin), strings.Index(s, codesEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no generated codes table (markers %q … %q)", codesBegin, codesEnd)
	}
	want := parse.CodesMarkdown()
	if got := s[i+len(codesBegin) : j]; got != want {
		if *updateReadme {
			if err := os.WriteFile(path, []byte(s[:i+len(codesBegin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's codes table is not parse.Codes; run go test ./cmd/kifconv -run TestReadmeCodes -update-readme")
	}
}

// hook is one hook of .pre-commit-hooks.yaml.
type hook struct {
	ID       string `yaml:"id"`
	Entry    string `yaml:"entry"`
	Language string `yaml:"language"`
	Files    string `yaml:"files"`
}

func readHooks(t *testing.T, text []byte) map[string]hook {
	t.Helper()
	var list []hook
	if err := yaml.Unmarshal(text, &list); err != nil {
		t.Fatal(".pre-commit-hooks.yaml:", err)
	}
	hooks := map[string]hook{}
	for _, h := range list {
		hooks[h.ID] = h
	}
	return hooks
}

// TestPreCommitHook checks the hook definitions: validate for people and
// validate with GitHub annotations on files of every extension a walk
// takes, in any case, and an opt-in hook that checks .json files as JKF.
func TestPreCommitHook(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	hooks := readHooks(t, b)
	var exts []string
	for _, f := range parse.Formats() {
		for _, ext := range f.Extensions {
			if !parse.IsGenericExtension(ext) {
				exts = append(exts, ext)
			}
		}
	}
	for _, tt := range []struct {
		id, entry string
		take      []string
		leave     []string
	}{
		{"kifconv-validate", "kifconv validate", exts, []string{".json", ".txt", ".kif.bak", ".csv"}},
		{"kifconv-validate-github", "kifconv validate --format github", exts, []string{".json", ".txt", ".kif.bak", ".csv"}},
		{"kifconv-validate-jkf", "kifconv validate --from jkf", []string{".json"}, append([]string{".txt", ".json.bak"}, exts...)},
	} {
		h, ok := hooks[tt.id]
		if !ok {
			t.Errorf("no hook %s", tt.id)
			continue
		}
		if h.Entry != tt.entry || h.Language != "golang" {
			t.Errorf("%s runs %q as %s, want %q as golang", tt.id, h.Entry, h.Language, tt.entry)
		}
		// pre-commit's patterns are Python's; (?i) and the rest used here
		// mean the same in Go's.
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Fatal(err)
		}
		for _, ext := range tt.take {
			for _, name := range []string{"kifu/game" + ext, "KIFU/GAME" + strings.ToUpper(ext)} {
				if !re.MatchString(name) {
					t.Errorf("%s: files %q misses %s", tt.id, h.Files, name)
				}
			}
		}
		for _, ext := range tt.leave {
			if re.MatchString("kifu/game" + ext) {
				t.Errorf("%s: files %q takes %s", tt.id, h.Files, ext)
			}
		}
	}
}
