package parse

import (
	"bytes"
	"io"
)

// A collection (floodgate's CSA archives hold hundreds of thousands of
// games) can be read in parallel when its text can be cut between records
// without reading them: CSA games end at a `/` line, USI games and SFEN
// positions are lines, JSON Lines holds one JKF object a line. A Splitter
// cuts decoded text into pieces of whole records; each piece is read on its
// own with Options.Line and Options.Offset set from the piece, so that
// every position in it counts from the start of the input.

// Splittable reports whether a Splitter can cut collections of format.
func Splittable(format string) bool {
	switch format {
	case "csa", "usi", "sfen", "jkf":
		return true
	}
	return false
}

// Piece is a run of whole records of an input.
type Piece struct {
	Text   []byte
	Line   int   // the lines of the input before Text
	Offset int64 // the bytes of the input before Text
	// Rest, when not nil, makes this the last piece: the text could not be
	// cut further (no cut in Splitter.Max bytes, or a read error, which Rest
	// returns after the text), and its records go on in Rest after Text.
	Rest io.Reader
}

// Splitter cuts the decoded text of a collection into pieces.
type Splitter struct {
	Size int // a piece is cut at the first record boundary after this many bytes
	Max  int // with no boundary within this many bytes, the rest is one piece

	format string
	r      io.Reader
	buf    []byte
	line   int
	offset int64
	err    error // the read error that ended the text
	done   bool
}

// Default piece sizes: big enough that reading a piece costs far more than
// handing it to a worker, small enough that a few per worker stay in cache.
const (
	DefaultPieceSize    = 64 << 10
	DefaultMaxPieceSize = 16 << 20
)

// NewSplitter returns a splitter of the text of r in format, which must be
// Splittable.
func NewSplitter(format string, r io.Reader) *Splitter {
	return &Splitter{Size: DefaultPieceSize, Max: DefaultMaxPieceSize, format: format, r: r}
}

