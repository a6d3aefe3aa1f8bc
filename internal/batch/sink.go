package batch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Target is the format and the options records are written with.
type Target struct {
	Format     render.Format
	Options    render.Options
	Enc        charset.Encoding
	CRLF       bool
	Substitute bool // replace what Enc lacks rather than fail
}

// OneGame reports whether the target holds one game a file: several games
// are never glued into one such file.
func (t Target) OneGame() bool { return OneGameFormat(t.Format.Name, t.Options.PlySet) }

// OneGameFormat reports whether a format holds one game per file (SFEN
// does when it is the position at a given ply).
func OneGameFormat(name string, plySet bool) bool {
	switch name {
	case "kif", "kifu", "ki2", "ki2u", "bod", "svg":
		return true
	case "sfen":
		return plySet
	}
	return false
}

// targetWriter is a writer of a Target, on the encoder that transcodes its
// text (binary formats write straight to the output; enc is idle).
type targetWriter struct {
	wr  render.Writer
	enc *charset.Writer
}

// newWriter returns the target's writer on w.
func (t *Target) newWriter(w io.Writer) *targetWriter {
	tw := &targetWriter{enc: charset.NewWriter(w, t.Enc, t.CRLF, t.Substitute)}
	if t.Format.Encoding == render.BinaryEncoding {
		tw.wr = t.Format.New(w, t.Options)
	} else {
		tw.wr = t.Format.New(tw.enc, t.Options)
	}
	return tw
}

// reset points tw at w, as newWriter would make it.
func (tw *targetWriter) reset(t *Target, w io.Writer) {
	tw.enc.Reset(w)
	if t.Format.Encoding == render.BinaryEncoding {
		tw.wr.Reset(w)
	} else {
		tw.wr.Reset(tw.enc)
	}
}

// Dest says where records are written.
type Dest struct {
	Stdout io.Writer // when File and Dir are ""
	File   string    // every record, of every input, into this one file
	// Dir is a tree of outputs: one file per input, its path below Dir
	// the input's Rel with the target's extension; in a format that holds
	// one game a file, one file per game (NAME-0003.kif for game 3) when
	// an input gives several.
	Dir          string
	Force        bool // replace existing outputs
	SkipExisting bool // leave existing outputs as they are, and count them
	Update       bool // replace only the outputs older than their input
	// Frames draws every position of the main line into a file of its own
	// (SVG), under Dir: NAME/0000.svg …, or right in Dir for FramesFlat.
	Frames, FramesFlat bool
	// Strict keeps no output of an input with a problem (nor the one file
	// of File when any input has one).
	Strict bool
	// Temps, when not nil, is told of every temporary file, for a process
	// that must remove them whatever stops it.
	Temps *Temps
}

// Sink writes records into a Dest, in a Target: the one output path of
// every command that writes records. Files are written atomically (a
// temporary file moved into place), standard output in whole records. A
// read that fails does not fail an output: what was read is written. A
// record that cannot be written in the target, an I/O error or an
// interrupt fails it (under Strict, any problem does): a failed file is
// removed, and standard output stops after the last whole record.
type Sink struct {
	ctx   context.Context
	t     Target
	d     Dest
	root  *os.Root // Dir, or File's directory
	dirs  *Dirs
	names outputNames
	bufs  sync.Pool // *bufio.Writer
	// writers keeps the target's writers between outputs: each has grown
	// its buffers to the size of a record.
	writers sync.Pool // *targetWriter
}

// NewSink returns a sink into d; the error is that of File's directory.
// The output directory Dir is made when the first input is met, so that a
// run with no input leaves none behind.
func NewSink(ctx context.Context, t Target, d Dest) (*Sink, error) {
	s := &Sink{ctx: ctx, t: t, d: d}
	switch {
	case d.Dir != "":
		s.names.ext = t.Format.Extension
		if d.Frames {
			s.names.ext = ""
		}
	case d.File != "" && d.File != "-":
		root, err := os.OpenRoot(filepath.Dir(d.File))
		if err != nil {
			return nil, &OutputError{d.File, err}
		}
		s.root, s.dirs = root, NewDirs(root, d.Temps)
	}
	return s, nil
}

