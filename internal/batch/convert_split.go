package batch

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// minGameDigits is the least width of the game numbers in the names of
// split outputs (NAME-0001.kif): the names sort in game order, and more
// digits are used only when the input holds more games than that.
const minGameDigits = 4

// gameName returns the output name of game i of n for the one-game output
// rel (a.kif): rel itself for one game, a-0001.kif … for several.
func gameName(rel string, i, n int) string {
	if n == 1 {
		return rel
	}
	ext := filepath.Ext(rel)
	s := strconv.Itoa(i)
	for w := max(minGameDigits, len(strconv.Itoa(n))); len(s) < w; {
		s = "0" + s
	}
	return strings.TrimSuffix(rel, ext) + "-" + s + ext
}

// keep reports whether the existing output rel (under root) of r's input
// is to be left as it is: always with --skip-existing, and with --update
// when it is not older than its input. It marks r as kept.
func (c *Converter) keep(r *Result, root *os.Root, rel string) bool {
	switch {
	case c.Opt.SkipExisting:
		r.Kept = true
	case c.Opt.Update && r.In.Path != "-":
		out, err1 := root.Stat(rel)
		in, err2 := os.Stat(r.In.Path)
		r.Kept = err1 == nil && err2 == nil && !out.ModTime().Before(in.ModTime())
	}
	return r.Kept
}

// convertSplit converts an input into a one-game format under -d: one file
// per game, rel for one game, NAME-0001.ext … for several. The games are
// written to temporary files, and moved to their names once the number of
// games (and so the width of the numbers) is known and every game was
// written; an input that fails leaves none of them.
func (c *Converter) convertSplit(r *Result, dir *Dir, rel, shown string) {
	name := r.In.Name()
	first := gameName(rel, 1, 2)
	force := c.Opt.Force
	for _, existing := range []string{rel, first} {
		if !dir.Exists(existing) {
			continue
		}
		switch {
		case c.keep(r, dir.Root(), existing):
			return
		case c.Opt.Update:
			force = true
		}
	}
	src, ok := c.open(r)
	if !ok {
		return
	}
	defer src.Close()
	// Each game is written on the worker that read it (one file a game,
	// so the games of a collection are written in parallel under -j); the
	// files get their names here, in input order.
	var mu sync.Mutex
	var made []*File // every file the workers made, placed or not
	defer func() {
		for _, o := range made {
			o.Remove() // left only when the input failed
		}
	}()
	write := func(rec *shogi.Record) *splitPart {
		out, err := dir.Create(c.Ctx, rel, nil)
		if err != nil {
			return &splitPart{createErr: err}
		}
		mu.Lock()
		made = append(made, out)
		mu.Unlock()
		return c.writePart(out, rec)
	}
	var outs []*File
	losses := map[string]bool{}
	subs := 0
	var werr error
	var warns report.DiagnosticList
	before := len(r.Diags)
	games, err := Each(c.Ctx, src, c.FileJobs, write, func(game int, res parse.Result[*splitPart]) bool {
		warns.AddParse(name, game, res.Warnings...)
		p := res.Work
		if p.createErr != nil {
			r.writeErr(p.createErr)
			return false
		}
		outs = append(outs, p.file)
		for _, l := range p.losses {
			losses[l] = true
		}
		subs += p.subs
		werr = p.err
		return werr == nil
	})
	r.Diags = slices.Insert(r.Diags, before, warns.List(name)...)
	if !c.readAll(r, src, games, werr, err) {
		return
	}
	var lost []string
	for l := range losses {
		lost = append(lost, l)
	}
	sort.Strings(lost)
	c.lossWarning(r, lost, subs)
	if r.Status != StatusOK || c.Ctx.Err() != nil {
		return
	}
	names := make([]string, len(outs))
	for i := range outs {
		names[i] = gameName(rel, i+1, len(outs))
		if !force && dir.Exists(names[i]) {
			r.fail(StatusTrouble, existsDiagnostic(r.In, filepath.Join(filepath.Dir(shown), names[i])))
			return
		}
	}
	for i, o := range outs {
		if err := o.PlaceAs(names[i], force); err != nil {
			r.Out = filepath.Join(filepath.Dir(shown), names[i])
			if errors.Is(err, ErrExists) {
				r.fail(StatusTrouble, existsDiagnostic(r.In, r.Out))
			} else {
				r.writeErr(err)
			}
			return
		}
	}
}

// splitPart is one game of convertSplit, written to its temporary file.
type splitPart struct {
	file      *File
	losses    []string
	subs      int   // characters the encoding lacked, replaced
	err       error // writing the game failed
	createErr error // the file could not be made
}

// writePart writes rec into out and closes it.
func (c *Converter) writePart(out *File, rec *shogi.Record) *splitPart {
	bw := c.w.get(out)
	wr, enc := c.Target.newWriter(bw)
	err := wr.Write(rec)
	if err == nil {
		err = wr.Flush()
	}
	if err == nil {
		err = enc.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	c.w.put(bw)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return &splitPart{file: out, losses: wr.Losses(), subs: enc.Substitutions(), err: err}
}
