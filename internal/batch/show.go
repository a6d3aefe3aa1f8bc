package batch

import (
	"bytes"
	"context"
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
)

// ShowSpec is what show makes of each game: the position after main-line
// ply Ply (with PlySet; else the last), or with All every position, drawn
// with Display, or written in Format when it is set.
type ShowSpec struct {
	Ply         int
	PlySet, All bool
	Display     *render.Display
	Format      render.Format // the zero Format draws
	// Headers puts a "==> PATH (game N) <==" line before each game, as
	// head(1) does before each file.
	Headers bool
}

// shown is one game as show made it, where it was read.
type shown struct {
	text []byte
	err  error // the game cannot be shown as asked
}

// Show shows every game of the job's inputs (those Reading selects) on w,
// in input order. A game that cannot be shown as asked (a ply its main line
// does not reach) is reported as a problem of its input.
func Show(ctx context.Context, j Job, s ShowSpec, w io.Writer) (Tally, error) {
	var werr error
	var failed, shownGames int
	draw := func(rec *shogi.Record) shown {
		var b bytes.Buffer
		err := showRecord(&b, rec, s)
		return shown{b.Bytes(), err}
	}
	t, err := Games(ctx, j, draw, func(g *GameInfo, x shown) bool {
		if x.err != nil {
			failed++
			ds := report.DiagnosticsFromError(g.In.Name(), g.Game, x.err)
			for i := range ds {
				ds[i].Code = "ply"
			}
			if j.Report != nil {
				j.Report(ds)
			}
			return true
		}
		if s.Headers {
			_, werr = io.WriteString(w, "==> "+report.TermSafe(g.In.Name())+" (game "+strconv.Itoa(g.Game)+") <==\n")
		}
		if werr == nil {
			_, werr = w.Write(x.text)
			shownGames++
		}
		return werr == nil // standard output failed: the rest is not read
	})
	t.Written = shownGames
	if failed > 0 {
		t.Errors += failed
		t.Status = max(t.Status, StatusInvalid)
	}
	if err == nil && werr != nil {
		err = &OutputError{"standard output", werr}
	}
	return t, err
}

// showRecord writes what s asks for of rec to w. The error is that of a
// ply the main line does not reach, or of a record the format cannot hold.
func showRecord(w io.Writer, rec *shogi.Record, s ShowSpec) error {
	if s.Format.New != nil {
		return writeRecordAt(w, rec, s.Format, s.Ply, s.PlySet)
	}
	ply := -1 // the last position
	if s.PlySet {
		ply = s.Ply
	}
	return s.Display.DrawMainLine(w, rec, ply, s.All)
}

// writeRecordAt writes rec to w in the format f; with plySet, the position
// after main-line ply ply (as a record that starts there, for formats that
// are not positions).
func writeRecordAt(w io.Writer, rec *shogi.Record, f render.Format, ply int, plySet bool) error {
	if plySet && f.Name != "bod" && f.Name != "sfen" && f.Name != "svg" {
		pos, err := render.PositionAtPly(rec, ply, true)
		if err != nil {
			return err
		}
		at := shogi.NewRecord(pos)
		at.Header = rec.Header
		rec = at
	}
	wr := f.New(w, render.Options{AllowLoss: true, Ply: ply, PlySet: plySet, Encoding: "utf-8"}) // show writes UTF-8
	if err := wr.Write(rec); err != nil {
		return err
	}
	return wr.Flush()
}