// OutputError is an output that cannot be written at all.
type OutputError struct {
	Path string
	Err  error
}

func (e *OutputError) Error() string {
	return "cannot write " + e.Path + ": " + UnwrapPath(e.Err).Error()
}

func (e *OutputError) Unwrap() error { return e.Err }

// PerInput reports whether each input has outputs of its own (Dir).
func (s *Sink) PerInput() bool { return s.d.Dir != "" }

// claim names input in's output under Dir, in input order (the runner's
// order of inputs), with a note when the name had to change. The first
// claim makes the output directory; its error stops the run.
func (s *Sink) claim(in Input) (string, []report.Diagnostic, error) {
	if s.root == nil {
		if err := os.MkdirAll(s.d.Dir, 0o755); err != nil {
			return "", nil, &OutputError{s.d.Dir, err}
		}
		root, err := os.OpenRoot(s.d.Dir)
		if err != nil {
			return "", nil, &OutputError{s.d.Dir, err}
		}
		s.root, s.dirs = root, NewDirs(root, s.d.Temps)
	}
	if s.d.Frames && s.d.FramesFlat {
		return ".", nil, nil
	}
	rel, taken := s.names.claim(in.Rel)
	if taken == "" {
		return rel, nil, nil
	}
	return rel, []report.Diagnostic{{Path: in.Name(), Severity: report.SeverityNote, Code: "renamed",
		Message: "output " + filepath.Join(s.d.Dir, taken) + " is an earlier input's; written as " + filepath.Join(s.d.Dir, rel)}}, nil
}

// outputNames hands out the names of outputs under Dir, each once.
type outputNames struct {
	ext   string
	taken map[string]struct{}
}

// claim returns the name of the output of an input at rel: rel with the
// target's extension, or when an earlier input has that, rel with its own
// extension kept (a.kifu.jkf beside a.jkf from a.kif), or NAME-2.ext, …;
// taken is the name it could not have, or "".
func (n *outputNames) claim(rel string) (name, taken string) {
	if n.taken == nil {
		n.taken = map[string]struct{}{}
	}
	stem := strings.TrimSuffix(rel, filepath.Ext(rel))
	name = stem + n.ext
	try := []string{name}
	if filepath.Ext(rel) != n.ext {
		try = append(try, rel+n.ext)
	}
	for i := 0; ; i++ {
		cand := ""
		if i < len(try) {
			cand = try[i]
		} else {
			cand = stem + "-" + strconv.Itoa(i-len(try)+2) + n.ext
		}
		if _, dup := n.taken[hostNames.key(cand)]; !dup {
			n.taken[hostNames.key(cand)] = struct{}{}
			if cand != name {
				return cand, name
			}
			return cand, ""
		}
	}
}

// writerBuf returns a buffered writer on w from the sink's pool.
func (s *Sink) writerBuf(w io.Writer) *bufio.Writer {
	if bw, ok := s.bufs.Get().(*bufio.Writer); ok {
		bw.Reset(w)
		return bw
	}
	return bufio.NewWriterSize(w, 64<<10)
}

func (s *Sink) putBuf(bw *bufio.Writer) {
	bw.Reset(nil)
	s.bufs.Put(bw)
}

// writer returns the target's writer on w, from the sink's pool.
func (s *Sink) writer(w io.Writer) *targetWriter {
	if tw, ok := s.writers.Get().(*targetWriter); ok {
		tw.reset(&s.t, w)
		return tw
	}
	return s.t.newWriter(w)
}

// putWriter returns a writer done with to the pool.
func (s *Sink) putWriter(tw *targetWriter) {
	tw.reset(&s.t, nil)
	s.writers.Put(tw)
}

// output is one output being written: a file, or standard output.
type output struct {
	s      *Sink
	shown  string // its name in messages
	file   *File  // nil for standard output
	bw     *bufio.Writer
	spool  *recordSpool  // standard output: whole records only
	tw     *targetWriter // the sink's, until close gives it back
	held   *heldOutput   // a one-game format's record, until it is known to be the only one
	games  int
	subs   int   // substitutions already reported
	failed error // why the output is lost: a record it cannot hold, I/O
}

