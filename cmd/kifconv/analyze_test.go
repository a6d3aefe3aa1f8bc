package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/shogi/shogitest/schematest"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

// fakeAnalyze returns a function that gives the arguments of an analyze
// run in-process whose engine is the fake, behaving as spec says
// (usitest.Config): "analyze", the engine flags, then args. The engine is
// the fakeusi built with kifconv (builtDir), or else the test binary.
func fakeAnalyze(t *testing.T, spec string) func(args ...string) []string {
	engine := []string{"--engine", os.Args[0], "--engine-arg", usitest.Arg(spec)}
	if dir := builtDir(t); dir != "" {
		engine = []string{"--engine", filepath.Join(dir, "fakeusi")}
		for _, word := range strings.Split(spec, ",") {
			if word != "" {
				engine = append(engine, "--engine-arg", word)
			}
		}
	}
	return func(args ...string) []string {
		return append(append([]string{"analyze"}, engine...), args...)
	}
}

// analyzeInputs writes generated games (variations, comments, handicaps,
// custom starts, endings) under a new directory in several input formats:
// one file per game in the one-game formats, all in one in the others.
// It returns the directory.
func analyzeInputs(t *testing.T, seed uint64, n int) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(seed, 28))
	opt := shogitest.FullRandomOptions()
	opt.MaxPlies = 24
	formats := []string{"kif", "csa", "jkf", "usi", "ki2", "psn"}
	byFormat := map[string][]*shogi.Record{}
	for i := range n {
		f := formats[i%len(formats)]
		byFormat[f] = append(byFormat[f], shogitest.RandomRecord(rng, opt))
	}
	for f, recs := range byFormat {
		enc := charset.UTF8
		if bod, _ := render.Lookup(f); bod.Encoding == string(charset.ShiftJIS) {
			enc = charset.ShiftJIS
		}
		if batch.OneGameFormat(f, false) {
			for i, rec := range recs {
				writeFile(t, filepath.Join(dir, fmt.Sprintf("%s-%d.%s", f, i, f)), recordText(t, f, enc, false, rec))
			}
			continue
		}
		writeFile(t, filepath.Join(dir, "all."+f), recordText(t, f, enc, false, recs...))
	}
	return dir
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readRecords reads every record of the files under path.
func readRecords(t *testing.T, path string) []*shogi.Record {
	t.Helper()
	var recs []*shogi.Record
	err := filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := batch.OpenInput(batch.Input{Path: p}, nil, "", parse.Options{}, nil, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		defer src.Close()
		for {
			rec, err := src.Reader.Read()
			if errors.Is(err, io.EOF) {
				return nil
			}
			var pe *parse.Error
			if err != nil && !errors.As(err, &pe) {
				return fmt.Errorf("%s: %w", p, err)
			}
			if rec != nil {
				recs = append(recs, rec)
			}
			if err != nil {
				return nil // an illegal move a record documents: what came before is read
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// checkAnalysed checks that every position of rec's main line the fake
// engine is asked about (the start, and after each playable move) carries
// one analysis, with the fake's score for it; it returns their number.
func checkAnalysed(t *testing.T, what string, rec *shogi.Record) int {
	t.Helper()
	pos := rec.Start
	n := 0
	for node := rec.Root; ; {
		cs := node.Comments()
		e, ok := shogi.ParseEvaluation(cs)
		if !ok {
			t.Errorf("%s: no score at ply %d (%s): %q", what, n, pos.SFEN(), cs)
			return n
		}
		if _, _, again := shogi.FindAnnotation(shogi.StripAnnotations(cs)); again {
			t.Errorf("%s: two analyses at ply %d: %q", what, n, cs)
		}
		cp, _, legal := usitest.Score(&pos)
		switch {
		case !legal && !e.Mate:
			t.Errorf("%s: ply %d has no move, scored %v", what, n, e)
		case legal && e.Mate:
			t.Errorf("%s: ply %d scored %v, want cp %d", what, n, e, cp)
		case legal:
			if pos.Turn() == shogi.White {
				cp = -cp
			}
			if e != shogi.EvalCP(cp) {
				t.Errorf("%s: ply %d (%s) scored %v, want cp %d (Black's view)", what, n, pos.SFEN(), e, cp)
			}
		}
		n++
		next := node.Next()
		if next == nil || next.IsEnd() || pos.Legal(next.Move) != nil {
			return n
		}
		pos.Play(next.Move)
		node = next
	}
}

// TestAnalyzeFormats analyses generated games of several input formats
// into every format that carries comments, reads each output back and
// checks that every position carries one analysis with the engine's
// score; analysing an output again gives the same bytes.
func TestAnalyzeFormats(t *testing.T) {
	t.Parallel()
	analyze := fakeAnalyze(t, "")
	in := analyzeInputs(t, 1, 18)
	want := 0
	for _, rec := range readRecords(t, in) {
		want += analysisPositions(rec)
	}
	carriers := []string{"kif", "kifu", "ki2", "ki2u", "csa", "jkf", "psn", "western", "hosking", "kk"}
	for _, f := range carriers {
		t.Run(f, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			args := analyze("-t", f, "-d", out, in)
			if !batch.OneGameFormat(f, false) {
				rf, _ := render.Lookup(f)
				out = filepath.Join(dir, "all"+rf.Extension)
				args = analyze("-o", out, in)
			}
			code, _, stderr := runTest(t, testEnv(false, nil), args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, fmt.Sprintf("18 games analysed (%d positions)", want)) {
				t.Errorf("summary: %s", stderr)
			}
			recs := readRecords(t, out)
			if len(recs) != 18 {
				t.Fatalf("%d records read back", len(recs))
			}
			got := 0
			for i, rec := range recs {
				got += checkAnalysed(t, fmt.Sprintf("%s record %d", f, i+1), rec)
			}
			if got != want {
				t.Errorf("%d positions analysed in the output, want %d", got, want)
			}
			// Again: the same bytes.
			again := filepath.Join(dir, "again")
			args = analyze("-t", f, "-d", again, out)
			if code, _, stderr := runTest(t, testEnv(false, nil), args...); code != 0 {
				t.Fatalf("again: exit %d: %s", code, stderr)
			}
			filepath.WalkDir(again, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(again, p)
				first := filepath.Join(out, rel)
				if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
					first = out
				}
				a, _ := os.ReadFile(first)
				b, _ := os.ReadFile(p)
				if !bytes.Equal(a, b) {
					t.Errorf("%s analysed again differs from %s:\n%s", p, first, shogitest.FirstDifference(string(b), string(a)))
				}
				return nil
			})
		})
	}
	// Every other target writes what it can hold.
	for _, f := range render.Formats() {
		if slices.Contains(carriers, f.Name) {
			continue
		}
		code, _, stderr := runTest(t, testEnv(false, nil), analyze("-t", f.Name, "-d", t.TempDir(), in)...)
		if code != 0 || !strings.Contains(stderr, "18 games analysed") {
			t.Errorf("-t %s: exit %d: %s", f.Name, code, stderr)
		}
	}
	// The training outputs take the scores: a move's is the engine's
	// score of the position after it, from the mover's view.
	code, stdout, stderr := runTest(t, testEnv(false, nil), analyze("-t", "positions", in)...)
	if code != 0 {
		t.Fatalf("positions: exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		f := strings.Fields(line)
		pos, err := shogi.ParseSFEN(strings.Join(f[:4], " "))
		if err != nil {
			t.Fatal(err)
		}
		m, err := shogi.ParseUSIMove(f[4])
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(m)
		if cp, _, ok := usitest.Score(&pos); ok && f[5] != strconv.Itoa(-cp) {
			t.Errorf("positions: %s after %s scored %s, want %d", pos.SFEN(), f[4], f[5], -cp)
		}
	}
}

// analysisPositions returns the positions of rec's main line analyze asks
// about.
func analysisPositions(rec *shogi.Record) int {
	pos, n := rec.Start, 1
	for x := rec.Root.Next(); x != nil && !x.IsEnd() && pos.Legal(x.Move) == nil; x = x.Next() {
		pos.Play(x.Move)
		n++
	}
	return n
}

// TestAnalyzeReport checks the report in its three formats (the JSON
// ones against docs/schemas/analysis.schema.json, every line of JSONL), and the
// graphs: SVG documents with one point per analysed main-line position.
func TestAnalyzeReport(t *testing.T) {
	t.Parallel()
	analyze := fakeAnalyze(t, "mate-ply=3")
	in := analyzeInputs(t, 2, 12)
	sch := schematest.Compile(t, repoRoot+"/docs/schemas/analysis.schema.json", true)
	dir := t.TempDir()
	graphs := filepath.Join(dir, "graphs")
	for _, format := range []string{"json", "jsonl", "csv"} {
		report := filepath.Join(dir, "report."+format)
		args := analyze("--variations", "all", "--report", report, in)
		if format == "json" {
			args = append(args, "--graph", graphs)
		}
		if code, _, stderr := runTest(t, testEnv(false, nil), args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		b, err := os.ReadFile(report)
		if err != nil {
			t.Fatal(err)
		}
		validate := func(what string, b []byte) {
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if err := sch.Validate(v); err != nil {
				t.Errorf("%s does not fit the schema: %v", what, err)
			}
		}
		switch format {
		case "json":
			validate("json", b)
		case "jsonl":
			sc := bufio.NewScanner(bytes.NewReader(b))
			sc.Buffer(nil, 1<<20)
			games := 0
			for sc.Scan() {
				validate("jsonl line", sc.Bytes())
				if bytes.HasPrefix(sc.Bytes(), []byte(`{"type":"game"`)) {
					games++
				}
			}
			if games != 12 {
				t.Errorf("%d games in the jsonl report", games)
			}
		case "csv":
			rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
			if err != nil || len(rows) < 12*3 || rows[0][0] != "type" {
				t.Errorf("csv: %d rows, %v", len(rows), err)
			}
		}
	}
	// One graph per game, one point per analysed position of its main
	// line.
	want := map[int]int{} // positions → graphs with that many
	for _, rec := range readRecords(t, in) {
		want[analysisPositions(rec)]++
	}
	got := map[int]int{}
	err := filepath.WalkDir(graphs, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		points := 0
		dec := xml.NewDecoder(bytes.NewReader(b))
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("%s: not XML: %v", p, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "circle" {
				for _, a := range se.Attr {
					if a.Name.Local == "class" && strings.HasPrefix(a.Value, "point") {
						points++
					}
				}
			}
		}
		got[points]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("graphs by points %v, want %v", got, want)
	}
}

// TestAnalyzeInterrupt checks that an interrupt keeps every game finished:
// under -d the inputs all of whose games were finished (no partial file),
// and into -o FILE every game written before it, each analysed; the run
// exits with the interrupted status.
func TestAnalyzeInterrupt(t *testing.T) {
	t.Parallel()
	analyze := fakeAnalyze(t, "slow=100ms")
	in := t.TempDir()
	for i := range 12 {
		writeFile(t, filepath.Join(in, fmt.Sprintf("g%02d.usi", i)), []byte("position startpos moves 7g7f 3c3d 2g2f 8c8d\n"))
	}
	dir := t.TempDir()
	for _, dest := range [][]string{{"-t", "kifu", "-d", filepath.Join(dir, "out")}, {"-o", filepath.Join(dir, "out.csa")}} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(1500*time.Millisecond, cancel)
		var out, errb bytes.Buffer
		args := append(analyze("-j", "2"), dest...)
		code := runEnv(ctx, testEnv(false, nil), append(args, in), strings.NewReader(""), &out, &errb)
		cancel()
		if code != exitInterrupted {
			t.Fatalf("%v: exit %d: %s", dest, code, errb.String())
		}
		recs := readRecords(t, dest[len(dest)-1])
		if len(recs) == 0 || len(recs) == 12 {
			t.Errorf("%v: %d games kept of 12, stopped after 1.5 s of 3 s", dest, len(recs))
		}
		for i, rec := range recs {
			checkAnalysed(t, fmt.Sprintf("%v game %d", dest, i+1), rec)
		}
		if leftovers, _ := filepath.Glob(filepath.Join(dir, "*", ".*")); len(leftovers) > 0 {
			t.Errorf("temporary files left: %v", leftovers)
		}
	}
}

// TestAnalyzeProgress checks that on a terminal the bar counts positions.
func TestAnalyzeProgress(t *testing.T) {
	t.Parallel()
	analyze := fakeAnalyze(t, "slow=30ms")
	in := t.TempDir()
	writeFile(t, filepath.Join(in, "a.usi"), []byte("position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e\n"))
	writeFile(t, filepath.Join(in, "b.usi"), []byte("position startpos moves 7g7f 3c3d\n"))
	code, _, stderr := runTest(t, testEnv(true, nil), analyze("--report", filepath.Join(t.TempDir(), "r.json"), in)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "analysing") || !strings.Contains(stderr, "/10") || !strings.Contains(stderr, "positions") {
		t.Errorf("no bar of 10 positions: %q", stderr)
	}
}

// TestAnalyzeInterruptReadingStdin checks that an interrupt stops analyze
// waiting for standard input that never comes (a terminal), a little
// after the engines.
func TestAnalyzeInterruptReadingStdin(t *testing.T) {
	t.Parallel()
	analyze := fakeAnalyze(t, "")
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	code := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() {
		code <- runEnv(ctx, testEnv(false, nil), analyze("-t", "csa"), pr, &out, &errb)
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	select {
	case c := <-code:
		if c != exitInterrupted {
			t.Errorf("exit %d, want %d: %s", c, exitInterrupted, errb.String())
		}
	case <-time.After(stopGrace + 5*time.Second):
		t.Errorf("not stopped by the interrupt")
	}
}
