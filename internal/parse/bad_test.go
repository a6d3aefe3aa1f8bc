package parse_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/shogi"
)

var updateBad = flag.Bool("update-bad", false, "rewrite testdata/bad/*.want from what the readers say")

// badDir is the bad-input catalogue: one input per case, named
// <case>.<ext> (the extension names the format when the content cannot),
// and beside it <case>.<ext>.want with the one diagnostic it must give.
var badDir = filepath.Join("..", "..", "testdata", "bad")

// outcome reads data as the CLI does (charset.NewReader, parse.Detect on
// the head, parse.New, records until the first error) and describes the
// first problem as `line:col: message [code]`. An input whose records all
// read gives its first warning as `warning line:col: …`, and then reading
// it strictly must fail with exactly that problem; an input with no record
// gives `no record in the input [empty]`, as the CLI reports it.
func outcome(name string, data []byte, strict bool) (string, int) {
	dec, _, err := charset.NewReader(bytes.NewReader(data))
	if err != nil {
		return describe(err), 0
	}
	br := bufio.NewReaderSize(dec, 64<<10)
	head, _ := br.Peek(64 << 10)
	format := parse.Detect(head, name)
	if format == "" {
		return "cannot tell the format [unknown-format]", 0
	}
	r, err := parse.New(format, br, parse.Options{Strict: strict})
	if err != nil {
		return err.Error() + " [error]", 0
	}
	warning := ""
	n := 0
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return describe(err), n
		}
		n++
		if ws := r.Warnings(); len(ws) > 0 && warning == "" {
			warning = "warning " + describe(ws[0])
		}
	}
	switch {
	case warning != "":
		return warning, n
	case n == 0:
		return parse.ErrEmpty.Msg + " [" + parse.ErrEmpty.Code + "]", 0
	}
	return "", n
}

// describe gives the one-line form of a reader's error.
func describe(err error) string {
	var list parse.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		err = list[0]
	}
	var pe *parse.Error
	if errors.As(err, &pe) {
		return pe.Error() + " [" + pe.Code() + "]"
	}
	if errors.Is(err, charset.ErrBinary) {
		return err.Error() + " [binary]" // the code the CLI gives it
	}
	var de *charset.DecodeError
	if errors.As(err, &de) {
		return strconv.Itoa(de.Line) + ": invalid " + string(de.Encoding) + " byte sequence at byte offset " +
			strconv.FormatInt(de.Offset, 10) + " [encoding]"
	}
	return err.Error() + " [error]"
}

// TestBadInputs runs the catalogue in testdata/bad: every input gives
// exactly the diagnostic recorded beside it, with a stable code, within a
// second.
func TestBadInputs(t *testing.T) {
	ents, err := os.ReadDir(badDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, ".want") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(badDir, name))
			if err != nil {
				t.Fatal(err)
			}
			var got string
			within(t, 30*time.Second, func() { got, _ = outcome(name, data, false) })
			wantFile := filepath.Join(badDir, name+".want")
			if *updateBad {
				if err := os.WriteFile(wantFile, []byte(got+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.TrimRight(string(b), "\n")
			if got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
			checkClear(t, got)
			if w, ok := strings.CutPrefix(got, "warning "); ok {
				strictGot, _ := outcome(name, data, true)
				// The error, perhaps with what the lenient reader did.
				if !strings.HasPrefix(w, strings.TrimSuffix(strictGot, " ["+pcode(strictGot)+"]")) || pcode(w) != pcode(strictGot) {
					t.Fatalf("strict: got %s\nwant %s", strictGot, w)
				}
			}
		})
	}
	if n < 40 {
		t.Fatalf("only %d cases in %s", n, badDir)
	}
}

// checkClear fails unless a diagnostic has a specific code and a message.
func checkClear(t *testing.T, d string) {
	t.Helper()
	if d == "" {
		t.Fatal("the input was read without any problem")
	}
	i := strings.LastIndex(d, " [")
	if i < 0 || !strings.HasSuffix(d, "]") {
		t.Fatalf("%s: no [code]", d)
	}
	if code := d[i+2 : len(d)-1]; code == "error" || code == "" {
		t.Fatalf("%s: no specific code", d)
	}
}

// within runs f and fails the test if it takes longer than limit: a
// reader must never hang.
func within(t *testing.T, limit time.Duration, f func()) time.Duration {
	t.Helper()
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
		return time.Since(start)
	case <-time.After(limit):
		t.Fatalf("still running after %v", limit)
		return 0
	}
}

// measure runs f and returns its time, the bytes it allocated and the
// heap still in use after it (with what f keeps alive).
func measure(f func()) (time.Duration, uint64, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return d, after.TotalAlloc - before.TotalAlloc, after.HeapInuse
}

// repeatReader yields head, then body count times, then tail, without
// holding the whole input in memory.
type repeatReader struct {
	head, body, tail []byte
	count            int
	cur              []byte
}

