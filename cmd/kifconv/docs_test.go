package main

import (
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// The documents (README.md, CONTRIBUTING.md, docs/*.md) are checked
// against the program in three ways: the tables code can produce are
// generated into them (TestDocTables), every shell example in README.md
// and docs/ is run and its output compared (TestDocExamples,
// docexamples_test.go), and their relative links lead somewhere
// (TestDocLinks). go test ./cmd/kifconv -run 'Doc|ValidateHelp' -update-docs
// rewrites the tables, the outputs of the examples and validate --help's
// example after a change of the program; read the diff.

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated tables and example outputs of README.md, CONTRIBUTING.md and docs/*.md, and validate --help's example")

// repoRoot is the repository's root, seen from the package's folder.
const repoRoot = "../.."

// docFiles are the documents, relative to the repository's root.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CONTRIBUTING.md"}
	more, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(f, repoRoot+string(filepath.Separator))))
	}
	return files
}

// docTables are the tables the documents hold between the lines
// "<!-- NAME: generated … -->" and "<!-- end of NAME -->", each made by the
// code that owns it.
func docTables(t *testing.T) map[string]string {
	return map[string]string{
		"codes":            parse.CodesMarkdown(),
		"formats":          report.FormatTableMarkdown(batch.FormatTable(false)),
		"training-formats": report.FormatTableMarkdown(batch.FormatTable(true)),
		"info-fields":      infoFieldsMarkdown(t),
		"csa-headers":      csaHeadersMarkdown(),
		"exit-status":      exitTable(),
	}
}

var (
	tableBegin = regexp.MustCompile(`(?m)^<!-- ([a-z-]+): generated [^\n]*-->\n`)
	tableHint  = "go test ./cmd/kifconv -run TestDocTables -update-docs"
)

// TestDocTables checks that every generated table of the documents is what
// the code makes now, and that each table appears somewhere.
func TestDocTables(t *testing.T) {
	t.Parallel()
	tables := docTables(t)
	seen := map[string]bool{}
	for _, name := range docFiles(t) {
		path := filepath.Join(repoRoot, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, changed := string(b), false
		for pos := 0; ; {
			loc := tableBegin.FindStringSubmatchIndex(text[pos:])
			if loc == nil {
				break
			}
			table := text[pos+loc[2] : pos+loc[3]]
			start := pos + loc[1]
			end := strings.Index(text[start:], "<!-- end of "+table+" -->\n")
			want, known := tables[table]
			switch {
			case !known:
				t.Fatalf("%s: no generator for table %q (known: %v)", name, table, slices.Sorted(maps.Keys(tables)))
			case end < 0:
				t.Fatalf("%s: table %q has no line <!-- end of %s -->", name, table, table)
			}
			seen[table] = true
			if got := text[start : start+end]; got != want {
				if !*updateDocs {
					t.Errorf("%s: table %q is not what the code makes; run %s, then read the diff", name, table, tableHint)
				}
				text, changed = text[:start]+want+text[start+end:], true
				end = len(want)
			}
			pos = start + end
		}
		if changed && *updateDocs {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name := range tables {
		if !seen[name] {
			t.Errorf("no document holds the generated table %q", name)
		}
	}
}

// infoFieldsMarkdown is the table of info's fields, from the JSON Schema
// of info --format json (docs/schemas/info.schema.json, which TestInfoSchema
// checks the output against), in the order of report.InfoFieldNames.
func infoFieldsMarkdown(t *testing.T) string {
	t.Helper()
	var schema struct {
		Items struct {
			Properties map[string]struct {
				Type        any    `json:"type"`
				Minimum     *int   `json:"minimum"`
				Maximum     *int   `json:"maximum"`
				Enum        []any  `json:"enum"`
				Description string `json:"description"`
			} `json:"properties"`
		} `json:"items"`
	}
	if err := json.Unmarshal(mustRead(t, repoRoot+"/docs/schemas/info.schema.json"), &schema); err != nil {
		t.Fatal(err)
	}
	props := schema.Items.Properties
	var b strings.Builder
	b.WriteString("| field | JSON type | what it is |\n|---|---|---|\n")
	for _, name := range report.InfoFieldNames() {
		p, ok := props[name]
		if !ok {
			t.Fatalf("info.schema.json has no field %q", name)
		}
		var types []string
		switch v := p.Type.(type) {
		case string:
			types = []string{v}
		case []any:
			for _, x := range v {
				types = append(types, x.(string))
			}
		}
		typ := strings.Join(types, " or ")
		switch {
		case p.Minimum != nil && p.Maximum != nil:
			typ += ", " + strconv.Itoa(*p.Minimum) + " to " + strconv.Itoa(*p.Maximum)
		case p.Minimum != nil:
			typ += " ≥ " + strconv.Itoa(*p.Minimum)
		}
		desc := p.Description
		var values []string
		for _, v := range p.Enum {
			if s, ok := v.(string); ok {
				values = append(values, "`"+s+"`")
			}
		}
		if len(values) > 0 {
			desc += "; one of " + strings.Join(values, ", ")
		}
		desc = strings.NewReplacer("<", "&lt;", ">", "&gt;", "|", "\\|").Replace(desc)
		b.WriteString("| `" + name + "` | " + typ + " | " + desc + " |\n")
	}
	if len(props) != len(report.InfoFieldNames()) {
		t.Errorf("info.schema.json has %d fields, info %d", len(props), len(report.InfoFieldNames()))
	}
	return b.String()
}

// csaHeadersMarkdown is the table of CSA game information and the KIF
// header names it maps to, from shogi.CSAHeaderKeys.
func csaHeadersMarkdown() string {
	var b strings.Builder
	b.WriteString("| KIF | CSA | CSA versions | other CSA names read |\n|---|---|---|---|\n")
	for _, k := range shogi.CSAHeaderKeys {
		version, also := "2.2, 3.0", "—"
		if k.V3 {
			version = "3.0"
		}
		if len(k.Also) > 0 {
			also = "`" + strings.Join(k.Also, "` `") + "`"
		}
		b.WriteString("| " + k.KIF + " | `" + k.CSA + "` | " + version + " | " + also + " |\n")
	}
	return b.String()
}

// TestValidateHelpExample checks that the diagnostic validate --help shows
// is the one validate prints for ../../testdata/nifu.kif, a record with a
// 二歩; -update-docs rewrites validate_example.go.
func TestValidateHelpExample(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runTest(t, testEnv(false, nil), "validate", repoRoot+"/testdata/nifu.kif")
	if code != exitNo || stdout == "" {
		t.Fatalf("validate testdata/nifu.kif: exit %d\n%s%s", code, stdout, stderr)
	}
	want := strings.ReplaceAll(stdout, repoRoot+"/testdata/", "")
	if validateExample == want {
		return
	}
	if !*updateDocs {
		t.Fatalf("validate --help's example is\n%s\nbut validate prints\n%s\nrun go test ./cmd/kifconv -run TestValidateHelpExample -update-docs", validateExample, want)
	}
	lit := "`" + want + "`"
	if strings.Contains(want, "`") {
		lit = strconv.Quote(want)
	}
	src := "// Code generated by go test ./cmd/kifconv -run TestValidateHelpExample -update-docs. DO NOT EDIT.\n\n" +
		"package main\n\n" +
		"// validateExample is what kifconv validate prints for testdata/nifu.kif,\n" +
		"// a record with a 二歩: validate --help shows it.\n" +
		"const validateExample = " + lit + "\n"
	if err := os.WriteFile("validate_example.go", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestValidateHelpShowsExample checks that validate --help shows the
// example, indented.
func TestValidateHelpShowsExample(t *testing.T) {
	t.Parallel()
	_, stdout, _ := runTest(t, testEnv(false, nil), "validate", "--help")
	for _, line := range strings.Split(strings.TrimSuffix(validateExample, "\n"), "\n") {
		if !strings.Contains(stdout, "\n  "+line+"\n") {
			t.Errorf("validate --help lacks the example line %q", line)
		}
	}
}

// TestReadme checks what README.md is for: a newcomer's page, under
// 12,000 bytes, that speaks of kifconv and not of how it is developed.
func TestReadme(t *testing.T) {
	t.Parallel()
	text := string(mustRead(t, filepath.Join(repoRoot, "README.md")))
	if len(text) >= 12000 {
		t.Errorf("README.md is %d bytes; keep it under 12,000 (details belong in docs/)", len(text))
	}
	for _, word := range []string{"../shared", "interop", "oracle", "issue "} {
		if strings.Contains(strings.ToLower(text), word) {
			t.Errorf("README.md mentions %q: a user has no use for it", word)
		}
	}
}

// TestReadmeCommands checks that the test command README.md gives a
// newcomer is the one CI runs (.ci/run).
func TestReadmeCommands(t *testing.T) {
	t.Parallel()
	ci := strings.Split(strings.TrimSpace(string(mustRead(t, filepath.Join(repoRoot, ".ci", "run")))), "\n")
	last := strings.TrimSpace(ci[len(ci)-1])
	lines := strings.Split(string(mustRead(t, filepath.Join(repoRoot, "README.md"))), "\n")
	for _, b := range docBlocks(lines) {
		if b.lang != "sh" {
			continue
		}
		for _, l := range b.body {
			if cmd, _, _ := strings.Cut(l, "#"); strings.TrimSpace(cmd) == last {
				return
			}
		}
	}
	t.Errorf("no sh block of README.md runs %q, the command of .ci/run", last)
}

// TestDocLinks checks that each relative link of the documents names a
// file of the repository, and a heading of it when it has a #fragment.
func TestDocLinks(t *testing.T) {
	t.Parallel()
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, name := range docFiles(t) {
		text := string(mustRead(t, filepath.Join(repoRoot, name)))
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := filepath.Join(repoRoot, filepath.Dir(name), file)
			if file == "" {
				path = filepath.Join(repoRoot, name)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				if info, serr := os.Stat(path); serr == nil && info.IsDir() && frag == "" {
					continue
				}
				t.Errorf("%s: link %s: %v", name, target, err)
				continue
			}
			if frag != "" && !slices.Contains(headingAnchors(string(b)), frag) {
				t.Errorf("%s: link %s: %s has no heading %q", name, target, file, frag)
			}
		}
	}
}

// headingAnchors are the anchors GitHub gives the headings of a Markdown
// text: lower case, punctuation dropped, blanks made hyphens.
func headingAnchors(text string) []string {
	var out []string
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " "), "```") {
			inCode = !inCode
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestReadmeGraph checks that the graph README shows, docs/sample-graph.svg,
// is the one analyze draws now from testdata/analysed/sample.kifu (the
// README example's a.kifu, Fairy-Stockfish's analysis of the sample): analyze
// --skip-analyzed draws the graph of a record's own analysis, so the fake
// engine does. -update-docs rewrites it.
func TestReadmeGraph(t *testing.T) {
	const in, want = "testdata/analysed/sample.kifu", "docs/sample-graph.svg"
	analyze := fakeAnalyze(t, "")
	t.Chdir(repoRoot)
	dir := t.TempDir()
	code, _, stderr := runTest(t, testEnv(false, nil), analyze("--skip-analyzed",
		"-o", filepath.Join(dir, "out.kifu"), "--graph", dir, in)...)
	if code != exitOK || !strings.Contains(stderr, "1 already analysed") {
		t.Fatalf("analyze --skip-analyzed %s: exit %d\n%s", in, code, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "sample.svg"))
	if err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(want)
	if string(got) == string(old) {
		return
	}
	if !*updateDocs {
		t.Fatalf("%s is not the graph analyze draws from %s: run go test ./cmd/kifconv -run TestReadmeGraph -update-docs", want, in)
	}
	if err := os.WriteFile(want, got, 0o644); err != nil {
		t.Fatal(err)
	}
}
