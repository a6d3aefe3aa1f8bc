package parse

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/kifconv/kifconv/internal/charset"
)

// Source is an input opened for reading: decoded to UTF-8, its format
// known, a reader of its records ready. Its diagnostics carry their lines
// (Pos.Text), so nothing reads an input twice: files, pipes, FIFOs and
// devices are all read alike.
type Source struct {
	Format  string
	Reader  Reader
	Text    *bufio.Reader // the decoded text, which Reader reads
	Options Options       // Reader's options
	dec     *charset.Reader
	pool    *Pool
	mem     *memory // Reader's, from pool
	busy    bool    // Text may still be read by a goroutine left behind
}

// ErrUndetected is wrapped by the error of an input whose format cannot
// be told from its name and text.
var ErrUndetected = errors.New("cannot tell the format of the input")

// ErrFormatName is wrapped by the error for a format name that no reader
// has.
var ErrFormatName = errors.New("unknown input format")

// Open opens the text r of the input at path name (for detection; "-" for
// standard input) as a Source: it detects the encoding, then the format unless
// from names it, and makes the reader with opt (setup, when not nil, is
// applied to it before its first Read). Its errors: charset.ErrBinary or a
// *charset.DecodeError for input that is not text, ErrEmpty for no text,
// ErrUndetected, ErrFormatName, or r's own. With a pool, buffers, the
// decoder and the reader's memory (the record Records reuses) come from it
// and return to it at Close.
func Open(name string, r io.Reader, from string, opt Options, setup func(Reader), pool *Pool) (*Source, error) {
	s := &Source{pool: pool}
	dec, err := pool.decoder(r)
	if err != nil {
		return nil, err
	}
	s.dec = dec
	s.Text = pool.reader(dec)
	format := from
	if format == "" {
		head, _ := s.Text.Peek(64 << 10)
		det := DetectFormat(name, head)
		format = det.Format
		if format == "" {
			s.Close()
			if det.Reason == "empty" {
				return nil, ErrEmpty
			}
			return nil, fmt.Errorf("%w (%s)", ErrUndetected, det.Reason)
		}
	}
	ropt := opt
	if pool != nil {
		s.mem = pool.memory()
		ropt.mem = s.mem
	}
	rd, err := New(format, s.Text, ropt)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("%w %q", ErrFormatName, format)
	}
	if setup != nil {
		setup(rd)
	}
	s.Format, s.Reader, s.Options = format, rd, opt
	return s, nil
}

// Encoding is the encoding the input turned out to be in.
func (s *Source) Encoding() charset.Encoding { return s.dec.Encoding() }

// Abandon says that Text may still be read by a goroutine left behind
// (after an interrupt): Close then keeps its buffers out of the pool.
func (s *Source) Abandon() { s.busy = true }

// Close returns the source's buffers to its pool, its Reader's memory
// among them: neither is to be used after it. It does not close the
// input, which stays the caller's.
func (s *Source) Close() {
	if s.busy || s.pool == nil {
		return
	}
	s.Text.Reset(nil)
	s.pool.r.Put(s.Text)
	s.Text = nil
	if s.mem != nil {
		s.pool.rec.Put(s.mem)
		s.mem = nil
	}
	s.pool.dec.Put(s.dec)
	s.dec = nil
}

// Pool keeps the buffers of an input for the next one: a batch of 20,000
// small files would otherwise allocate, and the collector zero, 64 KiB of
// text buffer and the decoder's for each. It keeps the readers' buffers and
// the record Records reads the games into as well, so that a batch read with
// Records allocates no game trees once it has read its longest game. It is
// safe for concurrent use; the nil *Pool allocates every time.
type Pool struct{ r, rec, dec sync.Pool }

// TextBuffer is the size of a Source's buffer of decoded text.
const TextBuffer = 64 << 10

func (p *Pool) decoder(r io.Reader) (*charset.Reader, error) {
	if p != nil {
		if dec, ok := p.dec.Get().(*charset.Reader); ok {
			if _, err := dec.Reset(r); err != nil {
				p.dec.Put(dec)
				return nil, err
			}
			return dec, nil
		}
	}
	dec, _, err := charset.NewReader(r)
	return dec, err
}

func (p *Pool) memory() *memory {
	if m, ok := p.rec.Get().(*memory); ok {
		return m
	}
	return new(memory)
}

func (p *Pool) reader(r io.Reader) *bufio.Reader {
	if p != nil {
		if br, ok := p.r.Get().(*bufio.Reader); ok {
			br.Reset(r)
			return br
		}
	}
	return bufio.NewReaderSize(r, TextBuffer)
}
