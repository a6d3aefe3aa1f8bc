package main

import (
	"runtime/debug"
	"strings"
)

// DescribeBuild is what --version prints after "kifconv version": v, the
// version set at build time, or when it is devel (none was set) the
// module version the go command recorded (go install …@v1.2.3), followed
// by the VCS revision, its time and whether the tree had changes, when the
// build recorded them (info is nil when it recorded nothing).
func DescribeBuild(v, devel string, info *debug.BuildInfo) string {
	if info == nil {
		return v
	}
	if m := info.Main.Version; m != "" && m != "(devel)" && v == devel {
		v = m
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{"revision " + rev}
	if at != "" {
		parts = append(parts, at)
	}
	if modified {
		parts = append(parts, "modified")
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}

// BuildVersion is DescribeBuild of the running program's build.
func BuildVersion(v, devel string) string {
	info, _ := debug.ReadBuildInfo()
	return DescribeBuild(v, devel, info)
}
