package main

import (
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// bar is the progress bar a command draws on standard error when that is a
// terminal (the nil *bar draws nothing): by inputs, its length growing as
// walks find them, or by bytes when one input is read alone, or by the
// steps of a job that counts them (batch.StepProgress: analyze's
// positions), with the time left. Whoever prints
// a line while it is drawn calls Clear first, so that the line stays clean:
// the bar is drawn again below at its next step. It is a batch.Progress.
type bar struct {
	w     io.Writer
	what  string
	mu    sync.Mutex
	b     *progressbar.ProgressBar
	bytes bool // counting bytes
	steps bool // counting steps (progress_steps.go)
	total int  // the steps known
	found int  // inputs found
	max   int  // the bar's length in inputs
	last  time.Time
}

func newBar(w io.Writer, what string) *bar { return &bar{w: w, what: what} }

func (b *bar) options(extra ...progressbar.Option) []progressbar.Option {
	return append([]progressbar.Option{
		progressbar.OptionSetWriter(b.w),
		progressbar.OptionSetDescription(b.what),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}, extra...)
}

// Found is told the number of inputs found so far.
func (b *bar) Found(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.found = n
	if b.bytes || b.steps || n < 2 {
		return
	}
	if b.b == nil {
		b.max = n
		b.b = progressbar.NewOptions(n, b.options(progressbar.OptionShowCount())...)
		return
	}
	// The length follows the walk, at most ten times a second.
	if now := time.Now(); now.Sub(b.last) > 100*time.Millisecond {
		b.last, b.max = now, n
		b.b.ChangeMax(n)
	}
}

// Done counts an input done.
func (b *bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b == nil || b.bytes || b.steps {
		return
	}
	if b.max < b.found {
		b.max = b.found
		b.b.ChangeMax(b.found)
	}
	b.b.Add(1)
}

// Size starts counting the bytes of the one input read alone.
func (b *bar) Size(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.steps {
		return
	}
	if b.b != nil {
		b.b.Clear()
	}
	b.bytes = true
	b.b = progressbar.NewOptions64(n, b.options(progressbar.OptionShowBytes(true))...)
}

// Bytes counts bytes read.
func (b *bar) Bytes(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bytes {
		b.b.Add(n)
	}
}

// Clear clears the bar's line.
func (b *bar) Clear() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b != nil {
		b.b.Clear()
	}
}

// Finish ends the bar, clearing its line.
func (b *bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b != nil {
		b.b.Finish()
	}
}
