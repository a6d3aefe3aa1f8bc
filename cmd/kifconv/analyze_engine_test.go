package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

// realEngineKIF is a short game with a variation and a comment.
const realEngineKIF = `手合割：平手
手数----指手---------消費時間--
*対局前のコメント
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)
   5 投了
まで4手で後手の勝ち
`

// TestRealEngineCLI checks, with a real engine at a fixed node count, one
// thread and --fresh-hash, that the score kifconv writes for each position
// is the one the engine prints when asked about that position alone.
func TestRealEngineCLI(t *testing.T) {
	t.Parallel()
	path := usitest.RealEngine(t)
	in := filepath.Join(t.TempDir(), "game.kif")
	writeFile(t, in, []byte(realEngineKIF))
	const nodes = 5000
	code, stdout, stderr := runTest(t, testEnv(false, nil), "analyze", "--engine", path, "--nodes", strconv.Itoa(nodes),
		"--fresh-hash", "--option", "Threads=1", "--option", "USI_Hash=16", "-t", "kifu", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := filepath.Join(t.TempDir(), "out.kifu")
	writeFile(t, out, []byte(stdout))
	recs := readRecords(t, out)
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	pos := recs[0].Start
	n := 0
	for node := recs[0].Root; ; {
		e, ok := shogi.ParseEvaluation(node.Comments())
		if !ok {
			t.Fatalf("ply %d: no score in %q", n, node.Comments())
		}
		// A bound the engine states ("cp 80 lowerbound") is not recorded.
		want := strings.Join(strings.Fields(usitest.AskDirectly(t, path, pos.SFEN(), nodes))[:2], " ")
		if got := sideScore(e, pos.Turn()); got != want {
			t.Errorf("ply %d (%s): kifconv wrote %s, the engine alone says %s", n, pos.SFEN(), got, want)
		}
		n++
		next := node.Next()
		if next == nil || next.IsEnd() {
			break
		}
		pos.Play(next.Move)
		node = next
	}
	if n != 5 {
		t.Errorf("%d positions", n)
	}
}

// sideScore states e (Black's view) from turn's view as USI does: "cp
// 123", "mate 5" or "mate -4".
func sideScore(e shogi.Eval, turn shogi.Color) string {
	if !e.Mate {
		return "cp " + strconv.Itoa(e.For(turn).CP)
	}
	if e.Winner == turn {
		return "mate " + strconv.Itoa(e.Plies)
	}
	return "mate -" + strconv.Itoa(e.Plies)
}

// BenchmarkAnalyzeCLI measures kifconv analyze on 20 games of 100 moves
// or more with the fake engine, which answers at once: the wall time per
// position of the whole command, and the CPU time of kifconv's process
// alone per position (reading, the position commands, reading the
// answers, judging, annotating, writing the records and the report).
func BenchmarkAnalyzeCLI(b *testing.B) {
	b.Setenv("KIFCONV_FAKE_USI", "")
	recs, moves := genRecords(28, 20)
	dir := b.TempDir()
	in := filepath.Join(dir, "in.csa")
	if err := os.WriteFile(in, recordText(b, "csa", "utf-8", false, recs...), 0o644); err != nil {
		b.Fatal(err)
	}
	positions := moves + len(recs)
	cpu0 := procstat.CPU()
	b.ResetTimer()
	for i := range b.N {
		out := filepath.Join(dir, fmt.Sprintf("out%d.csa", i))
		var stderr bytes.Buffer
		args := []string{"analyze", "-q", "--engine", os.Args[0], "--nodes", "1", "--report", out + ".jsonl", "-o", out, in}
		if code := runEnv(context.Background(), testEnv(false, nil), args, strings.NewReader(""), io.Discard, &stderr); code != 0 {
			b.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	b.StopTimer()
	n := float64(b.N * positions)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "µs/position")
	b.ReportMetric(float64((procstat.CPU()-cpu0).Microseconds())/n, "cpu-µs/position")
}
