package shogitest

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/kifconv/kifconv/internal/shogi"
)

func randomRecords(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}

// cp932Safe reports whether r is a character that survives CP932 both
// ways with the same Unicode value: printable ASCII other than \ and ~,
// kana, kanji, and the CJK and full-width punctuation used in comments.
func cp932Safe(r rune) bool {
	switch {
	case r >= 0x20 && r < 0x7f:
		return r != '\\' && r != '~'
	case unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han):
		return true
	}
	return strings.ContainsRune("、。「」・（）：？！ー々", r)
}

// checkRandomRecord replays every line of rec and checks what RandomRecord
// promises: legal moves, endings only on leaves and only where they fit,
// consistent times, safe text.
func checkRandomRecord(t *testing.T, rec *shogi.Record, opt RandomOptions) {
	t.Helper()
	fail := func(n *shogi.Node, format string, args ...any) {
		t.Helper()
		t.Errorf("start %s, path %v: "+format, append([]any{rec.Start.SFEN(), n.Path()}, args...)...)
	}
	if err := rec.Start.Validate(); err != nil || !rec.Start.HasLegalMove() {
		t.Fatalf("start %s: %v, has move %v", rec.Start.SFEN(), err, rec.Start.HasLegalMove())
	}
	if rec.Preset != shogi.HandicapOf(&rec.Start) {
		t.Errorf("Preset %v, start is %v", rec.Preset, shogi.HandicapOf(&rec.Start))
	}
	for _, f := range rec.Header {
		for _, r := range f.Key + f.Value {
			if !cp932Safe(r) {
				t.Errorf("header %q: %q", f.Key, r)
			}
		}
	}
	type frame struct {
		n   *shogi.Node
		pos shogi.Position
	}
	stack := []frame{{rec.Root, rec.Start}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n, pos := f.n, f.pos
		for _, c := range n.Comments() {
			if c == "" || strings.TrimSpace(c) != c {
				fail(n, "comment line %q", c)
			}
			for _, r := range c {
				if !cp932Safe(r) {
					fail(n, "comment %q has %q", c, r)
				}
			}
		}
		if n.Time().HasTime {
			var prev time.Duration
			if n.Parent() != nil && n.Parent().Parent() != nil {
				prev = n.Parent().Parent().Time().Total
			}
			if !n.Time().HasTotal || n.Time().Total != prev+n.Time().Elapsed {
				fail(n, "time %+v after a total of %v", n.Time(), prev)
			}
			if !opt.SubSecond && n.Time().Elapsed%time.Second != 0 {
				fail(n, "sub-second time %v", n.Time().Elapsed)
			}
		}
		if n.IsEnd() {
			if n.NumChildren() > 0 || n.Move != 0 {
				fail(n, "ending with children or a move")
			}
			checkEndingFits(t, rec, n, &pos)
			continue
		}
		if n.Parent() != nil && n.NumChildren() == 0 && opt.Endings && !pos.HasLegalMove() {
			fail(n, "line ends in a position without moves but with no ending")
		}
		if n.NumChildren() == 0 {
			if r, err := rec.RepetitionAt(n); err != nil || (r.Kind != shogi.NoRepetition && r.Ply != n.Ply()) {
				fail(n, "line continues past a repetition: %+v %v", r, err)
			}
		}
		seen := map[shogi.Move]bool{}
		ends := map[shogi.EndingKind]bool{}
		for i := n.NumChildren() - 1; i >= 0; i-- {
			c := n.Child(i)
			if c.Parent() != n {
				fail(c, "bad parent link")
			}
			if c.IsEnd() {
				if ends[c.End().Kind] {
					fail(c, "two %v endings side by side", c.End().Kind)
				}
				ends[c.End().Kind] = true
				stack = append(stack, frame{c, pos})
				continue
			}
			if seen[c.Move] {
				fail(c, "move %v twice among siblings", c.Move)
			}
			seen[c.Move] = true
			if err := pos.Legal(c.Move); err != nil {
				fail(c, "illegal move %v in %s: %v", c.Move, pos.SFEN(), err)
				continue
			}
			q := pos
			q.Play(c.Move)
			stack = append(stack, frame{c, q})
		}
	}
}

