package render_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/render")

// kakRecord builds a test record: moves are USI text, checked for legality
// as they are added.
type kakRecord struct {
	t   *testing.T
	rec *shogi.Record
}

func newKakRecord(t *testing.T, sfen string, header ...string) *kakRecord {
	t.Helper()
	start := shogi.StartPosition()
	if sfen != "" {
		var err error
		if start, err = shogi.ParseSFEN(sfen); err != nil {
			t.Fatal(err)
		}
	}
	rec := shogi.NewRecord(start)
	for i := 0; i+1 < len(header); i += 2 {
		rec.Header.Add(header[i], header[i+1])
	}
	return &kakRecord{t, rec}
}

// line adds the moves of usi (space-separated) as a line below parent and
// returns its nodes; the first becomes an alternative when parent already
// has a child.
func (k *kakRecord) line(parent *shogi.Node, usi string) []*shogi.Node {
	k.t.Helper()
	pos, err := k.rec.PositionAt(parent)
	if err != nil {
		k.t.Fatal(err)
	}
	var out []*shogi.Node
	for _, s := range strings.Fields(usi) {
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			k.t.Fatal(err)
		}
		if err := pos.Legal(m); err != nil {
			k.t.Fatalf("%s: %v", s, err)
		}
		pos.Play(m)
		parent = k.rec.AddChild(parent, m, shogi.Ending{})
		out = append(out, parent)
	}
	return out
}

// end adds an ending below parent.
func (k *kakRecord) end(parent *shogi.Node, kind shogi.EndingKind, word string) *shogi.Node {
	pos, err := k.rec.PositionAt(parent)
	if err != nil {
		k.t.Fatal(err)
	}
	return k.rec.AddChild(parent, 0, shogi.Ending{Kind: kind, Side: pos.Turn(), Word: word})
}

func secs(rec *shogi.Record, n *shogi.Node, elapsed, total int) {
	t := shogi.MoveTime{Elapsed: time.Duration(elapsed) * time.Second, HasTime: true}
	if total >= 0 {
		t.Total, t.HasTotal = time.Duration(total)*time.Second, true
	}
	rec.SetTime(n, t)
}

// kakRecords are the records of the golden tests, by name.
func kakRecords(t *testing.T) map[string]*shogi.Record {
	out := map[string]*shogi.Record{}

	// An even game with everything KIF carries: header (a custom key too),
	// comments on the start and on moves, a bookmark, times (some totals
	// left to be summed), promotion, 不成, a drop, 同, and variations nested
	// two deep, one of them only an ending.
	g := newKakRecord(t, "", "開始日時", "2024/06/01 10:00:00", "棋戦", "練習対局", "先手", "Alice", "後手", "Bob", "対局ID", "42")
	g.rec.SetComments(g.rec.Root, []string{"対局開始", "**評価値 0"})
	main := g.line(g.rec.Root, "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d 2b3c 3d2c+ 8d8e")
	for i, n := range main {
		secs(g.rec, n, i+1, -1)
	}
	secs(g.rec, main[0], 1, 1)
	g.rec.SetComments(main[2], []string{"角交換", "２行目"})
	g.rec.SetBookmark(main[3], "基本図")
	resign := g.end(main[9], shogi.Resign, "")
	secs(g.rec, resign, 5, -1)
	v2 := g.line(g.rec.Root.Child(0), "8c8d 2g2f 8d8e")
	g.rec.SetComments(v2[0], []string{"変化のコメント"})
	g.line(v2[1], "4a3b 2f2e")
	g.end(v2[2], shogi.Interrupt, "")
	g.line(main[1], "8h2b")
	g.end(main[8], shogi.Interrupt, "")
	out["game"] = g.rec

	// A handicap game (上手 moves first) with the players as 下手/上手 and
	// no times, ending in a foul.
	h := newKakRecord(t, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "上手", "名人", "下手", "弟子")
	hm := h.line(h.rec.Root, "3c3d 7g7f 4c4d 2g2f")
	h.end(hm[3], shogi.FoulWin, "")
	out["handicap"] = h.rec

	// A problem from a position of its own: a kept unknown 手合割, hands of
	// more than ten, and the start's comment.
	p := newKakRecord(t, "7nl/6sk1/6ppp/7N1/9/9/9/9/9 b GS2r2b3g2s2n3l15p 1", "作者", "作者名", "手合割", "詰将棋")
	p.rec.SetComments(p.rec.Root, []string{"3手詰"})
	pm := p.line(p.rec.Root, "G*1b 2b3a 2d3b+")
	p.end(pm[2], shogi.NoMate, "")
	out["tsume"] = p.rec

	// Every ending KIF and KI2 name, each as an alternative at ply 3.
	e := newKakRecord(t, "", "先手", "A", "後手", "B")
	em := e.line(e.rec.Root, "7g7f 3c3d")
	e.end(em[1], shogi.Interrupt, "")
	for _, k := range []shogi.EndingKind{shogi.Resign, shogi.Sennichite, shogi.Impasse, shogi.Timeout, shogi.EnteringKing,
		shogi.FoulWin, shogi.FoulLose, shogi.Mate, shogi.NoMate, shogi.Sealed, shogi.Try, shogi.WinByDefault, shogi.LoseByDefault} {
		e.end(em[1], k, "")
	}
	e.end(em[1], shogi.Unknown, "不明")
	out["endings"] = e.rec

	// Moves that need the JSA words (right/left/straight, up/sideways/down)
	// and a drop that needs 打.
	j := newKakRecord(t, "4k4/9/9/9/9/9/3GGG3/9/4K4 w G 1")
	j.line(j.rec.Root, "5a4a 5g5f 4a5a 6g6f 5a4a 4g4f 4a5a G*5e")
	j.line(j.rec.Root.Child(0), "4g5f")
	out["jsa"] = j.rec
	return out
}

