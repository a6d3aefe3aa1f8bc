package main

import (
	"runtime/debug"
	"testing"
)

func TestDescribeBuild(t *testing.T) {
	t.Parallel()
	const full = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(rev, at, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: at}, {Key: "vcs.modified", Value: modified}}
	}
	tests := []struct {
		name          string
		stamped, rev  string // -ldflags -X main.version, main.revision
		main          string // the module version the go command recorded
		settings      []debug.BuildSetting
		noInformation bool
		want          string
	}{
		// make build and make dist: git describe --tags --always --dirty.
		{name: "make build, no tag yet", stamped: "0123456", rev: full, main: "(devel)",
			want: "devel (revision 0123456789ab)"},
		{name: "make build, no tag yet, changed tree", stamped: "0123456-dirty", rev: full, main: "(devel)",
			want: "devel (revision 0123456789ab, modified)"},
		{name: "make build, no tag, no revision stamped", stamped: "0123456-dirty", main: "(devel)",
			want: "devel (revision 0123456, modified)"},
		{name: "make build with VCS stamping too", stamped: "0123456", rev: full, main: "(devel)", settings: vcs(full, "2026-11-26T10:00:00Z", "false"),
			want: "devel (revision 0123456789ab, 2026-11-26T10:00:00Z)"},
		{name: "six digits are not a hash", stamped: "012345",
			want: "012345"},
		{name: "a tag that looks like digits", stamped: "2026", rev: full,
			want: "2026 (revision 0123456789ab)"},
		{name: "release", stamped: "v0.2.0", rev: full, main: "(devel)",
			want: "v0.2.0 (revision 0123456789ab)"},
		{name: "after a release, changed tree", stamped: "v0.2.0-3-g0123456-dirty", rev: full, main: "(devel)",
			want: "v0.2.0-3-g0123456-dirty (revision 0123456789ab)"},
		// go install, go build, go run: only what the go command recorded.
		{name: "go install @v1.2.3", main: "v1.2.3",
			want: "v1.2.3"},
		{name: "go install @latest with no tag", main: "v0.0.0-20261126100000-0123456789ab",
			want: "devel (revision 0123456789ab, 2026-11-26T10:00:00Z)"},
		{name: "go install of a commit after a tag", main: "v0.2.1-0.20261126100000-0123456789ab",
			want: "v0.2.1-0.20261126100000-0123456789ab"},
		{name: "go install of a pseudo-version with a short hash", main: "v0.0.0-20261126100000-0123456789",
			want: "v0.0.0-20261126100000-0123456789"},
		{name: "go build in a checkout", main: "(devel)", settings: vcs(full, "2026-11-26T10:00:00Z", "true"),
			want: "devel (revision 0123456789ab, 2026-11-26T10:00:00Z, modified)"},
		{name: "go build -buildvcs=false", main: "(devel)",
			want: "devel"},
		{name: "no build information", noInformation: true,
			want: "devel"},
		{name: "stamped, no build information", stamped: "v0.2.0", noInformation: true,
			want: "v0.2.0"},
	}
	for _, tt := range tests {
		info := &debug.BuildInfo{Main: debug.Module{Version: tt.main}, Settings: tt.settings}
		if tt.noInformation {
			info = nil
		}
		if got := DescribeBuild(tt.stamped, tt.rev, info); got != tt.want {
			t.Errorf("%s: DescribeBuild(%q, %q) = %q, want %q", tt.name, tt.stamped, tt.rev, got, tt.want)
		}
	}
}
