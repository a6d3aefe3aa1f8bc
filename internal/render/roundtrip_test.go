package render_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

var roundTripRecords = flag.Int("roundtrip-records", 0,
	"random records per format for TestRoundTripProperty (0: 300, or 30 with -short; the issue's figure is 10000)")

// rtPair is a writer and the reader that reads its output back.
type rtPair struct {
	writer, reader string
	name           string         // the subtest, when not the writer's name
	opt            render.Options // besides AllowLoss, which the CLI always sets
	multi          bool           // several records go into one output
	position       bool           // the writer draws one position, not the game
	fouls          bool           // some records end in a documented foul (rtAddFoul)
}

func (p rtPair) String() string {
	if p.name != "" {
		return p.name
	}
	return p.writer
}

// rtPairs are the formats with a writer and a reader, as the CLI names
// them.
var rtPairs = []rtPair{
	{writer: "kif", reader: "kif", fouls: true},
	{writer: "kifu", reader: "kif", fouls: true},
	{writer: "ki2", reader: "ki2", fouls: true},
	{writer: "ki2u", reader: "ki2", fouls: true},
	{writer: "csa", reader: "csa", multi: true, fouls: true},
	{writer: "csa", reader: "csa", name: "csa-3.0", opt: render.Options{CSAVersion: "3.0"}, multi: true, fouls: true},
	{writer: "jkf", reader: "jkf", multi: true, fouls: true},
	{writer: "usi", reader: "usi", multi: true},
	{writer: "psn", reader: "psn", multi: true, fouls: true},
	{writer: "western", reader: "western", multi: true, fouls: true},
	{writer: "hosking", reader: "western", multi: true, fouls: true},
	{writer: "kk", reader: "kk", multi: true, fouls: true},
	{writer: "sfen", reader: "sfen", multi: true, position: true, fouls: true},
	{writer: "bod", reader: "bod", position: true, fouls: true},
}

// rtStats counts what the property test saw for one format.
type rtStats struct {
	records, lossy, encodeSkipped, failed int
	losses                                map[string]int
}

// TestRoundTripProperty writes random records (shogitest.RandomRecord with
// every feature on, half of them with sub-second times) in every format that has a reader too, reads the
// output back as the CLI would (transcoded to the format's usual encoding
// and line ends, detected, read), and checks that the record read is the
// record written up to exactly what the writer reported in Losses — the
// list the CLI prints as warnings.
func TestRoundTripProperty(t *testing.T) {
	n := *roundTripRecords
	if n == 0 {
		n = 300
		if testing.Short() {
			n = 30
		}
	}
	opt := shogitest.FullRandomOptions()
	for _, p := range rtPairs {
		wf, ok1 := render.Lookup(p.writer)
		rf, ok2 := parse.Lookup(p.reader)
		if !ok1 || wf.Name != p.writer || !ok2 || rf.Name != p.reader {
			t.Errorf("%s → %s: not registered", p.writer, p.reader)
			continue
		}
		t.Run(p.String(), func(t *testing.T) {
			st := rtStats{losses: map[string]int{}}
			batch := 1
			if p.multi {
				batch = 3
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(p.writer))))
			start := time.Now()
			fouls := 0
			for i := 0; i < n; i += batch {
				var recs []*shogi.Record
				for k := 0; k < batch && i+k < n; k++ {
					// Every other record has times with milliseconds.
					opt.SubSecond = (i+k)%2 == 1
					rec := shogitest.RandomRecord(rng, opt)
					if p.fouls && (i+k)%2 == 0 && rtAddFoul(rec, (i+k)/2) {
						fouls++
					}
					recs = append(recs, rec)
				}
				if msg := rtCheck(t, p, wf, recs, &st); msg != "" {
					st.failed += len(recs)
					if st.failed <= 3*batch {
						t.Error(msg)
					}
				}
			}
			var ls []string
			for k, v := range st.losses {
				ls = append(ls, fmt.Sprintf("%s ×%d", k, v))
			}
			sort.Strings(ls)
			t.Logf("%s: %d records read back equal in %v (%d with losses: %s; %d not encodable in %s, checked in UTF-8 only)",
				p, st.records, time.Since(start).Round(time.Millisecond), st.lossy, strings.Join(ls, ", "), st.encodeSkipped, wf.Encoding)
			if st.failed > 0 {
				t.Errorf("%s: %d of %d records did not survive the round trip", p, st.failed, n)
			}
			if p.fouls {
				t.Logf("%s: %d records end in a foul", p, fouls)
				if fouls == 0 && n >= 300 {
					t.Errorf("%s: no record ends in a foul", p)
				}
			}
		})
	}
}

