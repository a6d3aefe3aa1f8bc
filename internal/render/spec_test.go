package render

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
)

// wantUsage checks that err is nil when want is "", or else a
// parse.UsageError starting with want.
func wantUsage(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v", what, err)
	case want != "" && (err == nil || !strings.HasPrefix(err.Error(), want) || !errors.As(err, new(parse.UsageError))):
		t.Errorf("%s: %v, want a usage error %q", what, err, want)
	}
}

func TestGamesSpec(t *testing.T) {
	for _, tc := range []struct {
		spec   GamesSpec
		ranges int
		err    string
	}{
		{GamesSpec{Jobs: 2}, 0, ""},
		{GamesSpec{Ranges: "1,4-6", CSAComments: true}, 2, ""},
		{GamesSpec{Ranges: "0"}, 0, "--games: want game numbers"},
	} {
		g, err := tc.spec.Games(nil)
		wantUsage(t, tc.spec.Ranges, err, tc.err)
		if err == nil && (len(g.Walk.Ranges) != tc.ranges || g.Walk.Jobs != tc.spec.Jobs || (g.Walk.Setup != nil) != tc.spec.CSAComments) {
			t.Errorf("%+v: walk %+v", tc.spec, g.Walk)
		}
	}
}

func TestInfoColumns(t *testing.T) {
	for _, tc := range []struct {
		format string
		fields []string
		n      int
		err    string
	}{
		{"table", nil, len(InfoTableFields), ""},
		{"json", nil, len(InfoFieldNames()), ""},
		{"csv", []string{"path", " plies"}, 2, ""},
		{"xml", nil, 0, `--format: want table, json, jsonl, csv or tsv, not "xml"`},
		{"tsv", []string{"colour"}, 0, `--fields: unknown field "colour"`},
	} {
		cols, err := InfoColumns(tc.format, tc.fields)
		wantUsage(t, tc.format, err, tc.err)
		if len(cols) != tc.n {
			t.Errorf("InfoColumns(%q, %q): %d columns, want %d", tc.format, tc.fields, len(cols), tc.n)
		}
	}
}

func TestCheckMerge(t *testing.T) {
	csa, _ := NewTarget(TargetSpec{To: "csa"})
	kif, _ := NewTarget(TargetSpec{To: "kif"})
	const needDir, needSeveral = "-o FILE with several inputs merges", "several inputs or a directory"
	for _, tc := range []struct {
		name string
		opt  ConvertOptions
		t    Target
		spec TargetSpec
		err  string
	}{
		{"merge", ConvertOptions{Output: "all.csa"}, csa, TargetSpec{}, ""},
		{"no -o", ConvertOptions{}, csa, TargetSpec{}, needSeveral},
		{"one-game format", ConvertOptions{Output: "all.kif"}, kif, TargetSpec{}, needSeveral},
		{"strict", ConvertOptions{Output: "all.csa", Strict: true}, csa, TargetSpec{}, needDir},
		{"update", ConvertOptions{Output: "all.csa", Update: true}, csa, TargetSpec{}, needDir},
		{"variations", ConvertOptions{Output: "all.csa"}, csa, TargetSpec{Variations: "separate"}, needDir},
	} {
		wantUsage(t, tc.name, tc.opt.CheckMerge(tc.t, tc.spec), tc.err)
	}
}

func TestWriteDiagnostics(t *testing.T) {
	var b bytes.Buffer
	WriteDiagnostics(&b, DiagnosticsFromError("a.kif", 1, errors.New("cannot open")))
	WriteDiagnostics(&b, nil)
	if !strings.Contains(b.String(), "a.kif") || !strings.Contains(b.String(), "cannot open") {
		t.Errorf("WriteDiagnostics wrote %q", b.String())
	}
}

func TestSelectionOutcome(t *testing.T) {
	for _, tc := range []struct {
		s    Selection
		want parse.Status
	}{
		{Selection{Total: 3, Selected: 1}, parse.StatusOK},
		{Selection{Total: 3}, parse.StatusInvalid},
		{Selection{Total: 3, Status: parse.StatusTrouble}, parse.StatusTrouble},
		{Selection{Total: 3, Selected: 2, Status: parse.StatusInvalid}, parse.StatusInvalid},
	} {
		if got := tc.s.Outcome(); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.s, got, tc.want)
		}
	}
}
