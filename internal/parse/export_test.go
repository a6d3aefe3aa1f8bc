package parse

// Memory is what a Pool keeps of a reader for the next: the tests read
// file after file with one, as the command line does through a Pool.
type Memory = memory

// WithMemory returns opt with m as the reader's memory.
func WithMemory(opt Options, m *Memory) Options {
	opt.mem = m
	return opt
}

// EachNew yields the records of a reader as Read returns them, each a new one.
var EachNew = each
