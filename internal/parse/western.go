package parse

import (
	"io"
)

// Western reads Western move lists as render.Western writes them and as
// books and forums print them: optional `Key: value` header lines (Black,
// White, Event, Site, Date, Opening, TimeControl, Handicap, SFEN; others are
// kept as they are), then numbered moves in Hodges (P-7f, Sx7b+, P*5e,
// N-7c=) or Hosking (P76, S'56) notation, with {comments}, nested
// (variations) and end words. It reads everything PSN's reader reads (PSN
// tags included), so a list pasted from any of these sources works; a new
// header after move text starts the next record.
type Western struct{ textReader }

// NewWestern returns a Western move-list reader.
func NewWestern(r io.Reader, opt Options) *Western {
	return &Western{textReader{lineSource: newLineSource(r, opt)}}
}
