package parse

import "io"

// lineSource is what the line-based readers of one record per line or
// block (USI, SFEN, and PSN, Western and Kitao–Kawasaki through textReader)
// share: their options, their line reader and the warnings of the last
// record.
type lineSource struct {
	Options
	lr       *lineReader
	warnings ErrorList
}

func newLineSource(r io.Reader, opt Options) lineSource {
	s := lineSource{Options: opt, lr: newLineReader(r, opt)}
	s.lr.keepText(opt)
	return s
}

// Warnings returns the problems tolerated in the last record.
func (s *lineSource) Warnings() ErrorList { return s.warnings }
