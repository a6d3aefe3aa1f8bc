package parse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// dumpRecord prints what a reader put into a record, one item per line, so
// that tests can compare whole records as text.
func dumpRecord(rec *shogi.Record) string {
	var sb strings.Builder
	start := rec.Start
	fmt.Fprintf(&sb, "start %s %s\n", start.SFEN(), rec.Preset.KIF())
	for _, f := range rec.Header {
		fmt.Fprintf(&sb, "header %s=%s\n", f.Key, f.Value)
	}
	for _, c := range rec.Root.Comments() {
		fmt.Fprintf(&sb, "  '%s\n", c)
	}
	pos := rec.Start
	for n := range rec.MainLine() {
		if n.IsEnd() {
			fmt.Fprintf(&sb, "%d %s/%s", n.Ply(), n.End().Kind, n.End().Side)
			if n.End().Word != "" {
				fmt.Fprintf(&sb, " %s", n.End().Word)
			}
		} else {
			fmt.Fprintf(&sb, "%d %s", n.Ply(), n.Move)
			pos.Play(n.Move)
		}
		if n.Time().HasTime {
			fmt.Fprintf(&sb, " T%v", n.Time().Elapsed)
		}
		if n.Time().HasTotal {
			sb.WriteString(" total")
		}
		sb.WriteByte('\n')
		for _, c := range n.Comments() {
			fmt.Fprintf(&sb, "  '%s\n", c)
		}
		if n.NumChildren() > 1 {
			sb.WriteString("  (variations)\n")
		}
	}
	return sb.String()
}

const evenSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

const evenRows = `P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
`