// rtCheck writes recs with one writer, reads them back and compares. It
// describes the first failure, or returns "".
func rtCheck(t *testing.T, p rtPair, wf render.Format, recs []*shogi.Record, st *rtStats) string {
	t.Helper()
	var out bytes.Buffer
	opt := p.opt
	opt.AllowLoss = true
	w := wf.New(&out, opt)
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			return fmt.Sprintf("%s: Write: %v\nrecord:\n%s", p.writer, err, rtDump(r))
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Sprintf("%s: Flush: %v", p.writer, err)
	}
	losses := w.Losses()
	name := "game" + wf.Extension

	// As the CLI writes it: the format's encoding and line ends.
	var enc bytes.Buffer
	cw := charset.NewWriter(&enc, charset.Encoding(wf.Encoding), wf.CRLF, false)
	_, err := cw.Write(out.Bytes())
	if err == nil {
		err = cw.Close()
	}
	data := enc.Bytes()
	var ee *charset.EncodeError
	switch {
	case errors.As(err, &ee):
		// The CLI refuses such a character (unless --substitute); the
		// record must still survive in UTF-8.
		st.encodeSkipped += len(recs)
		data = out.Bytes()
	case err != nil:
		return fmt.Sprintf("%s: encoding the output: %v", p.writer, err)
	}
	text, _, err := charset.Decode(data)
	if err != nil {
		return fmt.Sprintf("%s: the output does not decode: %v", p.writer, err)
	}
	if got := parse.Detect(text, name); got != p.reader {
		return fmt.Sprintf("%s: Detect(output, %q) = %q, want %q\n%s", p.writer, name, got, p.reader, text)
	}
	r, _ := parse.New(p.reader, bytes.NewReader(text), parse.Options{Filename: name})
	for i, want := range recs {
		got, err := r.Read()
		if err != nil {
			return fmt.Sprintf("%s: reading back record %d of %d: %v\nwritten:\n%s", p.writer, i+1, len(recs), err, text)
		}
		for _, w := range r.Warnings() {
			// The position after a foul is no position of play: its
			// reader says so.
			if p.position && errors.Is(w, shogi.ErrBadPosition) && want.Outcome().Foul.Move != nil {
				continue
			}
			// An unknown ending word is reported each time it is read.
			if !errors.Is(w, parse.ErrUnknownEnd) || !rtHasUnknownEnding(want) {
				return fmt.Sprintf("%s: reading back record %d: warning %v\nwritten:\n%s", p.writer, i+1, w, text)
			}
		}
		if p.position {
			end := want.Outcome().Final
			if !got.Start.Equal(&end) || got.Root.Next() != nil {
				return fmt.Sprintf("%s: read back %s with %d children, want the position %s\nwritten:\n%s",
					p.writer, got.Start.SFEN(), got.Root.NumChildren(), end.SFEN(), text)
			}
			continue
		}
		if diff := rtCompare(want, got, losses); diff != "" {
			return fmt.Sprintf("%s: record %d differs after a round trip (losses %q): %s\nrecord:\n%s\nwritten:\n%s",
				p.writer, i+1, losses, diff, rtDump(want), text)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		return fmt.Sprintf("%s: after %d records, Read gives %v, want io.EOF\n%s", p.writer, len(recs), err, text)
	}
	st.records += len(recs)
	if len(losses) > 0 {
		st.lossy += len(recs)
		for _, l := range losses {
			st.losses[l]++
		}
	}
	return ""
}

func rtHasUnknownEnding(r *shogi.Record) bool {
	stack := []*shogi.Node{r.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.IsEnd() && n.End().Kind == shogi.Unknown {
			return true
		}
		stack = append(stack, slices.Collect(n.Children())...)
	}
	return false
}

// rtIgnore is what a list of losses lets the comparison skip.
type rtIgnore struct {
	variations, comments, times, totals, bookmarks, header bool
	someVariations                                         bool // some of them stay
	subSecond, subMilli                                    bool
	braceComments, headerBreaks, headerOddKeys             bool
	endings                                                map[string]bool // by kind name or unknown word
	headerKeys                                             map[string]bool
	unknown                                                []string
}