// golden compares got with testdata/render/<dir>/<name>, or rewrites it.
func golden(t *testing.T, dir, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "render", dir, name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func writeWith(t *testing.T, w render.Writer, out *bytes.Buffer, rec *shogi.Record) []byte {
	t.Helper()
	out.Reset()
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return append([]byte(nil), out.Bytes()...)
}

func TestWriteKIFGolden(t *testing.T) {
	for name, rec := range kakRecords(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			w := render.NewKIF(&out, render.Options{AllowLoss: true})
			golden(t, "kif", name+".kif", writeWith(t, w, &out, rec))
			m := render.NewKIF(&out, render.Options{AllowLoss: true, Mainline: true})
			golden(t, "kif", name+"-mainline.kif", writeWith(t, m, &out, rec))
		})
	}
}

func TestWriteKI2Golden(t *testing.T) {
	for name, rec := range kakRecords(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			w := render.NewKI2(&out, render.Options{AllowLoss: true})
			golden(t, "ki2", name+".ki2", writeWith(t, w, &out, rec))
		})
	}
}

func TestWriteBODGolden(t *testing.T) {
	recs := kakRecords(t)
	tests := []struct {
		name, rec string
		opt       render.Options
	}{
		{"game-end", "game", render.Options{}},
		{"game-ply3", "game", render.Options{Ply: 3, PlySet: true}},
		{"game-start", "game", render.Options{Ply: 0, PlySet: true}},
		{"handicap-end", "handicap", render.Options{}},
		{"tsume-start", "tsume", render.Options{Ply: 0, PlySet: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := render.NewBOD(&out, tt.opt)
			golden(t, "bod", tt.name+".bod", writeWith(t, w, &out, recs[tt.rec]))
		})
	}
	var out bytes.Buffer
	if err := render.NewBOD(&out, render.Options{Ply: 99, PlySet: true}).Write(recs["game"]); err == nil {
		t.Error("ply beyond the main line: no error")
	}
}

// What KIF and KI2 cannot carry is an error unless losses are allowed, and
// then it is listed.
func TestKakinokiLosses(t *testing.T) {
	rec := newKakRecord(t, "")
	ms := rec.line(rec.rec.Root, "7g7f 3c3d")
	secs(rec.rec, ms[0], 1, -1)
	rec.rec.SetTime(ms[1], shogi.MoveTime{Elapsed: 1500 * time.Millisecond, HasTime: true})
	rec.end(ms[1], shogi.Draw, "")
	tests := []struct {
		name  string
		newW  func(w *bytes.Buffer, o render.Options) render.Writer
		wants []string
	}{
		{"kif", func(w *bytes.Buffer, o render.Options) render.Writer { return render.NewKIF(w, o) }, []string{"ending draw", "sub-second times"}},
		{"ki2", func(w *bytes.Buffer, o render.Options) render.Writer { return render.NewKI2(w, o) }, []string{"ending draw", "times"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := tt.newW(&out, render.Options{}).Write(rec.rec)
			if !errors.Is(err, render.ErrLossy) {
				t.Errorf("without AllowLoss: %v, want ErrLossy", err)
			}
			w := tt.newW(&out, render.Options{AllowLoss: true})
			if err := w.Write(rec.rec); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(w.Losses(), ","); got != strings.Join(tt.wants, ",") {
				t.Errorf("Losses = %s, want %s", got, strings.Join(tt.wants, ","))
			}
		})
	}
}

