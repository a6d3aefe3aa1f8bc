package batch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
)

// Analysis says how analyze asks an engine about the games it writes, and
// what it makes of the answers besides the annotated records.
type Analysis struct {
	Engine  usi.Config
	Engines int // engine processes; each searches one game at a time
	Options analysis.Options
	// SkipAnalyzed leaves the games that carry an analysis as they are;
	// their analysis still reaches the report and the graphs.
	SkipAnalyzed bool
	// Report, when not "", is the file the report goes into, in
	// ReportFormat (report.AnalysisFormats); "-" is Stdout.
	Report, ReportFormat string
	Stdout               io.Writer
	// GraphDir, when not "", takes an SVG evaluation graph of each game's
	// main line: the input's path below its argument with .svg for an
	// input of one game (a.svg for a.kif), NAME-0003.svg for game 3 of an
	// input of several.
	GraphDir string
	// Temps, when not nil, is told of the report's and the graphs'
	// temporary files (Dest.Temps).
	Temps *Temps
}

// AnalysisCounts are what an Analyzer did.
type AnalysisCounts struct {
	Analysed  int // games analysed
	Positions int // positions the engines answered about
	Failed    int // games the engine failed on
	Skipped   int // games left as they were (SkipAnalyzed)
}

// Analyzer is analyze's Editor: on the worker that read a game it asks an
// engine of its pool about the game's positions (analysis.Run) and
// annotates the record; in input order it writes the report's rows and
// the graphs. Reports and graphs name a game by its input, with #N for
// game N of an input of several games. When the context given to
// NewAnalyzer is cancelled, the games being analysed are stopped
// (Edited.Game says so), and what was finished is still written: files
// are written with a context of their own.
type Analyzer struct {
	a        Analysis
	ctx      context.Context // the engines'
	fctx     context.Context // the files': never cancelled
	pool     *usi.Pool
	progress StepProgress
	steps    *stepPlan
	stopPlan context.CancelFunc
	planDone chan struct{}

	// Used in input order only (Taken, End).
	rep      *report.AnalysisWriter
	repBuf   *bufio.Writer
	repFile  *File
	repRoot  *os.Root
	repDirs  *Dirs
	graphs   *Dirs
	graphTop *os.Root
	names    outputNames
	cur      int           // the input of the last game taken
	curName  string        // its graphs' name, once claimed
	several  bool          // it is known to hold several games
	first    *analysedGame // its first game, held until it is known whether another follows
	err      error         // the first error writing the report or a graph
	errPath  string
	counts   AnalysisCounts
}

// NewAnalyzer starts the first engine of a pool of a.Engines, so that an
// engine that cannot start is known before any input is read, and opens
// the report and the graphs' directory. Cancelling ctx stops the engines.
// Close must be called.
func NewAnalyzer(ctx context.Context, a Analysis) (*Analyzer, error) {
	an := &Analyzer{a: a, ctx: ctx, fctx: context.WithoutCancel(ctx), cur: -1, names: outputNames{ext: ".svg"}}
	an.pool = usi.NewPool(a.Engine, a.Engines)
	c, err := an.pool.Get(ctx)
	if err == nil {
		_, err = c.Engine(ctx)
		c.Faults() // a start tried again: no game's
		an.pool.Put(c)
	}
	if err != nil {
		an.Close()
		return nil, err
	}
	if err := an.openReport(); err != nil {
		an.Close()
		return nil, &OutputError{a.Report, err}
	}
	if a.GraphDir != "" {
		err := os.MkdirAll(a.GraphDir, 0o755)
		if err == nil {
			an.graphTop, err = os.OpenRoot(a.GraphDir)
		}
		if err != nil {
			an.Close()
			return nil, &OutputError{a.GraphDir, err}
		}
		an.graphs = NewDirs(an.graphTop, a.Temps)
	}
	return an, nil
}

func (an *Analyzer) openReport() error {
	if an.a.Report == "" {
		return nil
	}
	var w io.Writer = an.a.Stdout
	if an.a.Report != "-" {
		root, err := os.OpenRoot(filepath.Dir(an.a.Report))
		if err != nil {
			return err
		}
		an.repRoot, an.repDirs = root, NewDirs(root, an.a.Temps)
		_, d, base, _ := an.repDirs.Open(filepath.Base(an.a.Report))
		fi, _ := d.Lstat(base)
		if an.repFile, err = d.Create(an.fctx, base, fi); err != nil {
			return err
		}
		w = an.repFile
	}
	an.repBuf = bufio.NewWriterSize(w, 64<<10)
	var err error
	an.rep, err = report.NewAnalysisWriter(an.repBuf, an.a.ReportFormat)
	return err
}

