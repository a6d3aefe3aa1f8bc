package render

import (
	"errors"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
)

func TestColorChoice(t *testing.T) {
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
		got, err := ColorChoice(tt.flag, func(k string) string { return tt.env[k] }, tt.terminal)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && (err.Error() != tt.err || !errors.As(err, new(parse.UsageError))) {
			t.Errorf("%q %v terminal %v: %v %v, want %v %q", tt.flag, tt.env, tt.terminal, got, err, tt.want, tt.err)
		}
	}
	if _, err := WidthCondition("huge", func(string) string { return "" }); !errors.As(err, new(parse.UsageError)) {
		t.Errorf("WidthCondition: %v, want a usage error", err)
	}
}
