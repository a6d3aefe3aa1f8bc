package parse

import "time"

// csaPlies is the list of a CSA game's plies, read before the game's tree
// is built: a slice while the game is short, then segments of plySegment
// plies, so that a game of a million moves is never copied to grow (Go
// grows a large slice a quarter at a time, allocating about five times its
// final size) and its segments are let go one by one as the tree is built
// (issue 15: at most 64 bytes a move for a long game). cur is empty only
// when full is. It counts the plies with a time or comments (extras) and
// with comments (rares) as they are set, for Record.Reserve.
type csaPlies struct {
	cur    []csaPly
	full   [][]csaPly // the segments before cur, plySegment plies each
	extras int
	rares  int
}

// plySegment is the plies of a segment (1 MB).
const plySegment = 1 << 16

func (l *csaPlies) len() int { return len(l.full)*plySegment + len(l.cur) }

func (l *csaPlies) empty() bool { return len(l.cur) == 0 }

// add appends p.
func (l *csaPlies) add(p csaPly) {
	if len(l.cur) == plySegment {
		l.full = append(l.full, l.cur)
		l.cur = make([]csaPly, 0, plySegment)
	}
	l.cur = append(l.cur, p)
}

// last returns the last ply; the list must not be empty.
func (l *csaPlies) last() *csaPly { return &l.cur[len(l.cur)-1] }

// setTime sets the last ply's time; the list must not be empty.
func (l *csaPlies) setTime(d time.Duration) {
	p := l.last()
	if p.time == noTime && p.comments == 0 {
		l.extras++
	}
	p.time = d
}

// addComment gives the last ply one more comment; the list must not be
// empty.
func (l *csaPlies) addComment() {
	p := l.last()
	if p.comments == 0 {
		l.rares++
		if p.time == noTime {
			l.extras++
		}
	}
	p.comments++
}

// dropLast removes the last ply; the list must not be empty.
func (l *csaPlies) dropLast() {
	if p := l.last(); p.comments > 0 {
		l.extras--
		l.rares--
	} else if p.time != noTime {
		l.extras--
	}
	l.cur = l.cur[:len(l.cur)-1]
	if len(l.cur) == 0 && len(l.full) > 0 {
		l.cur = l.full[len(l.full)-1]
		l.full = l.full[:len(l.full)-1]
	}
}

// emptied returns the list emptied for the next game; the segments of a
// long game are not kept.
func (l csaPlies) emptied() csaPlies {
	if len(l.full) > 0 {
		return csaPlies{}
	}
	return csaPlies{cur: l.cur[:0]}
}

// segments returns the number of segments; segment(i) is the i-th.
func (l *csaPlies) segments() int { return len(l.full) + 1 }

func (l *csaPlies) segment(i int) []csaPly {
	if i < len(l.full) {
		return l.full[i]
	}
	return l.cur
}

// release lets segment i go, once the tree holds its plies.
func (l *csaPlies) release(i int) {
	if i < len(l.full) {
		l.full[i] = nil
	}
}
