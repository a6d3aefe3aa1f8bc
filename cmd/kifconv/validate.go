package main

import (
	"fmt"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

type validateOptions struct {
	in             inputFlags
	strict         bool
	format         string
	quiet, verbose bool
	eaw, color     string
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
			return runValidate(cmd, e, &o)
		},
	}
	addInputFlags(cmd, &o.in, "check `N` files in parallel (default: the number of CPUs)")
	f := cmd.Flags()
	f.BoolVar(&o.strict, "strict", false, "tolerate nothing: reader quirks are errors and warnings make a file invalid")
	f.StringVar(&o.format, "format", "text", "report format: "+strings.Join(report.ReportFormats, ", "))
	colorFlag(cmd, &o.color, "colour the severity and caret: auto (a terminal, NO_COLOR unset), always or never")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print errors only: no warnings, no summary")
	eawFlag(cmd, &o.eaw, "ambiguous-width characters are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	choices(cmd, "format", report.ReportFormats...)
	return cmd
}

func runValidate(cmd *cobra.Command, e env, o *validateOptions) error {
	if err := o.in.check(cmd, e); err != nil {
		return err
	}
	if err := OneOf("format", o.format, report.ReportFormats...); err != nil {
		return err
	}
	out, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	p, err := newDiagnosticPrinter(o.eaw, o.color, e.getenv, e.isTerminal(out))
	if err != nil {
		return err
	}
	ins, notes, err := gatherInputs(cmd, e, &o.in, o.verbose, "")
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	bar := NewBar(stderr, len(ins), "validating", o.quiet, e.isTerminal(stderr))
	rep := report.NewReporter(o.format, out, p, o.quiet, version)
	sum, status, werr := batch.ValidateAll(ctx, ins, cmd.InOrStdin(), o.in.From, o.strict, o.in.jobs, rep, notes.Counts(), bar.Clear, bar.Add)
	bar.Finish()
	if err := rep.End(&sum); err != nil && werr == nil {
		werr = err
	}
	printIf(cmd, o.quiet, "%s\n", sum.Line(batch.SkippedText(sum.Reasons)))
	if werr != nil {
		return trouble(fmt.Errorf("cannot write the report: %w", batch.UnwrapPath(werr)))
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return statusErr(status)
}

// validateHelp is validate's --help text; its list of codes comes from
// parse.Codes.
func validateHelp() string {
	return `Validate reads each record and replays every line of play, the main line and
all variations, with the rules engine. Problems are reported as compilers
report them, one per problem, with a stable code:

  game.kif:45:1: error: 二歩 (two unpromoted pawns on one file) at move 37 ▲５五歩打 [nifu]
  ４５歩打
  ^

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
and the summary. Directory walks take the files with a record extension,
and .json files whose content is JKF; the summary counts what they skipped
and why (--verbose lists each file). A walk or list that yields no input
is an error (exit 2, "no records found").

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
` + parse.CodesText() + "\nExit status: 0 all valid, 1 some invalid, 2 usage or I/O error."
}
