package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type showOptions struct {
	from  string
	spec  batch.ShowSpec
	board boardFlags
}

// boardFlags are the drawing flags show and diff share.
type boardFlags struct {
	flip, ascii          bool
	color, notation, eaw string
}

func addBoardFlags(cmd *cobra.Command, o *boardFlags) {
	f := cmd.Flags()
	f.BoolVar(&o.flip, "flip", false, "draw the board with gote at the bottom")
	f.BoolVar(&o.ascii, "ascii", false, "USI letters and English labels, for terminals without CJK fonts")
	colorFlag(cmd, &o.color, "colour: auto (when standard output is a terminal and NO_COLOR is unset), always or never")
	f.StringVar(&o.notation, "notation", "japanese", "move text: japanese, western (Hodges), hosking or usi; japanese is shown too unless --ascii")
	eawFlag(cmd, &o.eaw, "ambiguous-width characters (▲ △) are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	choices(cmd, "notation", "japanese", "western", "hosking", "usi")
}

// display builds the display the flags describe, for out.
func (o boardFlags) display(e env, out io.Writer) (render.Display, error) {
	p, err := newDiagnosticPrinter(o.eaw, o.color, e.getenv, e.isTerminal(out))
	if err != nil {
		return render.Display{}, err
	}
	d, err := render.NewDisplay(render.Board{Flip: o.flip, ASCII: o.ascii, EastAsian: p.Cond.EastAsianWidth, Color: p.Color}, o.notation)
	if err != nil {
		return d, batch.UsageError{Err: err}
	}
	return d, nil
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
			o.spec.PlySet = cmd.Flags().Changed("ply")
			return runShow(cmd, e, &o, args)
		},
	}
	f := cmd.Flags()
	fromFlag(cmd, &o.from, "input format (default: detected)")
	f.IntVar(&o.spec.Game, "game", 1, "the record to show, in files holding several (CSA /, USI lines)")
	f.IntVar(&o.spec.Ply, "ply", 0, "the position after main-line ply `N` (0 is the start; default: the end)")
	f.BoolVar(&o.spec.All, "all", false, "draw every ply of the main line, one after another")
	f.StringVar(&o.spec.Format, "format", "text", "text, or a position format such as bod or sfen")
	addBoardFlags(cmd, &o.board)
	return cmd
}

func runShow(cmd *cobra.Command, e env, o *showOptions, args []string) error {
	var err error
	if o.from, err = batch.FromFlag(o.from); err != nil {
		return err
	}
	writer, err := o.spec.Check()
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	display, err := o.board.display(e, out)
	if err != nil {
		return err
	}
	in := batch.Input{Path: "-"}
	if len(args) == 1 {
		in.Path = args[0]
	}
	if in.Path == "-" && e.isTerminal(cmd.InOrStdin()) {
		fmt.Fprintln(cmd.ErrOrStderr(), stdinHint)
	}
	// A read of a terminal blocks: an interrupt stops the wait.
	var rec *shogi.Record
	var ds []report.Diagnostic
	var st batch.Status
	var rerr error
	if err := await(cmd.Context(), true, func() { rec, ds, st, rerr = batch.ReadRecord(in, cmd.InOrStdin(), o.from, o.spec.Game) }); err != nil {
		return err
	}
	report.WriteDiagnostics(cmd.ErrOrStderr(), ds)
	switch {
	case rerr != nil:
		return trouble(rerr)
	case rec == nil:
		return statusErr(st)
	}
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	if st, err := batch.Show(bw, rec, &display, writer, o.spec); err != nil {
		return &exitError{int(st), err}
	}
	return nil
}
