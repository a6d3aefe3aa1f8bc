package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/kifconv/kifconv/internal/shogi"
)

// gameDiff is one element of "diffs" in the JSON report.
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

// DiffReport writes the report of diff as the games are compared: Game
// for each pair of records that differ, End once with the number of
// records of each input.
type DiffReport interface {
	Game(n int, d *shogi.RecordDiff, a, b *shogi.Record)
	End(games [2]int, equal bool)
}

// Stepper names the moves and endings of a record and draws its positions,
// as render.Display does for show: the diff report shows the moves where
// two lines part in the board's notation, and the position there.
type Stepper interface {
	// StepText is the move or ending n of rec in the board's notation.
	StepText(rec *shogi.Record, n *shogi.Node) string
	// DrawBefore draws the position of rec's main line before ply.
	DrawBefore(w io.Writer, rec *shogi.Record, ply int)
}

// NewDiffReport returns the text or JSON report of comparing the inputs
// named a and b, with moves and positions shown by d.
func NewDiffReport(w *bufio.Writer, d Stepper, a, b string, asJSON bool) DiffReport {
	if asJSON {
		return &jsonDiff{setup: d, w: w, a: a, b: b}
	}
	return &textDiff{setup: d, w: w, a: a, b: b}
}

// jsonDiff streams the JSON report: the diffs as they are found, the
// counts at the end.
type jsonDiff struct {
	setup Stepper
	w     *bufio.Writer
	a, b  string
	n     int
}

// DiffVersion is the version of diff's JSON report; it changes only when a
// member changes meaning or goes.
const DiffVersion = 1

func (j *jsonDiff) open() {
	if j.n == 0 {
		fmt.Fprintf(j.w, "{\n  \"version\": %d,\n  \"a\": %s,\n  \"b\": %s,\n  \"diffs\": [", DiffVersion, jsonString(j.a), jsonString(j.b))
	}
}

func (j *jsonDiff) Game(n int, d *shogi.RecordDiff, a, b *shogi.Record) {
	j.open()
	gd := gameDiff{Game: n, RecordDiff: d}
	if v := d.Divergence; v != nil {
		gd.DivergenceText = &[2]*string{
			nullableText(j.setup.StepText(a, v.ANode)), nullableText(j.setup.StepText(b, v.BNode))}
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

func (j *jsonDiff) End(games [2]int, equal bool) {
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
	setup   Stepper
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

func (t *textDiff) Game(n int, d *shogi.RecordDiff, a, b *shogi.Record) {
	if n == 1 {
		t.first = new(bytes.Buffer)
		w := bufio.NewWriter(t.first)
		printGameDiff(t.setup, w, d, a, b)
		w.Flush()
		return
	}
	t.flushFirst(true)
	t.start()
	fmt.Fprintf(t.w, "== record %d\n", n)
	printGameDiff(t.setup, t.w, d, a, b)
}

func (t *textDiff) End(games [2]int, equal bool) {
	several := games[0] > 1 || games[1] > 1
	t.flushFirst(several)
	if games[0] != games[1] {
		t.start()
		fmt.Fprintf(t.w, "records: %d in A, %d in B\n", games[0], games[1])
	}
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
func printGameDiff(s Stepper, w *bufio.Writer, gd *shogi.RecordDiff, a, b *shogi.Record) {
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
		fmt.Fprintf(w, "main lines part at ply %d:\n  A: %s\n  B: %s\n", v.Ply, orEnd(s.StepText(a, v.ANode)), orEnd(s.StepText(b, v.BNode)))
		s.DrawBefore(w, a, v.Ply)
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
		ta, tb := s.StepText(a, d.ANode), s.StepText(b, d.BNode)
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