// An ending KIF cannot write is left out with no empty 変化 block and no
// `+` pointing at it, and a 最大手数 that would repeat a sibling's 持将棋 is
// not written twice.
func TestKakinokiLostEndings(t *testing.T) {
	rec := newKakRecord(t, "")
	ms := rec.line(rec.rec.Root, "7g7f 3c3d")
	rec.end(ms[1], shogi.Impasse, "")
	rec.end(ms[1], shogi.MaxMoves, "")
	rec.end(ms[1], shogi.Error, "")
	rec.line(ms[0], "8c8d")
	rec.end(ms[0].Child(1), shogi.Matta, "")
	tests := []struct {
		name string
		w    func(*bytes.Buffer) render.Writer
		want string
	}{
		{"kif", func(b *bytes.Buffer) render.Writer { return render.NewKIF(b, render.Options{AllowLoss: true}) },
			"#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)   +\n   3 持将棋\nまで2手で持将棋\n\n変化：2手\n   2 ８四歩(83)\n"},
		{"ki2", func(b *bytes.Buffer) render.Writer { return render.NewKI2(b, render.Options{AllowLoss: true}) },
			"手合割：平手\n\n▲７六歩    △３四歩\nまで2手で持将棋\n\n変化：2手\n△８四歩\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := tt.w(&out)
			if got := string(writeWith(t, w, &out, rec.rec)); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if got := strings.Join(w.Losses(), ","); got != "ending error,ending matta,ending max_moves" {
				t.Errorf("Losses = %s", got)
			}
		})
	}
}

// benchmarkWrite repeats a record's writes b.N times into a reused buffer,
// so that the benchmark measures formatting.
func benchmarkWrite(b *testing.B, newW func(w *bytes.Buffer) render.Writer) {
	rec := benchRecord(b)
	moves := 0
	for range rec.MainLine() {
		moves++
	}
	var out bytes.Buffer
	w := newW(&out)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out.Reset()
		if err := w.Write(rec); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(out.Len()))
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// benchRecord is a long random game with times and comments.
func benchRecord(b *testing.B) *shogi.Record {
	p := shogi.StartPosition()
	rec := shogi.NewRecord(p)
	n := rec.Root
	seed := uint32(1)
	for ply := 0; ply < 200; ply++ {
		ms := p.LegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		seed = seed*1664525 + 1013904223
		m := ms[int(seed>>8)%len(ms)]
		p.Play(m)
		n = rec.AddChild(n, m, shogi.Ending{})
		secs(rec, n, ply%60, -1)
		if ply%25 == 0 {
			rec.SetComments(n, []string{"コメント"})
		}
	}
	rec.AddChild(n, 0, shogi.Ending{Kind: shogi.Resign, Side: p.Turn()})
	return rec
}

func BenchmarkWriteKIF(b *testing.B) {
	benchmarkWrite(b, func(w *bytes.Buffer) render.Writer { return render.NewKIF(w, render.Options{}) })
}

func BenchmarkWriteKI2(b *testing.B) {
	benchmarkWrite(b, func(w *bytes.Buffer) render.Writer { return render.NewKI2(w, render.Options{AllowLoss: true}) })
}

// TestKIFTimeSaturates: running totals that would overflow time.Duration
// when summed stay at the largest time, never a negative number.
func TestKIFTimeSaturates(t *testing.T) {
	k := newKakRecord(t, "")
	ms := k.line(k.rec.Root, "7g7f 3c3d 2g2f")
	huge := time.Duration(math.MaxInt64 / 3 * 2)
	for _, n := range ms {
		k.rec.SetTime(n, shogi.MoveTime{Elapsed: huge, HasTime: true})
	}
	var out bytes.Buffer
	got := string(writeWith(t, render.NewKIF(&out, render.Options{AllowLoss: true}), &out, k.rec))
	max := int64(math.MaxInt64 / int64(time.Second))
	want := fmt.Sprintf("/%d:%02d:%02d)", max/3600, max/60%60, max%60)
	if strings.Count(got, want) != 1 || strings.Contains(got, "/-") {
		t.Errorf("the third move's total is not %s:\n%s", want, got)
	}
}
