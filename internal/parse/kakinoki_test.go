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
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi"
)

// kkDump prints a record read by the KIF, KI2 or BOD reader exactly: start
// (with its move number), header, and the whole tree in file order with
// endings, times, comments and bookmarks. It walks with an explicit stack.
func kkDump(rec *shogi.Record) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "start %s %s\n", rec.Start.SFEN(), rec.Preset.KIF())
	for _, f := range rec.Header {
		fmt.Fprintf(&sb, "header %s=%q\n", f.Key, f.Value)
	}
	type item struct {
		n   *shogi.Node
		ind string
	}
	stack := []item{{rec.Root, ""}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		switch {
		case n.Parent() == nil:
			sb.WriteString("root")
		case n.IsEnd():
			fmt.Fprintf(&sb, "%s%d %s/%s/%s", it.ind, n.Ply(), n.End().Kind, n.End().Side, n.End().Word)
		default:
			fmt.Fprintf(&sb, "%s%d %s", it.ind, n.Ply(), n.Move)
		}
		if n.Time().HasTime || n.Time().HasTotal {
			fmt.Fprintf(&sb, " (%v / %v)", n.Time().Elapsed, n.Time().Total)
		}
		if len(n.Comments()) > 0 {
			fmt.Fprintf(&sb, " %q", n.Comments())
		}
		if n.Bookmark() != "" {
			fmt.Fprintf(&sb, " &%s", n.Bookmark())
		}
		sb.WriteByte('\n')
		for i := n.NumChildren() - 1; i >= 0; i-- {
			ind := it.ind
			if i > 0 {
				ind += "  "
			}
			stack = append(stack, item{n.Child(i), ind})
		}
	}
	return sb.String()
}

// kkReadText reads a file of our testdata as the CLI does (charset, then the
// reader of the format) and returns the dump and the warnings.
func kkReadText(t *testing.T, format, path string, strict bool) (string, error) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := charset.Decode(src)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(format, strings.NewReader(string(text)), Options{Filename: filepath.Base(path), Strict: strict})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Read()
	if err != nil {
		return "", err
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("second Read: %v, want io.EOF", err)
	}
	var sb strings.Builder
	sb.WriteString(kkDump(rec))
	for _, w := range r.Warnings() {
		fmt.Fprintf(&sb, "warning %v\n", w)
	}
	return sb.String(), nil
}

// TestKakinokiTestdata reads the records of testdata/kif, testdata/ki2 and
// testdata/bod (each named after the producer whose quirks it shows) and
// compares them with their golden dumps. Run with KIFCONV_UPDATE_GOLDEN=1 to
// rewrite the goldens. In strict mode, a file read with warnings must fail
// at its first warning.
func TestKakinokiTestdata(t *testing.T) {
	for _, format := range []string{"kif", "ki2", "bod"} {
		files, _ := filepath.Glob("../../testdata/" + format + "/*.*")
		n := 0
		for _, path := range files {
			if strings.HasSuffix(path, ".golden") {
				continue
			}
			n++
			t.Run(format+"/"+filepath.Base(path), func(t *testing.T) {
				got, err := kkReadText(t, format, path, false)
				if err != nil {
					t.Fatal(err)
				}
				checkGolden(t, path, got)
				i := strings.Index(got, "\nwarning ")
				_, serr := kkReadText(t, format, path, true)
				if i < 0 {
					if serr != nil {
						t.Errorf("strict: %v", serr)
					}
					return
				}
				first := strings.SplitN(got[i+len("\nwarning "):], "\n", 2)[0]
				// A warning is the error Strict gives, perhaps with what
				// the lenient reader did about it.
				if serr == nil || !strings.HasPrefix(first, serr.Error()) {
					t.Errorf("strict: error %v, want the first warning %q", serr, first)
				}
			})
		}
		if n == 0 {
			t.Errorf("no testdata/%s files", format)
		}
	}
}

