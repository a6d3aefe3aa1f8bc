package main

import (
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// bar is the progress bar a command draws on standard error when that is a
// terminal (the nil *bar draws nothing): by inputs, its length growing as
// walks find them, or by bytes when one input is read alone, or by the
// steps of a job that counts them (batch.StepProgress: analyze's
// positions), with the time left. Whoever prints
// a line while it is drawn calls Clear first, so that the line stays clean:
// the bar is drawn again below at its next step. It is a batch.Progress.
//
// The bar is drawn on the calls that move it, at most once per
// barThrottle, except a line that reaches its length after one that did
// not. A drawing is "\r", the line (renderBar) and ESC [K, which erases
// what a longer line left; Clear writes ESC [2K and "\r". When plain,
// spaces do the erasing: a terminal with TERM=dumb, or a Windows console,
// may not understand escape sequences.
type bar struct {
	w     io.Writer
	what  string
	now   func() time.Time     // the clock
	cols  func() int           // the terminal's width in columns
	cond  *runewidth.Condition // the display widths of the line's characters
	plain bool                 // erase with spaces

	mu    sync.Mutex
	mode  barMode
	found int       // inputs found
	done  int64     // inputs, bytes or steps done
	total int64     // bytes or steps known
	start time.Time // when the count began
	shown time.Time // when the line was last drawn
	full  bool      // the line last drawn had reached its length
	drawn bool      // a line is on the screen
	width int       // its columns
	over  bool      // finished
	buf   []byte
}

// barMode is what a bar counts.
type barMode int

const (
	barNone  barMode = iota // nothing yet: fewer than two inputs found
	barCount                // inputs
	barBytes                // the bytes of the one input read alone
	barSteps                // steps (progress_steps.go)
)

// barThrottle is the least time between two drawings of a bar.
const barThrottle = 100 * time.Millisecond

// newBar returns the bar of the command doing what ("converting"), drawn
// on w, a terminal whose characters take the widths cond gives
// (--east-asian-width); dumb is TERM=dumb.
func newBar(w io.Writer, what string, cond *runewidth.Condition, dumb bool) *bar {
	return &bar{
		w:     w,
		what:  what,
		now:   time.Now,
		cols:  terminalCols(w),
		cond:  cond,
		plain: runtime.GOOS == "windows" || dumb,
	}
}

// terminalCols returns the function that tells the width of terminal w,
// asked at each drawing so that the bar follows a resized window: 80
// columns when w is not an *os.File or its size cannot be had.
func terminalCols(w io.Writer) func() int {
	f, ok := w.(*os.File)
	if !ok {
		return func() int { return 80 }
	}
	fd := int(f.Fd())
	return func() int {
		if c, _, err := term.GetSize(fd); err == nil && c > 0 {
			return c
		}
		return 80
	}
}

// Found is told the number of inputs found so far.
func (b *bar) Found(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.start.IsZero() {
		b.start = b.now()
	}
	b.found = n
	if b.mode == barNone && n >= 2 {
		b.mode = barCount
		b.draw(true)
	}
}

// Done counts an input done, those done before the bar appears too.
func (b *bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch b.mode {
	case barNone:
		b.done++
	case barCount:
		b.done++
		b.draw(false)
	}
}

// Size starts counting the bytes of the one input read alone.
func (b *bar) Size(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mode == barSteps {
		return
	}
	b.begin(barBytes, n)
}

// Bytes counts bytes read.
func (b *bar) Bytes(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mode == barBytes {
		b.done += int64(n)
		b.draw(false)
	}
}

// Clear clears the bar's line.
func (b *bar) Clear() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.clear()
}

// Finish ends the bar, clearing its line; it draws nothing more.
func (b *bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.clear()
	b.over = true
}

// begin clears the line and starts counting in mode, total known, from
// now, drawing the empty bar.
func (b *bar) begin(mode barMode, total int64) {
	b.clear()
	b.mode, b.done, b.total, b.start = mode, 0, total, b.now()
	b.draw(true)
}

