package parse

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// lineReader splits decoded text into lines for every line-based reader. It
// accepts LF, CRLF and bare CR line ends (mixed in one file, as Kifu for
// Windows' CSA export writes them), bounds the length of a line with
// MaxLineBytes instead of failing silently like bufio.Scanner, and tracks the
// line number for error positions. The returned slice is valid until the
// next call, so readers that only look at a line allocate nothing. It
// keeps its own buffer, finds each LF once and remembers where the next CR
// is, so that a line is scanned once whatever its line end.
type lineReader struct {
	r      io.Reader
	file   string
	max    int
	line   int   // number of the line last returned
	offset int64 // input offset of the line last returned
	buf    []byte
	start  int   // buf[start:end] is read but not yet returned
	end    int   //
	base   int64 // input offset of buf[0]
	cr     int   // index in buf of the first CR in buf[start:end], or -1 if there is none; before start: not known
	err    error // the error that ends the input, returned once the lines before it are
	bom    bool  // the start has been checked for a byte-order mark
	unread bool
	first  int64 // input offset of the text (not 0 for a piece of a collection)
	// The line last returned is buf[lastFrom:lastTo], for back: indices
	// rather than a slice, since storing a pointer costs a write barrier
	// whenever the collector is marking, on every line.
	lastFrom, lastTo int
	mem              *memory // where buf comes from and goes back to, if anywhere
	// keep holds the text read, for the places of the record being read
	// (Options.Places); nil without them.
	keep *textKeeper
	// The position of the line at quotedAt with its text, made once for
	// the positions on it.
	quoted     Pos
	quotedAt   int64
	quotedLine int
	// The text read from input offset chunkAt on, made once for the lines
	// in it when positions are taken on line after line (PSN takes one per
	// token): one allocation per chunk, not one per line.
	chunk   string
	chunkAt int64
	// A line longer than partSize comes in parts from readPart (a USI game
	// is one line): cont says the line goes on after the part last
	// returned; parted that the line last returned came in parts, whose
	// positions count columns from the line's start (partCol runes before
	// the part) and quote partText, the line's start.
	cont, parted bool
	partCol      int // runes of the line before the part last returned
	nextCol      int // partCol of the part after it
	partLen      int // bytes of the line before the unread text
	partText     string
}

// partSize is the text a part of a long line holds at least (see readPart).
const partSize = 64 << 10

// chunkSize is the text a chunk takes: a position's line keeps no more
// alive with it.
const chunkSize = 4 << 10

// lineBufSize is the initial buffer; it grows for longer lines. Reading in
// 4 KiB steps costs next to nothing more than in larger ones, and most
// record files are smaller than that.
const lineBufSize = 4 << 10

func newLineReader(r io.Reader, opt Options) *lineReader {
	max := opt.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	l := &lineReader{r: r, file: opt.Filename, max: max, cr: -1, mem: opt.mem,
		line: opt.Line, base: opt.Offset, first: opt.Offset, quotedAt: -1, chunkAt: -1}
	if opt.mem != nil {
		l.buf = opt.mem.lines[:cap(opt.mem.lines)]
	}
	return l
}

// keepText makes l, just made, keep the text it reads when opt asks for
// places. The readers call it after newLineReader, which stays small
// enough to be inlined (its lineReader then need not be allocated).
func (l *lineReader) keepText(opt Options) {
	if opt.Places {
		l.keep = opt.newTextKeeper(l.r, l.base)
		l.r = l.keep
	}
}

// newRecordText starts keeping the text of a new record, for its places:
// the text before the line last returned (which may be the new record's
// first) is let go.
func (l *lineReader) newRecordText() {
	if l.keep != nil {
		l.keep.forget(l.offset)
	}
}

// pos returns the position of column col (1-based, in runes) of the line
// last returned, with its text.
func (l *lineReader) pos(col int) Pos {
	if l.parted {
		return Pos{File: l.file, Line: l.line, Col: l.partCol + col, Offset: l.offset, Text: l.partText}
	}
	if l.quotedAt != l.offset {
		l.quote()
	}
	p := l.quoted
	p.Col = col
	return p
}

// bare is pos without the text, which withText adds while the line is the
// last returned: for a reader that takes a position per token and keeps
// few of them.
func (l *lineReader) bare(col int) Pos {
	return Pos{File: l.file, Line: l.line, Col: col, Offset: l.offset}
}

// withText returns p with the text of its line, when p is bare and on the
// line last returned.
func (l *lineReader) withText(p Pos) Pos {
	if p.Text == "" && p.Offset == l.offset && p.Line == l.line {
		if l.quotedAt != l.offset {
			l.quote()
		}
		p.Text = l.quoted.Text
	}
	return p
}

