package parse_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// maxSeedBytes keeps seeds small: the fuzzer mutates every seed, and a
// large one makes each execution slow without reaching new code.
const maxSeedBytes = 64 << 10

// seedDirs are the folders a format's seeds come from: our own testdata,
// and the shared real-world corpus when it is checked out beside the repo
// (read in place, never copied).
func seedDirs(format string) []string {
	root := moduleRoot()
	dirs := []string{filepath.Join(root, "testdata", format)}
	corpus := map[string]string{"kif": "kif", "ki2": "ki2", "csa": "csa", "jkf": "jkf", "usi": "usi", "sfen": "usi"}
	if c, ok := corpus[format]; ok {
		dirs = append(dirs, filepath.Join(root, "..", "shared", "corpus", c))
	}
	return dirs
}

// moduleRoot finds the repository root (the folder of go.mod) above the
// test's folder.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return filepath.Join("..", "..")
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return filepath.Join("..", "..")
		}
	}
}

// addSeeds adds every small file of the format's seed folders, decoded to
// UTF-8 as the CLI hands text to a reader, plus the inline seeds.
func addSeeds(f *testing.F, format string, inline ...string) int {
	n := 0
	for _, dir := range seedDirs(format) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if e.IsDir() {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil || len(b) > maxSeedBytes {
				continue
			}
			text, _, _ := charset.Decode(b)
			f.Add(string(text))
			n++
		}
	}
	for _, s := range inline {
		f.Add(s)
		n++
	}
	return n
}

// fuzzRead is the body of every FuzzRead<Format>: it looks the reader up in
// parse.Formats(), so a format is fuzzed exactly as the CLI reads it.
func fuzzRead(f *testing.F, format string, inline ...string) {
	pf, ok := parse.Lookup(format)
	if !ok || pf.Name != format {
		f.Skipf("no %s reader in parse.Formats()", format)
	}
	addSeeds(f, format, inline...)
	// The input is a string, as in the readers' own fuzz tests, so that
	// the stored corpus of a FuzzRead<Format> fits either.
	f.Fuzz(func(t *testing.T, data string) {
		checkRead(t, pf, []byte(data))
	})
}

// readResult is what one pass over an input gave.
type readResult struct {
	recs     []*shogi.Record
	errs     int
	warnings int
	firstErr int // the records read before the first error, if errs > 0
}

// readAll reads every record of data with a bounded loop and checks each
// error, warning and record. A reader must make progress: it cannot return
// more records or errors than the input has bytes (plus the final EOF).
func readAll(t *testing.T, pf parse.Format, data []byte, opt parse.Options) readResult {
	t.Helper()
	lines := splitLines(data)
	r := pf.New(bytes.NewReader(data), opt)
	var res readResult
	var lastErr error
	for i := 0; ; i++ {
		if i > len(data)+2 {
			t.Fatalf("%s: %d Read calls on %d bytes without io.EOF (last error %v)", pf.Name, i, len(data), lastErr)
		}
		rec, err := r.Read()
		// Problems tolerated in text that held no record come with io.EOF.
		for _, w := range r.Warnings() {
			checkError(t, pf.Name, opt.Filename, lines, w)
			res.warnings++
		}
		if err == io.EOF {
			if rec != nil {
				t.Fatalf("%s: a record together with io.EOF", pf.Name)
			}
			break
		}
		if err != nil {
			if rec != nil {
				t.Fatalf("%s: a record together with error %v", pf.Name, err)
			}
			checkErr(t, pf.Name, opt.Filename, lines, err)
			if res.errs == 0 {
				res.firstErr = len(res.recs)
			}
			res.errs++
			// A reader may go on after an error (a collection) or keep
			// returning it, as json.Decoder does: the CLI stops at the
			// first error, so a repeated error ends the input too.
			if lastErr != nil && lastErr.Error() == err.Error() {
				break
			}
			lastErr = err
			continue
		}
		if rec == nil {
			t.Fatalf("%s: nil record without an error", pf.Name)
		}
		checkTree(t, pf.Name, rec)
		res.recs = append(res.recs, rec)
	}
	return res
}

