package main

import (
	"fmt"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

// trainFlags are convert's options of the training-data formats (hcpe,
// psv, positions). --variations is convert's own flag, shared with CSA.
type trainFlags struct {
	skipPlies, minPlies int
	results             string
	dedup               bool
}

// trainFlagNames are the flags only the training formats take.
var trainFlagNames = []string{"skip-plies", "min-plies", "results", "dedup"}

func addTrainFlags(cmd *cobra.Command, o *trainFlags) {
	f := cmd.Flags()
	f.IntVar(&o.skipPlies, "skip-plies", 0, "hcpe, psv, positions: leave out the positions before move `N`+1 of each line (the opening)")
	f.IntVar(&o.minPlies, "min-plies", 0, "hcpe, psv, positions: leave out the games whose main line has fewer than `N` moves")
	f.StringVar(&o.results, "results", "all", "hcpe, psv, positions: all, or decisive (only the lines of play that end with a winner)")
	f.BoolVar(&o.dedup, "dedup", false, fmt.Sprintf("hcpe, psv, positions: write each position (board, hands, side to move) once per output file,\nin a set of up to %d bytes per distinct position (10 M positions: under %d MB)", render.DedupBytesPerPosition, render.DedupBytesPerPosition*10))
	choices(cmd, "results", "all", "decisive")
}

// spec is what the flags ask of the training formats (render.NewTarget
// checks it).
func (o trainFlags) spec(cmd *cobra.Command) render.TrainSpec {
	t := render.TrainSpec{SkipPlies: o.skipPlies, MinPlies: o.minPlies, Results: o.results, Dedup: o.dedup}
	for _, name := range trainFlagNames {
		if cmd.Flags().Changed(name) {
			t.Given = append(t.Given, name)
		}
	}
	return t
}