// Next returns the next piece, with its text in buf's memory when buf has
// room (a buffer of an earlier piece the caller is done with), or io.EOF
// after the last piece.
func (s *Splitter) Next(buf []byte) (Piece, error) {
	if s.done {
		return Piece{}, io.EOF
	}
	from := s.Size
	checked := 0 // s.buf[:checked] held no boundary
	for {
		eof := s.err != nil
		// Text read since the last look that ends no line cannot make a
		// boundary: one long line arriving in small reads is looked at once.
		fresh := checked == 0 || eof || s.buf[checked-1] == '\r' ||
			bytes.IndexByte(s.buf[checked:], '\n') >= 0 || bytes.IndexByte(s.buf[checked:], '\r') >= 0
		if len(s.buf) > from && fresh {
			checked = len(s.buf)
			if cut := findCut(s.format, s.buf, from, eof); cut > 0 {
				p := Piece{Text: s.buf[:cut], Line: s.line, Offset: s.offset}
				s.line += countLines(p.Text)
				s.offset += int64(cut)
				if cap(buf) < max(2*s.Size, len(s.buf)-cut) {
					buf = make([]byte, 0, max(2*s.Size, len(s.buf)-cut))
				}
				s.buf = append(buf[:0], s.buf[cut:]...)
				return p, nil
			}
			// The boundary before a line not read to its end is looked at
			// again, not the ones before it.
			if last := lineStart(s.buf, len(s.buf)); last > 0 {
				from = max(lineStart(s.buf, last-1), from)
			}
		}
		if eof || len(s.buf) >= s.Max {
			s.done = true
			p := Piece{Text: s.buf, Line: s.line, Offset: s.offset}
			switch {
			case s.err == nil:
				p.Rest = s.r // no boundary for too long
			case s.err != io.EOF:
				p.Rest = errReader{s.err} // after the text before it, as a reader would see it
			}
			if len(p.Text) == 0 && p.Rest == nil {
				return Piece{}, io.EOF
			}
			return p, nil
		}
		if s.buf == nil {
			s.buf = make([]byte, 0, 2*s.Size)
		}
		if len(s.buf) == cap(s.buf) {
			s.buf = append(s.buf, 0)[:len(s.buf)]
		}
		var n int
		var err error
		for range 100 {
			if n, err = s.r.Read(s.buf[len(s.buf):cap(s.buf)]); n > 0 || err != nil {
				break
			}
		}
		if n == 0 && err == nil {
			err = io.ErrNoProgress // after 100 empty reads, as bufio does
		}
		s.buf = s.buf[:len(s.buf)+n]
		s.err = err
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// findCut returns the index of the first record boundary at a line start
// after the line holding b[from], or 0 if there is none in what is read
// yet. A boundary needs the line before it and the line after it whole (the
// byte after a CR decides whether it is CRLF), and must not put a
// byte-order mark at the start of a piece, where a reader would drop it.
func findCut(format string, b []byte, from int, eof bool) int {
	i := lineStart(b, from)
	for {
		e := afterLine(b, i, eof)
		if e < 0 || e == len(b) {
			return 0
		}
		n := afterLine(b, e, eof)
		if n < 0 {
			return 0
		}
		if !bytes.HasPrefix([]byte("\xef\xbb\xbf"), b[e:min(e+3, len(b))]) && boundary(format, trimEnd(b[i:e]), b[e:n]) {
			return e
		}
		i = e
	}
}

// boundary reports whether a record of format may end with line prev (no
// line end) and the next begin with next (its line end included).
func boundary(format string, prev, next []byte) bool {
	switch format {
	case "csa":
		return string(bytes.TrimSpace(prev)) == "/"
	case "usi":
		return true
	case "sfen":
		// Not before the candidate moves that follow a position in a book.
		t := bytes.TrimSpace(next)
		tok, _, _ := bytes.Cut(t, []byte(" "))
		return len(t) == 0 || t[0] == '#' || bytes.IndexByte(tok, '/') >= 0 ||
			string(tok) == "sfen" || string(tok) == "position" || string(tok) == "startpos"
	case "jkf":
		// In one JSON value, } and { on two lines need a comma between them:
		// this is where one object of JSON Lines ends and the next begins.
		p, t := bytes.TrimSpace(prev), bytes.TrimSpace(next)
		return len(p) > 0 && p[len(p)-1] == '}' && len(t) > 0 && t[0] == '{'
	}
	return false
}

func trimEnd(line []byte) []byte { return bytes.TrimRight(line, "\r\n") }

// lineStart returns the index of the start of the line holding b[i].
func lineStart(b []byte, i int) int {
	for {
		k := max(bytes.LastIndexByte(b[:i], '\n'), bytes.LastIndexByte(b[:i], '\r'))
		if k < 0 {
			return 0
		}
		if b[k] == '\r' && k+1 == i && i < len(b) && b[i] == '\n' {
			i = k // b[i] is the LF of a CRLF: its line ends there
			continue
		}
		return k + 1
	}
}

// afterLine returns the index just after the line end of the line that
// starts at i, or -1 if it is not read yet; at the end of the input the
// last line ends there.
func afterLine(b []byte, i int, eof bool) int {
	rest := b[i:]
	j := bytes.IndexByte(rest, '\n')
	if j < 0 {
		j = len(rest)
	}
	if k := bytes.IndexByte(rest[:j], '\r'); k >= 0 {
		switch {
		case k+1 < len(rest):
			if rest[k+1] == '\n' {
				return i + k + 2
			}
			return i + k + 1
		case eof:
			return i + k + 1
		}
		return -1
	}
	if j < len(rest) {
		return i + j + 1
	}
	if eof {
		return len(b)
	}
	return -1
}

// countLines counts the line ends in b as the readers do: LF, CRLF and a
// bare CR each end one line.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if bytes.IndexByte(b, '\r') >= 0 {
		n += bytes.Count(b, []byte{'\r'}) - bytes.Count(b, []byte("\r\n"))
	}
	return n
}
