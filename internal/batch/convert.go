package batch

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
	"sync"
	"syscall"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
)

// Target is the format and the options converted records are written
// with.
type Target struct {
	Format     render.Format
	Options    render.Options
	Enc        charset.Encoding
	CRLF       bool
	Substitute bool // replace what Enc lacks rather than fail
}

// newWriter returns the target's writer on w: transcoding text to Enc and
// its line ends, binary formats straight.
func (t Target) newWriter(w io.Writer) (render.Writer, *charset.Writer) {
	enc := charset.NewWriter(w, t.Enc, t.CRLF, t.Substitute)
	if t.Format.Encoding == render.BinaryEncoding {
		return t.Format.New(w, t.Options), enc // bytes, not text
	}
	return t.Format.New(enc, t.Options), enc
}

// ConvertOptions are what a Converter does beyond the target.
type ConvertOptions struct {
	From   string             // the input format, or "" to detect it
	Setup  func(parse.Reader) // applied to every reader
	Strict bool               // every warning is an error, and the output is not kept
	Game   int                // convert only this record (1-based), 0 for all
	Force  bool               // replace existing outputs
	// SkipExisting keeps existing outputs; Update keeps those not older
	// than their input.
	SkipExisting, Update bool
	Output               string // -o FILE, "" or "-" for standard output
	OutDir               string // -d DIR: one output per input (per game in one-game formats)
	SVGAll               bool   // one SVG file per position of the main line, under OutDir
}

// Check checks the options against each other, before any input is read;
// the errors are parse.UsageErrors naming the flags.
func (o ConvertOptions) Check() error {
	switch {
	case o.Game < 0:
		return usageErrorf("--game: want 1 or more, not %d", o.Game)
	case o.Game > 0 && o.SVGAll:
		return usageErrorf("give --game or --svg-all, not both")
	case o.SkipExisting && (o.Force || o.Update) || o.Force && o.Update:
		return usageErrorf("give one of --force, --skip-existing and --update")
	case (o.SkipExisting || o.Update) && o.OutDir == "" && (o.Output == "" || o.Output == "-"):
		return usageErrorf("--skip-existing and --update apply to outputs written with -o FILE or -d DIR")
	}
	return nil
}

// CheckMerge checks that several inputs can go, with no output directory,
// into the one file o.Output names: in a format that holds several games,
// with none of the options that need one output per input. The errors are
// parse.UsageErrors naming the flags.
func (o ConvertOptions) CheckMerge(t Target, s TargetSpec) error {
	if o.Output == "" || OneGameFormat(t.Format.Name, s.PlySet) {
		return usageErrorf("several inputs or a directory: give an output directory with -d DIR, or -o FILE in a format that holds several games")
	}
	if o.Strict || o.SkipExisting || o.Update || o.SVGAll || s.Variations != "" || s.Notation != "" {
		return usageErrorf("-o FILE with several inputs merges their games: --strict, --skip-existing, --update, --svg-all, --variations and --notation need -d DIR")
	}
	return nil
}

// Result is what converting one input came to.
type Result struct {
	In          Input
	Diags       []report.Diagnostic
	Status      Status
	Interrupted bool   // cut short by an interrupt: nothing to report
	Kept        bool   // the output exists and was left as it is (SkipExisting, Update)
	Out         string // the output's name, for messages about writing it
}

func (r *Result) fail(status Status, ds ...report.Diagnostic) {
	r.Diags = append(r.Diags, ds...)
	r.Status = max(r.Status, status)
}

func (r *Result) failErr(status Status, err error) {
	r.fail(status, report.DiagnosticsFromError(r.In.Name(), 0, err)...)
}

// OneGameFormat reports whether a format holds one game per file: several
// games are never glued into one such file.
func OneGameFormat(name string, plySet bool) bool {
	switch name {
	case "kif", "kifu", "ki2", "ki2u", "bod", "svg":
		return true
	case "sfen":
		return plySet
	}
	return false
}

// Converter converts inputs into outputs of a Target.
type Converter struct {
	Ctx    context.Context
	Opt    ConvertOptions
	Target Target
	Stdin  io.Reader
	// FileJobs is the workers reading one input: all of them when there
	// is one input.
	FileJobs int
	// FramesFlat puts the SVGAll frames of the one input given right in
	// the output directory rather than in a directory named after it.
	FramesFlat bool
	OneGame    bool // the target holds one game per file (split.go)
	pool       parse.Pool
	w          writerPool
}

// writerPool keeps the output buffers for the next output; the nil pool
// allocates every time.
type writerPool struct{ p sync.Pool }

func (p *writerPool) get(w io.Writer) *bufio.Writer {
	if bw, ok := p.p.Get().(*bufio.Writer); ok {
		bw.Reset(w)
		return bw
	}
	return bufio.NewWriterSize(w, 64<<10)
}

