package parse

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"strconv"
	"sync"

	"github.com/go-json-experiment/json/jsontext"
)

// Tokens of the JSON scanner: the kinds of jsontext, with EOF and an error.
const (
	tokEOF    = 0
	tokErr    = 'E'
	tokString = 's'
	tokNumber = 'n'
	tokTrue   = 't'
	tokFalse  = 'f'
	tokNull   = 'z'
)

func tokName(t byte) string {
	switch t {
	case tokEOF:
		return "the end of the input"
	case tokString:
		return "a string"
	case tokNumber:
		return "a number"
	case tokTrue, tokFalse:
		return "a boolean"
	case tokNull:
		return "null"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return strconv.Quote(string(rune(t)))
}

// jsonScanner gives the JKF reader the tokens of a JSON text, each with its
// line and column (in runes). jsontext.Decoder checks the grammar and
// splits the tokens; the scanner adds positions, from the decoder's byte
// offsets and the line breaks in the gaps between tokens, and unescapes
// strings into a reused buffer, so reading allocates nothing per token.
// A string longer than maxStr is an error, and so is the decoder reading
// that far ahead of the last token: memory stays bounded whatever the input.
type jsonScanner struct {
	dec    *jsontext.Decoder
	in     *jsonInput
	file   string
	maxStr int
	// tokenwise reads every value token by token, without the short ways
	// and the values read whole (replay), which tests compare it with.
	tokenwise bool

	tok     byte
	tokSpot spot    // where the last token starts
	str     []byte  // the last string token, unescaped; valid until the next token
	strBuf  []byte  // str when it had escapes
	key     []byte  // the last object key (kept apart so reading the value leaves it)
	keySpot spot    // where that key starts
	lit     []byte  // the text of the last number; valid until the next token
	num     float64 // the value of the last number token
	numInt  bool    // the number had no fraction or exponent
	err     error   // sticky: a *Error, or the input's read error

	// The line of the last token: its number, the offset where it starts
	// in the whole input, and the UTF-8 continuation bytes on it before
	// the token (columns count runes). Lines end at LF, CRLF or a bare CR,
	// as the line readers count them.
	line      int
	lineStart int64
	cont      int
	// The white space and separators before the next token, [wsFrom,
	// wsTo) in decoder offsets, whose line breaks have been counted.
	wsFrom, wsTo int64
	end          int64 // the decoder offset after the last token (its InputOffset)
	long         bool  // a string token was longer than 64 KB: the decoder's buffer grew

	// A value read whole with ReadValue (see replay), whose tokens are
	// being handed out: raw[ri:] is still to come and raw[0] is at decoder
	// offset rawOff. raw is nil when tokens come from the decoder.
	raw    []byte
	rawOff int64
	ri     int
	rawCR  bool // raw holds a CR not before an LF (a line break of its own), which the short ways leave to next

	// noReplayBefore is the decoder offset before which replayWithin does
	// not try again, after a value too long for it: in a deep tree each
	// entry holds the next, and trying each would check the same text
	// once per level.
	noReplayBefore int64
}

// newJSONScanner returns a scanner over r; base is the offset of r's first
// byte in the whole input, and p the position there (for the second pass
// over captured text).
func newJSONScanner(r io.Reader, file string, maxStr int, base int64, p spot) *jsonScanner {
	s, _ := scannerPool.Get().(*jsonScanner)
	if s == nil {
		s = &jsonScanner{in: &jsonInput{}}
	}
	in, dec := s.in, s.dec
	*in = jsonInput{r: r, base: base, maxAhead: int64(maxStr) + 64<<10, sc: s}
	*s = jsonScanner{in: in, file: file, maxStr: maxStr, line: int(p.line), lineStart: p.lineStart, cont: int(base-p.lineStart) + 1 - int(p.col), wsFrom: -1,
		strBuf: s.strBuf[:0], key: s.key[:0]}
	if base == 0 {
		s.line, s.cont = 1, 0
		in.bomCheck = true
	}
	// Repeated keys and invalid UTF-8 are the reader's to judge, as JKF
	// texts have them; checking for repeats would also cost a map per object.
	if dec == nil {
		dec = jsontext.NewDecoder(in, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	} else {
		dec.Reset(in, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	}
	s.dec, in.dec = dec, dec
	return s
}

// scannerPool keeps the scanners (and their decoders' buffers) of readers
// that are done, for the next file of a batch.
var scannerPool sync.Pool

// release returns s to the pool; s must not be used after. Buffers that a
// long string made big are not kept.
func (s *jsonScanner) release() {
	s.in.r, s.in.capture, s.raw = nil, nil, nil
	if s.long {
		s.dec, s.strBuf, s.key = nil, nil, nil
	} else {
		s.dec.Reset(noInput{})
	}
	scannerPool.Put(s)
}

// noInput is the reader of a pooled scanner's decoder: it lets go of
// the last input without an allocation.
type noInput struct{}

func (noInput) Read([]byte) (int, error) { return 0, io.EOF }

// spot is a position in the input without the file name: a token's start
// is kept as one, free of pointers, so that recording it for every token
// costs no write barrier.
type spot struct {
	line, col int32
	lineStart int64
}

// at returns the position of a spot.
func (s *jsonScanner) at(p spot) Pos {
	if p.line == 0 && s.raw != nil {
		p = s.rawSpot(int(p.col)) // a short way's index (see rawIndex)
	}
	return Pos{File: s.file, Line: int(p.line), Col: int(p.col), Offset: p.lineStart}
}

// tokPos returns the position of the last token.
func (s *jsonScanner) tokPos() Pos { return s.at(s.tokSpot) }

// keyPos returns the position of the last object key.
func (s *jsonScanner) keyPos() Pos { return s.at(s.keySpot) }

func (s *jsonScanner) errorf(p Pos, detail string) *Error {
	return &Error{Pos: p, Err: ErrBadJSON, Detail: detail}
}

// want returns the error for token t found where what was expected at
// path; a scanner or read error is returned as it is.
func (s *jsonScanner) want(t byte, path, what string) error {
	switch t {
	case tokErr:
		return s.err
	case tokEOF:
		return &Error{Pos: s.tokPos(), Err: ErrTruncated, Detail: path + ": want " + what + ", found the end of the input"}
	}
	return &Error{Pos: s.tokPos(), Err: ErrSyntax, Detail: path + ": want " + what + ", found " + tokName(t)}
}

// kind maps a jsontext kind onto a token.
func kind(k jsontext.Kind) byte {
	switch k {
	case '"':
		return tokString
	case '0':
		return tokNumber
	case 't':
		return tokTrue
	case 'f':
		return tokFalse
	case 'n':
		return tokNull
	}
	return byte(k)
}

// peek returns the next token without reading it; tokErr (with s.err set)
// or tokEOF when there is none.
func (s *jsonScanner) peek() byte {
	if s.err != nil {
		return tokErr
	}
	if s.raw != nil {
		s.nextOffset()
		return rawKind(s.raw[s.ri])
	}
	if k := s.dec.PeekKind(); k != 0 {
		return kind(k)
	}
	_, err := s.dec.ReadToken() // the error PeekKind met
	return s.fail(err)
}

// peekPos returns the position of the next token.
func (s *jsonScanner) peekPos() Pos {
	s.peek()
	return s.at(s.spot(s.nextOffset()))
}

// nextOffset returns the decoder offset of the next token, past the white
// space and separators after the last one, and counts the line breaks in
// them. Only white space can hold a line break (JSON strings cannot), and
// once PeekKind has found the next token, the decoder's unread buffer
// holds all of it.
func (s *jsonScanner) nextOffset() int64 {
	if s.raw != nil {
		return s.rawGap()
	}
	off := s.end
	if off == s.wsFrom {
		return s.wsTo
	}
	b := s.dec.UnreadBuffer()
	i := 0
	for i < len(b) && jsonGap[b[i]] {
		if c := b[i]; c == '\n' || c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			s.line, s.lineStart, s.cont = s.line+1, s.in.base+off+int64(i)+1, 0
		}
		i = skipIndent(b, i+1)
	}
	s.wsFrom, s.wsTo = off, off+int64(i)
	return s.wsTo
}

// skipIndent returns the index of the first byte at or after i in b that
// is not a space, eight at a time through an indentation.
func skipIndent(b []byte, i int) int {
	for i+8 <= len(b) {
		if x := binary.LittleEndian.Uint64(b[i:]) ^ 0x2020202020202020; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
		i += 8
	}
	for i < len(b) && b[i] == ' ' {
		i++
	}
	return i
}

// jsonGap marks the bytes between JSON tokens: white space and separators.
var jsonGap = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, ':': true}

// spot returns the spot of decoder offset off, on the line of the last
// token or of the next (after nextOffset).
func (s *jsonScanner) spot(off int64) spot {
	o := s.in.base + off
	return spot{line: int32(s.line), col: int32(o-s.lineStart) - int32(s.cont) + 1, lineStart: s.lineStart}
}

// next reads the next token.
func (s *jsonScanner) next() byte {
	if s.err != nil {
		s.tok = tokErr
		return tokErr
	}
	if s.raw != nil {
		return s.rawNext()
	}
	d := s.dec
	k := d.PeekKind()
	if k == 0 {
		_, err := d.ReadToken()
		return s.fail(err)
	}
	start := s.nextOffset()
	s.tokSpot = s.spot(start)
	switch k {
	case '{', '}', '[', ']':
		if _, err := d.ReadToken(); err != nil {
			return s.fail(err)
		}
		s.end = start + 1
		s.tok = byte(k)
	default:
		v, err := d.ReadValue()
		if err != nil {
			return s.fail(err)
		}
		s.end = start + int64(len(v))
		s.tok = kind(k)
		switch s.tok {
		case tokString:
			return s.setString(v)
		case tokNumber:
			return s.setNumber(v)
		}
	}
	return s.tok
}

// replay reads the next value whole with Decoder.ReadValue, when it is an
// object, and hands out its tokens from the text the decoder has checked:
// next, peek and the rest then read it as they read the decoder, with the
// same positions, at a fraction of the cost of a decoder call per token.
// It is meant for the small objects every move has (its "move" and
// "time"); a value longer than the decoder may buffer (maxAhead) is an
// error.
func (s *jsonScanner) replay() { s.replayWithin(0) }

// replayWithin is replay for a value that may be long (an entry of the
// moves tree, which may hold forks): when the decoder would buffer more
// than limit bytes to read it whole, nothing is read and the value is left
// to be read token by token. A limit of 0 means maxAhead.
func (s *jsonScanner) replayWithin(limit int64) { s.replayKind('{', limit) }

// replayArray is replayWithin for an array (the moves), which is left to
// be read token by token at any error, so that the reader meets its
// errors in order; limit is capped to the longest string allowed.
func (s *jsonScanner) replayArray(limit int64) { s.replayKind('[', min(limit, int64(s.maxStr))) }

// replayKind is replayWithin for a value that starts with open.
func (s *jsonScanner) replayKind(open jsontext.Kind, limit int64) {
	if s.tokenwise || s.err != nil || s.raw != nil || s.dec.PeekKind() != open {
		return
	}
	start := s.nextOffset() // the line breaks before it
	if limit > 0 && start < s.noReplayBefore {
		return
	}
	s.in.soft = limit
	v, err := s.dec.ReadValue()
	s.in.soft = 0
	if err != nil {
		// The decoder keeps what it has buffered and reads on from
		// there: a refused read is a transient I/O error to it, and
		// after an error in the value it has not moved.
		switch {
		case open != '{':
		case errors.Is(err, errJSONSoft):
			// The entries that start in the first half of the text
			// checked in vain are read token by token: each byte is then
			// checked at most twice more, however deep the tree.
			s.noReplayBefore = start + limit/2
		default:
			s.fail(err)
		}
		return
	}
	s.raw, s.rawOff, s.ri = v, s.dec.InputOffset()-int64(len(v)), 0
	s.rawCR = bareCR(v)
}

// bareCR reports whether b holds a CR that is not followed by an LF.
func bareCR(b []byte) bool {
	for {
		k := bytes.IndexByte(b, '\r')
		if k < 0 {
			return false
		}
		if k+1 == len(b) || b[k+1] != '\n' {
			return true
		}
		b = b[k+2:]
	}
}

// rawGap skips the white space and separators before the next token of
// the replayed value, counting its line breaks, and returns the decoder
// offset of that token.
func (s *jsonScanner) rawGap() int64 {
	b, i := s.raw, s.ri
	for i < len(b) && jsonGap[b[i]] {
		if c := b[i]; c == '\n' || c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			s.line, s.lineStart, s.cont = s.line+1, s.in.base+s.rawOff+int64(i)+1, 0
		}
		i = skipIndent(b, i+1)
	}
	s.ri = i
	return s.rawOff + int64(i)
}

