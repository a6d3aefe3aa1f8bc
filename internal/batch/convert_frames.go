package batch

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// convertFrames converts an input for --svg-all: one SVG file per position
// of the main line, 0000.svg for the start and NNNN.svg after ply NNNN, in
// dir under root. An input holding several records gets a subdirectory for
// each (1/, 2/, …); the frames of the first record are moved into 1/ when a
// second one shows up. Frames are drawn and written one at a time, so time
// and memory are linear in the game, and the work stops within a frame
// once the context is cancelled. Each file is written atomically, none
// replaces an existing one without --force, and if the input fails, the
// files already written for it are removed.
func (c *Converter) convertFrames(r *Result, root *os.Root, dir string) {
	name := r.In.Name()
	var written []string
	defer func() {
		if r.Status != StatusOK || c.Ctx.Err() != nil {
			for _, f := range written {
				root.Remove(f)
			}
		}
	}()
	src, ok := c.open(r)
	if !ok {
		return
	}
	defer src.Close()
	subs := 0
	var warns report.DiagnosticList
	before := len(r.Diags)
	defer func() { r.Diags = slices.Insert(r.Diags, before, warns.List(name)...) }()
	var firstNames []string // the frames of the first record, while they are in dir itself
	var ferr error
	games, err := Each(c.Ctx, src, 1, nil, func(game int, res parse.Result[struct{}]) bool {
		warns.AddParse(name, game, res.Warnings...)
		res.Record.CutAtFoul()
		sub := "."
		if game == 2 {
			if !c.moveFrames(r, root, dir, firstNames, &written) {
				return false
			}
			firstNames = nil
		}
		if game > 1 {
			sub = strconv.Itoa(game)
		}
		names, n, ok := c.writeFrames(r, root, filepath.Join(dir, sub), res.Record, &written, &ferr)
		subs += n
		if game == 1 {
			firstNames = names
		}
		return ok
	})
	switch {
	case r.Status != StatusOK:
		return
	case ferr != nil:
		c.writeFailed(r, games, ferr)
		return
	case err != nil:
		c.readFailed(r, src, games, err)
		return
	case games == 0:
		r.fail(StatusInvalid, report.Diagnostic{Path: name, Severity: report.SeverityError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
		return
	}
	if subs > 0 {
		r.Diags = append(r.Diags, report.Diagnostic{Path: name, Severity: report.SeverityWarning, Code: "lossy",
			Message: strconv.Itoa(subs) + " characters not in " + string(c.Target.Enc) + " replaced (☗☖ by ▲△, others by ?)"})
	}
}

// writeFrames draws the frames of a record into dir under root, one file
// at a time, adding the names written to *written. It refuses, before
// writing any, when one of the names exists (without --force). It returns
// the names, the characters the output encoding replaced, and false after
// a failure, which it reports (a record that cannot be drawn is left in
// *ferr).
func (c *Converter) writeFrames(r *Result, root *os.Root, dir string, rec *shogi.Record, written *[]string, ferr *error) ([]string, int, bool) {
	shown := func(rel string) string { return filepath.Join(c.Opt.OutDir, rel) }
	n := 0
	for x := rec.Root; x != nil && !x.IsEnd(); x = x.Next() {
		n++
	}
	names := make([]string, n)
	for i := range names {
		names[i] = filepath.Join(dir, render.SVGFrameName(i, n))
		if !c.Opt.Force && NewDir(root).Exists(names[i]) {
			r.fail(StatusTrouble, existsDiagnostic(r.In, shown(names[i])))
			return nil, 0, false
		}
	}
	subs := 0
	failed := errors.New("reported")
	err := render.EachSVGFrame(rec, func(i int, f []byte) error {
		if err := c.Ctx.Err(); err != nil {
			return err
		}
		r.Out = shown(names[i])
		out, err := createIn(c.Ctx, root, names[i])
		if err != nil {
			r.writeErr(err)
			return failed
		}
		enc := charset.NewWriter(out, c.Target.Enc, c.Target.CRLF, c.Target.Substitute)
		_, err = enc.Write(f)
		if err == nil {
			err = enc.Close()
		}
		if err != nil {
			out.Abort()
			c.writeFailed(r, 0, err)
			return failed
		}
		subs += enc.Substitutions()
		if err := out.Commit(c.Opt.Force); err != nil {
			if errors.Is(err, ErrExists) {
				r.fail(StatusTrouble, existsDiagnostic(r.In, shown(names[i])))
			} else {
				r.writeErr(err)
			}
			return failed
		}
		*written = append(*written, names[i])
		return nil
	})
	switch {
	case err == nil:
		return names, subs, true
	case err == failed:
	case c.Ctx.Err() != nil:
		r.failErr(StatusTrouble, c.Ctx.Err())
	default:
		*ferr = err
	}
	return nil, subs, false
}

// moveFrames moves the frames of the first record of an input, written
// into dir before a second record showed that each needs a subdirectory,
// into dir/1.
func (c *Converter) moveFrames(r *Result, root *os.Root, dir string, names []string, written *[]string) bool {
	shown := func(rel string) string { return filepath.Join(c.Opt.OutDir, rel) }
	sub := filepath.Join(dir, "1")
	for _, n := range names {
		if to := filepath.Join(sub, filepath.Base(n)); !c.Opt.Force && NewDir(root).Exists(to) {
			r.fail(StatusTrouble, existsDiagnostic(r.In, shown(to)))
			return false
		}
	}
	if err := root.MkdirAll(sub, 0o755); err != nil {
		r.writeErr(err)
		return false
	}
	for i, n := range names {
		to := filepath.Join(sub, filepath.Base(n))
		if err := root.Rename(n, to); err != nil {
			r.writeErr(err)
			return false
		}
		(*written)[i] = to // the first record's frames were written first
	}
	return true
}
