package parse

import (
	"io"
)

// KK reads records in Kitao–Kawasaki notation (☗歩-76 ☖歩-34 ☗角x22+ ☖銀x),
// as render.KK writes them: optional `Key: value` header lines, then moves
// with or without numbers, {comments}, nested (variations) and end words.
// Western and PSN moves are accepted among them, as in parse.Western.
type KK struct{ textReader }

// NewKK returns a Kitao–Kawasaki reader.
func NewKK(r io.Reader, opt Options) *KK {
	return &KK{textReader{lineSource: newLineSource(r, opt)}}
}
