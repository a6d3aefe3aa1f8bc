package parse_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
)

// TestKakinokiFastLines reads generated KIF and KI2 games with every kind
// of line end (LF, CRLF, bare CR, and a mix chosen line by line) through
// readers that return the text in every size of chunk, so that the fast
// path over buffered move and comment lines (kakinoki.fastLines) meets
// lines cut at every place and line ends it must leave to the line reader;
// every game must come out as it does from the whole LF text at once.
func TestKakinokiFastLines(t *testing.T) {
	for _, f := range []benchFormat{{name: "kif", writer: "kif"}, {name: "ki2", writer: "ki2"}} {
		in := makeInput(t, f, benchRecords(6))
		for gi, lf := range in.files {
			rng := rand.New(rand.NewPCG(uint64(gi), 13))
			lf = bytes.ReplaceAll(lf, []byte("\r\n"), []byte("\n"))
			var mixed []byte
			for line := range bytes.Lines(lf) {
				mixed = append(mixed, bytes.TrimSuffix(line, []byte("\n"))...)
				mixed = append(mixed, []string{"\n", "\r\n", "\r"}[rng.IntN(3)]...)
			}
			want := readKakinoki(t, f.name, bytes.NewReader(lf))
			texts := map[string][]byte{
				"CRLF":  bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")),
				"CR":    bytes.ReplaceAll(lf, []byte("\n"), []byte("\r")),
				"mixed": mixed,
			}
			for name, text := range texts {
				readers := map[string]io.Reader{
					"whole":    bytes.NewReader(text),
					"one byte": iotest.OneByteReader(bytes.NewReader(text)),
					"half":     iotest.HalfReader(bytes.NewReader(text)),
					"7 bytes":  &chunkReader{text, 7},
					"4095":     &chunkReader{text, 4095},
				}
				for rname, r := range readers {
					got := readKakinoki(t, f.name, r)
					if d := shogi.Compare(want, got, shogi.CompareOptions{}); !d.Equal() {
						t.Fatalf("%s game %d, %s, %s: differs: %+v", f.name, gi+1, name, rname, d)
					}
				}
			}
		}
	}
	// After a run of fast-path lines, a line of another kind is reported
	// where it is; a bare CR in a comment ends the line there, as
	// everywhere.
	text := "手合割：平手\n手数----指手---------消費時間--\n" +
		"   1 ７六歩(77)\n*one\n   2 ３四歩(33)\n*two\rhello\n   3 ２六歩(27)\n   4 ８四歩(83)\nhello\n"
	r := parse.NewKIF(strings.NewReader(text), parse.Options{Filename: "x.kif"})
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	w := r.Warnings()
	if len(w) != 2 || w[0].Pos.Line != 7 || w[1].Pos.Line != 10 {
		t.Errorf("warnings %v, want two, at lines 7 and 10", w)
	}
	if c := rec.NodeAt(2).Comments(); len(c) != 1 || c[0] != "two" {
		t.Errorf("comments of move 2 %q, want [two]", c)
	}
	if n := rec.MainLineEnd().Ply(); n != 4 {
		t.Errorf("%d moves, want 4", n)
	}
}

// readKakinoki reads the one record of a KIF or KI2 text.
func readKakinoki(t *testing.T, format string, r io.Reader) *shogi.Record {
	t.Helper()
	var kr interface {
		Read() (*shogi.Record, error)
	}
	if format == "kif" {
		kr = parse.NewKIF(r, parse.Options{})
	} else {
		kr = parse.NewKI2(r, parse.Options{})
	}
	rec, err := kr.Read()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
