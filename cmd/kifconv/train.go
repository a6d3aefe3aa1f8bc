package main

import (
	"fmt"
	"strings"

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
	_ = cmd.RegisterFlagCompletionFunc("results", cobra.FixedCompletions([]string{"all", "decisive"}, cobra.ShellCompDirectiveNoFileComp))
}

// trainOptions checks the training flags against the target format, once,
// before any input is read, and returns what the writers take.
func trainOptions(cmd *cobra.Command, o convertOptions, format render.Format) (render.TrainOptions, error) {
	var t render.TrainOptions
	if !render.IsTraining(format.Name) {
		for _, name := range trainFlagNames {
			if cmd.Flags().Changed(name) {
				return t, usageErrorf("--%s is for the training formats: give -t hcpe, psv or positions", name)
			}
		}
		if strings.EqualFold(o.variations, "all") {
			return t, usageErrorf("--variations all is for the training formats: give -t hcpe, psv or positions")
		}
		return t, nil
	}
	t, err := render.ParseTrainOptions(o.variations, o.train.results, o.train.skipPlies, o.train.minPlies, o.train.dedup)
	if err != nil {
		return t, &exitError{exitUsage, usageError{err}}
	}
	if format.Encoding == render.BinaryEncoding && (o.encoding != "" || o.newline != "") {
		return t, usageErrorf("%s is binary: it takes no --encoding or --newline", format.Name)
	}
	return t, nil
}

// refuseBinaryTerminal refuses to write a binary format to a terminal.
func refuseBinaryTerminal(e env, o convertOptions, format render.Format, stdout any) error {
	if format.Encoding == render.BinaryEncoding && o.outDir == "" && (o.output == "" || o.output == "-") && e.isTerminal(stdout) {
		return usageErrorf("%s is binary and standard output is a terminal: give -o FILE, -d DIR or a pipe", format.Name)
	}
	return nil
}
