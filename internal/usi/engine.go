package usi

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Config says how to start an engine and how long each step may take. The
// zero durations take the defaults beside them.
type Config struct {
	Path string   // the engine's executable
	Args []string // its arguments
	Dir  string   // its working directory ("": the executable's own, where engines look for their evaluation files)
	Env  []string // added to kifconv's environment

	// Options are sent with setoption after the handshake, in order. A
	// name the engine did not declare is an error, except USI_Hash and
	// USI_Ponder, which USI lets a GUI set regardless.
	Options []Option
	// MultiPV > 1 sets the engine's MultiPV option, so that Results hold
	// that many lines.
	MultiPV int

	StartTimeout  time.Duration // usi to usiok: 10s
	ReadyTimeout  time.Duration // isready to readyok (engines load their evaluation here): 60s
	SearchTimeout time.Duration // a search without a time limit, to bestmove: 5m
	StopTimeout   time.Duration // past a search's time, and after stop, to bestmove: 2s
	QuitTimeout   time.Duration // quit to the engine's exit: 2s
	StderrLines   int           // standard error lines an *Error keeps: 20
	MaxLineBytes  int           // the longest line the engine may write: 1 MiB
}

// Option is a setoption command.
type Option struct{ Name, Value string }

// OptionInfo is an option an engine declared in its handshake.
type OptionInfo struct {
	Name, Type, Default, Min, Max string
	Vars                          []string // the values of a combo
}

// Limits bound one search. Zero fields set no limit; Go wants at least one.
type Limits struct {
	Nodes    int64
	Depth    int
	MoveTime time.Duration
	// Byoyomi sends the time as `btime 0 wtime 0 byoyomi T` instead of
	// `movetime T`. An engine that runs past a movetime is switched to it
	// for its later searches (Engine.ByoyomiOnly).
	Byoyomi bool
}

// Position is a position as USI sends it: a start and the moves played
// from it, so that the engine knows the history (repetitions).
type Position struct {
	Start shogi.Position
	Moves []shogi.Move
}

// AppendCommand appends `position sfen <start> [moves …]`.
func (p *Position) AppendCommand(dst []byte) []byte {
	dst = p.Start.AppendSFEN(append(dst, "position sfen "...))
	if len(p.Moves) > 0 {
		dst = append(dst, " moves"...)
		for _, m := range p.Moves {
			dst = m.AppendUSI(append(dst, ' '))
		}
	}
	return dst
}

// Line is one line of play an engine reported: its score, its PV and the
// search figures of the info that stated them.
type Line struct {
	MultiPV  int // 1 for the best
	Score    Score
	PV       []shogi.Move
	Depth    int
	SelDepth int
	Nodes    int64
}

// Result is an engine's answer about one position.
type Result struct {
	BestMove BestMove
	// Lines holds the last scored info of each MultiPV line, best first;
	// empty when the engine gave no score (as some do with bestmove resign).
	Lines    []Line
	Depth    int // the last stated of each figure
	SelDepth int
	Nodes    int64
	NPS      int64
	Time     time.Duration
	Strings  []string // the info string texts, in order
}

// Engine is a running USI engine. Its methods are not safe for concurrent
// use; each worker owns one engine (see Pool). After a fault the engine is
// dead and every method returns that fault.
type Engine struct {
	Name, Author string       // from id name and id author
	Options      []OptionInfo // as declared
	cfg          Config
	cmd          *exec.Cmd
	stdin        *os.File
	out          *os.File      // the engine's standard output, read with deadlines
	rd           *bufio.Reader // on out
	partial      []byte        // a line begun before a deadline passed
	exited       chan struct{}
	stderr       ring
	stderrDone   chan struct{}
	dead         error
	byoyomi      bool
	closeOnce    sync.Once
	buf          []byte
}

// Start starts the engine cfg names and carries out the handshake: usi and
// usiok (name, author, options), setoption, isready and readyok. The
// context bounds the whole start; a cancelled context kills the engine.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	cfg = withDefaults(cfg)
	e := &Engine{cfg: cfg, exited: make(chan struct{}), stderrDone: make(chan struct{})}
	e.stderr.max = cfg.StderrLines
	if err := e.spawn(); err != nil {
		return nil, err
	}
	if err := e.handshake(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

func withDefaults(c Config) Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.StartTimeout, 10*time.Second)
	def(&c.ReadyTimeout, 60*time.Second)
	def(&c.SearchTimeout, 5*time.Minute)
	def(&c.StopTimeout, 2*time.Second)
	def(&c.QuitTimeout, 2*time.Second)
	if c.StderrLines <= 0 {
		c.StderrLines = 20
	}
	if c.MaxLineBytes <= 0 {
		c.MaxLineBytes = 1 << 20
	}
	return c
}

