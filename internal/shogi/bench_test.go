package shogi

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/procstat"
)

// benchPositions are the positions the move benchmarks run on: the start,
// a quiet middle game, a middle game with many pieces in hand and promoted
// pieces, and a position full of drops.
var benchPositions = []struct{ name, sfen string }{
	{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
	{"middlegame", "ln1g3nl/1r1sg1k2/p1pp1s1pp/4ppp2/1p5P1/2PPP1P2/PPSG1P2P/2G2S1R1/LN1K3NL b Bb 31"},
	{"hands", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
	{"drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"},
}

func mustSFEN(tb testing.TB, s string) Position {
	tb.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		tb.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

// reportCPU reports the CPU time per operation since start.
func reportCPU(b *testing.B, start time.Duration, unit string) {
	if cpu := procstat.CPU() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), unit)
	}
}

// legalPairs returns every legal move of every bench position with the
// position it belongs to, the workload of "is this move from a record legal".
func legalPairs(b *testing.B) (ps []Position, ms []Move) {
	for _, bp := range benchPositions {
		p := mustSFEN(b, bp.sfen)
		for _, m := range p.LegalMoves(nil) {
			ps = append(ps, p)
			ms = append(ms, m)
		}
	}
	return
}

// BenchmarkLegal measures Position.Legal on a legal move, the check every
// reader makes for every move it reads. Target: ≤ 100 ns and no allocation.
func BenchmarkLegal(b *testing.B) {
	ps, ms := legalPairs(b)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := procstat.CPU()
	i := 0
	for b.Loop() {
		if ps[i].Legal(ms[i]) != nil {
			b.Fatal("illegal")
		}
		if i++; i == len(ms) {
			i = 0
		}
	}
	reportCPU(b, cpu, "cpu-ns/move")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/move")
	b.ReportMetric(medianLegalNs(ps, ms), "median-ns/move")
}

// medianLegalNs times Legal on each move separately (a batch of calls per
// move, as one call is too short for the clock) and returns the median over
// the moves: the figure the ≤ 100 ns target is about.
func medianLegalNs(ps []Position, ms []Move) float64 {
	const reps = 200
	per := make([]float64, len(ms))
	for i := range ms {
		start := time.Now()
		for range reps {
			_ = ps[i].Legal(ms[i])
		}
		per[i] = float64(time.Since(start).Nanoseconds()) / reps
	}
	slices.Sort(per)
	return per[len(per)/2]
}

// BenchmarkLegalByPosition splits BenchmarkLegal by position, so a slow kind
// of move (a drop, a pinned piece) shows up on its own.
func BenchmarkLegalByPosition(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustSFEN(b, bp.sfen)
			ms := p.LegalMoves(nil)
			b.ReportAllocs()
			cpu := procstat.CPU()
			i := 0
			for b.Loop() {
				if p.Legal(ms[i]) != nil {
					b.Fatal("illegal")
				}
				if i++; i == len(ms) {
					i = 0
				}
			}
			reportCPU(b, cpu, "cpu-ns/move")
		})
	}
}

// BenchmarkPlay measures applying and taking back a move.
func BenchmarkPlay(b *testing.B) {
	ps, ms := legalPairs(b)
	b.ReportAllocs()
	cpu := procstat.CPU()
	i := 0
	for b.Loop() {
		u := ps[i].Play(ms[i])
		ps[i].Unplay(ms[i], u)
		if i++; i == len(ms) {
			i = 0
		}
	}
	reportCPU(b, cpu, "cpu-ns/move")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/move")
}

// BenchmarkLegalMoves measures full legal move generation, per position.
func BenchmarkLegalMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustSFEN(b, bp.sfen)
			var buf [MaxLegalMoves]Move
			n := len(p.LegalMoves(buf[:0]))
			b.ReportAllocs()
			cpu := procstat.CPU()
			for b.Loop() {
				p.LegalMoves(buf[:0])
			}
			reportCPU(b, cpu, "cpu-ns/op")
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(n), "ns/move")
		})
	}
}

// BenchmarkPerft5 runs perft(5) from the start position (19,861,490 leaves).
// Target: ≤ 3 s on one core.
func BenchmarkPerft5(b *testing.B) {
	p := StartPosition()
	var nodes uint64
	start := time.Now()
	cpu := procstat.CPU()
	for b.Loop() {
		nodes += p.Perft(5)
	}
	reportCPU(b, cpu, "cpu-ns/op")
	sec := time.Since(start).Seconds()
	b.ReportMetric(sec/float64(b.N), "s/perft")
	b.ReportMetric(float64(nodes)/sec, "leaves/s")
}

// BenchmarkAddMove builds records as a reader does: a main line of 120
// timed moves with a variation of 5 moves every 20 plies, the per-node
// cost of the tree. fresh makes a new record for each game (allocation and
// the collector's share included, in the CPU time); reuse resets one, as
// parse.Records does.
func BenchmarkAddMove(b *testing.B) {
	const plies = 120
	start := StartPosition()
	m := NewMove(NewSquare(7, 7), NewSquare(7, 6), false)
	t := MoveTime{Elapsed: time.Second, HasTime: true}
	const nodes = plies + 1 + plies/20*5
	for _, reuse := range []bool{false, true} {
		b.Run(map[bool]string{false: "fresh", true: "reuse"}[reuse], func(b *testing.B) {
			b.ReportAllocs()
			kept := NewRecord(start)
			cpu := procstat.CPU()
			for b.Loop() {
				rec := kept
				if reuse {
					rec.Reset(start)
				} else {
					rec = NewRecord(start)
				}
				n := rec.Root
				for i := range plies {
					next := rec.AddMove(n, m, t)
					if i%20 == 10 {
						v := n
						for range 5 {
							v = rec.AddMove(v, m, t)
						}
					}
					n = next
				}
				rec.AddChild(n, 0, Ending{Kind: Resign})
			}
			if cpu := procstat.CPU() - cpu; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*nodes), "cpu-ns/node")
			}
		})
	}
}

// randomMainLines returns the main lines of n random games of up to 160
// plies and their start positions.
func randomMainLines(n uint64) (games [][]Move, starts []Position) {
	for seed := range n {
		rec := randomRecord(rand.New(rand.NewPCG(seed, 1)), RandomGameOptions{MaxPlies: 160})
		var ms []Move
		for x := range rec.MainLine() {
			if !x.IsEnd() {
				ms = append(ms, x.Move)
			}
		}
		games = append(games, ms)
		starts = append(starts, rec.Start)
	}
	return games, starts
}

// BenchmarkPlayGames plays random games from the start, move after move on
// one position, as a writer walking a record does.
func BenchmarkPlayGames(b *testing.B) { benchGames(b, false) }

// BenchmarkLegalGames checks and plays random games move after move, as a
// reader does.
func BenchmarkLegalGames(b *testing.B) { benchGames(b, true) }

func benchGames(b *testing.B, legal bool) {
	games, starts := randomMainLines(20)
	moves := 0
	b.ReportAllocs()
	cpu := procstat.CPU()
	for b.Loop() {
		moves = 0
		for i, ms := range games {
			p := starts[i]
			for _, m := range ms {
				if legal && p.Legal(m) != nil {
					b.Fatal("illegal")
				}
				p.Play(m)
			}
			moves += len(ms)
		}
	}
	if cpu := procstat.CPU() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*moves), "cpu-ns/move")
	}
	// moves/s lets /tmp/lead/instr.sh turn instructions per op into
	// instructions per move.
	b.ReportMetric(float64(b.N*moves)/b.Elapsed().Seconds(), "moves/s")
}
