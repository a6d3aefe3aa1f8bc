package main

import (
	"bufio"
	"io"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type showOptions struct {
	in     readFlags
	term   termFlags
	board  boardFlags
	format string
	ply    int
	all    bool
}

// boardFlags are the drawing flags show and diff share.
type boardFlags struct {
	flip, ascii bool
	notation    string
}

func addBoardFlags(cmd *cobra.Command, o *boardFlags) {
	f := cmd.Flags()
	f.BoolVar(&o.flip, "flip", false, "draw the board with gote at the bottom")
	f.BoolVar(&o.ascii, "ascii", false, "USI letters and English labels, for terminals without CJK fonts")
	f.StringVar(&o.notation, "notation", "japanese", "move text: japanese, western (Hodges), hosking or usi; japanese is shown too unless --ascii")
	choices(cmd, "notation", "japanese", "western", "hosking", "usi")
}

// display builds the display the flags describe, drawing for out.
func (o boardFlags) display(e env, term termFlags, out io.Writer) (render.Display, error) {
	p, err := newDiagnosticPrinter(term.eaw, term.color, e.getenv, e.isTerminal(out))
	if err != nil {
		return render.Display{}, err
	}
	d, err := render.NewDisplay(render.Board{Flip: o.flip, ASCII: o.ascii, EastAsian: p.Cond.EastAsianWidth, Color: p.Color}, o.notation)
	if err != nil {
		return d, usageErrorf("--notation: %v", err)
	}
	return d, nil
}

func newShowCmd(e env) *cobra.Command {
	var o showOptions
	cmd := &cobra.Command{
		Use:   "show [flags] [FILE|DIR|-]...",
		Short: "Draw a position of a record in the terminal",
		Long: `Show draws the position after a ply of the main line: the event and players,
the move just played in Japanese notation, both hands, a board with files
９…１ and ranks 一…九 (gote's pieces marked v, as in BOD, and red when colour
is on), the side to move and the ply. The last move's squares are bracketed,
or reversed when colour is on.

Alignment is computed with go-runewidth: every row has the same width in a
CJK terminal and in a Western one. Characters of ambiguous width count as
one column unless --east-asian-width wide (or RUNEWIDTH_EASTASIAN=1).

--format bod, sfen or any other writable format prints the position (or the
record up to it) in that format instead. The first game of each input is
shown unless --games says otherwise; when several games are shown, each
follows a "==> PATH (game N) <==" line. A ply past the end of a main line is
a problem of that game.` + inputsHelp + exitHelp("show"),
		Example: `  kifconv show game.kif                  # the final position
  kifconv show --ply 0 game.kif          # the start
  kifconv show --ply 37 --notation western game.csa
  kifconv show --all --ascii game.kif | less -R
  kifconv show --format sfen --ply 20 game.kif
  kifconv show --games 1- --format sfen floodgate.csa   # every game's end`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runShow(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "1", true)
	addTermFlags(cmd, &o.term)
	addBoardFlags(cmd, &o.board)
	f := cmd.Flags()
	f.IntVar(&o.ply, "ply", 0, "the position after main-line ply `N` (0 is the start; default: the end)")
	f.BoolVar(&o.all, "all", false, "draw every ply of the main line, one after another")
	f.StringVar(&o.format, "format", "text", "text (the board), or a writable format such as bod or sfen")
	return cmd
}

func runShow(cmd *cobra.Command, e env, o *showOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	plySet := cmd.Flags().Changed("ply")
	spec := batch.ShowSpec{Ply: o.ply, PlySet: plySet, All: o.all}
	switch {
	case plySet && o.ply < 0:
		return usageErrorf("--ply: want 0 or more, not %d", o.ply)
	case plySet && o.all:
		return usageErrorf("give --ply or --all, not both")
	}
	if o.format != "text" {
		f, ok := render.Lookup(strings.ToLower(o.format))
		if !ok {
			var names []string
			for _, f := range render.Formats() {
				names = append(names, f.Name)
			}
			return usageErrorf("--format: want text or a writable format (%s), not %q", strings.Join(names, ", "), o.format)
		}
		if err := refuse(given(cmd, "flip", "ascii", "notation", "all"), "draw the board: they do not apply to --format "+f.Name); err != nil {
			return err
		}
		spec.Format = f
	}
	out := cmd.OutOrStdout()
	d, err := o.board.display(e, o.term, out)
	if err != nil {
		return err
	}
	spec.Display = &d
	spec.Headers = j.Sources.Several() || !singleGame(o.in.games)
	s, err := newSession(cmd, e, o.term, "showing")
	if err != nil {
		return err
	}
	j = s.job(j)
	bw := bufio.NewWriter(out)
	t, err := batch.Show(cmd.Context(), j, spec, bw)
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = &batch.OutputError{Path: "standard output", Err: ferr}
	}
	s.end(summary(t, report.Plural(t.Written, "game")+" shown"))
	if err != nil {
		return runError(err, t)
	}
	if t.Written == 0 && t.Status == batch.StatusOK {
		return exitWith(exitNo) // nothing shown: no game asked for is there
	}
	return exitWith(statusOf(t.Status))
}

// singleGame reports whether a --games value names one game.
func singleGame(games string) bool {
	r, err := shogi.ParseGameRanges(games)
	return err == nil && len(r) == 1 && r[0].From == r[0].To
}
