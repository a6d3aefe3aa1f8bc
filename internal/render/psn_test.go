package render_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// textRecords builds records for the PSN, Western and Kitao–Kawasaki
// tests. A step is a USI move, or "#kind" for an ending (kind as
// EndingKind.String() names it; "#unknown:WORD" keeps WORD; "#black-illegal"
// and "#white-illegal" are IllegalAction of that side).
type textBuilder struct {
	t   testing.TB
	rec *shogi.Record
}

func newTextBuilder(t testing.TB, sfen string) *textBuilder {
	t.Helper()
	start := shogi.StartPosition()
	if sfen != "" {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		start = p
	}
	return &textBuilder{t: t, rec: shogi.NewRecord(start)}
}

// line adds steps after from and returns the nodes made.
func (b *textBuilder) line(from *shogi.Node, steps ...string) []*shogi.Node {
	b.t.Helper()
	pos, err := b.rec.PositionAt(from)
	if err != nil {
		b.t.Fatal(err)
	}
	var out []*shogi.Node
	n := from
	for _, s := range steps {
		if strings.HasPrefix(s, "#") {
			e := shogi.Ending{Side: pos.Turn()}
			switch name := s[1:]; {
			case strings.HasPrefix(name, "unknown:"):
				e.Kind, e.Word = shogi.Unknown, name[len("unknown:"):]
			case name == "black-illegal":
				e.Kind, e.Side = shogi.IllegalAction, shogi.Black
			case name == "white-illegal":
				e.Kind, e.Side = shogi.IllegalAction, shogi.White
			default:
				for k := shogi.Resign; k < shogi.Unknown; k++ {
					if k.String() == name && k != shogi.IllegalAction {
						e.Kind = k
					}
				}
				if e.Kind == shogi.NoEnding {
					b.t.Fatalf("no ending %q", name)
				}
			}
			n = b.rec.AddChild(n, 0, e)
			out = append(out, n)
			continue
		}
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			b.t.Fatal(err)
		}
		if err := pos.Legal(m); err != nil {
			b.t.Fatalf("%s: %v", s, err)
		}
		pos.Play(m)
		n = b.rec.AddChild(n, m, shogi.Ending{})
		out = append(out, n)
	}
	return out
}

func timed(rec *shogi.Record, n *shogi.Node, el, tot time.Duration) {
	rec.SetTime(n, shogi.MoveTime{Elapsed: el, Total: tot, HasTime: true, HasTotal: true})
}