func (p *writerPool) put(bw *bufio.Writer) {
	bw.Reset(nil)
	p.p.Put(bw)
}

// Single converts one input to standard output or to -o FILE.
func (c *Converter) Single(in Input, stdout io.Writer) Result {
	r := Result{In: in}
	if in.Err != nil {
		r.failErr(StatusTrouble, in.Err)
		return r
	}
	if c.Opt.Output == "" || c.Opt.Output == "-" {
		r.Out = "standard output"
		spool := &recordSpool{ctx: c.Ctx, w: stdout}
		c.convert(&r, spool)
		if err := spool.finish(r.Status == StatusOK && c.Ctx.Err() == nil); err != nil && r.Status == StatusOK {
			r.writeErr(err)
		}
		return r
	}
	r.Out = c.Opt.Output
	if fi, err := os.Stat(c.Opt.Output); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		// /dev/null, a FIFO, a terminal: written straight through.
		f, err := os.OpenFile(c.Opt.Output, os.O_WRONLY, 0)
		if err != nil {
			r.writeErr(err)
			return r
		}
		bw := bufio.NewWriterSize(f, 64<<10)
		c.convert(&r, bw)
		if err := bw.Flush(); err != nil && r.Status == StatusOK {
			r.writeErr(err)
		}
		if err := f.Close(); err != nil && r.Status == StatusOK {
			r.writeErr(err)
		}
		return r
	}
	root, err := os.OpenRoot(filepath.Dir(c.Opt.Output))
	if err != nil {
		r.writeErr(err)
		return r
	}
	defer root.Close()
	c.convertToFile(&r, NewDir(root), filepath.Base(c.Opt.Output), c.Opt.Output)
	return r
}

// convertToFile converts into rel under dir, atomically.
func (c *Converter) convertToFile(r *Result, dir *Dir, rel, shown string) {
	r.Out = shown
	if c.OneGame && c.Opt.Game == 0 && c.Opt.OutDir != "" {
		c.convertSplit(r, dir, rel, shown)
		return
	}
	force := c.Opt.Force
	fi, err := dir.Lstat(rel)
	if err != nil {
		fi = nil
	}
	if fi != nil && !WritesInto(fi) {
		switch {
		case c.keep(r, dir.Root(), rel):
			return
		case c.Opt.Update:
			force = true // older than its input
		case !force:
			r.fail(StatusTrouble, existsDiagnostic(r.In, shown))
			return
		}
	}
	out, err := dir.Create(c.Ctx, rel, fi)
	if err != nil {
		r.writeErr(err)
		return
	}
	bw := c.w.get(out)
	c.convert(r, bw)
	if r.Status == StatusOK {
		if err := bw.Flush(); err != nil {
			r.writeErr(err)
		}
	}
	c.w.put(bw)
	if r.Status != StatusOK || c.Ctx.Err() != nil {
		out.Abort()
		return
	}
	if err := out.Commit(force); err != nil {
		if errors.Is(err, ErrExists) {
			r.fail(StatusTrouble, existsDiagnostic(r.In, shown))
			return
		}
		r.writeErr(err)
	}
}

// writeErr reports that the output could not be written, naming it and
// the system's reason.
func (r *Result) writeErr(err error) {
	err = UnwrapPath(err)
	r.fail(StatusTrouble, report.Diagnostic{Path: r.In.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + r.Out + ": " + err.Error()})
}

func existsDiagnostic(in Input, shown string) report.Diagnostic {
	return report.Diagnostic{Path: in.Name(), Severity: report.SeverityError, Code: "exists", Message: "output " + shown + " exists (use --force to overwrite it)"}
}

// open opens r's input as a source of records, or records why it cannot:
// an input of no known format is invalid (status 1), any other failure a
// usage or I/O error (status 2) unless it carries its own status.
func (c *Converter) open(r *Result) (*InputSource, bool) {
	src, err := OpenInput(r.In, c.Stdin, c.Opt.From, parse.Options{Strict: c.Opt.Strict}, c.Opt.Setup, &c.pool)
	if err != nil {
		r.failErr(OpenStatus(err), err)
		return nil, false
	}
	return src, true
}

