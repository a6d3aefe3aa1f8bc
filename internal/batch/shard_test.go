package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/shogi"
)

// shardGames returns the games ("path#game") Games takes from the inputs
// under dir in shard sh, in order.
func shardGames(t *testing.T, dir string, sh batch.Shard, jobs int) ([]string, batch.Tally) {
	t.Helper()
	j := batch.Job{Sources: batch.Sources{Args: []string{dir}}, Reading: batch.Reading{Shard: sh, Jobs: jobs}}
	var got []string
	tally, err := batch.Games(context.Background(), j, func(*shogi.Record) struct{} { return struct{}{} }, func(g *batch.GameInfo, _ struct{}) bool {
		got = append(got, fmt.Sprintf("%s#%d", filepath.ToSlash(g.In.Rel), g.Game))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, tally
}

// TestShard checks that N shards take every game once, whatever the
// workers, by game or by input, and that a shard may hold no input.
func TestShard(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		n := 1 + i%4 // games in the file
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%02d.csa", i)), []byte(streamCSA(t, n, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A.csa and a.kif share a shard by input: their outputs under a
	// directory are named together.
	os.WriteFile(filepath.Join(dir, "a.csa"), []byte(streamCSA(t, 1, "")), 0o644)
	os.WriteFile(filepath.Join(dir, "a.usi"), []byte("position startpos moves 7g7f\n"), 0o644)
	all, _ := shardGames(t, dir, batch.Shard{}, 1)
	if len(all) != 32 {
		t.Fatalf("%d games in all", len(all))
	}
	for _, byInput := range []bool{false, true} {
		for _, n := range []int{1, 2, 3, 7, 40} {
			var union []string
			for k := 1; k <= n; k++ {
				sh := batch.Shard{K: k, N: n, ByInput: byInput}
				got, tally := shardGames(t, dir, sh, 1)
				if again, _ := shardGames(t, dir, sh, 3); !slices.Equal(got, again) {
					t.Errorf("shard %v: -j 3 took %v, -j 1 %v", sh, again, got)
				}
				if byInput && tally.Skipped[batch.SkipShard]+tally.Inputs != 14 {
					t.Errorf("shard %v: %d inputs, %v skipped", sh, tally.Inputs, tally.Skipped)
				}
				union = append(union, got...)
			}
			slices.Sort(union)
			want := slices.Clone(all)
			slices.Sort(want)
			if !slices.Equal(union, want) {
				t.Errorf("by input %v, %d shards: together %v, want %v", byInput, n, union, want)
			}
		}
	}
	// By input, every game of an input is in one shard, and so are a.csa
	// and a.usi.
	for k := 1; k <= 3; k++ {
		got, _ := shardGames(t, dir, batch.Shard{K: k, N: 3, ByInput: true}, 2)
		files := map[string]bool{}
		for _, g := range got {
			files[g[:strings.IndexByte(g, '#')]] = true
		}
		if files["a.csa"] != files["a.usi"] {
			t.Errorf("shard %d/3 takes a.csa %v, a.usi %v", k, files["a.csa"], files["a.usi"])
		}
		for f := range files {
			for _, g := range all {
				if strings.HasPrefix(g, f+"#") && !slices.Contains(got, g) {
					t.Errorf("shard %d/3 takes part of %s: %v", k, f, got)
				}
			}
		}
	}
}

// TestShardBalance checks that the rule spreads games evenly.
func TestShardBalance(t *testing.T) {
	const n, games = 7, 7000
	counts := make([]int, n+1)
	for g := 1; g <= games; g++ {
		in := batch.Input{Rel: fmt.Sprintf("2019/%03d.kif", g%50)}
		for k := 1; k <= n; k++ {
			if (batch.Shard{K: k, N: n}).TakesGame(in, g) {
				counts[k]++
			}
		}
	}
	for k := 1; k <= n; k++ {
		if c := counts[k]; c < games/n*85/100 || c > games/n*115/100 {
			t.Errorf("shard %d/%d takes %d of %d games", k, n, c, games)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"1/1", "3/10", " 2 / 4 "} {
		if _, err := batch.ParseShard(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", "3", "0/3", "4/3", "1/0", "a/b", "-1/3"} {
		if sh, err := batch.ParseShard(s); err == nil {
			t.Errorf("%q: %v, no error", s, sh)
		}
	}
}
