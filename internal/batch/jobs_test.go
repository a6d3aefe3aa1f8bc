package batch

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// Two CSA games, and one of them again with a comment and a ending: the
// material of the tests of the commands' jobs.
const (
	csaGame1 = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n"
	csaGame2 = "V2.2\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n"
	csaTwo   = csaGame1 + "/\n" + csaGame2
)

// jobFiles writes the test inputs under a new directory and returns it.
func jobFiles(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	shogitest.WriteFiles(t, dir, files)
	return dir
}

// listFiles lists the files under dir, as slash paths.
func listFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	sort.Strings(out)
	return out
}

func mustTarget(t *testing.T, s TargetSpec) Target {
	tg, err := NewTarget(s)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

func TestSelectAndDedup(t *testing.T) {
	dir := jobFiles(t, map[string]string{"a.csa": csaTwo, "b/c.csa": csaGame2, "d.csa": "V2.2\nPI\n+\n+7776FU\n-4132KI\n+7675FU\n-3241KI\n+5948OU\n-4132KI\n+4859OU\n-3241KI\n"})
	var stderr bytes.Buffer
	g := Games{Spec: InputSpec{Args: []string{dir}}, Walk: GameWalk{Jobs: 2}, Stderr: &stderr}
	ctx := context.Background()
	tests := []struct {
		name string
		keep func(*Game) bool
		want string
	}{
		{"all", nil, "a.csa\t1\na.csa\t2\nb/c.csa\t1\nd.csa\t1\n"},
		{"second games", func(x *Game) bool { return x.Game == 2 }, "a.csa\t2\n"},
		{"long main lines", func(x *Game) bool { return shogi.Summarize(x.Record).Plies >= 3 }, "a.csa\t2\nb/c.csa\t1\nd.csa\t1\n"},
	}
	for _, tt := range tests {
		var list bytes.Buffer
		s, err := Select(ctx, g, tt.keep, &list, nil)
		got := strings.ReplaceAll(list.String(), dir+string(filepath.Separator), "")
		got = filepath.ToSlash(got)
		if err != nil || got != tt.want || s.Total != 4 || s.Status != StatusOK {
			t.Errorf("%s: %+v %v\n%s, want\n%s", tt.name, s, err, got, tt.want)
		}
	}

	d, err := Dedup(ctx, g, shogi.ByMoves, true, nil)
	if err != nil || d.Status != StatusOK {
		t.Fatal(err, d.Status)
	}
	if len(d.Entries) != 4 || len(d.Order) != 3 || d.Duplicates() != 1 {
		t.Errorf("%d games, %d distinct, %d groups, want 4, 3, 1", len(d.Entries), len(d.Order), d.Duplicates())
	}
	if !d.Kept(0, 2) || d.Kept(1, 1) || d.Name(1) != filepath.Join(dir, "b", "c.csa") {
		t.Errorf("kept a.csa 2 %v, b/c.csa %v (the first of equals is kept); name %q", d.Kept(0, 2), d.Kept(1, 1), d.Name(1))
	}
	var report bytes.Buffer
	if err := d.Report(&report, true); err != nil || d.Outcome() != StatusInvalid || !strings.Contains(report.String(), `"distinct": 3`) {
		t.Errorf("report: %v, outcome %v, %s", err, d.Outcome(), report.String())
	}

	// Written: the kept record of each group, in input order.
	out := t.TempDir()
	sink, err := NewGameSink(ctx, mustTarget(t, TargetSpec{To: "csa"}), SinkOptions{OutDir: out}, nil, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if d, err = Dedup(ctx, g, shogi.ByMoves, false, sink); err != nil || d.Status != StatusOK {
		t.Fatal(err, d.Status, stderr.String())
	}
	if got := strings.Join(listFiles(t, out), " "); got != "a.csa d.csa" {
		t.Errorf("written: %s, want a.csa d.csa", got)
	}
	if stderr.Len() > 0 {
		t.Errorf("stderr: %s", stderr.String())
	}

	// An input that cannot be read is said on stderr; the others are read.
	stderr.Reset()
	g.Spec.Args = []string{filepath.Join(dir, "a.csa"), filepath.Join(dir, "none.csa")}
	s, err := Select(ctx, g, nil, new(bytes.Buffer), nil)
	if err != nil || s.Total != 2 || s.Status != StatusTrouble || !strings.Contains(stderr.String(), "none.csa") {
		t.Errorf("a missing input: %+v %v %q", s, err, stderr.String())
	}
}

func TestGameSink(t *testing.T) {
	dir := jobFiles(t, map[string]string{"a.csa": csaTwo, "b.csa": csaGame1})
	ctx := context.Background()
	tests := []struct {
		name    string
		to      string
		opt     SinkOptions // Output and OutDir are under the test's directory
		files   []string
		status  Status
		message string
	}{
		{"merged", "csa", SinkOptions{Output: "all.csa"}, []string{"all.csa"}, StatusOK, ""},
		{"a file per input", "csa", SinkOptions{OutDir: "out"}, []string{"out/a.csa", "out/b.csa"}, StatusOK, ""},
		{"one-game format, split", "kif", SinkOptions{OutDir: "out"}, []string{"out/a-0001.kif", "out/a-0002.kif", "out/b.kif"}, StatusOK, ""},
		{"one-game format, one file", "kif", SinkOptions{Output: "one.kif"}, nil, StatusInvalid, "kif holds one game a file"},
		{"lossy", "usi", SinkOptions{Output: "all.usi"}, []string{"all.usi"}, StatusOK, "all.usi: warning: usi cannot carry ending resign, header; dropped [lossy]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			opt := tt.opt
			if opt.Output != "" {
				opt.Output = filepath.Join(out, opt.Output)
			}
			if opt.OutDir != "" {
				opt.OutDir = filepath.Join(out, opt.OutDir)
			}
			var stderr bytes.Buffer
			sink, err := NewGameSink(ctx, mustTarget(t, TargetSpec{To: tt.to}), opt, nil, &stderr)
			if err != nil {
				t.Fatal(err)
			}
			g := Games{Spec: InputSpec{Args: []string{dir}}, Walk: GameWalk{Jobs: 1}, Stderr: &stderr}
			s, err := Select(ctx, g, nil, nil, sink)
			if err != nil || s.Status != tt.status || !strings.Contains(stderr.String(), tt.message) {
				t.Fatalf("%+v %v, stderr %q; want status %d and %q", s, err, stderr.String(), tt.status, tt.message)
			}
			if got := strings.Join(listFiles(t, out), " "); got != strings.Join(tt.files, " ") {
				t.Errorf("written: %q, want %q", got, tt.files)
			}
			if tt.status == StatusOK && tt.message == "" && stderr.Len() > 0 {
				t.Errorf("stderr: %s", stderr.String())
			}
			if len(tt.files) == 0 {
				return
			}
			// Again: the outputs exist; --force replaces them.
			for _, force := range []bool{false, true} {
				stderr.Reset()
				opt.Force = force
				sink, _ = NewGameSink(ctx, mustTarget(t, TargetSpec{To: tt.to}), opt, nil, &stderr)
				s, _ = Select(ctx, g, nil, nil, sink)
				if exists := strings.Contains(stderr.String(), "exists (use --force to overwrite it)"); exists == force || (s.Status == StatusOK) != force {
					t.Errorf("force %v: %+v, stderr %q", force, s, stderr.String())
				}
			}
		})
	}

	// Standard output: the games as they are written.
	var stdout bytes.Buffer
	sink, _ := NewGameSink(ctx, mustTarget(t, TargetSpec{To: "usi"}), SinkOptions{}, &stdout, new(bytes.Buffer))
	g := Games{Spec: InputSpec{Args: []string{filepath.Join(dir, "a.csa")}}, Stderr: new(bytes.Buffer)}
	if _, err := Select(ctx, g, nil, nil, sink); err != nil || strings.Count(stdout.String(), "position startpos moves") != 2 {
		t.Errorf("standard output: %v %q", err, stdout.String())
	}
}

func TestConvertOptionsCheck(t *testing.T) {
	tests := []struct {
		opt  ConvertOptions
		want string
	}{
		{ConvertOptions{}, ""},
		{ConvertOptions{Game: -1}, "--game: want 1 or more, not -1"},
		{ConvertOptions{Game: 2, SVGAll: true}, "give --game or --svg-all, not both"},
		{ConvertOptions{Force: true, Update: true}, "give one of --force, --skip-existing and --update"},
		{ConvertOptions{SkipExisting: true, Output: "-"}, "--skip-existing and --update apply to outputs written with -o FILE or -d DIR"},
		{ConvertOptions{Update: true, OutDir: "out"}, ""},
	}
	for _, tt := range tests {
		err := tt.opt.Check()
		if got := ""; err != nil {
			got = err.Error()
			if !errors.As(err, new(UsageError)) || got != tt.want {
				t.Errorf("%+v: %v, want %q", tt.opt, err, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("%+v: no error, want %q", tt.opt, tt.want)
		}
	}
}

func TestConverter(t *testing.T) {
	dir := jobFiles(t, map[string]string{"a.csa": csaTwo, "b.csa": csaGame1, "b.kif": "", "bad.csa": "V2.2\nPI\n+\n+7777FU\n"})
	ctx := context.Background()
	in := func(name string) Input { return Input{Path: filepath.Join(dir, name), Rel: name} }

	// One input to standard output: whole, or nothing.
	tests := []struct {
		name, to string
		opt      ConvertOptions
		in       string
		want     string // the output, or a diagnostic's code
		status   Status
	}{
		{"usi", "usi", ConvertOptions{}, "b.csa", "position startpos moves 7g7f 3c3d\n", StatusOK},
		{"game 2", "usi", ConvertOptions{Game: 2}, "a.csa", "position startpos moves 2g2f 8c8d 2f2e\n", StatusOK},
		{"kept illegal move, strict", "usi", ConvertOptions{Strict: true}, "bad.csa", "unreachable", StatusInvalid},
		{"empty", "usi", ConvertOptions{}, "b.kif", "empty", StatusInvalid},
	}
	for _, tt := range tests {
		c := &Converter{Ctx: ctx, Target: mustTarget(t, TargetSpec{To: tt.to}), FileJobs: 1, Opt: tt.opt}
		var out bytes.Buffer
		r := c.Single(in(tt.in), &out)
		got := out.String()
		if tt.status != StatusOK {
			if out.Len() > 0 || len(r.Diags) == 0 || !strings.Contains(r.Diags[0].Code, tt.want) {
				t.Errorf("%s: output %q, diagnostics %+v; want none and %q", tt.name, got, r.Diags, tt.want)
			}
		} else if got != tt.want {
			t.Errorf("%s: %q %+v, want %q", tt.name, got, r.Diags, tt.want)
		}
		if r.Status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, r.Status, tt.status)
		}
	}

	// A batch: outputs named after the inputs (a one-game format splits
	// an input of several games), results in input order.
	out := t.TempDir()
	root, err := MakeOutDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	ins := []Input{in("a.csa"), in("b.csa"), in("b.kif"), {Path: filepath.Join(dir, "sub", "b.csa"), Rel: "sub/b.csa", Err: os.ErrNotExist}}
	c := &Converter{Ctx: ctx, Target: mustTarget(t, TargetSpec{To: "kif"}), FileJobs: 1, OneGame: true, Opt: ConvertOptions{OutDir: out}}
	var order []string
	var tally Tally
	c.Batch(root, ins, 2, func() {}, func(r *Result) {
		order = append(order, r.In.Rel)
		tally.Add(r)
	})
	if got := strings.Join(order, " "); got != "a.csa b.csa b.kif sub/b.csa" {
		t.Errorf("results in the order %s", got)
	}
	// b.kif would be b.kif too: it keeps its name, b.csa becomes b.csa.kif.
	if got := strings.Join(listFiles(t, out), " "); got != "a-0001.kif a-0002.kif b.csa.kif" {
		t.Errorf("written: %s", got)
	}
	if line := tally.Line("", false); line != "2 converted, 2 failed, 0 warnings" || tally.Status != StatusTrouble {
		t.Errorf("tally: %q, status %d", line, tally.Status)
	}
}

func TestDiffFiles(t *testing.T) {
	changed := strings.Replace(csaTwo, "+2625FU", "+5756FU", 1)
	dir := jobFiles(t, map[string]string{"a.csa": csaTwo, "same.csa": csaTwo, "changed.csa": changed, "one.csa": csaGame1, "empty.csa": "", "bad.csa": csaGame1 + "/\nV2.2\nPI\n+\n+9999FU\n"})
	p := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		b       string
		equal   bool
		games   []int // the games the report is given
		failed  bool
		err     string
		stopped bool
	}{
		{b: "same.csa", equal: true},
		{b: "changed.csa", games: []int{2}},
		{b: "one.csa", games: nil},
		{b: "empty.csa", err: "no record in the input"},
		{b: "none.csa", err: "none.csa: "},
	}
	for _, tt := range tests {
		rep := &diffRecorder{}
		equal, failed, err := DiffFiles([2]string{p("a.csa"), p(tt.b)}, [2]string{}, nil, nil, shogi.CompareOptions{}, rep)
		if equal != tt.equal || (failed != nil) != tt.failed || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: equal %v, failed %v, err %v", tt.b, equal, failed, err)
		}
		if tt.err == "" && (!slices.Equal(rep.games, tt.games) || !rep.ended) {
			t.Errorf("%s: games %v reported (ended %v), want %v", tt.b, rep.games, rep.ended, tt.games)
		}
	}
	// A read that fails: its diagnostics.
	if _, failed, err := DiffFiles([2]string{p("a.csa"), p("bad.csa")}, [2]string{}, nil, nil, shogi.CompareOptions{}, nil); err != nil || len(failed) == 0 || failed[0].Game != 2 {
		t.Errorf("a bad record: %+v %v", failed, err)
	}
	if _, _, err := DiffFiles([2]string{"-", "-"}, [2]string{}, nil, nil, shogi.CompareOptions{}, nil); !errors.As(err, new(UsageError)) {
		t.Errorf("both standard input: %v", err)
	}
}