// rtLosses maps the writers' loss names to what may differ. A name it does
// not know fails the test, so the mapping stays exact.
func rtLosses(losses []string) rtIgnore {
	ig := rtIgnore{endings: map[string]bool{}, headerKeys: map[string]bool{}}
	for _, l := range losses {
		switch {
		case l == "variations":
			ig.variations = true
		case strings.HasPrefix(l, "variations nested deeper than "):
			// The shallower ones stay: only main lines are compared.
			ig.variations, ig.someVariations = true, true
		case l == "comments":
			ig.comments = true
		case l == "times":
			ig.times = true
		case l == "running totals without the time of the move":
			ig.totals = true
		case l == "bookmarks":
			ig.bookmarks = true
		case l == "header":
			ig.header = true
		case l == "sub-second times":
			ig.subSecond = true
		case l == "sub-millisecond times":
			ig.subMilli = true
		case l == "'}' in comments":
			ig.braceComments = true
		case l == "line breaks in header values":
			ig.headerBreaks = true
		case l == "header keys with blanks or colons":
			ig.headerOddKeys = true
		case l == "the start position's move number":
			// Position.Equal does not compare move numbers.
		case strings.HasPrefix(l, "ending "):
			// "ending sealed", "ending 対局停止" (an unknown word), "ending
			// sealed (written as CHUDAN)": what follows is not compared.
			name, _, _ := strings.Cut(strings.TrimPrefix(l, "ending "), " (")
			ig.endings[name] = true
		case strings.HasPrefix(l, "header field "):
			ig.headerKeys[strings.Trim(strings.TrimPrefix(l, "header field "), `"`)] = true
		case strings.HasPrefix(l, "repeated header key "):
			ig.headerKeys[strings.TrimPrefix(l, "repeated header key ")] = true
		default:
			ig.unknown = append(ig.unknown, l)
		}
	}
	return ig
}

// lostEnding reports whether the losses cover ending e.
func (ig *rtIgnore) lostEnding(e shogi.Ending, side shogi.Color) bool {
	return ig.endings[e.Kind.String()] || ig.endings[e.Normalize(side).Kind.String()] ||
		e.Kind == shogi.Unknown && ig.endings[e.Word]
}

// rtSameEnding compares endings as every format reads them: CSA's
// ILLEGAL_ACTION is a foul win or loss seen from the side to move, and
// %ILLEGAL_MOVE is the same outcome as 反則負け (both "foul_lose").
func rtSameEnding(x, y shogi.Ending, side shogi.Color) bool {
	ex, ey := x.Normalize(side), y.Normalize(side)
	if ex.Kind == shogi.IllegalMove {
		ex.Kind = shogi.FoulLose
	}
	if ey.Kind == shogi.IllegalMove {
		ey.Kind = shogi.FoulLose
	}
	return ex.Kind == ey.Kind && (ex.Kind != shogi.Unknown || ex.Word == ey.Word)
}

