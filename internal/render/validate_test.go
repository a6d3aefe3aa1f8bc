package render

import "testing"

// TestJudgeKept checks how validate judges an illegal move the replay
// finds: when a reader kept it with a warning of the same code and ply, the
// warning (with its line) becomes the error; a reader's warning about a
// move it read another way, which replays as legal, stays a warning.
func TestJudgeKept(t *testing.T) {
	replay := Diagnostic{Ply: 37, Severity: SeverityError, Code: "nifu", Message: "二歩 at move 37"}
	tests := []struct {
		name   string
		reader []Diagnostic
		d      Diagnostic
		judged bool // the reader's first warning stands for d
	}{
		{"kept by the reader", []Diagnostic{{Line: 45, Col: 1, Ply: 37, Severity: SeverityWarning, Code: "nifu"}}, replay, true},
		{"reader without a ply", []Diagnostic{{Line: 45, Col: 1, Severity: SeverityWarning, Code: "nifu"}}, replay, true},
		{"another ply", []Diagnostic{{Line: 45, Col: 1, Ply: 12, Severity: SeverityWarning, Code: "nifu"}}, replay, false},
		{"another code", []Diagnostic{{Line: 45, Col: 1, Ply: 37, Severity: SeverityWarning, Code: "wrong-piece"}}, replay, false},
		{"no reader warning", nil, replay, false},
		{"not a move rule", []Diagnostic{{Line: 3, Severity: SeverityWarning, Code: "time-total"}}, Diagnostic{Severity: SeverityError, Code: "time-total"}, false},
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
