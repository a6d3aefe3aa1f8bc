package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	from, fromA, fromB string
	ignore             []string
	format             string
	quiet              bool
	flip               bool
	ascii              bool
	color              string
	notation           string
	eaw                string
	readers            readerOptions
}

type gameDiff struct {
	Game int `json:"game"`
	*shogi.RecordDiff
	// DivergenceText gives the moves where the main lines part in the
	// board's notation (▲７六歩), or the ending's KIF word; null where a
	// line has ended.
	DivergenceText *[2]*string `json:"divergence_text"`
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
start position, the first ply where the main lines part (both moves in the
--notation, and the position there drawn as show draws it), then
differences of comments, times, bookmarks and variations (matched by their
first move, in any order). Header values are compared as kifconv's writers
normalise them: an empty value is a missing one, dates and times are
compared as YYYY/MM/DD HH:MM:SS (2014/09/02(火) 10:00 is 2014/09/02
10:00:00), and 対局日 stands for 開始日時 when there is none; in values and
comments, the seven characters that Shift_JIS output turns into their
CP932 twins (〜 and ～, − and －, …) are the same. --ignore
leaves kinds out: comments, time, header, variations, bookmarks, endings
(投了, %TORYO, … : a line that ends in one record and stops in the other is
then the same).

Files holding several records are compared record by record, read game by
game from both inputs together, so memory does not grow with their length.
Each input's format is detected on its own; --from gives both, --from-a and
--from-b one each. Plain ' comments of CSA files are skipped when reading,
as the CSA standard says, unless --csa-comments.

--format json prints {"a", "b", "diffs": [...], "games": [nA, nB],
"equal"}, each diff being {"game", "header": [{"key", "a", "b"}], "start":
{"a", "b"} or null, "divergence": {"ply", "a", "b"} or null (USI moves or
ending names), "divergence_text", "comments", "times", "bookmarks",
"variations": [{"ply", "path", "main", "a", "b"}]}; a missing value (no such
header, a line that has ended, no comment, an unstated time) is null.
--quiet prints nothing and stops at the first difference: only the exit
status tells.

Exit status: 0 same, 1 different, 2 error, as diff(1).`,
		Example: `  kifconv diff game.kif game.csa
  kifconv diff --ignore comments,time mine.kif theirs.kif
  kifconv diff --format json a.jkf b.kif | jq .diffs[0].divergence
  kifconv diff --quiet --ignore endings a.kif b.usi && echo same
  kifconv convert -t jkf game.kif | kifconv diff --from-b jkf game.kif -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(cmd, e, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format of both files (default: detected per file)")
	f.StringVar(&o.fromA, "from-a", "", "input format of A (default: --from, or detected)")
	f.StringVar(&o.fromB, "from-b", "", "input format of B (default: --from, or detected)")
	f.StringSliceVar(&o.ignore, "ignore", nil, "leave out `KINDS`: comments, time, header, variations, bookmarks, endings")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print nothing; the exit status says whether the records differ")
	addBoardFlags(cmd, &o.flip, &o.ascii, &o.color, &o.notation, &o.eaw)
	addReaderFlags(cmd, &o.readers)
	_ = cmd.RegisterFlagCompletionFunc("ignore", cobra.FixedCompletions(diffIgnoreKinds, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	for _, name := range []string{"from", "from-a", "from-b"} {
		_ = cmd.RegisterFlagCompletionFunc(name, completeReadable)
	}
	return cmd
}

var diffIgnoreKinds = []string{"comments", "time", "header", "variations", "bookmarks", "endings"}

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

// diffCompareOptions turns --ignore into compare options.
func diffCompareOptions(ignore []string) (shogi.CompareOptions, error) {
	opt := shogi.CompareOptions{HeaderKey: diffHeaderKey, NormalizeHeader: true, Text: charset.FoldJISVariants}
	for _, k := range ignore {
		switch strings.TrimSpace(k) {
		case "comments", "comment":
			opt.IgnoreComments = true
		case "time", "times":
			opt.IgnoreTime = true
		case "header", "headers":
			opt.IgnoreHeader = true
		case "variations", "variation":
			opt.IgnoreVariations = true
		case "bookmarks", "bookmark":
			opt.IgnoreBookmarks = true
		case "endings", "ending":
			opt.IgnoreEndings = true
		default:
			return opt, usageErrorf("--ignore: want %s, not %q", strings.Join(diffIgnoreKinds, ", "), k)
		}
	}
	return opt, nil
}

func runDiff(cmd *cobra.Command, e env, o diffOptions, args []string) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	from := [2]string{o.from, o.from}
	for i, f := range []string{o.fromA, o.fromB} {
		if f == "" {
			continue
		}
		if from[i], err = lookupReadable(f); err != nil {
			return err
		}
	}
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("only one of A and B can be standard input")
	}
	opt, err := diffCompareOptions(o.ignore)
	if err != nil {
		return err
	}
	if o.format != "text" && o.format != "json" {
		return usageErrorf("--format: want text or json, not %q", o.format)
	}
	out := cmd.OutOrStdout()
	setup, err := newBoardSetup(e, out, o.flip, o.ascii, o.color, o.notation, o.eaw)
	if err != nil {
		return err
	}
	var pool bufPool
	var sides [2]*diffSide
	for i := range sides {
		src, err := openDiffSide(cmd, args[i], from[i], o.readers, &pool)
		if err != nil {
			return err
		}
		defer src.Close()
		sides[i] = &diffSide{cmd: cmd, src: src}
	}
	bw := bufio.NewWriter(out)
	var rep diffPrinter
	if !o.quiet {
		rep = &textDiff{setup: &setup, w: bw, a: args[0], b: args[1]}
		if o.format == "json" {
			rep = &jsonDiff{setup: &setup, w: bw, a: args[0], b: args[1]}
		}
	}
	equal := true
	for game := 1; ; game++ {
		ra, err := sides[0].next()
		if err != nil {
			return err
		}
		rb, err := sides[1].next()
		if err != nil {
			return err
		}
		if ra == nil || rb == nil {
			if ra != nil || rb != nil {
				equal = false
			}
			if !equal && o.quiet {
				break
			}
			// The longer input is read on only to count its records.
			for _, s := range sides {
				for !s.done {
					if _, err := s.next(); err != nil {
						return err
					}
				}
			}
			break
		}
		d := shogi.Compare(ra, rb, opt)
		if d.Equal() {
			continue
		}
		equal = false
		if o.quiet {
			break
		}
		rep.game(game, d, ra, rb)
	}
	for _, s := range sides {
		if s.games == 0 {
			return &exitError{exitUsage, errors.New(s.src.in.name() + ": no record in the input")}
		}
	}
	if rep != nil {
		rep.end([2]int{sides[0].games, sides[1].games}, equal)
	}
	if err := bw.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if !equal {
		return &exitError{exitInvalid, nil}
	}
	return nil
}

// openDiffSide opens one input of diff. Any problem is trouble (exit 2),
// as diff(1) has it.
func openDiffSide(cmd *cobra.Command, name, from string, ropt readerOptions, pool *bufPool) (*source, error) {
	in := input{path: name}
	src, err := openSourceWith(in, cmd.InOrStdin(), from, parse.Options{}, ropt, pool)
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return nil, err
		}
		return nil, &exitError{exitUsage, errors.New(in.name() + ": " + err.Error())}
	}
	return src, nil
}

