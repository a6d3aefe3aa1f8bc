package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
)

// BenchmarkCLI measures whole commands, as archive maintainers and engine
// authors run them (issue 8): the built kifconv binary converting 20,000
// KIF files (Shift_JIS, CRLF, as Kifu for Windows writes them) into CSA
// with -d, validating them, and converting one CSA file of 100,000 games
// into USI and validating it, each with -j 1 and -j 2. The records are
// generated (80 to 160 plies, with times, headers, endings and some
// comments), written once into a temporary directory and shared by the
// sub-benchmarks. Each reports files/s (or games/s), moves/s, moves per CPU
// second of the command (which a busy machine disturbs less), the peak RSS
// of the command, and on -j 2 the speedup over the -j 1 run just before.
// The first row, cp-kif, copies the KIF tree with cp -r, the floor of a
// command over many small files: every command over that tree reports its
// time as a multiple of it (x-cp-r), measured in the same run.
//
// The sizes are for a run asked for by name:
//
//	go test -run '^$' -bench '^BenchmarkCLI$' -benchtime 1x ./cmd/kifconv   (make bench-cli)
//
// Under a pattern that does not name it (make bench's -bench .) it uses 200
// files and 1,000 games, so that the run stays short. KIFCONV_BENCH_FILES
// and KIFCONV_BENCH_GAMES set the sizes; KIFCONV_BENCH_DIR keeps the
// generated input in that directory and reuses it on the next run.
func BenchmarkCLI(b *testing.B) {
	files, games := cliBenchSizes(b)
	in := cliBenchInput(b, files, games)
	// The first command would otherwise read a cold input and make the
	// -j 1 run look slower than it is.
	if err := warmCache(in.kifDir, in.csaFile); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "kifconv")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	type bench struct {
		name  string
		args  func(out string) []string
		units int // files or games per run
		unit  string
		out   bool // needs a fresh output path per run
	}
	benches := []bench{
		{"cp-kif", func(out string) []string { return []string{"cp", "-r", in.kifDir, out} }, files, "files/s", true},
		{"convert-kif-csa", func(out string) []string { return []string{"convert", "-q", "-t", "csa", "-d", out, in.kifDir} }, files, "files/s", true},
		{"validate-kif", func(string) []string { return []string{"validate", "-q", in.kifDir} }, files, "files/s", false},
		{"convert-csa-usi", func(out string) []string { return []string{"convert", "-q", "-t", "usi", "-o", out, in.csaFile} }, games, "games/s", true},
		{"convert-csa-kif", func(out string) []string { return []string{"convert", "-q", "-t", "kif", "-d", out, in.csaFile} }, games, "games/s", true},
		{"validate-csa", func(string) []string { return []string{"validate", "-q", in.csaFile} }, games, "games/s", false},
		{"convert-csa-hcpe", func(out string) []string { return []string{"convert", "-q", "-t", "hcpe", "-o", out, in.csaFile} }, games, "games/s", true},
		{"convert-csa-psv", func(out string) []string { return []string{"convert", "-q", "-t", "psv", "-o", out, in.csaFile} }, games, "games/s", true},
		// The collection commands (issue 18): a table of every game, a
		// criterion that does not play the moves, one that plays every
		// move (a position never reached, inverted so that all games are
		// selected and the exit status is 0), and dedup (over the KIF
		// files: the CSA file repeats its games, and dedup exits 1 on
		// duplicates).
		{"info-kif", func(string) []string { return []string{"info", "--format", "tsv", in.kifDir} }, files, "files/s", false},
		{"info-csa", func(string) []string { return []string{"info", "--format", "tsv", in.csaFile} }, games, "games/s", false},
		{"filter-kif", func(string) []string { return []string{"filter", "-l", "--min-plies", "100", in.kifDir} }, files, "files/s", false},
		{"filter-csa", func(string) []string { return []string{"filter", "-l", "--min-plies", "100", in.csaFile} }, games, "games/s", false},
		{"filter-position-kif", func(string) []string { return []string{"filter", "-l", "--invert", "--position", unreached, in.kifDir} }, files, "files/s", false},
		{"filter-position-csa", func(string) []string {
			return []string{"filter", "-l", "--invert", "--position", unreached, in.csaFile}
		}, games, "games/s", false},
		{"dedup-kif", func(string) []string { return []string{"dedup", "-q", in.kifDir} }, files, "files/s", false},
		// diff reads both inputs game by game (issue 15: memory flat in
		// the number of games); it takes no -j and runs once, as j1.
		{"diff-csa", func(string) []string { return []string{"diff", "-q", in.csaFile, in.csaFile} }, games, "games/s", false},
	}
	var cp time.Duration // the time of cp -r, for the ratios
	for _, bb := range benches {
		moves := in.kifMoves
		if bb.unit == "games/s" {
			moves = in.csaMoves
		}
		var j1 time.Duration // the -j 1 time of this command, for the speedup
		for _, jobs := range []int{1, 2} {
			if (bb.name == "diff-csa" || bb.name == "cp-kif") && jobs > 1 {
				break
			}
			b.Run(bb.name+"/j"+strconv.Itoa(jobs), func(b *testing.B) {
				var wall, cpu time.Duration
				var rss, floor int64
				// Beside the input, so that every command (and cp) writes
				// to the same file system (tmpfs with KIFCONV_BENCH_DIR=/dev/shm/…).
				scratch, err := os.MkdirTemp(filepath.Dir(in.kifDir), "out")
				if err != nil {
					b.Fatal(err)
				}
				defer os.RemoveAll(scratch)
				for i := range b.N {
					b.StopTimer()
					out := filepath.Join(scratch, "out"+strconv.Itoa(i))
					if bb.name == "convert-csa-usi" {
						out += ".usi"
					}
					args := bb.args(out)
					if bb.name != "diff-csa" && bb.name != "cp-kif" {
						args = append([]string{args[0], "-j", strconv.Itoa(jobs)}, args[1:]...)
					}
					cmd := exec.Command(bin, args...)
					if bb.name == "cp-kif" {
						cmd = exec.Command(args[0], args[1:]...)
					}
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					if self, ok := selfPeakRSS(); ok {
						floor = max(floor, self)
					}
					b.StartTimer()
					start := time.Now()
					err := cmd.Run()
					wall += time.Since(start)
					b.StopTimer()
					if err != nil {
						b.Fatalf("kifconv %s: %v\n%s", strings.Join(args, " "), err, clipText(stderr.String(), 2000))
					}
					ps := cmd.ProcessState
					cpu += ps.UserTime() + ps.SystemTime()
					if r, ok := peakRSS(ps); ok {
						rss = max(rss, r)
					}
					if bb.out {
						os.RemoveAll(out)
					}
					b.StartTimer()
				}
				n := float64(b.N)
				b.ReportMetric(float64(bb.units)*n/wall.Seconds(), bb.unit)
				if bb.name != "cp-kif" {
					b.ReportMetric(float64(moves)*n/wall.Seconds(), "moves/s")
				}
				if cpu > 0 && bb.name != "cp-kif" {
					b.ReportMetric(float64(moves)*n/cpu.Seconds(), "moves/cpu-s")
				}
				if rss > 0 {
					b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MB")
					if rss <= floor {
						// Linux starts a child's peak at its parent's.
						b.Logf("peak RSS of the command: at most %d MB, the peak of the benchmark process", floor>>20)
					}
				}
				per := wall / time.Duration(b.N)
				switch {
				case bb.name == "cp-kif":
					cp = per
				case cp > 0 && bb.unit == "files/s":
					b.ReportMetric(float64(per)/float64(cp), "x-cp-r")
				}
				if jobs == 1 {
					j1 = per
				} else if j1 > 0 {
					b.ReportMetric(float64(j1)/float64(per), "speedup-j1")
				}
			})
		}
	}
}