func TestCSARead(t *testing.T) {
	tests := []struct {
		name  string
		opt   func(*CSA)
		in    string
		want  string
		warns []string // codes of the expected warnings, in order
	}{
		{
			name: "V2.2 game",
			in:   "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\nT12\n-3334FU\nT6\n%TORYO\nT3\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader 先手=Sente\nheader 後手=Gote\n1 7g7f T12s\n2 3c3d T6s\n3 resign/black T3s\n",
		},
		{
			name: "no version line, P1..P9",
			in:   evenRows + "+\n+2726FU\n%CHUDAN\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 2g2f\n2 interrupt/white\n",
		},
		{
			name: "versions V2 V2.1 V3.0 and V2.22",
			in:   "V2\nPI\n+\n/\nV2.1\nPI\n-\n/\n'CSA encoding=UTF-8\nV3.0\nPI\n+\n/\nV2.22\nPI\n+\n",
			want: "start " + evenSFEN + " b - 1 平手\n",
		},
		{
			name:  "unknown version line",
			in:    "Vx\nPI\n+\n",
			want:  "start " + evenSFEN + " b - 1 平手\n",
			warns: []string{"syntax"},
		},
		{
			name: "V3.0 decimal times",
			in:   "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+2726FU\nT1.250\n-8384FU,T3\n+2625FU,T0.5\n-8485FU\nT1.\n+6978KI\nT0.001\n%TORYO,T0.8\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 2g2f T1.25s\n2 8c8d T3s\n3 2f2e T500ms\n4 8d8e T1s\n5 6i7h T1ms\n6 resign/white T800ms\n",
		},
		{
			name: "game information through the table, unknown keys in order, $END_TIME after the moves",
			in: "V3.0\nN+Alpha\nN-Beta\n$EVENT:League R1\n$SITE:Tokyo\n$START_TIME:2024/06/01 10:00:00\n$FOO:bar:baz\n" +
				"$TIME_LIMIT:00:30+30\n$TIME:600+0+10\n$TIME+:600+30+0\n$TIMET-:300+30+0\n$OPENING:YAGURA\n$MAX_MOVES:320\n$JISHOGI:27\n" +
				"$NOTE:line1\\nline2 \\\\n\n$START_TIME: 13:28:35\n$END_TIME:\nPI\n+\n+7776FU\n$END_TIME:2024/06/01 11:05:30\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader 先手=Alpha\nheader 後手=Beta\nheader 棋戦=League R1\nheader 場所=Tokyo\n" +
				"header 開始日時=2024/06/01 10:00:00\nheader FOO=bar:baz\nheader 持ち時間=00:30+30\nheader 持ち時間=600+0+10\n" +
				"header 先手持ち時間=600+30+0\nheader 後手持ち時間=300+30+0\nheader 戦型=YAGURA\nheader 最大手数=320\nheader 持将棋=27\n" +
				"header 備考=line1\nline2 \\n\nheader 開始日時=13:28:35\nheader 終了日時=\nheader 終了日時=2024/06/01 11:05:30\n1 7g7f\n",
		},
		{
			name:  "malformed game information is reported and skipped",
			in:    "$START_TIME\n$:END_TIME:2014/10/12\nSTART_TIME:2014/10/12\nPI\n+\n",
			want:  "start " + evenSFEN + " b - 1 平手\n",
			warns: []string{"bad-header", "bad-header", "unknown-line"},
		},
		{
			name:  "odd keys",
			in:    "$ :0\n$$0::\n$foo:bar\nPI\n+\n",
			want:  "start " + evenSFEN + " b - 1 平手\nheader $0=:\nheader foo=bar\n",
			warns: []string{"bad-header"},
		},
		{
			name: "PI with removed pieces (two-piece handicap)",
			in:   "V2.2\nPI82HI22KA\n-\n-5142OU\nT5\n+7776FU\n%CHUDAN\n",
			want: "start lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 二枚落ち\n1 5a4b T5s\n2 7g7f\n3 interrupt/white\n",
		},
		{
			name:  "handicap with + to move",
			in:    "PI82HI22KA\n+\n+7776FU\n",
			want:  "start lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 その他\n1 7g7f\n",
			warns: []string{"bad-board"},
		},
		{
			name: "rows collapsed, trimmed, with dots and tabs",
			in: "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI * * * * * -KA *\nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\t\n" +
				"P4 *  *  *  *  *  *  *  *  *.\nP5\t*\t*\t*\t*\t*\t*\t*\t*\t*\nP6 *  *  *  *  *  *  *  *  *\n" +
				"P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI *.\nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP+\nP-\n+\n",
			want: "start " + evenSFEN + " b - 1 平手\n",
		},
		{
			name: "rows with trailing blanks, tabs and dots",
			in: "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY   \nP2 * -HI *  *  *  *  * -KA *\t \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU.\n" +
				"P4 *  *  *  *  *  *  *  *  * .\t\nP5 *  *  *  *  *  *  *  *  *\nP6 *  *  *  *  *  *  *  *  *  \n" +
				"P7+FU+FU+FU+FU+FU+FU+FU+FU+FU \t\nP8 * +KA *  *  *  *  * +HI *..\nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\t\n+\n",
			want: "start " + evenSFEN + " b - 1 平手\n",
		},
		{
			name: "piece lists with hands and AL",
			in:   "'tsume\nP-21OU31KI\nP-22FU12FU\nP+00KI00GI\nP+59OU\nP-00AL\n+\n+0032GI,T5,-3132KI,T2\n%CHUDAN\n",
			want: "start 6gk1/7pp/9/9/9/9/9/9/4K4 b GS2r2b2g3s4n4l16p 1 その他\n1 S*3b T5s\n2 3a3b T2s\n3 interrupt/black\n",
		},
		{
			name: "AL before other lines still counts them",
			in:   "P-00AL\nP+11OU\nP-99OU00FU\n+\n",
			want: "start 8K/9/9/9/9/9/9/9/k8 b 2r2b4g4s4n4l18p 1 その他\n",
		},
		{
			name: "every ending with its side",
			in: "PI\n+\n%TORYO\n/\nPI\n-\n%TIME_UP\n/\nPI\n+\n%+ILLEGAL_ACTION\n/\nPI\n+\n%-ILLEGAL_ACTION\n/\nPI\n+\n%KACHI\n/\n" +
				"PI\n+\n%MAX_MOVES\n/\nPI\n+\n%PASS\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 resign/black\n",
		},
		{
			name:  "unknown ending is kept with a warning",
			in:    "PI\n+\n+7776FU\n%PASS\n",
			want:  "start " + evenSFEN + " b - 1 平手\n1 7g7f\n2 unknown/white %PASS\n",
			warns: []string{"unknown-ending"},
		},
		{
			name: "comments: '* on the start and moves, '** engine lines, plain ones skipped",
			in: "'CSA encoding=UTF-8\n'encoding=Shift_JIS\n'a plain comment\n'先手：Human\nV2.2\n'*before the turn line\nPI\n+\n'*start\n'human only\n" +
				"+2726FU\nT1\n'** 47 -8384FU +2625FU\n-8384FU\nT0\n'** 0\n%TORYO\n'*after the end\n'$END_TIME:2017/03/02 21:53:26\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader 先手=Human\nheader 終了日時=2017/03/02 21:53:26\n  'before the turn line\n  'start\n" +
				"1 2g2f T1s\n  '* 47 -8384FU +2625FU\n2 8c8d T0s\n  '* 0\n3 resign/black\n  'after the end\n",
		},
		{
			// Floodgate ends a game with `'summary:` (and `'$END_TIME:`)
			// after the %: data, so it goes into the header, where every
			// format keeps it. tsshogi, the reference reader, skips it.
			name: "floodgate summary in the header",
			in: "V2\nN+A\nN-B\nPI\n+\n+7776FU\nT1\n%TORYO\n'P1 *  *  *  *  *  *  *  *  * \n'+\n" +
				"'summary:toryo:A lose:B win\n'$END_TIME:2016/06/14 04:19:38\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader 先手=A\nheader 後手=B\nheader summary=toryo:A lose:B win\n" +
				"header 終了日時=2016/06/14 04:19:38\n1 7g7f T1s\n2 resign/white\n",
		},
		{
			// A game cut off without its % line (a server that went down)
			// may still have a summary. It makes no ending: the summary is
			// the server's view, written after the fact (shogi-server writes
			// `'summary:abnormal:…` after a %TORYO it wrote itself), and
			// tsshogi reads none from it either.
			name: "summary without an ending makes none",
			in:   "PI\n+\n+7776FU\n-3334FU\n'summary:abnormal:A win:B lose\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader summary=abnormal:A win:B lose\n1 7g7f\n2 3c3d\n",
		},
		{
			name: "plain comments kept on request",
			opt:  func(r *CSA) { r.KeepPlainComments = true },
			in:   "'CSA encoding=UTF-8\n'title\nPI\n+\n+2726FU\n'time left 1488\n'*star\n",
			want: "start " + evenSFEN + " b - 1 平手\n  'title\n1 2g2f\n  'time left 1488\n  'star\n",
		},
		{
			name: "comma-joined statements and comments after commas",
			in:   "PI\n+\n+7776FU  ,T0  ,'T0  ,'   1手目  ▲7六歩\n-3334FU,T1,+2726FU,T2\n%KACHI,'* -5000 win\nT10\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 7g7f T0s\n2 3c3d T1s\n3 2g2f T2s\n4 entering_of_king/white T10s\n  ' -5000 win\n",
		},
		{
			name: "names and comments are not split on commas",
			in:   "N+Smith, John\n$EVENT:A, B\nPI\n+\n'*x, y\n",
			want: "start " + evenSFEN + " b - 1 平手\nheader 先手=Smith, John\nheader 棋戦=A, B\n  'x, y\n",
		},
		{
			name: "mixed line ends",
			in:   "V2.2\r\nPI\r+\n+7776FU\r\r\nT1\n\r%TORYO",
			want: "start " + evenSFEN + " b - 1 平手\n1 7g7f T1s\n2 resign/white\n",
		},
		{
			name:  "position only, without a turn line",
			in:    "P1 *  *  *  *  *  *  * -KE-OU\nP+00KI\n",
			want:  "start 7nk/9/9/9/9/9/9/9/9 b G 1 その他\n",
			warns: []string{"truncated"},
		},
		{
			name:  "composed start position that breaks a rule",
			in:    "P-11OU21FU22FU\n+\n",
			want:  "start 7pk/7p1/9/9/9/9/9/9/9 b - 1 その他\n",
			warns: []string{"bad-position"},
		},
		{
			name: "illegal move documented by %ILLEGAL_MOVE",
			in:   "PI\n+\n+7776FU\n-3334FU\n+7674FU\nT3\n'*what\n%ILLEGAL_MOVE\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 7g7f\n2 3c3d\n3 7f7d T3s\n  'what\n4 foul_lose/white\n",
		},
		{
			name: "illegal move documented by %+ILLEGAL_ACTION",
			in:   "PI\n+\n+7776FU\n-3334FU\n+0055FU\n%+ILLEGAL_ACTION\n",
			want: "start " + evenSFEN + " b - 1 平手\n1 7g7f\n2 3c3d\n3 P*5e\n4 illegal_action/black\n",
		},
		{
			name:  "no start position: the even one, with a warning",
			in:    "V2.2\n+7776FU\n-3334FU\n%TORYO\n",
			want:  "start " + evenSFEN + " b - 1 平手\n1 7g7f\n2 3c3d\n3 resign/black\n",
			warns: []string{"no-start-position"},
		},
		{
			name:  "no start position, White's move first",
			in:    "-3334FU\n",
			want:  "start " + evenSFEN + " w - 1 その他\n1 3c3d\n",
			warns: []string{"no-start-position"},
		},
		{
			name:  "no start position and no moves",
			in:    "V2.2\n'*a comment\n",
			want:  "start " + evenSFEN + " b - 1 平手\n  'a comment\n",
			warns: []string{"no-start-position"},
		},
		{
			name:  "second ending ignored",
			in:    "PI\n+\n%KACHI\n%KACHI\n",
			want:  "start " + evenSFEN + " b - 1 平手\n1 entering_of_king/black\n",
			warns: []string{"syntax"},
		},
		{
			name:  "no turn line before the moves",
			in:    "PI\n-3334FU\n",
			want:  "start " + evenSFEN + " w - 1 その他\n1 3c3d\n",
			warns: []string{"syntax"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewCSA(strings.NewReader(tt.in), Options{Filename: "t.csa"})
			if tt.opt != nil {
				tt.opt(r)
			}
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got := dumpRecord(rec); got != tt.want {
				t.Errorf("record:\n%s\nwant:\n%s", got, tt.want)
			}
			var codes []string
			for _, w := range r.Warnings() {
				codes = append(codes, w.Code())
				if !w.Warning || !w.Pos.IsValid() {
					t.Errorf("warning %v: not marked as a positioned warning", w)
				}
			}
			if strings.Join(codes, ",") != strings.Join(tt.warns, ",") {
				t.Errorf("warnings %v, want %v (%v)", codes, tt.warns, r.Warnings())
			}
		})
	}
}

