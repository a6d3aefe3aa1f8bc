package parse_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
)

// TestOpen checks that Open tells the format from the name and the text,
// reads the records, and says why when it cannot, with and without a pool
// (whose buffers are reused from one source to the next).
func TestOpen(t *testing.T) {
	kif := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n"
	csa := "V2.2\nPI\n+\n+7776FU\n%TORYO\n"
	for _, pool := range []*parse.Pool{nil, new(parse.Pool)} {
		for _, tc := range []struct {
			name, text, from string
			format           string
			moves            int
			err              error
		}{
			{name: "a.kif", text: kif, format: "kif", moves: 1},
			{name: "a.csa", text: csa, format: "csa", moves: 1},
			{name: "-", text: csa, format: "csa", moves: 1},
			{name: "a.txt", text: kif, from: "kif", format: "kif", moves: 1},
			{name: "a.txt", text: "", err: parse.ErrEmpty},
			{name: "a.txt", text: "hello\nworld\n", err: parse.ErrUndetected},
			{name: "a.kif", text: "\x00\x01\x02\x03binary\x00\x00", err: charset.ErrBinary},
			{name: "a.kif", text: kif, from: "nosuch", err: parse.ErrFormatName},
		} {
			src, err := parse.Open(tc.name, strings.NewReader(tc.text), tc.from, parse.Options{}, nil, pool)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Errorf("%s %q: %v, want %v", tc.name, tc.text, err, tc.err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if src.Format != tc.format {
				t.Errorf("%s: format %q, want %q", tc.name, src.Format, tc.format)
			}
			rec, err := src.Reader.Read()
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			n := 0
			for nd := rec.Root; nd.NumChildren() > 0; nd = nd.Child(0) {
				if !nd.Child(0).IsEnd() {
					n++
				}
			}
			if n != tc.moves {
				t.Errorf("%s: %d moves, want %d", tc.name, n, tc.moves)
			}
			src.Close()
		}
	}
}
