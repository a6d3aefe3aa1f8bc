package parse

import (
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi"
)

// Error is a problem found at a position of an input. Err is a sentinel
// (shogi.ErrNifu, parse.ErrSyntax, …) that gives the stable code; Detail says
// what was found and what was expected. Ply is the ply of the move concerned,
// 0 when the problem is not about a move.
type Error struct {
	Pos     Pos
	Ply     int
	Err     error
	Detail  string
	Warning bool // a tolerated problem (reported, the record is still usable)
	// Omitted, when not 0, makes the entry stand for that many problems of
	// its code left out of a bounded list (see ErrorList.Append); it has
	// no position.
	Omitted int
}

// Error returns "pos: message", with control characters escaped.
func (e *Error) Error() string {
	return e.Pos.String() + ": " + e.Message()
}

// Message returns the sentinel's text and the detail, with control
// characters escaped, or for an entry of omitted problems how many there
// were.
func (e *Error) Message() string {
	if e.Omitted > 0 {
		kind := "errors"
		if e.Warning {
			kind = "warnings"
		}
		return strconv.Itoa(e.Omitted) + " more " + kind + " of code " + e.Code() + " not listed"
	}
	msg := ""
	if e.Err != nil {
		msg = e.Err.Error()
	}
	if e.Detail != "" {
		if msg != "" {
			msg += ": "
		}
		msg += e.Detail
	}
	return charset.EscapeControl(msg)
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// Code returns the stable kebab-case code of the problem ("nifu", "syntax").
func (e *Error) Code() string { return Code(e.Err) }

// Code returns the stable code of an error built on a shogi.RuleError, or
// "error" for any other error.
func Code(err error) string {
	var re *shogi.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return "error"
}

// ErrorList is a list of positioned problems, as go/scanner's.
type ErrorList []*Error

// Add appends a problem (see Append).
func (l *ErrorList) Add(pos Pos, err error, detail string) {
	l.Append(&Error{Pos: pos, Err: err, Detail: detail})
}

// AddWarning appends a tolerated problem (see Append).
func (l *ErrorList) AddWarning(pos Pos, err error, detail string) {
	l.Append(&Error{Pos: pos, Err: err, Detail: detail, Warning: true})
}

// Len, Less and Swap sort the list by position.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	if (l[i].Omitted > 0) != (l[j].Omitted > 0) {
		return l[j].Omitted > 0 // the counts of omitted problems come last
	}
	a, b := l[i].Pos, l[j].Pos
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// Sort sorts the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more problems)", l[0], len(l)-1)
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sentinels of the readers, besides the rule errors of package shogi.
var (
	ErrSyntax       = shogi.ErrSyntax
	ErrLineTooLong  = &shogi.RuleError{Code: "line-too-long", Msg: "line longer than the reader's limit"}
	ErrBadHeader    = &shogi.RuleError{Code: "bad-header", Msg: "malformed header line"}
	ErrBadBoard     = &shogi.RuleError{Code: "bad-board", Msg: "malformed board diagram"}
	ErrBadTime      = &shogi.RuleError{Code: "bad-time", Msg: "malformed time"}
	ErrUnknownLine  = &shogi.RuleError{Code: "unknown-line", Msg: "line of unknown kind"}
	ErrUnknownEnd   = &shogi.RuleError{Code: "unknown-ending", Msg: "unknown special ending"}
	ErrBadVariation = &shogi.RuleError{Code: "bad-variation", Msg: "variation does not fit the game tree"}
	ErrEmpty        = &shogi.RuleError{Code: "empty", Msg: "no record in the input"}
	ErrBadJSON      = &shogi.RuleError{Code: "bad-json", Msg: "malformed JSON"}
	ErrTruncated    = &shogi.RuleError{Code: "truncated", Msg: "input ends in the middle of a record"}
)

// WarnedError is an error that ended a record, with the warnings the reader
// gave in that record before it: they are reported too, not lost to the
// error.
type WarnedError struct {
	Err      error
	Warnings ErrorList
}

func (w *WarnedError) Error() string { return w.Err.Error() }

// Unwrap returns the error that ended the record.
func (w *WarnedError) Unwrap() error { return w.Err }

// WithWarnings returns err with a copy of warns attached (err itself when
// there are none).
func WithWarnings(err error, warns ErrorList) error {
	if len(warns) == 0 || err == nil {
		return err
	}
	return &WarnedError{err, append(ErrorList(nil), warns...)}
}