// open starts an output named shown: into file, or standard output when
// file is nil.
func (s *Sink) open(shown string, file *File) *output {
	o := &output{s: s, shown: shown, file: file}
	var w io.Writer
	if file != nil {
		o.bw = s.writerBuf(file)
		w = o.bw
	} else {
		o.spool = &recordSpool{ctx: s.ctx, w: s.d.Stdout}
		w = o.spool
	}
	if s.t.OneGame() {
		o.held = new(heldOutput)
		w = ctxWriter{s.ctx, o.held}
	}
	o.tw = s.writer(w)
	return o
}

// write writes one record; false when the output failed (its error is in
// o.failed), for this record or before. A one-game format takes one
// record: a second fails the output.
func (o *output) write(rec *shogi.Record) bool {
	if o.failed != nil {
		return false
	}
	if o.held != nil && o.games == 1 {
		o.failed = errOneGame
		return false
	}
	err := o.tw.wr.Write(rec)
	if err == nil && o.spool != nil && o.held == nil {
		// Standard output gets whole records: each is pushed through
		// the writer's buffer and marked. JKF holds its first record
		// until it knows whether a second follows, and writes each whole.
		if o.s.t.Format.Name != "jkf" {
			err = o.tw.wr.Flush()
		}
		if err == nil {
			err = o.spool.mark()
		}
	}
	if err != nil {
		o.failed = err
		return false
	}
	o.games++
	return true
}

// errOneGame fails an output of a one-game format given a second game.
var errOneGame = errors.New("one game a file")

// lost returns what the records written since the last call lost: the
// features the target dropped, and the characters the encoding replaced.
func (o *output) lost() ([]string, int) {
	subs := o.tw.enc.Substitutions()
	n := subs - o.subs
	o.subs = subs
	return o.tw.wr.Losses(), n
}

// close finishes the output: kept when ok and a record was written,
// removed otherwise. The error is that of a kept output that could not
// be finished.
func (o *output) close(ok, force bool) error {
	defer o.release()
	ok = ok && o.failed == nil && o.games > 0 && o.s.ctx.Err() == nil
	var err error
	if ok {
		err = o.tw.wr.Flush()
		if err == nil {
			err = o.tw.enc.Close()
		}
		if err == nil && o.held != nil {
			var w io.Writer = o.spool
			if o.bw != nil {
				w = o.bw
			}
			err = o.held.writeTo(o.s.ctx, w, o.held.size)
			if err == nil && o.spool != nil {
				err = o.spool.mark()
			}
		}
		if err == nil && o.bw != nil {
			err = o.bw.Flush()
		}
	}
	if o.held != nil {
		o.held.close()
	}
	if o.spool != nil {
		if serr := o.spool.finish(ok && err == nil); err == nil {
			err = serr
		}
		return err
	}
	if o.bw != nil {
		o.s.putBuf(o.bw)
		o.bw = nil
	}
	if !ok || err != nil {
		o.file.Abort()
		return err
	}
	return o.file.Commit(force)
}

// release gives the output's writer back to the sink, once.
func (o *output) release() {
	if o.tw != nil {
		o.s.putWriter(o.tw)
		o.tw = nil
	}
}

// lossDiagnostic says in one warning what the records of in written into
// an output lost, or nothing.
func (s *Sink) lossDiagnostic(in Input, losses []string, subs int) []report.Diagnostic {
	var lost []string
	if len(losses) > 0 {
		lost = append(lost, s.t.Format.Name+" cannot carry "+strings.Join(losses, ", ")+"; dropped")
	}
	if subs > 0 {
		lost = append(lost, report.Plural(subs, "character")+" not in "+string(s.t.Enc)+" replaced (☗☖ by ▲△, others by ?)")
	}
	if len(lost) == 0 {
		return nil
	}
	return []report.Diagnostic{{Path: in.Name(), Severity: report.SeverityWarning, Code: "lossy", Message: strings.Join(lost, "; ")}}
}