// readReused reads data with ReuseRecord, its memory in mem, as the
// command line reads through a Pool. Every record is the same one,
// overwritten: it is compared with what reading into new records gave
// (fresh), as it comes, up to fresh's first error, which must end the
// sequence; a sequence that ends without one leaves the last record as it
// was yielded.
func readReused(t *testing.T, pf parse.Format, data []byte, opt parse.Options, mem *parse.Memory, fresh readResult) {
	t.Helper()
	r := pf.New(bytes.NewReader(data), parse.WithMemory(opt, mem))
	k := 0
	var into *shogi.Record
	for rec, err := range parse.Records(r) {
		if err != nil {
			if fresh.errs == 0 || fresh.firstErr != k {
				t.Fatalf("%s: error after %d records read into a reused record: %v", pf.Name, k, err)
			}
			return
		}
		if k >= len(fresh.recs) || fresh.errs > 0 && k == fresh.firstErr {
			t.Fatalf("%s: more records read into a reused record than into new ones", pf.Name)
		}
		if into != nil && rec != into {
			t.Fatalf("%s: record %d is not the reused one", pf.Name, k+1)
		}
		into = rec
		if d := shogi.Compare(fresh.recs[k], rec, shogi.CompareOptions{}); !d.Equal() {
			t.Fatalf("%s: record %d differs when read into a reused record: %+v", pf.Name, k+1, d)
		}
		k++
	}
	if k != len(fresh.recs) || fresh.errs > 0 {
		t.Fatalf("%s: %d records read into a reused record, %d into new ones (%d errors)", pf.Name, k, len(fresh.recs), fresh.errs)
	}
	if k > 0 {
		if d := shogi.Compare(fresh.recs[k-1], into, shogi.CompareOptions{}); !d.Equal() {
			t.Fatalf("%s: the last record changed at the end of the sequence: %+v", pf.Name, d)
		}
	}
}

// checkRead reads data leniently and strictly and writes back what it read.
func checkRead(t *testing.T, pf parse.Format, data []byte) {
	name := "fuzz" + pf.Extensions[0]
	lenient := readAll(t, pf, data, parse.Options{Filename: name})
	strict := readAll(t, pf, data, parse.Options{Filename: name, Strict: true})
	// Read into reused memory twice: the second pass starts from what the
	// first left behind, so nothing of it may show.
	mem := new(parse.Memory)
	for range 2 {
		readReused(t, pf, data, parse.Options{Filename: name}, mem, lenient)
	}
	if lenient.errs == 0 && lenient.warnings == 0 && strict.errs > 0 {
		t.Fatalf("%s: strict reading fails where lenient reading found no problem", pf.Name)
	}
	checkPlaces(t, pf, data, lenient, nil)
	checkPlaces(t, pf, data, lenient, mem)
	for _, rec := range lenient.recs {
		checkWriteBack(t, pf, rec)
	}
}

