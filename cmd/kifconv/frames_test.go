package main

import "testing"

func TestFrameName(t *testing.T) {
	tests := []struct {
		i, n int
		want string
	}{
		{0, 1, "0000.svg"},
		{7, 121, "0007.svg"},
		{9999, 10000, "9999.svg"},
		{5, 10001, "00005.svg"},
		{10000, 10001, "10000.svg"},
	}
	for _, tt := range tests {
		if got := frameName(tt.i, tt.n); got != tt.want {
			t.Errorf("frameName(%d, %d) = %q, want %q", tt.i, tt.n, got, tt.want)
		}
	}
}
