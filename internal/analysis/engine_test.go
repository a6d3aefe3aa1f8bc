package analysis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

// realConfig is the engine at one thread, so that a fixed node count gives
// a fixed search.
func realConfig(path string) usi.Config {
	return usi.Config{Path: path, Options: []usi.Option{{Name: "Threads", Value: "1"}, {Name: "USI_Hash", Value: "16"}}}
}

// TestRealEngineAgreesWithDirect checks, with a real engine at a fixed node
// count and one thread, that the score recorded for each position is the
// one the engine prints when asked about that position alone — with
// FreshHash, which gives every position a usinewgame (see the package doc).
func TestRealEngineAgreesWithDirect(t *testing.T) {
	path := usitest.RealEngine(t)
	rec := readKIF(t, shortKIF)
	c := usi.NewClient(realConfig(path))
	defer c.Close()
	const nodes = 5000
	ga, err := analysis.Run(context.Background(), rec, c, analysis.Options{Limits: usi.Limits{Nodes: nodes}, FreshHash: true})
	if err != nil {
		t.Fatal(err)
	}
	if ga.Engine == "" || len(ga.Positions) != 5 {
		t.Fatalf("engine %q, %d positions", ga.Engine, len(ga.Positions))
	}
	for _, p := range ga.Positions {
		want := usitest.AskDirectly(t, path, p.SFEN, nodes)
		if got := p.Score.String(); got != want {
			t.Errorf("ply %d (%s): recorded %s, the engine alone says %s", p.Ply, p.SFEN, got, want)
		}
	}
	analysis.Annotate(rec, ga)
	for _, p := range ga.Positions {
		if e, ok := shogi.ParseEvaluation(p.Node.Comments()); !ok || e != p.Eval {
			t.Errorf("ply %d: comments say %v", p.Ply, e)
		}
	}
}

// BenchmarkAnalyzeFake measures kifconv's own cost per position with an
// engine that answers at once (the fake): the wall time per position, and
// the CPU time of this process alone per position (what kifconv spends:
// formatting position commands, reading and parsing the answers, judging),
// which is the figure the target of 50 µs is about.
func BenchmarkAnalyzeFake(b *testing.B) {
	// A main line of 100 moves or more.
	rng := rand.New(rand.NewPCG(28, 3))
	rec := shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 150})
	for analysisPlies(rec) < 100 {
		rec = shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 150})
	}
	c := fakeClient(b, "")
	ctx := context.Background()
	opt := analysis.Options{Limits: usi.Limits{Nodes: 1}}
	ga, err := analysis.Run(ctx, rec, c, opt) // start the engine
	if err != nil {
		b.Fatal(err)
	}
	per := len(ga.Positions)
	b.ReportAllocs()
	cpu0 := procstat.CPU()
	b.ResetTimer()
	for b.Loop() {
		ga, err := analysis.Run(ctx, rec, c, opt)
		if err != nil {
			b.Fatal(err)
		}
		analysis.Annotate(rec, ga)
	}
	b.StopTimer()
	n := float64(b.N * per)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "µs/position")
	b.ReportMetric(float64((procstat.CPU()-cpu0).Microseconds())/n, "cpu-µs/position")
}

// analysisPlies returns the number of moves of rec's main line.
func analysisPlies(rec *shogi.Record) int {
	n := 0
	for x := rec.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
		n++
	}
	return n
}

// BenchmarkRealEngineJobs measures positions a second with a real engine
// at a fixed node count and one thread, with one and with two engine
// processes sharing the games, and the speedup of two over one.
func BenchmarkRealEngineJobs(b *testing.B) {
	path := usitest.RealEngine(b)
	// Games of the same length, so that two engines share the work evenly.
	rng := rand.New(rand.NewPCG(28, 4))
	var recs []*shogi.Record
	for len(recs) < 12 {
		rec := shogitest.RandomRecord(rng, shogitest.RandomOptions{MaxPlies: 40})
		if analysisPlies(rec) >= 30 {
			recs = append(recs, rec)
		}
	}
	const nodes = 20000
	rate := map[int]float64{}
	for _, jobs := range []int{1, 2} {
		pool := usi.NewPool(realConfig(path), jobs)
		ctx := context.Background()
		positions := 0
		var elapsed time.Duration
		for range b.N {
			began := time.Now()
			var mu sync.Mutex
			var wg sync.WaitGroup
			next := 0
			for range jobs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c, _ := pool.Get(ctx)
					defer pool.Put(c)
					for {
						mu.Lock()
						i := next
						next++
						mu.Unlock()
						if i >= len(recs) {
							return
						}
						ga, err := analysis.Run(ctx, recs[i], c, analysis.Options{Limits: usi.Limits{Nodes: nodes}, ToPly: 30})
						if err != nil {
							b.Error(err)
							return
						}
						mu.Lock()
						positions += len(ga.Positions)
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			elapsed += time.Since(began)
		}
		pool.Close()
		rate[jobs] = float64(positions) / elapsed.Seconds()
		b.ReportMetric(rate[jobs], fmt.Sprintf("positions/s-j%d", jobs))
	}
	b.ReportMetric(rate[2]/rate[1], "speedup-j2")
}