func newRepeatReader(head, body string, count int, tail string) *repeatReader {
	return &repeatReader{head: []byte(head), body: []byte(body), count: count, tail: []byte(tail)}
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for len(r.cur) == 0 {
		switch {
		case r.head != nil:
			r.cur, r.head = r.head, nil
		case r.count > 0:
			r.cur = r.body
			r.count--
		case r.tail != nil:
			r.cur, r.tail = r.tail, nil
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

// genReader yields the lines line(0), line(1), … line(n-1), each
// generated when it is reached, so that a huge input costs no memory.
type genReader struct {
	line func(i int) string
	i, n int
	cur  []byte
}

func (g *genReader) Read(p []byte) (int, error) {
	for len(g.cur) == 0 {
		if g.i == g.n {
			return 0, io.EOF
		}
		g.cur = []byte(g.line(g.i))
		g.i++
	}
	k := copy(p, g.cur)
	g.cur = g.cur[k:]
	return k, nil
}

// heavyCase is a generated bad or extreme input, too big for the repo.
type heavyCase struct {
	name   string // with the extension that names the format
	format string
	input  func() io.Reader
	want   string // the diagnostic; "" when the input must read
	any    bool   // either outcome will do, as long as an error is clear
	check  func(t *testing.T, rec *shogi.Record)
}

// The 1,000,000-move game shuffles the kings: legal, and readers do not
// look for repetitions.
var kingShuffle = [4]string{"5i4i", "5a4a", "4i5i", "4a5a"}

const kingsCSA = "V2.2\nP1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n" +
	"P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n" +
	"P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \n+\n"

const bigLine = 50 << 20

var heavyCases = []heavyCase{
	{name: "long-line.usi", format: "usi",
		input: func() io.Reader {
			return newRepeatReader("position startpos moves", strings.Repeat(" 7g7f", 1000), bigLine/5000, "\n")
		},
		want: "1:1: line longer than the reader's limit: a line longer than 16777216 bytes [line-too-long]"},
	{name: "long-line.kif", format: "kif",
		input: func() io.Reader {
			return newRepeatReader("*", strings.Repeat("コメント", 1000), bigLine/12000, "\n")
		},
		want: "1:1: line longer than the reader's limit: a line longer than 16777216 bytes [line-too-long]"},
	{name: "long-line.csa", format: "csa",
		input: func() io.Reader {
			return newRepeatReader("V2.2\nPI\n+\n'", strings.Repeat("x", 4096), bigLine/4096, "\n")
		},
		want: "4:1: line longer than the reader's limit: a line longer than 16777216 bytes [line-too-long]"},
	{name: "long-line.psn", format: "psn",
		input: func() io.Reader {
			return newRepeatReader("[Sente \"A\"]\n\n1.P7g-7f {", strings.Repeat("x", 4096), bigLine/4096, "}\n")
		},
		want: "3:1: line longer than the reader's limit: a line longer than 16777216 bytes [line-too-long]"},
	// JSON has no lines: a 50 MB document on one line is one value, and
	// the reader may take it or refuse it by size.
	{name: "long-line.jkf", format: "jkf", any: true,
		input: func() io.Reader {
			return newRepeatReader(`{"header":{"x":"`, strings.Repeat("y", 4096), bigLine/4096, `"},"moves":[{}]}`)
		}},
	{name: "million-moves.usi", format: "usi",
		input: func() io.Reader {
			return newRepeatReader("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves",
				" "+strings.Join(kingShuffle[:], " "), 250_000, "\n")
		},
		check: func(t *testing.T, rec *shogi.Record) { checkPlies(t, rec, 1_000_000) }},
	{name: "million-moves.csa", format: "csa",
		input: func() io.Reader {
			return newRepeatReader(kingsCSA, "+5949OU\n-5141OU\n+4959OU\n-4151OU\n", 250_000, "%CHUDAN\n")
		},
		check: func(t *testing.T, rec *shogi.Record) { checkPlies(t, rec, 1_000_001) }},
	{name: "million-moves.kif", format: "kif",
		input: func() io.Reader {
			moves := [4]string{"４九玉(59)", "４一玉(51)", "５九玉(49)", "５一玉(41)"}
			return &genReader{n: 1_000_001, line: func(i int) string {
				if i == 0 {
					return "手合割：平手\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
						"| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" +
						"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n" +
						"| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n" +
						"| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n" +
						"先手の持駒：なし\n手数----指手---------消費時間--\n"
				}
				return strconv.Itoa(i) + " " + moves[(i-1)%4] + "\n"
			}}
		},
		check: func(t *testing.T, rec *shogi.Record) { checkPlies(t, rec, 1_000_000) }},
	// 100,000 variations, each opened inside the one before: in PGN order
	// each is one more alternative to the first move.
	{name: "nested-variations.psn", format: "psn",
		input: func() io.Reader {
			return newRepeatReader("[Sente \"A\"]\n\n1.P7g-7f ", "(1.P2g-2f ", 100_000, strings.Repeat(")", 100_000)+"\n")
		},
		check: func(t *testing.T, rec *shogi.Record) { checkAlternatives(t, rec, 100_001) }},
	// jsontext, the JKF reader's decoder, stops at 10,000 levels of JSON
	// (about 3,300 of forks): a clear error, soon, in little memory.
	{name: "nested-variations.jkf", format: "jkf",
		want: "1:243278: malformed JSON: JSON nested deeper than 10000 levels (forks nested about 3333 deep), the decoder's limit [bad-json]",
		input: func() io.Reader {
			return newRepeatReader(`{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}`,
				`,"forks":[[{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}`, 100_000,
				strings.Repeat("}]]", 100_000)+"}]}")
		}},
	// KIF has no nesting in its syntax: 100,000 変化 blocks for one ply.
	{name: "wide-variations.kif", format: "kif",
		input: func() io.Reader {
			return newRepeatReader("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n",
				"\n変化：2手\n   2 ８四歩(83)\n", 100_000, "")
		},
		check: func(t *testing.T, rec *shogi.Record) {
			if n := rec.NodeAt(1).NumChildren(); n != 100_001 {
				t.Errorf("%d alternatives at ply 2, want 100001", n)
			}
		}},
}

// heavyEnv names the case a child process of TestHeavyInputs runs.
const heavyEnv = "KIFCONV_HEAVY_CASE"

// heavyLimit is the time a heavy case may take, including the child
// process's start; what they take is logged.
const heavyLimit = 120 * time.Second // a hang guard, not a speed target: figures are logged and benchmarks hold the targets

// TestHeavyInputs reads generated extreme inputs: 50 MB lines, 100,000
// nested variations, 1,000,000-move games. Each runs in a child process
// (this test binary again), so that a hang is killed at heavyLimit and the
// peak memory of the read is the child's maximum resident set; both bounds
// are logged for the closing note of the robustness issue.
func TestHeavyInputs(t *testing.T) {
	if name := os.Getenv(heavyEnv); name != "" {
		for _, c := range heavyCases {
			if c.name == name {
				runHeavy(t, c)
				return
			}
		}
		t.Fatalf("no heavy case %q", name)
	}
	if testing.Short() {
		t.Skip("heavy generated inputs")
	}
	for _, c := range heavyCases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), heavyLimit)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHeavyInputs$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), heavyEnv+"="+c.name)
			start := time.Now()
			out, err := cmd.CombinedOutput()
			wall := time.Since(start)
			rss := int64(0)
			if b, ok := procstat.PeakRSS(cmd.ProcessState); ok {
				rss = b >> 20
			}
			t.Logf("%s: %v wall, %d MB peak RSS", c.name, wall.Round(time.Millisecond), rss)
			for _, l := range strings.Split(string(out), "\n") {
				if strings.Contains(l, "heavy:") {
					t.Log(strings.TrimSpace(l))
				}
			}
			if ctx.Err() != nil {
				t.Fatalf("no result within %v: killed", heavyLimit)
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}

