package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

type convertOptions struct {
	from, to          string
	output, outDir    string
	filesFrom         string
	null              bool
	encoding, newline string
	mainline, strict  bool
	force, quiet      bool
	substitute        bool
	jobs              int
	csaVersion        string
	variations        string
	notation          string
	ply               int
	svgAll            bool
	game              int
	skipExisting      bool
	update            bool
	color             string
	verbose           bool
	readers           readerOptions
	train             trainFlags
}

func newConvertCmd(e env) *cobra.Command {
	var o convertOptions
	cmd := &cobra.Command{
		Use:   "convert [-t FORMAT] [flags] [FILE|DIR|-]...",
		Short: "Convert records from one format to another",
		Long: `Convert reads records in any supported format (detected from the content
unless --from is given) and writes them in the format of --to.

One input is written to standard output, or to -o FILE. Several inputs, or a
directory (searched recursively for files with a readable extension), go
into -o FILE when its format holds several games (csa, jkf, usi, sfen, psn,
western, kk, and the training outputs): every game, in input order. Or they
need -d DIR: the input tree is mirrored under DIR with the target's extension
(when a.kif and a.kifu would both become a.jkf, the second is a.kifu.jkf).
Leading "/" and "../" steps of input paths are dropped there, as tar does, so
nothing is ever written outside DIR.

The format is -t's, or -o FILE's extension when -t is not given. Flags are
checked before any input is read: one that does not apply to the target
(-t csa --ply 5) is an error.

convert preserves: every record that can be read is written. An illegal
move no foul ending documents is kept as the last move of its line with a
warning (validate would call it an error), and convert exits 0; --strict
makes every warning an error.

A format that holds one game per file (kif, kifu, ki2, bod, svg, and sfen
with --ply) never gets several glued together: with -d, an input of several
games becomes NAME-0001.kif, NAME-0002.kif, …; to standard output or -o it
is refused, naming the number of games. --game N converts game N alone.

Outputs are written to a temporary file and renamed into place: an existing
output is kept unless --force, and an input that fails leaves no output.
--skip-existing leaves existing outputs as they are; --update rewrites only
those older than their input. -o to a file that is not a regular one
(/dev/null) writes straight through.
What the target cannot carry (variations in CSA or USI, times in KI2, …) is
dropped with one warning per file. A character the target encoding cannot
hold (☗ or an emoji in Shift_JIS) is an error naming it and its line, unless
--substitute asks for a replacement (☗ becomes ▲, others ?), which is then
reported as a warning.

Plain ' comments of CSA input are skipped, as the CSA standard says (Kifu
for Windows and others echo every move in them); --csa-comments keeps them
as comments of the move they follow. '* comments are always kept.

With -t svg --svg-all, every position of the main line is drawn into a file
of its own under -d DIR: 0000.svg for the start, 0001.svg after the first
move, and so on (numbers have four digits, more in records longer than
that). The frames of one input given by name go right into DIR; with
several inputs or a directory, into DIR/<input path without extension>/; a
file holding several records gets a subdirectory per record (1/, 2/, …).

Output is written in the target format's usual encoding and line ends (KIF:
Shift_JIS and CRLF; most others: UTF-8 and LF) unless --encoding or
--newline say otherwise. With several inputs, a progress bar is drawn on
standard error when it is a terminal (not with --quiet), and a summary line
ends the run. Exit status: 0 all converted, 1 some input invalid, 2 usage or
I/O error.`,
		Example: `  kifconv convert -t csa game.kif                 # to standard output
  kifconv convert -t kif -o game.kif game.csa      # to a file (Shift_JIS, CRLF)
  kifconv convert -t kifu --encoding utf-8 - < game.kif
  kifconv convert -t csa -d csa/ kifu/             # a whole tree, in parallel
  find . -name '*.kif' -print0 | kifconv convert -t usi --files-from - -0 -d usi/
  kifconv convert -t csa --variations separate game.kif
  kifconv convert -t svg --svg-all -d frames/ game.kif  # frames/0000.svg …
  kifconv convert -o game.csa game.kif             # the format from the extension
  kifconv convert -t kif -d kif/ floodgate.csa     # one KIF per game: floodgate-0001.kif …
  kifconv convert -t kif --update -d kif/ kifu/    # only what changed since the last run`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("jobs") {
				o.jobs = e.cpus
			}
			return runConvert(cmd, e, o, args, cmd.Flags().Changed("ply"))
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected per file)")
	f.StringVarP(&o.to, "to", "t", "", "output format (see kifconv formats; default: from -o FILE's extension)")
	f.StringVarP(&o.output, "output", "o", "", "write to `FILE` instead of standard output (one input)")
	f.StringVarP(&o.outDir, "out-dir", "d", "", "write one file per input under `DIR`, mirroring the input tree")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.StringVar(&o.encoding, "encoding", "", "output encoding: utf-8 or shift_jis (default: the format's)")
	f.StringVar(&o.newline, "newline", "", "output line ends: lf or crlf (default: the format's)")
	f.BoolVar(&o.mainline, "mainline", false, "write the main line only, dropping variations")
	f.BoolVar(&o.strict, "strict", false, "treat tolerated problems of the input as errors")
	f.BoolVar(&o.force, "force", false, "overwrite existing outputs")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no progress bar, warnings or summary; errors only")
	f.BoolVar(&o.substitute, "substitute", false, "replace characters the output encoding lacks (☗→▲, others ?) with a warning instead of failing")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "convert `N` files in parallel (default: the number of CPUs)")
	f.StringVar(&o.csaVersion, "csa-version", "", "CSA output version: 2.2 (default) or 3.0")
	f.StringVar(&o.variations, "variations", "", `CSA output: "separate" writes every line of play as a game of its own; hcpe, psv, positions: "all" writes every variation's positions too`)
	f.StringVar(&o.notation, "notation", "", "Western output: hodges (default) or hosking")
	f.IntVar(&o.ply, "ply", 0, "BOD, SFEN, SVG output: the position after main-line ply `N` (default: the end)")
	f.BoolVar(&o.svgAll, "svg-all", false, "SVG output: one file per position of the main line, 0000.svg (the start) … NNNN.svg, under -d DIR")
	f.IntVar(&o.game, "game", 0, "convert only record `N` of an input holding several (CSA /, USI lines, JSON Lines)")
	f.BoolVar(&o.skipExisting, "skip-existing", false, "leave outputs that exist as they are, and count them")
	f.BoolVar(&o.update, "update", false, "rewrite only outputs older than their input")
	f.StringVar(&o.color, "color", "auto", "colour the severity and caret: auto (a terminal, NO_COLOR unset), always or never")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	addReaderFlags(cmd, &o.readers)
	addTrainFlags(cmd, &o.train)
	_ = cmd.RegisterFlagCompletionFunc("to", completeWritable)
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	_ = cmd.RegisterFlagCompletionFunc("encoding", cobra.FixedCompletions([]string{"utf-8", "shift_jis"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("newline", cobra.FixedCompletions([]string{"lf", "crlf"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// target is where and how converted records are written.
type target struct {
	format     render.Format
	opt        render.Options
	enc        charset.Encoding
	crlf       bool
	substitute bool
}

func lookupReadable(name string) (string, error) {
	if name == "" {
		return "", nil
	}
	f, ok := parse.Lookup(strings.ToLower(name))
	if !ok {
		return "", usageErrorf("--from: unknown input format %q (readable: %s)", name, strings.Join(readableNames(), ", "))
	}
	return f.Name, nil
}

// newTarget checks the output flags, all before any input is read, and
// returns the target they describe. A flag that does not apply to the
// target format is an error, as is a value no writer knows.
func newTarget(o convertOptions, plySet bool) (target, error) {
	f, ok := render.Lookup(strings.ToLower(o.to))
	if !ok {
		return target{}, usageErrorf("--to: unknown output format %q (writable: %s)", o.to, strings.Join(writableNames(), ", "))
	}
	applies := func(flag string, set bool, formats ...string) error {
		if set && !contains(formats, f.Name) {
			list := strings.Join(formats, ", ")
			if i := strings.LastIndex(list, ", "); i >= 0 {
				list = list[:i] + " or " + list[i+2:]
			}
			return usageErrorf("%s applies to -t %s output, not %s", flag, list, f.Name)
		}
		return nil
	}
	for _, err := range []error{
		applies("--csa-version", o.csaVersion != "", "csa"),
		// --variations all is the training formats' (trainOptions).
		applies("--variations", o.variations != "" && o.variations != "all" && !render.IsTraining(f.Name), "csa"),
		applies("--notation", o.notation != "", "western"),
		applies("--ply", plySet, "bod", "sfen", "svg"),
	} {
		if err != nil {
			return target{}, err
		}
	}
	if o.csaVersion != "" && o.csaVersion != "2.2" && o.csaVersion != "3.0" {
		return target{}, usageErrorf("--csa-version: want 2.2 or 3.0, not %q", o.csaVersion)
	}
	if f.Name == "csa" && o.variations != "" && o.variations != "separate" && o.variations != "all" {
		return target{}, usageErrorf("--variations: want separate, not %q", o.variations)
	}
	if o.notation != "" && o.notation != "hodges" && o.notation != "hosking" {
		return target{}, usageErrorf("--notation: want hodges or hosking, not %q", o.notation)
	}
	t := target{format: f, crlf: f.CRLF, substitute: o.substitute}
	t.enc, _ = charset.Lookup(f.Encoding)
	if t.enc == "" {
		t.enc = charset.UTF8
	}
	if o.encoding != "" {
		enc, ok := charset.Lookup(o.encoding)
		if !ok || (enc != charset.UTF8 && enc != charset.ShiftJIS) {
			return target{}, usageErrorf("--encoding: want utf-8 or shift_jis, not %q", o.encoding)
		}
		t.enc = enc
	}
	switch strings.ToLower(o.newline) {
	case "":
	case "lf":
		t.crlf = false
	case "crlf":
		t.crlf = true
	default:
		return target{}, usageErrorf("--newline: want lf or crlf, not %q", o.newline)
	}
	if plySet && o.ply < 0 {
		return target{}, usageErrorf("--ply: want 0 or more, not %d", o.ply)
	}
	if o.svgAll {
		switch {
		case f.Name != "svg":
			return target{}, usageErrorf("--svg-all draws SVG pictures: give -t svg")
		case plySet:
			return target{}, usageErrorf("give --ply or --svg-all, not both")
		case o.outDir == "":
			return target{}, usageErrorf("--svg-all writes one file per ply: give the directory with -d DIR")
		}
	}
	t.opt = render.Options{
		AllowLoss:  true,
		Mainline:   o.mainline,
		CSAVersion: o.csaVersion,
		Variations: o.variations,
		Ply:        o.ply,
		PlySet:     plySet,
		Notation:   o.notation,
		Encoding:   string(t.enc),
	}
	return t, nil
}

// result is what converting one input came to.
type result struct {
	in          input
	diags       []diag
	status      int    // exitOK, exitInvalid or exitUsage
	interrupted bool   // cut short by an interrupt: nothing to report
	kept        bool   // the output exists and was left as it is (--skip-existing, --update)
	out         string // the output's name, for messages about writing it
}

func (r *result) fail(status int, ds ...diag) {
	r.diags = append(r.diags, ds...)
	r.status = max(r.status, status)
}

func (r *result) failErr(status int, err error) {
	r.fail(status, diagsFromError(r.in.name(), 0, err)...)
}

func runConvert(cmd *cobra.Command, e env, o convertOptions, args []string, plySet bool) error {
	stderr := cmd.ErrOrStderr()
	if o.output != "" && o.outDir != "" {
		return usageErrorf("give -o FILE or -d DIR, not both")
	}
	if err := outputFormat(&o, stderr); err != nil {
		return err
	}
	t, err := newTarget(o, plySet)
	if err != nil {
		return err
	}
	if t.opt.Train, err = trainOptions(cmd, o, t.format); err != nil {
		return err
	}
	if err := refuseBinaryTerminal(e, o, t.format, cmd.OutOrStdout()); err != nil {
		return err
	}
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	o.jobs = capJobs(o.jobs, e.cpus)
	if o.game < 0 {
		return usageErrorf("--game: want 1 or more, not %d", o.game)
	}
	if o.game > 0 && o.svgAll {
		return usageErrorf("give --game or --svg-all, not both")
	}
	if o.skipExisting && (o.force || o.update) || o.force && o.update {
		return usageErrorf("give one of --force, --skip-existing and --update")
	}
	if (o.skipExisting || o.update) && o.outDir == "" && (o.output == "" || o.output == "-") {
		return usageErrorf("--skip-existing and --update apply to outputs written with -o FILE or -d DIR")
	}
	cond, _ := widthCondition("auto", e.getenv)
	color, err := colorChoice(e, o.color, stderr)
	if err != nil {
		return err
	}
	p := &render.DiagnosticPrinter{Cond: cond, Color: color}
	ins, notes, err := gatherInputs(e, inputFlags{filesFrom: o.filesFrom, null: o.null, from: o.from, verbose: o.verbose}, args, o.outDir, cmd.InOrStdin(), stderr)
	if err != nil {
		return err
	}
	several := len(ins) != 1 || o.filesFrom != ""
	for _, a := range args {
		if several {
			break // a stat per argument counts with 20,000 of them
		}
		if fi, err := os.Stat(a); a != "-" && err == nil && fi.IsDir() {
			several = true
		}
	}
	batch := several || o.outDir != ""
	if batch && o.outDir == "" {
		if o.output == "" || oneGameFormat(t.format.Name, plySet) {
			return usageErrorf("several inputs or a directory: give an output directory with -d DIR, or -o FILE in a format that holds several games")
		}
		return mergeInputs(cmd, e, o, t.format.Name)
	}
	c := &converter{ctx: cmd.Context(), o: o, t: t, stdin: cmd.InOrStdin(), fileJobs: 1, framesFlat: !several,
		oneGame: oneGameFormat(t.format.Name, plySet)}
	if len(ins) == 1 {
		c.fileJobs = o.jobs
	}
	if !batch {
		// Standard input may be a terminal that a read blocks on: an
		// interrupt stops the wait when nothing but standard output is
		// being written (a file output is first removed by its writer).
		done := make(chan result, 1)
		go func() { done <- c.convertSingle(ins[0], cmd.OutOrStdout()) }()
		var r result
		if ins[0].path == "-" && (o.output == "" || o.output == "-") {
			select {
			case r = <-done:
			case <-c.ctx.Done():
				return c.ctx.Err()
			}
		} else {
			r = <-done
		}
		var b []byte
		for i := range r.diags {
			if r.diags[i].Severity == sevWarning && o.quiet {
				continue
			}
			b = p.Append(b, &r.diags[i])
		}
		stderr.Write(b)
		if err := c.ctx.Err(); err != nil {
			return err
		}
		if r.status != exitOK {
			return &exitError{r.status, nil}
		}
		return nil
	}
	return c.convertBatch(e, ins, notes, stderr, p)
}

// outputFormat takes the output format from -o FILE's extension when -t
// is not given, and warns when -t contradicts that extension.
func outputFormat(o *convertOptions, stderr io.Writer) error {
	ext := strings.ToLower(filepath.Ext(o.output))
	byExt, known := render.Format{}, false
	if ext != "" && o.output != "-" {
		byExt, known = render.Lookup(ext)
	}
	switch {
	case o.to == "" && known:
		o.to = byExt.Name
	case o.to == "" && o.output != "" && o.output != "-":
		return usageErrorf("cannot tell the output format from %q: give it with -t (see kifconv formats)", o.output)
	case o.to == "":
		return usageErrorf("give the output format with -t FORMAT (see kifconv formats)")
	case known:
		if f, ok := render.Lookup(strings.ToLower(o.to)); ok && f.Name != byExt.Name && f.Extension != ext {
			fmt.Fprintf(stderr, "kifconv convert: warning: writing %s into %s, whose extension is that of %s\n", f.Name, o.output, byExt.Name)
		}
	}
	return nil
}

// oneGameFormat reports whether a format holds one game per file: several
// games are never glued into one such file.
func oneGameFormat(name string, plySet bool) bool {
	switch name {
	case "kif", "kifu", "ki2", "ki2u", "bod", "svg":
		return true
	case "sfen":
		return plySet
	}
	return false
}

type converter struct {
	ctx      context.Context
	o        convertOptions
	t        target
	stdin    io.Reader
	fileJobs int // workers reading one input: all of them when there is one input
	bufs     bufPool
	// framesFlat puts the --svg-all frames of the one input given right
	// in the output directory rather than in a directory named after it.
	framesFlat bool
	oneGame    bool // the target holds one game per file (split.go)
}

// convertSingle converts one input to standard output or to -o FILE.
func (c *converter) convertSingle(in input, stdout io.Writer) result {
	r := result{in: in}
	if in.err != nil {
		r.failErr(exitUsage, in.err)
		return r
	}
	if c.o.output == "" || c.o.output == "-" {
		r.out = "standard output"
		spool := &recordSpool{ctx: c.ctx, w: stdout}
		c.convert(&r, spool)
		if err := spool.finish(r.status == exitOK && c.ctx.Err() == nil); err != nil && r.status == exitOK {
			r.writeErr(err)
		}
		return r
	}
	r.out = c.o.output
	if fi, err := os.Stat(c.o.output); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		// /dev/null, a FIFO, a terminal: written straight through.
		f, err := os.OpenFile(c.o.output, os.O_WRONLY, 0)
		if err != nil {
			r.writeErr(err)
			return r
		}
		bw := bufio.NewWriterSize(f, 64<<10)
		c.convert(&r, bw)
		if err := bw.Flush(); err != nil && r.status == exitOK {
			r.writeErr(err)
		}
		if err := f.Close(); err != nil && r.status == exitOK {
			r.writeErr(err)
		}
		return r
	}
	root, err := os.OpenRoot(filepath.Dir(c.o.output))
	if err != nil {
		r.writeErr(err)
		return r
	}
	defer root.Close()
	c.convertToFile(&r, render.NewDir(root), filepath.Base(c.o.output), c.o.output)
	return r
}

// convertToFile converts into rel under dir, atomically.
func (c *converter) convertToFile(r *result, dir *render.Dir, rel, shown string) {
	r.out = shown
	if c.oneGame && c.o.game == 0 && c.o.outDir != "" {
		c.convertSplit(r, dir, rel, shown)
		return
	}
	force := c.o.force
	fi, err := dir.Lstat(rel)
	if err != nil {
		fi = nil
	}
	if fi != nil && !render.WritesInto(fi) {
		switch {
		case c.keep(r, dir.Root(), rel):
			return
		case c.o.update:
			force = true // older than its input
		case !force:
			r.fail(exitUsage, existsDiag(r.in, shown))
			return
		}
	}
	out, err := dir.Create(c.ctx, rel, fi)
	if err != nil {
		r.writeErr(err)
		return
	}
	bw := c.bufs.writer(out)
	c.convert(r, bw)
	if r.status == exitOK {
		if err := bw.Flush(); err != nil {
			r.writeErr(err)
		}
	}
	c.bufs.putWriter(bw)
	if r.status != exitOK || c.ctx.Err() != nil {
		out.Abort()
		return
	}
	if err := out.Commit(force); err != nil {
		if errors.Is(err, render.ErrExists) {
			r.fail(exitUsage, existsDiag(r.in, shown))
			return
		}
		r.writeErr(err)
	}
}

// writeErr reports that the output could not be written, naming it and
// the system's reason.
func (r *result) writeErr(err error) {
	err = unwrapPath(err)
	r.fail(exitUsage, diag{Path: r.in.name(), Severity: sevError, Code: "io", Message: "cannot write " + r.out + ": " + err.Error()})
}

func existsDiag(in input, shown string) diag {
	return diag{Path: in.name(), Severity: sevError, Code: "exists", Message: "output " + shown + " exists (use --force to overwrite it)"}
}

// open opens r's input as a source of records, or records why it cannot:
// an input of no known format is invalid (status 1), any other failure a
// usage or I/O error (status 2) unless it carries its own status.
func (c *converter) open(r *result) (*source, bool) {
	src, err := openSourceWith(r.in, c.stdin, c.o.from, parse.Options{Strict: c.o.strict}, c.o.readers, &c.bufs)
	if err != nil {
		r.failErr(openStatus(err), err)
		return nil, false
	}
	return src, true
}

// convert reads every record of the input and writes it to w, transcoded
// to the target encoding and line ends.
func (c *converter) convert(r *result, w io.Writer) {
	name := r.in.name()
	src, ok := c.open(r)
	if !ok {
		return
	}
	defer src.Close()
	// A one-game format gets the first game only once it is known to be
	// the only one: several are refused, never glued into one file.
	out := w
	var held *spill
	if c.oneGame && c.o.game == 0 {
		held = new(spill)
		defer held.close()
		out = ctxWriter{c.ctx, held}
	}
	enc := charset.NewWriter(out, c.t.enc, c.t.crlf, c.t.substitute)
	var dst io.Writer = enc
	if c.t.format.Encoding == render.BinaryEncoding {
		dst = out // bytes, not text
	}
	wr := c.t.format.New(dst, c.t.opt)
	var werr error
	var warns diagList
	before := len(r.diags)
	games, err := src.eachRecord(c.ctx, c.fileJobs, nil, func(game int, res readResult) bool {
		if c.o.game > 0 && game != c.o.game || held != nil && game > 1 {
			return true // read on to count the games
		}
		warns.addParse(name, game, res.warns...)
		werr = wr.Write(res.rec)
		if werr == nil && held == nil {
			werr = recordDone(wr, c.t.format.Name, w)
		}
		return werr == nil && game != c.o.game
	})
	r.diags = slices.Insert(r.diags, before, warns.list(name)...)
	if !c.readAll(r, src, games, werr, err) {
		return
	}
	switch {
	case c.o.game > games:
		r.fail(exitUsage, diag{Path: name, Severity: sevError, Code: "games",
			Message: "--game " + strconv.Itoa(c.o.game) + ": the input holds " + plural(games, "game")})
		return
	case held != nil && games > 1:
		r.fail(exitInvalid, c.gamesDiag(name, games))
		return
	}
	if err := wr.Flush(); err != nil {
		c.writeFailed(r, 0, err)
		return
	}
	if err := enc.Close(); err != nil {
		c.writeFailed(r, 0, err)
		return
	}
	if held != nil {
		err := held.writeTo(c.ctx, w, held.size)
		if err == nil {
			err = commitRecord(w)
		}
		if err != nil {
			c.writeFailed(r, 0, err)
			return
		}
	}
	c.lossWarning(r, wr.Losses(), enc.Substitutions())
}

// readAll reports whether every record of an input was read and written;
// if not, it says in r why: the write error, the read error, or an input
// with no record.
func (c *converter) readAll(r *result, src *source, games int, werr, err error) bool {
	switch {
	case r.status != exitOK:
	case werr != nil:
		c.writeFailed(r, games, werr)
	case err != nil:
		c.readFailed(r, src, games, err)
	case games == 0:
		r.fail(exitInvalid, diag{Path: r.in.name(), Severity: sevError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
	default:
		return true
	}
	return false
}

// gamesDiag refuses to write several games into one file of a one-game
// format.
func (c *converter) gamesDiag(name string, games int) diag {
	return diag{Path: name, Severity: sevError, Code: "games",
		Message: "the input holds " + plural(games, "game") + " and " + c.t.format.Name + " holds one per file: " +
			"give -d DIR to write one file per game, or --game N to pick one"}
}

// lossWarning says in one warning everything lost in this input; then,
// under --strict, every warning is an error and the output is not kept.
func (c *converter) lossWarning(r *result, losses []string, subs int) {
	var lost []string
	if len(losses) > 0 {
		lost = append(lost, c.t.format.Name+" cannot carry "+strings.Join(losses, ", ")+"; dropped")
	}
	if subs > 0 {
		lost = append(lost, plural(subs, "character")+" not in "+string(c.t.enc)+" replaced (☗☖ by ▲△, others by ?)")
	}
	if len(lost) > 0 {
		r.diags = append(r.diags, diag{Path: r.in.name(), Severity: sevWarning, Code: "lossy", Message: strings.Join(lost, "; ")})
	}
	if c.o.strict {
		for i := range r.diags {
			if r.diags[i].Severity == sevWarning {
				r.diags[i].Severity = sevError
				r.status = max(r.status, exitInvalid)
			}
		}
	}
}

func (c *converter) readFailed(r *result, src *source, game int, err error) {
	var pathErr *os.PathError
	if errors.As(err, &pathErr) || errors.Is(err, context.Canceled) {
		r.failErr(exitUsage, err)
		return
	}
	r.fail(exitInvalid, diagsFromError(r.in.name(), game, err)...)
}

func (c *converter) writeFailed(r *result, game int, err error) {
	var pe *fs.PathError
	var errno syscall.Errno
	switch {
	case c.ctx.Err() != nil:
		r.failErr(exitUsage, c.ctx.Err())
	case errors.As(err, &pe) || errors.As(err, &errno):
		r.writeErr(err)
	default:
		// The record cannot be written in the target format (or
		// encoding): a problem of this input, not of the output.
		r.fail(exitInvalid, diagsFromError(r.in.name(), game, err)...)
	}
}

// convertBatch converts every input into the output directory with up to
// o.jobs workers. Diagnostics are printed in input order whatever the
// number of workers, so that output and messages do not depend on it.
func (c *converter) convertBatch(e env, ins []input, notes *walkNotes, stderr io.Writer, p *render.DiagnosticPrinter) error {
	if err := os.MkdirAll(c.o.outDir, 0o755); err != nil {
		return &exitError{exitUsage, fmt.Errorf("cannot make the output directory %s: %w", c.o.outDir, unwrapPath(err))}
	}
	root, err := os.OpenRoot(c.o.outDir)
	if err != nil {
		return &exitError{exitUsage, fmt.Errorf("cannot open the output directory %s: %w", c.o.outDir, unwrapPath(err))}
	}
	defer root.Close()
	dirs := render.NewDirs(root)
	defer dirs.Close()
	// When two inputs would write the same output (a.kif and a.kifu to
	// a.jkf), the later one keeps its own extension (a.kifu.jkf); only if
	// that is taken too is it an error. Decided before any work starts, so
	// the names do not depend on --jobs.
	// Inputs already in the target's extension keep their name first.
	// With --svg-all an input's output is a directory of frames, named as
	// the input without its extension (the input's own directory when it
	// is the only one given).
	outs := make([]string, len(ins))
	owner := map[string]int{}
	results := make([]result, len(ins))
	ext := c.t.format.Extension
	if c.o.svgAll {
		ext = ""
	}
	for pass := range 2 {
		for i, in := range ins {
			same := filepath.Ext(in.rel) == ext
			if same != (pass == 0) {
				continue
			}
			results[i].in = in
			rel := strings.TrimSuffix(in.rel, filepath.Ext(in.rel)) + ext
			if c.o.svgAll && c.framesFlat {
				rel = "."
			}
			if _, dup := owner[rel]; dup && !same {
				rel = in.rel + ext
			}
			outs[i] = rel
			if j, dup := owner[rel]; dup {
				results[i].fail(exitUsage, diag{Path: in.name(), Severity: sevError, Code: "conflict",
					Message: "its output " + filepath.Join(c.o.outDir, rel) + " is also the output of " + ins[j].name()})
				continue
			}
			owner[rel] = i
		}
	}
	bar := newBar(e, stderr, len(ins), c.o.quiet, "converting")
	var converted, failed, warnings, kept int
	status := exitOK
	var b []byte
	runInputs(c.ctx, len(ins), c.o.jobs, bar, nil, func(i int) {
		r := &results[i]
		if r.status != exitOK || c.ctx.Err() != nil {
			return
		}
		if r.in.err != nil {
			r.failErr(exitUsage, r.in.err)
		} else {
			shown := filepath.Join(c.o.outDir, outs[i])
			if c.o.svgAll {
				c.convertFrames(r, root, outs[i])
			} else if dir, sub, base, err := dirs.Open(outs[i]); err != nil {
				r.out = shown
				r.writeErr(err)
			} else {
				c.convertToFile(r, sub, base, shown)
				dirs.Release(dir)
			}
		}
		if c.ctx.Err() != nil {
			*r = result{in: r.in, interrupted: true}
		}
	}, func(i int) {
		r := &results[i]
		if r.interrupted {
			return
		}
		b = b[:0]
		for i := range r.diags {
			d := &r.diags[i]
			if d.Severity == sevWarning {
				warnings++
				if c.o.quiet {
					continue
				}
			}
			b = p.Append(b, d)
		}
		if len(b) > 0 {
			bar.clear()
			stderr.Write(b)
		}
		switch {
		case r.status != exitOK:
			failed++
		case r.kept:
			kept++
		default:
			converted++
		}
		status = max(status, r.status)
	})
	bar.finish()
	if !c.o.quiet {
		line := strconv.Itoa(converted) + " converted, " + strconv.Itoa(failed) + " failed, " + plural(warnings, "warning")
		if kept > 0 {
			line += ", " + strconv.Itoa(kept) + " kept"
		}
		if t := skippedText(notes.counts()); t != "" {
			line += "; " + t
		}
		if c.ctx.Err() != nil {
			line += "; interrupted"
		}
		fmt.Fprintln(stderr, line)
	}
	if err := c.ctx.Err(); err != nil {
		return err
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}

// mergeInputs writes every game of several inputs into the one file -o
// names, in input order, in a format that holds several games (a folder
// into one CSA file): the path filter takes with no criterion.
func mergeInputs(cmd *cobra.Command, e env, o convertOptions, format string) error {
	if o.strict || o.skipExisting || o.update || o.svgAll || o.variations != "" || o.notation != "" {
		return usageErrorf("-o FILE with several inputs merges their games: --strict, --skip-existing, --update, --svg-all, --variations and --notation need -d DIR")
	}
	coll := collOptions{from: o.from, filesFrom: o.filesFrom, null: o.null, jobs: o.jobs, readers: o.readers}
	if o.game > 0 {
		coll.games = strconv.Itoa(o.game)
	}
	if err := coll.check(cmd, e); err != nil {
		return err
	}
	sink, err := newGameSink(cmd, outOptions{to: format, output: o.output, encoding: o.encoding, newline: o.newline,
		csaVersion: o.csaVersion, mainline: o.mainline, force: o.force, substitute: o.substitute, quiet: o.quiet})
	if err != nil {
		return err
	}
	games := 0
	status, err := eachGame(cmd, &coll, gameWalk{work: func(*gameRef) any { return true }, records: true}, func(g *gameRef) bool {
		games++
		return sink.write(g)
	})
	sink.close(err == nil)
	status = max(status, sink.status)
	switch {
	case err != nil:
		return err
	case status != exitOK:
		return &exitError{status, nil}
	case games == 0:
		return &exitError{exitUsage, errors.New("no records found")}
	}
	if !o.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s merged into %s\n", plural(games, "game"), o.output)
	}
	return nil
}