// TestCSAEndings checks the side of every % word with each side to move.
func TestCSAEndings(t *testing.T) {
	tests := []struct {
		word   string
		turn   string
		kind   shogi.EndingKind
		side   shogi.Color
		winner string
	}{
		{"TORYO", "+", shogi.Resign, shogi.Black, "white"},
		{"TORYO", "-", shogi.Resign, shogi.White, "black"},
		{"CHUDAN", "+", shogi.Interrupt, shogi.Black, ""},
		{"SENNICHITE", "-", shogi.Sennichite, shogi.White, ""},
		{"TIME_UP", "-", shogi.Timeout, shogi.White, "black"},
		{"ILLEGAL_MOVE", "+", shogi.IllegalMove, shogi.Black, "white"},
		{"+ILLEGAL_ACTION", "-", shogi.IllegalAction, shogi.Black, "white"},
		{"-ILLEGAL_ACTION", "-", shogi.IllegalAction, shogi.White, "black"},
		{"JISHOGI", "+", shogi.Impasse, shogi.Black, ""},
		{"KACHI", "-", shogi.EnteringKing, shogi.White, "white"},
		{"HIKIWAKE", "+", shogi.Draw, shogi.Black, ""},
		{"MAX_MOVES", "+", shogi.MaxMoves, shogi.Black, ""},
		{"TSUMI", "-", shogi.Mate, shogi.White, "black"},
		{"FUZUMI", "+", shogi.NoMate, shogi.Black, ""},
		{"ERROR", "+", shogi.Error, shogi.Black, ""},
		{"MATTA", "+", shogi.Matta, shogi.Black, ""},
	}
	for _, tt := range tests {
		t.Run(tt.word+tt.turn, func(t *testing.T) {
			rec, err := NewCSA(strings.NewReader("PI\n"+tt.turn+"\n%"+tt.word+"\n"), Options{Strict: true}).Read()
			if err != nil {
				t.Fatal(err)
			}
			e := rec.Root.Next().End()
			if e.Kind != tt.kind || e.Side != tt.side {
				t.Errorf("ending %v/%v, want %v/%v", e.Kind, e.Side, tt.kind, tt.side)
			}
			winner := ""
			if c, ok := e.Winner(); ok {
				winner = c.String()
			}
			if winner != tt.winner {
				t.Errorf("winner %q, want %q", winner, tt.winner)
			}
		})
	}
}

