package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

// outFlags say how and where records are written: the same flags in every
// command that writes records (convert, filter, dedup).
type outFlags struct {
	to, output, outDir               string
	encoding, newline                string
	csaVersion, notation, variations string
	ply                              int
	svgAll, mainline, substitute     bool
	force, skipExisting, update      bool
	skipPlies                        int
	results                          string
	dedup                            bool
	// ownVariations says that the command reads --variations itself
	// (analyze: every line is analysed), whatever the target.
	ownVariations bool
}

// addOutFlags adds the flags of outFlags.
func addOutFlags(cmd *cobra.Command, o *outFlags) {
	f := cmd.Flags()
	f.StringVarP(&o.to, "to", "t", "", "write in `FORMAT` (kifconv formats; default: from -o FILE's extension)")
	f.StringVarP(&o.output, "output", "o", "", "write every record into `FILE` (default: standard output)")
	f.StringVarP(&o.outDir, "out-dir", "d", "", "write under `DIR`, one file per input (per game in one-game formats), mirroring the input tree")
	f.StringVar(&o.encoding, "encoding", "", "output encoding: utf-8 or shift_jis (default: the format's; UTF-8 on a terminal)")
	f.StringVar(&o.newline, "newline", "", "output line ends: lf or crlf (default: the format's)")
	f.StringVar(&o.csaVersion, "csa-version", "", "CSA output version: 2.2 (default) or 3.0")
	f.StringVar(&o.notation, "notation", "", "Western output: hodges (default) or hosking")
	f.StringVar(&o.variations, "variations", "", "`all`: every line of play, not only the main line (filter's --position looks at each; csa writes each as a game of its own, hcpe, psv and positions their positions); csa also takes separate")
	f.IntVar(&o.ply, "ply", 0, "bod, sfen, svg output: the position after main-line ply `N` (default: the end)")
	f.BoolVar(&o.svgAll, "svg-all", false, "svg output: one file per position of the main line, 0000.svg (the start) … NNNN.svg, under -d DIR")
	f.BoolVar(&o.mainline, "mainline", false, "write the main line only, dropping variations")
	f.BoolVar(&o.substitute, "substitute", false, "replace characters the output encoding lacks (☗→▲, others ?) with a warning instead of failing")
	f.BoolVar(&o.force, "force", false, "replace existing outputs")
	f.BoolVar(&o.skipExisting, "skip-existing", false, "leave existing outputs as they are, and count them")
	f.BoolVar(&o.update, "update", false, "replace only the outputs older than their input")
	f.IntVar(&o.skipPlies, "skip-plies", 0, "hcpe, psv, positions: leave out the positions before move `N`+1 of each line (the opening)")
	f.StringVar(&o.results, "results", "all", "hcpe, psv, positions: all, or decisive (only the lines of play that end with a winner)")
	f.BoolVar(&o.dedup, "dedup", false, fmt.Sprintf("hcpe, psv, positions: write each position (board, hands, side to move) once per output file,\nin a set of up to %d bytes per distinct position (10 M positions: under %d MB)", render.DedupBytesPerPosition, render.DedupBytesPerPosition*10))
	choices(cmd, "to", formatCompletions(true)...)
	choices(cmd, "encoding", "utf-8", "shift_jis")
	choices(cmd, "newline", "lf", "crlf")
	choices(cmd, "csa-version", "2.2", "3.0")
	choices(cmd, "notation", "hodges", "hosking")
	choices(cmd, "variations", "all", "separate")
	choices(cmd, "results", "all", "decisive")
}

// writes reports whether the flags ask for records to be written.
func (o *outFlags) writes(cmd *cobra.Command) bool {
	return o.to != "" || o.output != "" || o.outDir != ""
}

