package parse

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeUse matches the ways the sources state a diagnostic code: a rule
// sentinel, a code field set or compared, and codeOf's fallback.
var codeUse = regexp.MustCompile(`RuleError\{(?:Code:\s*)?"([a-z][a-z0-9-]*)"|\bCode(?:\s*,\s*[\w.]+)*\s*(?:[:=]|==|!=)\s*"([a-z][a-z0-9-]*)"|codeOf\([^,]+,\s*"([a-z][a-z0-9-]*)"\)`)

// TestCodesTableComplete greps every non-test Go source of the module for
// the codes it can emit and checks each is in codes, so that the help and
// README, which are generated from the table, list them all.
func TestCodesTableComplete(t *testing.T) {
	root := filepath.Join("..", "..")
	found := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != root) {
			return fs.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range codeUse.FindAllStringSubmatch(string(b), -1) {
			for _, c := range m[1:] {
				if c != "" {
					found[c] = p
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 20 {
		t.Fatalf("found only %d codes in the sources: the pattern no longer matches them", len(found))
	}
	for c, p := range found {
		if _, ok := LookupCode(c); !ok {
			t.Errorf("code %q (used in %s) is not in the Codes table", c, p)
		}
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if seen[c.Code] {
			t.Errorf("code %q is in the table twice", c.Code)
		}
		seen[c.Code] = true
		if c.Meaning == "" || strings.Contains(c.Meaning, "\n") {
			t.Errorf("code %q: the meaning must be one line", c.Code)
		}
	}
}

func TestIsMoveCode(t *testing.T) {
	for code, want := range map[string]bool{"nifu": true, "self-check": true, "syntax": false, "bad-header": false, "nope": false} {
		if got := IsMoveCode(code); got != want {
			t.Errorf("IsMoveCode(%q) = %v, want %v", code, got, want)
		}
	}
}