// rawKind returns the token that starts with byte c of checked JSON.
func rawKind(c byte) byte {
	if c == '-' || c-'0' < 10 {
		return tokNumber
	}
	return kind(jsontext.Kind(c))
}

// rawNext returns the next token of the replayed value. The text is valid
// JSON (the decoder checked it), so a token ends where its kind says.
func (s *jsonScanner) rawNext() byte {
	start := s.rawGap()
	s.tokSpot = s.spot(start)
	b, i := s.raw, s.ri
	t := rawKind(b[i])
	j := i + 1
	switch t {
	case tokString:
		for b[j] != '"' {
			if b[j] == '\\' {
				j++
			}
			j++
		}
		j++
	case tokNumber:
		for j < len(b) && jsonNumber[b[j]] {
			j++
		}
	case tokTrue, tokNull:
		j = i + 4
	case tokFalse:
		j = i + 5
	}
	s.ri = j
	s.end = s.rawOff + int64(j)
	if j == len(b) {
		s.raw = nil // the value's last token: the decoder is next
	}
	s.tok = t
	switch t {
	case tokString:
		return s.setString(b[i:j])
	case tokNumber:
		return s.setNumber(b[i:j])
	}
	return t
}

// rawKey is nextKey's short way through a replayed value: it reads a key
// of plain ASCII, or the closing '}', and reports false, reading nothing,
// for what next must judge.
func (s *jsonScanner) rawKey() bool {
	start := s.rawGap()
	b, i := s.raw, s.ri
	switch b[i] {
	case '}':
		s.rawNext()
		return true
	case '"':
		j := i + 1
		for j < len(b) && j-i < 256 && b[j] != '"' && b[j] != '\\' && b[j] < 0x80 {
			j++
		}
		if j == len(b) || b[j] != '"' {
			return false
		}
		s.tokSpot = s.spot(start)
		s.keySpot, s.tok, s.str = s.tokSpot, tokString, b[i+1:j]
		s.key = append(s.key[:0], s.str...)
		s.ri, s.end = j+1, s.rawOff+int64(j+1)
		return true
	}
	return false
}

