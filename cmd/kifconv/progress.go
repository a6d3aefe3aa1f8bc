package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Bar is the progress bar a batch draws on standard error when that is a
// terminal; the nil *Bar draws nothing. Whoever prints a line while it is
// drawn calls Clear first, so that the bar's line stays clean: the bar is
// drawn again, below, at the next Add.
type Bar struct{ bar *progressbar.ProgressBar }

// NewBar returns the bar of a batch of n inputs, described as what, drawn
// on w: nil when quiet, when w is no terminal or for fewer than 2 inputs.
func NewBar(w io.Writer, n int, what string, quiet, terminal bool) *Bar {
	if quiet || n < 2 || !terminal {
		return nil
	}
	return &Bar{progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Add counts an input done.
func (b *Bar) Add() {
	if b != nil {
		b.bar.Add(1)
	}
}

// Clear clears the bar's line.
func (b *Bar) Clear() {
	if b != nil {
		b.bar.Clear()
	}
}

// Finish ends the bar, clearing its line.
func (b *Bar) Finish() {
	if b != nil {
		b.bar.Finish()
	}
}