// checkPlaces reads data with places (validate's reading), into new
// records or, when mem is not nil, into memory that has served reads
// before (the kept text lives there): the records are those read without,
// and every place of what Check finds in each, looked up at once (a
// record's Source is good until the next Read), is on a line of the input,
// quotes that line and has a column on it.
func checkPlaces(t *testing.T, pf parse.Format, data []byte, lenient readResult, mem *parse.Memory) {
	t.Helper()
	lines := splitLines(data)
	opt := parse.Options{Filename: "fuzz", Places: true}
	if mem != nil {
		opt = parse.WithMemory(opt, mem)
	}
	r := pf.New(bytes.NewReader(data), opt)
	var lastErr string
	for i, calls := 0, 0; i < len(lenient.recs) && calls <= len(data)+2; calls++ {
		rec, err := r.Read()
		if err == io.EOF {
			t.Fatalf("%s: with places, %d records, want %d", pf.Name, i, len(lenient.recs))
		}
		if err != nil {
			// As readAll: a collection goes on after an error.
			if err.Error() == lastErr {
				t.Fatalf("%s: with places, record %d: %v", pf.Name, i+1, err)
			}
			lastErr = err.Error()
			continue
		}
		i++
		if d := shogi.Compare(lenient.recs[i-1], rec, shogi.CompareOptions{}); !d.Equal() {
			t.Fatalf("%s: record %d differs when read with places: %+v", pf.Name, i, d)
		}
		for _, f := range rec.Check() {
			p := f.Place
			if !p.IsValid() {
				continue
			}
			if p.Line > len(lines) || p.Col < 1 || p.Col > utf8.RuneCount(lines[p.Line-1])+1 ||
				len(lines[p.Line-1]) <= parse.MaxQuote && p.Text != string(lines[p.Line-1]) {
				t.Fatalf("%s: %s at %d:%d quoting %q; the input has %d lines", pf.Name, f.Code, p.Line, p.Col, p.Text, len(lines))
			}
		}
	}
}

// splitLines splits data as the line reader does (LF, CRLF or a bare CR),
// dropping a leading BOM.
func splitLines(data []byte) [][]byte {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out [][]byte
	for {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			return append(out, data)
		}
		out = append(out, data[:i])
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
}

// checkErr checks an error returned by Read: a positioned *parse.Error or a
// non-empty ErrorList of them.
func checkErr(t *testing.T, format, file string, lines [][]byte, err error) {
	t.Helper()
	var list parse.ErrorList
	if errors.As(err, &list) {
		if len(list) == 0 {
			t.Fatalf("%s: empty ErrorList returned as an error", format)
		}
		for _, e := range list {
			checkError(t, format, file, lines, e)
		}
		return
	}
	var pe *parse.Error
	if !errors.As(err, &pe) {
		t.Fatalf("%s: error %q (%T) is neither a *parse.Error nor an ErrorList", format, err, err)
	}
	checkError(t, format, file, lines, pe)
}

// checkError checks one positioned problem: a stable code from a shogi or
// parse sentinel, the file name, and a line and column inside the input.
func checkError(t *testing.T, format, file string, lines [][]byte, e *parse.Error) {
	t.Helper()
	if e == nil {
		t.Fatalf("%s: nil *parse.Error", format)
	}
	if e.Code() == "error" {
		t.Fatalf("%s: %q wraps no sentinel (Err = %T %v)", format, e, e.Err, e.Err)
	}
	if e.Pos.File != file {
		t.Fatalf("%s: %q: file %q, want %q", format, e, e.Pos.File, file)
	}
	// Only "no record in the input" is about the whole input and may
	// have no line.
	if e.Pos.Line == 0 && errors.Is(e, parse.ErrEmpty) {
		return
	}
	if e.Pos.Line < 1 || e.Pos.Line > len(lines)+1 {
		t.Fatalf("%s: %q: line %d, input has %d lines", format, e, e.Pos.Line, len(lines))
	}
	if e.Pos.Col < 0 {
		t.Fatalf("%s: %q: column %d", format, e, e.Pos.Col)
	}
	if e.Pos.Line <= len(lines) {
		if n := utf8.RuneCount(lines[e.Pos.Line-1]); e.Pos.Col > n+1 {
			t.Fatalf("%s: %q: column %d, line %d has %d characters", format, e, e.Pos.Col, e.Pos.Line, n)
		}
	}
	if strings.TrimSpace(e.Error()) == "" {
		t.Fatalf("%s: empty message", format)
	}
}

// isFoul reports whether an ending documents an illegal move just before it.
func isFoul(e shogi.Ending) bool {
	switch e.Kind {
	case shogi.FoulWin, shogi.FoulLose, shogi.IllegalMove, shogi.IllegalAction:
		return true
	}
	return false
}