// nextNumber is next with a short way through a replayed value for a
// small non-negative integer, the usual JKF number.
func (s *jsonScanner) nextNumber() byte {
	if s.raw != nil {
		start := s.rawGap()
		b, i := s.raw, s.ri
		j, n := i, 0
		for j < len(b) && j-i < 9 && b[j]-'0' < 10 {
			n = n*10 + int(b[j]-'0')
			j++
		}
		if j > i && (j == len(b) || !jsonNumber[b[j]]) {
			s.tokSpot = s.spot(start)
			s.tok, s.lit, s.num, s.numInt = tokNumber, b[i:j], float64(n), true
			s.ri, s.end = j, s.rawOff+int64(j)
			if j == len(b) {
				s.raw = nil
			}
			return tokNumber
		}
	}
	return s.next()
}

// jsonNumber marks the bytes a JSON number may hold after its first.
var jsonNumber = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'.': true, 'e': true, 'E': true, '+': true, '-': true}

// setString takes the string token v (its quoted text).
func (s *jsonScanner) setString(v []byte) byte {
	plain := true // ASCII without escapes, as keys and piece names are
	for _, c := range v[1 : len(v)-1] {
		if c >= 0x80 || c == '\\' {
			plain = false
			break
		}
	}
	if plain && len(v) <= 64<<10 {
		s.str = v[1 : len(v)-1]
		return tokString
	}
	// Columns count runes: the continuation bytes of a string, the only
	// place non-ASCII text can be, are counted as it goes by.
	for _, c := range v {
		if c&0xC0 == 0x80 {
			s.cont++
		}
	}
	if len(v) > 64<<10 {
		s.long = true
	}
	if len(v)-2 > s.maxStr {
		s.err = &Error{Pos: s.tokPos(), Err: ErrLineTooLong, Detail: "a string longer than " + strconv.Itoa(s.maxStr) + " bytes"}
		s.tok = tokErr
		return tokErr
	}
	if bytes.IndexByte(v, '\\') < 0 {
		s.str = v[1 : len(v)-1]
		return tokString
	}
	// Lone surrogates and invalid UTF-8 become U+FFFD, as encoding/json
	// makes them; the error says only that.
	s.strBuf, _ = jsontext.AppendUnquote(s.strBuf[:0], v)
	s.str = s.strBuf
	return tokString
}

