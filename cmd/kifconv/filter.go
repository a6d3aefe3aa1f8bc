package main

import (
	"bufio"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type filterOptions struct {
	coll         collOptions
	crit         shogi.CriteriaSpec
	invert, list bool
	out          outOptions
}

func newFilterCmd(e env) *cobra.Command {
	var o filterOptions
	cmd := &cobra.Command{
		Use:   "filter [criteria] (-l | -t FORMAT [-o FILE | -d DIR]) [FILE|DIR|-]...",
		Short: "Select games from collections by players, dates, results, moves or positions",
		Long: `Filter reads every game of its inputs (files, directories searched
recursively, --files-from lists, standard input) and selects those that meet
the criteria. Kinds of criteria combine with AND; a criterion given several
times holds when any of its values does (OR):

  --player NAME     either side's name contains NAME (blanks, full-width
                    letters and case do not count: "羽生 善治" is 羽生善治)
  --black, --white  先手 (下手) or 後手 (上手) contains NAME
  --event NAME      棋戦 (or 表題) contains NAME
  --winner NAME, --loser NAME
                    the ending makes the side named NAME the winner / loser
                    (every game a player won)
  --header K=RE     header K (a KIF key such as 戦型, or a CSA name such as
                    $OPENING) matches the regular expression RE (RE2);
                    several patterns for one key are alternatives, different
                    keys must all match
  --date-from D, --date-to D
                    played on or after / on or before D (2019/04/01,
                    2019-04, 2019; the record's 開始日時, 対局日 or 終了日時 in
                    any form KIF, KI2, CSA V2.2/V3.0, JKF and PSN use, such as
                    1999/07/15(木) 19:07, 2016年7月27日 or 平成28年7月27日);
                    records without a date are not selected
  --handicap NAME   the start position: 平手, 香落ち, … (KIF, JKF or English
                    names of the 16 presets), or custom
  --result R        black-win, white-win, draw (千日手, 持将棋, …),
                    unfinished (no ending, or 中断, 封じ手, …), or an ending:
                    resign, sennichite, impasse, mate, timeout, foul,
                    interrupt, kachi, max-moves, default, sealed, try
  --min-plies N, --max-plies N
                    the main line has at least / at most N moves
  --moves "M…"      the main line starts with these moves, in USI (7g7f),
                    Japanese (▲７六歩), Western (P-7f) or CSA (+7776FU)
  --position SFEN   the main line (any line with --variations) reaches this
                    position in any move order; board, hands and side to
                    move are compared, the move number is ignored
  --games A-B       only these games of each file (1-based)

--invert selects the games that do not meet them. -l lists the selected
games, one "PATH<TAB>GAME" line each. -t FORMAT writes them: to standard
output or -o FILE, all in one (a format that holds one game a file, such as
KIF, takes only one game there), or under -d DIR, one file per input with
its selected games (in one-game formats one file per game, NAME-0003.kif
for game 3 when several games of an input are written), mirroring the
input tree.
Outputs are written atomically; existing ones are kept unless --force.

Exit status: 0 some game selected, 1 none (or an input invalid), 2 usage or
I/O error, as grep(1).`,
		Example: `  kifconv filter -l --winner 羽生 games/
  kifconv filter --date-from 2019 --date-to 2019 --handicap 平手 -t csa -o 2019.csa games/
  kifconv filter --moves "7g7f 3c3d 2g2f" -t kif -d opening/ games/
  kifconv filter --position "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -" -l games/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFilter(cmd, e, &o)
		},
	}
	addCollectionFlags(cmd, &o.coll)
	f := cmd.Flags()
	f.StringArrayVar(&o.crit.Players, "player", nil, "either side's name contains `NAME`")
	f.StringArrayVar(&o.crit.Blacks, "black", nil, "先手 (下手) contains `NAME`")
	f.StringArrayVar(&o.crit.Whites, "white", nil, "後手 (上手) contains `NAME`")
	f.StringArrayVar(&o.crit.Events, "event", nil, "棋戦 (or 表題) contains `NAME`")
	f.StringArrayVar(&o.crit.Winners, "winner", nil, "the ending makes the side whose name contains `NAME` the winner")
	f.StringArrayVar(&o.crit.Losers, "loser", nil, "the ending makes the side whose name contains `NAME` the loser")
	f.StringArrayVar(&o.crit.Headers, "header", nil, "header `KEY=REGEX` matches")
	f.StringVar(&o.crit.DateFrom, "date-from", "", "played on or after `DATE` (2019/04/01, 2019-04, 2019)")
	f.StringVar(&o.crit.DateTo, "date-to", "", "played on or before `DATE`")
	f.StringArrayVar(&o.crit.Handicaps, "handicap", nil, "start position `NAME` (平手, 香落ち, …, or custom)")
	f.StringArrayVar(&o.crit.Results, "result", nil, "`RESULT`: black-win, white-win, draw, unfinished, or an ending (resign, sennichite, foul, …)")
	f.IntVar(&o.crit.MinPlies, "min-plies", -1, "the main line has at least `N` moves")
	f.IntVar(&o.crit.MaxPlies, "max-plies", -1, "the main line has at most `N` moves")
	f.StringArrayVar(&o.crit.Moves, "moves", nil, "the main line starts with `MOVES` (USI, Japanese, Western or CSA)")
	f.StringArrayVar(&o.crit.Positions, "position", nil, "a line reaches `SFEN` (move number ignored)")
	f.BoolVar(&o.crit.Variations, "variations", false, "--position looks at every line, not only the main line")
	f.BoolVarP(&o.invert, "invert", "v", false, "select the games that do not meet the criteria")
	f.BoolVarP(&o.list, "list", "l", false, "list the selected games (PATH<TAB>GAME) instead of writing them")
	addOutputFlags(cmd, &o.out, collOutUsage)
	choices(cmd, "result", shogi.ResultNames()...)
	return cmd
}

func runFilter(cmd *cobra.Command, e env, o *filterOptions) error {
	games, err := o.coll.check(cmd, e)
	if err != nil {
		return err
	}
	crit, err := o.crit.Criteria()
	if err != nil {
		return batch.UsageError{Err: err}
	}
	var sink *batch.GameSink
	switch {
	case o.list && o.out.To != "":
		return usageErrorf("give -l or -t FORMAT, not both")
	case o.list:
		if o.out.Output != "" || o.out.OutDir != "" {
			return usageErrorf("-l lists on standard output: -o and -d need -t FORMAT")
		}
	case o.out.To == "":
		return usageErrorf("give -t FORMAT to write the selected games, or -l to list them")
	default:
		if sink, err = newGameSink(cmd, e, &o.out); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(cmd.OutOrStdout())
	// Games are matched where they are read (by the workers, for small
	// files); the records of the selected ones reach the writer.
	sel, err := batch.Select(cmd.Context(), games, func(g *batch.Game) bool { return crit.Match(g.Record) != o.invert }, bw, sink)
	if err := flushed(bw, err); err != nil {
		return err
	}
	if sink != nil && sel.Status == batch.StatusOK {
		printIf(cmd, o.out.quiet, "%d of %d games selected\n", sel.Selected, sel.Total)
	}
	return statusErr(sel.Outcome())
}
