package main

// Steps adds n steps to the bar's length (n < 0 takes them away); from
// the first call the bar counts steps only, with the time left.
func (b *bar) Steps(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mode != barSteps {
		b.begin(barSteps, int64(n))
		return
	}
	b.total += int64(n)
}

// Step counts one step done.
func (b *bar) Step() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mode == barSteps {
		b.done++
		b.draw(false)
	}
}