// target checks the flags of the target, before any input is read, and
// returns it with its destination. A flag that does not apply to the
// target format is an error, as is a value no writer knows. e says whether
// standard output is a terminal, and what character set it shows.
func (o *outFlags) target(cmd *cobra.Command, e env, several bool) (batch.Target, batch.Dest, error) {
	var t batch.Target
	toStdout := o.outDir == "" && (o.output == "" || o.output == "-")
	stdoutTerminal := toStdout && e.isTerminal(cmd.OutOrStdout())
	d := batch.Dest{Stdout: cmd.OutOrStdout(), File: o.output, Dir: o.outDir, Force: o.force, SkipExisting: o.skipExisting, Update: o.update, Frames: o.svgAll}
	name, warning, err := outputFormat(o.to, o.output)
	if err != nil {
		return t, d, err
	}
	if warning != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), cmd.CommandPath()+": warning: "+warning)
	}
	if o.output != "" && o.outDir != "" {
		return t, d, usageErrorf("give -o FILE or -d DIR, not both")
	}
	f, _ := render.Lookup(strings.ToLower(name))
	changed := cmd.Flags().Changed
	applies := func(flag string, formats ...string) error {
		if changed(flag) && !slices.Contains(formats, f.Name) {
			list := strings.Join(formats, ", ")
			if i := strings.LastIndex(list, ", "); i >= 0 {
				list = list[:i] + " or " + list[i+2:]
			}
			return usageErrorf("--%s applies to -t %s output, not %s", flag, list, f.Name)
		}
		return nil
	}
	for _, err := range []error{
		applies("csa-version", "csa"),
		applies("variations", variationTargets(o.ownVariations, f.Name)...),
		applies("notation", "western"),
		applies("ply", "bod", "sfen", "svg"),
		applies("svg-all", "svg"),
		applies("skip-plies", "hcpe", "psv", "positions"),
		applies("results", "hcpe", "psv", "positions"),
		applies("dedup", "hcpe", "psv", "positions"),
		oneOf("csa-version", o.csaVersion, "2.2", "3.0"),
		oneOf("notation", o.notation, "hodges", "hosking"),
		oneOf("results", strings.ToLower(o.results), "all", "decisive"),
	} {
		if err != nil {
			return t, d, err
		}
	}
	switch v := strings.ToLower(o.variations); {
	case v == "":
	case render.IsTraining(f.Name) && v != "all":
		return t, d, usageErrorf("--variations: the training formats take all (every variation's positions too), not %q", o.variations)
	case v != "all" && v != "separate":
		return t, d, usageErrorf("--variations: want all or separate, not %q", o.variations)
	}
	t = batch.Target{Format: f, CRLF: f.CRLF, Substitute: o.substitute}
	t.Enc, _ = charset.Lookup(f.Encoding)
	if t.Enc == "" {
		t.Enc = charset.UTF8
	}
	if f.Encoding == render.BinaryEncoding {
		if flags := given(cmd, "encoding", "newline"); len(flags) > 0 {
			return t, d, usageErrorf("%s is binary: it takes no %s", f.Name, strings.Join(flags, " or "))
		}
	}
	if o.encoding != "" {
		enc, ok := charset.Lookup(o.encoding)
		if !ok || (enc != charset.UTF8 && enc != charset.ShiftJIS) {
			return t, d, usageErrorf("--encoding: want utf-8 or shift_jis, not %q", o.encoding)
		}
		t.Enc = enc
	}
	note := "" // said once the flags are known to be good
	if stdoutTerminal && t.Enc == charset.ShiftJIS && terminalCharset(e.getenv) != charset.ShiftJIS {
		// Shift_JIS bytes on a UTF-8 terminal cannot be read: a person
		// gets UTF-8 there, and files and pipes the format's encoding.
		if o.encoding == "" {
			t.Enc = charset.UTF8
			note = "standard output is a terminal: writing UTF-8, not " + f.Name + "'s Shift_JIS (-o FILE, a pipe or --encoding shift_jis keep Shift_JIS)"
		} else {
			note = "warning: writing Shift_JIS to a terminal whose locale is not Shift_JIS"
		}
	}
	switch strings.ToLower(o.newline) {
	case "":
	case "lf":
		t.CRLF = false
	case "crlf":
		t.CRLF = true
	default:
		return t, d, usageErrorf("--newline: want lf or crlf, not %q", o.newline)
	}
	plySet := changed("ply")
	switch {
	case plySet && o.ply < 0:
		return t, d, usageErrorf("--ply: want 0 or more, not %d", o.ply)
	case o.skipPlies < 0:
		return t, d, usageErrorf("--skip-plies: want 0 or more, not %d", o.skipPlies)
	case o.svgAll && plySet:
		return t, d, usageErrorf("give --ply or --svg-all, not both")
	case o.svgAll && o.outDir == "":
		return t, d, usageErrorf("--svg-all writes one file per ply: give the directory with -d DIR")
	case o.svgAll && changed("games"):
		return t, d, usageErrorf("give --games or --svg-all, not both")
	case btoi(o.force)+btoi(o.skipExisting)+btoi(o.update) > 1:
		return t, d, usageErrorf("give one of --force, --skip-existing and --update")
	case (o.skipExisting || o.update) && o.outDir == "" && (o.output == "" || o.output == "-"):
		return t, d, usageErrorf("--skip-existing and --update apply to outputs written with -o FILE or -d DIR")
	case f.Encoding == render.BinaryEncoding && stdoutTerminal:
		return t, d, usageErrorf("%s is binary and standard output is a terminal: give -o FILE, -d DIR or a pipe", f.Name)
	}
	t.Options = render.Options{
		AllowLoss:  true,
		Mainline:   o.mainline,
		CSAVersion: o.csaVersion,
		Variations: strings.ToLower(o.variations),
		Ply:        o.ply,
		PlySet:     plySet,
		Notation:   o.notation,
		Encoding:   string(t.Enc),
		Train: render.TrainOptions{SkipPlies: o.skipPlies, Decisive: strings.EqualFold(o.results, "decisive"),
			Variations: strings.EqualFold(o.variations, "all"), Dedup: o.dedup},
	}
	if t.Options.Variations == "all" && f.Name == "csa" {
		t.Options.Variations = "separate" // every line: CSA holds one a game
	}
	d.FramesFlat = o.svgAll && !several
	if note != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), cmd.CommandPath()+": "+note)
	}
	return t, d, nil
}

