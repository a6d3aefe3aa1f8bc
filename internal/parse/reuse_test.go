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
// lockstep: into new records and into one reused record
// (parse.Options.Reuse). Each pair must be equal, game after game, so no
// part of an earlier game leaks into the next one through the reused memory.
func TestReuseRecord(t *testing.T) {
	recs := benchRecords(30)
	formats := append([]benchFormat{}, generatedFormats...)
	formats = append(formats, kifuFormat, usiFormat, sfenFormat, bodFormat, westernFormat, hoskingFormat, kkFormat)
	reuse := shogi.NewRecord(shogi.StartPosition())
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
					if b != reuse {
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
