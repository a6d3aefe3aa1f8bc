package parse_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
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

// TestPoolKeepsResults reads the sample files one after another through
// one Pool, as a batch reads its inputs ahead, keeping every record (no
// ReuseRecord) and every warning past the Close that hands the source's
// memory, its reader among it, to the next file. Each must still be what
// reading its file alone gives.
func TestPoolKeepsResults(t *testing.T) {
	var paths []string
	for _, dir := range []string{"kif", "ki2", "bod", "csa", "bad"} {
		for _, ext := range []string{"kif", "ki2", "bod", "csa"} {
			m, _ := filepath.Glob(filepath.Join("..", "..", "testdata", dir, "*."+ext))
			paths = append(paths, m...)
		}
	}
	if len(paths) < 20 {
		t.Fatalf("%d sample files", len(paths))
	}
	type result struct {
		open  string // why it could not be opened
		recs  []*shogi.Record
		warns []parse.ErrorList // as the reader gave them: strings only at the end
		err   string            // the error that ended reading
	}
	text := func(ls []parse.ErrorList) []string {
		var out []string
		for _, l := range ls {
			for _, e := range l {
				out = append(out, e.Error())
			}
		}
		return out
	}
	read := func(path string, pool *parse.Pool) result {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		src, err := parse.Open(path, f, "", parse.Options{Filename: path}, nil, pool)
		if err != nil {
			return result{open: err.Error()}
		}
		defer src.Close()
		var r result
		for rec, err := range parse.Records(src.Reader) {
			if err != nil {
				r.err = err.Error()
				break
			}
			r.recs = append(r.recs, rec)
			r.warns = append(r.warns, src.Reader.Warnings())
		}
		return r
	}
	pool := new(parse.Pool)
	var kept []result
	for range 2 {
		for _, p := range paths {
			kept = append(kept, read(p, pool))
		}
	}
	for i, got := range kept {
		p := paths[i%len(paths)]
		want := read(p, nil)
		if got.open != want.open || got.err != want.err || len(got.recs) != len(want.recs) || !slices.Equal(text(got.warns), text(want.warns)) {
			t.Errorf("%s: %q %q, %d records, warnings %q; alone %q %q, %d, %q", p, got.open, got.err, len(got.recs), text(got.warns),
				want.open, want.err, len(want.recs), text(want.warns))
			continue
		}
		for j := range got.recs {
			if d := shogi.Compare(got.recs[j], want.recs[j], shogi.CompareOptions{}); !d.Equal() {
				t.Errorf("%s game %d: changed after later files were read: %+v", p, j+1, d)
			}
		}
	}
}
