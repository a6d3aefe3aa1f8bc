package usi

import (
	"errors"
	"strings"
)

// The kinds of engine fault an *Error wraps. After one the engine has been
// killed; Client restarts it.
var (
	ErrExited   = errors.New("engine exited")                 // stdout closed, or a command could not be written
	ErrTimeout  = errors.New("engine did not answer in time") // a step's timeout passed
	ErrProtocol = errors.New("engine's output is not USI")    // a line that does not read, or is out of place
)

// ErrNoLimit is returned by Go when Limits sets no limit at all.
var ErrNoLimit = errors.New("a search needs a node, depth or time limit")

// Error is an engine fault: which step it happened in, what kind it is
// (ErrExited, ErrTimeout, ErrProtocol, or the context's error), the line at
// fault for ErrProtocol, and the last lines the engine wrote to its
// standard error.
type Error struct {
	Op     string // "start", "usi", "isready", "go", …
	Kind   error
	Line   string   // the offending line (ErrProtocol)
	Detail string   // what was wrong, or how the process ended
	Stderr []string // the engine's last lines of standard error, oldest first
	// Retried is set when Client tried the position on a restarted engine
	// and that failed too.
	Retried bool
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Op)
	b.WriteString(": ")
	b.WriteString(e.Kind.Error())
	if e.Detail != "" {
		b.WriteString(" (")
		b.WriteString(e.Detail)
		b.WriteByte(')')
	}
	if e.Line != "" {
		b.WriteString(": ")
		b.WriteString(quoteLine(e.Line))
	}
	if e.Retried {
		b.WriteString(", again after a restart")
	}
	if len(e.Stderr) > 0 {
		b.WriteString("; its standard error ended:")
		for _, l := range e.Stderr {
			b.WriteString("\n\t")
			b.WriteString(l)
		}
	}
	return b.String()
}

// Unwrap returns the kind, so that errors.Is(err, usi.ErrTimeout) works.
func (e *Error) Unwrap() error { return e.Kind }

// quoteLine quotes a line for a message, cut at 200 bytes.
func quoteLine(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return "\"" + strings.ToValidUTF8(s, "\uFFFD") + "\""
}

// isFault reports whether err is an engine fault that a restart may cure
// (not a context's cancellation, nor a caller's error).
func isFault(err error) bool {
	return errors.Is(err, ErrExited) || errors.Is(err, ErrTimeout) || errors.Is(err, ErrProtocol)
}