// checkEndingFits checks that the ending at n fits pos, the position before
// it.
func checkEndingFits(t *testing.T, rec *shogi.Record, n *shogi.Node, pos *shogi.Position) {
	t.Helper()
	e := n.End()
	if pos.IsCheckmate() != (e.Kind == shogi.Mate) {
		t.Errorf("path %v: %v ending, checkmate %v (%s)", n.Path(), e.Kind, pos.IsCheckmate(), pos.SFEN())
	}
	if e.Kind != shogi.IllegalAction && e.Side != pos.Turn() {
		t.Errorf("path %v: %v ending for %v with %v to move", n.Path(), e.Kind, e.Side, pos.Turn())
	}
	switch e.Kind {
	case shogi.Sennichite:
		r, err := rec.RepetitionAt(n)
		if err != nil || r.Kind != shogi.RepetitionDraw || r.Ply != n.Ply()-1 {
			t.Errorf("path %v: 千日手 without a repetition: %+v %v", n.Path(), r, err)
		}
	case shogi.EnteringKing:
		if r, err := pos.DeclareImpasse(shogi.ImpasseRule27); err != nil || r.Outcome != shogi.ImpasseWin {
			t.Errorf("path %v: 入玉勝ち with %+v %v (%s)", n.Path(), r, err, pos.SFEN())
		}
	case shogi.Impasse:
		if !bothKingsEntered(pos) {
			t.Errorf("path %v: 持将棋 without both kings entered (%s)", n.Path(), pos.SFEN())
		}
	case shogi.Unknown:
		if _, known := shogi.EndingFromKIF(e.Word, shogi.Black); known || e.Word == "" {
			t.Errorf("path %v: unknown ending with word %q", n.Path(), e.Word)
		}
	}
}

func TestRandomRecordReplays(t *testing.T) {
	sub := FullRandomOptions()
	sub.SubSecond = true
	flat := FullRandomOptions()
	flat.Nested = false
	opts := map[string]RandomOptions{
		"zero":         {},
		"full":         FullRandomOptions(),
		"subsecond":    sub,
		"not nested":   flat,
		"endings only": {Endings: true, MaxPlies: 20},
	}
	for name, opt := range opts {
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(randomRecords(150)) {
				rec := RandomRecord(rand.New(rand.NewPCG(seed, 1)), opt)
				checkRandomRecord(t, rec, opt)
				if t.Failed() {
					t.Fatalf("seed %d", seed)
				}
			}
		})
	}
}

// dumpRecord writes everything a record holds as text, to compare records.
func dumpRecord(rec *shogi.Record) string {
	var b strings.Builder
	b.WriteString(rec.Start.SFEN() + " " + rec.Preset.String() + "\n")
	for _, f := range rec.Header {
		b.WriteString(f.Key + "=" + f.Value + "\n")
	}
	stack := []*shogi.Node{rec.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b.WriteString(strconv.Itoa(n.Ply()) + " " + n.Move.String() + " " + n.End().Kind.String() + n.End().Side.String() + n.End().Word)
		b.WriteString(" " + n.Time().Elapsed.String() + "/" + n.Time().Total.String() + " " + strings.Join(n.Comments(), "|") + " &" + n.Bookmark() + "\n")
		for i := n.NumChildren() - 1; i >= 0; i-- {
			stack = append(stack, n.Child(i))
		}
	}
	return b.String()
}

func TestRandomRecordDeterministic(t *testing.T) {
	opt := FullRandomOptions()
	for seed := range uint64(20) {
		a := dumpRecord(RandomRecord(rand.New(rand.NewPCG(seed, 2)), opt))
		b := dumpRecord(RandomRecord(rand.New(rand.NewPCG(seed, 2)), opt))
		if a != b {
			t.Fatalf("seed %d gives two different records", seed)
		}
		c := dumpRecord(RandomRecord(rand.New(rand.NewPCG(seed+1000, 2)), opt))
		if a == c {
			t.Errorf("seeds %d and %d give the same record", seed, seed+1000)
		}
	}
}

