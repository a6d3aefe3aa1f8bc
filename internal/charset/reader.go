package charset

import (
	"bytes"
	"errors"
	"io"
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
	lines   int   // line ends before src[s0]
	lastCR  bool  // the byte before src[s0] is CR
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
	size := 2 * headSize
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		// A small input in memory (one game per file is the rule) needs
		// no more buffer than its size; one spare byte lets the first
		// fill see the end.
		size = l.Len() + 1
	}
	d := &Reader{r: r, src: make([]byte, size)}
	if err := d.fill(headSize); err != nil {
		return nil, "", err
	}
	head := d.src[:d.s1]
	enc := Detect(head, d.srcEOF)
	if enc == UTF8 && !d.srcEOF && isASCII(head) {
		d.pending = true
	} else {
		d.dec = newDecoder(enc)
	}
	d.enc = enc
	n := bomLen(head, enc)
	d.s0 += n
	d.offset += int64(n)
	return d, enc, nil
}

// Encoding returns the encoding being read; for a stream whose head is
// ASCII it is UTF8 until the first non-ASCII byte decides it.
func (d *Reader) Encoding() Encoding { return d.enc }

func isASCII(b []byte) bool { return asciiPrefix(b) == len(b) }

// fill reads until at least min unread bytes are buffered, the buffer is
// full, or the input ends. It returns only errors other than io.EOF, and
// those only when no data is buffered.
func (d *Reader) fill(min int) error {
	if d.s0 > 0 && (d.s1-d.s0 < min) {
		copy(d.src, d.src[d.s0:d.s1])
		d.s1 -= d.s0
		d.s0 = 0
	}
	for d.s1-d.s0 < min && d.s1 < len(d.src) && !d.srcEOF {
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
		} else if n == 0 {
			continue
		}
	}
	return nil
}

// consume advances past n source bytes, counting line ends (LF, CRLF or a
// bare CR).
func (d *Reader) consume(n int) {
	b := d.src[d.s0 : d.s0+n]
	if n > 0 {
		// Every LF ends a line, and so does a CR not followed by LF.
		d.lines += bytes.Count(b, nl)
		if d.lastCR && b[0] == '\n' {
			d.lines-- // the CR at the end of the last chunk began a CRLF
		}
		if i := bytes.IndexByte(b, '\r'); i >= 0 {
			d.lines += bareCRs(b[i:])
		}
		d.lastCR = b[n-1] == '\r'
	}
	d.s0 += n
	d.offset += int64(n)
}

// bareCRs counts the CRs in b not followed by LF, a CR at the end of b
// included. It jumps from CR to CR with IndexByte, which on CRLF text
// (a CR a line) takes half the instructions of testing eight bytes at a
// time for CR and LF.
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
			e := &DecodeError{Encoding: d.enc, Offset: d.offset, Line: d.lines + 1}
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

// copyASCII passes ASCII through while detection is put off, and makes the
// decision at the first non-ASCII byte.
func (d *Reader) copyASCII(p []byte) int {
	b := d.src[d.s0:d.s1]
	n := asciiPrefix(b[:min(len(b), len(p))])
	copy(p, b[:n])
	d.consume(n)
	if n < len(p) && d.s0 < d.s1 {
		// A non-ASCII byte: look at what follows it.
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
