package analysis_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

func TestMain(m *testing.M) {
	usitest.Main()
	os.Exit(m.Run())
}

// readKIF reads one KIF record.
func readKIF(t testing.TB, text string) *shogi.Record {
	t.Helper()
	r, err := parse.New("kif", strings.NewReader(text), parse.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// A short game with a variation at move 3, a comment, and an ending.
const shortKIF = `手合割：平手
手数----指手---------消費時間--
*対局前のコメント
   1 ７六歩(77)
*序盤
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)
   5 投了
まで4手で後手の勝ち

変化：3手
   3 ６六歩(67)
   4 ８四歩(83)
`

// fakeClient returns a Client of the fake engine, closed with the test.
func fakeClient(t testing.TB, spec string) *usi.Client {
	t.Helper()
	c := usi.NewClient(usitest.Config(spec))
	t.Cleanup(func() { c.Close() })
	return c
}

func TestTargets(t *testing.T) {
	rec := readKIF(t, shortKIF)
	tests := []struct {
		name string
		opt  analysis.Options
		want []int // the plies of the positions, main line marked by +100
	}{
		{"main line", analysis.Options{}, []int{100, 101, 102, 103, 104}},
		{"variations", analysis.Options{Variations: true}, []int{100, 101, 102, 3, 4, 103, 104}},
		{"range", analysis.Options{FromPly: 2, ToPly: 3}, []int{102, 103}},
		{"from", analysis.Options{FromPly: 4}, []int{104}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			opt.Limits = usi.Limits{Nodes: 1}
			ga, err := analysis.Run(context.Background(), rec, fakeClient(t, ""), opt)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, p := range ga.Positions {
				k := p.Ply
				if p.MainLine {
					k += 100
				}
				got = append(got, k)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("plies %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRunScores(t *testing.T) {
	rec := readKIF(t, shortKIF)
	ga, err := analysis.Run(context.Background(), rec, fakeClient(t, "name=Fake 9"), analysis.Options{Limits: usi.Limits{Nodes: 1}, Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	if ga.Engine != "Fake 9" {
		t.Errorf("engine %q", ga.Engine)
	}
	for _, p := range ga.Positions {
		pos, err := shogi.ParseSFEN(p.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		cp, best, _ := usitest.Score(&pos)
		if !p.HasEval || p.Score != (usi.Score{CP: cp}) || p.Eval != shogi.EvalCP(cp).For(pos.Turn()) || p.BestMove.Move != best || len(p.PV) != 2 || p.PV[0] != best {
			t.Errorf("ply %d: %+v, want cp %d best %v", p.Ply, p, cp, best)
		}
	}
	if len(ga.Moves) != len(ga.Positions)-1 {
		t.Errorf("%d moves judged for %d positions", len(ga.Moves), len(ga.Positions))
	}
	if ga.Players[shogi.Black].Moves != 2 || ga.Players[shogi.White].Moves != 2 {
		t.Errorf("players %+v", ga.Players)
	}
}

func TestRunFaults(t *testing.T) {
	rec := readKIF(t, shortKIF)
	tests := []struct {
		name, spec string
		ply        int
		kind       error
	}{
		{"crash at ply 2", "crash-ply=2", 2, usi.ErrExited},
		{"garbage at ply 3", "garbage-ply=3", 3, usi.ErrProtocol},
		{"hang at ply 1", "hang-ply=1", 1, usi.ErrTimeout},
		{"no start", "exit-at-start", 0, usi.ErrExited},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := usitest.Config(tt.spec)
			cfg.SearchTimeout, cfg.StopTimeout = 200e6, 100e6
			c := usi.NewClient(cfg)
			defer c.Close()
			_, err := analysis.Run(context.Background(), rec, c, analysis.Options{Limits: usi.Limits{Nodes: 1}})
			var pe *analysis.PositionError
			var ue *usi.Error
			if !errors.As(err, &pe) || pe.Ply != tt.ply || !errors.Is(err, tt.kind) || !errors.As(err, &ue) || !ue.Retried || len(ue.Stderr) == 0 {
				t.Fatalf("error %v", err)
			}
			pos, _ := rec.PositionAt(rec.NodeAt(tt.ply))
			if pe.SFEN != pos.SFEN() || !strings.Contains(err.Error(), "ply "+string(rune('0'+tt.ply))+" (sfen ") {
				t.Errorf("error %v, want sfen %s", err, pos.SFEN())
			}
		})
	}
	// A fault that a retry cures leaves no trace.
	ga, err := analysis.Run(context.Background(), rec, fakeClient(t, "crash-at=3"), analysis.Options{Limits: usi.Limits{Nodes: 1}})
	if err != nil || len(ga.Positions) != 5 {
		t.Errorf("%v, %v", ga, err)
	}
}

func TestRunEndings(t *testing.T) {
	// A record that ends in checkmate: the last position is mated.
	rec := readKIF(t, `手合割：平手
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 金 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
先手番
手数----指手---------消費時間--
   1 ５二金打
   2 詰み
`)
	for _, spec := range []string{"", "silent-mated"} {
		ga, err := analysis.Run(context.Background(), rec, fakeClient(t, spec), analysis.Options{Limits: usi.Limits{Nodes: 1}})
		if err != nil {
			t.Fatal(err)
		}
		last := ga.Positions[len(ga.Positions)-1]
		if !last.HasEval || last.Eval != shogi.EvalMate(shogi.Black, 0) || !last.BestMove.Resign {
			t.Errorf("%s: last %+v", spec, last)
		}
		m := ga.Moves[len(ga.Moves)-1]
		if m.Loss != 0 || m.Class != shogi.NoClass {
			t.Errorf("%s: the mating move judged %+v", spec, m)
		}
	}
	// A declaration: bestmove win.
	rec = readKIF(t, shortKIF)
	ga, err := analysis.Run(context.Background(), rec, fakeClient(t, "win-ply=2"), analysis.Options{Limits: usi.Limits{Nodes: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if p := ga.Positions[2]; p.Eval != shogi.EvalMate(shogi.Black, 1) {
		t.Errorf("win: %+v", p)
	}
}

func TestWinProbability(t *testing.T) {
	tests := []struct {
		e    shogi.Eval
		side shogi.Color
		want float64
	}{
		{shogi.EvalCP(0), shogi.Black, 0.5},
		{shogi.EvalCP(1000), shogi.Black, 1 / (1 + math.Exp(-0.7))},
		{shogi.EvalCP(1000), shogi.White, 1 / (1 + math.Exp(0.7))},
		{shogi.EvalCP(99999), shogi.Black, 1 / (1 + math.Exp(-0.0007*5500))},
		{shogi.EvalMate(shogi.Black, 1), shogi.Black, 1 / (1 + math.Exp(-0.0007*7900))},
		{shogi.EvalMate(shogi.Black, 50), shogi.White, 1 / (1 + math.Exp(0.0007*6000))},
		{shogi.EvalMate(shogi.White, -1), shogi.White, 1 / (1 + math.Exp(-0.0007*6000))},
	}
	for _, tt := range tests {
		if got := analysis.WinProbability(tt.e, tt.side); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("WinProbability(%v, %v) = %v, want %v", tt.e, tt.side, got, tt.want)
		}
	}
	if a := analysis.MoveAccuracy(0); math.Abs(a-99.9999) > 1e-3 {
		t.Errorf("MoveAccuracy(0) = %v", a)
	}
	if a := analysis.MoveAccuracy(100); a != 0 {
		t.Errorf("MoveAccuracy(100) = %v", a)
	}
}

func TestJudge(t *testing.T) {
	rec := readKIF(t, shortKIF)
	// Black's view scores of positions 0..4 and the engine's best moves.
	cp := func(v int) shogi.Eval { return shogi.EvalCP(v) }
	m := func(s string) shogi.Move { x, _ := shogi.ParseUSIMove(s); return x }
	tests := []struct {
		name   string
		evals  []shogi.Eval
		best   []shogi.Move
		losses []float64
		class  []shogi.MoveClass
	}{
		{"steady", []shogi.Eval{cp(0), cp(0), cp(0), cp(0), cp(0)}, nil,
			[]float64{0, 0, 0, 0}, []shogi.MoveClass{0, 0, 0, 0}},
		// lishogi's curve is flat: 300 cp from even is 5 points.
		{"classes", []shogi.Eval{cp(0), cp(-300), cp(300), cp(-600), cp(1000)}, nil,
			nil, []shogi.MoveClass{shogi.Inaccuracy, shogi.Mistake, shogi.Blunder, shogi.Blunder}},
		{"best move is never classed", []shogi.Eval{cp(0), cp(-1000), cp(-1000), cp(-1000), cp(-1000)}, []shogi.Move{m("7g7f")},
			nil, []shogi.MoveClass{0, 0, 0, 0}},
		{"mate lost", []shogi.Eval{shogi.EvalMate(shogi.Black, 5), cp(0), cp(0), cp(0), cp(0)}, nil,
			nil, []shogi.MoveClass{shogi.Blunder, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ga := &analysis.GameAnalysis{}
			n := rec.Root
			for i, e := range tt.evals {
				p := analysis.Position{Node: n, Ply: i, Turn: shogi.Color(i % 2), MainLine: true, HasEval: true, Eval: e}
				if i < len(tt.best) {
					p.BestMove.Move = tt.best[i]
				}
				ga.Positions = append(ga.Positions, p)
				n = n.Next()
			}
			analysis.Judge(ga, analysis.Thresholds{})
			if len(ga.Moves) != 4 {
				t.Fatalf("%d moves", len(ga.Moves))
			}
			for i, mv := range ga.Moves {
				if mv.Class != tt.class[i] {
					t.Errorf("move %d: class %v (loss %.2f)", i+1, mv.Class, mv.Loss)
				}
				if tt.losses != nil && math.Abs(mv.Loss-tt.losses[i]) > 1e-9 {
					t.Errorf("move %d: loss %v", i+1, mv.Loss)
				}
				if mv.Side != shogi.Color(i%2) || mv.Ply != i+1 {
					t.Errorf("move %d: %+v", i+1, mv)
				}
			}
			b := ga.Players[shogi.Black]
			wantLoss := (ga.Moves[0].Loss + ga.Moves[2].Loss) / 2
			if b.Moves != 2 || math.Abs(b.AverageLoss-wantLoss) > 1e-9 ||
				math.Abs(b.Accuracy-(analysis.MoveAccuracy(ga.Moves[0].Loss)+analysis.MoveAccuracy(ga.Moves[2].Loss))/2) > 1e-9 {
				t.Errorf("black %+v", b)
			}
		})
	}
	// The loss is the mover's: a White move that helps Black loses.
	th := analysis.DefaultThresholds
	if th.Class(4.99) != shogi.NoClass || th.Class(5) != shogi.Inaccuracy || th.Class(10) != shogi.Mistake || th.Class(15) != shogi.Blunder {
		t.Error("thresholds")
	}
}

func TestAnnotateIdempotentAndFromRecord(t *testing.T) {
	rec := readKIF(t, shortKIF)
	ctx := context.Background()
	opt := analysis.Options{Limits: usi.Limits{Nodes: 1}, Variations: true}
	if analysis.HasAnalysis(rec) {
		t.Fatal("HasAnalysis before")
	}
	ga, err := analysis.Run(ctx, rec, fakeClient(t, ""), opt)
	if err != nil {
		t.Fatal(err)
	}
	analysis.Annotate(rec, ga)
	if !analysis.HasAnalysis(rec) {
		t.Fatal("no analysis after Annotate")
	}
	if cs := rec.Root.Comments(); cs[0] != "対局前のコメント" {
		t.Errorf("root comments %q", cs)
	}
	if cs := rec.NodeAt(1).Comments(); cs[0] != "序盤" || len(cs) < 4 || cs[len(cs)-1] != "#エンジン=FakeEngine" {
		t.Errorf("comments %q", cs)
	}
	once := snapshot(rec)
	ga2, err := analysis.Run(ctx, rec, fakeClient(t, ""), opt)
	if err != nil {
		t.Fatal(err)
	}
	analysis.Annotate(rec, ga2)
	if twice := snapshot(rec); !slices.Equal(once, twice) {
		t.Errorf("annotating twice changed the record:\n%q\n%q", once, twice)
	}
	back, ok := analysis.FromRecord(rec, true, analysis.Thresholds{})
	if !ok || len(back.Positions) != len(ga.Positions) || back.Engine != "FakeEngine" {
		t.Fatalf("FromRecord: %v %+v", ok, back)
	}
	for i, p := range back.Positions {
		q := ga.Positions[i]
		if p.Node != q.Node || p.Eval != q.Eval || !slices.Equal(p.PV, q.PV) || p.Depth != q.Depth || p.Nodes != q.Nodes || p.Score != q.Score {
			t.Errorf("position %d: %+v, want %+v", i, p, q)
		}
	}
	for i, m := range back.Moves {
		if q := ga.Moves[i]; m.Class != q.Class || m.Loss != q.Loss {
			t.Errorf("move %d: %+v, want %+v", i, m, q)
		}
	}
	if back.Players != ga.Players {
		t.Errorf("players %+v, want %+v", back.Players, ga.Players)
	}
}

// snapshot lists the comments of every node in walk order.
func snapshot(rec *shogi.Record) []string {
	out := slices.Clone(rec.Root.Comments())
	rec.Walk(commentsVisitor{&out})
	return out
}

type commentsVisitor struct{ out *[]string }

func (v commentsVisitor) Move(_ *shogi.Position, n *shogi.Node) {
	*v.out = append(*v.out, "--")
	*v.out = append(*v.out, n.Comments()...)
}
func (commentsVisitor) BeginVariation(*shogi.Position, *shogi.Node) bool { return true }
func (commentsVisitor) EndVariation()                                    {}

// randomRecords returns n random records with comments, variations and
// endings.
func randomRecords(n int) []*shogi.Record {
	rng := rand.New(rand.NewPCG(28, 1))
	opt := shogitest.FullRandomOptions()
	opt.MaxPlies = 30
	var recs []*shogi.Record
	for range n {
		recs = append(recs, shogitest.RandomRecord(rng, opt))
	}
	return recs
}
