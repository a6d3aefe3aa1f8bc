package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBar(t *testing.T) {
	for _, tc := range []struct {
		name            string
		n               int
		quiet, terminal bool
		drawn           bool
	}{
		{"a terminal", 3, false, true, true},
		{"quiet", 3, true, true, false},
		{"no terminal", 3, false, false, false},
		{"one input", 1, false, true, false},
	} {
		var w bytes.Buffer
		b := NewBar(&w, tc.n, "converting", tc.quiet, tc.terminal)
		if (b != nil) != tc.drawn {
			t.Errorf("%s: bar %v, want drawn %v", tc.name, b != nil, tc.drawn)
		}
		for range tc.n {
			b.Clear()
			b.Add()
		}
		b.Finish()
		if got := strings.Contains(w.String(), "converting"); got != tc.drawn {
			t.Errorf("%s: drawn %v, want %v: %q", tc.name, got, tc.drawn, w.String())
		}
	}
}
