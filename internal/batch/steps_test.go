package batch

import "testing"

// stepCount is a StepProgress that sums what it is told.
type stepCount struct{ total, done int }

func (c *stepCount) Found(int)   {}
func (c *stepCount) Done()       {}
func (c *stepCount) Size(int64)  {}
func (c *stepCount) Bytes(int)   {}
func (c *stepCount) Steps(n int) { c.total += n }
func (c *stepCount) Step()       { c.done++ }

// TestStepPlan checks that the total ends as the steps done, whichever of
// the first reading and the job meets an input first, with games never
// taken (an output kept, a game stopped) taken out once their input ends.
func TestStepPlan(t *testing.T) {
	var c stepCount
	s := newStepPlan(&c)
	s.plan(0, 10) // counted first: the job's games of input 0 add nothing
	s.met(1, 4)   // met first: the first reading's count is ignored
	s.plan(1, 9)
	s.plan(2, 5) // to be kept: never met
	s.plan(3, 7)
	if c.total != 10+4+5+7 {
		t.Fatalf("total %d", c.total)
	}
	s.met(0, 6)
	s.met(0, 4)
	s.taken(0, 6, 6)
	s.taken(0, 4, 3) // a game that failed at its fourth position
	s.ended(0)
	s.met(1, 3) // input 1's second game, met later
	s.taken(1, 4, 4)
	s.taken(1, 3, 3)
	s.ended(2) // input 1, and the kept input 2
	if want := 9 + 7 + 7; c.total != want {
		t.Errorf("total %d, want %d", c.total, want)
	}
	s.plan(2, 5) // too late
	s.met(3, 7)
	s.end() // input 3 stopped: its game never taken
	if want := 9 + 7; c.total != want {
		t.Errorf("total %d at the end, want %d", c.total, want)
	}
}
