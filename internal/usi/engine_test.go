package usi_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

// after returns the position after the USI moves from the even start.
func after(moves ...string) *usi.Position {
	p := &usi.Position{Start: shogi.StartPosition()}
	for _, s := range moves {
		p.Moves = append(p.Moves, mv(s))
	}
	return p
}

func (tc fakeCase) start(t *testing.T) *usi.Engine {
	t.Helper()
	cfg := usitest.Config(tc.spec)
	cfg.MultiPV = tc.multiPV
	e, err := usi.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

type fakeCase struct {
	spec    string
	multiPV int
}

func TestEngineAnswers(t *testing.T) {
	t.Parallel()
	e := fakeCase{spec: "banner,name=Fake Pro 2"}.start(t)
	if e.Name != "Fake Pro 2" || e.Author != "kifconv" {
		t.Errorf("name %q author %q", e.Name, e.Author)
	}
	if i := slices.IndexFunc(e.Options, func(o usi.OptionInfo) bool { return o.Name == "Style" }); i < 0 ||
		!slices.Equal(e.Options[i].Vars, []string{"Normal", "Wild"}) || e.Options[i].Type != "combo" || e.Options[i].Default != "Normal" {
		t.Errorf("options %+v", e.Options)
	}
	ctx := context.Background()
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*usi.Position{after(), after("7g7f"), after("7g7f", "3c3d", "8h2b+")} {
		res, err := e.Go(ctx, p, usi.Limits{Nodes: 1000})
		if err != nil {
			t.Fatal(err)
		}
		pos := p.Start
		for _, m := range p.Moves {
			pos.Play(m)
		}
		cp, best, _ := usitest.Score(&pos)
		l, ok := res.Best()
		if !ok || l.Score != (usi.Score{CP: cp}) || res.BestMove.Move != best || len(l.PV) != 2 || l.PV[0] != best {
			t.Errorf("%v: got %+v", p.Moves, res)
		}
		if res.Depth == 0 || res.Nodes == 0 || len(res.Strings) != 1 {
			t.Errorf("figures: %+v", res)
		}
	}
}

func TestEngineMultiPVAndBounds(t *testing.T) {
	t.Parallel()
	e := fakeCase{spec: "bounds", multiPV: 3}.start(t)
	res, err := e.Go(context.Background(), after("2g2f"), usi.Limits{Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 3 {
		t.Fatalf("lines %+v", res.Lines)
	}
	for i, l := range res.Lines {
		if l.MultiPV != i+1 || l.Score.Bound != usi.Exact || len(l.PV) == 0 {
			t.Errorf("line %d: %+v", i, l)
		}
		if i > 0 && l.Score.CP != res.Lines[0].Score.CP-10*i {
			t.Errorf("line %d score %v", i, l.Score)
		}
	}
}

func TestEngineEndings(t *testing.T) {
	t.Parallel()
	// White to move and checkmated by two golds.
	matePos, err := shogi.ParseSFEN("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, spec string
		pos        *usi.Position
		want       usi.BestMove
		lines      int
		score      usi.Score
	}{
		{"mated", "", &usi.Position{Start: matePos}, usi.BestMove{Resign: true}, 1, usi.Score{Mate: true}},
		{"mated silent", "silent-mated", &usi.Position{Start: matePos}, usi.BestMove{Resign: true}, 0, usi.Score{}},
		{"win", "win-ply=1", after("7g7f"), usi.BestMove{Win: true}, 1, usi.Score{Mate: true, Plies: 1, Win: true}},
		{"mate score", "mate-ply=0", after(), usi.BestMove{}, 1, usi.Score{Mate: true, Plies: 3, Win: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := fakeCase{spec: tt.spec}.start(t)
			res, err := e.Go(context.Background(), tt.pos, usi.Limits{Nodes: 10})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != (usi.BestMove{}) && res.BestMove != tt.want {
				t.Errorf("bestmove %+v", res.BestMove)
			}
			if len(res.Lines) != tt.lines || (tt.lines > 0 && res.Lines[0].Score != tt.score) {
				t.Errorf("lines %+v", res.Lines)
			}
		})
	}
}

func TestEngineFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, spec string
		lim        usi.Limits
		op         string
		kind       error
		stderr     string // a line the error must carry
		line       string
	}{
		{"exit at start", "exit-at-start", usi.Limits{Nodes: 1}, "usi", usi.ErrExited, "fake: evaluation file not found", ""},
		{"stall before readyok", "stall-ready", usi.Limits{Nodes: 1}, "isready", usi.ErrTimeout, "fake: loading the evaluation", ""},
		{"crash mid-search", "crash-at=1", usi.Limits{Nodes: 1}, "go", usi.ErrExited, "fake: segmentation fault in search 1 at ply 1", ""},
		{"hang", "hang-at=1", usi.Limits{Nodes: 1}, "go", usi.ErrTimeout, "fake: stuck in an endless loop", ""},
		{"hang past movetime", "hang-at=1", usi.Limits{MoveTime: 50 * time.Millisecond}, "go", usi.ErrTimeout, "fake: stuck in an endless loop", ""},
		{"garbage", "garbage-at=1", usi.Limits{Nodes: 1}, "go", usi.ErrProtocol, "", "Illegal instruction!! core dumped @@@"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := usitest.Config(tt.spec)
			cfg.ReadyTimeout, cfg.SearchTimeout, cfg.StopTimeout = 300*time.Millisecond, 300*time.Millisecond, 200*time.Millisecond
			ctx := context.Background()
			began := time.Now()
			e, err := usi.Start(ctx, cfg)
			if err == nil {
				defer e.Close()
				_, err = e.Go(ctx, after("7g7f"), tt.lim)
				// The engine is dead: every later call returns the fault.
				if _, err2 := e.Go(ctx, after(), tt.lim); err2 != err {
					t.Errorf("after the fault: %v", err2)
				}
				if pid := usi.PID(e); alive(pid) {
					time.Sleep(100 * time.Millisecond)
					if alive(pid) {
						t.Errorf("process %d still runs", pid)
					}
				}
			}
			var fe *usi.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T)", err, err)
			}
			if fe.Op != tt.op || !errors.Is(err, tt.kind) || fe.Line != tt.line {
				t.Errorf("got %+v", fe)
			}
			if tt.stderr != "" && !slices.Contains(fe.Stderr, tt.stderr) {
				t.Errorf("stderr %q lacks %q", fe.Stderr, tt.stderr)
			}
			if d := time.Since(began); d > 3*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestEngineCrashStatus(t *testing.T) {
	t.Parallel()
	e := fakeCase{spec: "crash-at=1"}.start(t)
	_, err := e.Go(context.Background(), after(), usi.Limits{Nodes: 1})
	if err == nil || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("error %v", err)
	}
}

func TestEngineByoyomiFallback(t *testing.T) {
	t.Parallel()
	e := fakeCase{spec: "byoyomi-only"}.start(t)
	ctx := context.Background()
	lim := usi.Limits{MoveTime: 20 * time.Millisecond}
	for i := range 3 {
		began := time.Now()
		res, err := e.Go(ctx, after("7g7f"), lim)
		if err != nil || res.BestMove.Move.IsZero() {
			t.Fatalf("search %d: %+v, %v", i, res, err)
		}
		d := time.Since(began)
		if i == 0 && !e.ByoyomiOnly() {
			t.Error("not switched to byoyomi")
		}
		if i > 0 && d > 200*time.Millisecond {
			t.Errorf("search %d with byoyomi took %v", i, d)
		}
	}
}

func TestEngineContextCancel(t *testing.T) {
	t.Parallel()
	e := fakeCase{spec: "slow=5s"}.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := e.Go(ctx, after(), usi.Limits{Nodes: 1})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v", err)
	}
}