// setNumber takes the number token v.
func (s *jsonScanner) setNumber(v []byte) byte {
	s.lit = v
	b := v
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) <= 15 {
		// A plain integer, the usual JKF number.
		n, i := 0, 0
		for ; i < len(b) && b[i]-'0' < 10; i++ {
			n = n*10 + int(b[i]-'0')
		}
		if i == len(b) {
			if neg {
				n = -n
			}
			s.num, s.numInt = float64(n), true
			return tokNumber
		}
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		// Out of range: JSON allows it, a JKF value never needs it.
		s.err = s.errorf(s.tokPos(), "number out of range: "+clip(v)+" ("+strconv.Itoa(len(v))+" characters)")
		s.tok = tokErr
		return tokErr
	}
	s.num, s.numInt = f, false
	return tokNumber
}

// literal returns the text of the last number or literal token.
func (s *jsonScanner) literal() string {
	switch s.tok {
	case tokTrue:
		return "true"
	case tokFalse:
		return "false"
	case tokNull:
		return "null"
	}
	return string(s.lit)
}

// maxJSONDepth is jsontext's fixed bound on nesting; each level of forks
// in JKF takes three (the forks, the fork, the entry).
const maxJSONDepth = 10000

// errJSONAhead and errJSONCapture are what jsonInput.Read returns when
// the decoder would buffer past its bound.
var (
	errJSONAhead   = errors.New("a JSON value longer than the reader's limit")
	errJSONCapture = errors.New("captured value too long")
	errJSONSoft    = errors.New("a value longer than replayWithin reads whole")
)

