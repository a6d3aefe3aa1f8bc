package batch

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
)

// GameSink writes selected games as convert writes records: to standard
// output or -o FILE, all in one, or under -d DIR, one file per input
// mirroring the input tree (one per game in one-game formats). Files are
// written atomically. Problems are printed as they come; status is the
// worst met.
type GameSink struct {
	ctx            context.Context
	stdout, stderr io.Writer
	o              SinkOptions
	t              Target
	multi          bool
	root           *os.Root // -o's directory or -d DIR
	Status         Status

	// The output being written: for -o and standard output the only one,
	// for -d that of input curIndex.
	curIndex int
	cur      *sinkOut
	// One-game formats: the first game of the current output, held until
	// it is known whether another follows.
	held     []byte
	heldGame int
	heldIn   Input
	games    int // games written to the current output
	warned   map[string]bool
}

// sinkOut is one output being written with the target's writer.
type sinkOut struct {
	file   *File // nil for standard output
	bw     *bufio.Writer
	enc    *charset.Writer
	wr     render.Writer
	shown  string
	in     Input
	failed bool
}

// SinkOptions say where a GameSink writes.
type SinkOptions struct {
	Output string // a file, or "" or "-" for standard output
	OutDir string // a directory to write under instead
	Force  bool   // replace existing outputs
	Quiet  bool   // no warnings
}