// failure is the diagnostic of an output lost while writing a record of
// in (game, 0 when not about one): a record it cannot hold (one game too
// many for a one-game format, a character the encoding lacks) or I/O. Its
// status is StatusTrouble: the output the command was asked for is lost.
func (s *Sink) failure(in Input, game int, shown string, err error) ([]report.Diagnostic, Status) {
	var pe *fs.PathError
	var errno syscall.Errno
	switch {
	case errors.Is(err, errOneGame):
		return []report.Diagnostic{{Path: in.Name(), Game: game, Severity: report.SeverityError, Code: "games", Hint: report.HintOneGame,
			Message: s.t.Format.Name + " holds one game a file, and more than one game goes into " + shown}}, StatusTrouble
	case s.ctx.Err() != nil:
		return nil, StatusTrouble
	case errors.As(err, &pe) || errors.As(err, &errno) || errors.Is(err, io.ErrShortWrite):
		return []report.Diagnostic{ioDiagnostic(in, shown, err)}, StatusTrouble
	}
	return report.DiagnosticsFromError(in.Name(), game, err), StatusTrouble
}

// ioDiagnostic says that the output shown could not be written.
func ioDiagnostic(in Input, shown string, err error) report.Diagnostic {
	return report.Diagnostic{Path: in.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + shown + ": " + UnwrapPath(err).Error()}
}

// existsDiagnostic says that the output shown is there already.
func existsDiagnostic(in Input, shown string) report.Diagnostic {
	return report.Diagnostic{Path: in.Name(), Severity: report.SeverityError, Code: "exists", Hint: report.HintForce, Message: "output " + shown + " exists"}
}

// ctxWriter fails writes once ctx is cancelled, so that writing a long
// record into memory stops within a second of a signal.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// sortedKeys returns the keys of a set, sorted.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// One is the output of every record, for File or standard output: only the
// goroutine that takes the inputs in order writes it.
type One struct {
	s      *Sink
	o      *output
	failed bool      // reported
	newest time.Time // the newest input's time, for Update
	Kept   bool      // Close left the existing output as it was (Update)
}

// One returns the sink's one output (File or standard output).
func (s *Sink) One() *One { return &One{s: s} }

// Write writes record game of in; what it cannot write is said in the
// diagnostics, once, with the status they stand for.
func (w *One) Write(in Input, game int, rec *shogi.Record) ([]report.Diagnostic, Status) {
	if w.o == nil {
		w.open()
	}
	if w.o.write(rec) || w.failed {
		return nil, StatusOK
	}
	w.failed = true
	return w.s.failure(in, game, w.o.shown, w.o.failed)
}

func (w *One) open() {
	s := w.s
	if s.d.File == "" || s.d.File == "-" {
		w.o = s.open("standard output", nil)
		return
	}
	shown := s.d.File
	rel := filepath.Base(s.d.File)
	dir := s.dirs.top
	fi, _ := dir.Lstat(rel)
	f, err := dir.Create(s.ctx, rel, fi)
	if err != nil {
		w.o = &output{s: s, shown: shown, failed: err}
		return
	}
	w.o = s.open(shown, f)
}

// Failed reports whether the output is lost.
func (w *One) Failed() bool { return w.o != nil && w.o.failed != nil }

// EndInput says what the records of in lost on their way into the output.
func (w *One) EndInput(in Input) []report.Diagnostic {
	if w.s.d.Update && in.Path != "-" {
		if fi, err := os.Stat(in.Path); err == nil && fi.ModTime().After(w.newest) {
			w.newest = fi.ModTime()
		}
	}
	if w.o == nil || w.o.tw == nil {
		return nil
	}
	losses, subs := w.o.lost()
	return w.s.lossDiagnostic(in, losses, subs)
}