// diffSide reads the records of one input of diff one at a time: each
// record is reused for the next, so memory does not grow with the number
// of records.
type diffSide struct {
	cmd   *cobra.Command
	src   *source
	games int
	done  bool
}

// next returns the next record, nil at the end. A read error is printed
// and ends the command with exit status 2.
func (s *diffSide) next() (*shogi.Record, error) {
	if s.done {
		return nil, nil
	}
	rec, err := s.src.reader.Read()
	if err == io.EOF {
		s.done = true
		return nil, nil
	}
	if err != nil {
		ds := diagsFromError(s.src.in.name(), s.games+1, err)
		for _, d := range ds {
			d.Write(s.cmd.ErrOrStderr(), defaultCond())
		}
		return nil, &exitError{exitUsage, nil}
	}
	s.games++
	return rec, nil
}

// diffPrinter writes the report of diff as the games are compared.
type diffPrinter interface {
	game(n int, d *shogi.RecordDiff, a, b *shogi.Record)
	end(games [2]int, equal bool)
}

// jsonDiff streams the JSON report: the diffs as they are found, the
// counts at the end.
type jsonDiff struct {
	setup *boardSetup
	w     *bufio.Writer
	a, b  string
	n     int
}

func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

func (j *jsonDiff) open() {
	if j.n == 0 {
		fmt.Fprintf(j.w, "{\n  \"a\": %s,\n  \"b\": %s,\n  \"diffs\": [", jsonString(j.a), jsonString(j.b))
	}
}

