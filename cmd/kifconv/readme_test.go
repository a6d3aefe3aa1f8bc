package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
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

// TestPreCommitHook checks the hook definition: it runs validate with
// GitHub annotations on files of every extension a walk takes.
func TestPreCommitHook(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, "entry: kifconv validate --format github\n") || !strings.Contains(s, "language: golang\n") {
		t.Errorf(".pre-commit-hooks.yaml does not run kifconv validate --format github as a Go hook:\n%s", s)
	}
	_, files, ok := strings.Cut(s, "files: ")
	if !ok {
		t.Fatal("no files pattern")
	}
	files, _, _ = strings.Cut(files, "\n")
	re, err := regexp.Compile(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range parse.Formats() {
		for _, ext := range f.Extensions {
			if ext == ".json" || ext == ".txt" {
				continue
			}
			if !re.MatchString("kifu/game" + ext) {
				t.Errorf("the hook's files pattern %q misses %s", files, ext)
			}
		}
	}
	if re.MatchString("notes.txt") || re.MatchString("package.json") {
		t.Errorf("the hook's files pattern %q takes generic files", files)
	}
}
