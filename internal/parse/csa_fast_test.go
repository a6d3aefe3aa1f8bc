package parse_test

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestCSAFastPathChunks reads generated CSA games, with LF and with CRLF
// line ends, through readers that return the text in every size of chunk,
// so that the CSA reader's fast path over buffered move and time lines
// (csaGame.fastMoves) meets lines cut at every place; every game must come
// out as it does from the whole text at once.
func TestCSAFastPathChunks(t *testing.T) {
	in := makeInput(t, benchFormat{name: "csa", writer: "csa", several: true, moves: true}, benchRecords(12))
	lf := in.files[0]
	crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	readAll := func(r io.Reader) []*shogi.Record {
		var recs []*shogi.Record
		cr := parse.NewCSA(r, parse.Options{})
		for {
			rec, err := cr.Read()
			if err == io.EOF {
				return recs
			}
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, rec)
		}
	}
	for name, text := range map[string][]byte{"LF": lf, "CRLF": crlf} {
		want := readAll(bytes.NewReader(text))
		if len(want) != 12 {
			t.Fatalf("%s: %d games", name, len(want))
		}
		readers := map[string]io.Reader{
			"one byte": iotest.OneByteReader(bytes.NewReader(text)),
			"half":     iotest.HalfReader(bytes.NewReader(text)),
			"7 bytes":  &chunkReader{text, 7},
			"4095":     &chunkReader{text, 4095},
		}
		for rname, r := range readers {
			got := readAll(r)
			if len(got) != len(want) {
				t.Fatalf("%s, %s: %d games, want %d", name, rname, len(got), len(want))
			}
			for i := range got {
				if d := shogi.Compare(want[i], got[i], shogi.CompareOptions{}); !d.Equal() {
					t.Fatalf("%s, %s: game %d differs: %+v", name, rname, i+1, d)
				}
			}
		}
	}
	// Line numbers after a run of fast-path lines: an unknown line is
	// reported where it is.
	text := "+7776FU\nT1\n-3334FU\nT1\n+2726FU\nT1\n-8384FU\nT1\n+2625FU\nT1\n-8485FU\nT1\n"
	r := parse.NewCSA(strings.NewReader("PI\n+\n"+text+"hello\n"), parse.Options{Filename: "x.csa"})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if w := r.Warnings(); len(w) != 1 || w[0].Pos.Line != 15 {
		t.Errorf("warnings %v, want one at line 15", w)
	}
}

// chunkReader returns its text n bytes at a time.
type chunkReader struct {
	b []byte
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := min(c.n, len(p), len(c.b))
	copy(p, c.b[:k])
	c.b = c.b[k:]
	return k, nil
}