// fail records the error err of the decoder and returns the token for it:
// tokEOF at the end of the input between values, else tokErr.
func (s *jsonScanner) fail(err error) byte {
	s.tok = tokErr
	switch {
	case err == io.EOF:
		s.tok = tokEOF
		s.tokSpot = s.spot(s.nextOffset())
		if s.in.rerr != nil {
			s.err, s.tok = s.in.rerr, tokErr
		}
		return s.tok
	case s.in.rerr != nil:
		s.err = s.in.rerr
		return tokErr
	}
	off := s.dec.InputOffset()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) && se.ByteOffset >= off {
		off = se.ByteOffset
	}
	p := s.at(s.errSpot(off))
	switch {
	case errors.Is(err, errJSONAhead):
		s.long = true
		s.err = &Error{Pos: s.tokPos(), Err: ErrLineTooLong, Detail: "a JSON value longer than " + strconv.Itoa(s.maxStr) + " bytes"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		detail := "the input ends inside a JSON value"
		if b := s.dec.UnreadBuffer(); len(b) > 0 {
			if o := s.nextOffset(); o < off && b[o-s.dec.InputOffset()] == '"' {
				p, detail = s.at(s.errSpot(o)), "unterminated string"
			}
		}
		s.err = &Error{Pos: p, Err: ErrTruncated, Detail: detail}
	case se != nil && se.Err != nil && se.Err.Error() == "exceeded max depth":
		s.err = s.errorf(p, "JSON nested deeper than "+strconv.Itoa(maxJSONDepth)+" levels (forks nested about "+strconv.Itoa(maxJSONDepth/3)+" deep), the decoder's limit")
	case se != nil && se.Err != nil:
		s.err = s.errorf(p, se.Err.Error())
	default:
		s.err = s.errorf(p, err.Error())
	}
	return tokErr
}