// rtCompare compares the record written with the record read back and
// describes the first difference that the losses do not allow, or "".
func rtCompare(a, b *shogi.Record, losses []string) string {
	ig := rtLosses(losses)
	if len(ig.unknown) > 0 {
		return fmt.Sprintf("the test does not know the losses %q", ig.unknown)
	}
	if !a.Start.Equal(&b.Start) {
		return fmt.Sprintf("start %s, read back %s", a.Start.SFEN(), b.Start.SFEN())
	}
	if a.Preset != b.Preset {
		return fmt.Sprintf("preset %v, read back %v", a.Preset, b.Preset)
	}
	if d := rtHeader(a.Header, b.Header, ig); d != "" {
		return d
	}
	type pair struct {
		x, y *shogi.Node
		ply  int
	}
	toMove := func(ply int) shogi.Color { return a.Start.Turn() ^ shogi.Color(ply&1) }
	stack := []pair{{a.Root, b.Root, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// Only for a failure: Path walks to the root, which on every node
		// of a deep tree would make the comparison quadratic.
		where := func() string { return fmt.Sprintf("at ply %d (path %v)", p.ply, p.x.Path()) }
		if !ig.comments && !(ig.braceComments && slices.ContainsFunc(p.x.Comments(), func(c string) bool { return strings.Contains(c, "}") })) {
			if ca, cb := rtComment(p.x.Comments()), rtComment(p.y.Comments()); ca != cb {
				return fmt.Sprintf("%s: comment %q, read back %q", where(), ca, cb)
			}
		}
		if !ig.bookmarks && p.x.Bookmark() != p.y.Bookmark() {
			return fmt.Sprintf("%s: bookmark %q, read back %q", where(), p.x.Bookmark(), p.y.Bookmark())
		}
		if p.ply > 0 && !ig.times {
			if d := rtTime(p.x.Time(), p.y.Time(), ig); d != "" {
				return where() + ": " + d
			}
		}
		xs, ys := slices.Collect(p.x.Children()), slices.Collect(p.y.Children())
		if ig.variations && len(xs) > 1 {
			xs = xs[:1]
		}
		if ig.someVariations && len(ys) > 1 {
			ys = ys[:1]
		}
		side := toMove(p.ply)
		xs, ys = rtDropLostEndings(xs, ys, &ig, side)
		if len(xs) != len(ys) {
			return fmt.Sprintf("%s: %d continuations, read back %d", where(), len(xs), len(ys))
		}
		for i := range xs {
			x, y := xs[i], ys[i]
			if x.IsEnd() != y.IsEnd() || x.Move != y.Move {
				return fmt.Sprintf("%s: continuation %d is %s, read back %s", where(), i, rtStep(x, side), rtStep(y, side))
			}
			if x.IsEnd() && !rtSameEnding(x.End(), y.End(), side) && !ig.lostEnding(x.End(), side) {
				return fmt.Sprintf("%s: ending %s, read back %s", where(), rtStep(x, side), rtStep(y, side))
			}
			stack = append(stack, pair{x, y, p.ply + 1})
		}
	}
	return ""
}

// rtDropLostEndings removes the endings the losses cover from xs, and from
// ys the endings that stand in for them: a lost ending leaves nothing, or
// another ending (maybe one like a sibling's), in its place.
func rtDropLostEndings(xs, ys []*shogi.Node, ig *rtIgnore, side shogi.Color) ([]*shogi.Node, []*shogi.Node) {
	var kept []*shogi.Node
	for _, x := range xs {
		if !x.IsEnd() || !ig.lostEnding(x.End(), side) {
			kept = append(kept, x)
		}
	}
	if len(kept) == len(xs) {
		return xs, ys
	}
	// Each ending of ys answers the first kept ending like it; those that
	// answer none stand in for lost ones.
	used := make([]bool, len(kept))
	var rest []*shogi.Node
	extra := len(ys) - len(kept)
	for _, y := range ys {
		if y.IsEnd() {
			k := slices.IndexFunc(kept, func(x *shogi.Node) bool { return x.IsEnd() && rtSameEnding(x.End(), y.End(), side) })
			for k >= 0 && used[k] {
				next := slices.IndexFunc(kept[k+1:], func(x *shogi.Node) bool { return x.IsEnd() && rtSameEnding(x.End(), y.End(), side) })
				if next < 0 {
					k = -1
					break
				}
				k += 1 + next
			}
			if k >= 0 {
				used[k] = true
			} else if extra > 0 {
				extra--
				continue
			}
		}
		rest = append(rest, y)
	}
	return kept, rest
}

func rtStep(n *shogi.Node, side shogi.Color) string {
	if n.IsEnd() {
		e := n.End().Normalize(side)
		return fmt.Sprintf("ending %v/%v %q", e.Kind, e.Side, e.Word)
	}
	return n.Move.String()
}

// rtHeader compares headers as multisets of fields, in the canonical key
// names the readers map every format's names to.
func rtHeader(a, b shogi.Header, ig rtIgnore) string {
	if ig.header {
		return ""
	}
	keep := func(f shogi.HeaderField) bool {
		switch {
		case ig.headerKeys[f.Key]:
		case ig.headerBreaks && strings.ContainsAny(f.Value, "\r\n"):
		case ig.headerOddKeys && strings.ContainsAny(f.Key, " \t:"):
		default:
			return true
		}
		return false
	}
	var fa, fb []string
	for _, f := range a {
		if keep(f) {
			fa = append(fa, rtKey(f.Key)+"="+strings.TrimSpace(f.Value))
		}
	}
	for _, f := range b {
		if keep(f) {
			fb = append(fb, rtKey(f.Key)+"="+strings.TrimSpace(f.Value))
		}
	}
	sort.Strings(fa)
	sort.Strings(fb)
	if !slices.Equal(fa, fb) {
		return fmt.Sprintf("header %q, read back %q", fa, fb)
	}
	return ""
}

// rtKey names the players' fields as formats with one pair of them (CSA
// N+ and N-, PSN Sente and Gote) read them back: KIF's 下手 and 上手 of a
// handicap game are its 先手 and 後手.
func rtKey(k string) string {
	switch k {
	case shogi.KeyShitate:
		return shogi.KeyBlack
	case shogi.KeyUwate:
		return shogi.KeyWhite
	}
	return k
}

// rtComment is a comment as formats can keep it: lines without trailing
// blanks, without trailing empty lines.
func rtComment(lines []string) string {
	var out []string
	for _, l := range lines {
		out = append(out, strings.TrimRight(l, " \t\u3000\r"))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// rtTime compares the time of a move: the time spent as stated (an unstated
// time reads as none), and the running totals where both state one.
func rtTime(x, y shogi.MoveTime, ig rtIgnore) string {
	cut := func(d time.Duration) time.Duration {
		switch {
		case ig.subSecond:
			return d.Truncate(time.Second)
		case ig.subMilli:
			return d.Truncate(time.Millisecond)
		}
		return d
	}
	ex, ey := x.Elapsed, y.Elapsed
	if !x.HasTime {
		ex = 0
	}
	if !y.HasTime {
		ey = 0
	}
	if cut(ex) != ey {
		return fmt.Sprintf("time %v, read back %v", x.Elapsed, y.Elapsed)
	}
	if !ig.totals && x.HasTotal && y.HasTotal && cut(x.Total) != y.Total {
		return fmt.Sprintf("total %v, read back %v", x.Total, y.Total)
	}
	return ""
}

// rtDump prints a record compactly for a failure message.
func rtDump(r *shogi.Record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "start %s preset %v header %q\n", r.Start.SFEN(), r.Preset, r.Header)
	type item struct {
		n     *shogi.Node
		depth int
	}
	stack := []item{{r.Root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.n != r.Root {
			step := it.n.Move.String()
			if it.n.IsEnd() {
				step = fmt.Sprintf("%v/%v%q", it.n.End().Kind, it.n.End().Side, it.n.End().Word)
			}
			fmt.Fprintf(&b, "%s%d %s", strings.Repeat(" ", it.depth), it.n.Ply(), step)
			if it.n.Time().HasTime || it.n.Time().HasTotal {
				fmt.Fprintf(&b, " (%v/%v)", it.n.Time().Elapsed, it.n.Time().Total)
			}
			if len(it.n.Comments()) > 0 {
				fmt.Fprintf(&b, " %q", it.n.Comments())
			}
			if it.n.Bookmark() != "" {
				fmt.Fprintf(&b, " &%s", it.n.Bookmark())
			}
			b.WriteByte('\n')
		} else if len(r.Root.Comments()) > 0 {
			fmt.Fprintf(&b, "root comments %q\n", r.Root.Comments())
		}
		for i := it.n.NumChildren() - 1; i >= 0; i-- {
			d := it.depth
			if i > 0 {
				d++
			}
			stack = append(stack, item{it.n.Child(i), d})
		}
	}
	return b.String()
}

// rtAddFoul ends rec's main line, when it ends in a move, in a documented
// foul (shogi/foul.go): the king of the side to move steps onto a square
// the opponent attacks; then, by form, the foul ending at once (反則勝ち or
// ±ILLEGAL_ACTION naming the mover) or, when the opponent can take the
// king, that capture and the ending (反則負け, %ILLEGAL_MOVE or
// ±ILLEGAL_ACTION). Every format whose readers keep a documented foul
// states these moves (KI2 and Western text name the king and the square,
// and the capture of the king as any capture), so the round trip keeps
// them.
func rtAddFoul(rec *shogi.Record, form int) bool {
	end := rec.MainLineEnd()
	if end.IsEnd() || end == rec.Root {
		return false
	}
	pos, err := rec.PositionAt(end)
	if err != nil {
		return false
	}
	mover := pos.Turn()
	k := pos.King(mover)
	if !k.Valid() {
		return false
	}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := k.File()+df, k.Rank()+dr
			if f < 1 || f > 9 || r < 1 || r > 9 || df == 0 && dr == 0 {
				continue
			}
			m := shogi.NewMove(k, shogi.NewSquare(f, r), false)
			if pos.Legal(m) != shogi.ErrSelfCheck {
				continue
			}
			n := rec.AddChild(end, m, shogi.Ending{})
			after := pos
			after.PlayRecorded(m)
			if take, ok := shogitest.KingCapture(&after); ok && form%2 == 1 {
				n = rec.AddChild(n, take, shogi.Ending{})
				e := [...]shogi.Ending{{Kind: shogi.FoulLose, Side: mover}, {Kind: shogi.IllegalMove, Side: mover},
					{Kind: shogi.IllegalAction, Side: mover}}[form/2%3]
				rec.AddChild(n, 0, e)
				return true
			}
			e := [...]shogi.Ending{{Kind: shogi.FoulWin, Side: mover.Opponent()}, {Kind: shogi.IllegalAction, Side: mover}}[form/2%2]
			rec.AddChild(n, 0, e)
			return true
		}
	}
	return false
}

// rtDeepRecord returns a record whose variations nest depth deep: at every
// ply the main move is followed by one alternative, and the game goes on
// in the alternative, so each variation holds the next one.
func rtDeepRecord(depth int) *shogi.Record {
	start, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		panic(err)
	}
	rec := shogi.NewRecord(start)
	pos := start
	cur := rec.Root
	var buf [shogi.MaxLegalMoves]shogi.Move
	for range depth {
		moves := pos.LegalMoves(buf[:0])
		rec.AddChild(cur, moves[0], shogi.Ending{})
		cur = rec.AddChild(cur, moves[len(moves)-1], shogi.Ending{})
		pos.Play(moves[len(moves)-1])
	}
	return rec
}

