package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	from     string
	ignore   []string
	format   string
	flip     bool
	ascii    bool
	color    string
	notation string
	eaw      string
	readers  readerOptions
}

// diffReport is the JSON form of `kifconv diff`.
type diffReport struct {
	A     string     `json:"a"`
	B     string     `json:"b"`
	Equal bool       `json:"equal"`
	Games [2]int     `json:"games"` // records in A and in B
	Diffs []gameDiff `json:"diffs"` // one per pair of records that differ
}

type gameDiff struct {
	Game int `json:"game"`
	*shogi.RecordDiff
	// DivergenceText gives the moves where the main lines part in
	// Japanese notation (▲７六歩), or the ending's KIF word.
	DivergenceText *[2]string `json:"divergence_text"`
}

// maxShown bounds the differences of one kind printed as text (JSON has
// them all).
const maxShown = 20

func newDiffCmd(e env) *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:   "diff [flags] A B",
		Short: "Compare two records semantically, across formats",
		Long: `Diff compares two records as games, not as text: a KIF and a CSA of the same
game are the same. It reports, in this order, header differences key by key
(CSA names such as N+ and $EVENT are compared as their KIF keys 先手 and 棋戦,
下手/上手 as 先手/後手, and 手合割 as part of the start position), a different
start position, the first ply where the main lines part (both moves in
Japanese notation, and the position there drawn as show draws it), then
differences of comments, times and variations (matched by their first move,
in any order). --ignore leaves kinds out. Files holding several records are
compared record by record. Plain ' comments of CSA files are skipped when
reading, as the CSA standard says, unless --csa-comments.

--format json prints {"a", "b", "equal", "games": [nA, nB], "diffs": [...]},
each diff being {"game", "header": [{"key", "a", "b"}], "start": {"a", "b"}
or null, "divergence": {"ply", "a", "b"} or null (USI moves or ending names),
"divergence_text", "comments", "times", "variations": [{"ply", "path", "main",
"a", "b"}]}; a missing value is null.

Exit status: 0 same, 1 different, 2 error, as diff(1).`,
		Example: `  kifconv diff game.kif game.csa
  kifconv diff --ignore comments,time mine.kif theirs.kif
  kifconv diff --format json a.jkf b.kif | jq .diffs[0].divergence
  kifconv convert -t jkf game.kif | kifconv diff game.kif -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(cmd, e, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format of both files (default: detected per file)")
	f.StringSliceVar(&o.ignore, "ignore", nil, "leave out `KINDS`: comments, time, header, variations")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	addBoardFlags(cmd, &o.flip, &o.ascii, &o.color, &o.notation, &o.eaw)
	addReaderFlags(cmd, &o.readers)
	_ = cmd.RegisterFlagCompletionFunc("ignore", cobra.FixedCompletions([]string{"comments", "time", "header", "variations"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("from", completeReadable)
	return cmd
}

// diffHeaderKey is the KIF↔CSA key mapping of diff: CSA names become the
// KIF keys the CSA table gives them, handicap names their side's key, and
// 手合割 is left to the start position.
func diffHeaderKey(k string) string {
	switch k {
	case shogi.KeyHandicap:
		return ""
	case shogi.KeyShitate:
		return shogi.KeyBlack
	case shogi.KeyUwate:
		return shogi.KeyWhite
	case "N+", "N-":
		return shogi.CSAKeyToHeader(k)
	}
	if strings.HasPrefix(k, "$") {
		return shogi.CSAKeyToHeader(k)
	}
	// A CSA key read without its $ (EVENT) is still a CSA key.
	if isUpperASCII(k) {
		if h := shogi.CSAKeyToHeader("$" + k); h != k {
			return h
		}
	}
	return k
}

func isUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c == '_' || c == '+' || c == '-' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

func runDiff(cmd *cobra.Command, e env, o diffOptions, args []string) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("only one of A and B can be standard input")
	}
	opt := shogi.CompareOptions{HeaderKey: diffHeaderKey}
	for _, k := range o.ignore {
		switch strings.TrimSpace(k) {
		case "comments", "comment":
			opt.IgnoreComments = true
		case "time", "times":
			opt.IgnoreTime = true
		case "header", "headers":
			opt.IgnoreHeader = true
		case "variations", "variation":
			opt.IgnoreVariations = true
		default:
			return usageErrorf("--ignore: want comments, time, header or variations, not %q", k)
		}
	}
	if o.format != "text" && o.format != "json" {
		return usageErrorf("--format: want text or json, not %q", o.format)
	}
	out := cmd.OutOrStdout()
	setup, err := newBoardSetup(e, out, o.flip, o.ascii, o.color, o.notation, o.eaw)
	if err != nil {
		return err
	}
	recsA, err := readAll(cmd, args[0], o.from, o.readers)
	if err != nil {
		return err
	}
	recsB, err := readAll(cmd, args[1], o.from, o.readers)
	if err != nil {
		return err
	}
	rep := diffReport{A: args[0], B: args[1], Games: [2]int{len(recsA), len(recsB)}, Diffs: []gameDiff{}}
	for i := range min(len(recsA), len(recsB)) {
		d := shogi.Compare(recsA[i], recsB[i], opt)
		if d.Equal() {
			continue
		}
		gd := gameDiff{Game: i + 1, RecordDiff: d}
		if v := d.Divergence; v != nil {
			gd.DivergenceText = &[2]string{setup.stepText(recsA[i], v.ANode), setup.stepText(recsB[i], v.BNode)}
		}
		rep.Diffs = append(rep.Diffs, gd)
	}
	rep.Equal = len(rep.Diffs) == 0 && len(recsA) == len(recsB)
	bw := bufio.NewWriter(out)
	if o.format == "json" {
		enc := json.NewEncoder(bw)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(rep)
	} else {
		setup.printDiff(bw, rep, recsA, recsB)
	}
	if err := bw.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if !rep.Equal {
		return &exitError{exitInvalid, nil}
	}
	return nil
}

// readAll reads every record of one input. Any problem is trouble (exit 2),
// as diff(1) has it.
func readAll(cmd *cobra.Command, name, from string, ropt readerOptions) ([]*shogi.Record, error) {
	in := input{path: name}
	src, err := openSourceWith(in, cmd.InOrStdin(), from, parse.Options{}, ropt, nil)
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return nil, err
		}
		return nil, &exitError{exitUsage, errors.New(in.name() + ": " + err.Error())}
	}
	defer src.Close()
	var out []*shogi.Record
	for {
		rec, err := src.reader.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			ds := diagsFromError(in.name(), len(out)+1, err)
			for _, d := range ds {
				d.write(cmd.ErrOrStderr(), defaultCond())
			}
			return nil, &exitError{exitUsage, nil}
		}
		out = append(out, rec)
	}
	if len(out) == 0 {
		return nil, &exitError{exitUsage, errors.New(in.name() + ": no record in the input")}
	}
	return out, nil
}

// stepText writes the step at node n of rec in the board's notation; ""
// where the line has ended.
func (s *boardSetup) stepText(rec *shogi.Record, n *shogi.Node) string {
	if n == nil {
		return ""
	}
	pos, err := rec.PositionAt(n.Parent)
	if err != nil {
		return n.Move.String()
	}
	if n.IsEnd() {
		return s.endText(n, pos.Turn())
	}
	return s.moveText(&pos, n.Move)
}

func quoteOrMissing(p *string) string {
	if p == nil {
		return "(missing)"
	}
	return strconv.Quote(*p)
}

func orEnd(s string) string {
	if s == "" {
		return "(the line has ended)"
	}
	return s
}

func (s *boardSetup) printDiff(w *bufio.Writer, rep diffReport, recsA, recsB []*shogi.Record) {
	if rep.Equal {
		return
	}
	fmt.Fprintf(w, "--- %s\n+++ %s\n", rep.A, rep.B)
	if rep.Games[0] != rep.Games[1] {
		fmt.Fprintf(w, "records: %d in A, %d in B\n", rep.Games[0], rep.Games[1])
	}
	several := rep.Games[0] > 1 || rep.Games[1] > 1
	for _, gd := range rep.Diffs {
		if several {
			fmt.Fprintf(w, "== record %d\n", gd.Game)
		}
		for i, h := range gd.Header {
			if i == maxShown {
				fmt.Fprintf(w, "… and %d more header differences\n", len(gd.Header)-i)
				break
			}
			fmt.Fprintf(w, "header %s: %s != %s\n", h.Key, quoteOrMissing(h.A), quoteOrMissing(h.B))
		}
		if gd.Start != nil {
			fmt.Fprintf(w, "start position:\n  A: %s\n  B: %s\n", gd.Start.A, gd.Start.B)
		}
		if v := gd.Divergence; v != nil {
			fmt.Fprintf(w, "main lines part at ply %d:\n  A: %s\n  B: %s\n", v.Ply, orEnd(gd.DivergenceText[0]), orEnd(gd.DivergenceText[1]))
			s.drawBefore(w, recsA[gd.Game-1], v.Ply)
		}
		list := func(kind string, ds []shogi.NodeDiff, text func(shogi.NodeDiff) string) {
			for i, d := range ds {
				if i == maxShown {
					fmt.Fprintf(w, "… and %d more %s differences\n", len(ds)-i, kind)
					return
				}
				where := "ply " + strconv.Itoa(d.Ply)
				if !d.Main {
					where += " (variation " + pathText(d.Path) + ")"
				}
				fmt.Fprintf(w, "%s at %s: %s\n", kind, where, text(d))
			}
		}
		list("comment", gd.Comments, func(d shogi.NodeDiff) string {
			return strconv.Quote(clip(d.A)) + " != " + strconv.Quote(clip(d.B))
		})
		list("time", gd.Times, func(d shogi.NodeDiff) string { return d.A + " != " + d.B })
		list("variation", gd.Variations, func(d shogi.NodeDiff) string {
			switch {
			case d.B == "":
				return d.A + " only in A"
			case d.A == "":
				return d.B + " only in B"
			}
			return d.A + " != " + d.B
		})
	}
}

// clip shortens a long comment for the text report (JSON has it whole).
func clip(s string) string {
	const max = 60
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max]) + "…"
}

func pathText(p []int) string {
	b := make([]byte, 0, 2*len(p))
	for i, k := range p {
		if i > 0 {
			b = append(b, '.')
		}
		b = strconv.AppendInt(b, int64(k), 10)
	}
	return string(b)
}

// drawBefore draws the position of rec's main line before ply, where the
// lines part, with the move that led there highlighted.
func (s *boardSetup) drawBefore(w io.Writer, rec *shogi.Record, ply int) {
	pos := rec.Start
	var before shogi.Position
	var node *shogi.Node
	n := 0
	for next := rec.Root.Next(); next != nil && n < ply-1; next = next.Next() {
		if next.IsEnd() || pos.Legal(next.Move) != nil {
			break
		}
		before = pos
		pos.Advance(next.Move)
		node, n = next, n+1
	}
	v := s.view(rec, node, &before, &pos, n)
	v.End, v.Event, v.Black, v.White = "", "", "", "" // the board is context here
	s.board.Draw(w, v)
}
