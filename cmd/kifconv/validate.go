package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
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
}

// fileReport is the validation of one file: the element of "files" in the
// JSON report.
type fileReport struct {
	Path     string `json:"path"`
	Format   string `json:"format"`   // "" when it could not be told
	Encoding string `json:"encoding"` // "" when the file could not be read
	Games    int    `json:"games"`    // records found, including one that could not be read
	Valid    bool   `json:"valid"`
	Errors   []diag `json:"errors"`
	Warnings []diag `json:"warnings"`
	status   int
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
		Long: `Validate reads each record and replays every line of play, the main line and
all variations, with the rules engine. Problems are reported as compilers
report them, one per problem, with a stable code:

  game.kif:45:1: error: 二歩 (two unpromoted pawns on one file) at move 37 ▲５五歩打 [nifu]
  ４５歩打
  ^

The caret is placed by display width (RUNEWIDTH_EASTASIAN=1 or
--east-asian-width wide for terminals that draw ▲ and ・ two columns wide).
Codes include nifu, uchifuzume, dead-piece, self-check, no-piece,
unreachable, own-capture, bad-promotion, not-in-hand, syntax, bad-header,
bad-board, bad-time, encoding, unknown-format, empty, io.

Warnings point at records that read but do not add up: a 手数 header that
does not match the moves [move-count], a 手合割 that contradicts the board
[handicap-mismatch], a まで line that contradicts the moves or the ending
[summary-mismatch], running time totals that do not match the moves
[time-total], and the problems a reader tolerated (an unknown line, a quirk
of the program that wrote the file). With --strict the reader tolerates
nothing and warnings make a file invalid.

--format json prints one JSON document (version 1):

  {"version": 1,
   "files": [{"path": "a.kif", "format": "kif", "encoding": "shift_jis",
              "games": 1, "valid": false,
              "errors":   [{"line": 45, "column": 1, "game": 1, "ply": 37,
                            "severity": "error", "code": "nifu",
                            "message": "二歩 (…) at move 37 ▲５五歩打"}],
              "warnings": []}],
   "summary": {"files": 1, "valid": 0, "invalid": 1, "errors": 1, "warnings": 0}}

Lists are never null; line, column, game and ply are 0 when they do not
apply. Files are listed in input order whatever --jobs is.

Exit status: 0 all valid, 1 some invalid, 2 usage or I/O error.`,
		Example: `  kifconv validate game.kif
  kifconv validate kifu/ || exit 1           # a CI check
  kifconv validate --format json kifu/ | jq '.files[] | select(.valid | not) | .path'
  kifconv validate --strict -j 4 kifu/`,
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
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "check `N` files in parallel (default: the number of CPUs)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print errors only: no warnings, no summary")
	f.StringVar(&o.filesFrom, "files-from", "", "read input paths from `FILE` (- for standard input), one per line")
	f.BoolVarP(&o.null, "null", "0", false, "the --files-from list is NUL-separated (find -print0)")
	f.StringVar(&o.eaw, "east-asian-width", "auto", "ambiguous-width characters are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runValidate(cmd *cobra.Command, e env, o validateOptions, args []string) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if o.format != "text" && o.format != "json" {
		return usageErrorf("--format: want text or json, not %q", o.format)
	}
	if o.jobs < 1 {
		return usageErrorf("--jobs: want 1 or more, not %d", o.jobs)
	}
	o.jobs = capJobs(o.jobs, e.cpus)
	cond, err := widthCondition(o.eaw, e.getenv)
	if err != nil {
		return err
	}
	ins, err := collectInputs(inputSpec{args: args, filesFrom: o.filesFrom, nul: o.null, from: o.from}, cmd.InOrStdin())
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
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(o.jobs, len(ins)) {
		wg.Go(func() {
			for i := range next {
				reports[i] = validateFile(ctx, ins[i], stdin, o, fileJobs, pool)
			}
		})
	}
	for i := range ins {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	var rep validateReport
	rep.Version = 1
	rep.Files = reports
	status := exitOK
	for _, r := range reports {
		rep.Summary.Files++
		if r.Valid {
			rep.Summary.Valid++
		} else {
			rep.Summary.Invalid++
		}
		rep.Summary.Errors += len(r.Errors)
		rep.Summary.Warnings += len(r.Warnings)
		status = max(status, r.status)
	}
	out := cmd.OutOrStdout()
	if o.format == "json" {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			return &exitError{exitUsage, err}
		}
	} else {
		printValidation(out, cmd.ErrOrStderr(), rep, o, cond)
	}
	if status != exitOK {
		return &exitError{status, nil}
	}
	return nil
}

// printValidation prints the diagnostics on standard output (they are the
// command's result, to be piped or grepped) and the summary on standard
// error.
func printValidation(out, errOut io.Writer, rep validateReport, o validateOptions, cond *runewidth.Condition) {
	for _, r := range rep.Files {
		for i := range r.Errors {
			r.Errors[i].write(out, cond)
		}
		if o.quiet {
			continue
		}
		for i := range r.Warnings {
			r.Warnings[i].write(out, cond)
		}
	}
	if !o.quiet {
		s := rep.Summary
		fmt.Fprintf(errOut, "%d files: %d valid, %d invalid, %d errors, %d warnings\n", s.Files, s.Valid, s.Invalid, s.Errors, s.Warnings)
	}
}

// validateFile reads every record of one input and checks it.
func validateFile(ctx context.Context, in input, stdin io.Reader, o validateOptions, jobs int, pool *bufPool) fileReport {
	rep := fileReport{Path: in.name(), Errors: []diag{}, Warnings: []diag{}}
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
		status := exitUsage
		if errors.Is(err, errUnknownFormat) {
			status = exitInvalid
		}
		fail(status, diagsFromError(rep.Path, 0, err)...)
		return finish(nil)
	}
	defer src.Close()
	rep.Format = src.format
	var first *shogi.Record
	check := func(rec *shogi.Record) []diag { return checkRecord(rep.Path, 0, rec) }
	games, err := src.eachRecord(ctx, jobs, check, func(game int, res readResult) bool {
		if first == nil {
			first = res.rec
		}
		var reported map[string]bool
		for _, w := range res.warns {
			all.addParse(rep.Path, game, w)
			if reported == nil {
				reported = map[string]bool{}
			}
			reported[w.Code()] = true
		}
		for _, d := range res.extra {
			// A reader may already have said what a check finds (an
			// impossible start position), with a line to quote.
			if d.Ply == 0 && (reported[d.Code] || d.start && (reported[parse.ErrBadBoard.Code] || reported[shogi.ErrBadPosition.Code])) {
				continue
			}
			d.Game = game
			all.add(d)
		}
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
	rep.Encoding = string(src.encoding())
	if first != nil && rep.Games == 1 && rep.status == exitOK {
		if line, text, ok := src.summary(); ok {
			all.add(checkSummary(rep.Path, line, text, first)...)
		}
	}
	if rep.Games == 0 && rep.status == exitOK {
		fail(exitInvalid, diag{Path: rep.Path, Severity: sevError, Code: parse.ErrEmpty.Code, Message: parse.ErrEmpty.Msg})
	}
	return finish(src)
}