func TestCSAMultiGame(t *testing.T) {
	in := "V2.2\nN+A\nPI\n+\n+7776FU\n'*one\n%TORYO\n/\n/\n\n'*only a comment\n/\nN+B\n$EVENT:E2\nPI82HI22KA\n-\n'*two\n-5142OU\nT7\n'*three\n/\n" +
		"V2.2\nP1 *  *  *  *  *  *  *  * -OU\nP+00KI\n+\n/\n"
	r := NewCSA(strings.NewReader(in), Options{})
	var recs []*shogi.Record
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	// Dumped after the last Read: a reader reuses its buffers from game
	// to game, and no record may share them.
	var got []string
	for _, rec := range recs {
		got = append(got, dumpRecord(rec))
	}
	want := []string{
		"start " + evenSFEN + " b - 1 平手\nheader 先手=A\n1 7g7f\n  'one\n2 resign/white\n",
		"start lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 二枚落ち\nheader 先手=B\nheader 棋戦=E2\n  'two\n1 5a4b T7s\n  'three\n",
		"start 8k/9/9/9/9/9/9/9/9 b G 1 その他\n",
	}
	if strings.Join(got, "--\n") != strings.Join(want, "--\n") {
		t.Errorf("games:\n%s\nwant:\n%s", strings.Join(got, "--\n"), strings.Join(want, "--\n"))
	}
}

