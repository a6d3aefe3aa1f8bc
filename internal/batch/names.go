package batch

import (
	"runtime"
	"strings"
)

// nameRules are the rules a file system puts on paths and names, as data,
// so that the rules of one system can be tested on another. Output names
// are made from input paths (localRel); where an input's name is one the
// output's file system refuses (an archive made on Linux read on Windows,
// a --files-from list, a WSL share), it is made legal by a fixed
// replacement:
//
//   - a character the system refuses (on Windows : ? * " < > | and the
//     control characters) becomes _;
//   - a name ending in dots or spaces has each of them replaced by _;
//   - a device name (on Windows CON, PRN, AUX, NUL, COM0 … COM9,
//     LPT0 … LPT9, CONIN$, CONOUT$, in any case and with any extension)
//     gets _ after it: con.kif becomes con_.kif.
type nameRules struct {
	seps     string   // the separators; the first joins the elements
	volumes  bool     // a path may start with a volume name: C:, \\host\share, \\?\C:
	illegal  string   // characters no name may hold, beside the separators
	control  bool     // no name may hold a control character (below U+0020)
	trailing string   // characters no name may end with
	devices  []string // names no file may have before its first dot, in upper case
	folds    bool     // names that differ only in case are the same file (Windows, macOS)
}

// unixNames are the rules of Unix systems: any byte but / (and NUL, which
// no path holds).
var unixNames = nameRules{seps: "/"}

// windowsNames are the rules of Windows (NTFS, FAT), as "Naming Files,
// Paths, and Namespaces" in Microsoft's documentation gives them.
var windowsNames = nameRules{
	seps:     `\/`,
	volumes:  true,
	folds:    true,
	illegal:  `:?*"<>|`,
	control:  true,
	trailing: ". ",
	devices: []string{"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
		"COM0", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²", "COM³",
		"LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9", "LPT¹", "LPT²", "LPT³"},
}

// hostNames are the rules of the system kifconv runs on.
var hostNames = namesOf(runtime.GOOS)

// namesOf returns the rules of the system goos.
func namesOf(goos string) nameRules {
	switch goos {
	case "windows":
		return windowsNames
	case "darwin", "ios":
		r := unixNames
		r.folds = true // APFS and HFS+ as they come
		return r
	}
	return unixNames
}

// key is how a name is told apart from another on the system: as it is,
// or in lower case where case does not count.
func (r nameRules) key(name string) string {
	if r.folds {
		return strings.ToLower(name)
	}
	return name
}

func (r nameRules) isSep(c rune) bool { return strings.ContainsRune(r.seps, c) }

// localRel turns a path into one that stays inside an output directory, as
// tar does with member names: any volume name, leading separators, "."
// and ".." steps are dropped (".." after an element removes it), and each
// element is made legal. Nothing left is "_".
func (r nameRules) localRel(p string) string {
	var elems []string
	for _, e := range strings.FieldsFunc(r.dropVolume(p), r.isSep) {
		switch e {
		case ".":
		case "..":
			if len(elems) > 0 {
				elems = elems[:len(elems)-1]
			}
		default:
			elems = append(elems, r.legal(e))
		}
	}
	if len(elems) == 0 {
		return "_" // nothing of the path is left to mirror
	}
	return strings.Join(elems, r.seps[:1])
}

// dropVolume returns p without its volume name: C: (also of a
// drive-relative C:name), \\host\share, \\?\C:, \\?\UNC\host\share,
// \\.\device.
func (r nameRules) dropVolume(p string) string {
	if !r.volumes {
		return p
	}
	if len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z') {
		return p[2:]
	}
	if len(p) < 2 || !r.isSep(rune(p[0])) || !r.isSep(rune(p[1])) {
		return p
	}
	rest, n := p[2:], 2 // \\host\share: two elements
	if len(rest) >= 2 && (rest[0] == '?' || rest[0] == '.') && r.isSep(rune(rest[1])) {
		// \\?\ and \\.\: a drive or device, or UNC\host\share.
		rest, n = rest[2:], 1
		first := strings.TrimLeftFunc(rest, r.isSep)
		if i := strings.IndexFunc(first, r.isSep); i >= 0 && strings.EqualFold(first[:i], "UNC") {
			n = 3
		}
	}
	for ; n > 0; n-- {
		rest = strings.TrimLeftFunc(rest, r.isSep)
		i := strings.IndexFunc(rest, r.isSep)
		if i < 0 {
			return ""
		}
		rest = rest[i:]
	}
	return rest
}

// legal returns the name of one path element made legal by the
// replacements of nameRules.
func (r nameRules) legal(name string) string {
	var b strings.Builder
	for _, c := range name {
		if strings.ContainsRune(r.illegal, c) || r.control && c < 0x20 {
			c = '_'
		}
		b.WriteRune(c)
	}
	name = b.String()
	if r.trailing != "" {
		kept := strings.TrimRight(name, r.trailing)
		name = kept + strings.Repeat("_", len(name)-len(kept))
	}
	base, _, _ := strings.Cut(name, ".")
	for _, d := range r.devices {
		if strings.EqualFold(strings.TrimRight(base, " "), d) {
			return base + "_" + name[len(base):]
		}
	}
	return name
}
