package main

import (
	"errors"
	"strings"
	"testing"
)

func TestColorChoiceValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		flag     string
		env      map[string]string
		terminal bool
		want     bool
		err      string
	}{
		{"auto", nil, true, true, ""},
		{"", nil, false, false, ""},
		{"auto", map[string]string{"NO_COLOR": "1"}, true, false, ""},
		{"auto", map[string]string{"TERM": "dumb"}, true, false, ""},
		{"always", map[string]string{"NO_COLOR": "1"}, false, true, ""},
		{"never", nil, true, false, ""},
		{"sometimes", nil, true, false, `--color: want auto, always or never, not "sometimes"`},
	}
	for _, tt := range tests {
		got, err := colorChoice(tt.flag, func(k string) string { return tt.env[k] }, tt.terminal)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && (err.Error() != tt.err || !errors.As(err, new(usageErr))) {
			t.Errorf("%q %v terminal %v: %v %v, want %v %q", tt.flag, tt.env, tt.terminal, got, err, tt.want, tt.err)
		}
	}
	if _, err := widthCondition("huge", func(string) string { return "" }); !errors.As(err, new(usageErr)) {
		t.Errorf("WidthCondition: %v, want a usage error", err)
	}
	for _, tt := range []struct{ eaw, color, env, err string }{
		{"wide", "always", "", ""},
		{"auto", "auto", "1", ""},
		{"huge", "sometimes", "", "--east-asian-width"},
		{"narrow", "sometimes", "", "--color"},
	} {
		p, err := newDiagnosticPrinter(tt.eaw, tt.color, func(string) string { return tt.env }, false)
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) || !errors.As(err, new(usageErr)) {
				t.Errorf("newDiagnosticPrinter(%q, %q): %v, want a usage error naming %s", tt.eaw, tt.color, err, tt.err)
			}
		case err != nil:
			t.Errorf("newDiagnosticPrinter(%q, %q): %v", tt.eaw, tt.color, err)
		case !p.Cond.EastAsianWidth || p.Color != (tt.color == "always"):
			t.Errorf("newDiagnosticPrinter(%q, %q) = wide %v, colour %v", tt.eaw, tt.color, p.Cond.EastAsianWidth, p.Color)
		}
	}
}