// spawn starts the process with pipes of its own, and the goroutines that
// read its output.
func (e *Engine) spawn() error {
	cmd := exec.Command(e.cfg.Path, e.cfg.Args...)
	cmd.Dir = e.cfg.Dir
	if e.cfg.Env != nil {
		cmd.Env = append(os.Environ(), e.cfg.Env...)
	}
	ownGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return &Error{Op: "start", Kind: ErrExited, Detail: err.Error()}
	}
	e.cmd, e.stdin, e.out = cmd, inW, outR
	e.rd = bufio.NewReaderSize(outR, 64<<10)
	go e.readStderr(errR)
	go func() {
		_ = cmd.Wait()
		close(e.exited)
	}()
	return nil
}

// readStderr keeps the engine's last lines of standard error.
func (e *Engine) readStderr(f *os.File) {
	defer close(e.stderrDone)
	defer f.Close()
	r := bufio.NewReader(f)
	for {
		s, err := r.ReadString('\n')
		if s = strings.TrimRight(s, "\r\n"); s != "" {
			if len(s) > 500 {
				s = s[:500] + "…"
			}
			e.stderr.add(s)
		}
		if err != nil {
			return
		}
	}
}

// ring keeps the last max lines added.
type ring struct {
	mu    sync.Mutex
	max   int
	lines []string
}

func (r *ring) add(s string) {
	r.mu.Lock()
	if len(r.lines) == r.max {
		copy(r.lines, r.lines[1:])
		r.lines = r.lines[:r.max-1]
	}
	r.lines = append(r.lines, s)
	r.mu.Unlock()
}

func (r *ring) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.lines)
}

// handshake sends usi and reads to usiok, sends the options, then waits
// for readyok.
func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("usi"); err != nil {
		return e.fail("usi", err, "")
	}
	deadline := time.Now().Add(e.cfg.StartTimeout)
	for {
		line, err := e.next(ctx, deadline)
		if err != nil {
			return e.fail("usi", err, "")
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usiok":
			return e.configure(ctx)
		case "id":
			if len(f) >= 3 {
				v := strings.TrimSpace(strings.SplitN(strings.TrimSpace(line), " ", 3)[2])
				switch f[1] {
				case "name":
					e.Name = v
				case "author":
					e.Author = v
				}
			}
		case "option":
			if o, ok := parseOptionLine(f[1:]); ok {
				e.Options = append(e.Options, o)
			}
		}
		// Anything else before usiok is a banner, which engines print.
	}
}

// parseOptionLine reads the words after `option`: name N type T [default
// D] [min M] [max X] [var V]…; names and values may hold blanks.
func parseOptionLine(f []string) (OptionInfo, bool) {
	var o OptionInfo
	key := ""
	var val []string
	flush := func() {
		v := strings.Join(val, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min":
			o.Min = v
		case "max":
			o.Max = v
		case "var":
			o.Vars = append(o.Vars, v)
		}
		val = val[:0]
	}
	for _, w := range f {
		switch w {
		case "name", "type", "default", "min", "max", "var":
			if key != "" {
				flush()
			}
			key = w
		default:
			val = append(val, w)
		}
	}
	if key != "" {
		flush()
	}
	return o, o.Name != ""
}

// configure sends the options and waits for readyok.
func (e *Engine) configure(ctx context.Context) error {
	opts := e.cfg.Options
	if e.cfg.MultiPV > 1 {
		opts = append(slices.Clip(opts), Option{"MultiPV", strconv.Itoa(e.cfg.MultiPV)})
	}
	for _, o := range opts {
		name := o.Name
		if !strings.HasPrefix(name, "USI_") {
			i := slices.IndexFunc(e.Options, func(d OptionInfo) bool { return strings.EqualFold(d.Name, o.Name) })
			if i < 0 {
				e.Kill()
				return fmt.Errorf("engine %s has no option %q", e.Name, o.Name)
			}
			name = e.Options[i].Name
		}
		cmd := "setoption name " + name
		if o.Value != "" {
			cmd += " value " + o.Value
		}
		if err := e.send(cmd); err != nil {
			return e.fail("setoption", err, "")
		}
	}
	return e.ready(ctx)
}