// TestCSAEncodings reads CSA files in the encodings they come in (the 2005
// GPS logs are EUC-JP; Kifu for Windows writes Shift_JIS with CRLF) as the
// CLI does: decoded by internal/charset, then read.
func TestCSAEncodings(t *testing.T) {
	text := "V2.2\nN+羽生善治\nN-藤井聡太\n$EVENT:第１期　竜王戦\nPI\n+\n'*序盤の定跡形\n+7776FU\nT3\n'*角道を開ける\n-3334FU\nT5\n%TORYO\n"
	want := "start " + evenSFEN + " b - 1 平手\nheader 先手=羽生善治\nheader 後手=藤井聡太\nheader 棋戦=第１期　竜王戦\n" +
		"  '序盤の定跡形\n1 7g7f T3s\n  '角道を開ける\n2 3c3d T5s\n3 resign/black\n"
	tests := []struct {
		name string
		enc  encoding.Encoding
		crlf bool
		want charset.Encoding
	}{
		{"EUC-JP", japanese.EUCJP, false, charset.EUCJP},
		{"Shift_JIS with CRLF", japanese.ShiftJIS, true, charset.ShiftJIS},
		{"UTF-8 with CRLF", encoding.Nop, true, charset.UTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := text
			if tt.crlf {
				in = strings.ReplaceAll(in, "\n", "\r\n")
			}
			raw, err := tt.enc.NewEncoder().Bytes([]byte(in))
			if err != nil {
				t.Fatal(err)
			}
			dec, enc, err := charset.NewReader(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if enc != tt.want {
				t.Errorf("detected %s, want %s", enc, tt.want)
			}
			rec, err := NewCSA(dec, Options{Strict: true}).Read()
			if err != nil {
				t.Fatal(err)
			}
			if got := dumpRecord(rec); got != want {
				t.Errorf("record:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestCSAReadAllocs checks that reading allocates per game, not per move:
// a game's moves, times and comments cost a handful of allocations
// whatever its length.
func TestCSAReadAllocs(t *testing.T) {
	if shogitest.RaceEnabled {
		t.Skip("allocation counts do not hold under the race detector")
	}
	read := func(text []byte) float64 {
		return testing.AllocsPerRun(5, func() {
			r := NewCSA(bytes.NewReader(text), Options{})
			for {
				if _, err := r.Read(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	text20, _ := benchCSA(20)
	text60, moves := benchCSA(60)
	// The games after the first twenty, once the reader's buffers have
	// grown: a record (with its root), the slab of its other nodes, the
	// slabs of their extra parts (times) and rare parts (comments), its
	// text, the slice of its comments and its header.
	perGame := (read(text60) - read(text20)) / 40
	if perGame > 7 {
		t.Errorf("%.1f allocations a game (%.3f a move), want at most 7", perGame, perGame*60/float64(moves))
	}
}

// TestCSAErrors checks that bad input gives a positioned error wrapping the
// right sentinel, and that reading goes on with the next game.
func TestCSAErrors(t *testing.T) {
	tests := []struct {
		name   string
		strict bool
		in     string
		pos    string
		err    error
	}{
		{"bad digit", false, "PI\n+\n+7Y76FU\n", "t.csa:3:3", ErrSyntax},
		{"bad piece", false, "PI\n+\n+777675\n", "t.csa:3:6", ErrSyntax},
		{"bad piece letter", false, "PI\n+\n+7776F5,T1\n", "t.csa:3:6", ErrSyntax},
		{"too short", false, "PI\n+\n+7776F\n", "t.csa:3:7", ErrSyntax},
		{"too long", false, "PI\n+\n+7776FUU\n", "t.csa:3:8", ErrSyntax},
		{"bad origin", false, "PI\n+\n+7076FU\n", "t.csa:3:2", shogi.ErrBadSquare},
		{"bad destination", false, "PI\n+\n+7770FU\n", "t.csa:3:4", shogi.ErrBadSquare},
		{"wrong sign", false, "PI\n+\n-3334FU\n", "t.csa:3:1", shogi.ErrWrongTurn},
		{"wrong sign later", false, "PI\n+\n+7776FU,+3334FU\n", "t.csa:3:9", shogi.ErrWrongTurn},
		{"no piece", false, "PI\n+\n+5554FU\n", "t.csa:3:2", shogi.ErrNoPiece},
		{"opponent's piece", false, "PI\n+\n+3334FU\n", "t.csa:3:2", shogi.ErrNotOwnPiece},
		{"wrong piece", false, "PI\n+\n+7776KY\n", "t.csa:3:6", shogi.ErrWrongPiece},
		{"promoted drop", false, "P+00FU\nP-11OU\n+\n+0055TO\n", "t.csa:4:6", shogi.ErrWrongPiece},
		{"strict: illegal move", true, "PI\n+\n+7775FU\n-3334FU\n", "t.csa:3:1", shogi.ErrUnreachable},
		{"strict: illegal move at the end", true, "PI\n+\n+7775FU\nT1\n", "t.csa:3:1", shogi.ErrUnreachable},
		{"illegal move with another ending", false, "PI\n+\n+2324FU\n%TORYO\n", "t.csa:3:2", shogi.ErrNotOwnPiece},
		{"strict: foul naming the other side", true, "PI\n+\n+7775FU\n%-ILLEGAL_ACTION\n", "t.csa:3:1", shogi.ErrUnreachable},
		{"strict: illegal after fast-path moves, CRLF", true, "PI\r\n+\r\n+7776FU\r\nT1\r\n-3334FU\r\nT2\r\n+2725FU\r\n", "t.csa:7:1", shogi.ErrUnreachable},
		{"strict: illegal after fast-path moves, bare CR", true, "PI\r+\r+7776FU\rT1\r-3334FU\r+2725FU\r", "t.csa:6:1", shogi.ErrUnreachable},
		{"strict: nifu", true, "P+00FU57FU59OU\nP-51OU\n+\n+0055FU\n", "t.csa:4:1", shogi.ErrNifu},
		{"move after the end", false, "PI\n+\n%TORYO\n+7776FU\n", "t.csa:4:1", ErrSyntax},
		{"PI twice", false, "PI\nPI\n+\n", "t.csa:2:1", ErrBadBoard},
		{"rows after PI", false, "PI\nP1 *  *  *  *  *  *  *  *  * \n+\n", "t.csa:2:1", ErrBadBoard},
		{"bad row", false, "P1 *  * -XX *  *  *  *  *  * \n+\n", "t.csa:1:9", ErrBadBoard},
		{"short row", false, "P1 *  *  * \n+\n", "t.csa:1:11", ErrBadBoard},
		{"bad PI square", false, "PI8AHI\n+\n", "t.csa:1:3", ErrBadBoard},
		{"PI removing a missing piece", false, "PI55FU\n+\n", "t.csa:1:5", ErrBadBoard},
		{"king in hand", false, "P+00OU\n+\n", "t.csa:1:5", ErrBadBoard},
		{"19 pawns in hand", false, "P+" + strings.Repeat("00FU", 19) + "\n+\n", "t.csa:1:75", ErrBadBoard},
		{"square taken", false, "P+11KY\nP-11KY\n+\n", "t.csa:2:3", ErrBadBoard},
		{"bad ending", false, "PI\n+\n%toryo\n", "t.csa:3:2", ErrSyntax},
		{"strict: unknown line", true, "PI\n+\nhello\n", "t.csa:3:1", ErrUnknownLine},
		{"strict: bad time", true, "PI\n+\n+7776FU\nTx\n", "t.csa:4:1", ErrBadTime},
		{"strict: unknown ending", true, "PI\n+\n%PASS\n", "t.csa:3:1", ErrUnknownEnd},
		{"strict: bad time after fast-path moves", true, "PI\n+\n+7776FU\nT1\n-3334FU\nT1x\n", "t.csa:6:1", ErrBadTime},
		{"strict: time before the first move", true, "PI\n+\nT5\n", "t.csa:3:1", ErrBadTime},
		{"strict: no start position", true, "V2.2\n+7776FU\n", "t.csa:2:1", ErrNoStartPosition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewCSA(strings.NewReader(tt.in+"/\nPI\n+\n+2726FU\n"), Options{Filename: "t.csa", Strict: tt.strict})
			_, err := r.Read()
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Read: %v, want a *parse.Error", err)
			}
			if got := pe.Pos.String(); got != tt.pos {
				t.Errorf("error at %s, want %s (%v)", got, tt.pos, err)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("error %v, want %v", err, tt.err)
			}
			if pe.Warning {
				t.Errorf("fatal error marked as a warning")
			}
			rec, err := r.Read()
			if err != nil || rec.Root.Next() == nil || rec.Root.Next().Move.String() != "2g2f" {
				t.Errorf("the game after the bad one: %v, %v", rec, err)
			}
		})
	}
}

func TestCSAEmpty(t *testing.T) {
	_, err := NewCSA(strings.NewReader("hello\nworld\n"), Options{Filename: "t.csa"}).Read()
	var pe *Error
	if !errors.As(err, &pe) || pe.Pos.String() != "t.csa:1:1" || !errors.Is(err, ErrUnknownFormat) || pe.Warning {
		t.Errorf("junk: %v, want an unknown-format error at t.csa:1:1", err)
	}
	for _, in := range []string{"", "\n\n", "/\n/\n", "'only a comment\n"} {
		if _, err := NewCSA(strings.NewReader(in), Options{}).Read(); err != io.EOF {
			t.Errorf("%q: %v, want io.EOF", in, err)
		}
	}
}

func TestDetectCSA(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"V2.2\nN+a\nPI\n+\n", true},
		{"'CSA encoding=UTF-8\nV3.0\nPI\n+\n", true},
		{"'comment\n" + evenRows + "+\n", true},
		{"N+a\nN-b\n$EVENT:x\nPI\n", true},
		{"P-11OU\nP+00AL\n+\n", true},
		{"# KIF\n開始日時：2024/01/01\n手合割：平手\n", false},
		{"position startpos moves 7g7f\n", false},
		{"V2.2\n", false},
		{"hello\nPI\n", false},
	}
	for _, tt := range tests {
		if got := looksLikeCSA([]byte(tt.text)); got != tt.want {
			t.Errorf("looksLikeCSA(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	if got := Detect([]byte("V2.2\nPI\n+\n"), "game.txt"); got != "csa" {
		t.Errorf("Detect = %q, want csa", got)
	}
}

// TestCSATestdata reads every record of testdata/csa without errors or
// warnings.
func TestCSATestdata(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/csa/*.csa")
	if len(files) == 0 {
		t.Fatal("no testdata/csa files")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := NewCSA(strings.NewReader(string(data)), Options{Filename: f})
		n := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if len(r.Warnings()) > 0 && !strings.Contains(f, "quirk") {
				t.Errorf("%s: warnings %v", f, r.Warnings())
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no records", f)
		}
	}
}

func TestParseCSATime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{"12", 12 * time.Second, true},
		{"1.250", 1250 * time.Millisecond, true},
		{"1.", time.Second, true},
		{"0.000000001", 1, true},
		{"3.1234567891", 3123456789, true},
		{"", 0, false},
		{".5", 0, false},
		{"1.2.3", 0, false},
		{"-1", 0, false},
		{"99999999999999999999", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseCSATime([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseCSATime(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// benchCSA returns n random legal games in CSA, 80 to 160 plies each, with
// times, an occasional comment and a resignation, as one collection.
func benchCSA(n int) (text []byte, moves int) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []shogi.Move
	for g := 0; g < n; g++ {
		if g > 0 {
			text = append(text, "/\n"...)
		}
		text = append(text, "V2.2\nN+black\nN-white\n$START_TIME:2024/01/01 10:00:00\nPI\n+\n"...)
		pos := shogi.StartPosition()
		plies := 80 + rng.IntN(81)
		for i := 0; i < plies; i++ {
			buf = pos.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			text = shogi.AppendCSAMove(text, &pos, m)
			text = append(text, "\nT"...)
			text = strconv.AppendInt(text, int64(rng.IntN(60)), 10)
			text = append(text, '\n')
			if rng.IntN(20) == 0 {
				text = append(text, "'** 120 -3334FU +2625FU\n"...)
			}
			pos.Play(m)
			moves++
		}
		text = append(text, "%TORYO\n"...)
	}
	return text, moves
}

// BenchmarkReadCSA reads a collection of 100 games, checking every move
// with the rules engine. Besides moves/s it reports moves per second of
// CPU time, which a machine busy with other work disturbs less.
func BenchmarkReadCSA(b *testing.B) {
	text, moves := benchCSA(100)
	benchReadCSA(b, text, 100, moves)
}

// BenchmarkReadCSACorpus reads the real games of the shared corpus (every
// valid CSA file, decoded, as one collection), whose moves are cheaper to
// check than random ones: fewer checks, drops and wandering kings.
func BenchmarkReadCSACorpus(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "csa", "*.csa"))
	if len(files) == 0 {
		b.Skip("no shared corpus")
	}
	var text []byte
	games, moves := 0, 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		one := decodeCorpus(raw)
		rec, err := NewCSA(bytes.NewReader(one), Options{}).Read()
		if err != nil {
			continue // INVALID.txt
		}
		for n := range rec.MainLine() {
			if !n.IsEnd() {
				moves++
			}
		}
		text = append(append(text, one...), "\n/\n"...)
		games++
	}
	benchReadCSA(b, text, games, moves)
}

func benchReadCSA(b *testing.B, text []byte, games, moves int) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	cpu := procstat.CPU()
	for b.Loop() {
		r := NewCSA(bytes.NewReader(text), Options{})
		n := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != games {
			b.Fatalf("%d games, want %d", n, games)
		}
	}
	total := float64(moves) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "moves/s")
	if used := procstat.CPU() - cpu; used > 0 {
		b.ReportMetric(total/used.Seconds(), "moves/cpu-s")
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
