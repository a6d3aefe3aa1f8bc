package main

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// genRecords returns n generated records of realistic length (80 to 160
// plies, with times, a header, an ending and some comments), the same for
// the same seed, and the number of moves in them.
func genRecords(seed uint64, n int) (recs []*shogi.Record, moves int) {
	rng := rand.New(rand.NewPCG(seed, 8))
	opt := shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Header: true, Endings: true}
	for len(recs) < n {
		rec := shogitest.RandomRecord(rng, opt)
		m := mainLineMoves(rec)
		if m >= 80 && m <= 160 {
			recs = append(recs, rec)
			moves += m
		}
	}
	return recs, moves
}

func mainLineMoves(rec *shogi.Record) int {
	n := 0
	for x := range rec.MainLine() {
		if !x.IsEnd() {
			n++
		}
	}
	return n
}

// recordText writes recs in format (one after the other, as the writer
// separates them) in enc, with CRLF line ends if crlf.
func recordText(tb testing.TB, format string, enc charset.Encoding, crlf bool, recs ...*shogi.Record) []byte {
	tb.Helper()
	f, ok := render.Lookup(format)
	if !ok {
		tb.Fatalf("no writer %q", format)
	}
	var buf bytes.Buffer
	cw := charset.NewWriter(&buf, enc, crlf, true)
	w := f.New(cw, render.Options{AllowLoss: true})
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := cw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