// quote makes the position of the line last returned, with its text.
func (l *lineReader) quote() {
	text := l.lineText(l.quotedAt >= 0 && l.quotedLine == l.line-1)
	l.quoted = Pos{File: l.file, Line: l.line, Offset: l.offset, Text: text}
	l.quotedAt, l.quotedLine = l.offset, l.line
}

// lineText returns the text of the line last returned, cut at MaxQuote
// bytes; in a chunk when the line before wanted its text too.
func (l *lineReader) lineText(chunk bool) string {
	if l.lastFrom < 0 || l.lastTo > l.end {
		return "" // no longer buffered (the input has moved on)
	}
	at, n := l.base+int64(l.lastFrom), l.lastTo-l.lastFrom
	if at < l.chunkAt || at+int64(n) > l.chunkAt+int64(len(l.chunk)) {
		if !chunk || n > chunkSize/2 {
			return quoteText(l.buf[l.lastFrom:l.lastTo])
		}
		l.chunk, l.chunkAt = string(l.buf[l.lastFrom:min(l.end, l.lastFrom+chunkSize)]), at
	}
	i := int(at - l.chunkAt)
	return quoteString(l.chunk[i : i+n])
}

// posAt returns the position of byte offset i within line b (the last line
// returned), counting columns in runes.
func (l *lineReader) posAt(b []byte, i int) Pos { return l.withText(l.bareAt(b, i)) }

// bareAt is posAt without the text (see bare).
func (l *lineReader) bareAt(b []byte, i int) Pos {
	if i > len(b) {
		i = len(b)
	}
	// A byte offset inside a multi-byte character points at that character.
	for i > 0 && i < len(b) && !utf8.RuneStart(b[i]) {
		i--
	}
	return l.bare(bytes.Count(b[:i], nil))
}

// back makes the next call of readLine return the last line again.
func (l *lineReader) back() { l.unread = true; l.line-- }

// readLine returns the next line without its line end, or io.EOF.
func (l *lineReader) readLine() ([]byte, error) {
	b, _, err := l.read(0)
	return b, err
}

// readPart is readLine for a reader that can take a long line in parts,
// so that its text is not held whole (a USI game of a million moves is a
// 5 MB line): a line longer than partSize comes as parts that end after a
// space or tab, more saying that the line goes on in the next call. The
// line's length is still bounded by MaxLineBytes, and positions on a part
// count from the line's start.
func (l *lineReader) readPart() (b []byte, more bool, err error) { return l.read(partSize) }

// read is readLine and readPart, which cuts parts of at least part bytes
// (none when it is 0).
func (l *lineReader) read(part int) ([]byte, bool, error) {
	if l.unread {
		l.unread = false
		l.line++
		return l.buf[l.lastFrom:l.lastTo], false, nil
	}
	// searched is how much of the pending data is known to hold no LF, so
	// that a long line arriving in small reads is scanned once, not once per
	// read.
	searched, at := 0, l.base+int64(l.start)
	for {
		data := l.buf[l.start:l.end]
		if abs := l.base + int64(l.start); abs != at || searched > len(data) {
			searched, at = 0, abs // the start moved (a BOM was skipped): scan again
		}
		n := bytes.IndexByte(data[searched:], '\n')
		if n >= 0 {
			n += searched
		}
		if l.cr >= 0 && l.cr < l.start {
			// Not looked for since the last line: before an LF, only as
			// far as the LF (a CRLF file has a CR at every line end);
			// none there puts cr at the LF, to look again after it.
			if n >= 0 {
				if l.cr = bytes.IndexByte(data[:n], '\r'); l.cr < 0 {
					l.cr = n
				}
				l.cr += l.start
			} else {
				l.findCR(l.start)
			}
		}
		if l.cr >= 0 && (n < 0 || l.cr-l.start < n) {
			n = l.cr - l.start
			if n+1 == len(data) && l.err == nil {
				// A CR at the end of what is read: CRLF or a bare CR?
				searched = len(data)
				l.fill()
				continue
			}
		}
		if n < 0 {
			if l.err != nil {
				if len(data) == 0 && !l.cont || l.err != io.EOF {
					return nil, false, l.err
				}
				n = len(data) // the last line has no line end
			} else {
				if l.partLen+len(data) > l.max {
					return nil, false, l.tooLong()
				}
				if part > 0 && len(data) >= part {
					if i := bytes.LastIndexAny(data, " \t"); i >= 0 {
						return l.takePart(i + 1), true, nil
					}
				}
				searched = len(data)
				l.fill()
				continue
			}
		}
		if l.partLen+n > l.max {
			return nil, false, l.tooLong()
		}
		adv := n
		if n < len(data) {
			adv++
			if data[n] == '\r' && n+1 < len(data) && data[n+1] == '\n' {
				adv++
			}
		}
		if l.cont {
			l.cont, l.partCol, l.partLen = false, l.nextCol, 0 // the last part
		} else {
			l.line++
			l.offset = l.base + int64(l.start)
			if l.parted {
				l.parted = false
			}
		}
		l.lastFrom, l.lastTo = l.start, l.start+n
		l.start += adv
		return data[:n], false, nil
	}
}

