package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type showOptions struct {
	from     string
	game     int
	ply      int
	all      bool
	flip     bool
	ascii    bool
	color    string
	notation string
	eaw      string
	format   string
}

// boardFlags are the drawing flags show and diff share.
func addBoardFlags(cmd *cobra.Command, flip, ascii *bool, color, notation, eaw *string) {
	f := cmd.Flags()
	f.BoolVar(flip, "flip", false, "draw the board with gote at the bottom")
	f.BoolVar(ascii, "ascii", false, "USI letters and English labels, for terminals without CJK fonts")
	f.StringVar(color, "color", "auto", "colour: auto (when standard output is a terminal and NO_COLOR is unset), always or never")
	f.StringVar(notation, "notation", "japanese", "move text: japanese, western (Hodges), hosking or usi; japanese is shown too unless --ascii")
	f.StringVar(eaw, "east-asian-width", "auto", "ambiguous-width characters (▲ △) are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	_ = cmd.RegisterFlagCompletionFunc("color", cobra.FixedCompletions([]string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("notation", cobra.FixedCompletions([]string{"japanese", "western", "hosking", "usi"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("east-asian-width", cobra.FixedCompletions([]string{"auto", "narrow", "wide"}, cobra.ShellCompDirectiveNoFileComp))
}

func newShowCmd(e env) *cobra.Command {
	var o showOptions
	cmd := &cobra.Command{
		Use:   "show [flags] FILE|-",
		Short: "Draw a position of a record in the terminal",
		Long: `Show draws the position after a ply of the main line: the event and players,
the move just played in Japanese notation, both hands, a board with files
９…１ and ranks 一…九 (gote's pieces marked v, as in BOD, and red when colour
is on), the side to move and the ply. The last move's squares are bracketed,
or reversed when colour is on.

Alignment is computed with go-runewidth: every row has the same width in a
CJK terminal and in a Western one. Characters of ambiguous width count as
one column unless --east-asian-width wide (or RUNEWIDTH_EASTASIAN=1).

--format bod or sfen prints the position in that format instead.`,
		Example: `  kifconv show game.kif                  # the final position
  kifconv show --ply 0 game.kif          # the start
  kifconv show --ply 37 --notation western game.csa
  kifconv show --all --ascii game.kif | less -R
  kifconv show --format sfen --ply 20 game.kif`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runShow(cmd, e, o, args, cmd.Flags().Changed("ply"))
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected)")
	f.IntVar(&o.game, "game", 1, "the record to show, in files holding several (CSA /, USI lines)")
	f.IntVar(&o.ply, "ply", 0, "the position after main-line ply `N` (0 is the start; default: the end)")
	f.BoolVar(&o.all, "all", false, "draw every ply of the main line, one after another")
	f.StringVar(&o.format, "format", "text", "text, or a position format such as bod or sfen")
	addBoardFlags(cmd, &o.flip, &o.ascii, &o.color, &o.notation, &o.eaw)
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	return cmd
}

// newDisplay builds the display from show's and diff's board flags.
func newDisplay(e env, out io.Writer, flip, ascii bool, color, notation, eaw string) (render.Display, error) {
	board := render.Board{Flip: flip, ASCII: ascii}
	cond, err := widthCondition(eaw, e.getenv)
	if err != nil {
		return render.Display{}, err
	}
	board.EastAsian = cond.EastAsianWidth
	if board.Color, err = colorChoice(e, color, out); err != nil {
		return render.Display{}, err
	}
	d, err := render.NewDisplay(board, notation)
	if err != nil {
		return d, &exitError{exitUsage, usageError{err}}
	}
	return d, nil
}

func runShow(cmd *cobra.Command, e env, o showOptions, args []string, plySet bool) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if plySet && o.ply < 0 {
		return usageErrorf("--ply: want 0 or more, not %d", o.ply)
	}
	if plySet && o.all {
		return usageErrorf("give --ply or --all, not both")
	}
	if o.game < 1 {
		return usageErrorf("--game: want 1 or more, not %d", o.game)
	}
	out := cmd.OutOrStdout()
	var writer render.Format
	if o.format != "text" && o.format != "" {
		f, ok := render.Lookup(strings.ToLower(o.format))
		if !ok {
			return usageErrorf("--format: want text or a writable format (%s), not %q", strings.Join(render.FormatNames(), ", "), o.format)
		}
		writer = f
	}
	display, err := newDisplay(e, out, o.flip, o.ascii, o.color, o.notation, o.eaw)
	if err != nil {
		return err
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	if name == "-" && e.isTerminal(cmd.InOrStdin()) {
		fmt.Fprintln(cmd.ErrOrStderr(), stdinHint)
	}
	// A read of a terminal blocks: an interrupt stops the wait.
	type read struct {
		rec *shogi.Record
		err error
	}
	got := make(chan read, 1)
	go func() {
		rec, err := readRecord(cmd, name, o.from, o.game)
		got <- read{rec, err}
	}()
	var r read
	select {
	case r = <-got:
	case <-cmd.Context().Done():
		return cmd.Context().Err()
	}
	rec, err := r.rec, r.err
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	if writer.New != nil {
		if st, err := render.WriteRecordAt(bw, rec, writer, o.ply, plySet); err != nil {
			if errors.As(err, new(parse.UsageError)) {
				return libErr(err)
			}
			return &exitError{int(st), err}
		}
		return nil
	}
	ply := -1 // the last position
	if plySet {
		ply = o.ply
	}
	err = display.DrawMainLine(bw, rec, ply, o.all)
	var pe *render.PlyError
	if errors.As(err, &pe) {
		if pe.Err == nil {
			return &exitError{exitUsage, usageError{err}}
		}
		return &exitError{exitInvalid, err}
	}
	return err
}

// readRecord reads record number game of one input (render.ReadRecord),
// printing the warnings of its reader, or why it cannot be read, in the
// compiler style of validate.
func readRecord(cmd *cobra.Command, name, from string, game int) (*shogi.Record, error) {
	rec, ds, st, err := render.ReadRecord(parse.Input{Path: name}, cmd.InOrStdin(), from, game)
	for i := range ds {
		ds[i].Write(cmd.ErrOrStderr(), defaultCond())
	}
	switch {
	case err != nil:
		return nil, libErr(err)
	case rec == nil:
		return nil, &exitError{int(st), nil}
	}
	return rec, nil
}