// convert reads every record of the input and writes it to w, transcoded
// to the target encoding and line ends.
func (c *Converter) convert(r *Result, w io.Writer) {
	name := r.In.Name()
	src, ok := c.open(r)
	if !ok {
		return
	}
	defer src.Close()
	// A one-game format gets the first game only once it is known to be
	// the only one: several are refused, never glued into one file.
	out := w
	var held *heldOutput
	if c.OneGame && c.Opt.Game == 0 {
		held = new(heldOutput)
		defer held.close()
		out = ctxWriter{c.Ctx, held}
	}
	wr, enc := c.Target.newWriter(out)
	var werr error
	var warns report.DiagnosticList
	before := len(r.Diags)
	games, err := Each(c.Ctx, src, c.FileJobs, nil, func(game int, res parse.Result[struct{}]) bool {
		if c.Opt.Game > 0 && game != c.Opt.Game || held != nil && game > 1 {
			return true // read on to count the games
		}
		warns.AddParse(name, game, res.Warnings...)
		werr = wr.Write(res.Record)
		if werr == nil && held == nil {
			werr = recordDone(wr, c.Target.Format.Name, w)
		}
		return werr == nil && game != c.Opt.Game
	})
	r.Diags = slices.Insert(r.Diags, before, warns.List(name)...)
	if !c.readAll(r, src, games, werr, err) {
		return
	}
	switch {
	case c.Opt.Game > games:
		r.fail(StatusTrouble, report.Diagnostic{Path: name, Severity: report.SeverityError, Code: "games",
			Message: "--game " + strconv.Itoa(c.Opt.Game) + ": the input holds " + report.Plural(games, "game")})
		return
	case held != nil && games > 1:
		r.fail(StatusInvalid, c.gamesDiag(name, games))
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
		err := held.writeTo(c.Ctx, w, held.size)
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
func (c *Converter) readAll(r *Result, src *InputSource, games int, werr, err error) bool {
	switch {
	case r.Status != StatusOK:
	case werr != nil:
		c.writeFailed(r, games, werr)
	case err != nil:
		c.readFailed(r, src, games, err)
	case games == 0:
		r.fail(StatusInvalid, report.Diagnostic{Path: r.In.Name(), Severity: report.SeverityError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
	default:
		return true
	}
	return false
}

// gamesDiag refuses to write several games into one file of a one-game
// format.
func (c *Converter) gamesDiag(name string, games int) report.Diagnostic {
	return report.Diagnostic{Path: name, Severity: report.SeverityError, Code: "games",
		Message: "the input holds " + report.Plural(games, "game") + " and " + c.Target.Format.Name + " holds one per file: " +
			"give -d DIR to write one file per game, or --game N to pick one"}
}

// lossWarning says in one warning everything lost in this input; then,
// under --strict, every warning is an error and the output is not kept.
func (c *Converter) lossWarning(r *Result, losses []string, subs int) {
	var lost []string
	if len(losses) > 0 {
		lost = append(lost, c.Target.Format.Name+" cannot carry "+strings.Join(losses, ", ")+"; dropped")
	}
	if subs > 0 {
		lost = append(lost, report.Plural(subs, "character")+" not in "+string(c.Target.Enc)+" replaced (☗☖ by ▲△, others by ?)")
	}
	if len(lost) > 0 {
		r.Diags = append(r.Diags, report.Diagnostic{Path: r.In.Name(), Severity: report.SeverityWarning, Code: "lossy", Message: strings.Join(lost, "; ")})
	}
	if c.Opt.Strict {
		for i := range r.Diags {
			if r.Diags[i].Severity == report.SeverityWarning {
				r.Diags[i].Severity = report.SeverityError
				r.Status = max(r.Status, StatusInvalid)
			}
		}
	}
}

func (c *Converter) readFailed(r *Result, src *InputSource, game int, err error) {
	var pathErr *os.PathError
	if errors.As(err, &pathErr) || errors.Is(err, context.Canceled) {
		r.failErr(StatusTrouble, err)
		return
	}
	r.fail(StatusInvalid, report.DiagnosticsFromError(r.In.Name(), game, err)...)
}

func (c *Converter) writeFailed(r *Result, game int, err error) {
	var pe *fs.PathError
	var errno syscall.Errno
	switch {
	case c.Ctx.Err() != nil:
		r.failErr(StatusTrouble, c.Ctx.Err())
	case errors.As(err, &pe) || errors.As(err, &errno):
		r.writeErr(err)
	default:
		// The record cannot be written in the target format (or
		// encoding): a problem of this input, not of the output.
		r.fail(StatusInvalid, report.DiagnosticsFromError(r.In.Name(), game, err)...)
	}
}

// Batch converts every input into root (Opt.OutDir) with up to jobs workers,
// and calls each with the result of every input in input order (done as
// each input is done, in the order they finish), whatever the number of
// workers, so that output and messages do not depend on it. An input cut
// short by ctx is passed on with Interrupted set.
func (c *Converter) Batch(root *os.Root, ins []Input, jobs int, done func(), each func(r *Result)) {
	dirs := NewDirs(root)
	defer dirs.Close()
	outs, results := c.outputNames(ins)
	EachInput(c.Ctx, len(ins), jobs, nil, func(i int) {
		r := &results[i]
		if r.Status != StatusOK || c.Ctx.Err() != nil {
			return
		}
		if r.In.Err != nil {
			r.failErr(StatusTrouble, r.In.Err)
		} else {
			shown := filepath.Join(c.Opt.OutDir, outs[i])
			if c.Opt.SVGAll {
				c.convertFrames(r, root, outs[i])
			} else if dir, sub, base, err := dirs.Open(outs[i]); err != nil {
				r.Out = shown
				r.writeErr(err)
			} else {
				c.convertToFile(r, sub, base, shown)
				dirs.Release(dir)
			}
		}
		if c.Ctx.Err() != nil {
			*r = Result{In: r.In, Interrupted: true}
		}
	}, func(i int) { each(&results[i]) }, done)
}

// Progress is told how a batch goes: Add as each input is done, Clear
// before a message is printed (a bar drawn on the same terminal).
type Progress interface {
	Add()
	Clear()
}

// BatchTo converts the inputs (Batch) and prints the diagnostics of each on
// w with p, in input order, without the warnings when quiet; it returns
// the tally of the results.
func (c *Converter) BatchTo(w io.Writer, p *report.DiagnosticPrinter, quiet bool, root *os.Root, ins []Input, jobs int, pr Progress) Tally {
	var tally Tally
	var b []byte
	c.Batch(root, ins, jobs, pr.Add, func(r *Result) {
		if r.Interrupted {
			return
		}
		tally.Add(r)
		if b = p.AppendAll(b[:0], r.Diags, quiet); len(b) > 0 {
			pr.Clear()
			w.Write(b)
		}
	})
	return tally
}

// MakeOutDir makes the output directory dir, with its parents, and opens
// it.
func MakeOutDir(dir string) (*os.Root, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the output directory %s: %w", dir, UnwrapPath(err))
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the output directory %s: %w", dir, UnwrapPath(err))
	}
	return root, nil
}

// outputNames names the output of each input under Opt.OutDir: its path
// with the target's extension. When two inputs would write the same output
// (a.kif and a.kifu to a.jkf), the later one keeps its own extension
// (a.kifu.jkf); only if that is taken too is it an error, in its result.
// Inputs already in the target's extension keep their name first. With
// SVGAll an input's output is a directory of frames, named as the input
// without its extension (the output directory itself with FramesFlat).
func (c *Converter) outputNames(ins []Input) ([]string, []Result) {
	outs := make([]string, len(ins))
	owner := map[string]int{}
	results := make([]Result, len(ins))
	ext := c.Target.Format.Extension
	if c.Opt.SVGAll {
		ext = ""
	}
	for pass := range 2 {
		for i, in := range ins {
			same := filepath.Ext(in.Rel) == ext
			if same != (pass == 0) {
				continue
			}
			results[i].In = in
			rel := strings.TrimSuffix(in.Rel, filepath.Ext(in.Rel)) + ext
			if c.Opt.SVGAll && c.FramesFlat {
				rel = "."
			}
			if _, dup := owner[rel]; dup && !same {
				rel = in.Rel + ext
			}
			outs[i] = rel
			if j, dup := owner[rel]; dup {
				results[i].fail(StatusTrouble, report.Diagnostic{Path: in.Name(), Severity: report.SeverityError, Code: "conflict",
					Message: "its output " + filepath.Join(c.Opt.OutDir, rel) + " is also the output of " + ins[j].Name()})
				continue
			}
			owner[rel] = i
		}
	}
	return outs, results
}

// createIn starts writing rel under root, atomically (Dir.Create).
func createIn(ctx context.Context, root *os.Root, rel string) (*File, error) {
	d := NewDir(root)
	fi, err := d.Lstat(rel)
	if err != nil {
		fi = nil
	}
	return d.Create(ctx, rel, fi)
}

// Tally counts the results of a batch for its summary line.
type Tally struct {
	Converted, Failed, Warnings, Kept int
	Status                            Status // the worst met
}

// Add counts a result.
func (t *Tally) Add(r *Result) {
	for i := range r.Diags {
		if r.Diags[i].Severity == report.SeverityWarning {
			t.Warnings++
		}
	}
	switch {
	case r.Status != StatusOK:
		t.Failed++
	case r.Kept:
		t.Kept++
	default:
		t.Converted++
	}
	t.Status = max(t.Status, r.Status)
}

// Line is the summary line: "3 converted, 0 failed, 1 warning", with what
// was kept, what was skipped (skipped, when not "") and whether the batch
// was interrupted.
func (t *Tally) Line(skipped string, interrupted bool) string {
	line := strconv.Itoa(t.Converted) + " converted, " + strconv.Itoa(t.Failed) + " failed, " + report.Plural(t.Warnings, "warning")
	if t.Kept > 0 {
		line += ", " + strconv.Itoa(t.Kept) + " kept"
	}
	if skipped != "" {
		line += "; " + skipped
	}
	if interrupted {
		line += "; interrupted"
	}
	return line
}
