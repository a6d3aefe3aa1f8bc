package parse_test

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestReuseRecord reads generated records in every format twice, in
// lockstep: into new records (Read), and with parse.Records into one reused
// record with one reused line buffer, kept from file to file as a Pool
// keeps them. Each pair must be equal, game after game, so no part of an
// earlier game or file leaks into the next one through the reused memory.
func TestReuseRecord(t *testing.T) {
	recs := benchRecords(30)
	formats := append([]benchFormat{}, generatedFormats...)
	formats = append(formats, kifuFormat, usiFormat, sfenFormat, bodFormat, westernFormat, hoskingFormat, kkFormat)
	mem := new(parse.Memory)
	var into *shogi.Record // the record every step yields
	for _, f := range formats {
		t.Run(f.writer, func(t *testing.T) {
			in := makeInput(t, f, recs)
			games := 0
			for _, data := range in.files {
				open := func(opt parse.Options) parse.Reader {
					dec, _, err := charset.NewReader(bytes.NewReader(data))
					if err != nil {
						t.Fatal(err)
					}
					r, err := parse.New(f.name, dec, opt)
					if err != nil {
						t.Fatal(err)
					}
					return r
				}
				fresh, reused := open(parse.Options{}), open(parse.WithMemory(parse.Options{}, mem))
				next, stop := iter.Pull2(parse.Records(reused))
				defer stop()
				for {
					a, errA := fresh.Read()
					b, errB, ok := next()
					if errA == io.EOF && !ok {
						break
					}
					if errA != nil || errB != nil || !ok {
						t.Fatalf("game %d: %v / %v", games+1, errA, errB)
					}
					if into == nil {
						into = b
					} else if b != into {
						t.Fatal("Records did not yield the record to reuse")
					}
					if d := shogi.Compare(a, b, shogi.CompareOptions{}); !d.Equal() {
						t.Fatalf("game %d differs when read into a reused record: %+v", games+1, d)
					}
					games++
				}
			}
			if games != len(recs) {
				t.Errorf("%d games read, want %d", games, len(recs))
			}
		})
	}
}

// TestReuseAllocations checks what reading one more file with
// parse.Records costs with memory that has served files before: no tree,
// no line buffer, only the reader itself and the strings of the header and
// comments.
func TestReuseAllocations(t *testing.T) {
	recs := benchRecords(4)
	for _, f := range []benchFormat{kifuFormat, {name: "ki2", writer: "ki2", moves: true}, {name: "csa", writer: "csa", moves: true}} {
		in := makeInput(t, f, recs)
		mem := new(parse.Memory)
		var br bytes.Reader
		read := func() {
			for _, data := range in.files {
				br.Reset(data)
				r, err := parse.New(f.name, &br, parse.WithMemory(parse.Options{}, mem))
				if err != nil {
					t.Fatal(err)
				}
				for _, err := range parse.Records(r) {
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		read()
		allocs := testing.AllocsPerRun(20, read) / float64(len(in.files))
		// The reader, its header and comment strings and a slice of them,
		// and the text of the lines a position is kept for (KIF's first
		// line, 手合割 and まで): 4 to 7 here. Without the memory a file
		// cost 10 (KIF) to 28 (CSA): a tree of ~130 nodes in slabs, a 4 KB
		// line buffer, CSA's game buffers.
		if allocs > 7 {
			t.Errorf("%s: %.1f allocations per file with warm memory", f.writer, allocs)
		}
	}
}

// TestRecordsLifetime shows the contract of parse.Records and of the ways
// to keep records: the record a step yields is overwritten by the next
// step (a record kept past its step holds the next game, not its own), an
// error ends the sequence, and the records of Read and KeepEach are new
// ones that keep their games.
func TestRecordsLifetime(t *testing.T) {
	const game = "PI\n+\n+7776FU\n-3334FU\n%s\n/\n"
	text := fmt.Sprintf(game, "+2726FU") + fmt.Sprintf(game, "+8822UM") + fmt.Sprintf(game, "+9796FU") +
		"PI\n+\n+7776FU\n-7776FU\n/\n" + // an illegal move: an error under Strict
		fmt.Sprintf(game, "+1716FU")
	newReader := func() parse.Reader { return parse.NewCSA(strings.NewReader(text), parse.Options{Strict: true}) }
	lastMove := func(rec *shogi.Record) string { return rec.NodeAt(3).Move.String() }
	want := []string{"2g2f", "8h2b+", "9g9f"}

	// Read: a new record every time, which keeps its game.
	var kept []*shogi.Record
	r := newReader()
	for range want {
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, rec)
	}
	for i, rec := range kept {
		if got := lastMove(rec); got != want[i] || i > 0 && rec == kept[i-1] {
			t.Errorf("Read: record %d holds %s (want %s), or is the one before", i+1, got, want[i])
		}
	}

	// Records: one record, overwritten at every step; the error ends the
	// sequence, though the reader could read the game after it.
	var first *shogi.Record
	steps, errs := 0, 0
	for rec, err := range parse.Records(newReader()) {
		if err != nil {
			errs++
			continue
		}
		if got := lastMove(rec); got != want[steps] {
			t.Errorf("Records: step %d holds %s, want %s", steps+1, got, want[steps])
		}
		if first == nil {
			first = rec
		} else if rec != first {
			t.Errorf("Records: step %d yields a new record", steps+1)
		}
		steps++
		if got := lastMove(first); got != want[steps-1] {
			t.Errorf("Records: the record kept from step 1 holds %s at step %d, want that step's %s", got, steps, want[steps-1])
		}
	}
	if steps != len(want) || errs != 1 {
		t.Errorf("Records: %d records and %d errors, want %d and 1", steps, errs, len(want))
	}

	// ReadEach hands fn the reused record, KeepEach a new one to keep.
	for _, tt := range []struct {
		name  string
		each  func(parse.Reader, int, func(*shogi.Record) int, func(int, parse.Result[int]) bool) (int, error)
		fresh bool
	}{{"ReadEach", parse.ReadEach[int], false}, {"KeepEach", parse.KeepEach[int], true}} {
		var recs []*shogi.Record
		n, err := tt.each(newReader(), 0, nil, func(_ int, res parse.Result[int]) bool {
			recs = append(recs, res.Record)
			return true
		})
		if n != len(want)+1 || err == nil {
			t.Errorf("%s: %d, %v; want %d and the error of the fourth game", tt.name, n, err, len(want)+1)
		}
		for i, rec := range recs {
			if got, distinct := lastMove(rec), i > 0 && rec != recs[i-1]; i > 0 && distinct != tt.fresh || tt.fresh && got != want[i] {
				t.Errorf("%s: record %d holds %s (want %s), distinct from the one before: %v", tt.name, i+1, got, want[i], distinct)
			}
		}
	}
}