// runHeavy reads one heavy case in this (child) process.
func runHeavy(t *testing.T, c heavyCase) {
	var rec *shogi.Record
	var err error
	d, alloc, inuse := measure(func() {
		r, _ := parse.New(c.format, c.input(), parse.Options{})
		rec, err = r.Read()
	})
	t.Logf("heavy: read in %v, %d MB allocated, %d MB of heap in use after", d.Round(time.Millisecond), alloc>>20, inuse>>20)
	got := ""
	if err != nil {
		got = describe(err)
	}
	t.Logf("heavy: outcome %q", got)
	switch {
	case c.any:
		if err != nil {
			checkClear(t, got)
		}
	case got != c.want:
		t.Fatalf("got  %s\nwant %s", got, c.want)
	case rec != nil && c.check != nil:
		c.check(t, rec)
	}
}

func checkPlies(t *testing.T, rec *shogi.Record, want int) {
	t.Helper()
	n := 0
	for range rec.MainLine() {
		n++
	}
	if n != want {
		t.Errorf("main line of %d plies, want %d", n, want)
	}
}

// checkAlternatives checks that the root's first move has n alternatives:
// in PGN order a variation nested right after a move's first move is one
// more alternative to it.
func checkAlternatives(t *testing.T, rec *shogi.Record, n int) {
	t.Helper()
	if got := rec.Root.NumChildren(); got != n {
		t.Errorf("%d alternatives for the first move, want %d", got, n)
	}
}

// pcode returns the code in brackets that ends a described outcome.
func pcode(s string) string {
	i := strings.LastIndex(s, " [")
	if i < 0 || !strings.HasSuffix(s, "]") {
		return ""
	}
	return s[i+2 : len(s)-1]
}
