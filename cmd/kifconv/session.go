package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

// session is what a command that reads records shows a person, the same in
// every command: the hint when standard input is a terminal, the problems
// of each input as they are found (coloured on a terminal), a progress bar
// on a terminal (by inputs, or by bytes for one large input), and the
// summary line at the end.
type session struct {
	cmd    *cobra.Command
	e      env
	term   termFlags
	stderr io.Writer
	p      *report.DiagnosticPrinter
	bar    *bar
	mu     sync.Mutex // one message at a time, and the bar cleared before it
	buf    []byte
}

// newSession checks the terminal flags and starts the session of cmd;
// what describes the work on the bar ("converting").
func newSession(cmd *cobra.Command, e env, term termFlags, what string) (*session, error) {
	stderr := cmd.ErrOrStderr()
	p, err := newDiagnosticPrinter(term.eaw, term.color, e.getenv, e.isTerminal(stderr))
	if err != nil {
		return nil, err
	}
	p.Hints = hintText
	s := &session{cmd: cmd, e: e, term: term, stderr: stderr, p: p}
	if !term.quiet && e.isTerminal(stderr) {
		s.bar = newBar(stderr, what, p.Cond, e.getenv("TERM") == "dumb")
	}
	return s, nil
}

// job returns j with the session's reporting, progress and walk notes,
// after telling a person at a terminal how to end standard input.
func (s *session) job(j batch.Job) batch.Job {
	j.Report = s.report
	if s.bar != nil {
		j.Progress = s.bar
	}
	if s.term.verbose {
		j.Sources.Skip = func(path, reason string) {
			s.say(report.TermSafe(path) + ": skipped: " + reason + "\n")
		}
	}
	if j.Sources.ReadsStdin() && s.e.isTerminal(s.cmd.InOrStdin()) {
		s.say(stdinHint + "\n")
	}
	return j
}

// stdinHint tells a user at a terminal that kifconv waits for input.
const stdinHint = "reading from standard input; Ctrl-D to end, Ctrl-C to stop"

// report prints the problems of an input (not the warnings when quiet).
func (s *session) report(ds []report.Diagnostic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = s.p.AppendAll(s.buf[:0], ds, s.term.quiet)
	if len(s.buf) > 0 {
		s.bar.Clear()
		s.stderr.Write(s.buf)
	}
}

// say prints a line of the session's own.
func (s *session) say(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bar.Clear()
	io.WriteString(s.stderr, line)
}

// end finishes the bar and prints the summary line, unless quiet.
func (s *session) end(line string) {
	s.bar.Finish()
	if !s.term.quiet {
		io.WriteString(s.stderr, line+"\n")
	}
}

// hintText words the advice a diagnostic ends with, in flags.
func hintText(h report.Hint) string {
	switch h {
	case report.HintForce:
		return "--force replaces it; --skip-existing or --update leave it"
	case report.HintSubstitute:
		return "use --encoding utf-8, or let --substitute replace it"
	case report.HintOneGame:
		return "give -d DIR to write one file per game, --games to pick one, or a format that holds several"
	case report.HintFormat:
		return "name it with --from"
	case report.HintStrict:
		return "--strict refuses it"
	}
	return ""
}

// summary is the summary line of a command: "3 files, 120 games", what the
// command made of them (done, "" for nothing more), and the problems met.
func summary(t batch.Tally, done string) string {
	line := report.Plural(t.Inputs, "file") + ", " + report.Plural(t.Games, "game")
	if done != "" {
		line += ": " + done
	}
	return line + tail(t)
}

// tail is the end of a summary line: "; 1 failed, 2 warnings, …", or "".
func tail(t batch.Tally) string {
	var parts []string
	if t.Failed > 0 {
		parts = append(parts, strconv.Itoa(t.Failed)+" failed")
	}
	if t.Errors > 0 {
		parts = append(parts, report.Plural(t.Errors, "error"))
	}
	if t.Warnings > 0 {
		parts = append(parts, report.Plural(t.Warnings, "warning"))
	}
	if t.Kept > 0 {
		parts = append(parts, strconv.Itoa(t.Kept)+" kept")
	}
	if s := report.SkippedText(t.Skipped); s != "" {
		parts = append(parts, s)
	}
	if t.Stopped {
		parts = append(parts, "interrupted")
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// written says what went into the outputs: "120 games written to 3 files".
func written(t batch.Tally, stdout bool) string {
	where := report.Plural(t.Outputs, "file")
	if stdout {
		where = "standard output"
	}
	return fmt.Sprintf("%s written to %s", report.Plural(t.Written, "game"), where)
}
