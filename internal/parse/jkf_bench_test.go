package parse_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/kifconv/kifconv/internal/procstat"
)

// BenchmarkJKFDecoder measures what jsontext alone costs on the JKF input
// of BenchmarkReadGenerated/jkf (indented, about 360 bytes a move), with no
// reader work: the bounds of a JKF reader built on it. tokens reads every
// token (PeekKind, then ReadToken for a delimiter or ReadValue for a
// scalar), as the reader's token-by-token path does; entries reads each
// entry of "moves" whole with ReadValue, the check the reader makes on a
// "moves" array too long to be read whole; whole reads each document with
// one ReadValue, the decoder's check alone, about what the reader's check
// of a "moves" array whole costs. moves/cpu-s compares with the reader's.
func BenchmarkJKFDecoder(b *testing.B) {
	f := benchFormat{name: "jkf", writer: "jkf", moves: true}
	in := makeInput(b, f, benchRecords(benchGames))
	var br bytes.Reader
	dec := jsontext.NewDecoder(&br)
	opts := []jsontext.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}
	run := func(b *testing.B, read func(b *testing.B)) {
		b.SetBytes(int64(in.size))
		b.ReportAllocs()
		cpu := procstat.CPU()
		for b.Loop() {
			for _, data := range in.files {
				br.Reset(data)
				dec.Reset(&br, opts...)
				read(b)
			}
		}
		reportRecords(b, procstat.CPU()-cpu, in.games, in.moves)
	}
	check := func(b *testing.B, err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	b.Run("tokens", func(b *testing.B) {
		run(b, func(b *testing.B) {
			for {
				switch dec.PeekKind() {
				case 0:
					_, err := dec.ReadToken()
					if !errors.Is(err, io.EOF) {
						b.Fatal(err)
					}
					return
				case '{', '}', '[', ']':
					_, err := dec.ReadToken()
					check(b, err)
				default:
					_, err := dec.ReadValue()
					check(b, err)
				}
			}
		})
	})
	b.Run("entries", func(b *testing.B) {
		run(b, func(b *testing.B) {
			_, err := dec.ReadToken() // {
			check(b, err)
			for dec.PeekKind() == '"' {
				k, err := dec.ReadValue()
				check(b, err)
				if string(k) != `"moves"` {
					_, err = dec.ReadValue()
					check(b, err)
					continue
				}
				_, err = dec.ReadToken() // [
				check(b, err)
				for dec.PeekKind() == '{' {
					_, err = dec.ReadValue()
					check(b, err)
				}
				_, err = dec.ReadToken() // ]
				check(b, err)
			}
			_, err = dec.ReadToken() // }
			check(b, err)
		})
	})
	b.Run("whole", func(b *testing.B) {
		run(b, func(b *testing.B) {
			_, err := dec.ReadValue()
			check(b, err)
		})
	})
}
