package parse_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestReuseRecord reads generated records in every format twice, in
// lockstep: into new records, and into one reused record with one reused
// line buffer (parse.Options.Reuse). Each pair must be equal, game after
// game, so no part of an earlier game or file leaks into the next one
// through the reused memory.
func TestReuseRecord(t *testing.T) {
	recs := benchRecords(30)
	formats := append([]benchFormat{}, generatedFormats...)
	formats = append(formats, kifuFormat, usiFormat, sfenFormat, bodFormat, westernFormat, hoskingFormat, kkFormat)
	reuse := new(parse.Reuse)
	var into *shogi.Record // the record every Read returns
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
				fresh, reused := open(parse.Options{}), open(parse.Options{Reuse: reuse})
				for {
					a, errA := fresh.Read()
					b, errB := reused.Read()
					if errA == io.EOF && errB == io.EOF {
						break
					}
					if errA != nil || errB != nil {
						t.Fatalf("game %d: %v / %v", games+1, errA, errB)
					}
					if into == nil {
						into = b
					} else if b != into {
						t.Fatal("Read did not return the record to reuse")
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

// TestReuseAllocations checks what reading one more file costs with a
// Reuse that has served files before: no tree, no line buffer, only the
// reader itself and the strings of the header and comments.
func TestReuseAllocations(t *testing.T) {
	recs := benchRecords(4)
	for _, f := range []benchFormat{kifuFormat, {name: "ki2", writer: "ki2", moves: true}, {name: "csa", writer: "csa", moves: true}} {
		in := makeInput(t, f, recs)
		reuse := new(parse.Reuse)
		var br bytes.Reader
		read := func() {
			for _, data := range in.files {
				br.Reset(data)
				r, err := parse.New(f.name, &br, parse.Options{Reuse: reuse})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := r.Read(); err != nil {
					t.Fatal(err)
				}
			}
		}
		read()
		allocs := testing.AllocsPerRun(20, read) / float64(len(in.files))
		// The reader, its header and comment strings and a slice of them:
		// 4 here. Without Reuse a file cost 10 (KIF) to 28 (CSA): a tree
		// of ~130 nodes in slabs, a 4 KB line buffer, CSA's game buffers.
		if allocs > 6 {
			t.Errorf("%s: %.1f allocations per file with a warm Reuse", f.writer, allocs)
		}
	}
}
