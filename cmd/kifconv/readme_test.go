package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"go.yaml.in/yaml/v3"
)

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
	t.Parallel()
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

// TestReadmePreCommit checks README's pre-commit configuration: the hooks it
// names exist, and its rev is a commit of this repository's history that
// defines them (a commit hash while there is no tag).
func TestReadmePreCommit(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Skip("no README.md:", err)
	}
	_, config, ok := strings.Cut(string(b), "# .pre-commit-config.yaml\n")
	if !ok {
		t.Fatal("README.md has no .pre-commit-config.yaml")
	}
	config, _, _ = strings.Cut(config, "```")
	var cfg struct {
		Repos []struct {
			Repo, Rev string
			Hooks     []struct{ ID string }
		}
	}
	if err := yaml.Unmarshal([]byte(config), &cfg); err != nil || len(cfg.Repos) != 1 {
		t.Fatalf("README's .pre-commit-config.yaml: %v\n%s", err, config)
	}
	repo := cfg.Repos[0]
	if !regexp.MustCompile(`^([0-9a-f]{40}|v\d+\.\d+\.\d+)$`).MatchString(repo.Rev) {
		t.Errorf("rev %q: want a full commit hash or a release tag", repo.Rev)
	}
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", "../.."}, args...)...).Output()
		return strings.TrimSpace(string(out)), err
	}
	if shallow, err := git("rev-parse", "--is-shallow-repository"); err != nil || shallow != "false" {
		t.Skipf("not a whole git checkout (%v, shallow %q): cannot look rev %s up", err, shallow, repo.Rev)
	}
	if _, err := git("merge-base", "--is-ancestor", repo.Rev, "HEAD"); err != nil {
		t.Fatalf("rev %s is not a commit of this branch's history (%v)", repo.Rev, err)
	}
	defined, err := git("show", repo.Rev+":.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatalf("rev %s has no .pre-commit-hooks.yaml: %v", repo.Rev, err)
	}
	then, now := readHooks(t, []byte(defined)), readHooks(t, mustRead(t, "../../.pre-commit-hooks.yaml"))
	if len(repo.Hooks) == 0 {
		t.Error("README's configuration uses no hook")
	}
	for _, h := range repo.Hooks {
		if then[h.ID] != now[h.ID] {
			t.Errorf("hook %s at rev %s is %+v, now %+v: README's rev must define the hooks as they are", h.ID, repo.Rev, then[h.ID], now[h.ID])
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
