package main

import (
	"bytes"
)

// textTail keeps the most recent part of the decoded text of standard
// input, which cannot be read a second time, so that diagnostics can quote
// their lines: a collection of 100,000 games piped in is read in constant
// memory, and a record's lines are still at hand when its diagnostics are
// printed, since they come at most a few pieces of read-ahead after it.
// It also notes the first `まで` line, which validate compares with the
// game. Only whole lines are dropped, so line numbers stay exact.
type textTail struct {
	buf      []byte
	base     int64 // offset in the text of buf[0], a line start
	baseLine int   // lines that end before buf[0]
	limit    int   // buf is cut back to half this once it holds more

	madeFound bool   // the まで line has been seen
	madeLine  int    // its number
	madeText  string // its text, once it has ended or must be dropped
	madeAt    int64  // its offset, while its text is still in buf
	scanFrom  int    // where in buf the search for まで goes on
}

// tailLimit bounds what a textTail keeps: far more than the read-ahead of
// the readers (64 KiB buffers, and in parallel CSA reading about three
// pieces of 64 to 128 KiB per worker). A line that is gone by the time its
// diagnostic is printed is only not quoted.
const tailLimit = 4 << 20

func newTextTail(limit int) *textTail { return &textTail{limit: limit, madeAt: -1} }

const made = "まで"

// Write appends p to the kept text.
func (t *textTail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if !t.madeFound {
		t.scanMade()
	}
	if t.madeAt >= 0 && t.madeText == "" {
		if s, ok := t.lineAt(t.madeAt, true); ok {
			t.madeText, t.madeAt = s, -1
		}
	}
	if len(t.buf) > t.limit {
		t.trim()
	}
	return len(p), nil
}

// scanMade looks in the text not yet searched for a line that starts (after
// blanks) with まで.
func (t *textTail) scanMade() {
	for {
		i := bytes.Index(t.buf[t.scanFrom:], []byte(made))
		if i < 0 {
			t.scanFrom = max(t.scanFrom, len(t.buf)-len(made)+1)
			return
		}
		at := t.scanFrom + i
		t.scanFrom = at + len(made)
		j := at
		for j > 0 {
			switch {
			case t.buf[j-1] == ' ' || t.buf[j-1] == '\t':
				j--
				continue
			case j >= 3 && string(t.buf[j-3:j]) == "\u3000":
				j -= 3
				continue
			}
			break
		}
		if j > 0 && t.buf[j-1] != '\n' && t.buf[j-1] != '\r' {
			continue
		}
		t.madeFound = true
		t.madeLine = t.baseLine + countLines(t.buf[:j]) + 1
		t.madeAt = t.base + int64(j)
		return
	}
}

// trim drops whole lines from the front, keeping every line that starts
// in the last limit/2 bytes.
func (t *textTail) trim() {
	from := len(t.buf) - t.limit/2
	cut := lineEndFrom(t.buf, from-1)
	if cut < 0 {
		cut = lastLineEndBefore(t.buf, from)
	}
	if cut <= 0 {
		return // one line longer than the limit: kept until it ends
	}
	if t.madeAt >= 0 && t.madeAt < t.base+int64(cut) {
		t.madeText, _ = t.lineAt(t.madeAt, false)
		t.madeAt = -1
	}
	t.baseLine += countLines(t.buf[:cut])
	t.base += int64(cut)
	n := copy(t.buf, t.buf[cut:])
	t.buf = t.buf[:n]
	t.scanFrom = max(t.scanFrom-cut, 0)
}

// lineEndFrom returns the index just after the first line end at or after
// from, or -1. A CR counts only once the byte after it is known, so that a
// CRLF is never split.
func lineEndFrom(b []byte, from int) int {
	for i := from; i < len(b); i++ {
		switch b[i] {
		case '\n':
			return i + 1
		case '\r':
			if i+1 < len(b) && b[i+1] != '\n' {
				return i + 1
			}
		}
	}
	return -1
}

// lastLineEndBefore is lineEndFrom looking backwards: the index just after
// the last line end before before, or -1. The two are mirror images, not
// copies: a shared helper would need a direction and bounds in every test.
func lastLineEndBefore(b []byte, before int) int {
	for i := before - 1; i >= 0; i-- {
		switch b[i] {
		case '\n':
			return i + 1
		case '\r':
			if i+1 < len(b) && b[i+1] != '\n' {
				return i + 1
			}
		}
	}
	return -1
}

// lineAt returns the line that starts at offset off of the text, cut at
// maxQuote bytes; with complete, only once its end has been read.
func (t *textTail) lineAt(off int64, complete bool) (string, bool) {
	i := off - t.base
	if i < 0 || i > int64(len(t.buf)) {
		return "", false
	}
	rest := t.buf[i:]
	end := bytes.IndexAny(rest, "\r\n")
	if end < 0 {
		if complete {
			return "", false
		}
		end = len(rest)
	}
	return trimQuote(string(rest[:min(end, maxQuote)])), true
}

// line returns the text of line n (1-based) if it is still kept. off is the
// line's offset when known (-1 when not), which saves counting lines.
func (t *textTail) line(n int, off int64) (string, bool) {
	if off >= t.base && off < t.base+int64(len(t.buf)) {
		i := off - t.base
		if i == 0 || t.buf[i-1] == '\n' || t.buf[i-1] == '\r' {
			return t.lineAt(off, false)
		}
	}
	if n <= t.baseLine {
		return "", false
	}
	start, cur := 0, t.baseLine+1
	for cur < n {
		e := lineEndFrom(t.buf, start)
		if e < 0 {
			// The last line may end in a CR that nothing follows.
			if e = bytes.IndexByte(t.buf[start:], '\r'); e < 0 {
				return "", false
			}
			e += start + 1
		}
		start, cur = e, cur+1
	}
	if start >= len(t.buf) {
		return "", false
	}
	return t.lineAt(t.base+int64(start), false)
}

// madeLineText returns the first まで line seen, if any.
func (t *textTail) madeLineText() (int, string, bool) {
	if !t.madeFound {
		return 0, "", false
	}
	if t.madeText == "" && t.madeAt >= 0 {
		t.madeText, _ = t.lineAt(t.madeAt, false)
	}
	return t.madeLine, t.madeText, true
}