// ready sends isready and waits for readyok; other lines are skipped.
func (e *Engine) ready(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return e.fail("isready", err, "")
	}
	deadline := time.Now().Add(e.cfg.ReadyTimeout)
	for {
		line, err := e.next(ctx, deadline)
		if err != nil {
			return e.fail("isready", err, "")
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

// NewGame tells the engine a new game starts: isready, readyok, then
// usinewgame. Engines clear their hash tables for a new game, which makes
// the analysis of a game independent of what the engine searched before.
func (e *Engine) NewGame(ctx context.Context) error {
	if e.dead != nil {
		return e.dead
	}
	if err := e.ready(ctx); err != nil {
		return err
	}
	if err := e.send("usinewgame"); err != nil {
		return e.fail("usinewgame", err, "")
	}
	return nil
}

// ByoyomiOnly reports whether the engine ran past a movetime once, so
// that its searches send the time as byoyomi.
func (e *Engine) ByoyomiOnly() bool { return e.byoyomi }

// Go asks the engine about pos within lim: position, go, the info lines,
// bestmove. A search that runs past its time (MoveTime, or SearchTimeout
// without one) is sent stop; one that then gives no bestmove within
// StopTimeout is a fault.
func (e *Engine) Go(ctx context.Context, pos *Position, lim Limits) (Result, error) {
	if e.dead != nil {
		return Result{}, e.dead
	}
	if lim.Nodes <= 0 && lim.Depth <= 0 && lim.MoveTime <= 0 {
		return Result{}, ErrNoLimit
	}
	b := pos.AppendCommand(e.buf[:0])
	b = append(b, "\ngo"...)
	wait := e.cfg.SearchTimeout
	if ms := lim.MoveTime.Milliseconds(); ms > 0 {
		if lim.Byoyomi || e.byoyomi {
			b = strconv.AppendInt(append(b, " btime 0 wtime 0 byoyomi "...), ms, 10)
		} else {
			b = strconv.AppendInt(append(b, " movetime "...), ms, 10)
		}
		wait = lim.MoveTime + e.cfg.StopTimeout
	}
	if lim.Nodes > 0 {
		b = strconv.AppendInt(append(b, " nodes "...), lim.Nodes, 10)
	}
	if lim.Depth > 0 {
		b = strconv.AppendInt(append(b, " depth "...), int64(lim.Depth), 10)
	}
	e.buf = b
	if err := e.write(append(b, '\n')); err != nil {
		return Result{}, e.fail("go", err, "")
	}
	var res Result
	deadline := time.Now().Add(wait)
	stopped := false
	for {
		line, err := e.next(ctx, deadline)
		if errors.Is(err, ErrTimeout) && !stopped {
			// Past the time: ask for the answer. An engine that ignored a
			// movetime is sent byoyomi from now on.
			if lim.MoveTime > 0 && !lim.Byoyomi {
				e.byoyomi = true
			}
			stopped = true
			if err := e.send("stop"); err != nil {
				return res, e.fail("stop", err, "")
			}
			deadline = time.Now().Add(e.cfg.StopTimeout)
			continue
		}
		if err != nil {
			return res, e.fail("go", err, "")
		}
		word, rest, _ := strings.Cut(strings.TrimLeft(line, " \t"), " ")
		switch word {
		case "info":
			in, err := ParseInfo(rest)
			if err != nil {
				return res, e.fail("go", &Error{Kind: ErrProtocol, Detail: err.Error()}, line)
			}
			res.add(&in)
		case "bestmove":
			bm, err := ParseBestMove(rest)
			if err != nil {
				return res, e.fail("go", &Error{Kind: ErrProtocol, Detail: err.Error()}, line)
			}
			res.BestMove = bm
			return res, nil
		case "":
		default:
			return res, e.fail("go", &Error{Kind: ErrProtocol, Detail: "neither info nor bestmove"}, line)
		}
	}
}

// add takes the figures of one info line into r.
func (r *Result) add(in *Info) {
	if in.Depth > 0 {
		r.Depth = in.Depth
	}
	if in.SelDepth > 0 {
		r.SelDepth = in.SelDepth
	}
	if in.Nodes > 0 {
		r.Nodes = in.Nodes
	}
	if in.NPS > 0 {
		r.NPS = in.NPS
	}
	if in.Time > 0 {
		r.Time = in.Time
	}
	if in.String != "" {
		r.Strings = append(r.Strings, in.String)
	}
	if !in.HasScore {
		return
	}
	k := max(in.MultiPV, 1)
	l := Line{MultiPV: k, Score: in.Score, PV: in.PV, Depth: in.Depth, SelDepth: in.SelDepth, Nodes: in.Nodes}
	i, found := slices.BinarySearchFunc(r.Lines, k, func(l Line, k int) int { return l.MultiPV - k })
	if found {
		r.Lines[i] = l
	} else {
		r.Lines = slices.Insert(r.Lines, i, l)
	}
}

// Best returns the best line, and false when the engine gave no score.
func (r *Result) Best() (Line, bool) {
	if len(r.Lines) == 0 {
		return Line{}, false
	}
	return r.Lines[0], true
}

// next returns the engine's next line, without its line end: ErrTimeout
// when the deadline passes first, ErrExited when the output ends, the
// context's error when it ends. It reads in the caller's goroutine, with
// the file's read deadline, so that a line costs no goroutine switch.
func (e *Engine) next(ctx context.Context, deadline time.Time) (string, error) {
	if err := e.out.SetReadDeadline(deadline); err != nil {
		return "", &Error{Kind: ErrExited, Detail: err.Error()}
	}
	if ctx.Done() != nil {
		if err := context.Cause(ctx); err != nil {
			return "", err
		}
		stop := context.AfterFunc(ctx, func() { e.out.SetReadDeadline(time.Unix(1, 0)) })
		defer stop()
	}
	for {
		b, err := e.rd.ReadSlice('\n')
		if err == nil && e.partial == nil {
			return strings.TrimRight(string(b), "\r\n"), nil
		}
		e.partial = append(e.partial, b...)
		if len(e.partial) > e.cfg.MaxLineBytes {
			return "", &Error{Kind: ErrProtocol, Detail: fmt.Sprintf("a line longer than %d bytes", e.cfg.MaxLineBytes)}
		}
		switch {
		case err == nil:
			line := strings.TrimRight(string(e.partial), "\r\n")
			e.partial = nil
			return line, nil
		case err == bufio.ErrBufferFull:
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			if cause := context.Cause(ctx); cause != nil {
				return "", cause
			}
			if time.Now().Before(deadline) {
				continue // the deadline was moved by a context that did not end
			}
			return "", ErrTimeout
		case len(e.partial) > 0:
			line := strings.TrimRight(string(e.partial), "\r\n")
			e.partial = nil
			return line, nil // the last line, without a line end
		default:
			return "", ErrExited
		}
	}
}

// send writes one command line.
func (e *Engine) send(cmd string) error {
	e.buf = append(append(e.buf[:0], cmd...), '\n')
	return e.write(e.buf)
}

func (e *Engine) write(b []byte) error {
	if _, err := e.stdin.Write(b); err != nil {
		return &Error{Kind: ErrExited, Detail: "writing to it: " + err.Error()}
	}
	return nil
}

// fail kills the engine and returns the fault as an *Error (a context's
// error is returned as it is), which every later call returns too.
func (e *Engine) fail(op string, err error, line string) error {
	e.Kill()
	var fe *Error
	switch {
	case errors.As(err, &fe):
		fe = &Error{Op: op, Kind: fe.Kind, Detail: fe.Detail, Line: line}
	case errors.Is(err, ErrExited), errors.Is(err, ErrTimeout), errors.Is(err, ErrProtocol):
		fe = &Error{Op: op, Kind: err, Line: line}
	default:
		e.dead = err
		return err
	}
	if fe.Kind == ErrExited && fe.Detail == "" {
		select {
		case <-e.exited:
			if st := e.cmd.ProcessState; st != nil {
				fe.Detail = st.String()
			}
		case <-time.After(100 * time.Millisecond):
		}
	}
	select {
	case <-e.stderrDone:
	case <-time.After(500 * time.Millisecond):
	}
	fe.Stderr = e.stderr.snapshot()
	e.dead = fe
	return fe
}

// Kill kills the engine's process group at once.
func (e *Engine) Kill() {
	e.closeOnce.Do(e.killNow)
	if e.dead == nil {
		e.dead = &Error{Op: "kill", Kind: ErrExited, Detail: "killed"}
	}
}

// Close sends quit and waits QuitTimeout for the engine to exit, then
// kills its process group. It returns nil for an engine that exits when
// asked (or was dead already).
func (e *Engine) Close() error {
	if e.dead == nil {
		e.dead = &Error{Op: "quit", Kind: ErrExited, Detail: "closed"}
		if e.send("quit") == nil {
			select {
			case <-e.exited:
			case <-time.After(e.cfg.QuitTimeout):
			}
		}
	}
	e.closeOnce.Do(e.killNow)
	<-e.exited
	return nil
}

func (e *Engine) killNow() {
	killGroup(e.cmd)
	e.stdin.Close()
	e.out.Close()
}

// Stderr returns the engine's last lines of standard error so far.
func (e *Engine) Stderr() []string { return e.stderr.snapshot() }