// state returns what the bar shows at now.
func (b *bar) state(now time.Time) barState {
	s := barState{what: b.what, done: b.done, total: b.total, elapsed: now.Sub(b.start)}
	switch b.mode {
	case barCount:
		s.unit, s.total = "files", int64(b.found)
	case barBytes:
		s.bytes = true
	case barSteps:
		s.unit = "positions"
	}
	s.total = max(s.total, s.done, 1)
	return s
}

// draw draws the line unless the last was drawn less than barThrottle ago;
// force, or a line that reaches its length after one that did not, is
// drawn anyway.
func (b *bar) draw(force bool) {
	if b.over || b.mode == barNone {
		return
	}
	now := b.now()
	s := b.state(now)
	full := s.done >= s.total
	if !force && now.Sub(b.shown) < barThrottle && (!full || b.full) {
		return
	}
	b.shown, b.full = now, full
	line := renderBar(s, b.cols(), b.cond)
	w := b.cond.StringWidth(line)
	b.buf = append(append(b.buf[:0], '\r'), line...)
	if b.plain {
		b.buf = appendSpaces(b.buf, b.width-w)
	} else {
		b.buf = append(b.buf, "\x1b[K"...)
	}
	b.w.Write(b.buf)
	b.drawn, b.width = true, w
}

// clear erases the line drawn, if any, leaving the cursor at its start.
func (b *bar) clear() {
	if !b.drawn {
		return
	}
	if b.plain {
		b.buf = appendSpaces(append(b.buf[:0], '\r'), b.width)
		b.buf = append(b.buf, '\r')
	} else {
		b.buf = append(b.buf[:0], "\x1b[2K\r"...)
	}
	b.w.Write(b.buf)
	b.drawn, b.width = false, 0
}

func appendSpaces(buf []byte, n int) []byte {
	for ; n > 0; n-- {
		buf = append(buf, ' ')
	}
	return buf
}

// barState is what a bar's line shows: done of total (total ≥ done, ≥ 1)
// inputs or steps, named unit ("files", "positions"), or bytes, elapsed
// since the count began.
type barState struct {
	what    string
	unit    string
	bytes   bool
	done    int64
	total   int64
	elapsed time.Duration
}

// The bar's cells: at most barMaxCells; the rate, the times and the count
// give way, in that order, rather than leave fewer than barMinCells.
const (
	barMaxCells = 40
	barMinCells = 10
)