// textTestRecords are the records every text format must carry: an even
// game with a rich header, comments in every form, nested variations and
// times; a two-piece handicap game; a middle-game start with drops,
// promotions and an unknown ending; every ending kind; empty records.
func textTestRecords(t testing.TB, withTimes bool) map[string]*shogi.Record {
	out := map[string]*shogi.Record{}

	b := newTextBuilder(t, "")
	r := b.rec
	r.Header.Add(shogi.KeyBlack, "Alice")
	r.Header.Add(shogi.KeyWhite, "Bob")
	r.Header.Add(shogi.KeyEvent, "Test Cup")
	r.Header.Add(shogi.KeyStartTime, "2024/01/02 10:00:00")
	r.Header.Add("Round", "3")
	r.Header.Add(shogi.KeyNote, `a "quoted" word and a \ backslash`)
	r.SetComments(r.Root, []string{"Before the first move", "  an indented second line"})
	main := b.line(r.Root, "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d", "2h2d", "#resign")
	r.SetComments(main[0], []string{"The usual start."})
	r.SetComments(main[4], []string{"Two", "lines"})
	r.SetComments(main[5], []string{" leading and trailing spaces "})
	r.SetComments(main[11], []string{"Black wins."})
	if withTimes {
		for i, n := range main {
			timed(r, n, time.Duration(i+1)*time.Second, time.Duration((i+2)*(i+1)/2)*time.Second)
		}
		timed(r, main[10], 65*time.Minute+3*time.Second, 2*time.Hour)
	}
	v1 := b.line(r.Root, "2g2f", "8c8d", "#interrupt")
	r.SetComments(v1[0], []string{"Variation of the first move."})
	v2 := b.line(main[0], "8c8d", "2g2f", "8d8e")
	b.line(v2[1], "3c3d") // nested: the alternative to 8d8e inside the variation
	b.line(v2[0], "6i7h", "#repetition_draw")
	b.line(main[1], "6g6f", "8c8d")
	b.line(main[10], "#interrupt")
	b.line(main[10], "3b2c")
	out["even"] = r

	b = newTextBuilder(t, "")
	b.rec = shogi.NewRecord(shogi.TwoPiece.Position())
	r = b.rec
	r.Header.Add(shogi.KeyShitate, "Carol")
	r.Header.Add(shogi.KeyUwate, "Dave")
	hc := b.line(r.Root, "6c6d", "7g7f", "5c5d", "2g2f", "#timeout")
	b.line(r.Root, "4c4d", "7g7f")
	r.SetComments(hc[2], []string{"Gote takes the centre"})
	out["handicap"] = r

	b = newTextBuilder(t, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 58")
	var steps []string
	pos := b.rec.Start
	for i := 0; i < 16; i++ {
		ms := pos.LegalMoves(nil)
		m := ms[(i*37)%len(ms)]
		steps = append(steps, m.String())
		pos.Play(m)
	}
	steps = append(steps, "#unknown:持将棋（27点法）")
	b.line(b.rec.Root, steps...)
	out["middlegame"] = b.rec

	for k := shogi.Resign; k <= shogi.Unknown; k++ {
		name := k.String()
		step := "#" + name
		switch k {
		case shogi.IllegalAction:
			step = "#black-illegal"
		case shogi.Unknown:
			step = "#unknown:Abandoned"
		}
		b := newTextBuilder(t, "")
		b.line(b.rec.Root, "7g7f", step)
		out["ending-"+name] = b.rec
	}
	b = newTextBuilder(t, "")
	b.line(b.rec.Root, "7g7f", "#white-illegal")
	out["ending-white-illegal"] = b.rec

	b = newTextBuilder(t, "")
	b.rec.Header.Add(shogi.KeyBlack, "Nobody")
	out["header-only"] = b.rec
	out["empty"] = newTextBuilder(t, "").rec
	out["custom-start-no-moves"] = newTextBuilder(t, "4k4/9/9/9/9/9/9/9/4K4 b RB2G 1").rec
	return out
}

// textDump prints a record exactly: start, preset, header, and the tree in
// depth-first order with moves, endings, comments and (when times is set)
// times.
func textDump(rec *shogi.Record, times bool) string {
	return textDumpHeader(rec, times, rec.Header)
}

// textDumpHeader is textDump with the header given apart.
func textDumpHeader(rec *shogi.Record, times bool, header shogi.Header) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "start %s %s\n", rec.Start.SFEN(), rec.Preset.KIF())
	for _, f := range header {
		fmt.Fprintf(&sb, "header %s=%q\n", f.Key, f.Value)
	}
	var walk func(n *shogi.Node, ind string)
	walk = func(n *shogi.Node, ind string) {
		switch {
		case n.Parent() == nil:
			sb.WriteString("root")
		case n.IsEnd() && n.End().Kind == shogi.Unknown:
			fmt.Fprintf(&sb, "%s%s/%s/%s", ind, n.End().Kind, n.End().Side, n.End().Word)
		case n.IsEnd():
			fmt.Fprintf(&sb, "%s%s/%s", ind, n.End().Kind, n.End().Side)
		default:
			fmt.Fprintf(&sb, "%s%s", ind, n.Move)
		}
		if times && (n.Time().HasTime || n.Time().HasTotal) {
			fmt.Fprintf(&sb, " (%v %v / %v %v)", n.Time().HasTime, n.Time().Elapsed, n.Time().HasTotal, n.Time().Total)
		}
		if len(n.Comments()) > 0 {
			fmt.Fprintf(&sb, " %q", n.Comments())
		}
		sb.WriteByte('\n')
		for i, c := range slices.Collect(n.Children()) {
			if i > 0 {
				walk(c, ind+"  ")
			} else {
				walk(c, ind)
			}
		}
	}
	walk(rec.Root, "")
	return sb.String()
}

// textRoundTrip writes rec in format, reads it back with reader in strict
// mode (a tolerated problem is an error), and returns the text, the
// records read and the losses.
func textRoundTrip(t *testing.T, format, reader string, recs []*shogi.Record, opt render.Options) (string, []*shogi.Record, []string) {
	return textRoundTripStrict(t, format, reader, recs, opt, true)
}

func textRoundTripStrict(t *testing.T, format, reader string, recs []*shogi.Record, opt render.Options, strict bool) (string, []*shogi.Record, []string) {
	t.Helper()
	var buf bytes.Buffer
	w, err := render.New(format, &buf, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	r, err := parse.New(reader, strings.NewReader(text), parse.Options{Filename: "rt", Strict: strict})
	if err != nil {
		t.Fatal(err)
	}
	var out []*shogi.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("read back: %v\n%s", err, text)
		}
		out = append(out, rec)
	}
	return text, out, w.Losses()
}

