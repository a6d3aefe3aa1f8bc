package main

import (
	"bufio"
	"strconv"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type filterOptions struct {
	in           readFlags
	term         termFlags
	crit         CriteriaSpec
	invert, list bool
	out          outFlags
}

func newFilterCmd(e env) *cobra.Command {
	var o filterOptions
	cmd := &cobra.Command{
		Use:   "filter [criteria] [-l | -t FORMAT [-o FILE | -d DIR]] [FILE|DIR|-]...",
		Short: "Select games from collections by players, dates, results, moves or positions",
		Long: `Filter reads every game of its inputs and selects those that meet the
criteria. Kinds of criteria combine with AND; a criterion given several
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
  --position SFEN   the main line (any line with --variations all) reaches this
                    position in any move order; board, hands and side to
                    move are compared, the move number is ignored
  --games A-B       only these games of each input (1-based)

--invert selects the games that do not meet them. Without -t, the selected
games are listed, one "PATH<TAB>GAME" line each (-l; -0 ends each with a
NUL, for xargs -0; paths are escaped as info escapes them). -t FORMAT
writes them instead, as convert writes records: to standard output or -o
FILE, all in one, or under -d DIR, one file per input with its selected
games (in one-game formats one file per game, NAME-0003.kif for game 3 when
several games of an input are written), mirroring the input tree.` + inputsHelp + exitHelp("filter"),
		Example: `  kifconv filter --winner 羽生 games/
  kifconv filter --date-from 2019 --date-to 2019 --handicap 平手 -t csa -o 2019.csa games/
  kifconv filter --moves "7g7f 3c3d 2g2f" -t kif -d opening/ games/
  kifconv filter --position "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -" games/
  kifconv filter -0 --result foul games/ | xargs -0 -n 2 echo`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFilter(cmd, e, &o, args)
		},
	}
	addReadFlags(cmd, &o.in, "", true)
	addTermFlags(cmd, &o.term)
	addOutFlags(cmd, &o.out)
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
	f.BoolVar(&o.invert, "invert", false, "select the games that do not meet the criteria")
	f.BoolVarP(&o.list, "list", "l", false, "list the selected games (PATH<TAB>GAME), as without -t")
	choices(cmd, "result", shogi.ResultNames()...)
	return cmd
}

func runFilter(cmd *cobra.Command, e env, o *filterOptions, args []string) error {
	j, err := o.in.job(cmd, e, args)
	if err != nil {
		return err
	}
	// --variations all: --position looks at every line, and the training
	// and CSA outputs write every line.
	if err := oneOf("variations", o.out.variations, "all", "separate"); err != nil {
		return err
	}
	o.crit.Variations = o.out.variations != ""
	crit, err := o.crit.Criteria()
	if err != nil {
		return usageError(err)
	}
	choose := func(w *batch.Writing) {
		w.Choose = func(rec *shogi.Record) bool { return crit.Match(rec) != o.invert }
	}
	line := func(t batch.Tally, stdout bool) string {
		done := strconv.Itoa(t.Selected) + " selected"
		if o.out.writes(cmd) {
			done += ", " + written(t, stdout)
		}
		return summary(t, done)
	}
	status := func(t batch.Tally) int {
		if s := strictStatus(t.Status, o.in.strict); s != exitOK {
			return s
		}
		if t.Selected == 0 {
			return exitNo
		}
		return exitOK
	}
	if o.list || !o.out.writes(cmd) {
		if o.list && o.out.writes(cmd) {
			return usageErrorf("give -l or -t FORMAT, not both")
		}
		if flags := given(cmd, "encoding", "newline", "csa-version", "notation", "ply", "svg-all", "mainline", "substitute", "force", "skip-existing", "update", "skip-plies", "results", "dedup"); len(flags) > 0 {
			return refuse(flags, "write records: give -t FORMAT")
		}
		if o.out.variations != "" && len(o.crit.Positions) == 0 {
			return usageErrorf("--variations lists games by --position on every line, or writes every line with -t: give one of them")
		}
		return list(cmd, e, o, j, choose, line, status)
	}
	t, d, err := o.out.target(cmd, e, j.Sources.Several())
	if err != nil {
		return err
	}
	d.Strict, d.Temps = o.in.strict, e.temps
	return write(cmd, e, o.term, j, t, d, "filtering", choose, line, status)
}

// list lists the games filter selects, one "PATH<TAB>GAME" line each (ended
// by a NUL with -0).
func list(cmd *cobra.Command, e env, o *filterOptions, j batch.Job, choose func(*batch.Writing),
	line func(batch.Tally, bool) string, status func(batch.Tally) int) error {
	s, err := newSession(cmd, e, o.term, "filtering")
	if err != nil {
		return err
	}
	j = s.job(j)
	bw := bufio.NewWriter(cmd.OutOrStdout())
	end := byte('\n')
	if o.in.null {
		end = 0
	}
	w := batch.Writing{List: func(in batch.Input, game int) bool {
		bw.WriteString(report.TermSafe(in.Name()))
		bw.WriteByte('\t')
		bw.WriteString(strconv.Itoa(game))
		bw.WriteByte(end)
		return writeOK(cmd.OutOrStdout()) // standard output failed: the rest is not read
	}}
	choose(&w)
	t, err := batch.Write(cmd.Context(), j, w)
	ferr := bw.Flush()
	s.end(line(t, true))
	switch {
	case err != nil:
		return runError(err, t)
	case ferr != nil:
		return trouble(&batch.OutputError{Path: "standard output", Err: ferr})
	}
	return exitWith(status(t))
}
