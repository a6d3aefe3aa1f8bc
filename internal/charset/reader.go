package charset

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"
)

// headSize is how much input detection looks at: about a hundred lines,
// plenty to tell the encodings apart, and small enough that opening a short
// file costs little.
const headSize = 4 << 10

// Reader transcodes a stream to UTF-8 as it is read, so that a collection
// of any size is never held in memory. NewReader detects the encoding from
// the head of the stream. When that head is plain ASCII (a long CSA
// collection whose first names are in Latin letters), the choice is put off
// until the first non-ASCII byte and made from the 4 KiB that follow it;
// Encoding reports the final choice.
//
// Bytes that are not valid in the encoding end the stream with a
// *DecodeError after the text before them.
type Reader struct {
	r       io.Reader
	enc     Encoding
	dec     decoder // nil while only ASCII has been seen
	src     []byte
	s0, s1  int   // unread source bytes are src[s0:s1]
	offset  int64 // input offset of src[s0]
	valid   int64 // input offset up to which the text is known to be valid UTF-8 (of enc UTF8)
	counted int   // line ends are counted up to src[counted]
	lines   int   // line ends before src[counted]
	lineAt  int64 // input offset of the start of the line src[counted] is in
	lastCR  bool  // the byte before src[counted] is CR
	srcEOF  bool
	srcErr  error // error of the underlying reader, returned after its data
	out     [8]byte
	o0, o1  int
	err     error
	pending bool // ASCII so far: detection put off
}

// NewReader returns a reader of the UTF-8 text of r (without a byte-order
// mark) and the encoding detected from its head. The error is a read error
// of r while peeking at the head.
func NewReader(r io.Reader) (*Reader, Encoding, error) {
	d := new(Reader)
	enc, err := d.reset(r, false)
	if err != nil {
		return nil, "", err
	}
	return d, enc, nil
}

// Reset makes d read r as a new Reader would, and returns the encoding
// detected, keeping the buffer: a program that opens many files one after
// the other keeps one Reader and resets it for each instead of making one
// (and its buffer) per file.
func (d *Reader) Reset(r io.Reader) (Encoding, error) {
	return d.reset(r, true)
}

func (d *Reader) reset(r io.Reader, reuse bool) (Encoding, error) {
	size := 2 * headSize
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		// A small input in memory (one game per file is the rule) needs
		// no more buffer than its size; one spare byte lets the first
		// fill see the end.
		size = l.Len() + 1
	}
	src := d.src
	switch {
	case cap(src) >= size:
		// A larger buffer reads the same head: an input in memory of
		// less than 2*headSize bytes comes whole in the first fill.
		src = src[:min(cap(src), 2*headSize)]
	case reuse:
		src = make([]byte, 2*headSize) // large enough for every later file
	default:
		src = make([]byte, size)
	}
	*d = Reader{r: r, src: src}
	if err := d.fill(headSize); err != nil {
		d.r = nil
		return "", err
	}
	head := d.src[:d.s1]
	enc, valid, ascii := detect(head, d.srcEOF)
	if looksBinary(head, enc) {
		d.r = nil
		return enc, ErrBinary
	}
	if enc == UTF8 && !d.srcEOF && ascii {
		d.pending = true
	} else {
		d.dec = newDecoder(enc)
	}
	d.enc = enc
	if enc == UTF8 {
		// Detection has checked the head: it is copied, not checked again.
		d.valid = int64(valid)
	}
	n := bomLen(head, enc)
	d.s0 += n
	d.offset += int64(n)
	d.lineAt = d.offset
	return enc, nil
}

// Encoding returns the encoding being read; for a stream whose head is
// ASCII it is UTF8 until the first non-ASCII byte decides it.
func (d *Reader) Encoding() Encoding { return d.enc }

// fill reads until at least min unread bytes are buffered, the buffer is
// full, or the input ends. It returns only errors other than io.EOF, and
// those only when no data is buffered. It reads into the room at the end of
// the buffer first and moves the unread bytes to the front only when there
// is none, so that an input that fits in the buffer, as one sized by its
// Len does, is never moved, nor its lines counted.
func (d *Reader) fill(min int) error {
	for d.s1-d.s0 < min && !d.srcEOF {
		if d.s1 == len(d.src) {
			if d.s0 == 0 {
				break
			}
			d.compact()
		}
		n, err := d.r.Read(d.src[d.s1:])
		d.s1 += n
		if err == io.EOF {
			d.srcEOF = true
		} else if err != nil {
			d.srcEOF = true
			d.srcErr = err
			if d.s1 == d.s0 {
				return err
			}
		}
	}
	return nil
}

// compact moves the unread bytes to the front of the buffer.
func (d *Reader) compact() {
	d.countLines()
	copy(d.src, d.src[d.s0:d.s1])
	d.s1 -= d.s0
	d.s0 = 0
	d.counted = 0
}