// Close finishes the output: kept when ok and a record was written. It
// returns the number of files written (0 or 1), the games that reached the
// output (standard output keeps the whole records before a failure), and
// the diagnostics of an output that could not be finished.
func (w *One) Close(ok bool) (files, games int, ds []report.Diagnostic, st Status) {
	if w.o == nil || w.o.tw == nil { // never opened
		return 0, 0, nil, StatusOK
	}
	written := ok && w.o.failed == nil && w.o.games > 0 && w.s.ctx.Err() == nil
	if written && w.s.d.Update {
		// Kept when it is not older than any input.
		if fi, err := w.s.root.Stat(filepath.Base(w.s.d.File)); err == nil && fi.Mode().IsRegular() && !fi.ModTime().Before(w.newest) {
			w.o.close(false, false)
			w.Kept = true
			return 0, 0, nil, StatusOK
		}
	}
	stdout := w.o.spool != nil
	err := w.o.close(ok, w.s.d.Force || w.s.d.Update)
	switch {
	case errors.Is(err, ErrExists):
		return 0, 0, []report.Diagnostic{existsDiagnostic(Input{Path: w.o.shown}, w.o.shown)}, StatusTrouble
	case err != nil:
		ds, st := w.s.failure(Input{Path: w.o.shown}, 0, w.o.shown, err)
		return 0, 0, ds, st
	case stdout && w.o.held != nil && !written:
		return 0, 0, nil, StatusOK // the held record was not let out
	case stdout:
		return 0, w.o.games, nil, StatusOK // each pushed out as it came
	case written:
		return 1, w.o.games, nil, StatusOK
	}
	return 0, 0, nil, StatusOK
}

// Kept reports whether the one output File exists and is to be left as it
// is: always with SkipExisting. (Update decides at Close.)
func (s *Sink) Kept() bool {
	if !s.d.SkipExisting || s.d.File == "" || s.d.File == "-" {
		return false
	}
	return NewDir(s.root).Exists(filepath.Base(s.d.File))
}

// CheckOne reports whether the one output File may be written: an
// existing one only with Force, SkipExisting (Kept) or Update.
func (s *Sink) CheckOne() error {
	if s.d.File == "" || s.d.File == "-" || s.d.Force || s.d.SkipExisting || s.d.Update {
		return nil
	}
	if NewDir(s.root).Exists(filepath.Base(s.d.File)) {
		return &OutputError{s.d.File, ErrExists}
	}
	return nil
}

// Close closes the sink's directories.
func (s *Sink) Close() {
	if s.dirs != nil {
		s.dirs.Close()
	}
	if s.root != nil {
		s.root.Close()
	}
}

// InputOutput is the output of one input under Dir: one file, one file
// per game in a one-game format, or the frames of every position. It is
// written on the worker that reads the input; WritePart may be called
// from any goroutine.
type InputOutput struct {
	s     *Sink
	in    Input
	rel   string // the claimed name under Dir
	shown string
	force bool
	Kept  bool // the output exists and is left as it is
	diags []report.Diagnostic
	st    Status

	found fs.FileInfo // what was at rel when the output was started (nil: nothing)

	dir     *Dir   // the directory of rel, from s.dirs (openDir)
	dirName string // its name, to release
	base    string // rel's base name in dir
	dirErr  error  // why it could not be made

	o *output // multi-game formats
	// One-game formats: the parts written and not yet held (AddPart) or
	// dropped, which Done removes; the parts held, in game order; and what
	// they lost.
	mu         sync.Mutex
	unheld     map[*File]struct{}
	held       heldFiles
	partLosses map[string]bool
	partSubs   int

	frames *frames
	games  int
}

// part is one game of a one-game format, written to its temporary file.
type part struct {
	file   *File
	losses []string
	subs   int
	err    error
}

// Input starts the output of in under Dir, whose name rel was claimed in
// input order. It is not opened yet: an existing output is kept or
// refused here (then Done reports it), and files are made as records come.
func (s *Sink) Input(in Input, rel string) *InputOutput {
	o := &InputOutput{s: s, in: in, rel: rel, shown: filepath.Join(s.d.Dir, rel), force: s.d.Force}
	if s.d.Frames {
		o.frames = &frames{o: o}
		return o
	}
	names := []string{rel}
	if s.t.OneGame() {
		names = append(names, gameName(rel, 1, 2))
	}
	for i, name := range names {
		fi, err := s.dirs.Lstat(name)
		if err != nil {
			continue
		}
		if i == 0 {
			o.found = fi
		}
		if WritesInto(fi) {
			continue
		}
		switch {
		case s.keep(in, s.root, name):
			o.Kept = true
			return o
		case s.d.Update:
			o.force = true // older than its input
		case !o.force:
			o.fail(StatusTrouble, existsDiagnostic(in, filepath.Join(s.d.Dir, name)))
			return o
		}
	}
	return o
}