// barEighths draw a cell filled by 1 to 7 eighths.
var barEighths = []string{"▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// renderBar returns the line of s for a terminal cols columns wide, at
// most cols-1 columns by cond, so that it never wraps:
//
//	validating  42% |█████████▏            |  420/1000 35 files/s [12s:17s]
//
// The count is of bytes in binary units (KiB, MiB, GiB: 1024 B, 1024 KiB,
// …), three digits each; the rate is the mean since the count began; the
// time left assumes it holds ("?" until something is done). The bar's
// cells depend on cols, s.what and s.total only, so that it keeps its
// length while the numbers after it change.
func renderBar(s barState, cols int, cond *runewidth.Condition) string {
	avail := cols - 1
	frac := min(float64(s.done)/float64(s.total), 1)
	pct := strconv.Itoa(int(frac * 100))
	pct = strings.Repeat(" ", 4-len(pct)) + pct + "%"
	what := s.what
	if cond.StringWidth(what)+len(pct) > avail {
		what = cond.Truncate(what, max(avail-len(pct), 0), "")
	}
	head := what + pct

	// The tail's parts, each with the room kept for it, in the order they
	// give way.
	type part struct {
		text string
		room int
		at   int // its place in the line
	}
	var count, rate part
	if s.bytes {
		total := formatBytes(s.total)
		count = part{" " + padLeft(formatBytes(s.done), 8) + "/" + total, 1 + 8 + 1 + len(total), 0}
		rate = part{" " + formatBytes(int64(perSecond(s.done, s.elapsed))) + "/s", 1 + 8 + 2, 1}
	} else {
		total := strconv.FormatInt(s.total, 10)
		count.text = " " + padLeft(strconv.FormatInt(s.done, 10), len(total)) + "/" + total
		count.room = len(count.text)
		rate = part{" " + formatRate(perSecond(s.done, s.elapsed)) + " " + s.unit + "/s", 1 + 4 + 1 + len(s.unit) + 2, 1}
	}
	left := "?"
	if s.done > 0 && s.elapsed > 0 {
		left = formatDuration(time.Duration(float64(s.elapsed) * float64(s.total-s.done) / float64(s.done)))
	}
	times := part{" [" + formatDuration(s.elapsed) + ":" + left + "]", 1 + 15, 2} // [59m59s:59m59s]
	parts := []part{rate, times, count}

	cell := max(cond.RuneWidth('█'), 1)
	avail -= cond.StringWidth(head) + 3 // " |", "|"
	for ; len(parts) > 0; parts = parts[1:] {
		used := 0
		for _, p := range parts {
			used += p.room
		}
		if (avail-used)/cell >= barMinCells {
			avail -= used
			break
		}
	}
	line := head
	if cells := min(avail/cell, barMaxCells); cells > 0 {
		line += " |" + barCells(frac, cells, cell) + "|"
	}
	var tail [3]string
	for _, p := range parts {
		tail[p.at] = p.text
	}
	line += strings.Join(tail[:], "")
	if cond.StringWidth(line) > cols-1 {
		line = cond.Truncate(line, max(cols-1, 0), "")
	}
	return line
}

// barCells returns cells cells, each width columns, filled to frac in
// eighths of a cell.
func barCells(frac float64, cells, width int) string {
	eighths := int(frac * float64(cells*8))
	full, part := eighths/8, eighths%8
	var b strings.Builder
	b.WriteString(strings.Repeat("█", full))
	if part > 0 {
		b.WriteString(barEighths[part-1])
		full++
	}
	b.WriteString(strings.Repeat(" ", (cells-full)*width))
	return b.String()
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// perSecond returns n per second of d (0 for no time).
func perSecond(n int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// formatRate returns r with one decimal below 10, none above.
func formatRate(r float64) string {
	if r < 9.95 {
		return strconv.FormatFloat(r, 'f', 1, 64)
	}
	return strconv.FormatFloat(r, 'f', 0, 64)
}

// formatBytes returns n in B, KiB, MiB, GiB or TiB with three significant
// digits ("512 B", "1.21 KiB", "12.3 MiB", "300 MiB"), at most 8 bytes.
func formatBytes(n int64) string {
	if n < 1000 {
		return strconv.FormatInt(max(n, 0), 10) + " B"
	}
	v := float64(n)
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	u := -1
	for u < len(units)-1 && (u < 0 || v >= 999.5) {
		v /= 1024
		u++
	}
	prec := 0
	switch {
	case v < 9.995:
		prec = 2
	case v < 99.95:
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + " " + units[u]
}

// formatDuration returns d to the second: "12s", "4m05s", "2h07m".
func formatDuration(d time.Duration) string {
	s := int64(max(d, 0).Round(time.Second) / time.Second)
	two := func(n int64) string {
		if n < 10 {
			return "0" + strconv.FormatInt(n, 10)
		}
		return strconv.FormatInt(n, 10)
	}
	switch {
	case s < 60:
		return strconv.FormatInt(s, 10) + "s"
	case s < 3600:
		return strconv.FormatInt(s/60, 10) + "m" + two(s%60) + "s"
	}
	return strconv.FormatInt(s/3600, 10) + "h" + two(s/60%60) + "m"
}
