package main

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/usi/usitest"
)

// The shell examples of README.md and docs/*.md are code blocks tagged
// console:
//
//	```console
//	$ kifconv validate testdata/nifu.kif
//	testdata/nifu.kif:20:6: error: … [nifu]
//	…
//	[1]
//	```
//
// Each "$ " line is a command for sh, run in a fresh folder holding a copy
// of the repository's testdata/ (the commands of one block share it, in
// order), with kifconv and the tools of the system on PATH. A line ending
// in \ goes on to the next. The lines up to the next command are what it
// prints, standard output and standard error as a terminal shows them
// together, and then its exit status as "[N]" when it is not 0. A line
// "..." stands for any number of lines; blanks at the ends of lines are not
// compared. -update-docs writes what the commands print now (keeping the
// lines before the first "..." and after the last).
//
// A block tagged sh, bash or shell is not run: each is listed in notRun
// with the reason. An example that needs a USI engine (it names
// fairy-stockfish) runs when one is installed, as the engine tests do; one
// that pipes into jq, when jq is installed.

// notRun are the shell examples that are not run, by document and first
// line, with the reason. Keep it short.
var notRun = []struct{ file, first, reason string }{
	{"README.md", "go run ./cmd/kifconv convert -t csa testdata/sample.kif", "a newcomer's two commands: make test is this test run, as .ci/run runs it (TestReadmeCommands), and the first is the tour's first example, run there as kifconv"},
	{"docs/analysis.md", "#!/bin/sh", "a Slurm job script: needs a cluster"},
	{"docs/analysis.md", "# Four machines that see the collection at the same path, eight tasks: each", "GNU parallel over ssh: needs the machines"},
}

// exampleDocs are the documents whose examples are run.
func exampleDocs(t *testing.T) []string {
	return slices.DeleteFunc(docFiles(t), func(f string) bool { return f == "CONTRIBUTING.md" })
}

// docBlock is one fenced code block of a document.
type docBlock struct {
	line   int // of the opening fence, from 1
	lang   string
	indent string
	body   []string
	start  int // index in the document's lines of body[0]
}

// docCommand is one "$ " command of a console block and what it prints.
type docCommand struct {
	line       int // from 1
	text       string
	want       []string
	start, end int // the lines of want in the document
}

// docBlocks returns the fenced code blocks of lines.
func docBlocks(lines []string) []docBlock {
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " ")
		if !strings.HasPrefix(trimmed, "```") {
			continue
		}
		b := docBlock{line: i + 1, lang: strings.TrimSpace(trimmed[3:]), indent: lines[i][:len(lines[i])-len(trimmed)], start: i + 1}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.body = append(b.body, strings.TrimPrefix(lines[i], b.indent))
		}
		out = append(out, b)
	}
	return out
}