// checkTree checks the shape of a record's tree and that every move in it
// is legal. The one tolerated illegal move ends its line (shogi/foul.go):
// alone or with the capture of the king it left in check, then nothing or
// the foul ending that documents it (KIF 反則勝ち, CSA %ILLEGAL_MOVE).
func checkTree(t *testing.T, format string, rec *shogi.Record) {
	t.Helper()
	if rec.Root == nil || rec.Root.Parent() != nil || !rec.Root.Move.IsZero() || rec.Root.IsEnd() {
		t.Fatalf("%s: malformed root", format)
	}
	type item struct {
		n   *shogi.Node
		pos shogi.Position
	}
	stack := []item{{rec.Root, rec.Start}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := range it.n.Children() {
			if c == nil || c.Parent() != it.n {
				t.Fatalf("%s: child with a wrong parent at ply %d", format, it.n.Ply()+1)
			}
			if c.IsEnd() {
				if !c.Move.IsZero() || c.NumChildren() > 0 {
					t.Fatalf("%s: ending node at ply %d holds a move or children", format, c.Ply())
				}
				continue
			}
			if c.Move.IsZero() {
				t.Fatalf("%s: node at ply %d has neither a move nor an ending", format, c.Ply())
			}
			pos := it.pos
			if err := pos.Legal(c.Move); err != nil {
				// An illegal move ends its line: alone (the reader warned),
				// before its foul ending, or before the capture of the king
				// it left in check and then the foul ending.
				after := slices.Collect(c.Children())
				if len(after) == 1 && !after[0].IsEnd() {
					q := pos
					q.PlayRecorded(c.Move)
					if !q.TakesKing(after[0].Move) {
						t.Fatalf("%s: illegal move %s at ply %d (%v) followed by %s, which takes no king", format, c.Move, c.Ply(), err, after[0].Move)
					}
					after = slices.Collect(after[0].Children())
				}
				if len(after) > 1 || len(after) == 1 && (!after[0].IsEnd() || !after[0].End().DocumentsFoulBy(pos.Turn())) {
					t.Fatalf("%s: illegal move %s at ply %d (%v) followed by more than its foul ending", format, c.Move, c.Ply(), err)
				}
				continue
			}
			pos.Play(c.Move)
			stack = append(stack, item{c, pos})
		}
	}
}

// writeBackFormats are the writers a reader's records are written with to
// be read back by the same reader.
var writeBackFormats = map[string][]string{
	"western": {"western", "hosking"},
	"kif":     {"kif", "kifu"},
}

// checkWriteBack writes rec with the writers of the reader's format (as the
// CLI does, allowing loss) and reads the text back: it must read without
// error as one record with the same start and main line. The position
// writers (SFEN, BOD) draw the end of the main line, so their text must
// read back as that position.
func checkWriteBack(t *testing.T, pf parse.Format, rec *shogi.Record) {
	t.Helper()
	names := writeBackFormats[pf.Name]
	if names == nil {
		names = []string{pf.Name}
	}
	for _, wn := range names {
		wf, ok := render.Lookup(wn)
		if !ok || wf.Name != wn {
			continue
		}
		if hasIllegalMove(rec) {
			// The illegal move cannot be replayed by a position writer,
			// a writer whose notation needs a legal position stops the
			// line before it, and text writers are checked on it by
			// their own tests.
			continue
		}
		var buf bytes.Buffer
		w := wf.New(&buf, render.Options{AllowLoss: true})
		if err := w.Write(rec); err != nil {
			t.Fatalf("%s writer fails on a record the %s reader accepted: %v", wn, pf.Name, err)
		}
		if err := w.Flush(); err != nil {
			t.Fatalf("%s writer: flush: %v", wn, err)
		}
		r := pf.New(bytes.NewReader(buf.Bytes()), parse.Options{Filename: "back"})
		back, err := r.Read()
		if err != nil {
			t.Fatalf("%s: cannot read back what the %s writer wrote: %v\n%s", pf.Name, wn, err, buf.Bytes())
		}
		var wantStart shogi.Position
		var wantMoves []shogi.Move
		switch wn {
		case "sfen", "bod":
			p, err := rec.PositionAt(rec.MainLineEnd())
			if err != nil {
				t.Fatalf("%s: main line does not replay: %v", pf.Name, err)
			}
			wantStart = p
		default:
			wantStart = rec.Start
			wantMoves = mainMoves(rec)
		}
		if !back.Start.Equal(&wantStart) {
			t.Fatalf("%s→%s→%s: start %s, want %s\n%s", pf.Name, wn, pf.Name, back.Start.SFEN(), wantStart.SFEN(), buf.Bytes())
		}
		got := mainMoves(back)
		// A main line whose ending the format cannot carry loses it, and
		// a variation at that ply then reads back as the main line's
		// continuation.
		if len(got) > len(wantMoves) && rec.MainLineEnd().IsEnd() && lostEnding(w.Losses()) {
			got = got[:len(wantMoves)]
		}
		if !equalMoves(got, wantMoves) {
			t.Fatalf("%s→%s→%s: main line %v, want %v\n%s", pf.Name, wn, pf.Name, got, wantMoves, buf.Bytes())
		}
	}
}

