package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// manSections are the sections of every page, in man-pages(7) order.
var manSections = []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"}

// TestManPages writes the pages and checks that every command has one,
// with every section in order, its own exit statuses and the variables of
// its flags. Where groff is installed, every page is also formatted as man
// -l formats it, and must show every section with no warning; where man is
// installed, man -l of the root's page must too.
func TestManPages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if code, _, stderr := runTest(t, testEnv(false, nil), "man", "--dir", dir); code != exitOK {
		t.Fatalf("man --dir: exit %d: %s", code, stderr)
	}
	cmds := map[string]*cobra.Command{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		cmds[strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"] = c
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
	}
	walk(newRootCmd(testEnv(false, nil), nil))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, e := range entries {
		pages = append(pages, e.Name())
	}
	want := slices.Sorted(func(yield func(string) bool) {
		for name := range cmds {
			if !yield(name) {
				return
			}
		}
	})
	if !slices.Equal(pages, want) {
		t.Fatalf("pages %v, want one a command: %v", pages, want)
	}
	for _, name := range pages {
		c := cmds[name]
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		var got []string
		for _, line := range strings.Split(page, "\n") {
			if s, ok := strings.CutPrefix(line, ".SH "); ok && s != "OPTIONS INHERITED FROM PARENT COMMANDS" {
				got = append(got, strings.Trim(s, `"`))
			}
		}
		if !slices.Equal(got, manSections) {
			t.Errorf("%s: sections %q, want %q", name, got, manSections)
		}
		if strings.Contains(page, "Exit status:") {
			t.Errorf("%s: the exit statuses are in DESCRIPTION too", name)
		}
		for _, m := range exitMeanings {
			if m.cmd != c.Name() || !c.HasParent() {
				continue
			}
			for code, meaning := range m.codes {
				if meaning != "" && !strings.Contains(page, ".B "+strconv.Itoa(code)+"\n"+roff(meaning)+"\n") {
					t.Errorf("%s: EXIT STATUS does not give %d: %s", name, code, meaning)
				}
			}
		}
		_, env, _ := strings.Cut(page, ".SH ENVIRONMENT\n")
		env, _, _ = strings.Cut(env, ".SH ")
		for _, v := range environment {
			applies := !c.HasParent() || (v.flag == "" || c.Flags().Lookup(v.flag) != nil) && (v.cmd == "" || v.cmd == c.Name())
			if listed := strings.Contains(env, ".B "+v.name+"\n"); listed != applies {
				t.Errorf("%s: %s listed %v, want %v", name, v.name, listed, applies)
			}
		}
	}

	t.Run("groff", func(t *testing.T) {
		if out, err := exec.Command("groff", "--version").CombinedOutput(); err != nil {
			t.Skipf("groff does not run here (%v: %.80s): the pages are checked as text only; apt-get install groff", err, out)
		}
		// Every page at once, as man -l formats each (preconv, the man
		// macros, UTF-8 text), with every warning: one groff pipeline
		// rather than one per page.
		args := []string{"-k", "-man", "-Tutf8", "-ww", "-rLL=100n", "-P-bcou"} // plain text: no bold, underline or colour
		for _, name := range pages {
			args = append(args, filepath.Join(dir, name))
		}
		cmd := exec.Command("groff", args...)
		cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=C.UTF-8")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			// A word wider than the line (the list of --fields) is set
			// as it is: not a fault of the page.
			if line != "" && !strings.HasSuffix(line, "cannot adjust line") {
				t.Error(line)
			}
		}
		for _, s := range manSections {
			if n := countLines(stdout.String(), s); n != len(pages) {
				t.Errorf("%d pages show a %s section, want %d", n, s, len(pages))
			}
		}
	})
	t.Run("man -l", func(t *testing.T) {
		if out, err := exec.Command("man", "--version").CombinedOutput(); err != nil {
			t.Skipf("man does not run here (%v: %.80s): the pages are checked as text only; apt-get install man-db groff", err, out)
		}
		// man itself on the root's page: the pages are what it reads.
		cmd := exec.Command("man", "-l", "-E", "UTF-8", filepath.Join(dir, "kifconv.1"))
		cmd.Env = append(os.Environ(), "MANWIDTH=100", "MANPAGER=cat", "PAGER=cat", "LANG=C.UTF-8", "LC_ALL=C.UTF-8")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		for _, s := range manSections {
			if !hasLine(stdout.String(), s) {
				t.Errorf("no %s section:\n%s", s, stdout.String())
			}
		}
	})
}

// hasLine reports whether text has a line that is heading.
func hasLine(text, heading string) bool {
	return slices.Contains(strings.Split(text, "\n"), heading)
}

// countLines counts the lines of text that are heading.
func countLines(text, heading string) int {
	n := 0
	for line := range strings.Lines(text) {
		if strings.TrimSuffix(line, "\n") == heading {
			n++
		}
	}
	return n
}

// TestEnvironmentListed checks that the man pages' ENVIRONMENT sections
// list every variable the code reads: each string constant handed to
// os.Getenv, os.LookupEnv or an env's getenv in a file that is not a test.
func TestEnvironmentListed(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, v := range environment {
		listed[v.name] = true
	}
	read := map[string]string{}
	for _, root := range []string{".", "../../internal"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			if strings.HasSuffix(f.Name.Name, "test") {
				return nil // test helpers (shogitest, usitest)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				var fn string
				switch f := call.Fun.(type) {
				case *ast.Ident:
					fn = f.Name
				case *ast.SelectorExpr:
					fn = f.Sel.Name
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if (fn == "Getenv" || fn == "getenv" || fn == "LookupEnv") && ok && lit.Kind == token.STRING {
					name, _ := strconv.Unquote(lit.Value)
					read[name] = path
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(read) == 0 {
		t.Fatal("found no variable read: the search is broken")
	}
	for name, path := range read {
		if !listed[name] {
			t.Errorf("%s reads %s, which the man pages' ENVIRONMENT does not list (man.go's environment)", path, name)
		}
	}
}