// openDir opens the directory of the output, made when its first record
// is written, so that an input none of whose records is written leaves no
// directory behind; false when it cannot be made.
func (o *InputOutput) openDir() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.dir != nil || o.dirErr != nil {
		return o.dirErr == nil
	}
	o.dirName, o.dir, o.base, o.dirErr = o.s.dirs.Open(o.rel)
	return o.dirErr == nil
}

// keep reports whether the existing output name in root of input in is to
// be left as it is: always with SkipExisting, and with Update when it is
// not older than its input.
func (s *Sink) keep(in Input, root *os.Root, name string) bool {
	switch {
	case s.d.SkipExisting:
		return true
	case s.d.Update && in.Path != "-":
		out, err1 := root.Stat(name)
		src, err2 := os.Stat(in.Path)
		return err1 == nil && err2 == nil && !out.ModTime().Before(src.ModTime())
	}
	return false
}

func (o *InputOutput) fail(st Status, ds ...report.Diagnostic) {
	o.diags = append(o.diags, ds...)
	o.st = max(o.st, st)
}

// Open reports whether the output takes records: not when it is kept, or
// failed before any was written.
func (o *InputOutput) Open() bool { return !o.Kept && o.st == StatusOK }

// Write writes record game of the input (multi-game formats; one-game
// formats take WritePart); false once the output failed.
func (o *InputOutput) Write(game int, rec *shogi.Record) bool {
	if !o.Open() {
		return false
	}
	if o.frames != nil {
		return o.frames.write(game, rec)
	}
	if o.o == nil {
		if !o.openDir() {
			o.fail(StatusTrouble, ioDiagnostic(o.in, o.shown, o.dirErr))
			return false
		}
		f, err := o.dir.Create(o.s.ctx, o.base, o.found)
		if err != nil {
			o.fail(StatusTrouble, ioDiagnostic(o.in, o.shown, err))
			return false
		}
		o.o = o.s.open(o.shown, f)
	}
	if o.o.write(rec) {
		o.games++
		return true
	}
	ds, st := o.s.failure(o.in, game, o.shown, o.o.failed)
	o.fail(st, ds...)
	return false
}

// WritePart writes one record of a one-game format into a temporary file
// of its own; AddPart files it in game order. It may be called from any
// goroutine.
func (o *InputOutput) WritePart(rec *shogi.Record) *part {
	if !o.Open() {
		return nil
	}
	if !o.openDir() {
		return &part{err: o.dirErr}
	}
	f, err := o.dir.Create(o.s.ctx, o.base, nil)
	if err != nil {
		return &part{err: err}
	}
	bw := o.s.writerBuf(f)
	tw := o.s.writer(bw)
	wr, enc := tw.wr, tw.enc
	err = wr.Write(rec)
	if err == nil {
		err = wr.Flush()
	}
	if err == nil {
		err = enc.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	losses, subs := wr.Losses(), enc.Substitutions()
	o.s.putWriter(tw)
	o.s.putBuf(bw)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		f.Remove()
		return &part{err: err}
	}
	o.mu.Lock()
	if o.unheld == nil {
		o.unheld = map[*File]struct{}{}
	}
	o.unheld[f] = struct{}{}
	o.mu.Unlock()
	return &part{file: f, losses: losses, subs: subs}
}

// AddPart files the part of game, in game order; false once the output
// failed.
func (o *InputOutput) AddPart(game int, p *part) bool {
	if p == nil {
		return false
	}
	if !o.Open() {
		o.DropPart(p)
		return false
	}
	if p.err != nil {
		ds, st := o.s.failure(o.in, game, o.shown, p.err)
		o.fail(st, ds...)
		return false
	}
	o.mu.Lock()
	delete(o.unheld, p.file)
	o.mu.Unlock()
	o.held.dir, o.held.base = o.dir, o.base
	o.dir.temps.hold(&o.held, p.file, game)
	for _, l := range p.losses {
		if o.partLosses == nil {
			o.partLosses = map[string]bool{}
		}
		o.partLosses[l] = true
	}
	o.partSubs += p.subs
	o.games++
	return true
}

