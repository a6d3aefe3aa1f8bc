package parse_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// The benchmarks of this file read records from shogitest.RandomRecord as the
// writers write them: realistic games of 80 to 160 plies with times, a
// header, an ending and a comment on about one move in seven. Each has two
// parts: read (charset decoding, parsing, and the legality check every
// reader makes of every move) and legal (read, then replay every line of
// play with Position.Legal, which is what `kifconv validate` adds). Besides
// B/op and allocs/op they report moves/s, games/s and MB/s, and the same
// per CPU second (moves/cpu-s), which stays put on a machine busy with other
// work where the wall-clock figures do not.
//
// BenchmarkReadCSA, KIF, KI2, JKF and PSN of the readers' own files measure
// those readers on data of their own; BenchmarkReadGenerated measures them
// here on the common records.

// benchRecords returns n generated records of 80 to 160 plies.
func benchRecords(n int) []*shogi.Record {
	rng := rand.New(rand.NewPCG(2026, 8))
	opt := shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Header: true, Endings: true}
	var recs []*shogi.Record
	for len(recs) < n {
		rec := shogitest.RandomRecord(rng, opt)
		if m := countMoves(rec); m >= 80 && m <= 160 {
			recs = append(recs, rec)
		}
	}
	return recs
}

func countMoves(rec *shogi.Record) int {
	n := 0
	for x := range rec.MainLine() {
		if !x.IsEnd() {
			n++
		}
	}
	return n
}

// benchInput is the text of the records in one format: one file per record,
// or all of them in one file for formats that hold several.
type benchInput struct {
	files [][]byte
	games int
	moves int // moves the reader reads (0 for formats that keep only a position)
	size  int
}

// benchFormat says how a format is written for the benchmarks.
type benchFormat struct {
	name    string // the reader's format name
	writer  string // the writer's format name
	sjis    bool   // Shift_JIS with CRLF, as such files usually are
	several bool   // all records in one file
	moves   bool   // the reader reads the moves (not only a position)
}

func makeInput(tb testing.TB, f benchFormat, recs []*shogi.Record) benchInput {
	in := benchInput{games: len(recs)}
	write := func(recs []*shogi.Record) []byte {
		var buf bytes.Buffer
		enc := charset.NewWriter(&buf, charset.UTF8, false, false)
		if f.sjis {
			enc = charset.NewWriter(&buf, charset.ShiftJIS, true, true)
		}
		w, err := render.New(f.writer, enc, render.Options{AllowLoss: true})
		if err != nil {
			tb.Fatal(err)
		}
		for _, rec := range recs {
			if err := w.Write(rec); err != nil {
				tb.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			tb.Fatal(err)
		}
		if err := enc.Close(); err != nil {
			tb.Fatal(err)
		}
		return buf.Bytes()
	}
	if f.several {
		in.files = [][]byte{write(recs)}
	} else {
		for _, rec := range recs {
			in.files = append(in.files, write([]*shogi.Record{rec}))
		}
	}
	for _, rec := range recs {
		if f.moves {
			in.moves += countMoves(rec)
		}
	}
	for _, b := range in.files {
		in.size += len(b)
	}
	return in
}

// readInput reads every file of in as the CLI does (charset detection and
// decoding, then the reader), optionally replaying every line, and returns
// the records and moves read. With mem, the files are read with
// ReuseRecord and the memory is kept from file to file, as the command
// line keeps it through a parse.Pool; else every record is a new one.
func readInput(tb testing.TB, format string, in benchInput, legal bool, br *bytes.Reader, mem *parse.Memory) (games, moves int) {
	var dec *charset.Reader
	for _, data := range in.files {
		br.Reset(data)
		var err error
		if mem != nil && dec != nil {
			_, err = dec.Reset(br) // as the command line reuses its decoder
		} else {
			dec, _, err = charset.NewReader(br)
		}
		if err != nil {
			tb.Fatal(err)
		}
		opt := parse.Options{}
		if mem != nil {
			opt = parse.WithMemory(opt, mem)
		}
		r, err := parse.New(format, dec, opt)
		if err != nil {
			tb.Fatal(err)
		}
		for rec, err := range parse.Records(r) {
			if err != nil {
				tb.Fatal(err)
			}
			games++
			if legal {
				moves += replay(tb, rec)
			}
		}
	}
	return games, moves
}

// replay plays every line of play of rec with the legality check, as
// validation does, and returns the number of moves.
func replay(tb testing.TB, rec *shogi.Record) int {
	type frame struct {
		n   *shogi.Node
		pos shogi.Position
	}
	moves := 0
	stack := []frame{{rec.Root, rec.Start}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := range f.n.Children() {
			if c.IsEnd() {
				continue
			}
			if err := f.pos.Legal(c.Move); err != nil {
				if next := c.Next(); next != nil && next.IsEnd() {
					continue // a foul, shown as such (a corpus file has one)
				}
				tb.Fatalf("illegal move read: %v", err)
			}
			next := frame{c, f.pos}
			next.pos.Play(c.Move)
			stack = append(stack, next)
			moves++
		}
	}
	return moves
}

// benchRead runs the read, reuse and legal benchmarks of one format: read
// makes a record of every game (Reader.Read), as a program that keeps them
// does; reuse reads every game into one record (ReuseRecord, with the
// memory kept from file to file), as the command line does; legal is read
// followed by a replay of every line of play.
func benchRead(b *testing.B, f benchFormat, in benchInput) {
	for _, name := range []string{"read", "reuse", "legal"} {
		legal := name == "legal"
		b.Run(name, func(b *testing.B) {
			var br bytes.Reader
			var mem *parse.Memory
			if name == "reuse" {
				mem = new(parse.Memory)
			}
			games, _ := readInput(b, f.name, in, legal, &br, mem)
			if games != in.games {
				b.Fatalf("read %d records, want %d", games, in.games)
			}
			b.SetBytes(int64(in.size))
			b.ReportAllocs()
			cpu := procstat.CPU()
			for b.Loop() {
				readInput(b, f.name, in, legal, &br, mem)
			}
			reportRecords(b, procstat.CPU()-cpu, in.games, in.moves)
		})
	}
}

// reportRecords reports the throughput in games and moves, per second of
// wall-clock time and of CPU time.
func reportRecords(b *testing.B, cpu time.Duration, games, moves int) {
	n := float64(b.N)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(games)*n/sec, "games/s")
	if moves > 0 {
		b.ReportMetric(float64(moves)*n/sec, "moves/s")
		if cpu > 0 {
			b.ReportMetric(float64(moves)*n/cpu.Seconds(), "moves/cpu-s")
		}
	} else if cpu > 0 {
		b.ReportMetric(float64(games)*n/cpu.Seconds(), "games/cpu-s")
	}
}

