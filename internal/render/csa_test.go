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
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"golang.org/x/text/encoding/japanese"
)

// recordText prints a whole record tree (header, start, every node with its
// time and comments), so that tests can compare records.
func recordText(rec *shogi.Record) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "start %s\n", rec.Start.SFEN())
	for _, f := range rec.Header {
		fmt.Fprintf(&sb, "%s=%q\n", f.Key, f.Value)
	}
	var walk func(n *shogi.Node, depth int)
	walk = func(n *shogi.Node, depth int) {
		ind := strings.Repeat(" ", depth)
		fmt.Fprintf(&sb, "%s%v %v/%v/%s %v/%v %q\n", ind, n.Move, n.End().Kind, n.End().Side, n.End().Word, n.Time().Elapsed, n.Time().HasTime, n.Comments())
		for i, c := range slices.Collect(n.Children()) {
			d := depth
			if i > 0 {
				d++
			}
			walk(c, d)
		}
	}
	walk(rec.Root, 0)
	return sb.String()
}

// sortedText is recordText with the header sorted by key.
func sortedText(rec *shogi.Record) string {
	c := *rec
	c.Header = append(shogi.Header(nil), rec.Header...)
	sort.SliceStable(c.Header, func(i, j int) bool { return c.Header[i].Key < c.Header[j].Key })
	return recordText(&c)
}

func readAll(t testing.TB, text string) []*shogi.Record {
	t.Helper()
	r := parse.NewCSA(strings.NewReader(text), parse.Options{Filename: "t.csa"})
	var out []*shogi.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("read: %v\n%s", err, text)
		}
		out = append(out, rec)
	}
}

func writeAll(t testing.TB, recs []*shogi.Record, opt render.Options) (string, []string) {
	t.Helper()
	var buf bytes.Buffer
	w := render.NewCSA(&buf, opt)
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), w.Losses()
}

