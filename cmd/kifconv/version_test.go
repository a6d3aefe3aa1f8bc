package main

import (
	"runtime/debug"
	"testing"
)

func TestDescribeBuild(t *testing.T) {
	const devel = "0.1.0-dev"
	tests := []struct {
		v        string
		main     string
		settings []debug.BuildSetting
		want     string
	}{
		{devel, "(devel)", nil, devel},
		{devel, "v1.2.3", nil, "v1.2.3"},
		{"v9", "v1.2.3", nil, "v9"},
		{devel, "(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-11-26T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}},
			devel + " (revision 0123456789ab, 2026-11-26T10:00:00Z, modified)"},
	}
	for _, tt := range tests {
		info := &debug.BuildInfo{Main: debug.Module{Version: tt.main}, Settings: tt.settings}
		if got := DescribeBuild(tt.v, devel, info); got != tt.want {
			t.Errorf("DescribeBuild(%q, %q) = %q, want %q", tt.v, tt.main, got, tt.want)
		}
	}
	if got := DescribeBuild("v1", devel, nil); got != "v1" {
		t.Errorf("no build information: %q", got)
	}
}
