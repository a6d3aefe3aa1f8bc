package parse_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestPlaces: read with Options.Places, every reader tells where the move,
// ending, time or header field that a record check is about stood: the
// finding gets the line and column, the quoted line and the move as
// written, and its message names the move as the source wrote it. Without
// places a record has no Source. A reader given memory that has served the
// other cases (a batch's reuse, where the kept text lives in that memory)
// quotes the same.
func TestPlaces(t *testing.T) {
	const kifHead = "手合割：平手\n手数----指手---------消費時間--\n"
	tests := []struct {
		name, format, in string
		code             string
		line, col        int
		token            string // the part as written ("" when the format has none)
		msg              string // in the message
	}{
		{"kif self-check", "kif", kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ８四歩(83)\n   5 ７七玉(68)\n",
			"self-check", 7, 6, "７七玉(68)", "ply 5 ７七玉(68)"},
		{"kif time total", "kif", kifHead + "   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ６八玉(59)   ( 0:03/00:00:09)\n",
			"time-total", 5, 16, "( 0:03/00:00:09)", "ply 3 ６八玉(59)"},
		{"kif time total, CRLF and comments", "kif", strings.ReplaceAll(kifHead+"   1 ７六歩(77)   ( 0:01/00:00:01)\n*a comment\n   2 ３四歩(33)   ( 0:02/00:00:02)\n*another\n   3 ６八玉(59)   ( 0:03/00:00:09)\n", "\n", "\r\n"),
			"time-total", 7, 16, "( 0:03/00:00:09)", "ply 3 ６八玉(59)"},
		{"kif ending", "kif", kifHead + "   1 ７六歩(77)\n   2 詰み\n", "ending-mate", 4, 6, "詰み", "詰み at ply 2"},
		{"kif header", "kif", "手数：3\n" + kifHead + "   1 ７六歩(77)\n", "move-count", 1, 1, "", "手数 says 3"},
		{"ki2 ending", "ki2", "▲７六歩    △３四歩\nまで2手で詰み\n", "ending-mate", 2, 1, "まで2手で詰み", "まで2手で詰み at ply 3"},
		{"ki2 self-check", "ki2", "▲７六歩    △３四歩    ▲６八玉    △８四歩    ▲７七玉\n", "self-check", 1, 33, "▲７七玉", "ply 5 ▲７七玉"},
		{"csa ending", "csa", "PI\n+\n+7776FU\nT1\n-3334FU\n%TSUMI\n", "ending-mate", 6, 1, "%TSUMI", "%TSUMI at ply 3"},
		{"csa comma-joined move", "csa", "PI\n+\n+7776FU,T1\n-3334FU,T1\n+5968OU,T1\n-8384FU,T1\n+6877OU,T1\n", "self-check", 7, 1, "+6877OU", "ply 5 +6877OU"},
		{"jkf ending", "jkf", "{\"header\": {},\n \"moves\": [{},\n  {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}},\n  {\"special\": \"TSUMI\"}]}\n",
			"ending-mate", 4, 4, "", "詰み at ply 2"},
		{"usi self-check", "usi", "position startpos moves 7g7f 3c3d 5i6h 8c8d 6h7g\n", "self-check", 1, 45, "6h7g", "ply 5 6h7g"},
		{"psn self-check", "psn", "1. P7g-7f P3c-3d\n2. K5i-6h P8c-8d\n3. K6h-7g\n", "self-check", 3, 4, "K6h-7g", "ply 5 K6h-7g"},
	}
	mem := new(parse.Memory)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, mode := range []string{"none", "places", "reused"} {
				places := mode != "none"
				opt := parse.Options{Filename: "t", Places: places}
				if mode == "reused" {
					opt = parse.WithMemory(opt, mem)
				}
				r, err := parse.New(tt.format, strings.NewReader(tt.in), opt)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := r.Read()
				if err != nil {
					t.Fatal(err)
				}
				if !places {
					if rec.Source != nil {
						t.Errorf("a Source without places")
					}
					continue
				}
				var f *shogi.Finding
				fs := rec.Check()
				for i := range fs {
					if fs[i].Code == tt.code {
						f = &fs[i]
					}
				}
				if f == nil {
					t.Fatalf("findings %+v, want one of code %s", fs, tt.code)
				}
				p := f.Place
				if p.Line != tt.line || p.Col != tt.col || p.Text != strings.TrimSuffix(strings.Split(tt.in, "\n")[tt.line-1], "\r") || !strings.Contains(f.Message, tt.msg) {
					t.Errorf("%s: %s at %d:%d on %q: %s; want %d:%d, %q in the message", mode, f.Code, p.Line, p.Col, p.Text, f.Message, tt.line, tt.col, tt.msg)
				}
				if f.Key == "" {
					if got, _ := rec.Source.Place(f.Node, f.Part); got.Token != tt.token {
						t.Errorf("token %q, want %q", got.Token, tt.token)
					}
				}
			}
		})
	}
}

// TestPlacesQuoteJSON: with places the JKF reader keeps the text, and its
// errors and warnings quote their line as the line readers' do.
func TestPlacesQuoteJSON(t *testing.T) {
	const bad = "{\"header\": {},\n \"moves\": [{}, {\"move\": {\"color\": 0 \"to\": {\"x\": 7, \"y\": 6}}}]}\n"
	const warned = "{\"header\": {},\n \"moves\": [{}, {\"move\": {\"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}}]}\n"
	_, err := parse.NewJKF(strings.NewReader(bad), parse.Options{Places: true}).Read()
	var pe *parse.Error
	if !errors.As(err, &pe) || pe.Pos.Line != 2 || pe.Pos.Text != strings.Split(bad, "\n")[1] {
		t.Errorf("error %v, want one at line 2 quoting it", err)
	}
	r := parse.NewJKF(strings.NewReader(warned), parse.Options{Places: true})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if ws := r.Warnings(); len(ws) != 1 || ws[0].Pos.Text != strings.Split(warned, "\n")[1] {
		t.Errorf("warnings %v, want one quoting line 2", ws)
	}
}