func TestKakinokiErrors(t *testing.T) {
	const head = "手合割：平手\n手数----指手---------消費時間--\n"
	tests := []struct {
		name   string
		format string
		in     string
		strict bool
		err    error
		line   int
		col    int
		ply    int
	}{
		// The caret is at the first character that is wrong: the second 二.
		{"bad move text", "kif", head + "   1 ７二二金(61)\n", false, shogi.ErrSyntax, 3, 8, 1},
		{"bad origin", "kif", head + "   1 ７六歩(70)\n", false, shogi.ErrBadSquare, 3, 11, 1},
		{"ki2 bad piece", "ki2", "▲７六歩△３四歩▲２二二角成\n", false, shogi.ErrSyntax, 1, 12, 3},
		{"origin of the opponent", "kif", head + "   1 ７二金(61)\n", false, shogi.ErrNotOwnPiece, 3, 6, 1},
		{"empty origin", "kif", head + "   1 ７五歩(76)\n", false, shogi.ErrNoPiece, 3, 6, 1},
		{"wrong piece", "kif", head + "   1 ７六銀(77)\n", false, shogi.ErrWrongPiece, 3, 6, 1},
		{"strict: unreachable, no foul ending", "kif", head + "   1 ５五飛(28)\n   2 ３四歩(33)\n", true, shogi.ErrUnreachable, 3, 6, 1},
		{"strict: illegal last move", "kif", head + "   1 ７六歩(77)\n   2 ５五飛(82)\n", true, shogi.ErrUnreachable, 4, 6, 2},
		{"strict: illegal move then resign", "kif", head + "   1 ５五飛(28)\n   2 投了\n", true, shogi.ErrUnreachable, 3, 6, 1},
		{"strict: nifu", "kif", head + "   1 ２六歩(27)\n   2 ３四歩(33)\n   3 ２五歩(26)\n   4 ８四歩(83)\n   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８五歩(84)\n   9 ７五歩打\n", true, shogi.ErrNifu, 11, 6, 9},
		{"move after an ending", "kif", head + "   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n", false, shogi.ErrSyntax, 5, 6, 0},
		{"variation without a base", "kif", head + "   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)\n", false, ErrBadVariation, 5, 4, 0},
		{"variation after an ending", "kif", head + "   1 投了\n\n変化：2手\n   2 ３四歩(33)\n", false, ErrBadVariation, 5, 4, 0},
		{"variation without a number", "kif", head + "   1 ７六歩(77)\n\n変化：\n   1 ２六歩(27)\n", false, ErrBadVariation, 5, 4, 0},
		{"eight ranks", "kif", "+---------------------------+\n" + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 8) + "+---------------------------+\n", false, ErrBadBoard, 10, 1, 0},
		{"bad board piece", "kif", "+---------------------------+\n| ・ ・ ・ ・ x ・ ・ ・ ・|一\n", false, ErrBadBoard, 2, 11, 0},
		{"ten squares", "kif", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n", false, ErrBadBoard, 2, 21, 0},
		{"wrong rank label", "kif", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n", false, ErrBadBoard, 2, 21, 0},
		{"strict: side not to move in check", "kif", "後手の持駒：なし\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ 金 ・ ・ ・ ・|二\n" + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 7) + "+---------------------------+\n先手の持駒：なし\n", true, shogi.ErrBadPosition, 2, 1, 0},
		{"bad hand", "kif", "先手の持駒：玉\n", false, ErrBadBoard, 1, 7, 0},
		{"damaged encoding", "kif", "\ufffdJ\ufffdn\n" + head, false, ErrSyntax, 1, 1, 0},
		{"bod without a board", "bod", "先手：a\n", false, ErrBadBoard, 1, 1, 0},
		{"strict: unknown line", "kif", "手合割：平手\nこんにちは\n", true, ErrUnknownLine, 2, 1, 0},
		{"strict: bad time", "kif", head + "   1 ７六歩(77)   ( 0:xx/00:00:16)\n", true, ErrBadTime, 3, 16, 0},
		{"strict: move number", "kif", head + "   2 ７六歩(77)\n", true, ErrSyntax, 3, 4, 0},
		{"strict: unknown ending", "kif", head + "   1 勝負なし\n", true, ErrUnknownEnd, 3, 6, 0},
		{"strict: unknown handicap", "kif", "手合割：五々将棋\n", true, ErrBadHeader, 1, 5, 0},
		{"ki2 ambiguous", "ki2", "手合割：平手\n▲７六歩△３四歩▲６八銀△４二銀▲５八金\n", false, shogi.ErrAmbiguous, 2, 17, 5},
		{"ki2 no such move", "ki2", "▲７五歩\n", false, shogi.ErrNoSuchMove, 1, 1, 1},
		{"ki2 move after the result", "ki2", "▲７六歩△投了▲２六歩\n", false, ErrSyntax, 1, 8, 0},
		{"ki2 strict: wrong side mark", "ki2", "△７六歩\n", true, ErrSyntax, 1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := New(tt.format, strings.NewReader(tt.in), Options{Filename: "t", Strict: tt.strict})
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Read()
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *parse.Error", err)
			}
			if !errors.Is(err, tt.err) || pe.Pos.Line != tt.line || pe.Pos.Col != tt.col || pe.Ply != tt.ply || pe.Warning {
				t.Errorf("error %v (line %d col %d ply %d), want %v at %d:%d ply %d", err, pe.Pos.Line, pe.Pos.Col, pe.Ply, tt.err, tt.line, tt.col, tt.ply)
			}
			if !strings.HasPrefix(err.Error(), "t:") {
				t.Errorf("message %q does not start with the file name", err)
			}
		})
	}
}

