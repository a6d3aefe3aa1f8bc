package render

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
)

// TargetSpec is a target as the command line asks for it: names and values
// as given, checked by NewTarget.
type TargetSpec struct {
	To                                   string // the format's name
	Encoding, Newline                    string // "" for the format's own
	CSAVersion, Variations, Notation     string
	Ply                                  int
	PlySet, SVGAll, Mainline, Substitute bool
	OutDir                               string // SVGAll writes under it
}

func usageErrorf(format string, a ...any) error {
	return parse.UsageError{Err: fmt.Errorf(format, a...)}
}

// FormatNames lists the names of the writable formats.
func FormatNames() []string {
	var out []string
	for _, f := range Formats {
		out = append(out, f.Name)
	}
	return out
}

// NewTarget checks a target, before any input is read, and returns it. An
// option that does not apply to the target format is an error, as is a
// value no writer knows; the errors are parse.UsageErrors naming the flags.
func NewTarget(s TargetSpec) (Target, error) {
	f, ok := Lookup(strings.ToLower(s.To))
	if !ok {
		return Target{}, usageErrorf("--to: unknown output format %q (writable: %s)", s.To, strings.Join(FormatNames(), ", "))
	}
	applies := func(flag string, set bool, formats ...string) error {
		if set && !slices.Contains(formats, f.Name) {
			list := strings.Join(formats, ", ")
			if i := strings.LastIndex(list, ", "); i >= 0 {
				list = list[:i] + " or " + list[i+2:]
			}
			return usageErrorf("%s applies to -t %s output, not %s", flag, list, f.Name)
		}
		return nil
	}
	for _, err := range []error{
		applies("--csa-version", s.CSAVersion != "", "csa"),
		// --variations all is the training formats' (ParseTrainOptions).
		applies("--variations", s.Variations != "" && s.Variations != "all" && !IsTraining(f.Name), "csa"),
		applies("--notation", s.Notation != "", "western"),
		applies("--ply", s.PlySet, "bod", "sfen", "svg"),
	} {
		if err != nil {
			return Target{}, err
		}
	}
	if s.CSAVersion != "" && s.CSAVersion != "2.2" && s.CSAVersion != "3.0" {
		return Target{}, usageErrorf("--csa-version: want 2.2 or 3.0, not %q", s.CSAVersion)
	}
	if f.Name == "csa" && s.Variations != "" && s.Variations != "separate" && s.Variations != "all" {
		return Target{}, usageErrorf("--variations: want separate, not %q", s.Variations)
	}
	if s.Notation != "" && s.Notation != "hodges" && s.Notation != "hosking" {
		return Target{}, usageErrorf("--notation: want hodges or hosking, not %q", s.Notation)
	}
	t := Target{Format: f, CRLF: f.CRLF, Substitute: s.Substitute}
	t.Enc, _ = charset.Lookup(f.Encoding)
	if t.Enc == "" {
		t.Enc = charset.UTF8
	}
	if s.Encoding != "" {
		enc, ok := charset.Lookup(s.Encoding)
		if !ok || (enc != charset.UTF8 && enc != charset.ShiftJIS) {
			return Target{}, usageErrorf("--encoding: want utf-8 or shift_jis, not %q", s.Encoding)
		}
		t.Enc = enc
	}
	switch strings.ToLower(s.Newline) {
	case "":
	case "lf":
		t.CRLF = false
	case "crlf":
		t.CRLF = true
	default:
		return Target{}, usageErrorf("--newline: want lf or crlf, not %q", s.Newline)
	}
	if s.PlySet && s.Ply < 0 {
		return Target{}, usageErrorf("--ply: want 0 or more, not %d", s.Ply)
	}
	if s.SVGAll {
		switch {
		case f.Name != "svg":
			return Target{}, usageErrorf("--svg-all draws SVG pictures: give -t svg")
		case s.PlySet:
			return Target{}, usageErrorf("give --ply or --svg-all, not both")
		case s.OutDir == "":
			return Target{}, usageErrorf("--svg-all writes one file per ply: give the directory with -d DIR")
		}
	}
	t.Options = Options{
		AllowLoss:  true,
		Mainline:   s.Mainline,
		CSAVersion: s.CSAVersion,
		Variations: s.Variations,
		Ply:        s.Ply,
		PlySet:     s.PlySet,
		Notation:   s.Notation,
		Encoding:   string(t.Enc),
	}
	return t, nil
}

// OutputFormat returns the output format: to, or else the one of output's
// extension. warning, when not "", says that to contradicts that
// extension.
func OutputFormat(to, output string) (name, warning string, err error) {
	ext := strings.ToLower(filepath.Ext(output))
	byExt, known := Format{}, false
	if ext != "" && output != "-" {
		byExt, known = Lookup(ext)
	}
	switch {
	case to == "" && known:
		return byExt.Name, "", nil
	case to == "" && output != "" && output != "-":
		return "", "", usageErrorf("cannot tell the output format from %q: give it with -t (see kifconv formats)", output)
	case to == "":
		return "", "", usageErrorf("give the output format with -t FORMAT (see kifconv formats)")
	case known:
		if f, ok := Lookup(strings.ToLower(to)); ok && f.Name != byExt.Name && f.Extension != ext {
			warning = fmt.Sprintf("writing %s into %s, whose extension is that of %s", f.Name, output, byExt.Name)
		}
	}
	return to, warning, nil
}
