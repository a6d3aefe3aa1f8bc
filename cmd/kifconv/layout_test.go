package main

import (
	"bytes"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// flagLiteral is a command-line flag in a string: --name.
var flagLiteral = regexp.MustCompile(`(^|[^-\w])--[a-z][a-z0-9-]*`)

// TestNoFlagsBelowCmd checks the layout's rule that nothing below cmd
// knows a flag's name: no string literal of a non-test file under
// internal/ holds a --flag. Flags are the command line's; the library
// names what it does (options, hints), and cmd words it.
func TestNoFlagsBelowCmd(t *testing.T) {
	t.Parallel()
	err := filepath.WalkDir("../../internal", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				return nil
			}
			if tok == token.STRING && flagLiteral.MatchString(lit) {
				t.Errorf("%s: a flag in %s", fset.Position(pos), lit)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTrackedFiles checks that the repository holds no built binary and
// no file over 1 MB (a 10.9 MB kifconv binary once made up 96% of .git).
func TestTrackedFiles(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("git", "-C", "../..", "ls-files", "-s", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): nothing to check", err)
	}
	magic := [][]byte{[]byte("\x7fELF"), []byte("MZ"), {0xcf, 0xfa, 0xed, 0xfe}, {0xce, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}}
	for _, entry := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		// "MODE HASH STAGE\tNAME": an executable binary is a file git
		// keeps executable (100755) that starts as programs do; test
		// inputs that only look like one are not executable.
		meta, name, _ := strings.Cut(entry, "\t")
		executable := strings.HasPrefix(meta, "100755")
		path := filepath.Join("../..", name)
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() {
			continue // removed in the work tree, or a link
		}
		if fi.Size() > 1<<20 {
			t.Errorf("%s: %d bytes tracked (over 1 MB)", name, fi.Size())
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		head := make([]byte, 4)
		n, _ := f.Read(head)
		f.Close()
		for _, m := range magic {
			if executable && bytes.HasPrefix(head[:n], m) {
				t.Errorf("%s: an executable binary is tracked", name)
			}
		}
	}
}
