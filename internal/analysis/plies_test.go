package analysis_test

import (
	"testing"

	"github.com/kifconv/kifconv/internal/analysis"
)

func TestParsePlyRange(t *testing.T) {
	tests := []struct {
		in       string
		from, to int
		ok       bool
	}{
		{"10-20", 10, 20, true},
		{"0-5", 0, 5, true},
		{"30-", 30, 0, true},
		{"-40", 0, 40, true},
		{"7", 7, 7, true},
		{" 3 - 4 ", 3, 4, true},
		{"", 0, 0, false},
		{"-", 0, 0, false},
		{"5-3", 0, 0, false},
		{"0", 0, 0, false},
		{"2-0", 0, 0, false},
		{"a-b", 0, 0, false},
		{"-3-4", 0, 0, false},
	}
	for _, tt := range tests {
		from, to, err := analysis.ParsePlyRange(tt.in)
		if (err == nil) != tt.ok || err == nil && (from != tt.from || to != tt.to) {
			t.Errorf("ParsePlyRange(%q) = %d, %d, %v; want %d, %d, ok %v", tt.in, from, to, err, tt.from, tt.to, tt.ok)
		}
	}
}
