package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type validateOptions struct {
	from      string
	strict    bool
	format    string
	jobs      int
	quiet     bool
	filesFrom string
	null      bool
	eaw       string
	color     string
	verbose   bool
}

// fileReport is the validation of one file, with what the command alone
// needs: its exit status, and whether an interrupt cut it short (so that it
// is not reported).
type fileReport struct {
	render.FileReport
	status      int
	interrupted bool
}

// validateReport is the whole JSON report.
type validateReport struct {
	Version int          `json:"version"`
	Files   []fileReport `json:"files"`
	Summary struct {
		Files    int `json:"files"`
		Valid    int `json:"valid"`
		Invalid  int `json:"invalid"`
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
	} `json:"summary"`
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
			if !cmd.Flags().Changed("jobs") {
				o.jobs = e.cpus
			}
			return runValidate(cmd, e, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected per file)")
	f.BoolVar(&o.strict, "strict", false, "tolerate nothing: reader quirks are errors and warnings make a file invalid")
	f.StringVar(&o.format, "format", "text", "report format: "+strings.Join(render.ReportFormats, ", "))
	f.StringVar(&o.color, "color", "auto", "colour the severity and caret: auto (a terminal, NO_COLOR unset), always or never")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "check `N` files in parallel (default: the number of CPUs)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print errors only: no warnings, no summary")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.StringVar(&o.eaw, "east-asian-width", "auto", "ambiguous-width characters are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(render.ReportFormats, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("color", cobra.FixedCompletions([]string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runValidate(cmd *cobra.Command, e env, o validateOptions, args []string) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if !contains(render.ReportFormats, o.format) {
		return usageErrorf("--format: want %s or %s, not %q", strings.Join(render.ReportFormats[:len(render.ReportFormats)-1], ", "), render.ReportFormats[len(render.ReportFormats)-1], o.format)
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	o.jobs = capJobs(o.jobs, e.cpus)
	cond, err := widthCondition(o.eaw, e.getenv)
	if err != nil {
		return err
	}
	out, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	color, err := colorChoice(e, o.color, out)
	if err != nil {
		return err
	}
	ins, notes, err := gatherInputs(e, inputFlags{filesFrom: o.filesFrom, null: o.null, from: o.from, verbose: o.verbose}, args, "", cmd.InOrStdin(), stderr)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	reports := make([]fileReport, len(ins))
	stdin := cmd.InOrStdin()
	// One input (a collection of games) is read by all the workers.
	fileJobs := 1
	if len(ins) == 1 {
		fileJobs = o.jobs
	}
	pool := &bufPool{}
	bar := newBar(e, stderr, len(ins), o.quiet, "validating")
	rep := render.NewReporter(o.format, out, &render.DiagnosticPrinter{Cond: cond, Color: color}, o.quiet, version)
	sum := render.ReportSummary{Reasons: notes.counts()}
	for _, n := range sum.Reasons {
		sum.Skipped += n
	}
	status := exitOK
	var werr error
	// An interrupt stops the wait at once: a worker may be blocked reading
	// a terminal or a FIFO, and what is done so far is reported.
	runInputs(ctx, len(ins), o.jobs, bar, ctx, func(i int) {
		reports[i] = validateFile(ctx, ins[i], stdin, o, fileJobs, pool)
		if ctx.Err() != nil {
			reports[i].interrupted = true
		}
	}, func(i int) {
		r := &reports[i]
		if r.interrupted {
			return
		}
		sum.Add(&r.FileReport)
		status = max(status, r.status)
		if len(r.Errors)+len(r.Warnings) > 0 {
			bar.clear()
		}
		if err := rep.File(&r.FileReport); err != nil && werr == nil {
			werr = err
		}
	})
	bar.finish()
	sum.Stopped = ctx.Err() != nil
	if err := rep.End(&sum); err != nil && werr == nil {
		werr = err
	}
	if !o.quiet {
		fmt.Fprintln(stderr, sum.Line(skippedText(sum.Reasons)))
	}
	if werr != nil {
		return &exitError{exitUsage, fmt.Errorf("cannot write the report: %w", unwrapPath(werr))}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}

// validateFile reads every record of one input and checks it.
func validateFile(ctx context.Context, in input, stdin io.Reader, o validateOptions, jobs int, pool *bufPool) fileReport {
	rep := fileReport{FileReport: render.FileReport{Path: in.name(), Errors: []diag{}, Warnings: []diag{}}}
	var all diagList
	fail := func(status int, ds ...diag) {
		all.add(ds...)
		rep.status = max(rep.status, status)
	}
	finish := func(src *source) fileReport {
		for _, d := range all.list(rep.Path) {
			if d.Severity == sevWarning && o.strict {
				d.Severity = sevError
			}
			if d.Severity == sevError {
				rep.Errors = append(rep.Errors, d)
			} else {
				rep.Warnings = append(rep.Warnings, d)
			}
		}
		if len(rep.Errors) > 0 {
			rep.status = max(rep.status, exitInvalid)
		}
		rep.Valid = len(rep.Errors) == 0
		return rep
	}
	if in.err != nil {
		fail(exitUsage, diagsFromError(rep.Path, 0, in.err)...)
		return finish(nil)
	}
	src, err := openSource(in, stdin, o.from, parse.Options{Strict: o.strict}, pool)
	if err != nil {
		fail(openStatus(err), diagsFromError(rep.Path, 0, err)...)
		return finish(nil)
	}
	defer src.Close()
	rep.Format = src.Format
	var first *shogi.Record
	check := func(rec *shogi.Record) workResult {
		return workResult{diags: render.FindingDiagnostics(rep.Path, 0, rec.Check())}
	}
	games, err := src.eachRecord(ctx, jobs, check, func(game int, res readResult) bool {
		if first == nil {
			first = res.rec
		}
		var reported map[string]bool
		readerDiags := make([]diag, len(res.warns)) // judged below, then listed
		strict := make([]diag, len(res.warns))      // what each stands for as an error
		for i, w := range res.warns {
			readerDiags[i] = diagFromParse(rep.Path, game, w)
			strict[i] = diagFromParse(rep.Path, game, parse.StrictError(w))
			if reported == nil {
				reported = map[string]bool{}
			}
			reported[w.Code()] = true
		}
		var own []diag
		for _, d := range res.extra {
			// A reader may already have said what a check finds (an
			// impossible start position), with a line to quote.
			if d.Ply == 0 && (reported[d.Code] || d.Start && (reported[parse.ErrBadBoard.Code] || reported[shogi.ErrBadPosition.Code])) {
				continue
			}
			if i := judgeKept(readerDiags, d); i >= 0 {
				readerDiags[i] = strict[i]
				continue
			}
			d.Game = game
			own = append(own, d)
		}
		for i, w := range res.warns {
			d := readerDiags[i]
			all.b.AddN(d, d.Code, d.Severity == sevWarning, max(w.Omitted, 1))
		}
		all.add(own...)
		return ctx.Err() == nil
	})
	rep.Games = games
	if err != nil {
		status := exitInvalid
		var pathErr *os.PathError
		if errors.As(err, &pathErr) || errors.Is(err, context.Canceled) {
			status = exitUsage
		}
		fail(status, diagsFromError(rep.Path, games, err)...)
	}
	rep.Encoding = string(src.Encoding())
	if first != nil && rep.Games == 1 && rep.status == exitOK {
		if line, text, ok := src.summary(); ok {
			all.add(render.SummaryDiagnostics(rep.Path, line, text, first)...)
		}
	}
	if rep.Games == 0 && rep.status == exitOK {
		fail(exitInvalid, diag{Path: rep.Path, Severity: sevError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
	}
	return finish(src)
}

// judgeKept applies "validate judges, convert preserves" to an illegal
// move that the replay found (d, an error without a line): when a lenient
// reader kept that move and warned about it (same code and ply), it returns
// the index of that warning, whose error (with the line and column) is
// reported instead of d; -1 otherwise. Warnings of moves a reader read
// another way (a quirk it tolerated) replay as legal and stay warnings.
func judgeKept(readerDiags []diag, d diag) int {
	if d.Severity != sevError || !parse.IsMoveCode(d.Code) {
		return -1
	}
	for i := range readerDiags {
		w := &readerDiags[i]
		if w.Severity == sevWarning && w.Code == d.Code && (w.Ply == d.Ply || w.Ply == 0) {
			return i
		}
	}
	return -1
}

// validateHelp is validate's --help text; its list of codes comes from
// parse.Codes.
func validateHelp() string {
	var b strings.Builder
	b.WriteString(`Validate reads each record and replays every line of play, the main line and
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
`)
	kind := parse.CodeKind(-1)
	for _, c := range parse.Codes {
		if c.Kind != kind {
			kind = c.Kind
			b.WriteString("  " + kind.String() + ":\n")
		}
		b.WriteString("    " + c.Code + strings.Repeat(" ", max(1, 18-len(c.Code))) + c.Meaning + "\n")
	}
	b.WriteString("\nExit status: 0 all valid, 1 some invalid, 2 usage or I/O error.")
	return b.String()
}

// codesMarkdown is the README's table of codes, generated from parse.Codes
// (readme_test.go keeps the README in step with it).
func codesMarkdown() string {
	var b strings.Builder
	b.WriteString("| code | kind | meaning |\n|---|---|---|\n")
	for _, c := range parse.Codes {
		b.WriteString("| `" + c.Code + "` | " + c.Kind.String() + " | " + c.Meaning + " |\n")
	}
	return b.String()
}