func TestKakinokiEmpty(t *testing.T) {
	for _, in := range []string{"", "\n\n", "\u3000 \r\n"} {
		if _, err := NewKIF(strings.NewReader(in), Options{}).Read(); err != io.EOF {
			t.Errorf("%q: %v, want io.EOF", in, err)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want lineKind
	}{
		{"", lineBlank},
		{"\u3000 ", lineBlank},
		{"#KIF version=2.0 encoding=UTF-8", lineHash},
		{"*comment", lineComment},
		{"**engine", lineComment},
		{"&基本図", lineBookmark},
		{"変化：3手", lineVariation},
		{"変化:3手", lineVariation},
		{"手数----指手---------消費時間--", lineMoveHeader},
		{"手数----指手--", lineMoveHeader},
		{"まで77手で先手の勝ち", lineSummary},
		{"   1 ７六歩(77)   ( 0:16/00:00:16)", lineKIFMove},
		{"98 ７九歩成(78)", lineKIFMove},
		{"▲７六歩△３四歩", lineKI2Move},
		{"☗７六歩", lineKI2Move},
		{"  ９ ８ ７ ６ ５ ４ ３ ２ １", lineBoardFiles},
		{"  9 8 7 6 5 4 3 2 1", lineBoardFiles},
		{"+---------------------------+", lineBoardEdge},
		{"| ・ ・ ・v桂 ・ ・ ・ ・ ・|一", lineBoardRank},
		{"後手の持駒：金四 銀二", lineHand},
		{"上手の持駒:なし", lineHand},
		{"先手番", lineTurn},
		{"上手番", lineTurn},
		{"手数＝32  ▲７六歩  まで", lineCaption},
		{"盤面反転", lineFlip},
		{"先手：羽生善治", lineHeader},
		{"先手:Alice", lineHeader},
		{"先手の戦型：四間飛車", lineHeader},
		{"手数：9", lineHeader},
		{"こんにちは", lineUnknown},
	}
	for _, tt := range tests {
		if got, _ := classify([]byte(tt.in)); got != tt.want {
			t.Errorf("classify(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestParseKIFTime(t *testing.T) {
	tests := []struct {
		in           string
		el, tot      string
		hasTot, fail bool
	}{
		{" 0:16/00:00:16", "16s", "16s", true, false},
		{" 9:59/99:59:59", "9m59s", "99h59m59s", true, false},
		{"10:06/00:09:06", "10m6s", "9m6s", true, false},
		{" 0:16/00:0/:16", "", "", false, true},
		{"0:4/0:0:4", "4s", "4s", true, false},
		{"00:31 / 00:00:31", "31s", "31s", true, false},
		{" 0:7/", "7s", "0s", false, false},
		{"91:16/01:31:24", "1h31m16s", "1h31m24s", true, false},
		{"1:02:03/10:00:00", "1h2m3s", "10h0m0s", true, false},
		{"123:45/02:03:04", "2h3m45s", "2h3m4s", true, false},
		{" 0:16", "16s", "0s", false, false},
		{"0:16/00:00:1x", "", "", false, true},
		{"0:16/00:00", "16s", "0s", true, false},
		{"1:2:3:4", "", "", false, true},
		{"16", "", "", false, true},
		{"0:xx/00:00:16", "", "", false, true},
		{"", "", "", false, true},
	}
	for _, tt := range tests {
		mt, ok := parseKIFTime([]byte(tt.in))
		if ok == tt.fail {
			t.Errorf("parseKIFTime(%q) ok = %v", tt.in, ok)
			continue
		}
		if ok && (mt.Elapsed.String() != tt.el || mt.HasTotal != tt.hasTot || mt.HasTotal && mt.Total.String() != tt.tot) {
			t.Errorf("parseKIFTime(%q) = %v", tt.in, mt)
		}
	}
}

// TestKakinokiDeepVariations reads 20,000 variations nested one inside the
// other: the tree is built with an explicit stack of lines, not recursion.
func TestKakinokiDeepVariations(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("手合割：平手\n手数----指手---------消費時間--\n")
	moves := benchGame(7, 120)
	p := shogi.StartPosition()
	var texts []string
	for _, m := range moves {
		texts = append(texts, string(shogi.KIFNotation{}.AppendMove(nil, &p, m)))
		p.Play(m)
	}
	for i, s := range texts {
		fmt.Fprintf(&sb, "%d %s\n", i+1, s)
	}
	// Each block is an ending as an alternative to a move of the main line;
	// the line before it ends there, so the block branches from the main
	// line.
	const n = 20000
	for i := 0; i < n; i++ {
		ply := 1 + i%len(texts)
		fmt.Fprintf(&sb, "\n変化：%d手\n%d 中断\n", ply, ply)
	}
	rec, err := NewKIF(strings.NewReader(sb.String()), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.MainLineEnd().Ply(); got != len(texts) {
		t.Errorf("main line has %d plies, want %d", got, len(texts))
	}
	total := 0
	for i, x := 0, rec.Root; x != nil; x, i = x.Next(), i+1 {
		total += max(x.NumChildren()-1, 0)
		if i < len(texts) && x.NumChildren() < 2 {
			t.Fatalf("ply %d has %d children, want the move and 中断", i, x.NumChildren())
		}
	}
	if total != n {
		t.Errorf("%d alternatives, want %d", total, n)
	}
}

// TestKakinokiNestedVariations reads variations nested as deep as a game
// goes, each branching from the one before it (Kifu for Windows lists a
// branch right after the line it branches from), and checks the tree.
func TestKakinokiNestedVariations(t *testing.T) {
	// alt[k] is played at ply k+1 after alt[0..k-1]; next[k] is the move
	// after alt[k] in its block, and alt[k+1] is an alternative to it.
	var alt, next []shogi.Move
	var altText, nextText []string
	p := shogi.StartPosition()
	var buf []shogi.Move
	for ply := 1; ply < 200; ply++ {
		buf = p.LegalMoves(buf[:0])
		if len(buf) < 3 {
			break
		}
		a := buf[(ply*7)%len(buf)]
		if len(next) > 0 && a == next[len(next)-1] {
			a = buf[(ply*7+1)%len(buf)]
		}
		alt = append(alt, a)
		altText = append(altText, string(shogi.KIFNotation{}.AppendMove(nil, &p, a)))
		p.Play(a)
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		nx := buf[0]
		next = append(next, nx)
		nextText = append(nextText, string(shogi.KIFNotation{}.AppendMove(nil, &p, nx)))
	}
	var sb strings.Builder
	sb.WriteString("手合割：平手\n手数----指手---------消費時間--\n")
	fmt.Fprintf(&sb, "1 %s\n2 %s\n", altText[0], nextText[0])
	for k := 1; k < len(next); k++ {
		fmt.Fprintf(&sb, "\n変化：%d手\n%d %s\n%d %s\n", k+1, k+1, altText[k], k+2, nextText[k])
	}
	rec, err := NewKIF(strings.NewReader(sb.String()), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	x := rec.Root
	for k := range next {
		if x.NumChildren() < 1 || x.Child(x.NumChildren()-1).Move != alt[k] {
			t.Fatalf("ply %d: the last child is not the block's move", k+1)
		}
		x = x.Child(x.NumChildren() - 1)
		if x.NumChildren() == 0 || x.Child(0).Move != next[k] {
			t.Fatalf("ply %d: the block's second move is missing", k+2)
		}
	}
	t.Logf("%d nested variations", len(next)-1)
}

// kkAppendMove writes m, played at ply in p, as a KIF or a KI2 move line.
func kkAppendMove(b []byte, ki2 bool, p *shogi.Position, ply int, m shogi.Move) []byte {
	if ki2 {
		b = shogi.AppendSideMark(b, p.Turn())
		b = shogi.KI2Notation{}.AppendMove(b, p, m)
	} else {
		b = strconv.AppendInt(b, int64(ply), 10)
		b = append(b, ' ')
		b = shogi.KIFNotation{}.AppendMove(b, p, m)
	}
	return append(b, '\n')
}

// kkKings is a KIF header whose board holds the two kings only: they always
// have a legal move, however long the game.
const kkKings = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
	"| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n" +
	"先手の持駒：なし\n手数----指手---------消費時間--\n"

// kkNested writes depth variations, each nested in the one before, as Kifu
// for Windows lists them: at ply i the first legal move ends the line, and
// the block 変化：i手 plays the last legal move and goes on. It returns the
// text and the moves of the deepest line.
func kkNested(depth int, ki2 bool) ([]byte, []shogi.Move) {
	b := []byte(kkKings)
	p, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		panic(err)
	}
	var buf, deep []shogi.Move
	for i := 1; i <= depth; i++ {
		buf = p.LegalMoves(buf[:0])
		b = kkAppendMove(b, ki2, &p, i, buf[0])
		b = append(b, "\n変化："...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, "手\n"...)
		m := buf[len(buf)-1]
		b = kkAppendMove(b, ki2, &p, i, m)
		deep = append(deep, m)
		p.Play(m)
	}
	return b, deep
}

// TestKakinokiNestedDeep reads 100,000 nested variations in KIF and KI2
// (the size of render's TestDeepVariations), which must take time linear
// in the input: each block branches from the line before, and the position
// it starts from is not replayed from the root.
func TestKakinokiNestedDeep(t *testing.T) {
	depth := 100_000
	if testing.Short() {
		depth = 5_000
	}
	for _, ki2 := range []bool{false, true} {
		t.Run(map[bool]string{false: "kif", true: "ki2"}[ki2], func(t *testing.T) {
			text, deep := kkNested(depth, ki2)
			start := time.Now()
			var rec *shogi.Record
			var err error
			if ki2 {
				rec, err = NewKI2(bytes.NewReader(text), Options{}).Read()
			} else {
				rec, err = NewKIF(bytes.NewReader(text), Options{}).Read()
			}
			t.Logf("%d nested variations read in %v", depth, time.Since(start))
			if err != nil {
				t.Fatal(err)
			}
			x := rec.Root
			for i, m := range deep {
				if x.NumChildren() != 2 || x.Child(1).Move != m {
					t.Fatalf("ply %d: %d children, want the move that ends the line and the block's move", i+1, x.NumChildren())
				}
				x = x.Child(1)
			}
			if x.NumChildren() != 0 {
				t.Errorf("the deepest line goes on after ply %d", depth)
			}
		})
	}
	// Then blocks go back and forth between ply 2, which is found only far
	// above the line just read, and the end of the deepest line.
	t.Run("kif/back-and-forth", func(t *testing.T) {
		text, deep := kkNested(depth, false)
		p, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
		if err != nil {
			t.Fatal(err)
		}
		var early, late []byte
		for i, m := range deep {
			if i == 1 || i == len(deep)-1 {
				q := p
				if i == len(deep)-1 {
					q.Play(m)
				}
				moves := q.LegalMoves(nil)
				if i == 1 {
					early = kkAppendMove(nil, false, &q, 2, moves[0])
				} else {
					late = kkAppendMove(nil, false, &q, depth+1, moves[0])
				}
			}
			p.Play(m)
		}
		for range depth {
			text = append(text, "\n変化：2手\n"...)
			text = append(text, early...)
			text = append(text, "\n変化："...)
			text = strconv.AppendInt(text, int64(depth+1), 10)
			text = append(text, "手\n"...)
			text = append(text, late...)
		}
		start := time.Now()
		rec, err := NewKIF(bytes.NewReader(text), Options{}).Read()
		t.Logf("%d nested variations and %d blocks back and forth read in %v", depth, 2*depth, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		x := rec.Root.Child(1)
		if n := x.NumChildren(); n != 2+depth {
			t.Errorf("ply 2: %d alternatives, want %d", n, 2+depth)
		}
		for range depth - 1 {
			x = x.Child(1)
		}
		if n := x.NumChildren(); n != depth {
			t.Errorf("ply %d: %d alternatives, want %d", depth+1, n, depth)
		}
	})
}

// TestKakinokiVariationModel reads random trees of variations in KIF and KI2
// and compares them with a plain model of the rule the readers follow (a
// block is an alternative to the move at ply N of the most recent line that
// has a move at ply N−1), kept as whole paths from the root. Blocks nest
// deep, go back to early plies of long lines and to lines read long before,
// so the readers' lookups and stored positions are all used.
func TestKakinokiVariationModel(t *testing.T) {
	for _, ki2 := range []bool{false, true} {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/%d", map[bool]string{false: "kif", true: "ki2"}[ki2], seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 9))
				want := shogi.NewRecord(shogi.StartPosition())
				b := []byte("手合割：平手\n手数----指手---------消費時間--\n")
				var buf []shogi.Move
				// extend plays up to n random moves after the last node of
				// path, writing them and adding them to want.
				extend := func(path []*shogi.Node, n int) []*shogi.Node {
					p, err := want.PositionAt(path[len(path)-1])
					if err != nil {
						t.Fatal(err)
					}
					for range n {
						buf = p.LegalMoves(buf[:0])
						if len(buf) == 0 {
							break
						}
						m := buf[rng.IntN(len(buf))]
						b = kkAppendMove(b, ki2, &p, len(path), m)
						path = append(path, want.AddChild(path[len(path)-1], m, shogi.Ending{}))
						p.Play(m)
					}
					return path
				}
				stack := [][]*shogi.Node{extend([]*shogi.Node{want.Root}, 150)}
				for range 1500 {
					top := stack[len(stack)-1]
					var n int // the ply of the block
					switch r := rng.IntN(10); {
					case r < 6: // nested in the line just read
						n = len(top)
					case r < 8: // early in the line just read
						n = 1 + rng.IntN(len(top))
					default: // in a line read before
						l := stack[rng.IntN(len(stack))]
						n = 1 + rng.IntN(len(l))
					}
					for len(stack[len(stack)-1]) < n {
						stack = stack[:len(stack)-1]
					}
					base := stack[len(stack)-1][:n]
					b = append(b, "\n変化："...)
					b = strconv.AppendInt(b, int64(n), 10)
					b = append(b, "手\n"...)
					path := extend(append([]*shogi.Node(nil), base...), 1+rng.IntN(3))
					if len(path) == n {
						t.Fatalf("no legal move at ply %d", n)
					}
					stack = append(stack, path)
				}
				var rec *shogi.Record
				var err error
				if ki2 {
					rec, err = NewKI2(bytes.NewReader(b), Options{}).Read()
				} else {
					rec, err = NewKIF(bytes.NewReader(b), Options{}).Read()
				}
				if err != nil {
					t.Fatal(err)
				}
				want.Header, want.Preset = rec.Header, rec.Preset
				if got, w := kkDump(rec), kkDump(want); got != w {
					t.Errorf("the tree read differs from the model's\n%s", firstDiff(got, w))
				}
			})
		}
	}
}

// firstDiff shows the first line where two dumps differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\ngot  %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// TestKakinokiCaption reads a diagram with Kifu for Windows' caption: the
// moves go on from the caption's ply, and 同 refers to the caption's move.
func TestKakinokiCaption(t *testing.T) {
	in := `手数＝3  ▲２二角成  まで
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二
|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
| ・ ・ ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：角
後手番
手数----指手---------消費時間--
   4 同　銀(31)
   5 ５五角打
`
	r := NewKIF(strings.NewReader(in), Options{})
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings()) > 0 {
		t.Errorf("warnings: %v", r.Warnings())
	}
	if rec.Start.MoveNumber() != 4 {
		t.Errorf("start move number %d, want 4", rec.Start.MoveNumber())
	}
	var got []string
	for n := range rec.MainLine() {
		got = append(got, n.Move.String())
	}
	if strings.Join(got, " ") != "3a2b B*5e" {
		t.Errorf("moves %v, want [3a2b B*5e]", got)
	}
	// Without the caption, 同 has nothing to refer to.
	_, err = NewKIF(strings.NewReader(in[strings.Index(in, "\n")+1:]), Options{}).Read()
	if !errors.Is(err, shogi.ErrNoPreviousMov) {
		t.Errorf("without the caption: %v, want ErrNoPreviousMov", err)
	}
}

func TestCutSideMark(t *testing.T) {
	tests := []struct {
		in   string
		c    shogi.Color
		rest string
		ok   bool
	}{
		{"▲７六歩", shogi.Black, "７六歩", true},
		{"☗７六歩", shogi.Black, "７六歩", true},
		{"▼７六歩", shogi.Black, "７六歩", true},
		{"△３四歩", shogi.White, "３四歩", true},
		{"☖３四歩", shogi.White, "３四歩", true},
		{"▽３四歩", shogi.White, "３四歩", true},
		{"■３四歩", shogi.Black, "■３四歩", false},
		{"☆３四歩", shogi.Black, "☆３四歩", false},
		{"\xe2\x96", shogi.Black, "\xe2\x96", false},
		{"", shogi.Black, "", false},
	}
	for _, tt := range tests {
		c, rest, ok := cutSideMark([]byte(tt.in))
		if c != tt.c || string(rest) != tt.rest || ok != tt.ok {
			t.Errorf("cutSideMark(%q) = %v, %q, %v; want %v, %q, %v", tt.in, c, rest, ok, tt.c, tt.rest, tt.ok)
		}
	}
}

// TestKfWTimeAgrees checks kfwTime, the reading of the time layout Kifu for
// Windows writes, against parseKIFTime: on every such time it must accept,
// and on random text in parentheses it may decline but must not read
// anything differently.
func TestKfWTimeAgrees(t *testing.T) {
	check := func(text string, mustAccept bool) {
		t.Helper()
		mt, n, ok := kfwTime([]byte(text))
		if !ok {
			if mustAccept {
				t.Errorf("kfwTime(%q) declined", text)
			}
			return
		}
		want, wok := parseKIFTime([]byte(text[1 : n-1]))
		if !wok || mt != want || text[n-1] != ')' {
			t.Errorf("kfwTime(%q) = %+v, %d; parseKIFTime %+v, %v", text, mt, n, want, wok)
		}
	}
	for _, m := range []int{0, 1, 9, 10, 59, 99, 100, 999} {
		for _, s := range []int{0, 7, 59} {
			for _, total := range []int{0, 61, 3599, 3600, 99*3600 + 59*60 + 59} {
				text := fmt.Sprintf("(%2d:%02d/%02d:%02d:%02d)", m, s, total/3600, total/60%60, total%60)
				check(text, true)
				check(text+"+", true)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "0123456789:/ )x"
	for range 200000 {
		b := []byte("( 0:16/00:00:16)")
		for n := 1 + rng.IntN(3); n > 0; n-- {
			b[1+rng.IntN(len(b)-1)] = alphabet[rng.IntN(len(alphabet))]
		}
		check(string(b[:rng.IntN(len(b)+1)]), false)
		check(string(b), false)
	}
}

// TestFastKIFMoveAgrees checks fastKIFMove against shogi.KIFNotation: on
// the text the KIF writer writes for every legal move of positions along
// random games (which it must read), and on random text (which it may
// decline, but must not read differently).
func TestFastKIFMoveAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var moves []shogi.Move
	var buf []byte
	alphabet := []rune("同　 ７六一九１歩成銀香桂角飛龍竜馬と金玉王打不生全圭杏(77)(00)(8)76")
	accepted := 0
	defer func() {
		if accepted < 1000 {
			t.Errorf("only %d altered texts were read: the test tests little", accepted)
		}
	}()
	for game := range 30 {
		p := shogi.StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves = p.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				buf = shogi.KIFNotation{}.AppendMove(buf[:0], &p, m)
				got, n, ok := fastKIFMove(&p, buf)
				if !ok || got != m || n != len(buf) {
					t.Fatalf("game %d ply %d %s: fastKIFMove(%q) = %v, %d, %v; want %v", game, ply, p.SFEN(), buf, got, n, ok, m)
				}
			}
			for range 20 {
				// A legal move's text with one character changed, or
				// random text.
				rs := []rune(string(shogi.KIFNotation{}.AppendMove(buf[:0], &p, moves[rng.IntN(len(moves))])))
				if rng.IntN(4) == 0 {
					rs = rs[:0]
					for n := 1 + rng.IntN(6); n > 0; n-- {
						rs = append(rs, alphabet[rng.IntN(len(alphabet))])
					}
				} else {
					rs[rng.IntN(len(rs))] = alphabet[rng.IntN(len(alphabet))]
				}
				text := string(rs)
				got, n, ok := fastKIFMove(&p, []byte(text))
				if !ok {
					continue
				}
				accepted++
				want, err := shogi.KIFNotation{}.ParseMove(&p, text[:n])
				if err != nil || got != want {
					t.Errorf("%s: fastKIFMove(%q) = %v, %d; KIFNotation %v, %v", p.SFEN(), text, got, n, want, err)
				}
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// TestKakinokiManyComments reads comments on many nodes, several to a node
// and more than a slab holds, and checks each node keeps its own.
func TestKakinokiManyComments(t *testing.T) {
	moves := benchGame(3, 120)
	var b strings.Builder
	b.WriteString("*root\n")
	p := shogi.StartPosition()
	for i, m := range moves {
		fmt.Fprintf(&b, "%d %s\n", i+1, shogi.KIFNotation{}.AppendMove(nil, &p, m))
		for j := range (i*7 + 3) % 5 {
			fmt.Fprintf(&b, "*c%d-%d\n", i+1, j)
		}
		p.Play(m)
	}
	rec, err := NewKIF(strings.NewReader(b.String()), Options{}).Read()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Root.Comments(); len(got) != 1 || got[0] != "root" {
		t.Errorf("root comments %q", got)
	}
	i := 0
	for n := range rec.MainLine() {
		var want []string
		for j := range (i*7 + 3) % 5 {
			want = append(want, fmt.Sprintf("c%d-%d", i+1, j))
		}
		if fmt.Sprint(n.Comments()) != fmt.Sprint(want) || cap(n.Comments()) != len(n.Comments()) {
			t.Errorf("ply %d: comments %q (cap %d), want %q", i+1, n.Comments(), cap(n.Comments()), want)
		}
		i++
	}
	if i != len(moves) {
		t.Errorf("read %d moves, want %d", i, len(moves))
	}
}

func TestHasRuneError(t *testing.T) {
	for _, s := range []string{"", "abc", "先手：羽生", "\uFFFD", "a\uFFFDb", "\xff", "先\xe5手", "\xe5\x85", "\xed\xa0\x80", "\xf0\x9f\x98\x80"} {
		if got, want := hasRuneError([]byte(s)), bytes.ContainsRune([]byte(s), utf8.RuneError); got != want {
			t.Errorf("hasRuneError(%q) = %v, want %v", s, got, want)
		}
	}
}
