package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/spf13/cobra"
)

// analyzeOptions are analyze's flags.
type analyzeOptions struct {
	in            readFlags
	out           outFlags
	term          termFlags
	engine        string
	engineArgs    []string
	options       []string
	nodes         int64
	depth         int
	movetime      time.Duration
	byoyomi       bool
	multiPV       int
	plies         string
	freshHash     bool
	skipAnalyzed  bool
	report        string
	reportFormat  string
	graph         string
	engineTimeout time.Duration
}

// stopGrace is how long analyze goes on writing the games finished once
// interrupted, before it stops as other commands do: within the second
// main's watchdog gives a command.
const stopGrace = stopWithin / 2

// defaultNodes is the search of a position when no limit is given: about
// a second of one thread of Fairy-Stockfish (YaneuraOu is faster).
const defaultNodes = 300_000

func newAnalyzeCmd(e env) *cobra.Command {
	var o analyzeOptions
	cmd := &cobra.Command{
		Use:   "analyze --engine CMD [-t FORMAT] [-o FILE | -d DIR] [--report FILE] [--graph DIR] [flags] [FILE|DIR|-]...",
		Short: "Annotate records with a USI engine's evaluation and judge every move",
		Long: `Analyze asks a USI engine (YaneuraOu, Fairy-Stockfish, gpsusi, …) about the
position before every move of each game's main line and after its last
move (--variations all: of every line; --plies A-B: after ply A to ply B,
0 being the start), and writes the records annotated as ShogiHome does:
each position's comment gets the engine's score, its line of play (読み筋),
the depth, the nodes and the engine's name, and each move the class a loss
of win probability earns it (疑問手, 悪手, 大悪手 from 5, 10 and 15 points,
lishogi's thresholds). Existing comments are kept; analysing an analysed
record again replaces its own lines and nothing else, and
--skip-analyzed leaves games that carry an analysis as they are. Each
format writes the analysis in its own convention (CSA as floodgate's '**
lines), and every reader reads it back (info's accuracy fields, the
training outputs' scores).

The search: --nodes N (default 300000, about a second of one thread),
--depth D, or --time DURATION (go movetime; an engine that runs past it is
sent byoyomi from then on, and --byoyomi sends that from the start, as
gpsusi needs); --multipv K asks for K lines. --option NAME=VALUE
(repeatable) is sent with setoption, --engine-arg passes arguments. Each
game starts with usinewgame, and a search reuses what the searches before
it in the same game left in the engine's hash, as a GUI's analysis does;
--fresh-hash sends usinewgame before every position, so that at a fixed
--nodes with --option Threads=1 each score is the one the engine gives the
position asked alone.

-j N runs N engine processes, each with its own Threads (the engine's
option, often one per core by default): keep N × Threads within the cores,
as -j 2 --option Threads=1 on two. The output does not depend on -j.

Records go where convert writes them (-t, -o, -d, --skip-existing,
--update), or nowhere when only --report or --graph is given. --report
FILE writes one row per move and a summary per game and per player (json,
jsonl or csv, by --report-format or the extension; "-" is standard
output); --graph DIR one SVG evaluation graph per game. A step the engine
does not answer in time (--engine-timeout), an engine that exits or prints
what is not USI is stopped with its processes, reported with the position
and its last lines of standard error, restarted, and asked again once; a
game it still fails on is reported and written as it was read, and the run
goes on. Ctrl-C stops the engines at once and keeps every finished game
(under -d, each input all of whose games were finished: --skip-existing
then carries on).

--shard K/N analyses a fixed share of the games (by input with -d), so that
N array jobs together do one run; see docs/analysis.md.` + inputsHelp + exitHelp("analyze"),
		Example: `  kifconv analyze --engine fairy-stockfish -t kif -o analysed.kif game.kif
  kifconv analyze --engine /opt/yaneuraou/YaneuraOu --option Threads=1 -j 4 -t kif -d out/ kifu/
  kifconv analyze --engine fairy-stockfish --time 3s --report report.json --graph graphs/ game.csa
  kifconv analyze --engine gpsusi --time 1s --byoyomi --option BookDepth=0 --plies 30-60 -t csa game.csa
  kifconv analyze --engine fairy-stockfish --shard 3/10 -t kif -d out/ kifu/    # task 3 of 10
  kifconv analyze --engine fairy-stockfish --skip-existing -t kif -d out/ kifu/ # carry on after Ctrl-C`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAnalyze(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	cmd.Flags().Lookup("jobs").Usage = "run `N` engine processes at once, each with its own Threads (default 1)"
	addOutFlags(cmd, &o.out)
	o.out.ownVariations = true
	cmd.Flags().Lookup("variations").Usage = "analyse every line of play (`all`), not only the main line; csa writes each line as a game"
	addTermFlags(cmd, &o.term)
	f := cmd.Flags()
	f.StringVar(&o.engine, "engine", "", "the USI engine: `CMD`, a path or a name on PATH")
	f.StringArrayVar(&o.engineArgs, "engine-arg", nil, "pass `ARG` to the engine (repeatable)")
	f.StringArrayVar(&o.options, "option", nil, "send setoption `NAME=VALUE` after the handshake (repeatable)")
	f.Int64Var(&o.nodes, "nodes", 0, fmt.Sprintf("search `N` nodes a position (default %d when no limit is given)", defaultNodes))
	f.IntVar(&o.depth, "depth", 0, "search to depth `D`")
	f.DurationVar(&o.movetime, "time", 0, "search `DURATION` a position (go movetime; byoyomi for an engine that runs past it)")
	f.BoolVar(&o.byoyomi, "byoyomi", false, "send --time as byoyomi (go btime 0 wtime 0 byoyomi), for engines that do not know movetime (gpsusi)")
	f.IntVar(&o.multiPV, "multipv", 1, "ask for `K` lines of play")
	f.StringVar(&o.plies, "plies", "", "only the positions after plies `A-B` (0 is the start; A-, -B)")
	f.BoolVar(&o.freshHash, "fresh-hash", false, "send usinewgame before every position, not once a game (reproducible at fixed --nodes with Threads=1)")
	f.BoolVar(&o.skipAnalyzed, "skip-analyzed", false, "leave the games that carry an analysis as they are")
	f.StringVar(&o.report, "report", "", "write the judgement of every move into `FILE` (- for standard output)")
	f.StringVar(&o.reportFormat, "report-format", "", "report format: json, jsonl or csv (default: from --report's extension, else json)")
	f.StringVar(&o.graph, "graph", "", "write an SVG evaluation graph of each game under `DIR`")
	f.DurationVar(&o.engineTimeout, "engine-timeout", 0, "how long the engine may take to get ready (default 60s), to search without --time (default 5m), or to answer stop (default and at most 2s)")
	choices(cmd, "report-format", report.AnalysisFormats...)
	return cmd
}

func runAnalyze(cmd *cobra.Command, e env, o *analyzeOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	if !cmd.Flags().Changed("jobs") {
		j.Reading.Jobs = 1
	}
	a, err := o.analysis(cmd)
	if err != nil {
		return err
	}
	a.Engines, a.Temps = j.Reading.Jobs, e.temps
	var t batch.Target
	var d batch.Dest
	writes := o.out.writes(cmd)
	switch {
	case writes:
		if t, d, err = o.out.target(cmd, e, j.Sources.Several()); err != nil {
			return err
		}
		d.Strict, d.Temps = o.in.strict, e.temps
		if o.report == "-" && d.Dir == "" && (d.File == "" || d.File == "-") {
			return usageErrorf("--report -: standard output takes the records; give -o FILE or -d DIR, or --report FILE")
		}
	case o.report == "" && o.graph == "":
		return usageErrorf("give where the analysis goes: -t FORMAT (-o FILE, -d DIR) for the records, --report FILE, or --graph DIR")
	default:
		if flags := given(cmd, "encoding", "newline", "csa-version", "notation", "ply", "svg-all", "mainline", "substitute", "force", "skip-existing", "update", "skip-plies", "results", "dedup"); len(flags) > 0 {
			return refuse(flags, "write records: give -t FORMAT")
		}
	}
	ctx := cmd.Context()
	an, err := batch.NewAnalyzer(ctx, a)
	if err != nil {
		var oe *batch.OutputError
		if errors.As(err, &oe) {
			return trouble(err)
		}
		return &exitError{exitUsage, fmt.Errorf("the engine %s does not start: %w", o.engine, err)}
	}
	defer an.Close()
	// Ctrl-C stops the engines (ctx), but the records of the games
	// finished are still written: the pipeline runs on a context of its
	// own, and ends once the games being analysed are stopped. Should it
	// still run stopGrace later (waiting for standard input at a
	// terminal), it is stopped as other commands are.
	pipe, stopPipe := context.WithCancel(context.WithoutCancel(ctx))
	defer stopPipe()
	defer context.AfterFunc(ctx, func() { time.AfterFunc(stopGrace, stopPipe) })()
	cmd.SetContext(pipe)
	defer cmd.SetContext(ctx)
	return write(cmd, e, o.term, j, t, d, "analysing", func(w *batch.Writing) { w.Editor = an },
		func(t batch.Tally, stdout bool) string {
			done := analysed(an.Counts())
			if writes {
				done += ", " + written(t, stdout)
			}
			return summary(t, done)
		},
		func(t batch.Tally) int { return statusOf(t.Status) })
}

// analysed says what the engines did: "12 games analysed (1,234 positions),
// 1 failed, 3 already analysed".
func analysed(c batch.AnalysisCounts) string {
	s := fmt.Sprintf("%s analysed (%s)", report.Plural(c.Analysed, "game"), report.Plural(c.Positions, "position"))
	if c.Failed > 0 {
		s += fmt.Sprintf(", %d not (the engine failed)", c.Failed)
	}
	if c.Skipped > 0 {
		s += fmt.Sprintf(", %d already analysed", c.Skipped)
	}
	return s
}

// analysis checks the engine and search flags and returns what they ask.
func (o *analyzeOptions) analysis(cmd *cobra.Command) (batch.Analysis, error) {
	var a batch.Analysis
	if o.engine == "" {
		return a, usageErrorf("give the USI engine with --engine CMD")
	}
	path, err := exec.LookPath(o.engine)
	if err != nil {
		return a, &exitError{exitUsage, fmt.Errorf("--engine: no engine %s: %v", o.engine, errors.Unwrap(err))}
	}
	a.Engine = usi.Config{Path: path, Args: o.engineArgs, MultiPV: o.multiPV, StderrLines: 8,
		ReadyTimeout: o.engineTimeout, SearchTimeout: o.engineTimeout, StopTimeout: min(o.engineTimeout, 2*time.Second)}
	for _, opt := range o.options {
		name, value, ok := strings.Cut(opt, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return a, usageErrorf("--option: want NAME=VALUE, not %q", opt)
		}
		a.Engine.Options = append(a.Engine.Options, usi.Option{Name: strings.TrimSpace(name), Value: value})
	}
	lim := usi.Limits{Nodes: o.nodes, Depth: o.depth, MoveTime: o.movetime, Byoyomi: o.byoyomi}
	switch {
	case o.byoyomi && o.movetime == 0:
		return a, usageErrorf("--byoyomi is how --time is sent: give --time DURATION")
	case o.nodes < 0, o.depth < 0, o.movetime < 0:
		return a, usageErrorf("--nodes, --depth and --time take a positive limit")
	case o.multiPV < 1:
		return a, usageErrorf("--multipv: want 1 or more, not %d", o.multiPV)
	case o.engineTimeout < 0:
		return a, usageErrorf("--engine-timeout: want a positive duration, not %v", o.engineTimeout)
	case lim == (usi.Limits{}):
		lim.Nodes = defaultNodes
	}
	a.Options = analysis.Options{Limits: lim, FreshHash: o.freshHash}
	switch v := strings.ToLower(o.out.variations); v {
	case "":
	case "all":
		a.Options.Variations = true
	default:
		return a, usageErrorf("--variations: want all, not %q", o.out.variations)
	}
	if o.plies != "" {
		if a.Options.FromPly, a.Options.ToPly, err = analysis.ParsePlyRange(o.plies); err != nil {
			return a, usageErrorf("--plies: %v", err)
		}
	}
	a.SkipAnalyzed = o.skipAnalyzed
	a.Report, a.GraphDir, a.Stdout = o.report, o.graph, cmd.OutOrStdout()
	a.ReportFormat = strings.ToLower(o.reportFormat)
	if a.ReportFormat == "" {
		a.ReportFormat = "json"
		if ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.report)), "."); ext == "jsonl" || ext == "csv" {
			a.ReportFormat = ext
		}
	}
	if err := oneOf("report-format", a.ReportFormat, report.AnalysisFormats...); err != nil {
		return a, err
	}
	if o.report == "" && cmd.Flags().Changed("report-format") {
		return a, usageErrorf("--report-format is the format of --report FILE: give it")
	}
	return a, nil
}
