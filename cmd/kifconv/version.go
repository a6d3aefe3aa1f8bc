package main

import (
	"runtime/debug"
	"strings"
	"time"
)

// version and revision are stamped by make build and make dist with
// -ldflags "-X main.version=… -X main.revision=…": version is git describe
// --tags --always --dirty (a tag such as v0.2.0 or v0.2.0-3-gabc1234, or
// only a commit hash while there is no tag), revision the commit's full
// hash. Other builds (go install, go build, go run) leave them empty.
var version, revision string

// isDescribeHash reports whether s is what git describe --always gives when
// no tag is reachable: an abbreviated commit hash of 7 to 40 digits, and
// -dirty for a tree with changes. (Plain functions rather than regexps:
// every run of kifconv would compile them at start.)
func isDescribeHash(s string) bool {
	s = strings.TrimSuffix(s, "-dirty")
	return len(s) >= 7 && len(s) <= 40 && onlyOf(s, "0123456789abcdef")
}

// pseudoVersion splits a Go pseudo-version with no tag before it (go
// install …@commit or …@latest of an untagged module),
// v0.0.0-yyyymmddhhmmss-abcdefabcdef, into its time and revision.
func pseudoVersion(v string) (at, rev string, ok bool) {
	rest, ok := strings.CutPrefix(v, "v0.0.0-")
	if !ok || len(rest) != 14+1+12 || rest[14] != '-' {
		return "", "", false
	}
	at, rev = rest[:14], rest[15:]
	return at, rev, onlyOf(at, "0123456789") && onlyOf(rev, "0123456789abcdef")
}

// onlyOf reports whether every byte of s is one of set.
func onlyOf(s, set string) bool {
	for i := range len(s) {
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}

// DescribeBuild is what --version prints after "kifconv version". It never
// makes a version up: it is stamped (make build, make dist), or else the
// module version the go command recorded (go install …@v1.2.3), or else
// "devel"; a revision known from the stamp, a pseudo-version or the build's
// VCS settings follows in parentheses, with its time and whether the tree
// had changes when they are known. info is nil when the build recorded
// nothing.
func DescribeBuild(stamped, rev string, info *debug.BuildInfo) string {
	v := stamped
	var at string
	modified := strings.HasSuffix(stamped, "-dirty")
	if isDescribeHash(stamped) {
		// No tag yet: the hash is a revision, not a version.
		v = ""
		if rev == "" {
			rev = strings.TrimSuffix(stamped, "-dirty")
		}
	}
	if info != nil {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" || strings.HasPrefix(s.Value, rev) {
					rev = s.Value
				}
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = modified || s.Value == "true"
			}
		}
		if m := info.Main.Version; stamped == "" && m != "" && m != "(devel)" {
			if when, hash, ok := pseudoVersion(m); ok {
				// v0.0.0-yyyymmddhhmmss-hash only says which commit.
				if t, err := time.Parse("20060102150405", when); err == nil && at == "" {
					at = t.UTC().Format(time.RFC3339)
				}
				if rev == "" {
					rev = hash
				}
			} else {
				v = m
			}
		}
	}
	if v == "" {
		v = "devel"
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
	if modified && !strings.HasSuffix(v, "-dirty") {
		parts = append(parts, "modified")
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}

// BuildVersion is DescribeBuild of the running program's build.
func BuildVersion() string {
	info, _ := debug.ReadBuildInfo()
	return DescribeBuild(version, revision, info)
}

// shortVersion is BuildVersion without what follows the version: v0.2.0,
// or devel. The man pages name it.
func shortVersion() string {
	v, _, _ := strings.Cut(BuildVersion(), " ")
	return v
}
