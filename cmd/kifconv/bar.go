package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is the bar a batch draws on standard error when that is a
// terminal; the nil *progress draws nothing. Whoever prints a line while
// it is drawn calls clear first, so that the bar's line stays clean: the
// bar is drawn again, below, at the next add.
type progress struct{ bar *progressbar.ProgressBar }

func newBar(e env, stderr io.Writer, n int, quiet bool, what string) *progress {
	if quiet || n < 2 || !e.isTerminal(stderr) {
		return nil
	}
	return &progress{progressbar.NewOptions(n,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p *progress) Add() {
	if p != nil {
		p.bar.Add(1)
	}
}

func (p *progress) Clear() {
	if p != nil {
		p.bar.Clear()
	}
}

func (p *progress) finish() {
	if p != nil {
		p.bar.Finish()
	}
}