// deepEnv names the writer a child process of TestDeepVariations runs.
const deepEnv = "KIFCONV_DEEP_WRITER"

// deepLimit is the time one format may take for the deep records, the
// child process's start included.
const deepLimit = 120 * time.Second // a hang guard, not a speed target: figures are logged

// deepStack is the most stack the child may use: a writer or reader that
// recursed once per level would need some 20 times as much for the deeper
// record.
const deepStack = 8 << 20

// TestDeepVariations writes records with 5,000 and 20,000 nested
// variations in every format and reads them back, in a child process
// (this test binary again) killed at deepLimit whose stack is limited to
// deepStack: no writer or reader may recurse once per level, and what can
// carry variations keeps them. Four times the depth must cost less than
// eight times the bytes allocated (linear costs four, quadratic sixteen).
// Each format's time and peak memory are logged.
func TestDeepVariations(t *testing.T) {
	const small, large = 5_000, 20_000
	if name := os.Getenv(deepEnv); name != "" {
		debug.SetMaxStack(deepStack)
		for _, p := range rtPairs {
			if p.String() != name {
				continue
			}
			wf, _ := render.Lookup(p.writer)
			var allocated [2]uint64
			for i, depth := range []int{small, large} {
				rec := rtDeepRecord(depth)
				st := rtStats{losses: map[string]int{}}
				start := time.Now()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				msg := rtCheck(t, p, wf, []*shogi.Record{rec}, &st)
				runtime.ReadMemStats(&after)
				if msg != "" {
					if len(msg) > 2000 {
						msg = msg[:2000] + " …"
					}
					t.Fatalf("%d levels: %s", depth, msg)
				}
				allocated[i] = after.TotalAlloc - before.TotalAlloc
				t.Logf("deep: %d levels written and read back in %v, %d MB allocated", depth, time.Since(start).Round(time.Millisecond), allocated[i]>>20)
			}
			if allocated[1] > 8*allocated[0] {
				t.Fatalf("%d levels allocate %d bytes, %d levels %d: more than linear", large, allocated[1], small, allocated[0])
			}
			return
		}
		t.Fatalf("no writer %q", name)
	}
	if testing.Short() {
		t.Skip("20,000 nested variations")
	}
	for _, p := range rtPairs {
		t.Run(p.String(), func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), deepLimit)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestDeepVariations$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), deepEnv+"="+p.String())
			start := time.Now()
			out, err := cmd.CombinedOutput()
			rss := int64(0)
			if b, ok := procstat.PeakRSS(cmd.ProcessState); ok {
				rss = b >> 20
			}
			t.Logf("%s: %v wall, %d MB peak RSS", p, time.Since(start).Round(time.Millisecond), rss)
			if ctx.Err() != nil {
				t.Fatalf("%s: no round trip of %d nested variations within %v: killed", p, large, deepLimit)
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}