func (j *jsonDiff) game(n int, d *shogi.RecordDiff, a, b *shogi.Record) {
	j.open()
	gd := gameDiff{Game: n, RecordDiff: d}
	if v := d.Divergence; v != nil {
		gd.DivergenceText = &[2]*string{
			nullableText(j.setup.stepText(a, v.ANode)), nullableText(j.setup.stepText(b, v.BNode))}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	enc.Encode(gd)
	if j.n > 0 {
		j.w.WriteByte(',')
	}
	j.w.WriteString("\n    ")
	j.w.Write(bytes.TrimRight(buf.Bytes(), "\n"))
	j.n++
}

func (j *jsonDiff) end(games [2]int, equal bool) {
	j.open()
	if j.n > 0 {
		j.w.WriteString("\n  ")
	}
	fmt.Fprintf(j.w, "],\n  \"games\": [\n    %d,\n    %d\n  ],\n  \"equal\": %t\n}\n", games[0], games[1], equal)
	j.n = -1
}

func nullableText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// textDiff writes the text report. Whether records are numbered (== record
// N) depends on whether either input holds more than one, which is known
// only once the second records are read: the first game's report waits in
// first until then.
type textDiff struct {
	setup   *boardSetup
	w       *bufio.Writer
	a, b    string
	started bool
	first   *bytes.Buffer // the report of record 1, not yet written
}

func (t *textDiff) start() {
	if !t.started {
		fmt.Fprintf(t.w, "--- %s\n+++ %s\n", t.a, t.b)
		t.started = true
	}
}

func (t *textDiff) flushFirst(several bool) {
	if t.first == nil {
		return
	}
	t.start()
	if several {
		fmt.Fprintf(t.w, "== record 1\n")
	}
	t.w.Write(t.first.Bytes())
	t.first = nil
}

func (t *textDiff) game(n int, d *shogi.RecordDiff, a, b *shogi.Record) {
	if n == 1 {
		t.first = new(bytes.Buffer)
		w := bufio.NewWriter(t.first)
		t.setup.printGameDiff(w, d, a, b)
		w.Flush()
		return
	}
	t.flushFirst(true)
	t.start()
	fmt.Fprintf(t.w, "== record %d\n", n)
	t.setup.printGameDiff(t.w, d, a, b)
}

func (t *textDiff) end(games [2]int, equal bool) {
	several := games[0] > 1 || games[1] > 1
	t.flushFirst(several)
	if games[0] != games[1] {
		t.start()
		fmt.Fprintf(t.w, "records: %d in A, %d in B\n", games[0], games[1])
	}
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

// printGameDiff writes the differences of one pair of records.
func (s *boardSetup) printGameDiff(w *bufio.Writer, gd *shogi.RecordDiff, a, b *shogi.Record) {
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
		fmt.Fprintf(w, "main lines part at ply %d:\n  A: %s\n  B: %s\n", v.Ply, orEnd(s.stepText(a, v.ANode)), orEnd(s.stepText(b, v.BNode)))
		s.drawBefore(w, a, v.Ply)
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
	list("bookmark", gd.Bookmarks, func(d shogi.NodeDiff) string {
		return quoteOrNone(d.A) + " != " + quoteOrNone(d.B)
	})
	list("variation", gd.Variations, func(d shogi.NodeDiff) string {
		ta, tb := s.stepText(a, d.ANode), s.stepText(b, d.BNode)
		switch {
		case d.BNode == nil:
			return ta + " only in A"
		case d.ANode == nil:
			return tb + " only in B"
		}
		return ta + " != " + tb
	})
}

func quoteOrNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return strconv.Quote(s)
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
