package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

var ansiRE = regexp.MustCompile("\x1b\\[[0-9;]*m")

func mustSFEN(t *testing.T, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBoardGridWidth checks the promise of the show command: every line of
// the grid has the same display width, whether the terminal counts
// ambiguous-width characters as one column or two.
func TestBoardGridWidth(t *testing.T) {
	positions := []struct {
		name string
		sfen string
		last shogi.Move
	}{
		{"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0},
		{"promoted and hands", "ln1g3+Rl/1ks1g4/1ppp1p1pp/p3p4/7P1/2P1P4/PPSP1P2P/1KG4+b1/LN3G1NL w BSNs 50",
			shogi.NewMove(shogi.NewSquare(2, 1), shogi.NewSquare(3, 1), false)},
		{"drop highlighted", "4k4/9/9/9/9/9/9/9/4K4 w P 2", shogi.NewDrop(shogi.Pawn, shogi.NewSquare(1, 9))},
		{"edge squares", "+l7+L/9/9/9/4k4/9/9/9/+P3K3+p b - 1", shogi.NewMove(shogi.NewSquare(9, 1), shogi.NewSquare(1, 9), true)},
	}
	for _, pc := range positions {
		pos := mustSFEN(t, pc.sfen)
		for _, ascii := range []bool{false, true} {
			for _, flip := range []bool{false, true} {
				for _, color := range []bool{false, true} {
					for _, ea := range []bool{false, true} {
						b := Board{ASCII: ascii, Flip: flip, Color: color, EastAsian: ea}
						name := pc.name
						for _, f := range []struct {
							on bool
							s  string
						}{{ascii, "ascii"}, {flip, "flip"}, {color, "color"}, {ea, "east-asian"}} {
							if f.on {
								name += "/" + f.s
							}
						}
						t.Run(name, func(t *testing.T) {
							grid := string(b.AppendGrid(nil, &pos, pc.last))
							if color != strings.Contains(grid, "\x1b[") {
								t.Errorf("colour escapes present = %v, want %v", !color, color)
							}
							cond := &runewidth.Condition{EastAsianWidth: ea}
							lines := strings.Split(strings.TrimSuffix(ansiRE.ReplaceAllString(grid, ""), "\n"), "\n")
							if len(lines) != 12 {
								t.Fatalf("got %d lines, want 12:\n%s", len(lines), grid)
							}
							want := cond.StringWidth(lines[0])
							for i, l := range lines {
								if w := cond.StringWidth(l); w != want {
									t.Errorf("line %d is %d columns wide, line 1 is %d:\n%s", i+1, w, want, strings.Join(lines, "\n"))
								}
							}
						})
					}
				}
			}
		}
	}
}

func TestBoardDraw(t *testing.T) {
	start := shogi.StartPosition()
	after := start
	m := shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false)
	after.Play(m)
	hands := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b R2B12Pg 1")
	tests := []struct {
		name  string
		board Board
		view  BoardView
		want  string
	}{
		{"start", Board{}, BoardView{Pos: &start, Black: "羽生善治", White: "藤井聡太", Event: "練習対局"}, `棋戦：練習対局
☗先手：羽生善治
☖後手：藤井聡太
手数＝0
☖後手の持駒：なし
   ９  ８  ７  ６  ５  ４  ３  ２  １    
+-------------------------------------+  
| v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 |一
|  ・ v飛  ・  ・  ・  ・  ・ v角  ・ |二
| v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 |三
|  ・  ・  ・  ・  ・  ・  ・  ・  ・ |四
|  ・  ・  ・  ・  ・  ・  ・  ・  ・ |五
|  ・  ・  ・  ・  ・  ・  ・  ・  ・ |六
|  歩  歩  歩  歩  歩  歩  歩  歩  歩 |七
|  ・  角  ・  ・  ・  ・  ・  飛  ・ |八
|  香  桂  銀  金  玉  金  銀  桂  香 |九
+-------------------------------------+  
☗先手の持駒：なし
☗先手番
`},
		{"last move bracketed", Board{}, BoardView{Pos: &after, Last: m, Ply: 1, MoveText: "▲７六歩(77)"}, `手数＝1  ▲７六歩(77)
☖後手の持駒：なし
   ９  ８  ７  ６  ５  ４  ３  ２  １    
+-------------------------------------+  
| v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 |一
|  ・ v飛  ・  ・  ・  ・  ・ v角  ・ |二
| v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 |三
|  ・  ・  ・  ・  ・  ・  ・  ・  ・ |四
|  ・  ・  ・  ・  ・  ・  ・  ・  ・ |五
|  ・  ・[ 歩] ・  ・  ・  ・  ・  ・ |六
|  歩  歩[ ・] 歩  歩  歩  歩  歩  歩 |七
|  ・  角  ・  ・  ・  ・  ・  飛  ・ |八
|  香  桂  銀  金  玉  金  銀  桂  香 |九
+-------------------------------------+  
☗先手の持駒：なし
☖後手番
`},
		{"ascii flipped with hands", Board{ASCII: true, Flip: true}, BoardView{Pos: &hands, Ply: 3, Handicap: true}, `Ply 3
Black hand: R B2 P12
   1   2   3   4   5   6   7   8   9     
+-------------------------------------+  
|  .   .   .   .   K   .   .   .   .  |i 
|  .   .   .   .   .   .   .   .   .  |h 
|  .   .   .   .   .   .   .   .   .  |g 
|  .   .   .   .   .   .   .   .   .  |f 
|  .   .   .   .   .   .   .   .   .  |e 
|  .   .   .   .   .   .   .   .   .  |d 
|  .   .   .   .   .   .   .   .   .  |c 
|  .   .   .   .   .   .   .   .   .  |b 
|  .   .   .   .   k   .   .   .   .  |a 
+-------------------------------------+  
White hand: g
Black to move
`},
		{"kanji hand counts", Board{}, BoardView{Pos: &hands, Handicap: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.board.Draw(&buf, tt.view); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			if tt.want == "" {
				for _, s := range []string{"☗下手の持駒：飛　角二　歩十二\n", "☖上手の持駒：金\n"} {
					if !strings.Contains(got, s) {
						t.Errorf("missing %q in\n%s", s, got)
					}
				}
				return
			}
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
