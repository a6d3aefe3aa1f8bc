package parse

import (
	"io"
	"iter"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Memory is what a Pool keeps of a reader for the next: the tests read
// file after file with one, as the command line does through a Pool.
type Memory = memory

// WithMemory returns opt with m as the reader's memory, and records reused
// (ReuseRecord).
func WithMemory(opt Options, m *Memory) Options {
	opt.mem = m
	opt.ReuseRecord = true
	return opt
}

// Records yields the records of r as Read returns them, to the first error
// (io.EOF is not yielded): the tests' loop.
func Records(r Reader) iter.Seq2[*shogi.Record, error] {
	return func(yield func(*shogi.Record, error) bool) {
		for {
			rec, err := r.Read()
			if err == io.EOF || !yield(rec, err) || err != nil {
				return
			}
		}
	}
}