// TestRandomRecordCoverage checks that the generator produces every
// feature it offers, so that property tests built on it exercise them.
func TestRandomRecordCoverage(t *testing.T) {
	opt := FullRandomOptions()
	opt.SubSecond = true
	seen := map[string]int{}
	endings := map[shogi.EndingKind]int{}
	presets := map[shogi.Handicap]bool{}
	for seed := range uint64(400) {
		rec := RandomRecord(rand.New(rand.NewPCG(seed, 3)), opt)
		presets[rec.Preset] = true
		if rec.Preset == shogi.Other && (!rec.Start.Hand(shogi.Black).Empty() || !rec.Start.Hand(shogi.White).Empty()) {
			seen["custom start with pieces in hand"]++
		}
		if rec.Preset != shogi.Even && rec.Preset != shogi.Other && rec.Start.Turn() == shogi.White {
			seen["handicap, White first"]++
		}
		for _, f := range rec.Header {
			seen["header "+f.Key]++
		}
		if len(rec.Root.Comments()) > 0 {
			seen["root comment"]++
		}
		stack := []*shogi.Node{rec.Root}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			stack = append(stack, slices.Collect(n.Children())...)
			if n.IsEnd() {
				endings[n.End().Kind]++
				if n.Parent().Child(0) != n {
					seen["variation that is only an ending"]++
				}
			}
			if len(n.Comments()) > 1 {
				seen["multi-line comment"]++
			}
			if n.Time().HasTime {
				seen["times"]++
				if n.Time().Elapsed%time.Second != 0 {
					seen["sub-second time"]++
				}
			}
			if n.Bookmark() != "" {
				seen["bookmark"]++
			}
			if n.NumChildren() > 1 {
				seen["variation"]++
				if !n.IsMainLine() {
					seen["nested variation"]++
				}
				if n == rec.Root {
					seen["variation of the first move"]++
				}
			}
			if n.Move.IsDrop() {
				seen["drop"]++
			}
			if n.Move.IsPromotion() {
				seen["promotion"]++
			}
			if n.Parent() != nil && n.Ply() > 60 {
				seen["long line"]++
			}
		}
	}
	for _, f := range []string{
		"custom start with pieces in hand", "handicap, White first", "root comment", "multi-line comment",
		"times", "sub-second time", "bookmark", "variation", "nested variation", "variation of the first move",
		"variation that is only an ending", "drop", "promotion", "long line",
		"header " + shogi.KeyBlack, "header " + shogi.KeyWhite, "header " + shogi.KeyShitate, "header " + shogi.KeyUwate,
		"header " + shogi.KeyStartTime, "header " + shogi.KeyEndTime, "header " + shogi.KeyEvent, "header " + shogi.KeySite,
		"header " + shogi.KeyTimeLimit, "header " + shogi.KeyOpening, "header 独自項目",
	} {
		if seen[f] == 0 {
			t.Errorf("no record has: %s", f)
		}
	}
	for k := shogi.Resign; k <= shogi.Unknown; k++ {
		if endings[k] == 0 {
			t.Errorf("no record ends with %v", k)
		}
	}
	if len(presets) < 8 {
		t.Errorf("only %d start presets used", len(presets))
	}
	t.Logf("endings: %v", endings)
}

func BenchmarkRandomRecord(b *testing.B) {
	opt := FullRandomOptions()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		RandomRecord(rng, opt)
	}
}

// TestRandomRecordsPassCheck checks the generator's endings against
// Record.Check: the generator ends a line with 千日手, 詰み or 入玉勝ち only
// where FindRepetition, IsCheckmate and DeclareImpasse allow it, and Check
// must agree with every one of them.
func TestRandomRecordsPassCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		r := RandomRecord(rng, FullRandomOptions())
		for _, f := range r.Check() {
			t.Errorf("record %d: %s at ply %d: %s", i, f.Code, f.Ply, f.Message)
		}
	}
}
