package batch

import (
	"testing"

	"github.com/kifconv/kifconv/internal/report"
)

// TestJudgeKept checks how validate judges an illegal move the replay
// finds: when a reader kept it with a warning of the same code and ply, the
// warning (with its line) becomes the error; a reader's warning about a
// move it read another way, which replays as legal, stays a warning.
func TestJudgeKept(t *testing.T) {
	replay := report.Diagnostic{Ply: 37, Severity: report.SeverityError, Code: "nifu", Message: "二歩 at move 37"}
	tests := []struct {
		name   string
		reader []report.Diagnostic
		d      report.Diagnostic
		judged bool // the reader's first warning stands for d
	}{
		{"kept by the reader", []report.Diagnostic{{Line: 45, Col: 1, Ply: 37, Severity: report.SeverityWarning, Code: "nifu"}}, replay, true},
		{"reader without a ply", []report.Diagnostic{{Line: 45, Col: 1, Severity: report.SeverityWarning, Code: "nifu"}}, replay, true},
		{"another ply", []report.Diagnostic{{Line: 45, Col: 1, Ply: 12, Severity: report.SeverityWarning, Code: "nifu"}}, replay, false},
		{"another code", []report.Diagnostic{{Line: 45, Col: 1, Ply: 37, Severity: report.SeverityWarning, Code: "wrong-piece"}}, replay, false},
		{"no reader warning", nil, replay, false},
		{"not a move rule", []report.Diagnostic{{Line: 3, Severity: report.SeverityWarning, Code: "time-total"}}, report.Diagnostic{Severity: report.SeverityError, Code: "time-total"}, false},
	}
	for _, tt := range tests {
		want := -1
		if tt.judged {
			want = 0
		}
		if got := judgeKept(tt.reader, tt.d); got != want {
			t.Errorf("%s: judged warning %d, want %d", tt.name, got, want)
		}
	}
}