// unreached is a position no generated game reaches, so that filter
// --position plays every move.
const unreached = "4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1"

// cliBenchSizes returns the number of KIF files and of CSA games.
func cliBenchSizes(b *testing.B) (files, games int) {
	files, games = 20000, 100000
	if f := flag.Lookup("test.bench"); f == nil || !strings.Contains(f.Value.String(), "CLI") {
		files, games = 200, 1000
	}
	for _, v := range []struct {
		env string
		n   *int
	}{{"KIFCONV_BENCH_FILES", &files}, {"KIFCONV_BENCH_GAMES", &games}} {
		if s := os.Getenv(v.env); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				b.Fatalf("%s=%q: want a positive number", v.env, s)
			}
			*v.n = n
		}
	}
	return files, games
}

// cliInput is the generated input of BenchmarkCLI.
type cliInput struct {
	kifDir   string // files KIF files, in subdirectories of 1,000
	csaFile  string // games CSA games
	kifMoves int    // main-line moves of the KIF files
	csaMoves int
}

// cliBenchInput returns the input, generated by a process of its own (so
// that the peak RSS of this one, which a command started from it inherits
// as a floor on Linux, stays small), or found in KIFCONV_BENCH_DIR from an
// earlier run with the same sizes.
func cliBenchInput(b *testing.B, files, games int) cliInput {
	dir := os.Getenv("KIFCONV_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	dir = filepath.Join(dir, fmt.Sprintf("cli-%d-%d", files, games))
	if in, ok := readCLIInput(dir); ok {
		return in
	}
	start := time.Now()
	gen := exec.Command(os.Args[0], "-test.run=^TestCLIBenchInput$", "-test.count=1")
	gen.Env = append(os.Environ(), fmt.Sprintf("%s=%s%c%d%c%d", cliGenEnv, dir, os.PathListSeparator, files, os.PathListSeparator, games))
	if out, err := gen.CombinedOutput(); err != nil {
		b.Fatalf("generating the input: %v\n%s", err, out)
	}
	in, ok := readCLIInput(dir)
	if !ok {
		b.Fatalf("no input generated in %s", dir)
	}
	b.Logf("generated %d KIF files (%d moves) and %d CSA games (%d moves) in %s, in %v",
		files, in.kifMoves, games, in.csaMoves, dir, time.Since(start).Round(time.Millisecond))
	return in
}

// cliGenEnv asks TestCLIBenchInput for BenchmarkCLI's input: DIR:FILES:GAMES.
const cliGenEnv = "KIFCONV_BENCH_GENERATE"

func readCLIInput(dir string) (cliInput, bool) {
	in := cliInput{kifDir: filepath.Join(dir, "kif"), csaFile: filepath.Join(dir, "games.csa")}
	s, err := os.ReadFile(filepath.Join(dir, "moves.txt")) // written last: the input is complete
	if err != nil {
		return in, false
	}
	_, err = fmt.Sscan(string(s), &in.kifMoves, &in.csaMoves)
	return in, err == nil
}

// TestCLIBenchInput is the process in which BenchmarkCLI generates its
// input; run on its own it does nothing.
func TestCLIBenchInput(t *testing.T) {
	spec := os.Getenv(cliGenEnv)
	if spec == "" {
		t.Skip("generates BenchmarkCLI's input when it asks")
	}
	parts := filepath.SplitList(spec)
	if len(parts) != 3 {
		t.Fatalf("%s=%q: want DIR%cFILES%cGAMES", cliGenEnv, spec, os.PathListSeparator, os.PathListSeparator)
	}
	dir := parts[0]
	files, err1 := strconv.Atoi(parts[1])
	games, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		t.Fatalf("%s=%q: bad sizes", cliGenEnv, spec)
	}
	os.RemoveAll(dir)
	in := cliInput{kifDir: filepath.Join(dir, "kif"), csaFile: filepath.Join(dir, "games.csa")}
	// The CSA file cycles through the texts of the KIF files' records, of
	// which a few thousand are plenty for a reader, which keeps nothing
	// from one game to the next.
	const batch = 1000
	var csaTexts [][]byte
	var csaMoves []int
	for first := 0; first < files; first += batch {
		recs, _ := genRecords(uint64(first), min(batch, files-first))
		sub := filepath.Join(in.kifDir, fmt.Sprintf("%03d", first/batch))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, rec := range recs {
			text := recordText(t, "kif", charset.ShiftJIS, true, rec)
			name := filepath.Join(sub, fmt.Sprintf("%05d.kif", first+i))
			if err := os.WriteFile(name, text, 0o644); err != nil {
				t.Fatal(err)
			}
			m := mainLineMoves(rec)
			in.kifMoves += m
			if len(csaTexts) < 5000 {
				csaTexts = append(csaTexts, append(recordText(t, "csa", charset.UTF8, false, rec), "/\n"...))
				csaMoves = append(csaMoves, m)
			}
		}
	}
	f, err := os.Create(in.csaFile)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for g := range games {
		buf.Write(csaTexts[g%len(csaTexts)])
		in.csaMoves += csaMoves[g%len(csaTexts)]
		if buf.Len() > 1<<20 || g == games-1 {
			if _, err := f.Write(buf.Bytes()); err != nil {
				t.Fatal(err)
			}
			buf.Reset()
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "moves.txt"), fmt.Appendf(nil, "%d %d\n", in.kifMoves, in.csaMoves), 0o644); err != nil {
		t.Fatal(err)
	}
}

// warmCache reads the files under the given paths, so that they are in
// the page cache for every run alike.
func warmCache(paths ...string) error {
	for _, root := range paths {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(io.Discard, f)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
