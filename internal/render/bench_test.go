package render_test

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/procstat"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// The benchmarks of this file write records from shogitest.RandomRecord
// (realistic games of 80 to 160 plies with times, a header, an ending and a
// comment on about one move in seven) in each format as one stream of UTF-8
// text, which is what writers produce; BenchmarkWriteEncoded adds the CLI's
// transcoding to the format's usual encoding and line ends
// (charset.Writer), the whole cost of writing in `kifconv convert`. Besides B/op
// and allocs/op they report moves/s, games/s and MB/s (of output), and
// moves per CPU second (moves/cpu-s), which stays put on a machine busy
// with other work where the wall-clock figures do not.
//
// BenchmarkWriteKIF, KI2, CSA, JKF and PSN of the writers' own files
// measure those writers on data of their own; BenchmarkWriteGenerated
// measures them here on the common records.

// genRecords returns n generated records of 80 to 160 plies.
func genRecords(n int) (recs []*shogi.Record, moves int) {
	rng := rand.New(rand.NewPCG(2026, 8))
	opt := shogitest.RandomOptions{MaxPlies: 160, Comments: true, Times: true, Header: true, Endings: true}
	for len(recs) < n {
		rec := shogitest.RandomRecord(rng, opt)
		m := 0
		for x := range rec.MainLine() {
			if !x.IsEnd() {
				m++
			}
		}
		if m >= 80 && m <= 160 {
			recs = append(recs, rec)
			moves += m
		}
	}
	return recs, moves
}

type byteCounter struct{ n int64 }

func (c *byteCounter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// writeTo writes recs in format to w.
func writeTo(b *testing.B, format string, recs []*shogi.Record, w io.Writer) {
	wr, err := render.New(format, w, render.Options{AllowLoss: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, rec := range recs {
		if err := wr.Write(rec); err != nil {
			b.Fatal(err)
		}
	}
	if err := wr.Flush(); err != nil {
		b.Fatal(err)
	}
}

// writeEncoded is writeTo through a charset.Writer, as the CLI writes.
func writeEncoded(b *testing.B, format string, recs []*shogi.Record, w io.Writer, enc charset.Encoding, crlf bool) {
	if enc == "" {
		writeTo(b, format, recs, w)
		return
	}
	cw := charset.NewWriter(w, enc, crlf, false)
	writeTo(b, format, recs, cw)
	if err := cw.Close(); err != nil {
		b.Fatal(err)
	}
}

const genGames = 40

func benchWrite(b *testing.B, format string) {
	benchWriteEncoded(b, format, "", false)
}

// benchWriteEncoded is benchWrite with the output encoded to enc with
// CRLF line ends if crlf, as the CLI does; enc "" leaves it as the writer
// wrote it.
func benchWriteEncoded(b *testing.B, format string, enc charset.Encoding, crlf bool) {
	recs, moves := genRecords(genGames)
	var size byteCounter
	writeEncoded(b, format, recs, &size, enc, crlf)
	b.SetBytes(size.n)
	b.ReportAllocs()
	cpu := procstat.CPU()
	for b.Loop() {
		writeEncoded(b, format, recs, io.Discard, enc, crlf)
	}
	used := procstat.CPU() - cpu
	n := float64(b.N)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(len(recs))*n/sec, "games/s")
	b.ReportMetric(float64(moves)*n/sec, "moves/s")
	if used > 0 {
		b.ReportMetric(float64(moves)*n/used.Seconds(), "moves/cpu-s")
	}
}

// BenchmarkWriteGenerated writes the generated records in each format that
// has a benchmark of its own on other data.
func BenchmarkWriteGenerated(b *testing.B) {
	for _, format := range []string{"csa", "kif", "ki2", "jkf", "psn"} {
		b.Run(format, func(b *testing.B) { benchWrite(b, format) })
	}
}

// BenchmarkWriteKIFU writes KIF in UTF-8 (.kifu).
func BenchmarkWriteKIFU(b *testing.B) { benchWrite(b, "kifu") }

// BenchmarkWriteUSI writes one `position startpos moves …` line per game.
func BenchmarkWriteUSI(b *testing.B) { benchWrite(b, "usi") }

// BenchmarkWriteSFEN writes the SFEN of each game's last position (the
// moves are played to get there).
func BenchmarkWriteSFEN(b *testing.B) { benchWrite(b, "sfen") }

// BenchmarkWriteBOD writes a board diagram of each game's last position.
func BenchmarkWriteBOD(b *testing.B) { benchWrite(b, "bod") }

// BenchmarkWriteWestern writes Western move lists in Hodges notation.
func BenchmarkWriteWestern(b *testing.B) { benchWrite(b, "western") }

// BenchmarkWriteHosking writes Western move lists in Hosking notation.
func BenchmarkWriteHosking(b *testing.B) { benchWrite(b, "hosking") }

// BenchmarkWriteKK writes Kitao–Kawasaki move lists.
func BenchmarkWriteKK(b *testing.B) { benchWrite(b, "kk") }

// BenchmarkWriteSVG draws each game's last position.
func BenchmarkWriteSVG(b *testing.B) { benchWrite(b, "svg") }

// BenchmarkWriteEncoded is BenchmarkWriteGenerated through the CLI's
// output encoder: each format in its usual encoding and line ends
// (render.Formats(): KIF in Shift_JIS with CRLF, the others UTF-8 with LF,
// which the encoder passes through), and KI2 and UTF-8 KIF also in
// Shift_JIS with CRLF.
func BenchmarkWriteEncoded(b *testing.B) {
	for _, format := range []string{"csa", "kif", "ki2", "jkf", "psn", "kifu", "usi", "western", "kk"} {
		f, _ := render.Lookup(format)
		name := format + "/" + f.Encoding
		if f.CRLF {
			name += "-crlf"
		}
		b.Run(name, func(b *testing.B) { benchWriteEncoded(b, format, charset.Encoding(f.Encoding), f.CRLF) })
	}
	b.Run("ki2/shift_jis-crlf", func(b *testing.B) { benchWriteEncoded(b, "ki2", charset.ShiftJIS, true) })
	b.Run("kifu/shift_jis-crlf", func(b *testing.B) { benchWriteEncoded(b, "kifu", charset.ShiftJIS, true) })
}
