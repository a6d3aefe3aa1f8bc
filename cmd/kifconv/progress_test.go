package main

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
)

// TestBar checks that the bar counts inputs once there are two, and bytes
// when one input is read alone, and that the nil bar draws nothing.
func TestBar(t *testing.T) {
	t.Parallel()
	var w bytes.Buffer
	b := newBar(&w, "converting", narrow, false)
	b.Found(1)
	if w.Len() > 0 {
		t.Errorf("a bar for one input: %q", w.String())
	}
	b.Found(2)
	b.Found(3)
	for range 3 {
		b.Clear()
		b.Done()
	}
	b.Finish()
	if !strings.Contains(w.String(), "converting") {
		t.Errorf("no bar drawn: %q", w.String())
	}
	w.Reset()
	b = newBar(&w, "reading", narrow, false)
	b.Found(1)
	b.Size(1000)
	b.Bytes(500)
	b.Bytes(500)
	b.Finish()
	if !strings.Contains(w.String(), "reading") {
		t.Errorf("no bar drawn by bytes: %q", w.String())
	}
	var nb *bar
	nb.Found(3)
	nb.Done()
	nb.Size(10)
	nb.Bytes(1)
	nb.Clear()
	nb.Finish()
	nb.Steps(2)
	nb.Step()
}

var narrow, wide = &runewidth.Condition{}, &runewidth.Condition{EastAsianWidth: true}

