package report

import "testing"

func TestSkippedText(t *testing.T) {
	tests := []struct {
		c    map[string]int
		want string
	}{
		{nil, ""},
		{map[string]int{"a": 0}, ""},
		{map[string]int{"not JKF": 2, "unknown extension": 1}, "3 skipped (1 unknown extension, 2 not JKF)"},
	}
	for _, tt := range tests {
		if got := SkippedText(tt.c); got != tt.want {
			t.Errorf("SkippedText(%v) = %q, want %q", tt.c, got, tt.want)
		}
	}
}
