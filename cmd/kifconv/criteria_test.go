package main

import (
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// TestCriteriaSpec checks that each flag's value reaches its criterion,
// and that an error names the flag at fault.
func TestCriteriaSpec(t *testing.T) {
	t.Parallel()
	r := shogi.NewRecord(shogi.StartPosition())
	r.Header.Set(shogi.KeyBlack, "羽生 善治")
	r.Header.Set(shogi.KeyWhite, "Fujii")
	m, _ := shogi.ParseUSIMove("7g7f")
	r.AddChild(r.Root, m, shogi.Ending{})
	none := CriteriaSpec{MinPlies: -1, MaxPlies: -1}
	tests := []struct {
		name  string
		edit  func(s *CriteriaSpec)
		match bool
		err   string
	}{
		{"no criteria", func(*CriteriaSpec) {}, true, ""},
		{"player", func(s *CriteriaSpec) { s.Players = []string{"羽生善治"} }, true, ""},
		{"black is not white", func(s *CriteriaSpec) { s.Whites = []string{"羽生"} }, false, ""},
		{"one of several", func(s *CriteriaSpec) { s.Blacks = []string{"x", "羽生"} }, true, ""},
		{"moves", func(s *CriteriaSpec) { s.Moves = []string{"7g7f"} }, true, ""},
		{"min plies", func(s *CriteriaSpec) { s.MinPlies = 2 }, false, ""},
		{"max plies", func(s *CriteriaSpec) { s.MaxPlies = 1 }, true, ""},
		{"date", func(s *CriteriaSpec) { s.DateFrom = "2019" }, false, ""},
		{"bad date", func(s *CriteriaSpec) { s.DateTo = "someday" }, false, "--date-to: "},
		{"bad header", func(s *CriteriaSpec) { s.Headers = []string{"no equals sign"} }, false, "--header: "},
		{"bad result", func(s *CriteriaSpec) { s.Results = []string{"won"} }, false, "--result: "},
		{"bad plies", func(s *CriteriaSpec) { s.MinPlies = -2 }, false, "--min-plies and --max-plies"},
	}
	for _, tt := range tests {
		s := none
		tt.edit(&s)
		c, err := s.Criteria()
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q…", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := c.Match(r); got != tt.match {
			t.Errorf("%s: Match = %v, want %v", tt.name, got, tt.match)
		}
	}
}
