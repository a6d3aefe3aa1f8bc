package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// minFrameDigits is the least width of the frame numbers in file names:
// 0000.svg … 0123.svg sort in ply order, and the names of a game of any
// usual length look alike. Longer records get wider numbers.
const minFrameDigits = 4

// convertFrames converts an input for --svg-all: one SVG file per position
// of the main line, 0000.svg for the start and NNNN.svg after ply NNNN, in
// dir under root. An input holding several records gets a subdirectory for
// each (1/, 2/, …); the first record is kept back until the second shows
// whether it needs one. Each file is written atomically, none replaces an
// existing one without --force, and if the input fails, the files already
// written for it are removed.
func (c *converter) convertFrames(r *result, root *os.Root, dir string) {
	name := r.in.name()
	var written []string
	defer func() {
		if r.status != exitOK || c.ctx.Err() != nil {
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
	write := func(sub string, frames [][]byte) bool {
		n, ok := c.writeFrames(r, root, filepath.Join(dir, sub), frames, &written)
		subs += n
		return ok
	}
	var first [][]byte
	var ferr error
	games, err := src.eachRecord(c.ctx, 1, nil, func(game int, res readResult) bool {
		from := len(r.diags)
		for _, w := range res.warns {
			r.diags = append(r.diags, diagFromParse(name, game, w))
		}
		if src.file == nil && len(r.diags) > from {
			quoteSources(src, r.diags[from:])
		}
		cutAtFoul(res.rec)
		frames, err := render.SVGFrames(res.rec)
		if err != nil {
			ferr = err
			return false
		}
		switch game {
		case 1:
			first = frames
			return true
		case 2:
			if !write("1", first) {
				return false
			}
			first = nil
		}
		return write(strconv.Itoa(game), frames)
	})
	switch {
	case r.status != exitOK:
		return
	case ferr != nil:
		c.writeFailed(r, games, ferr)
		return
	case err != nil:
		c.readFailed(r, src, games, err)
		return
	case games == 0:
		r.fail(exitInvalid, diag{Path: name, Severity: sevError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
		return
	case games == 1 && !write(".", first):
		return
	}
	if subs > 0 {
		r.diags = append(r.diags, diag{Path: name, Severity: sevWarning, Code: "lossy",
			Message: strconv.Itoa(subs) + " characters not in " + string(c.t.enc) + " replaced (☗☖ by ▲△, others by ?)"})
	}
}

// frameName returns the file name of frame i of n.
func frameName(i, n int) string {
	s := strconv.Itoa(i)
	w := max(minFrameDigits, len(strconv.Itoa(n-1)))
	for len(s) < w {
		s = "0" + s
	}
	return s + ".svg"
}

// writeFrames writes one record's frames into dir under root, adding the
// names written to *written. It refuses, before writing any, when one of
// the names exists (without --force). It returns the characters the
// output encoding replaced, and false after a failure, which it reports.
func (c *converter) writeFrames(r *result, root *os.Root, dir string, frames [][]byte, written *[]string) (int, bool) {
	shown := func(rel string) string { return filepath.Join(c.o.outDir, rel) }
	names := make([]string, len(frames))
	for i := range frames {
		names[i] = filepath.Join(dir, frameName(i, len(frames)))
		if !c.o.force && exists(root, names[i]) {
			r.fail(exitUsage, existsDiag(r.in, shown(names[i])))
			return 0, false
		}
	}
	subs := 0
	for i, f := range frames {
		r.out = shown(names[i])
		out, err := createOut(c.ctx, root, names[i])
		if err != nil {
			r.writeErr(err)
			return subs, false
		}
		enc := charset.NewWriter(out, c.t.enc, c.t.crlf, c.t.substitute)
		_, err = enc.Write(f)
		if err == nil {
			err = enc.Close()
		}
		if err != nil {
			out.abort()
			c.writeFailed(r, 0, err)
			return subs, false
		}
		subs += enc.Substitutions()
		if err := out.commit(c.o.force); err != nil {
			if errors.Is(err, errExists) {
				r.fail(exitUsage, existsDiag(r.in, shown(names[i])))
			} else {
				r.writeErr(err)
			}
			return subs, false
		}
		*written = append(*written, names[i])
	}
	return subs, true
}

// cutAtFoul ends the main line of rec before a last move that breaks the
// rules and is followed by the foul ending it brought (反則負け): records
// of real games keep such a move, no position follows it, and show, like
// -t svg, draws the position before it. The record is not used after its
// frames are drawn.
func cutAtFoul(rec *shogi.Record) {
	last, err := rec.MainLineNode(-1)
	if err != nil {
		return
	}
	if next := last.Next(); next != nil && !next.IsEnd() && next.DocumentsFoul() {
		last.Children = nil
	}
}