func lostEnding(losses []string) bool {
	for _, l := range losses {
		if strings.HasPrefix(l, "ending ") {
			return true
		}
	}
	return false
}

// hasIllegalMove reports whether a line of rec holds an illegal move,
// with its foul ending or (kept by a lenient reader) without one.
func hasIllegalMove(rec *shogi.Record) bool {
	var walk func(n *shogi.Node, pos shogi.Position) bool
	walk = func(n *shogi.Node, pos shogi.Position) bool {
		for c := range n.Children() {
			if c.IsEnd() {
				if isFoul(c.End()) {
					return true
				}
				continue
			}
			if pos.Legal(c.Move) != nil {
				return true
			}
			q := pos
			q.Play(c.Move)
			if walk(c, q) {
				return true
			}
		}
		return false
	}
	return walk(rec.Root, rec.Start)
}

func mainMoves(rec *shogi.Record) []shogi.Move {
	var out []shogi.Move
	for n := range rec.MainLine() {
		if !n.Move.IsZero() {
			out = append(out, n.Move)
		}
	}
	return out
}

func equalMoves(a, b []shogi.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func FuzzReadKIF(f *testing.F) {
	fuzzRead(f, "kif",
		"手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n*comment\n   2 ３四歩(33)   ( 0:05/00:00:05)+\n   3 投了\nまで2手で後手の勝ち\n\n変化：2手\n   2 ８四歩(83)   ( 0:02/00:00:02)\n",
		"   1 ７六歩(77)\n   2 同　歩(33)\n",
		"後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n   1 ５二金打\n",
	)
}

func FuzzReadKI2(f *testing.F) {
	fuzzRead(f, "ki2",
		"手合割：平手\n先手：A\n後手：B\n\n▲７六歩    △３四歩    ▲２二角成  △同　銀\n*comment\n▲５八金右  △投了\nまで5手で先手の勝ち\n\n変化：3手\n▲６八銀\n",
		"▲７六歩△３四歩▲２六歩△８四歩",
	)
}

func FuzzReadCSA(f *testing.F) {
	fuzzRead(f, "csa",
		"V2.2\nN+A\nN-B\n$EVENT:e\nPI\n+\n+7776FU\nT12\n-3334FU\n%TORYO\n/\nPI82HI22KA\n-\n-3334FU,T1\n%CHUDAN\n",
		"'CSA encoding=UTF-8\nV3.0\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP+00FU\n+\n+7776FU,T1.5\n",
	)
}

func FuzzReadJKF(f *testing.F) {
	fuzzRead(f, "jkf",
		`{"header":{"先手":"A"},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":0,"s":1},"total":{"h":0,"m":0,"s":1}}},{"special":"TORYO"}]}`,
		`{"header":{},"moves":[{"comments":["c"]},{"move":{"to":{"x":7,"y":6},"piece":"FU","same":false},"forks":[[{"move":{"to":{"x":2,"y":6},"piece":"FU"}}]]}]}`,
	)
}

func FuzzReadUSI(f *testing.F) {
	fuzzRead(f, "usi",
		"position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e resign\n",
		"position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\nstartpos moves 7g7f\n",
	)
}

func FuzzReadSFEN(f *testing.F) {
	fuzzRead(f, "sfen",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n",
		"sfen 4k4/9/9/9/9/9/9/9/4K4 w 2P 12\n# comment\n\n8k/9/9/9/9/9/9/9/K8 b - 1\n",
	)
}

func FuzzReadPSN(f *testing.F) {
	fuzzRead(f, "psn",
		"[Sente \"A\"]\n[Gote \"B\"]\n[Result \"1-0\"]\n\n1.P7g-7f P3c-3d 2.Bx2b+ (2.P2g-2f) Sx2b {comment} 3.B*4e Resigns\n",
		"[Handicap \"Lance\"]\n[SFEN \"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\"]\n1...P3c-3d\n",
	)
}

func FuzzReadBOD(f *testing.F) {
	fuzzRead(f, "bod",
		"後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金 歩二\n先手番\n手数＝12  ▲７六歩  まで\n",
	)
}

func FuzzReadWestern(f *testing.F) {
	fuzzRead(f, "western",
		"Black: A\nWhite: B\n\n1. P-7f P-3d 2. Bx2b+ Sx2b 3. B*4e {comment} (3. P-2f) K-4b\nResigns\n",
		"1. P76 P34 2. Bx22+ Sx22 3. B'45\n",
	)
}

func FuzzReadKK(f *testing.F) {
	fuzzRead(f, "kk",
		"Black: A\n\n1.☗歩-76 ☖歩-34 2.☗角x22+ ☖銀x 3.☗角*45 {c} (3.☗歩-26)\n",
	)
}

// FuzzDetect checks that format detection never panics, names a registered
// readable format or nothing, and does not depend on anything but its input.
func FuzzDetect(f *testing.F) {
	for _, format := range []string{"kif", "ki2", "csa", "jkf", "usi", "psn", "bod", "western", "kk"} {
		for _, dir := range seedDirs(format) {
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				b, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err != nil || len(b) > maxSeedBytes {
					continue
				}
				text, _, _ := charset.Decode(b)
				f.Add(text, e.Name())
			}
		}
	}
	f.Add([]byte("position startpos moves 7g7f"), "")
	f.Add([]byte("  \ufeff{"), "x.kif")
	f.Add([]byte("sfen 9/9/9/9/9/9/9/9/9 b - 1"), "a.usi")
	f.Add([]byte("4k3P/9/9/9/9/9/9/9/4K4 b - 1\n"), "-")
	f.Add([]byte("Black: a\n\n1. P76 P34\n"), "x.txt")
	f.Add([]byte("☗歩-76 ☖歩-34\n"), "")
	f.Add([]byte("{\ncomment\n}\n1. P7g-7f\n"), "-")
	f.Fuzz(func(t *testing.T, text []byte, name string) {
		d := parse.DetectFormat(name, text)
		got := d.Format
		if got != "" {
			if pf, ok := parse.Lookup(got); !ok || pf.Name != got {
				t.Fatalf("Detect = %q, which is not a readable format", got)
			}
		}
		if d.Reason == "" {
			t.Fatalf("DetectFormat(%q, %q) gives no reason", name, text)
		}
		// An extension that names one format decides it.
		if ext := strings.ToLower(filepath.Ext(name)); name != "-" && ext != "" && !parse.IsGenericExtension(ext) {
			if pf, ok := parse.Lookup(ext); ok && got != pf.Name {
				t.Fatalf("DetectFormat(%q) = %q, but the extension names %q", name, got, pf.Name)
			}
		}
		if again := parse.Detect(bytes.Clone(text), name); again != got {
			t.Fatalf("Detect is not deterministic: %q then %q", got, again)
		}
	})
}
