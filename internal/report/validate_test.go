package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// TestReporters runs every reporter over one file with an error quoted
// from its line and a warning without a line, then the tally.
func TestReporters(t *testing.T) {
	r := FileReport{Path: "dir/a b.kif", Format: "kif", Encoding: "utf-8", Games: 2,
		Errors:   []Diagnostic{{Path: "dir/a b.kif", Line: 5, Col: 2, Game: 2, Ply: 3, Severity: SeverityError, Code: "nifu", Message: "二歩", Source: "３ ５五歩打"}},
		Warnings: []Diagnostic{{Path: "dir/a b.kif", Game: 1, Severity: SeverityWarning, Code: "move-count", Message: "手数 says 3"}}}
	tests := []struct {
		format string
		quiet  bool
		want   []string // in this order
	}{
		{"text", false, []string{"dir/a b.kif: warning: 手数 says 3 [move-count]\ndir/a b.kif:5:2: error: 二歩 [nifu]\n３ ５五歩打\n  ^\n"}},
		{"text", true, []string{"dir/a b.kif:5:2: error: 二歩 [nifu]\n３ ５五歩打\n  ^\n"}},
		{"json", false, []string{`"version": 1`, `"path": "dir/a b.kif"`, `"line": 5`, `"column": 2`, `"code": "move-count"`, `"summary": {`, `"skipped_by_reason": {}`}},
		{"jsonl", false, []string{`{"type":"file","path":"dir/a b.kif"`, `"valid":false`, "}\n{\"type\":\"summary\",\"version\":1,\"files\":1"}},
		{"github", false, []string{"::warning file=dir/a b.kif,title=[move-count]::game 1: 手数 says 3\n", "::error file=dir/a b.kif,line=5,col=2,title=[nifu]::二歩\n"}},
		{"sarif", false, []string{`"version": "2.1.0"`, `"version": "v9"`, `"id": "move-count"`, `"id": "nifu"`, `"ruleIndex": 1`, `"uri": "dir/a%20b.kif"`, `"startLine": 5`, `"text": "game 1: 手数 says 3"`}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		rep := NewReporter(tt.format, &b, &DiagnosticPrinter{Cond: runewidth.NewCondition()}, tt.quiet, "v9")
		s := Summary{Reasons: map[string]int{}}
		s.Add(&r)
		if err := rep.File(&r); err != nil {
			t.Fatal(err)
		}
		if err := rep.End(&s); err != nil {
			t.Fatal(err)
		}
		got := b.String()
		at := 0
		for _, w := range tt.want {
			i := strings.Index(got[at:], w)
			if i < 0 {
				t.Errorf("%s quiet=%v: no %q after byte %d in\n%s", tt.format, tt.quiet, w, at, got)
				break
			}
			at += i + len(w)
		}
		if tt.format == "text" && got != strings.Join(tt.want, "") {
			t.Errorf("text quiet=%v: %q", tt.quiet, got)
		}
	}
}

func TestReportSummaryLine(t *testing.T) {
	s := Summary{Files: 3, Valid: 2, Invalid: 1, Errors: 1, Warnings: 0, Stopped: true}
	if got, want := s.Line("1 skipped"), "3 files: 2 valid, 1 invalid, 1 error, 0 warnings; 1 skipped; interrupted"; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}

func TestSARIFURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b.kif", "a/b.kif"},
		{"a b%.kif", "a%20b%25.kif"},
		{"c:d/e.kif", "./c:d/e.kif"},
		{"../x/y.kif", "../x/y.kif"},
		{"/tmp/a b/y.kif", "file:///tmp/a%20b/y.kif"},
	}
	for _, tt := range tests {
		if got := sarifURI(tt.in); got != tt.want {
			t.Errorf("sarifURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
