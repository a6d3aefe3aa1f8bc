package batch

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/report"
)

// wantUsage checks that err is nil when want is "", or else a
// UsageError starting with want.
func wantUsage(t *testing.T, what string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v", what, err)
	case want != "" && (err == nil || !strings.HasPrefix(err.Error(), want) || !errors.As(err, new(UsageError))):
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
	report.WriteDiagnostics(&b, report.DiagnosticsFromError("a.kif", 1, errors.New("cannot open")))
	report.WriteDiagnostics(&b, nil)
	if !strings.Contains(b.String(), "a.kif") || !strings.Contains(b.String(), "cannot open") {
		t.Errorf("WriteDiagnostics wrote %q", b.String())
	}
}

func TestSelectionOutcome(t *testing.T) {
	for _, tc := range []struct {
		s    Selection
		want Status
	}{
		{Selection{Total: 3, Selected: 1}, StatusOK},
		{Selection{Total: 3}, StatusInvalid},
		{Selection{Total: 3, Status: StatusTrouble}, StatusTrouble},
		{Selection{Total: 3, Selected: 2, Status: StatusInvalid}, StatusInvalid},
	} {
		if got := tc.s.Outcome(); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.s, got, tc.want)
		}
	}
}