// NewGameSink returns a sink writing in the target to o's output; its
// diagnostics go to stderr. The error is the output directory's.
func NewGameSink(ctx context.Context, t Target, o SinkOptions, stdout, stderr io.Writer) (*GameSink, error) {
	s := &GameSink{ctx: ctx, stdout: stdout, stderr: stderr, o: o, t: t, multi: !OneGameFormat(t.Format.Name, false), curIndex: -1, warned: map[string]bool{}}
	var err error
	switch {
	case o.OutDir != "":
		if err := os.MkdirAll(o.OutDir, 0o755); err != nil {
			return nil, err
		}
		s.root, err = os.OpenRoot(o.OutDir)
	case o.Output != "" && o.Output != "-":
		s.root, err = os.OpenRoot(filepath.Dir(o.Output))
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *GameSink) fail(status Status, d report.Diagnostic) {
	d.Write(s.stderr, report.NarrowCondition())
	s.Status = max(s.Status, status)
}

// relFor is the output path of an input under -d, with the target's
// extension, and with -NNNN before it for game n of several (n > 0), as
// convert names the games it splits.
func (s *GameSink) relFor(in Input, n int) string {
	rel := strings.TrimSuffix(in.Rel, filepath.Ext(in.Rel)) + s.t.Format.Extension
	if n > 0 {
		rel = gameName(rel, n, max(n, 2))
	}
	return rel
}

// Write writes one selected game; false stops the reading (an output that
// cannot be written).
func (s *GameSink) Write(g *Game) bool {
	if s.o.OutDir != "" && g.Index != s.curIndex {
		s.finish(true)
		s.curIndex = g.Index
	}
	s.games++
	if !s.multi {
		return s.writeOne(g)
	}
	if s.cur == nil {
		name := s.o.Output
		if s.o.OutDir != "" {
			name = s.relFor(g.In, 0)
		}
		if !s.open(g.In, name) {
			return false
		}
	}
	if s.cur.failed {
		return true
	}
	if err := s.cur.wr.Write(g.Record); err != nil {
		s.writeFailed(g, err)
		s.cur.failed = true
		return s.o.OutDir != ""
	}
	return true
}

// writeOne writes a game in a one-game format: rendered on its own, and
// held while it may be the only one of its output.
func (s *GameSink) writeOne(g *Game) bool {
	var buf bytes.Buffer
	enc := charset.NewWriter(&buf, s.t.Enc, s.t.CRLF, s.t.Substitute)
	wr := s.t.Format.New(enc, s.t.Options)
	err := wr.Write(g.Record)
	if err == nil {
		err = wr.Flush()
	}
	if err == nil {
		err = enc.Close()
	}
	if err != nil {
		s.writeFailed(g, err)
		return true
	}
	s.lossy(g.In, wr.Losses(), enc.Substitutions())
	switch {
	case s.games == 1:
		s.held, s.heldGame, s.heldIn = buf.Bytes(), g.Game, g.In
		return true
	case s.o.OutDir == "":
		s.fail(StatusInvalid, report.Diagnostic{Path: g.In.Name(), Game: g.Game, Severity: report.SeverityError, Code: "games",
			Message: s.t.Format.Name + " holds one game a file and more than one game is selected; give -d DIR, --games, or a format that holds several (csa, jkf, psn, usi, sfen, …)"})
		s.held = nil
		return false
	}
	if s.held != nil {
		s.writeFile(s.heldIn, s.relFor(s.heldIn, s.heldGame), s.held)
		s.held = nil
	}
	s.writeFile(g.In, s.relFor(g.In, g.Game), buf.Bytes())
	return true
}

// lossy reports once per input what the target could not carry.
func (s *GameSink) lossy(in Input, losses []string, subs int) {
	var lost []string
	if len(losses) > 0 {
		lost = append(lost, s.t.Format.Name+" cannot carry "+strings.Join(losses, ", ")+"; dropped")
	}
	if subs > 0 {
		lost = append(lost, strconv.Itoa(subs)+" characters not in "+string(s.t.Enc)+" replaced")
	}
	if len(lost) == 0 || s.o.Quiet || s.warned[in.Name()] {
		return
	}
	s.warned[in.Name()] = true
	d := report.Diagnostic{Path: in.Name(), Severity: report.SeverityWarning, Code: "lossy", Message: strings.Join(lost, "; ")}
	d.Write(s.stderr, report.NarrowCondition())
}

func (s *GameSink) writeFailed(g *Game, err error) {
	for _, d := range report.DiagnosticsFromError(g.In.Name(), g.Game, err) {
		s.fail(StatusInvalid, d)
	}
}

// open starts the output name (a path under -d, -o's file, or "" for
// standard output).
func (s *GameSink) open(in Input, name string) bool {
	out := &sinkOut{in: in, shown: "standard output"}
	var w io.Writer = s.stdout
	if name != "" && name != "-" {
		rel := name
		out.shown = name
		if s.o.OutDir != "" {
			out.shown = filepath.Join(s.o.OutDir, name)
		} else {
			rel = filepath.Base(name)
		}
		if !s.o.Force && NewDir(s.root).Exists(rel) {
			s.fail(StatusTrouble, existsDiagnostic(in, out.shown))
			return false
		}
		f, err := createIn(s.ctx, s.root, rel)
		if err != nil {
			s.fail(StatusTrouble, report.Diagnostic{Path: in.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + out.shown + ": " + err.Error()})
			return false
		}
		out.file, w = f, f
	}
	out.bw = bufio.NewWriterSize(w, 64<<10)
	out.enc = charset.NewWriter(out.bw, s.t.Enc, s.t.CRLF, s.t.Substitute)
	out.wr = s.t.Format.New(out.enc, s.t.Options)
	s.cur = out
	return true
}

// writeFile writes the text of one-game output rel (a path under -d DIR,
// -o's file, or "" for standard output) atomically.
func (s *GameSink) writeFile(in Input, rel string, data []byte) {
	if !s.open(in, rel) {
		return
	}
	s.cur.bw.Write(data)
	s.closeCur(true)
}

// closeCur finishes the current output: flushed and moved into place when
// ok, removed otherwise.
func (s *GameSink) closeCur(ok bool) {
	out := s.cur
	s.cur = nil
	if out == nil {
		return
	}
	ok = ok && !out.failed && s.ctx.Err() == nil
	var err error
	if ok && s.multi {
		if err = out.wr.Flush(); err == nil {
			err = out.enc.Close()
		}
		if err == nil {
			in := out.in
			if s.o.OutDir == "" { // the losses of all the inputs merged
				in = Input{Path: out.shown}
			}
			s.lossy(in, out.wr.Losses(), out.enc.Substitutions())
		}
	}
	if err == nil && ok {
		err = out.bw.Flush()
	}
	if out.file == nil {
		if err != nil {
			s.fail(StatusTrouble, report.Diagnostic{Path: out.in.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + out.shown + ": " + err.Error()})
		}
		return
	}
	if err != nil || !ok {
		out.file.Abort()
		if err != nil {
			s.fail(StatusTrouble, report.Diagnostic{Path: out.in.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + out.shown + ": " + err.Error()})
		}
		return
	}
	if err := out.file.Commit(s.o.Force); err != nil {
		if err == ErrExists {
			s.fail(StatusTrouble, existsDiagnostic(out.in, out.shown))
			return
		}
		s.fail(StatusTrouble, report.Diagnostic{Path: out.in.Name(), Severity: report.SeverityError, Code: "io", Message: "cannot write " + out.shown + ": " + err.Error()})
	}
}

// finish ends the current output: a held one-game record goes out under
// its plain name.
func (s *GameSink) finish(ok bool) {
	if s.held != nil && ok {
		rel := s.o.Output
		if s.o.OutDir != "" {
			rel = s.relFor(s.heldIn, 0)
		}
		s.writeFile(s.heldIn, rel, s.held)
	}
	s.held = nil
	s.closeCur(ok)
	s.games = 0
}

// Close finishes the last output; ok false (an interrupt, a read that
// failed) removes what is not finished.
func (s *GameSink) Close(ok bool) {
	s.finish(ok)
	if s.root != nil {
		s.root.Close()
	}
}