type diffRecorder struct {
	games []int
	ended bool
}

func (d *diffRecorder) Game(n int, _ *shogi.RecordDiff, _, _ *shogi.Record) {
	d.games = append(d.games, n)
}
func (d *diffRecorder) End([2]int, bool) { d.ended = true }

func TestReadRecordAndShow(t *testing.T) {
	dir := jobFiles(t, map[string]string{"a.csa": csaTwo, "bin.csa": "\x00\x01\x02"})
	in := func(name string) Input { return Input{Path: filepath.Join(dir, name)} }
	tests := []struct {
		in     string
		game   int
		plies  int // of the record read, or -1 for none
		status Status
		usage  bool
	}{
		{"a.csa", 1, 2, StatusOK, false},
		{"a.csa", 2, 3, StatusOK, false},
		{"a.csa", 3, -1, StatusTrouble, true},
		{"bin.csa", 1, -1, StatusInvalid, false},
		{"none.csa", 1, -1, StatusTrouble, false},
	}
	for _, tt := range tests {
		rec, ds, st, err := ReadRecord(in(tt.in), nil, "", tt.game)
		plies := -1
		if rec != nil {
			plies = shogi.Summarize(rec).Plies
		}
		if plies != tt.plies || st != tt.status || errors.As(err, new(UsageError)) != tt.usage || (rec == nil && !tt.usage) != (len(ds) > 0) {
			t.Errorf("%s game %d: %d plies, status %d, %v, %+v", tt.in, tt.game, plies, st, err, ds)
		}
	}

	rec, _, _, _ := ReadRecord(in("a.csa"), nil, "", 2)
	d, err := render.NewDisplay(render.Board{ASCII: true}, "usi")
	if err != nil {
		t.Fatal(err)
	}
	shows := []struct {
		spec   ShowSpec
		want   string // in the output, or the error
		status Status
	}{
		{ShowSpec{Game: 1, Format: "sfen", Ply: 1, PlySet: true}, "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2", StatusOK},
		{ShowSpec{Game: 1, Format: "usi", Ply: 2, PlySet: true}, "position sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3", StatusOK},
		{ShowSpec{Game: 1, Format: "usi", Ply: 9, PlySet: true}, "--ply 9", StatusTrouble},
		{ShowSpec{Game: 1, Ply: 9, PlySet: true}, "--ply 9: the main line has only 3 moves", StatusTrouble},
		{ShowSpec{Game: 1}, "2f2e", StatusOK},
	}
	for _, tt := range shows {
		f, err := tt.spec.Check()
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		st, err := Show(&out, rec, &d, f, tt.spec)
		got := out.String()
		if err != nil {
			got = err.Error()
		}
		if st != tt.status || !strings.Contains(got, tt.want) || (err != nil) != (st != StatusOK) {
			t.Errorf("%+v: status %d, %q; want %d, %q", tt.spec, st, got, tt.status, tt.want)
		}
	}
	for _, tt := range []struct {
		spec ShowSpec
		want string
	}{
		{ShowSpec{Game: 1, Ply: -1, PlySet: true}, "--ply: want 0 or more, not -1"},
		{ShowSpec{Game: 1, PlySet: true, All: true}, "give --ply or --all, not both"},
		{ShowSpec{Game: 0}, "--game: want 1 or more, not 0"},
		{ShowSpec{Game: 1, Format: "nope"}, "--format: want text or a writable format ("},
	} {
		if _, err := tt.spec.Check(); err == nil || !strings.HasPrefix(err.Error(), tt.want) || !errors.As(err, new(UsageError)) {
			t.Errorf("%+v: %v, want %q", tt.spec, err, tt.want)
		}
	}
}
