package main

import "github.com/schollz/progressbar/v3"

// Steps adds n steps to the bar's length (n < 0 takes them away); from
// the first call the bar counts steps only, with the time left.
func (b *bar) Steps(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.steps {
		if b.b != nil {
			b.b.Clear()
		}
		b.steps, b.bytes = true, false
		b.b = progressbar.NewOptions(max(n, 1), b.options(progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("positions"))...)
		b.total = n
		return
	}
	b.total += n
	b.b.ChangeMax(max(b.total, int(b.b.State().CurrentNum), 1))
}

// Step counts one step done.
func (b *bar) Step() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.steps {
		b.b.Add(1)
	}
}
