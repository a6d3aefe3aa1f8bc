package render

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

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

// WriteRecordAt writes rec to w in the format f; with plySet, the position
// after main-line ply ply (as a record that starts there, for formats that
// are not positions). A ply the record does not reach is a
// parse.UsageError; a record the format cannot hold is StatusInvalid, and
// a failed write StatusTrouble.
func WriteRecordAt(w io.Writer, rec *shogi.Record, f Format, ply int, plySet bool) (parse.Status, error) {
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