// Counts returns what the analyzer did; call it after the job.
func (an *Analyzer) Counts() AnalysisCounts { return an.counts }

// Close ends the engines and removes a report that End did not finish.
func (an *Analyzer) Close() error {
	err := an.pool.Close()
	if an.repFile != nil {
		an.repFile.Abort()
		an.repFile = nil
	}
	if an.repRoot != nil {
		an.repDirs.Close()
		an.repRoot.Close()
	}
	if an.graphs != nil {
		an.graphs.Close()
		an.graphTop.Close()
		an.graphs = nil
	}
	return err
}

// Start counts, beside the job, the positions of its inputs for a
// StepProgress (see stepPlan).
func (an *Analyzer) Start(_ context.Context, j Job) {
	p, ok := j.Progress.(StepProgress)
	if !ok {
		return
	}
	an.progress, an.steps = p, newStepPlan(p)
	ctx, cancel := context.WithCancel(an.ctx)
	an.stopPlan, an.planDone = cancel, make(chan struct{})
	go func() {
		defer close(an.planDone)
		an.plan(ctx, j)
	}()
}

// plan reads the inputs of j that are regular files (standard input, a
// FIFO and a list that is neither cannot be read twice) and tells the
// step plan how many positions each has to analyse.
func (an *Analyzer) plan(ctx context.Context, j Job) {
	if l := j.Sources.List; l != "" {
		if fi, err := os.Stat(l); err != nil || !fi.Mode().IsRegular() {
			return
		}
	}
	j.Sources.Skip, j.Progress, j.Report = nil, nil, nil
	j.Reading.Jobs = 1
	r := &reader{job: j}
	st := j.open(ctx)
	defer st.Close()
	for i := 0; ctx.Err() == nil; i++ {
		in, ok := st.Next()
		if !ok {
			return
		}
		if in.Err != nil || in.Path == "-" {
			continue
		}
		if fi, err := os.Stat(in.Path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		n := 0
		readInput(ctx, r, readAt{in: in, index: i, jobs: 1}, an.positions, func(_ *Game, k int) bool {
			n += k
			return ctx.Err() == nil
		}, nil)
		an.steps.plan(i, n)
	}
}

// positions returns the positions of rec the job asks about.
func (an *Analyzer) positions(rec *shogi.Record) int {
	if an.a.SkipAnalyzed && analysis.HasAnalysis(rec) {
		return 0
	}
	return analysis.Count(rec, an.a.Options)
}

// analysedGame is what the analyzer made of one game.
type analysedGame struct {
	an      *Analyzer
	index   int // its input's
	in      Input
	game    int
	steps   int // the positions it has to analyse
	asked   int // those the engine answered about
	ga      *analysis.GameAnalysis
	err     error
	faults  []fault // the engine recovered from
	skipped bool
	stopped bool
	row     *report.AnalysisGame
	graph   *render.EvalGraph
	players string
}

// Edit asks an engine about rec's positions and annotates it; see
// Analyzer.
func (an *Analyzer) Edit(index int, rec *shogi.Record) Edited {
	g := &analysedGame{an: an, index: index}
	opt := an.a.Options
	if an.a.SkipAnalyzed && analysis.HasAnalysis(rec) {
		g.skipped = true
		if an.rep != nil || an.graphs != nil {
			g.ga, _ = analysis.FromRecord(rec, opt.Variations, opt.Thresholds)
		}
		return g
	}
	g.steps = analysis.Count(rec, opt)
	if an.steps != nil {
		an.steps.met(index, g.steps)
	}
	c, err := an.pool.Get(an.ctx)
	if err != nil {
		g.stopped = true
		return g
	}
	ga, err := analysis.Run(an.ctx, rec, &stepEngine{Client: c, g: g}, opt)
	an.pool.Put(c)
	switch {
	case err != nil && an.ctx.Err() != nil:
		g.stopped = true
	case err != nil:
		g.err, g.faults = err, nil
	default:
		analysis.Annotate(rec, ga)
		g.ga = ga
	}
	return g
}

// stepEngine counts the positions a client answers about, and keeps the
// faults it recovered from with the position they were met at.
type stepEngine struct {
	*usi.Client
	g       *analysedGame
	pending []error // NewGame's, told with the next position
}

// fault is an engine fault recovered from, and where.
type fault struct {
	ply  int
	sfen string
	err  error
}

func (e *stepEngine) NewGame(ctx context.Context) error {
	err := e.Client.NewGame(ctx)
	e.pending = append(e.pending, e.Client.Faults()...)
	return err
}

func (e *stepEngine) Go(ctx context.Context, pos *usi.Position, lim usi.Limits) (usi.Result, error) {
	res, err := e.Client.Go(ctx, pos, lim)
	faults := append(e.pending, e.Client.Faults()...)
	e.pending = nil
	if err != nil {
		return res, err
	}
	e.g.asked++
	if p := e.g.an.progress; p != nil {
		p.Step()
	}
	if len(faults) > 0 {
		at := pos.Start
		for _, m := range pos.Moves {
			at.Play(m)
		}
		for _, f := range faults {
			e.g.faults = append(e.g.faults, fault{len(pos.Moves), at.SFEN(), f})
		}
	}
	return res, nil
}

// Game makes the report's rows and the graph of the game while its record
// is valid, or the diagnostics of its failure.
func (g *analysedGame) Game(gm *Game) ([]report.Diagnostic, Status, bool) {
	if g.stopped {
		return nil, StatusOK, true
	}
	g.in, g.game = gm.In, gm.Game
	if g.err != nil {
		ply, sfen, err := 0, "", g.err
		var pe *analysis.PositionError
		if errors.As(err, &pe) {
			ply, sfen, err = pe.Ply, pe.SFEN, pe.Err
		}
		return engineDiagnostics(gm, report.SeverityError, ply, sfen, err, ""), StatusInvalid, false
	}
	var ds []report.Diagnostic
	for _, f := range g.faults {
		ds = append(ds, engineDiagnostics(gm, report.SeverityWarning, f.ply, f.sfen, f.err, "; restarted, the engine answered")...)
	}
	if g.ga == nil {
		return ds, StatusOK, false
	}
	if g.an.rep != nil {
		g.row = report.NewAnalysisGame("", gm.Record, g.ga)
	}
	if g.an.graphs != nil {
		g.graph = evalGraph(g.ga)
		if b, w := shogi.PlayerNames(gm.Record.Header); b != "" || w != "" {
			g.players = "☗" + b + " – ☖" + w
		}
	}
	g.ga = nil
	return ds, StatusOK, false
}

// Taken writes the game's row and graph, and counts it.
func (g *analysedGame) Taken() { g.an.taken(g) }

// engineDiagnostics say that the engine failed on game g at ply (its
// position sfen, when known) with err, and end with its last lines of
// standard error as notes.
func engineDiagnostics(g *Game, severity string, ply int, sfen string, err error, then string) []report.Diagnostic {
	msg := "game " + strconv.Itoa(g.Game) + ": the engine failed at ply " + strconv.Itoa(ply)
	if sfen != "" {
		msg += " (sfen " + sfen + ")"
	}
	var stderr []string
	var ue *usi.Error
	if errors.As(err, &ue) {
		c := *ue
		stderr, c.Stderr = c.Stderr, nil
		err = &c
	}
	d := report.Diagnostic{Path: g.In.Name(), Game: g.Game, Ply: ply, Severity: severity, Code: "engine", Message: msg + ": " + err.Error() + then}
	ds := []report.Diagnostic{d}
	if len(stderr) > 0 {
		d.Severity, d.Message = report.SeverityNote, "game "+strconv.Itoa(g.Game)+": the engine's standard error ended:"
		ds = append(ds, d)
	}
	for _, l := range stderr {
		d.Message = "  " + l
		ds = append(ds, d)
	}
	return ds
}

// evalGraph returns the graph of ga's main line: a point for each of its
// positions with a score.
func evalGraph(ga *analysis.GameAnalysis) *render.EvalGraph {
	classes := make(map[*shogi.Node]shogi.MoveClass, len(ga.Moves))
	for _, m := range ga.Moves {
		classes[m.Node] = m.Class
	}
	g := &render.EvalGraph{Engine: ga.Engine}
	var before *analysis.Position
	for i := range ga.Positions {
		p := &ga.Positions[i]
		if !p.MainLine {
			continue
		}
		pt := render.EvalPoint{Ply: p.Ply, Eval: p.Eval, Class: classes[p.Node]}
		if before != nil && p.Node.Parent() == before.Node {
			if pos, err := shogi.ParseSFEN(before.SFEN); err == nil {
				pt.Move = string(shogi.KI2Notation{}.AppendMove(shogi.AppendSideMark(nil, pos.Turn()), &pos, p.Node.Move))
			}
		}
		before = p
		if p.HasEval {
			g.Points = append(g.Points, pt)
		}
	}
	return g
}

// taken counts a game and writes what it made, in input order: the first
// game of an input is held until it is known whether the input holds
// another.
func (an *Analyzer) taken(g *analysedGame) {
	if an.steps != nil {
		an.steps.taken(g.index, g.steps, g.asked)
	}
	an.counts.Positions += g.asked
	switch {
	case g.err != nil:
		an.counts.Failed++
	case g.skipped:
		an.counts.Skipped++
	default:
		an.counts.Analysed++
	}
	if g.row == nil && g.graph == nil {
		return
	}
	if g.index != an.cur {
		an.cur, an.curName, an.several = g.index, "", false
	}
	if an.several = an.several || g.game > 1; !an.several {
		an.first = g
		return
	}
	if an.first != nil {
		an.put(an.first, true)
		an.first = nil
	}
	an.put(g, true)
}

// EndInput writes the game held, and claims the input's graph name when
// none of its games has a graph, so that names are claimed in the same
// order whichever games a run takes (--shard).
func (an *Analyzer) EndInput(in Input, index, games int) {
	if an.steps != nil {
		an.steps.ended(index)
	}
	if an.first != nil && an.first.index == index {
		an.put(an.first, games > 1)
		an.first = nil
	}
	if an.graphs != nil && games > 0 && (index != an.cur || an.curName == "") {
		an.names.claim(in.Rel)
	}
}

// flush writes the game held, if any (EndInput has always written it).
func (an *Analyzer) flush() {
	if an.first != nil {
		an.put(an.first, false)
		an.first = nil
	}
}

// put writes a game's row and graph, named with its number when numbered.
func (an *Analyzer) put(g *analysedGame, numbered bool) {
	name := g.in.Name()
	if numbered {
		name += "#" + strconv.Itoa(g.game)
	}
	if g.row != nil && an.err == nil {
		g.row.Game = name
		for i := range g.row.Moves {
			g.row.Moves[i].Game = name
		}
		if err := an.rep.Write(g.row); err != nil {
			an.fail(an.a.Report, err)
		}
	}
	if g.graph == nil || an.err != nil {
		return
	}
	if an.curName == "" {
		an.curName, _ = an.names.claim(g.in.Rel)
	}
	rel := an.curName
	if numbered {
		rel = gameName(rel, g.game, g.game)
	}
	g.graph.Title = name
	if g.players != "" {
		g.graph.Title += "  " + g.players
	}
	if err := an.writeGraph(rel, g.graph); err != nil {
		an.fail(filepath.Join(an.a.GraphDir, rel), err)
	}
}

// writeGraph writes one graph under GraphDir, replacing what is there.
func (an *Analyzer) writeGraph(rel string, g *render.EvalGraph) error {
	dir, d, base, err := an.graphs.Open(rel)
	if err != nil {
		return err
	}
	defer an.graphs.Release(dir)
	fi, _ := d.Lstat(base)
	f, err := d.Create(an.fctx, base, fi)
	if err != nil {
		return err
	}
	if _, err := f.Write(render.AppendEvalGraph(nil, g)); err != nil {
		f.Abort()
		return err
	}
	return f.Commit(true)
}

func (an *Analyzer) fail(path string, err error) {
	if an.err == nil {
		an.err, an.errPath = err, path
	}
}

// End writes the last game held, finishes the report, and says what could
// not be written.
func (an *Analyzer) End() ([]report.Diagnostic, Status) {
	if an.stopPlan != nil {
		an.stopPlan()
		<-an.planDone
	}
	if an.steps != nil {
		an.steps.end()
	}
	an.flush()
	if an.rep != nil && an.err == nil {
		err := an.rep.Close()
		if err == nil {
			err = an.repBuf.Flush()
		}
		if err == nil && an.repFile != nil {
			err = an.repFile.Commit(true)
			an.repFile = nil
		}
		if err != nil {
			an.fail(an.a.Report, err)
		}
	}
	if an.err == nil {
		return nil, StatusOK
	}
	shown := an.errPath
	if shown == "-" {
		shown = "standard output"
	}
	return []report.Diagnostic{{Path: shown, Severity: report.SeverityError, Code: "io", Message: "cannot write " + shown + ": " + UnwrapPath(an.err).Error()}}, StatusTrouble
}
