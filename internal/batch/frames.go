package batch

import (
	"errors"
	"path/filepath"
	"strconv"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// frames writes the SVG frames of an input (Dest.Frames): one file per
// position of the main line, 0000.svg for the start and NNNN.svg after ply
// NNNN, in the input's directory under Dir. An input holding several
// records gets a subdirectory for each (1/, 2/, …); the frames of the
// first record are moved into 1/ when a second one shows up. Frames are
// drawn and written one at a time, so time and memory are linear in the
// game, and the work stops within a frame once the context is cancelled.
// Each file is written atomically and none replaces an existing one
// without Force; if the input fails, the files written for it are removed.
type frames struct {
	o       *InputOutput
	written []string // every frame written, under Dir
	first   []string // the first record's frames, while they are in the input's directory itself
	// firstGame is the number of the first record written: its frames
	// move into a directory of that name when another record follows.
	firstGame int
	subs      int
}

func (f *frames) write(game int, rec *shogi.Record) bool {
	o := f.o
	rec.CutAtFoul()
	sub := "."
	if o.games > 0 {
		if f.first != nil && !f.moveFirst() {
			return false
		}
		f.first = nil
		sub = strconv.Itoa(game)
	}
	names, ok := f.draw(filepath.Join(o.rel, sub), rec)
	if !ok {
		return false
	}
	if o.games == 0 {
		f.first, f.firstGame = names, game
	}
	o.games++
	return true
}

// draw draws the frames of rec into dir under Dir, refusing before it
// writes any when one of the names exists (without Force).
func (f *frames) draw(dir string, rec *shogi.Record) ([]string, bool) {
	o, s := f.o, f.o.s
	n := 0
	for x := rec.Root; x != nil && !x.IsEnd(); x = x.Next() {
		n++
	}
	top := NewDir(s.root)
	names := make([]string, n)
	for i := range names {
		names[i] = filepath.Join(dir, render.SVGFrameName(i, n))
	}
	if !o.force {
		// One listing of the frames' folder, not a stat per frame: a
		// game of 400,000 moves would spend seconds there, deaf to an
		// interrupt.
		present := entries(top, dir)
		for _, name := range names {
			if present[filepath.Base(name)] && top.Exists(name) {
				o.fail(StatusTrouble, existsDiagnostic(o.in, filepath.Join(s.d.Dir, name)))
				return nil, false
			}
		}
	}
	failed := errors.New("reported")
	err := render.EachSVGFrame(rec, func(i int, frame []byte) error {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		shown := filepath.Join(s.d.Dir, names[i])
		dirName, sub, base, err := s.dirs.Open(names[i])
		if err != nil {
			o.fail(StatusTrouble, ioDiagnostic(o.in, shown, err))
			return failed
		}
		defer s.dirs.Release(dirName)
		fi, _ := sub.Lstat(base)
		out, err := sub.Create(s.ctx, base, fi)
		if err != nil {
			o.fail(StatusTrouble, ioDiagnostic(o.in, shown, err))
			return failed
		}
		enc := charset.NewWriter(out, s.t.Enc, s.t.CRLF, s.t.Substitute)
		_, err = enc.Write(frame)
		if err == nil {
			err = enc.Close()
		}
		if err != nil {
			out.Abort()
			ds, st := s.failure(o.in, 0, shown, err)
			o.fail(st, ds...)
			return failed
		}
		f.subs += enc.Substitutions()
		if err := out.Commit(o.force); err != nil {
			if errors.Is(err, ErrExists) {
				o.fail(StatusTrouble, existsDiagnostic(o.in, shown))
			} else {
				o.fail(StatusTrouble, ioDiagnostic(o.in, shown, err))
			}
			return failed
		}
		f.written = append(f.written, names[i])
		return nil
	})
	switch {
	case err == nil:
		return names, true
	case err == failed, s.ctx.Err() != nil:
	default:
		ds, st := s.failure(o.in, 0, o.shown, err)
		o.fail(st, ds...)
	}
	return nil, false
}

// moveFirst moves the frames of the first record, written into the input's
// directory before a second record showed that each needs one of its own,
// into a directory named by its number (1/).
func (f *frames) moveFirst() bool {
	o, s := f.o, f.o.s
	sub := filepath.Join(o.rel, strconv.Itoa(f.firstGame))
	top := NewDir(s.root)
	for _, n := range f.first {
		if to := filepath.Join(sub, filepath.Base(n)); !o.force && top.Exists(to) {
			o.fail(StatusTrouble, existsDiagnostic(o.in, filepath.Join(s.d.Dir, to)))
			return false
		}
	}
	if err := s.root.MkdirAll(sub, 0o755); err != nil {
		o.fail(StatusTrouble, ioDiagnostic(o.in, filepath.Join(s.d.Dir, sub), err))
		return false
	}
	for i, n := range f.first {
		to := filepath.Join(sub, filepath.Base(n))
		if err := s.root.Rename(n, to); err != nil {
			o.fail(StatusTrouble, ioDiagnostic(o.in, filepath.Join(s.d.Dir, to), err))
			return false
		}
		f.written[i] = to // the first record's frames were written first
	}
	return true
}

// done removes the frames unless ok, and returns the number kept.
func (f *frames) done(ok bool) int {
	o := f.o
	if !ok {
		for _, n := range f.written {
			o.s.root.Remove(n)
		}
		return 0
	}
	return len(f.written)
}

// entries returns the names in folder dir under d (none when there is no
// such folder).
func entries(d *Dir, dir string) map[string]bool {
	if dir == "" {
		dir = "."
	}
	f, err := d.Root().Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	set := make(map[string]bool, len(names))
	for _, name := range names {
		set[name] = true
	}
	return set
}