// errSpot returns the spot of offset off at or after the last token, where
// the decoder met an error: the bytes up to it are still in its buffer,
// where the line breaks and the continuation bytes before it are counted.
func (s *jsonScanner) errSpot(off int64) spot {
	last := s.dec.InputOffset()
	b := s.dec.UnreadBuffer()
	k := int(min(max(off-last, 0), int64(len(b))))
	from := 0
	if s.wsFrom == last {
		from = min(int(s.wsTo-last), k) // the gap's line breaks are counted
	}
	for i := from; i < k; i++ {
		switch c := b[i]; {
		case c == '\n' || c == '\r' && (i+1 == len(b) || b[i+1] != '\n'):
			s.line, s.lineStart, s.cont = s.line+1, s.in.base+last+int64(i)+1, 0
		case c&0xC0 == 0x80:
			s.cont++
		}
	}
	p := s.spot(off)
	p.col = max(p.col, 1)
	return p
}

// nextKey moves to the next member of an object whose '{' has been read:
// it reads the key (into s.key, at s.keyPos()) and reports false at the
// closing '}'.
func (s *jsonScanner) nextKey() (bool, error) {
	if s.raw != nil && s.rawKey() {
		return s.tok == tokString, nil
	}
	switch t := s.next(); t {
	case '}':
		return false, nil
	case tokString:
		s.key = append(s.key[:0], s.str...)
		s.keySpot = s.tokSpot
		return true, nil
	default:
		return false, s.want(t, "", "an object key")
	}
}

// nextElem moves to the next element of an array whose '[' has been read,
// reporting false at the closing ']'. The element itself is left for the
// caller.
func (s *jsonScanner) nextElem() (bool, error) {
	switch s.peek() {
	case ']':
		s.next()
		return false, nil
	case tokErr:
		return false, s.err
	}
	return true, nil
}

// skipValue skips the next value.
func (s *jsonScanner) skipValue() error { return s.skipFrom(s.next()) }

// skipFrom skips a value whose first token t has been read, token by token
// (so that columns stay exact after it and nothing is buffered).
func (s *jsonScanner) skipFrom(t byte) error {
	depth := 0
	for {
		switch t {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case tokString, tokNumber, tokTrue, tokFalse, tokNull:
		default:
			return s.want(t, "", "a value")
		}
		if depth == 0 {
			return nil
		}
		t = s.next()
	}
}

// captureValue skips the next value and returns its text, with a scanner
// from which the text reads with the positions it has in the input. At most
// limit bytes are kept; a longer value is an error.
func (s *jsonScanner) captureValue(limit int) ([]byte, *jsonScanner, error) {
	if t := s.peek(); t == tokErr || t == tokEOF {
		return nil, nil, s.want(t, "", "a value")
	}
	start := s.nextOffset()
	p := s.spot(start)
	in := s.in
	buf := s.dec.UnreadBuffer()
	in.capture = append(in.capture[:0], buf[start-s.dec.InputOffset():]...)
	in.capturing, in.capMax = true, limit
	err := s.skipValue()
	in.capturing = false
	captured := in.capture
	in.capture = nil
	if err == nil && s.dec.InputOffset()-start > int64(limit) {
		// Read whole from what the decoder held already (a pooled
		// decoder's buffer may hold all of a small input): the bound
		// is the same.
		in.capOver = true
	}
	if err != nil || in.capOver {
		if errors.Is(err, errJSONCapture) || in.capOver {
			err = &Error{Pos: s.at(p), Err: ErrLineTooLong, Detail: "the value that starts here is longer than " + strconv.Itoa(limit) +
				" bytes, more than the reader holds until the object's later members are read (in JKF, write \"initial\" before \"moves\")"}
		}
		return nil, nil, err
	}
	// A value that failed may end before it began (the decoder did not
	// get past it): its text is taken only once it is read.
	data := captured[:min(int64(len(captured)), s.dec.InputOffset()-start)]
	return data, newJSONScanner(bytes.NewReader(data), s.file, s.maxStr, in.base+start, p), nil
}

