package batch

import (
	"errors"
	"io"
	"os"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
)

// Status is what working on an input came to, the worst of its problems:
// its values are kifconv's exit statuses.
type Status int

const (
	StatusOK      Status = 0 // done
	StatusInvalid Status = 1 // the input is not a valid record
	StatusTrouble Status = 2 // it could not be read or written (I/O), or was asked for wrongly
)

// InputSource is an Input opened as a Source of records.
type InputSource struct {
	*parse.Source
	In    Input
	Setup func(parse.Reader)    // applied to every reader of the input (ReadPieces' too)
	file  *os.File              // nil for standard input
	split func(*parse.Splitter) // tests: sets the sizes of the pieces
	keep  bool                  // Each gives every record memory of its own, to keep
}

// OpenInput opens an input (stdin for "-"), detects its encoding and
// (unless from is given) its format, and returns a reader of its records,
// as Open does.
func OpenInput(in Input, stdin io.Reader, from string, opt parse.Options, setup func(parse.Reader), pool *parse.Pool) (*InputSource, error) {
	s := &InputSource{In: in, Setup: setup}
	raw := stdin
	if in.Path != "-" {
		f, err := openFile(in.Path)
		if err != nil {
			return nil, err
		}
		raw = f
		s.file = f
	}
	opt.Filename = in.Name()
	src, err := parse.Open(in.Path, raw, from, opt, setup, pool)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.Source = src
	return s, nil
}

// Close returns the source's buffers to its pool and closes its file.
func (s *InputSource) Close() error {
	if s.Source != nil {
		s.Source.Close()
	}
	if s.file != nil {
		return s.file.Close()
	}
	return nil
}

// OpenStatus is the status of an input that OpenInput could not open:
// StatusInvalid for one that is no record (binary, not text, empty, of a
// format that cannot be told), StatusTrouble for I/O.
func OpenStatus(err error) Status {
	var de *charset.DecodeError
	if errors.Is(err, charset.ErrBinary) || errors.As(err, &de) || errors.Is(err, parse.ErrEmpty) || errors.Is(err, parse.ErrUndetected) {
		return StatusInvalid
	}
	return StatusTrouble
}

// KeepCSAComments is the setup of readers (OpenInput's, GameWalk's) that
// --csa-comments asks for: with keep, CSA readers keep the plain '
// comments (CSA.KeepPlainComments); without, nil (the readers as they are).
func KeepCSAComments(keep bool) func(parse.Reader) {
	if !keep {
		return nil
	}
	return func(r parse.Reader) {
		if c, ok := r.(*parse.CSA); ok {
			c.KeepPlainComments = true
		}
	}
}
