package report

import (
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// DiagnosticList is the diagnostics of one input: the first
// parse.MaxListed in full, the others counted by code, so that an input of
// a million problems costs no more memory than one of a hundred, printed
// or not.
type DiagnosticList struct{ b parse.Bounded[Diagnostic] }

// Add adds diagnostics of the caller's own.
func (l *DiagnosticList) Add(ds ...Diagnostic) {
	for _, d := range ds {
		l.b.Add(d, d.Code, d.Severity == SeverityWarning)
	}
}

// AddN adds a diagnostic that stands for n of its code.
func (l *DiagnosticList) AddN(d Diagnostic, n int) {
	l.b.AddN(d, d.Code, d.Severity == SeverityWarning, n)
}

// AddParse adds a reader's problems, of which an entry may be a count of
// problems the reader did not list.
func (l *DiagnosticList) AddParse(path string, game int, es ...*parse.Error) {
	for _, e := range es {
		l.b.AddN(DiagnosticFromParse(path, game, e), e.Code(), e.Warning, max(e.Omitted, 1))
	}
}

// List returns the diagnostics listed, then one for each code of the
// others saying how many there were.
func (l *DiagnosticList) List(path string) []Diagnostic {
	out := l.b.Listed
	for _, o := range l.b.Omitted {
		e := parse.Error{Warning: o.Warning, Omitted: o.N, Err: &shogi.RuleError{Code: o.Code}}
		d := Diagnostic{Path: path, Severity: SeverityError, Code: o.Code, Message: e.Message()}
		if o.Warning {
			d.Severity = SeverityWarning
		}
		out = append(out, d)
	}
	return out
}