// TestTextFormatsRoundTrip writes every test record in each text format and
// reads it back into the same record: PSN carries everything but
// bookmarks; Western and Kitao–Kawasaki everything but times.
func TestTextFormatsRoundTrip(t *testing.T) {
	tests := []struct {
		format, reader string
		times          bool
	}{
		{"psn", "psn", true},
		{"western", "western", false},
		{"hosking", "western", false},
		{"kk", "kk", false},
	}
	for _, tt := range tests {
		recs := textTestRecords(t, tt.times)
		for name, rec := range recs {
			t.Run(tt.format+"/"+name, func(t *testing.T) {
				text, back, losses := textRoundTrip(t, tt.format, tt.reader, []*shogi.Record{rec}, render.Options{})
				if len(losses) > 0 {
					t.Errorf("losses %v", losses)
				}
				if len(back) != 1 {
					t.Fatalf("read %d records\n%s", len(back), text)
				}
				if got, want := textDump(back[0], tt.times), textDump(rec, tt.times); got != want {
					t.Errorf("round trip differs\n--- text\n%s--- got\n%s--- want\n%s", text, got, want)
				}
			})
		}
		t.Run(tt.format+"/all-in-one", func(t *testing.T) {
			var all []*shogi.Record
			for _, name := range []string{"even", "handicap", "empty", "middlegame", "header-only", "ending-resign", "custom-start-no-moves"} {
				all = append(all, recs[name])
			}
			text, back, _ := textRoundTrip(t, tt.format, tt.reader, all, render.Options{})
			if len(back) != len(all) {
				t.Fatalf("read %d records, want %d\n%s", len(back), len(all), text)
			}
			for i := range all {
				if got, want := textDump(back[i], tt.times), textDump(all[i], tt.times); got != want {
					t.Errorf("record %d differs\n--- got\n%s--- want\n%s", i, got, want)
				}
			}
		})
	}
}

func TestTextFormatsLosses(t *testing.T) {
	rec := textTestRecords(t, true)["even"]
	rec.SetBookmark(rec.MainLineEnd().Parent(), "here")
	rec.SetComments(rec.Root.Child(0), []string{"a } brace"})
	tests := []struct {
		format string
		want   []string
	}{
		{"psn", []string{"'}' in comments", "bookmarks"}},
		{"western", []string{"'}' in comments", "bookmarks", "times"}},
		{"kk", []string{"'}' in comments", "bookmarks", "times"}},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			w, _ := render.New(tt.format, io.Discard, render.Options{})
			if err := w.Write(rec); !errors.Is(err, render.ErrLossy) {
				t.Errorf("Write without AllowLoss: %v, want ErrLossy", err)
			}
			w, _ = render.New(tt.format, io.Discard, render.Options{AllowLoss: true})
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(w.Losses(), "|"); got != strings.Join(tt.want, "|") {
				t.Errorf("losses %q, want %q", got, tt.want)
			}
		})
	}
}

// handicapSample is a two-piece game with a time, a comment, nested
// variations and a resignation: the record the writer examples show.
func handicapSample(t testing.TB) *shogi.Record {
	b := newTextBuilder(t, "")
	b.rec = shogi.NewRecord(shogi.TwoPiece.Position())
	r := b.rec
	r.Header.Add(shogi.KeyShitate, "Carol")
	r.Header.Add(shogi.KeyUwate, "Dave")
	r.Header.Add(shogi.KeyHandicap, "二枚落ち")
	main := b.line(r.Root, "6c6d", "7g7f", "5c5d", "2g2f", "#resign")
	timed(r, main[0], 3*time.Second, 3*time.Second)
	r.SetComments(main[2], []string{"Gote takes the centre."})
	b.line(main[1], "7a6b")
	v := b.line(main[2], "5g5f", "5d5e")
	b.line(v[0], "4a3b")
	return r
}