const benchGames = 40

var (
	// Formats whose readers have a BenchmarkRead<Format> of their own.
	generatedFormats = []benchFormat{
		{name: "csa", writer: "csa", several: true, moves: true},
		{name: "kif", writer: "kif", sjis: true, moves: true},
		{name: "ki2", writer: "ki2", sjis: true, moves: true},
		{name: "jkf", writer: "jkf", moves: true},
		{name: "psn", writer: "psn", several: true, moves: true},
	}
	kifuFormat    = benchFormat{name: "kif", writer: "kifu", moves: true}
	usiFormat     = benchFormat{name: "usi", writer: "usi", several: true, moves: true}
	sfenFormat    = benchFormat{name: "sfen", writer: "sfen", several: true}
	bodFormat     = benchFormat{name: "bod", writer: "bod", sjis: true}
	westernFormat = benchFormat{name: "western", writer: "western", moves: true}
	hoskingFormat = benchFormat{name: "western", writer: "hosking", moves: true}
	kkFormat      = benchFormat{name: "kk", writer: "kk", moves: true}
)

// BenchmarkReadGenerated reads the generated records in each format that
// has a benchmark of its own on other data.
func BenchmarkReadGenerated(b *testing.B) {
	// The records are written first and then let go: the collector would
	// otherwise mark them in every cycle, a cost the readers do not have in
	// the command line, whose heap holds little more than the game at hand.
	recs := benchRecords(benchGames)
	inputs := make([]benchInput, len(generatedFormats))
	for i, f := range generatedFormats {
		inputs[i] = makeInput(b, f, recs)
	}
	recs = nil
	runtime.GC()
	for i, f := range generatedFormats {
		name := f.name
		if f.sjis {
			name += "-sjis"
		}
		b.Run(name, func(b *testing.B) { benchRead(b, f, inputs[i]) })
	}
}

func benchReadFormat(b *testing.B, f benchFormat) {
	benchRead(b, f, makeInput(b, f, benchRecords(benchGames)))
}

// BenchmarkReadKIFU reads KIF in UTF-8 with LF (.kifu).
func BenchmarkReadKIFU(b *testing.B) { benchReadFormat(b, kifuFormat) }

// BenchmarkReadUSI reads `position startpos moves …` lines, one per game.
func BenchmarkReadUSI(b *testing.B) { benchReadFormat(b, usiFormat) }

// BenchmarkReadSFEN reads the SFEN of each game's last position.
func BenchmarkReadSFEN(b *testing.B) { benchReadFormat(b, sfenFormat) }

// BenchmarkReadBOD reads a board diagram of each game's last position.
func BenchmarkReadBOD(b *testing.B) { benchReadFormat(b, bodFormat) }

// BenchmarkReadWestern reads Western move lists in Hodges notation.
func BenchmarkReadWestern(b *testing.B) { benchReadFormat(b, westernFormat) }

// BenchmarkReadHosking reads Western move lists in Hosking notation.
func BenchmarkReadHosking(b *testing.B) { benchReadFormat(b, hoskingFormat) }

// BenchmarkReadKK reads Kitao–Kawasaki move lists.
func BenchmarkReadKK(b *testing.B) { benchReadFormat(b, kkFormat) }

// BenchmarkReadCorpus reads the readable files of the shared corpus
// (../shared/corpus) per format, as they are: real files of many producers,
// in their own encodings.
func BenchmarkReadCorpus(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no shared corpus")
	}
	invalid, _ := os.ReadFile(filepath.Join(dir, "INVALID.txt"))
	for _, format := range []string{"csa", "kif", "ki2", "jkf", "usi"} {
		var in benchInput
		files, _ := filepath.Glob(filepath.Join(dir, format, "*"))
		for _, p := range files {
			if strings.Contains(string(invalid), filepath.Base(p)) {
				continue
			}
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			// Only what reads cleanly: the benchmark is about speed.
			dec, _, err := charset.NewReader(bytes.NewReader(data))
			if err != nil {
				continue
			}
			f, ok := parse.Lookup(strings.ToLower(filepath.Ext(p)))
			if !ok || f.Name != format {
				continue
			}
			r := f.New(dec, parse.Options{})
			games, moves, ok := 0, 0, true
			for {
				rec, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					ok = false
					break
				}
				games++
				moves += countMoves(rec)
			}
			if !ok || games == 0 {
				continue
			}
			in.files = append(in.files, data)
			in.games += games
			in.moves += moves
			in.size += len(data)
		}
		if len(in.files) == 0 {
			continue
		}
		b.Run(format, func(b *testing.B) {
			benchRead(b, benchFormat{name: format}, in)
		})
	}
}