// variationTargets are the formats --variations applies to: those whose
// writers take it, or every one for a command that reads it itself.
func variationTargets(own bool, target string) []string {
	if own {
		return []string{target}
	}
	return []string{"csa", "hcpe", "psv", "positions"}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// outputFormat returns the output format: to, or else the one of output's
// extension. warning, when not "", says that to contradicts that
// extension.
func outputFormat(to, output string) (name, warning string, err error) {
	ext := strings.ToLower(filepath.Ext(output))
	byExt, known := render.Format{}, false
	if ext != "" && output != "-" {
		byExt, known = render.Lookup(ext)
	}
	var f render.Format
	if to != "" {
		var ok bool
		if f, ok = render.Lookup(strings.ToLower(to)); !ok {
			var names []string
			for _, f := range render.Formats() {
				names = append(names, f.Name)
			}
			return "", "", usageErrorf("--to: unknown output format %q (writable: %s)", to, strings.Join(names, ", "))
		}
	}
	switch {
	case to == "" && known:
		return byExt.Name, "", nil
	case to == "" && output != "" && output != "-":
		return "", "", usageErrorf("cannot tell the output format from %q: give it with -t (see kifconv formats)", output)
	case to == "":
		return "", "", usageErrorf("give the output format with -t FORMAT (see kifconv formats)")
	case known && f.Name != byExt.Name && f.Extension != ext:
		warning = fmt.Sprintf("writing %s into %s, whose extension is that of %s", f.Name, output, byExt.Name)
	}
	return f.Name, warning, nil
}