// TestCSARoundTrip writes each testdata record, reads the output back and
// writes it again: the record must survive and the second output must be
// byte-identical to the first.
func TestCSARoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/csa/*.csa")
	if len(files) == 0 {
		t.Fatal("no testdata/csa files")
	}
	for _, f := range files {
		for _, version := range []string{"2.2", "3.0"} {
			t.Run(filepath.Base(f)+"/"+version, func(t *testing.T) {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				recs := readAll(t, string(data))
				opt := render.Options{CSAVersion: version, AllowLoss: true}
				out1, losses := writeAll(t, recs, opt)
				back := readAll(t, out1)
				if len(back) != len(recs) {
					t.Fatalf("%d records back, want %d", len(back), len(recs))
				}
				for i := range recs {
					if len(losses) == 0 && recordText(back[i]) != recordText(recs[i]) {
						t.Errorf("record %d changed:\n%s\nwant:\n%s", i, recordText(back[i]), recordText(recs[i]))
					}
				}
				out2, _ := writeAll(t, back, opt)
				if out2 != out1 {
					t.Errorf("second output differs:\n%s\nfirst:\n%s", out2, out1)
				}
			})
		}
	}
}

// TestCSAMoveLines checks the writer's move lines, which it writes from a
// board of its own, against shogi.AppendCSAMove on random records (custom
// starts with pieces in hand, handicaps, promotions and drops).
func TestCSAMoveLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	opt := shogitest.RandomOptions{MaxPlies: 200, Handicaps: true, CustomStart: true, Endings: true}
	for g := 0; g < 50; g++ {
		rec := shogitest.RandomRecord(rng, opt)
		var want []string
		pos := rec.Start
		for n := range rec.MainLine() {
			if n.IsEnd() {
				continue
			}
			want = append(want, string(shogi.AppendCSAMove(nil, &pos, n.Move)))
			pos.Play(n.Move)
		}
		out, _ := writeAll(t, []*shogi.Record{rec}, render.Options{AllowLoss: true})
		var got []string
		for _, line := range strings.Split(out, "\n") {
			if len(line) == 7 && (line[0] == '+' || line[0] == '-') && line[1] >= '0' && line[1] <= '9' {
				got = append(got, line)
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("game %d from %s: moves\n%v\nwant\n%v", g, rec.Start.SFEN(), got, want)
		}
	}
}

// TestCSACorpusRoundTrip writes every CSA file of the shared corpus (when it
// exists) in both versions and reads it back: the record must be unchanged
// unless a loss was reported, and writing what was read back must give the
// same bytes.
func TestCSACorpusRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/csa/*.csa")
	if len(files) == 0 {
		t.Skip("no shared corpus")
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if !utf8.Valid(raw) {
			out, _ := japanese.ShiftJIS.NewDecoder().Bytes(raw)
			if strings.ContainsRune(string(out), utf8.RuneError) {
				out, _ = japanese.EUCJP.NewDecoder().Bytes(raw)
			}
			text = string(out)
		}
		r := parse.NewCSA(strings.NewReader(text), parse.Options{})
		rec, err := r.Read()
		if err != nil {
			continue // INVALID.txt files; the parse tests check those
		}
		for _, version := range []string{"2.2", "3.0"} {
			opt := render.Options{CSAVersion: version, AllowLoss: true}
			out1, losses := writeAll(t, []*shogi.Record{rec}, opt)
			back := readAll(t, out1)
			// N+ and N- come first in our output, wherever the source had
			// them, so the header is compared without its order.
			if got, want := sortedText(back[0]), sortedText(rec); len(losses) == 0 && got != want {
				t.Errorf("%s V%s: record changed:\n%s\nwant:\n%s", filepath.Base(f), version, got, want)
			}
			if out2, _ := writeAll(t, back, opt); out2 != out1 {
				t.Errorf("%s V%s: second output differs:\n%s\nfirst:\n%s", filepath.Base(f), version, out2, out1)
			}
		}
	}
}

// TestCSAV3Decimal writes a V3.0 record with sub-second times and reads it
// back unchanged; V2.2 reports the fractions as a loss.
func TestCSAV3Decimal(t *testing.T) {
	data, err := os.ReadFile("../../testdata/csa/v30_decimal.csa")
	if err != nil {
		t.Fatal(err)
	}
	recs := readAll(t, string(data))
	out, losses := writeAll(t, recs, render.Options{CSAVersion: "3.0"})
	if len(losses) != 0 {
		t.Errorf("losses %v", losses)
	}
	if out != string(data) {
		t.Errorf("V3.0 output:\n%s\nwant the input:\n%s", out, data)
	}
	back := readAll(t, out)
	if recordText(back[0]) != recordText(recs[0]) {
		t.Errorf("read back:\n%s\nwant:\n%s", recordText(back[0]), recordText(recs[0]))
	}
	var buf bytes.Buffer
	err = render.NewCSA(&buf, render.Options{}).Write(recs[0])
	var le *render.LossError
	if !errors.As(err, &le) || le.Feature != "sub-second times" {
		t.Errorf("V2.2 write: %v, want a sub-second times loss", err)
	}
}

// game builds a record by playing CSA moves from start.
func game(t *testing.T, start shogi.Position, moves ...string) (*shogi.Record, []*shogi.Node) {
	t.Helper()
	rec := shogi.NewRecord(start)
	pos := start
	n := rec.Root
	var nodes []*shogi.Node
	for _, s := range moves {
		m, err := shogi.ParseCSAMove(&pos, s)
		if err == nil {
			err = pos.Legal(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pos.Play(m)
		n = rec.AddChild(n, m, shogi.Ending{})
		nodes = append(nodes, n)
	}
	return rec, nodes
}

func TestCSAWrite(t *testing.T) {
	even := shogi.StartPosition()
	tests := []struct {
		name   string
		opt    render.Options
		rec    func(t *testing.T) *shogi.Record
		want   string
		losses []string
	}{
		{
			name: "header through the table (V2.2)",
			rec: func(t *testing.T) *shogi.Record {
				rec, _ := game(t, even)
				rec.Header = shogi.Header{
					{Key: "手合割", Value: "平手"}, {Key: "棋戦", Value: "名人戦"}, {Key: "後手", Value: "Gote"}, {Key: "先手", Value: "Sente"},
					{Key: "開始日時", Value: "1999/07/15(木) 19:07:12"}, {Key: "終了日時", Value: "2021/10/16 9:05"},
					{Key: "持ち時間", Value: "各２時間"}, {Key: "持ち時間", Value: "00:30+30"}, {Key: "持ち時間", Value: "600+0+10"},
					{Key: "場所", Value: "東京"}, {Key: "戦型", Value: "矢倉"}, {Key: "表題", Value: "第1局"}, {Key: "備考", Value: `a\b`},
					{Key: "最大手数", Value: "256"}, {Key: "FOO", Value: "bar"}, {Key: "対局ID", Value: "123"},
				}
				return rec
			},
			want: "V2.2\nN+Sente\nN-Gote\n$EVENT:名人戦\n$START_TIME:1999/07/15 19:07:12\n$END_TIME:2021/10/16 09:05:00\n" +
				"'持ち時間：各２時間\n$TIME_LIMIT:00:30+30\n'持ち時間：600+0+10\n$SITE:東京\n$OPENING:矢倉\n'表題：第1局\n" +
				"'備考：a\\\\b\n'最大手数：256\n$FOO:bar\n'対局ID：123\nPI\n+\n",
		},
		{
			name: "header through the table (V3.0)",
			opt:  render.Options{CSAVersion: "3.0"},
			rec: func(t *testing.T) *shogi.Record {
				rec, _ := game(t, even)
				rec.Header = shogi.Header{
					{Key: "下手", Value: "Shitate"}, {Key: "上手", Value: "Uwate"}, {Key: "対局日", Value: "2016/07/27"},
					{Key: "持ち時間", Value: "600+0+10"}, {Key: "先手持ち時間", Value: "600+30+0"}, {Key: "後手持ち時間", Value: "1時間"},
					{Key: "備考", Value: "line1\nline2 \\n"}, {Key: "最大手数", Value: "256"}, {Key: "持将棋", Value: "27"},
				}
				return rec
			},
			want: "'CSA encoding=UTF-8\nV3.0\nN+Shitate\nN-Uwate\n$START_TIME:2016/07/27\n$TIME:600+0+10\n$TIME+:600+30+0\n" +
				"'後手持ち時間：1時間\n$NOTE:line1\\nline2 \\\\n\n$MAX_MOVES:256\n$JISHOGI:27\nPI\n+\n",
		},
		{
			name: "handicap, times, comments and a resignation",
			rec: func(t *testing.T) *shogi.Record {
				start := shogi.TwoPiece.Position()
				rec, nodes := game(t, start, "-5142OU", "+7776FU")
				rec.SetComments(rec.Root, []string{"start", ""})
				rec.SetTime(nodes[0], shogi.MoveTime{Elapsed: 5 * time.Second, HasTime: true, Total: 5 * time.Second, HasTotal: true})
				rec.SetComments(nodes[1], []string{"two\nlines"})
				e := rec.AddChild(nodes[1], 0, shogi.Ending{Kind: shogi.Resign, Side: shogi.White})
				rec.SetTime(e, shogi.MoveTime{Elapsed: 3 * time.Second, HasTime: true})
				return rec
			},
			want: "V2.2\nPI82HI22KA\n-\n'*start\n'*\n-5142OU\nT5\n+7776FU\n'*two\n'*lines\n%TORYO\nT3\n",
		},
		{
			name: "custom start as rows and hands, promotions and drops",
			rec: func(t *testing.T) *shogi.Record {
				start, err := shogi.ParseSFEN("7nk/9/7P1/9/9/9/9/9/8K b GS2r2b3g3s3n4l17p 1")
				if err != nil {
					t.Fatal(err)
				}
				rec, nodes := game(t, start, "+2322TO", "-1122OU", "+0023KI")
				rec.AddChild(nodes[2], 0, shogi.Ending{Kind: shogi.Interrupt, Side: shogi.White})
				return rec
			},
			want: "V2.2\nP1 *  *  *  *  *  *  * -KE-OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  * +FU * \n" +
				"P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \n" +
				"P8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  * +OU\nP+00KI00GI\nP-00HI00HI00KA00KA00KI00KI00KI00GI00GI00GI00KE00KE00KE" +
				"00KY00KY00KY00KY00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU\n+\n+2322TO\n-1122OU\n+0023KI\n%CHUDAN\n",
		},
		{
			name: "a foul seen from the side to move",
			rec: func(t *testing.T) *shogi.Record {
				rec, nodes := game(t, even, "+7776FU")
				rec.AddChild(nodes[0], 0, shogi.Ending{Kind: shogi.FoulWin, Side: shogi.White})
				return rec
			},
			want: "V2.2\nPI\n+\n+7776FU\n%+ILLEGAL_ACTION\n",
		},
		{
			name: "unknown %WORD",
			rec: func(t *testing.T) *shogi.Record {
				rec, nodes := game(t, even, "+7776FU")
				rec.AddChild(nodes[0], 0, shogi.Ending{Kind: shogi.Unknown, Side: shogi.White, Word: "%PASS"})
				return rec
			},
			want: "V2.2\nPI\n+\n+7776FU\n%PASS\n",
		},
		{
			name: "an ending CSA has no word for",
			opt:  render.Options{AllowLoss: true},
			rec: func(t *testing.T) *shogi.Record {
				rec, nodes := game(t, even, "+7776FU")
				rec.AddChild(nodes[0], 0, shogi.Ending{Kind: shogi.Sealed, Side: shogi.White})
				return rec
			},
			want:   "V2.2\nPI\n+\n+7776FU\n",
			losses: []string{"ending sealed"},
		},
		{
			name:   "variations: main line only, reported",
			opt:    render.Options{AllowLoss: true},
			rec:    variations,
			want:   "V2.2\nN+A\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%CHUDAN\n",
			losses: []string{"variations"},
		},
		{
			name: "variations dropped on purpose",
			opt:  render.Options{Mainline: true},
			rec:  variations,
			want: "V2.2\nN+A\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%CHUDAN\n",
		},
		{
			name: "variations as separate games",
			opt:  render.Options{Variations: "separate"},
			rec:  variations,
			want: "V2.2\nN+A\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%CHUDAN\n/\nN+A\nPI\n+\n+7776FU\n-3334FU\n+6978KI\n'*alt\n/\n" +
				"N+A\nPI\n+\n+7776FU\n-8384FU\n/\nN+A\nPI\n+\n+2726FU\n",
		},
		{
			name: "header keys the reader could not read back",
			opt:  render.Options{AllowLoss: true},
			rec: func(t *testing.T) *shogi.Record {
				rec, _ := game(t, even)
				rec.Header = shogi.Header{{Key: "$0", Value: "a"}, {Key: "*x", Value: "b"}, {Key: "a b", Value: "c"}, {Key: "", Value: "d"}, {Key: "ok", Value: "e"}}
				return rec
			},
			want:   "V2.2\n'ok：e\nPI\n+\n",
			losses: []string{"header keys with blanks or colons"},
		},
		{
			name: "bookmarks",
			opt:  render.Options{AllowLoss: true},
			rec: func(t *testing.T) *shogi.Record {
				rec, nodes := game(t, even, "+7776FU")
				rec.SetBookmark(nodes[0], "基本図")
				return rec
			},
			want:   "V2.2\nPI\n+\n+7776FU\n",
			losses: []string{"bookmarks"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := render.NewCSA(&buf, tt.opt)
			rec := tt.rec(t)
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tt.want)
			}
			if got := strings.Join(w.Losses(), ","); got != strings.Join(tt.losses, ",") {
				t.Errorf("losses %q, want %q", got, tt.losses)
			}
			// What we write, we read.
			readAll(t, buf.String())
			if len(tt.losses) == 0 && !tt.opt.Mainline && tt.opt.Variations == "" {
				if err := render.NewCSA(io.Discard, render.Options{CSAVersion: tt.opt.CSAVersion}).Write(rec); err != nil {
					t.Errorf("write without AllowLoss: %v", err)
				}
			}
		})
	}
}

// variations is 1.76歩 2.34歩 3.26歩 中断, with 3.78金 (commented) and
// 2.84歩 as alternatives and 1.26歩 as an alternative first move.
func variations(t *testing.T) *shogi.Record {
	rec, nodes := game(t, shogi.StartPosition(), "+7776FU", "-3334FU", "+2726FU")
	rec.Header = shogi.Header{{Key: "先手", Value: "A"}}
	rec.AddChild(nodes[2], 0, shogi.Ending{Kind: shogi.Interrupt, Side: shogi.White})
	pos := shogi.StartPosition()
	m1, _ := shogi.ParseCSAMove(&pos, "+2726FU")
	rec.AddChild(rec.Root, m1, shogi.Ending{})
	pos.Play(nodes[0].Move)
	m2, _ := shogi.ParseCSAMove(&pos, "-8384FU")
	rec.AddChild(nodes[0], m2, shogi.Ending{})
	pos.Play(nodes[1].Move)
	m3, _ := shogi.ParseCSAMove(&pos, "+6978KI")
	alt := rec.AddChild(nodes[1], m3, shogi.Ending{})
	rec.SetComments(alt, []string{"alt"})
	return rec
}

func TestCSAWriteErrors(t *testing.T) {
	rec := variations(t)
	err := render.NewCSA(io.Discard, render.Options{}).Write(rec)
	var le *render.LossError
	if !errors.As(err, &le) || le.Feature != "variations" || !errors.Is(err, render.ErrLossy) {
		t.Errorf("variations without AllowLoss: %v", err)
	}
	// A game that fails leaves nothing behind; the next one is the first.
	var buf bytes.Buffer
	w := render.NewCSA(&buf, render.Options{})
	sealed, nodes := game(t, shogi.StartPosition(), "+7776FU")
	sealed.AddChild(nodes[0], 0, shogi.Ending{Kind: shogi.Sealed, Side: shogi.White})
	if err := w.Write(sealed); !errors.Is(err, render.ErrLossy) {
		t.Errorf("sealed ending without AllowLoss: %v", err)
	}
	good, _ := game(t, shogi.StartPosition(), "+2726FU")
	if err := w.Write(good); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil || buf.String() != "V2.2\nPI\n+\n+2726FU\n" {
		t.Errorf("after a failed game: %q, %v", buf.String(), err)
	}
	if err := render.NewCSA(io.Discard, render.Options{CSAVersion: "2.0"}).Write(rec); err == nil {
		t.Error("unknown version accepted")
	}
	if err := render.NewCSA(io.Discard, render.Options{Variations: "all"}).Write(rec); err == nil {
		t.Error("unknown variations mode accepted")
	}
}

// TestCSAMultiWrite checks that several records become one file of games
// separated by /, with the version once, and read back as the same games.
func TestCSAMultiWrite(t *testing.T) {
	data, err := os.ReadFile("../../testdata/csa/multi.csa")
	if err != nil {
		t.Fatal(err)
	}
	recs := readAll(t, string(data))
	if len(recs) != 3 {
		t.Fatalf("%d games in multi.csa, want 3", len(recs))
	}
	out, _ := writeAll(t, recs, render.Options{CSAVersion: "3.0"})
	if strings.Count(out, "V3.0") != 1 || strings.Count(out, "\n/\n") != 2 || !strings.HasPrefix(out, "'CSA encoding=UTF-8\nV3.0\n") {
		t.Errorf("output:\n%s", out)
	}
	back := readAll(t, out)
	for i := range recs {
		if recordText(back[i]) != recordText(recs[i]) {
			t.Errorf("game %d:\n%s\nwant:\n%s", i, recordText(back[i]), recordText(recs[i]))
		}
	}
}

// randomGame plays n random legal moves with times and a comment now and
// then, as the benchmarks' realistic records.
func randomGame(rng *rand.Rand, n int) *shogi.Record {
	rec := shogi.NewRecord(shogi.StartPosition())
	rec.Header = shogi.Header{{Key: "先手", Value: "black"}, {Key: "後手", Value: "white"}, {Key: "開始日時", Value: "2024/01/01 10:00:00"}}
	pos := shogi.StartPosition()
	node := rec.Root
	var buf []shogi.Move
	for i := 0; i < n; i++ {
		buf = pos.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[rng.IntN(len(buf))]
		pos.Play(m)
		node = rec.AddChild(node, m, shogi.Ending{})
		rec.SetTime(node, shogi.MoveTime{Elapsed: time.Duration(rng.IntN(30)) * time.Second, HasTime: true})
		if rng.IntN(20) == 0 {
			rec.SetComments(node, []string{"a comment"})
		}
	}
	rec.AddChild(node, 0, shogi.Ending{Kind: shogi.Resign, Side: pos.Turn()})
	return rec
}

func BenchmarkWriteCSA(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	recs := make([]*shogi.Record, 100)
	moves := 0
	for i := range recs {
		recs[i] = randomGame(rng, 80+rng.IntN(81))
		for n := range recs[i].MainLine() {
			if !n.IsEnd() {
				moves++
			}
		}
	}
	var cnt countWriter
	cw := render.NewCSA(&cnt, render.Options{})
	for _, r := range recs {
		_ = cw.Write(r)
	}
	_ = cw.Flush()
	b.SetBytes(cnt.n)
	b.ReportAllocs()
	cpu := procstat.CPU()
	for b.Loop() {
		w := render.NewCSA(io.Discard, render.Options{})
		for _, r := range recs {
			if err := w.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	total := float64(moves) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "moves/s")
	if used := procstat.CPU() - cpu; used > 0 {
		b.ReportMetric(total/used.Seconds(), "moves/cpu-s")
	}
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// TestCSASeparateBound: each line of play as its own game repeats the moves
// before its fork, so a deep tree is refused, naming the size, before any
// of it is written; a tree within MaxSeparateMoves is written.
func TestCSASeparateBound(t *testing.T) {
	var out bytes.Buffer
	w := render.NewCSA(&out, render.Options{AllowLoss: true, Variations: "separate"})
	err := w.Write(rtDeepRecord(5_000)) // 5,000 games of up to 5,000 moves: 12.5 M
	if !errors.Is(err, render.ErrTooLarge) || out.Len() > 0 {
		t.Errorf("%v, %d bytes written; want ErrTooLarge and nothing", err, out.Len())
	}
	if err := w.Write(rtDeepRecord(1_000)); err != nil {
		t.Errorf("1,000 levels (500,500 moves): %v", err)
	}
}