// commands splits a console block into its commands.
func (b *docBlock) commands() ([]docCommand, error) {
	var out []docCommand
	for i := 0; i < len(b.body); {
		line := b.body[i]
		if !strings.HasPrefix(line, "$ ") {
			return nil, errors.New("line " + strconv.Itoa(b.start+i+1) + ": output before the first command")
		}
		c := docCommand{line: b.start + i + 1, text: strings.TrimPrefix(line, "$ ")}
		for i++; strings.HasSuffix(c.text, `\`) && i < len(b.body); i++ {
			c.text += "\n" + b.body[i]
		}
		c.start = b.start + i
		for ; i < len(b.body) && !strings.HasPrefix(b.body[i], "$ "); i++ {
			c.want = append(c.want, b.body[i])
		}
		c.end = b.start + i
		out = append(out, c)
	}
	return out, nil
}

// TestDocExamples runs the console examples of README.md and docs/*.md and
// compares what they print with what the documents say.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh:", err)
	}
	listed := map[string]bool{}
	for _, name := range exampleDocs(t) {
		path := filepath.Join(repoRoot, name)
		text := string(mustRead(t, path))
		lines := strings.Split(text, "\n")
		var mu sync.Mutex
		updates := map[int]docCommand{} // by start: the new want
		t.Run(name, func(t *testing.T) {
			for _, b := range docBlocks(lines) {
				switch b.lang {
				case "console":
				case "sh", "bash", "shell":
					i := slices.IndexFunc(notRun, func(n struct{ file, first, reason string }) bool {
						return n.file == name && len(b.body) > 0 && strings.HasPrefix(b.body[0], n.first)
					})
					if i < 0 {
						t.Errorf("%s:%d: a %s block that is not run: make it a console block (or list it in notRun with a reason)", name, b.line, b.lang)
						continue
					}
					listed[name+"\n"+notRun[i].first] = true
					continue
				default:
					if len(b.body) > 0 && (strings.HasPrefix(b.body[0], "$ ") || strings.HasPrefix(b.body[0], "kifconv ")) {
						t.Errorf("%s:%d: a shell example in a block tagged %q: tag it console", name, b.line, b.lang)
					}
					continue
				}
				cmds, err := b.commands()
				if err != nil || len(cmds) == 0 {
					t.Errorf("%s:%d: console block: %v", name, b.line, err)
					continue
				}
				t.Run(strconv.Itoa(b.line), func(t *testing.T) {
					t.Parallel()
					for i, c := range runDocCommands(t, cmds) {
						if matchLines(cmds[i].want, c) {
							continue
						}
						if *updateDocs {
							mu.Lock()
							updates[cmds[i].start] = docCommand{start: cmds[i].start, end: cmds[i].end, want: elide(cmds[i].want, c)}
							mu.Unlock()
							continue
						}
						t.Errorf("%s:%d: $ %s\nprints\n%s\nthe document says\n%s\n(go test ./cmd/kifconv -run TestDocExamples -update-docs rewrites it)",
							name, cmds[i].line, cmds[i].text, strings.Join(c, "\n"), strings.Join(cmds[i].want, "\n"))
					}
				})
			}
		})
		if len(updates) > 0 {
			blocks := docBlocks(lines)
			for _, s := range slices.Backward(slices.Sorted(maps.Keys(updates))) {
				u, indent := updates[s], ""
				for _, b := range blocks {
					if b.start <= s && s <= b.start+len(b.body) {
						indent = b.indent
					}
				}
				repl := make([]string, len(u.want))
				for i, l := range u.want {
					repl[i] = strings.TrimRight(indent+l, " ")
				}
				lines = slices.Replace(lines, u.start, u.end, repl...)
			}
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, n := range notRun {
		if !listed[n.file+"\n"+n.first] {
			t.Errorf("notRun lists a block %s does not have: %q", n.file, n.first)
		}
	}
}

// testdataEntry matches a path into testdata/ and captures the entry of
// testdata/ that it names, if any.
var testdataEntry = regexp.MustCompile(`\btestdata(/[^/\s'"]+)?`)

// copyDocTestdata copies into dir/testdata the entries of the repository's
// testdata/ that the commands name (all of it when one names testdata/
// itself): a copy of all 281 files for each of the blocks cost more than
// the commands that read them.
func copyDocTestdata(t *testing.T, cmds []docCommand, dir string) {
	t.Helper()
	src, dst := filepath.Join(repoRoot, "testdata"), filepath.Join(dir, "testdata")
	var entries []string
	for _, c := range cmds {
		for _, m := range testdataEntry.FindAllStringSubmatch(c.text, -1) {
			entries = append(entries, strings.TrimPrefix(m[1], "/"))
		}
	}
	if slices.Contains(entries, "") {
		entries = []string{""} // testdata/ itself
	}
	slices.Sort(entries)
	for _, e := range slices.Compact(entries) {
		from, to := filepath.Join(src, e), filepath.Join(dst, e)
		fi, err := os.Stat(from)
		switch {
		case err != nil:
			// Named but absent, as an output the commands write: they
			// say so themselves. The folder is there.
			err = os.MkdirAll(dst, 0o755)
		case fi.IsDir():
			err = os.CopyFS(to, os.DirFS(from))
		default:
			if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
				var b []byte
				if b, err = os.ReadFile(from); err == nil {
					err = os.WriteFile(to, b, 0o644)
				}
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// usesJQ matches a command that runs jq.
var usesJQ = regexp.MustCompile(`(^|[|;&]\s*)jq\s`)

// runDocCommands runs the commands of one block in a fresh folder with a
// copy of testdata/ and returns what each printed, with "[N]" after it for
// an exit status N other than 0.
func runDocCommands(t *testing.T, cmds []docCommand) [][]string {
	dir := t.TempDir()
	copyDocTestdata(t, cmds, dir)
	path := os.Getenv("PATH") // kifconv is on it (testscript.Main)
	if d := builtDir(t); d != "" {
		path = d + string(filepath.ListSeparator) + path
	}
	for _, c := range cmds {
		if strings.Contains(c.text, "fairy-stockfish") {
			engine := usitest.RealEngine(t)
			bin := t.TempDir()
			if err := os.Symlink(engine, filepath.Join(bin, "fairy-stockfish")); err != nil {
				t.Fatal(err)
			}
			path = bin + string(filepath.ListSeparator) + path
			break
		}
	}
	for _, c := range cmds {
		if usesJQ.MatchString(c.text) {
			if _, err := exec.LookPath("jq"); err != nil {
				t.Skip("no jq:", err)
			}
		}
	}
	env := []string{"PATH=" + path, "HOME=" + dir, "TMPDIR=" + t.TempDir(), "LC_ALL=C", "TZ=UTC"}
	if v := os.Getenv("GOCOVERDIR"); v != "" {
		env = append(env, "GOCOVERDIR="+v)
	}
	out := make([][]string, len(cmds))
	for i, c := range cmds {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, "sh", "-c", c.text)
		cmd.Dir, cmd.Env = dir, env
		var b bytes.Buffer
		cmd.Stdout, cmd.Stderr = &b, &b // one pipe: the order they were written in
		err := cmd.Run()
		cancel()
		var lines []string
		if s := strings.TrimSuffix(b.String(), "\n"); s != "" || b.Len() > 0 {
			lines = strings.Split(s, "\n")
		}
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			lines = append(lines, "["+strconv.Itoa(exit.ExitCode())+"]")
		case err != nil:
			t.Fatalf("$ %s: %v", c.text, err)
		}
		for j, l := range lines {
			lines[j] = strings.TrimRight(l, " ")
		}
		out[i] = lines
	}
	return out
}

// matchLines reports whether got is want, where a want line "..." stands
// for any number of lines; blanks at the ends of lines do not count.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(want[0], " ") == got[0] && matchLines(want[1:], got[1:])
}

// elide returns got with as many lines kept before and after a "..." as
// want keeps before its first "..." and after its last.
func elide(want, got []string) []string {
	first, last := slices.Index(want, "..."), len(want)-1
	for last >= 0 && want[last] != "..." {
		last--
	}
	if first < 0 {
		return got
	}
	head, tail := first, len(want)-1-last
	if head+tail >= len(got) {
		return got
	}
	return slices.Concat(got[:head], []string{"..."}, got[len(got)-tail:])
}
