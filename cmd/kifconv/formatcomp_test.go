package main

import (
	"slices"
	"strings"
	"testing"
)

func TestFormatCompletions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		write       bool
		has, hasNot string
	}{
		{false, "kif\t", "hcpe\t"},
		{true, "hcpe\t", "none\t"},
	} {
		got := formatCompletions(tc.write)
		has := func(prefix string) bool {
			return slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, prefix) })
		}
		if !has(tc.has) || has(tc.hasNot) {
			t.Errorf("formatCompletions(%v) = %q: want %q, not %q", tc.write, got, tc.has, tc.hasNot)
		}
	}
}
