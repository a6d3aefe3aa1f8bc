package parse

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// lineReader splits decoded text into lines for every line-based reader. It
// accepts LF, CRLF and bare CR line ends (mixed in one file, as Kifu for
// Windows' CSA export writes them), bounds the length of a line with
// MaxLineBytes instead of failing silently like bufio.Scanner, and tracks the
// line number for error positions. The returned slice is valid until the
// next call, so readers that only look at a line allocate nothing.
type lineReader struct {
	r       *bufio.Reader
	file    string
	max     int
	line    int   // number of the line last returned
	offset  int64 // byte offset of the line last returned
	next    int64 // byte offset of the next line
	pending []byte
	buf     []byte
	err     error
	unread  bool
	last    []byte
}

func newLineReader(r io.Reader, opt Options) *lineReader {
	max := opt.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 16<<10 {
		br = bufio.NewReaderSize(r, 16<<10)
	}
	return &lineReader{r: br, file: opt.Filename, max: max}
}

// pos returns the position of column col (1-based, in runes) of the line
// last returned.
func (l *lineReader) pos(col int) Pos {
	return Pos{File: l.file, Line: l.line, Col: col, Offset: l.offset}
}

// posAt returns the position of byte offset i within line b (the last line
// returned), counting columns in runes.
func (l *lineReader) posAt(b []byte, i int) Pos {
	if i > len(b) {
		i = len(b)
	}
	return l.pos(bytes.Count(b[:i], nil))
}

// back makes the next call of readLine return the last line again.
func (l *lineReader) back() { l.unread = true; l.line-- }

// readLine returns the next line without its line end, or io.EOF.
func (l *lineReader) readLine() ([]byte, error) {
	if l.unread {
		l.unread = false
		l.line++
		return l.last, nil
	}
	if len(l.pending) == 0 {
		if l.err != nil {
			return nil, l.err
		}
		l.buf = l.buf[:0]
		for {
			frag, err := l.r.ReadSlice('\n')
			if len(l.buf)+len(frag) > l.max {
				l.err = &Error{Pos: Pos{File: l.file, Line: l.line + 1, Col: 1}, Err: ErrLineTooLong,
					Detail: fmt.Sprintf("a line longer than %d bytes", l.max)}
				return nil, l.err
			}
			if err == bufio.ErrBufferFull {
				l.buf = append(l.buf, frag...)
				continue
			}
			if err != nil {
				if len(frag) == 0 && len(l.buf) == 0 {
					l.err = err
					return nil, err
				}
				l.buf = append(l.buf, frag...)
				l.err = err
				if err != io.EOF {
					return nil, err
				}
				break
			}
			if len(l.buf) == 0 {
				l.buf = frag // no copy: valid until the next ReadSlice
			} else {
				l.buf = append(l.buf, frag...)
			}
			break
		}
		l.pending = l.buf
		if l.line == 0 && bytes.HasPrefix(l.pending, []byte("\xef\xbb\xbf")) {
			l.pending = l.pending[3:]
			l.next += 3
		}
	}
	b := l.pending
	n := len(b)
	end := indexLineEnd(b)
	var rest []byte
	if end < 0 {
		rest = nil
	} else {
		n = end
		if b[end] == '\r' && end+1 < len(b) && b[end+1] == '\n' {
			rest = b[end+2:]
		} else {
			rest = b[end+1:]
		}
	}
	l.pending = rest
	l.line++
	l.offset = l.next
	l.next += int64(len(b) - len(rest))
	l.last = b[:n]
	return l.last, nil
}

// indexLineEnd returns the index of the first CR or LF in b, or -1. Two
// IndexByte calls (vectorized) beat bytes.IndexAny, which scans byte by byte.
func indexLineEnd(b []byte) int {
	end := bytes.IndexByte(b, '\n')
	if end < 0 {
		end = len(b)
	}
	if cr := bytes.IndexByte(b[:end], '\r'); cr >= 0 {
		return cr
	}
	if end == len(b) {
		return -1
	}
	return end
}