// DropPart removes the file of a part that is not to be added.
func (o *InputOutput) DropPart(p *part) {
	if p == nil || p.file == nil {
		return
	}
	p.file.Remove()
	o.mu.Lock()
	delete(o.unheld, p.file)
	o.mu.Unlock()
}

// Done finishes the output: kept when ok (the input was read without a
// problem that Strict refuses) and a record was written, removed
// otherwise. It returns the diagnostics of the output (what was lost, why
// it failed), their status, and the number of files written.
func (o *InputOutput) Done(ok bool) ([]report.Diagnostic, Status, int) {
	placed := 0
	defer func() {
		for f := range o.unheld {
			f.Remove()
		}
		if len(o.held.games) > 0 {
			o.held.removeFrom(placed)
			o.dir.temps.release(&o.held)
		}
		if o.dir != nil {
			o.s.dirs.Release(o.dirName)
			o.dir = nil
		}
	}()
	if o.Kept {
		return nil, StatusOK, 0
	}
	ok = ok && o.st == StatusOK && o.s.ctx.Err() == nil
	files := 0
	switch {
	case o.frames != nil:
		files = o.frames.done(o.lossCheck(ok, nil, o.frames.subs))
	case o.o != nil:
		losses, subs := o.o.lost()
		ok = o.lossCheck(ok, losses, subs)
		err := o.o.close(ok, o.force)
		switch {
		case errors.Is(err, ErrExists):
			o.fail(StatusTrouble, existsDiagnostic(o.in, o.shown))
		case err != nil:
			ds, st := o.s.failure(o.in, 0, o.shown, err)
			o.fail(st, ds...)
		case ok && o.o.games > 0:
			files = 1
		}
	case len(o.held.games) > 0:
		files = o.placeParts(ok)
		placed = files
	}
	return o.diags, o.st, files
}

// lossCheck adds the warning of what the output lost, an error under
// Strict, which then fails the output; it returns whether the output is
// still to be kept.
func (o *InputOutput) lossCheck(ok bool, losses []string, subs int) bool {
	ds := o.s.lossDiagnostic(o.in, losses, subs)
	if o.s.d.Strict && len(ds) > 0 {
		o.fail(StatusInvalid, asErrors(ds)...)
		return false
	}
	o.diags = append(o.diags, ds...)
	return ok
}

// placeParts moves the parts into place once every game is written: rel
// for one game, NAME-0001.ext … (by game number) for several. Without
// Force none replaces an existing file: each is placed only where nothing
// is (PlaceAs, atomically), and when one cannot be, those placed before
// it are removed, so that an output that fails leaves none.
func (o *InputOutput) placeParts(ok bool) int {
	if !o.lossCheck(ok, sortedKeys(o.partLosses), o.partSubs) {
		return 0
	}
	games := o.held.games
	names := make([]string, len(games))
	last := games[len(games)-1].game
	for i, g := range games {
		names[i] = o.base
		if len(games) > 1 {
			names[i] = gameName(o.base, g.game, last)
		}
	}
	for i := range games {
		if err := o.held.file(i).PlaceAs(names[i], o.force); err != nil {
			shown := filepath.Join(filepath.Dir(o.shown), names[i])
			if errors.Is(err, ErrExists) {
				o.fail(StatusTrouble, existsDiagnostic(o.in, shown))
			} else {
				o.fail(StatusTrouble, ioDiagnostic(o.in, shown, err))
			}
			placed := i
			if !o.force {
				for _, name := range names[:i] {
					if o.dir.root.Remove(name) == nil {
						placed--
					}
				}
			}
			return placed
		}
	}
	return len(games)
}

// minGameDigits is the least width of the game numbers in the names of
// outputs of one game each (NAME-0001.kif): the names sort in game order,
// and more digits are used only when the game numbers need them.
const minGameDigits = 4

// gameName returns the output name of game i for the one-game output rel
// (a.kif) of an input whose last game written is last: a-0001.kif, …
func gameName(rel string, i, last int) string {
	ext := filepath.Ext(rel)
	s := strconv.Itoa(i)
	for w := max(minGameDigits, len(strconv.Itoa(last))); len(s) < w; {
		s = "0" + s
	}
	return strings.TrimSuffix(rel, ext) + "-" + s + ext
}