// consume advances past n source bytes.
func (d *Reader) consume(n int) {
	d.s0 += n
	d.offset += int64(n)
}

// countLines counts the line ends (LF, CRLF or a bare CR) of the bytes read
// since the last count. Only an error needs the count, so it is made when
// read bytes are about to leave the buffer, or for the error: a file that
// fits in the buffer, the common case, is never counted.
func (d *Reader) countLines() {
	b := d.src[d.counted:d.s0]
	if len(b) > 0 {
		// Every LF ends a line, and so does a CR not followed by LF.
		d.lines += bytes.Count(b, nl)
		if d.lastCR && b[0] == '\n' {
			d.lines-- // the CR at the end of the last chunk began a CRLF
		}
		if i := bytes.IndexByte(b, '\r'); i >= 0 {
			d.lines += bareCRs(b[i:])
		}
		d.lastCR = b[len(b)-1] == '\r'
		if i := lineStart(b); i > 0 {
			d.lineAt = d.offset - int64(len(b)-i)
		}
	}
	d.counted = d.s0
}

// bareCRs counts the CRs in b not followed by LF, a CR at the end of b
// included.
func bareCRs(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\r')
		if j < 0 {
			break
		}
		i += j + 1
		if i == len(b) || b[i] != '\n' {
			n++
		}
	}
	return n
}

// Read implements io.Reader.
func (d *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if d.o0 < d.o1 {
		n := copy(p, d.out[d.o0:d.o1])
		d.o0 += n
		return n, nil
	}
	if d.err != nil {
		return 0, d.err
	}
	for {
		if d.s1-d.s0 < 4 && !d.srcEOF {
			if err := d.fill(len(d.src) / 2); err != nil {
				d.err = err
				return 0, err
			}
		}
		if d.s0 == d.s1 && d.srcEOF {
			d.err = io.EOF
			if d.srcErr != nil {
				d.err = d.srcErr
			}
			return 0, d.err
		}
		if d.offset < d.valid {
			if n := d.copyValid(p); n > 0 {
				return n, nil
			}
		}
		if d.pending {
			n := d.copyASCII(p)
			if n > 0 {
				return n, nil
			}
			if d.pending {
				continue // more source needed
			}
		}
		dst := p
		small := len(p) < 4
		if small {
			dst = d.out[:]
		}
		nDst, nSrc, bad := d.dec.decode(dst, d.src[d.s0:d.s1], d.srcEOF)
		d.consume(nSrc)
		if bad > 0 && nDst == 0 {
			d.countLines()
			e := &DecodeError{Encoding: d.enc, Offset: d.offset, Line: d.lines + 1}
			if from := d.s0 - int(d.offset-d.lineAt); from >= 0 {
				// The line is still in the buffer: its characters are
				// counted.
				e.Col = column(d.enc, d.src[from:d.s0])
			}
			e.Bytes = append([]byte(nil), d.src[d.s0:d.s0+min(bad, 4)]...)
			d.err = e
			return 0, e
		}
		if nDst > 0 {
			if small {
				d.o0, d.o1 = 0, nDst
				n := copy(p, d.out[:nDst])
				d.o0 = n
				return n, nil
			}
			return nDst, nil
		}
		if d.srcEOF && nSrc == 0 && bad == 0 {
			return 0, errors.New("charset: decoder made no progress") // cannot happen: atEOF decoders consume or report
		}
	}
}

// copyValid copies text that detection found to be valid UTF-8 (or ASCII
// while detection is put off), whole characters only. It returns 0 when p
// has no room for the next character.
func (d *Reader) copyValid(p []byte) int {
	b := d.src[d.s0:min(d.s1, d.s0+int(d.valid-d.offset))]
	n := len(b)
	if len(p) < n {
		n = len(p)
		for n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
	}
	copy(p, b[:n])
	d.consume(n)
	return n
}

// copyASCII passes ASCII through while detection is put off, and makes the
// decision at the first non-ASCII byte.
func (d *Reader) copyASCII(p []byte) int {
	b := d.src[d.s0:d.s1]
	n := asciiPrefix(b[:min(len(b), len(p))])
	copy(p, b[:n])
	d.consume(n)
	if n < len(p) && d.s0 < d.s1 {
		// A non-ASCII byte: look at what follows it, as much of it as
		// the buffer holds.
		if d.s0 > 0 && d.s1-d.s0 < headSize {
			d.compact()
		}
		if err := d.fill(headSize); err != nil {
			d.srcErr = err
		}
		d.enc = Detect(d.src[d.s0:d.s1], d.srcEOF)
		d.dec = newDecoder(d.enc)
		d.pending = false
	}
	return n
}

var nl = []byte{'\n'}
