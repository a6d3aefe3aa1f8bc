package parse

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

// csaPlies keeps every ply in order across its segments, drops the last
// one across a segment boundary, and forgets a long game's segments.
func TestCSAPlies(t *testing.T) {
	for _, n := range []int{0, 1, plySegment - 1, plySegment, plySegment + 1, 2*plySegment + 5} {
		var l csaPlies
		for i := range n {
			l.add(csaPly{comments: uint32(i)})
		}
		if l.len() != n || l.empty() != (n == 0) {
			t.Fatalf("%d plies: len %d, empty %v", n, l.len(), l.empty())
		}
		k := 0
		for s := range l.segments() {
			for _, p := range l.segment(s) {
				if p.comments != uint32(k) {
					t.Fatalf("%d plies: ply %d holds %d", n, k, p.comments)
				}
				k++
			}
		}
		if k != n {
			t.Fatalf("%d plies: %d in the segments", n, k)
		}
		if n > 0 {
			l.dropLast()
			if l.len() != n-1 || (n > 1 && l.last().comments != uint32(n-2)) {
				t.Fatalf("%d plies: after dropLast len %d", n, l.len())
			}
		}
		if e := l.emptied(); e.len() != 0 || len(e.full) != 0 || e.extras != 0 || e.rares != 0 {
			t.Fatalf("%d plies: emptied holds %d", n, e.len())
		}
	}
}

// A CSA game longer than a segment of plies reads back whole: its moves,
// times and comments in order.
func TestCSALongGame(t *testing.T) {
	const n = plySegment + 1000
	moves := [4]string{"+5958OU", "-5152OU", "+5859OU", "-5251OU"}
	var b strings.Builder
	b.WriteString("V2.2\nPI\n+\n")
	for i := range n {
		fmt.Fprintf(&b, "%s\nT%d\n", moves[i%4], i%7)
		if i%10000 == 3 {
			fmt.Fprintf(&b, "'* c%d\n", i)
		}
	}
	b.WriteString("%TORYO\n")
	r, err := New("csa", strings.NewReader(b.String()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for x := range rec.MainLine() {
		if x.IsEnd() {
			if i != n || x.End().Kind != shogi.Resign {
				t.Fatalf("ending after %d moves, %v", i, x.End())
			}
			continue
		}
		if x.Time().Elapsed != time.Duration(i%7)*time.Second {
			t.Fatalf("move %d: time %v", i+1, x.Time().Elapsed)
		}
		if want := i%10000 == 3; want != (len(x.Comments()) == 1) || want && strings.TrimSpace(x.Comments()[0]) != fmt.Sprintf("c%d", i) {
			t.Fatalf("move %d: comments %q", i+1, x.Comments())
		}
		i++
	}
	if i != n {
		t.Fatalf("%d moves, want %d", i, n)
	}
}

// csaPlies counts the plies with a time or comments (extras) and with
// comments (rares) through setTime, addComment and dropLast.
func TestCSAPliesCounts(t *testing.T) {
	var l csaPlies
	check := func(step string, extras, rares int) {
		t.Helper()
		if l.extras != extras || l.rares != rares {
			t.Fatalf("after %s: extras %d rares %d, want %d %d", step, l.extras, l.rares, extras, rares)
		}
	}
	l.add(csaPly{time: noTime})
	l.setTime(time.Second)
	l.setTime(2 * time.Second) // a second T line for the same ply
	check("two times", 1, 0)
	l.addComment()
	l.addComment()
	check("comments on a timed ply", 1, 1)
	l.add(csaPly{time: noTime})
	l.addComment()
	check("a comment on a ply with no time", 2, 2)
	l.setTime(0)
	check("its time", 2, 2)
	l.add(csaPly{time: noTime})
	check("a bare ply", 2, 2)
	l.dropLast()
	check("dropping the bare ply", 2, 2)
	l.dropLast()
	check("dropping a ply with comments", 1, 1)
	l.add(csaPly{time: noTime})
	l.setTime(time.Minute)
	l.dropLast()
	check("dropping a timed ply", 1, 1)
}
