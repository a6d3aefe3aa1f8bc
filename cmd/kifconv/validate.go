package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

type validateOptions struct {
	in     readFlags
	term   termFlags
	format string
}

func newValidateCmd(e env) *cobra.Command {
	var o validateOptions
	cmd := &cobra.Command{
		Use:   "validate [flags] [FILE|DIR|-]...",
		Short: "Check records against the rules and report every problem",
		Long:  validateHelp(),
		Example: `  kifconv validate game.kif
  kifconv validate kifu/ || exit 1           # a CI check
  kifconv validate --format json kifu/ | jq '.files[] | select(.valid | not) | .path'
  kifconv validate --strict -j 4 kifu/
  kifconv validate --format github kifu/     # annotations in a GitHub Actions job
  kifconv validate --format sarif kifu/ > kifconv.sarif`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runValidate(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	addTermFlags(cmd, &o.term)
	cmd.Flags().StringVar(&o.format, "format", "text", "report format: "+strings.Join(report.ReportFormats(), ", "))
	choices(cmd, "format", report.ReportFormats()...)
	return cmd
}

func runValidate(cmd *cobra.Command, e env, o *validateOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	if err := oneOf("format", o.format, report.ReportFormats()...); err != nil {
		return err
	}
	s, err := newSession(cmd, e, o.term, "validating")
	if err != nil {
		return err
	}
	j = s.job(j)
	// The report goes to standard output, coloured when that is a terminal.
	out := cmd.OutOrStdout()
	p, err := newDiagnosticPrinter(o.term.eaw, o.term.color, e.getenv, e.isTerminal(out))
	if err != nil {
		return err
	}
	p.Hints = hintText
	rep := report.NewReporter(o.format, out, p, o.term.quiet, BuildVersion())
	t, sum, err := batch.Validate(cmd.Context(), j, &barReporter{rep, s})
	werr := rep.End(&sum)
	line := fmt.Sprintf("%d valid, %d invalid", sum.Valid, sum.Invalid)
	s.end(summary(t, line))
	switch {
	case err != nil && (errors.Is(err, batch.ErrNoRecords) || errors.As(err, new(*batch.ListError)) || errors.Is(err, batch.ErrListNUL)):
		return runError(err, t)
	case err != nil:
		return trouble(fmt.Errorf("cannot write the report: %w", batch.UnwrapPath(err)))
	case werr != nil:
		return trouble(fmt.Errorf("cannot write the report: %w", batch.UnwrapPath(werr)))
	}
	return exitWith(statusOf(t.Status))
}

// barReporter clears the progress bar before a report with problems is
// written (text reports go to the same terminal).
type barReporter struct {
	report.Reporter
	s *session
}

func (b *barReporter) File(r *report.FileReport) error {
	if len(r.Errors)+len(r.Warnings) > 0 {
		b.s.bar.Clear()
	}
	return b.Reporter.File(r)
}

// validateHelp is validate's --help text; its list of codes comes from
// parse.Codes.
func validateHelp() string {
	return `Validate reads each record and replays every line of play, the main line and
all variations, with the rules engine. Problems are reported as compilers
report them, one per problem, with a stable code, the line and a caret:

` + indent(validateExample, "  ") + `
The caret is placed by display width (RUNEWIDTH_EASTASIAN=1 or
--east-asian-width wide for terminals that draw ▲ and ・ two columns wide).
On a terminal the severity and caret are coloured (--color, NO_COLOR).

validate judges, convert preserves: an illegal move that is not documented
by a foul ending (反則負け, %ILLEGAL_MOVE, …) is an error here, where
convert keeps it with a warning. Warnings point at records that read but do
not add up and at what a reader tolerated; with --strict the readers
tolerate nothing and every warning is an error.

Each file's diagnostics are printed as soon as it and every file before it
are done, in input order whatever --jobs is; Ctrl-C prints what was found
and the summary.

--format selects the report:
  text    the diagnostics above on standard output, a summary on standard error
  json    one document (version 1) at the end: {"version", "files": [{"path",
          "format", "encoding", "games", "valid", "errors": [diag], "warnings":
          [diag]}], "summary": {"files", "valid", "invalid", "errors",
          "warnings", "skipped", "skipped_by_reason", "interrupted"}}, where a
          diag is {"line", "column", "game", "ply", "severity", "code",
          "message"}; lists are never null, numbers are 0 when they do not
          apply, files are in input order
  jsonl   one object per file as it is done ({"type": "file", …the members of
          a file above}), then {"type": "summary", "version": 1, …}
  github  GitHub Actions workflow commands (::error file=…,line=…,col=…,
          title=[code]::message), shown as annotations
  sarif   a SARIF 2.1.0 log, for code-scanning uploads

Codes:
` + parse.CodesText() + inputsHelp + exitHelp("validate")
}

// indent puts prefix before every line of text.
func indent(text, prefix string) string {
	var b strings.Builder
	for line := range strings.Lines(text) {
		b.WriteString(prefix + line)
	}
	return b.String()
}