// takePart returns the next n bytes of the line being read as a part.
func (l *lineReader) takePart(n int) []byte {
	b := l.buf[l.start : l.start+n]
	if !l.cont {
		l.line++
		l.offset = l.base + int64(l.start)
		l.cont, l.parted, l.nextCol, l.partLen = true, true, 0, 0
		l.partText = quoteText(l.buf[l.start:l.end]) // more than the part: the line's start, as a whole line is quoted
	}
	l.partCol = l.nextCol
	l.nextCol += utf8.RuneCount(b)
	l.partLen += n
	l.lastFrom, l.lastTo = l.start, l.start+n
	l.start += n
	return b
}

// run returns the text buffered after the last line returned, for a
// reader's fast path over its commonest lines: it takes whole lines from the
// front, each with its LF or CRLF, and says what it took with took. Nothing
// is read from the input, and the text is empty while a line is given back.
func (l *lineReader) run() []byte {
	if l.unread {
		return nil
	}
	return l.buf[l.start:l.end]
}

// took consumes the first n bytes of run's text, which hold lines whole
// lines; the last of them starts at byte last of the text and is length
// bytes long without its line end.
func (l *lineReader) took(n, lines, last, length int) {
	if l.parted {
		l.parted = false
	}
	l.line += lines
	l.offset = l.base + int64(l.start+last)
	l.lastFrom, l.lastTo = l.start+last, l.start+last+length
	l.start += n
}

// tooLong ends the input with ErrLineTooLong for the next line.
func (l *lineReader) tooLong() error {
	at := Pos{File: l.file, Line: l.line + 1, Col: 1, Offset: l.base + int64(l.start), Text: quoteText(l.buf[l.start:l.end])}
	if l.cont { // a line read in parts
		at = Pos{File: l.file, Line: l.line, Col: 1, Offset: l.offset, Text: l.partText}
	}
	l.err = &Error{Pos: at, Err: ErrLineTooLong,
		Detail: fmt.Sprintf("a line longer than %d bytes", l.max)}
	l.start, l.end = 0, 0
	return l.err
}

// findCR looks for the next CR from buf[from:].
func (l *lineReader) findCR(from int) {
	l.cr = bytes.IndexByte(l.buf[from:l.end], '\r')
	if l.cr >= 0 {
		l.cr += from
	}
}

// fill reads more input after what is buffered, moving the unread part to
// the front of the buffer or growing it. It reports whether it read
// anything; at the end of the input (or on an error) it sets l.err.
func (l *lineReader) fill() bool {
	if l.err != nil {
		return false
	}
	if l.start > 0 {
		copy(l.buf, l.buf[l.start:l.end])
		l.base += int64(l.start)
		l.end -= l.start
		if l.cr >= 0 {
			l.cr -= l.start
		}
		// The line last returned is gone when it was before start.
		l.lastFrom -= l.start
		l.lastTo -= l.start
		l.start = 0
	}
	if l.end == len(l.buf) {
		size := max(2*len(l.buf), lineBufSize)
		b := make([]byte, size)
		copy(b, l.buf[:l.end])
		l.buf = b
		if l.mem != nil && size <= maxReusedLineBuf {
			l.mem.lines = b
		}
	}
	for range 100 {
		n, err := l.r.Read(l.buf[l.end:])
		if n > 0 {
			old := l.end
			l.end += n
			if l.cr < 0 {
				l.findCR(old)
			}
			if !l.bom {
				l.skipBOM()
			}
		}
		if err != nil {
			l.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	l.err = io.ErrNoProgress
	return false
}

// skipBOM drops a UTF-8 byte-order mark at the very start of the input,
// once three bytes (or the whole input) are there to tell.
func (l *lineReader) skipBOM() {
	const bom = "\xef\xbb\xbf"
	if l.base != l.first || l.start != 0 {
		l.bom = true
		return
	}
	b := l.buf[:l.end]
	if len(b) < len(bom) && bytes.HasPrefix([]byte(bom), b) {
		return // too early to tell
	}
	l.bom = true
	if bytes.HasPrefix(b, []byte(bom)) {
		l.start = len(bom)
	}
}
