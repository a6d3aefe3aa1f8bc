package batch

import "sync"

// StepProgress is a Progress that also counts the steps of a job whose
// steps, not its inputs or bytes, take the time (analyze's positions):
// Steps when more steps are known to come (n < 0: fewer), Step as each is
// done, from any goroutine. Once told of steps it counts nothing else.
type StepProgress interface {
	Progress
	Steps(n int)
	Step()
}

// stepPlan keeps the total of a job's steps for a StepProgress, input by
// input: the steps of an input come from a first reading that counts them
// (plan, run beside the job, which only reads files), or, for an input the
// job met first, from the games it met (met); as each game is taken the
// total is corrected by the steps it did take, and once its input has
// ended (in input order), by those of its games never taken (an output
// kept, a game stopped or not read).
type stepPlan struct {
	p    StepProgress
	mu   sync.Mutex
	next int // the inputs before next are past
	ins  map[int]*stepInput
}

type stepInput struct {
	base    int  // its steps in the total: planned, or met
	planned bool // base is the first reading's
	taken   int  // the steps of its games taken, as met
}

func newStepPlan(p StepProgress) *stepPlan { return &stepPlan{p: p, ins: map[int]*stepInput{}} }

func (s *stepPlan) input(i int) *stepInput {
	in := s.ins[i]
	if in == nil {
		in = &stepInput{}
		s.ins[i] = in
	}
	return in
}

// plan says that input i has n steps, unless the job met it first.
func (s *stepPlan) plan(i, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i < s.next || s.ins[i] != nil {
		return
	}
	s.ins[i] = &stepInput{base: n, planned: true}
	s.p.Steps(n)
}

// met says that the job met a game of input i with n steps.
func (s *stepPlan) met(i, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.input(i)
	if !in.planned {
		in.base += n
		s.p.Steps(n)
	}
}

// taken says that a game of input i met with n steps took done of them.
func (s *stepPlan) taken(i, n, done int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.input(i).taken += n
	s.p.Steps(done - n)
}

// ended says that input i and those before it have ended.
func (s *stepPlan) ended(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pass(i + 1)
}

// end says that every input has ended.
func (s *stepPlan) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	last := s.next
	for i := range s.ins {
		last = max(last, i)
	}
	s.pass(last + 1)
}

// pass takes the steps of the games never taken of the inputs before i
// out of the total.
func (s *stepPlan) pass(i int) {
	for ; s.next < i; s.next++ {
		if in := s.ins[s.next]; in != nil {
			s.p.Steps(in.taken - in.base)
			delete(s.ins, s.next)
		}
	}
}