// members calls f for each member of the object whose '{' has been read,
// with the key in s.key; f reads the value.
func (s *jsonScanner) members(f func() error) error { return s.each(s.nextKey, f) }

// elems calls f for each element of the array whose '[' has been read; f
// reads the element.
func (s *jsonScanner) elems(f func() error) error { return s.each(s.nextElem, f) }

// each calls f until next, nextKey or nextElem, reports the end.
func (s *jsonScanner) each(next func() (bool, error), f func() error) error {
	for {
		ok, err := next()
		if err != nil || !ok {
			return err
		}
		if err := f(); err != nil {
			return err
		}
	}
}

// jsonInput is the reader under the decoder. It records where lines start
// (LF, CRLF or a bare CR ends one, as the line readers count them) in the
// bytes it passes on, drops a byte-order mark at the start, keeps the
// bytes of a value being captured, and refuses to let the decoder buffer
// more than maxAhead bytes past its last token.
type jsonInput struct {
	r        io.Reader
	dec      *jsontext.Decoder
	sc       *jsonScanner
	base     int64 // offset in the whole input of the decoder's offset 0
	off      int64 // decoder offset of the next byte passed on
	maxAhead int64
	soft     int64 // while > 0, the bound of replayWithin
	rerr     error // a read error other than io.EOF
	empties  int   // reads that returned nothing, to stop a broken reader
	bomCheck bool  // the start is still to be checked for a byte-order mark
	head     [3]byte
	pending  []byte // what is left of head to pass on

	capture   []byte
	capturing bool
	capMax    int
	capOver   bool // the capture outgrew capMax
}

// jsonReadChunk bounds one read of jsonInput.
const jsonReadChunk = 16 << 10

// Read passes on the next bytes of the input.
func (in *jsonInput) Read(p []byte) (int, error) {
	if in.off-in.dec.InputOffset() > in.maxAhead {
		return 0, errJSONAhead
	}
	if in.soft > 0 && in.off-in.dec.InputOffset() > in.soft {
		return 0, errJSONSoft
	}
	if in.capturing && len(in.capture) > in.capMax {
		in.capOver = true
		return 0, errJSONCapture
	}
	if in.bomCheck {
		in.bomCheck = false
		n, err := io.ReadFull(in.r, in.head[:])
		if n == 3 && in.head == [3]byte{0xEF, 0xBB, 0xBF} {
			in.base, in.sc.lineStart = 3, 3
		} else {
			in.pending = in.head[:n]
		}
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			in.rerr = err
			return 0, err
		}
	}
	var n int
	var err error
	if len(in.pending) > 0 {
		n = copy(p, in.pending)
		in.pending = in.pending[n:]
	} else {
		// Short reads keep what the decoder holds past its last token
		// small once a value read whole has grown its buffer: a value
		// too long for replayWithin is checked only that far in vain.
		n, err = in.r.Read(p[:min(len(p), jsonReadChunk)])
	}
	if in.capturing {
		in.capture = append(in.capture, p[:n]...)
	}
	in.off += int64(n)
	switch {
	case err == io.EOF:
	case err != nil:
		in.rerr = err
	case n == 0:
		if in.empties++; in.empties > 100 {
			in.rerr = io.ErrNoProgress
			return 0, io.ErrNoProgress
		}
	}
	return n, err
}