func TestEngineUnknownOption(t *testing.T) {
	t.Parallel()
	cfg := usitest.Config("")
	cfg.Options = []usi.Option{{"threads", "1"}, {"USI_Hash", "32"}, {"Nope", "1"}}
	_, err := usi.Start(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), `no option "Nope"`) {
		t.Errorf("error %v", err)
	}
	cfg.Options = cfg.Options[:2]
	e, err := usi.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
}

func TestClientRetries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, spec string
		ok         bool
		kind       error
		restarts   int
	}{
		{"crash once", "crash-at=2", true, nil, 1},
		{"garbage once", "garbage-at=2", true, nil, 1},
		{"hang once", "hang-at=2", true, nil, 1},
		{"crash at the position", "crash-ply=1", false, usi.ErrExited, 1},
		{"hang at the position", "hang-ply=1", false, usi.ErrTimeout, 1},
		{"garbage at the position", "garbage-ply=1", false, usi.ErrProtocol, 1},
		{"no start", "exit-at-start", false, usi.ErrExited, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := usitest.Config(tt.spec)
			cfg.SearchTimeout, cfg.StopTimeout = 300*time.Millisecond, 100*time.Millisecond
			c := usi.NewClient(cfg)
			defer c.Close()
			ctx := context.Background()
			if err := c.NewGame(ctx); err != nil {
				if tt.ok || !errors.Is(err, tt.kind) {
					t.Fatal(err)
				}
				return
			}
			_, err := c.Go(ctx, after(), usi.Limits{Nodes: 1})
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Go(ctx, after("7g7f"), usi.Limits{Nodes: 1})
			var fe *usi.Error
			switch {
			case tt.ok && (err != nil || res.BestMove.Move.IsZero()):
				t.Errorf("got %+v, %v", res, err)
			case !tt.ok && (!errors.As(err, &fe) || !fe.Retried || !errors.Is(err, tt.kind)):
				t.Errorf("error %v", err)
			}
			if c.Restarts() != tt.restarts {
				t.Errorf("restarts %d", c.Restarts())
			}
			// Each fault tried again after is told once.
			if f := c.Faults(); len(f) != 1 || !errors.As(f[0], &fe) || fe.Retried {
				t.Errorf("faults %v", f)
			}
			if f := c.Faults(); len(f) != 0 {
				t.Errorf("faults told twice: %v", f)
			}
			// The client goes on with a new engine.
			if _, err := c.Go(ctx, after("2g2f", "8c8d"), usi.Limits{Nodes: 1}); err != nil {
				t.Errorf("after: %v", err)
			}
		})
	}
}

