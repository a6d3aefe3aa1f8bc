package batch

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
)

// TargetSpec is a target as the command line asks for it: names and values
// as given, checked by NewTarget.
type TargetSpec struct {
	To                                   string // the format's name
	Encoding, Newline                    string // "" for the format's own
	CSAVersion, Variations, Notation     string
	Ply                                  int
	PlySet, SVGAll, Mainline, Substitute bool
	Output                               string // -o FILE, "" or "-" for standard output
	OutDir                               string // -d DIR
	Terminal                             bool   // standard output is a terminal
	Train                                TrainSpec
}

// TrainSpec is what the command line asks of the training formats (hcpe,
// psv, positions), with TargetSpec.Variations.
type TrainSpec struct {
	SkipPlies, MinPlies int
	Results             string // "" is all
	Dedup               bool
	// Given reports whether a flag was given on the command line (nil: none
	// was): only the training formats take their flags.
	Given func(flag string) bool
}

// trainFlags are the flags of TrainSpec, in the order errors name them.
var trainFlags = []string{"skip-plies", "min-plies", "results", "dedup"}

// writableNames lists the names of the writable formats.
func writableNames() []string {
	var out []string
	for _, f := range render.Formats {
		out = append(out, f.Name)
	}
	return out
}

// NewTarget checks a target, before any input is read, and returns it. An
// option that does not apply to the target format is an error, as is a
// value no writer knows; the errors are parse.UsageErrors naming the flags.
func NewTarget(s TargetSpec) (Target, error) {
	if s.Output != "" && s.OutDir != "" {
		return Target{}, usageErrorf("give -o FILE or -d DIR, not both")
	}
	f, ok := render.Lookup(strings.ToLower(s.To))
	if !ok {
		return Target{}, usageErrorf("--to: unknown output format %q (writable: %s)", s.To, strings.Join(writableNames(), ", "))
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
		applies("--variations", s.Variations != "" && s.Variations != "all" && !render.IsTraining(f.Name), "csa"),
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
	var err error
	if t.Options.Train, err = trainOptions(s, f); err != nil {
		return Target{}, err
	}
	if f.Encoding == render.BinaryEncoding && s.OutDir == "" && (s.Output == "" || s.Output == "-") && s.Terminal {
		return Target{}, usageErrorf("%s is binary and standard output is a terminal: give -o FILE, -d DIR or a pipe", f.Name)
	}
	t.Options = render.Options{
		Train:      t.Options.Train,
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

// trainOptions checks the training options against the target format.
func trainOptions(s TargetSpec, f render.Format) (render.TrainOptions, error) {
	if !render.IsTraining(f.Name) {
		for _, flag := range trainFlags {
			if s.Train.Given != nil && s.Train.Given(flag) {
				return render.TrainOptions{}, usageErrorf("--%s is for the training formats: give -t hcpe, psv or positions", flag)
			}
		}
		if strings.EqualFold(s.Variations, "all") {
			return render.TrainOptions{}, usageErrorf("--variations all is for the training formats: give -t hcpe, psv or positions")
		}
		return render.TrainOptions{}, nil
	}
	results := s.Train.Results
	if results == "" {
		results = "all"
	}
	t, err := render.ParseTrainOptions(s.Variations, results, s.Train.SkipPlies, s.Train.MinPlies, s.Train.Dedup)
	if err != nil {
		return t, UsageError{Err: err}
	}
	if f.Encoding == render.BinaryEncoding && (s.Encoding != "" || s.Newline != "") {
		return t, usageErrorf("%s is binary: it takes no --encoding or --newline", f.Name)
	}
	return t, nil
}

// OutputFormat returns the output format: to, or else the one of output's
// extension. warning, when not "", says that to contradicts that
// extension.
func OutputFormat(to, output string) (name, warning string, err error) {
	ext := strings.ToLower(filepath.Ext(output))
	byExt, known := render.Format{}, false
	if ext != "" && output != "-" {
		byExt, known = render.Lookup(ext)
	}
	switch {
	case to == "" && known:
		return byExt.Name, "", nil
	case to == "" && output != "" && output != "-":
		return "", "", usageErrorf("cannot tell the output format from %q: give it with -t (see kifconv formats)", output)
	case to == "":
		return "", "", usageErrorf("give the output format with -t FORMAT (see kifconv formats)")
	case known:
		if f, ok := render.Lookup(strings.ToLower(to)); ok && f.Name != byExt.Name && f.Extension != ext {
			warning = fmt.Sprintf("writing %s into %s, whose extension is that of %s", f.Name, output, byExt.Name)
		}
	}
	return to, warning, nil
}