// TestRenderBar checks the lines of each count, and that they give way to
// a narrow terminal.
func TestRenderBar(t *testing.T) {
	const sec = time.Second
	count := barState{what: "validating", unit: "files", done: 420, total: 1000, elapsed: 12 * sec}
	bytes := barState{what: "reading", bytes: true, done: 12 << 20, total: 30 << 20, elapsed: 10 * sec}
	steps := barState{what: "analyzing", unit: "positions", done: 420, total: 1000, elapsed: 30 * sec}
	for _, tt := range []struct {
		name string
		s    barState
		cols int
		cond *runewidth.Condition
		want string
	}{
		{"count", count, 80, narrow,
			"validating  42% |█████████▏            |  420/1000 35 files/s [12s:17s]"},
		{"count start", barState{what: "validating", unit: "files", total: 1000}, 80, narrow,
			"validating   0% |                      |    0/1000 0.0 files/s [0s:?]"},
		{"count end", barState{what: "validating", unit: "files", done: 1000, total: 1000, elapsed: 65 * sec}, 80, narrow,
			"validating 100% |██████████████████████| 1000/1000 15 files/s [1m05s:0s]"},
		{"bytes", bytes, 80, narrow,
			"reading  40% |███████▌           | 12.0 MiB/30.0 MiB 1.20 MiB/s [10s:15s]"},
		{"small bytes", barState{what: "reading", bytes: true, done: 900, total: 5000, elapsed: sec}, 80, narrow,
			"reading  18% |███▍               |    900 B/4.88 KiB 900 B/s [1s:5s]"},
		{"steps", steps, 80, narrow,
			"analyzing  42% |███████▉           |  420/1000 14 positions/s [30s:41s]"},
		{"steps for hours", barState{what: "analyzing", unit: "positions", done: 1, total: 1000, elapsed: 3 * time.Minute}, 80, narrow,
			"analyzing   0% |                   |    1/1000 0.0 positions/s [3m00s:49h57m]"},
		{"wide terminal", steps, 120, narrow,
			"analyzing  42% |████████████████▊                       |  420/1000 14 positions/s [30s:41s]"},
		{"ambiguous wide", steps, 80, wide,
			"analyzing  42% |███████▌                    |  420/1000 [30s:41s]"},
		{"no rate nor times", steps, 50, narrow,
			"analyzing  42% |█████████▏            |  420/1000"},
		{"bar alone", steps, 30, narrow,
			"analyzing  42% |█████       |"},
		{"percent alone", steps, 20, narrow, "analyzing  42% |▊ |"},
		{"description cut", steps, 12, narrow, "analyz  42%"},
		{"one column", steps, 1, narrow, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := renderBar(tt.s, tt.cols, tt.cond); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestRenderBarFits checks that a line never reaches the last column, has
// no control characters, and that its bar keeps its length as the count
// moves.
func TestRenderBarFits(t *testing.T) {
	states := []barState{
		{what: "validating", unit: "files", total: 12345},
		{what: "reading", bytes: true, total: 3 << 30},
		{what: "analyzing", unit: "positions", total: 999},
		{what: "棋譜を変換中", unit: "files", total: 50},
	}
	for _, cond := range []*runewidth.Condition{narrow, wide} {
		for _, s := range states {
			for cols := 0; cols <= 160; cols++ {
				end := -1
				for _, f := range []float64{0, 0.001, 0.37, 0.5, 0.99, 1} {
					s.done = int64(f * float64(s.total))
					s.elapsed = time.Duration(f * float64(3*time.Hour))
					line := renderBar(s, cols, cond)
					if w := cond.StringWidth(line); w > max(cols-1, 0) {
						t.Fatalf("%d columns (wide %v): %d: %q", cols, cond.EastAsianWidth, w, line)
					}
					if strings.ContainsFunc(line, func(r rune) bool { return r < ' ' || r == 0x7f }) {
						t.Fatalf("a control character: %q", line)
					}
					e := cond.StringWidth(line[:max(strings.LastIndex(line, "|"), 0)])
					if end == -1 {
						end = e
					} else if e != end && cols > 40 {
						t.Fatalf("%d columns: the bar moved from %d to %d: %q", cols, end, e, line)
					}
				}
			}
		}
	}
}

// TestBarFormats checks the units of the counts and times.
func TestBarFormats(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 B", 999: "999 B", 1000: "0.98 KiB", 1024: "1.00 KiB", 1536: "1.50 KiB",
		12 << 10: "12.0 KiB", 1023 << 10: "1.00 MiB", 1000 << 10: "0.98 MiB", 300 << 20: "300 MiB", 5 << 30: "5.00 GiB",
		2 << 40: "2.00 TiB",
	} {
		if got := formatBytes(n); got != want || len(got) > 8 {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
	}
	for d, want := range map[time.Duration]string{
		0: "0s", 499 * time.Millisecond: "0s", 12 * time.Second: "12s", 65 * time.Second: "1m05s",
		59*time.Minute + 59*time.Second: "59m59s", 2*time.Hour + 7*time.Minute: "2h07m", -time.Second: "0s",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
	for r, want := range map[float64]string{0: "0.0", 1.25: "1.2", 9.96: "10", 35.4: "35", 1234.5: "1234"} {
		if got := formatRate(r); got != want {
			t.Errorf("formatRate(%v) = %q, want %q", r, got, want)
		}
	}
}

// writes records each write to it.
type writes []string

func (w *writes) Write(p []byte) (int, error) {
	*w = append(*w, string(p))
	return len(p), nil
}

var (
	drawn   = regexp.MustCompile("^\r([^\x00-\x1f\x7f]*)\x1b\\[K$")
	percent = regexp.MustCompile(`^\w+ +(\d+%)`)
)

// drawings tells the writes of a bar by the percent drawn, or "clear".
func drawings(t *testing.T, ws writes) string {
	var s []string
	for _, w := range ws {
		if w == "\x1b[2K\r" {
			s = append(s, "clear")
			continue
		}
		m := drawn.FindStringSubmatch(w)
		if m == nil {
			t.Fatalf("not a drawing: %q", w)
		}
		p := percent.FindStringSubmatch(m[1])
		if p == nil {
			t.Fatalf("no percent: %q", m[1])
		}
		s = append(s, p[1])
	}
	return strings.Join(s, " ")
}

// TestBarDrawing checks when the bar draws, with a clock that moves only
// as told: at most once per 100 ms, but a line that reaches its length
// after one that did not is drawn at once.
func TestBarDrawing(t *testing.T) {
	type call struct {
		at time.Duration // since the bar began
		f  func(b *bar)
	}
	found := func(n int) func(*bar) { return func(b *bar) { b.Found(n) } }
	done := func(b *bar) { b.Done() }
	size := func(n int64) func(*bar) { return func(b *bar) { b.Size(n) } }
	read := func(n int) func(*bar) { return func(b *bar) { b.Bytes(n) } }
	steps := func(n int) func(*bar) { return func(b *bar) { b.Steps(n) } }
	step := func(b *bar) { b.Step() }
	clear := func(b *bar) { b.Clear() }
	finish := func(b *bar) { b.Finish() }
	const ms = time.Millisecond
	for _, tt := range []struct {
		name  string
		calls []call
		want  string
	}{
		{"one input", []call{{0, found(1)}, {0, done}, {0, clear}, {0, finish}}, ""},
		{"inputs", []call{
			{0, found(1)}, {10 * ms, done}, {20 * ms, found(2)}, // 1/2 at once
			{30 * ms, found(3)}, {40 * ms, found(4)}, {50 * ms, done}, // throttled
			{130 * ms, done}, // 3/4
			{140 * ms, done}, // 4/4, complete
			{150 * ms, clear}, {160 * ms, finish},
		}, "50% 75% 100% clear"},
		{"a walk slower than the work", []call{
			{0, found(2)}, {10 * ms, done}, {20 * ms, done}, // 2/2 drawn as complete
			{30 * ms, found(3)}, {40 * ms, done}, // 3/3 complete again: throttled
			{50 * ms, found(4)}, {60 * ms, done},
			{120 * ms, found(5)}, {130 * ms, done}, // 100 ms since 2/2
			{140 * ms, finish},
		}, "0% 100% 100% clear"},
		{"cleared and drawn again", []call{
			{0, found(10)}, {10 * ms, clear}, {20 * ms, clear}, {30 * ms, done},
			{200 * ms, done}, {210 * ms, clear}, {220 * ms, done}, {320 * ms, done},
		}, "0% clear 20% clear 40%"},
		{"finished", []call{
			{0, found(2)}, {10 * ms, finish}, {200 * ms, done}, {300 * ms, done},
			{300 * ms, clear}, {400 * ms, finish},
		}, "0% clear"},
		{"bytes", []call{
			{0, found(1)}, {0, size(1000)}, {10 * ms, read(100)}, {110 * ms, read(300)},
			{120 * ms, read(500)}, {130 * ms, read(100)}, {140 * ms, read(0)}, {150 * ms, finish},
		}, "0% 40% 100% clear"},
		{"bytes of inputs", []call{
			{0, found(2)}, {10 * ms, size(1000)}, {200 * ms, done}, {300 * ms, read(500)},
		}, "0% clear 0% 50%"},
		{"steps", []call{
			{0, found(2)}, {10 * ms, steps(4)}, {20 * ms, step}, {120 * ms, step},
			{130 * ms, steps(4)}, {140 * ms, step}, {240 * ms, done}, {250 * ms, size(10)},
			{260 * ms, steps(-3)}, {270 * ms, step}, {280 * ms, step},
			{300 * ms, step}, // more done than known
			{400 * ms, step}, {410 * ms, finish},
		}, "0% clear 0% 50% 80% 100% 100% clear"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ws writes
			t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
			clock := t0
			b := newBar(&ws, "validating", narrow, false)
			b.now = func() time.Time { return clock }
			b.cols = func() int { return 100 }
			b.cond, b.plain = narrow, false
			for _, c := range tt.calls {
				clock = t0.Add(c.at)
				c.f(b)
			}
			if got := drawings(t, ws); got != tt.want {
				t.Errorf("drew %q, want %q\n%q", got, tt.want, ws)
			}
		})
	}
}

// TestBarLine checks what the bar writes: the line from its start, the
// rest of the terminal's line erased, and the line erased by Clear; with
// spaces instead where escape sequences are not understood.
func TestBarLine(t *testing.T) {
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, plain := range []bool{false, true} {
		var ws writes
		clock, cols := t0, 80
		b := newBar(&ws, "converting", narrow, false)
		b.now = func() time.Time { return clock }
		b.cols = func() int { return cols }
		b.cond, b.plain = narrow, plain
		b.Found(5)
		clock = clock.Add(2 * time.Second)
		cols = 40
		b.Done()
		b.Clear()
		b.Clear()
		clock = clock.Add(2 * time.Second)
		b.Done()
		b.Finish()
		first := "converting   0% |                            | 0/5 0.0 files/s [0s:?]"
		second := "converting  20% |███▍             | 1/5" // 40 columns
		third := "converting  40% |██████▊          | 2/5"
		want := writes{"\r" + first + "\x1b[K", "\r" + second + "\x1b[K", "\x1b[2K\r", "\r" + third + "\x1b[K", "\x1b[2K\r"}
		if plain {
			pad := func(n int) string { return strings.Repeat(" ", n) }
			want = writes{
				"\r" + first,
				"\r" + second + pad(runewidth.StringWidth(first)-runewidth.StringWidth(second)),
				"\r" + pad(runewidth.StringWidth(second)) + "\r",
				"\r" + third,
				"\r" + pad(runewidth.StringWidth(third)) + "\r",
			}
		}
		if strings.Join(ws, "\n") != strings.Join(want, "\n") {
			t.Errorf("plain %v: wrote\n%q\nwant\n%q", plain, ws, want)
		}
	}
}

// TestBarConcurrent calls the bar from several goroutines, as the workers
// of a job do (go test -race), and checks that its writes stay whole.
func TestBarConcurrent(t *testing.T) {
	var ws writes
	b := newBar(&ws, "analyzing", narrow, false)
	b.cols = func() int { return 100 }
	b.cond, b.plain = narrow, false
	b.Found(2)
	b.Steps(4000)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 1000 {
				b.Found(2 + j)
				b.Done()
				b.Bytes(10)
				b.Step()
				if j%100 == i {
					b.Clear()
				}
			}
		})
	}
	wg.Wait()
	b.Finish()
	drawings(t, ws)
	if !strings.Contains(ws[len(ws)-2], "4000/4000") {
		t.Errorf("the last line drawn: %q", ws[len(ws)-2])
	}
}