func TestPool(t *testing.T) {
	t.Parallel()
	p := usi.NewPool(usitest.Config(""), 2)
	defer p.Close()
	ctx := context.Background()
	a, _ := p.Get(ctx)
	b, _ := p.Get(ctx)
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := p.Get(short); err == nil {
		t.Error("a third client")
	}
	for _, c := range []*usi.Client{a, b} {
		if _, err := c.Go(ctx, after(), usi.Limits{Nodes: 1}); err != nil {
			t.Fatal(err)
		}
		p.Put(c)
	}
}

// TestClientNewGameRetry checks that a usinewgame the engine stalls on is
// tried once on a new engine, which is given one usinewgame, not two.
func TestClientNewGameRetry(t *testing.T) {
	t.Parallel()
	cfg := usitest.Config("stall-ready-at=3") // the handshake's isready, then two games: the second stalls
	cfg.ReadyTimeout = 300 * time.Millisecond
	c := usi.NewClient(cfg)
	defer c.Close()
	ctx := context.Background()
	for game := range 2 {
		if err := c.NewGame(ctx); err != nil {
			t.Fatalf("game %d: %v", game+1, err)
		}
		if _, err := c.Go(ctx, after(), usi.Limits{Nodes: 1}); err != nil {
			t.Fatalf("game %d: %v", game+1, err)
		}
	}
	var fe *usi.Error
	if f := c.Faults(); len(f) != 1 || !errors.As(f[0], &fe) || fe.Op != "isready" || !errors.Is(fe, usi.ErrTimeout) {
		t.Errorf("faults %v", f)
	}
	if c.Restarts() != 1 {
		t.Errorf("%d restarts", c.Restarts())
	}
}
