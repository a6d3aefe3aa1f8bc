package batch

import "github.com/kifconv/kifconv/internal/parse"

// SetSplit sets what the tests do to the splitter of a source before it is
// read in pieces (the sizes of the pieces).
func SetSplit(s *InputSource, f func(*parse.Splitter)) { s.split = f }