func TestPSNWrite(t *testing.T) {
	const want = `[Sente "Carol"]
[Gote "Dave"]
[Handicap "rook+bishop"]
[SFEN "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"]

1... P6c-6d (00:03 / 00:00:03)
2. P7g-7f P5c-5d
   {Gote takes the centre.}
   (2... S7a-6b)
3. P2g-2f
   (3. P5g-5f P5d-5e
       (3... G4a-3b))
Resigns
1-0
`
	var buf bytes.Buffer
	w := render.NewPSN(&buf, render.Options{})
	if err := w.Write(handicapSample(t)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// textCarriedHeader is the header a text format gives back: 手合割 is left
// to the start position, and the players are 先手/後手, or 下手/上手 in
// handicap games, whichever keys the record used. Western and
// Kitao–Kawasaki `Key: value` lines do not keep spaces around a value
// (PSN's quoted tags do).
func textCarriedHeader(rec *shogi.Record, format string) shogi.Header {
	hc := rec.Preset != shogi.Even && rec.Preset != shogi.Other
	_, hasBlack := rec.Header.Get(shogi.KeyBlack)
	_, hasWhite := rec.Header.Get(shogi.KeyWhite)
	var out shogi.Header
	for _, f := range rec.Header {
		switch {
		case f.Key == shogi.KeyHandicap:
			continue
		case hc && f.Key == shogi.KeyBlack:
			f.Key = shogi.KeyShitate
		case hc && f.Key == shogi.KeyWhite:
			f.Key = shogi.KeyUwate
		case !hc && f.Key == shogi.KeyShitate && !hasBlack:
			f.Key = shogi.KeyBlack
		case !hc && f.Key == shogi.KeyUwate && !hasWhite:
			f.Key = shogi.KeyWhite
		}
		if format != "psn" {
			f.Value = strings.TrimSpace(f.Value)
		}
		out = append(out, f)
	}
	return out
}

var textFormats = []struct {
	format, reader string
	times          bool
}{
	{"psn", "psn", true},
	{"western", "western", false},
	{"hosking", "western", false},
	{"kk", "kk", false},
}

// TestTextFormatsRandomRecords round-trips records of shogitest.RandomRecord
// (variations, comments, times, handicaps, custom starts, every ending)
// through each text format.
func TestTextFormatsRandomRecords(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	opt := shogitest.FullRandomOptions()
	opt.Bookmarks = false
	for _, tt := range textFormats {
		t.Run(tt.format, func(t *testing.T) {
			for seed := 1; seed <= n; seed++ {
				rec := shogitest.RandomRecord(rand.New(rand.NewPCG(uint64(seed), 6)), opt)
				text, back, _ := textRoundTrip(t, tt.format, tt.reader, []*shogi.Record{rec}, render.Options{AllowLoss: true})
				if len(back) != 1 {
					t.Fatalf("seed %d: read %d records\n%s", seed, len(back), text)
				}
				if got, want := textDump(back[0], tt.times), textDumpHeader(rec, tt.times, textCarriedHeader(rec, tt.format)); got != want {
					t.Fatalf("seed %d: round trip differs\n--- text\n%s--- got\n%s--- want\n%s", seed, text, got, want)
				}
			}
		})
	}
}

// TestTextFormatsCorpus writes every record of the shared corpus that our
// readers read in each text format and reads it back into the same record
// (times only where the format carries them). It reads ../shared/corpus
// and skips when that is absent.
func TestTextFormatsCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/*/*")
	if len(files) == 0 {
		t.Skip("no ../shared/corpus")
	}
	checked := 0
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		text, _, err := charset.Decode(raw)
		if err != nil {
			continue
		}
		format := parse.Detect(text, path)
		if format == "" {
			continue
		}
		r, err := parse.New(format, bytes.NewReader(text), parse.Options{Filename: path})
		if err != nil {
			continue
		}
		var recs []*shogi.Record
		for len(recs) < 50 {
			rec, err := r.Read()
			if err != nil {
				break
			}
			recs = append(recs, rec)
		}
		for _, tt := range textFormats {
			for i, rec := range recs {
				// Not strict: some corpus records start from positions the
				// readers accept with a warning (九歩's dead pawn).
				out, back, _ := textRoundTripStrict(t, tt.format, tt.reader, []*shogi.Record{rec}, render.Options{AllowLoss: true}, false)
				if len(back) != 1 {
					t.Errorf("%s #%d as %s: read %d records back", filepath.Base(path), i, tt.format, len(back))
					continue
				}
				if got, want := textDump(back[0], tt.times), textDumpHeader(rec, tt.times, textCarriedHeader(rec, tt.format)); got != want {
					t.Errorf("%s #%d as %s differs: %s", filepath.Base(path), i, tt.format, shogitest.FirstDifference(got, want))
					_ = out
				}
				checked++
			}
		}
	}
	t.Logf("%d records checked", checked)
}

// BenchmarkWritePSN writes random records with variations, comments and
// times.
func BenchmarkWritePSN(b *testing.B) {
	var recs []*shogi.Record
	moves := 0
	for seed := 1; seed <= 50; seed++ {
		rec := shogitest.RandomRecord(rand.New(rand.NewPCG(uint64(seed), 6)), shogitest.FullRandomOptions())
		recs = append(recs, rec)
		for range rec.MainLine() {
			moves++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := render.NewPSN(io.Discard, render.Options{AllowLoss: true})
		for _, rec := range recs {
			if err := w.Write(rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
