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
// lockstep: into new records, and with ReuseRecord into one reused
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
// ReuseRecord costs with memory that has served files before: no tree, no
// line buffer, no KIF or KI2 reader (made in the one before), only the
// strings of the header and comments.
func TestReuseAllocations(t *testing.T) {
	recs := benchRecords(4)
	for _, tt := range []struct {
		f   benchFormat
		max float64
	}{
		{kifuFormat, 6},
		{benchFormat{name: "ki2", writer: "ki2", moves: true}, 5},
		{benchFormat{name: "csa", writer: "csa", moves: true}, 5},
	} {
		f := tt.f
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
		// The header and comment strings and a slice of them, the text of
		// the lines a position is kept for (KIF's first line, 手合割 and
		// まで), and CSA's reader: 4 to 6 here. Without the memory a file
		// cost 10 (KIF) to 28 (CSA): the reader, a tree of ~130 nodes in
		// slabs, a 4 KB line buffer, CSA's game buffers.
		if allocs > tt.max {
			t.Errorf("%s: %.2f allocations per file with warm memory, want at most %v", f.writer, allocs, tt.max)
		}
	}
}

// TestRecordsLifetime shows the one rule of a record's lifetime
// (Options.ReuseRecord): without it every record Read returns is a new one
// that keeps its game; with it the same record is overwritten by the next
// Read, so a record kept past its step holds the next game; ReadEach
// follows the reader's option.
func TestRecordsLifetime(t *testing.T) {
	const game = "PI\n+\n+7776FU\n-3334FU\n%s\n/\n"
	text := fmt.Sprintf(game, "+2726FU") + fmt.Sprintf(game, "+8822UM") + fmt.Sprintf(game, "+9796FU") +
		"PI\n+\n+7776FU\n-7776FU\n/\n" + // an illegal move: an error under Strict
		fmt.Sprintf(game, "+1716FU")
	lastMove := func(rec *shogi.Record) string { return rec.NodeAt(3).Move.String() }
	want := []string{"2g2f", "8h2b+", "9g9f"}
	for _, reuse := range []bool{false, true} {
		newReader := func() parse.Reader {
			return parse.NewCSA(strings.NewReader(text), parse.Options{Strict: true, ReuseRecord: reuse})
		}
		// Read.
		var kept []*shogi.Record
		r := newReader()
		for i := range want {
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			kept = append(kept, rec)
			if got := lastMove(rec); got != want[i] {
				t.Errorf("reuse %v: Read %d holds %s, want %s", reuse, i+1, got, want[i])
			}
		}
		for i, rec := range kept {
			same := i > 0 && rec == kept[i-1]
			if i > 0 && same != reuse || !reuse && lastMove(rec) != want[i] || reuse && lastMove(rec) != want[len(want)-1] {
				t.Errorf("reuse %v: record %d kept past its step holds %s, the same as the one before: %v", reuse, i+1, lastMove(rec), same)
			}
		}
		// ReadEach: the same rule, and the error of the fourth game.
		var recs []*shogi.Record
		n, err := parse.ReadEach(newReader(), 0, nil, func(_ int, res parse.Result[int]) bool {
			recs = append(recs, res.Record)
			return true
		})
		if n != len(want)+1 || err == nil {
			t.Errorf("reuse %v: ReadEach: %d, %v; want %d and the error of the fourth game", reuse, n, err, len(want)+1)
		}
		for i := 1; i < len(recs); i++ {
			if (recs[i] == recs[i-1]) != reuse {
				t.Errorf("reuse %v: ReadEach record %d is the one before: %v", reuse, i+1, recs[i] == recs[i-1])
			}
		}
	}
}
