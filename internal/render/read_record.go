package render

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// ReadRecord reads record number game of one input (show). It returns the
// record with the warnings of its reader; or, when it cannot, no record,
// the diagnostics that say why and their status; or, for an input holding
// fewer records, a parse.UsageError. A record with an illegal move that
// the reader kept is returned (what can be read is shown).
func ReadRecord(in parse.Input, stdin io.Reader, from string, game int) (*shogi.Record, []Diagnostic, parse.Status, error) {
	src, err := parse.OpenInput(in, stdin, from, parse.Options{}, nil, nil)
	if err != nil {
		return nil, DiagnosticsFromError(in.Name(), 0, err), parse.OpenStatus(err), nil
	}
	defer src.Close()
	for i := 1; ; i++ {
		rec, err := src.Reader.Read()
		if err == io.EOF {
			if i == 1 {
				return nil, DiagnosticsFromError(in.Name(), 0, parse.ErrEmpty), parse.StatusInvalid, nil
			}
			return nil, nil, parse.StatusTrouble, parse.UsageError{Err: fmt.Errorf("%s: --game %d: the input holds %s", in.Name(), game, Plural(i-1, "record"))}
		}
		if err != nil {
			status := parse.StatusInvalid
			if errors.As(err, new(*fs.PathError)) {
				status = parse.StatusTrouble
			}
			return nil, DiagnosticsFromError(in.Name(), i, parse.WithWarnings(err, src.Reader.Warnings())), status, nil
		}
		if i == game {
			var ds []Diagnostic
			for _, w := range src.Reader.Warnings() {
				ds = append(ds, DiagnosticFromParse(in.Name(), i, w))
			}
			return rec, ds, parse.StatusOK, nil
		}
	}
}

// ShowSpec is what show is asked for: record number Game of its input, the
// position after main-line ply Ply (with PlySet; else the last), or with
// All every position, drawn ("text" or "" Format) or written in the format
// Format names.
type ShowSpec struct {
	Format      string
	Game, Ply   int
	PlySet, All bool
}

// Check checks the spec before the input is read and returns the format
// to write in (the zero Format to draw); its errors are parse.UsageErrors.
func (s ShowSpec) Check() (Format, error) {
	switch {
	case s.PlySet && s.Ply < 0:
		return Format{}, usageErrorf("--ply: want 0 or more, not %d", s.Ply)
	case s.PlySet && s.All:
		return Format{}, usageErrorf("give --ply or --all, not both")
	case s.Game < 1:
		return Format{}, usageErrorf("--game: want 1 or more, not %d", s.Game)
	case s.Format == "text" || s.Format == "":
		return Format{}, nil
	}
	f, ok := Lookup(strings.ToLower(s.Format))
	if !ok {
		return f, usageErrorf("--format: want text or a writable format (%s), not %q", strings.Join(formatNames(), ", "), s.Format)
	}
	return f, nil
}

// Show writes what s asks for of rec to w: drawn with d, or written in f
// (ShowSpec.Check). A ply the main line does not reach is a
// parse.UsageError; the status goes with the error.
func Show(w io.Writer, rec *shogi.Record, d *Display, f Format, s ShowSpec) (parse.Status, error) {
	if f.New != nil {
		return writeRecordAt(w, rec, f, s.Ply, s.PlySet)
	}
	ply := -1 // the last position
	if s.PlySet {
		ply = s.Ply
	}
	err := d.DrawMainLine(w, rec, ply, s.All)
	var pe *PlyError
	switch {
	case err == nil:
		return parse.StatusOK, nil
	case errors.As(err, &pe):
		return parse.StatusTrouble, parse.UsageError{Err: err}
	}
	return parse.StatusTrouble, err
}

// writeRecordAt writes rec to w in the format f; with plySet, the position
// after main-line ply ply (as a record that starts there, for formats that
// are not positions). A ply the record does not reach is a
// parse.UsageError; a record the format cannot hold is StatusInvalid, and
// a failed write StatusTrouble.
func writeRecordAt(w io.Writer, rec *shogi.Record, f Format, ply int, plySet bool) (parse.Status, error) {
	if plySet && f.Name != "bod" && f.Name != "sfen" && f.Name != "svg" {
		pos, err := PositionAtPly(rec, ply, true)
		if err != nil {
			return parse.StatusTrouble, usageErrorf("--%v", err)
		}
		at := shogi.NewRecord(pos)
		at.Header = rec.Header
		rec = at
	}
	wr := f.New(w, Options{AllowLoss: true, Ply: ply, PlySet: plySet})
	if err := wr.Write(rec); err != nil {
		return parse.StatusInvalid, err
	}
	if err := wr.Flush(); err != nil {
		return parse.StatusTrouble, fmt.Errorf("cannot write standard output: %w", parse.UnwrapPath(err))
	}
	return parse.StatusOK, nil
}
