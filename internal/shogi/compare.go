package shogi

import (
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// CompareOptions choose what Compare looks at. The zero value compares
// everything, with header keys taken literally.
type CompareOptions struct {
	IgnoreHeader     bool
	IgnoreComments   bool
	IgnoreTime       bool
	IgnoreVariations bool
	IgnoreBookmarks  bool
	// IgnoreEndings compares lines without their endings (投了, %TORYO, …):
	// a line that ends in one record and stops in the other is the same.
	IgnoreEndings bool
	// NormalizeHeader compares header values as kifconv's writers
	// normalise them (NormalizeHeader).
	NormalizeHeader bool
	// Text, when not nil, maps header values and comments before they are
	// compared (they are reported as they are), so that text an encoding
	// changes on the way (〜 written in Shift_JIS reads back as ～) compares
	// equal.
	Text func(string) string
	// HeaderKey maps a header key to the name it is compared under, so
	// that records read from formats with different key names (KIF 先手,
	// CSA N+) line up; returning "" leaves the field out. Nil compares keys
	// as they are.
	HeaderKey func(key string) string
}

// RecordDiff is what Compare found. Every list is non-nil, so the JSON form
// always has the same keys.
type RecordDiff struct {
	Header     []HeaderDiff `json:"header"`
	Start      *StartDiff   `json:"start"`      // nil when the start positions are the same
	Divergence *Divergence  `json:"divergence"` // nil when the main lines are the same
	Comments   []NodeDiff   `json:"comments"`
	Times      []NodeDiff   `json:"times"`
	Bookmarks  []NodeDiff   `json:"bookmarks"`
	Variations []NodeDiff   `json:"variations"`
}

// Equal reports whether no difference was found.
func (d *RecordDiff) Equal() bool {
	return len(d.Header) == 0 && d.Start == nil && d.Divergence == nil &&
		len(d.Comments) == 0 && len(d.Times) == 0 && len(d.Bookmarks) == 0 && len(d.Variations) == 0
}

// HeaderDiff is one header key whose values differ; a nil side lacks the
// key. Repeated keys are compared as their values joined by newlines.
type HeaderDiff struct {
	Key string  `json:"key"`
	A   *string `json:"a"`
	B   *string `json:"b"`
}

// StartDiff gives the two start positions as SFEN.
type StartDiff struct {
	A string `json:"a"`
	B string `json:"b"`
}

// Divergence is the first ply at which the main lines differ. A and B are
// the steps there: a USI move, an ending's name (resign, foul_win, or
// unknown:WORD), or "" (null in JSON) where that line has already ended.
type Divergence struct {
	Ply   int    `json:"ply"`
	A     string `json:"a"`
	B     string `json:"b"`
	ANode *Node  `json:"-"` // the node at Ply, nil where the line has ended
	BNode *Node  `json:"-"`
}

// NodeDiff is a difference at one node of the tree: its comments, time or
// bookmark, or a variation present in only one record. Main says the node
// is on the main line, where Ply alone names it; elsewhere Path leads to it
// in A (in B when the node exists only there). An empty A or B (no comment,
// no bookmark, no such variation) is null in JSON, as is an unstated time
// ("-"). ANode and BNode are the nodes of a variation difference.
type NodeDiff struct {
	Ply   int    `json:"ply"`
	Path  []int  `json:"path"`
	Main  bool   `json:"main"`
	A     string `json:"a"`
	B     string `json:"b"`
	ANode *Node  `json:"-"`
	BNode *Node  `json:"-"`
}

// MarshalJSON writes the missing values of d as null.
func (d NodeDiff) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Ply  int     `json:"ply"`
		Path []int   `json:"path"`
		Main bool    `json:"main"`
		A    *string `json:"a"`
		B    *string `json:"b"`
	}{d.Ply, d.Path, d.Main, nullable(d.A), nullable(d.B)})
}

// MarshalJSON writes a line that has ended as null.
func (d Divergence) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Ply int     `json:"ply"`
		A   *string `json:"a"`
		B   *string `json:"b"`
	}{d.Ply, nullable(d.A), nullable(d.B)})
}

// nullable is nil for "" and the unstated time "-".
func nullable(s string) *string {
	if s == "" || s == "-" {
		return nil
	}
	return &s
}

// Compare compares two records semantically: the header key by key, the
// start position, the main lines move by move, then comments, times and
// variations along the parts of the trees the two have in common.
// Variations are matched by their first move, whatever their order.
func Compare(a, b *Record, opt CompareOptions) *RecordDiff {
	d := &RecordDiff{Header: []HeaderDiff{}, Comments: []NodeDiff{}, Times: []NodeDiff{}, Bookmarks: []NodeDiff{}, Variations: []NodeDiff{}}
	if !opt.IgnoreHeader {
		ha, hb := a.Header, b.Header
		if opt.NormalizeHeader {
			ha, hb = NormalizeHeader(ha, opt.HeaderKey), NormalizeHeader(hb, opt.HeaderKey)
		}
		d.Header = compareHeaders(ha, hb, opt.HeaderKey, opt.Text)
	}
	if !a.Start.Equal(&b.Start) {
		d.Start = &StartDiff{A: a.Start.SFEN(), B: b.Start.SFEN()}
	}
	type pair struct {
		a, b *Node
		ply  int
		main bool
		at   *pathStep // where a is off the main line (nil on it)
	}
	first := a.Start.Turn()
	toMove := func(ply int) Color { // the side to move before the step at ply
		return first ^ Color((ply-1)&1)
	}
	stack := []pair{{a.Root, b.Root, 0, true, nil}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !opt.IgnoreComments {
			if ca, cb := commentText(p.a.Comments()), commentText(p.b.Comments()); !sameText(ca, cb, opt.Text) {
				d.Comments = append(d.Comments, NodeDiff{Ply: p.ply, Path: p.at.path(), Main: p.main, A: ca, B: cb})
			}
		}
		if !opt.IgnoreTime && p.ply > 0 {
			if ta, tb := p.a.Time(), p.b.Time(); timeDiffers(ta, tb) {
				d.Times = append(d.Times, NodeDiff{Ply: p.ply, Path: p.at.path(), Main: p.main, A: timeText(ta), B: timeText(tb)})
			}
		}
		if !opt.IgnoreBookmarks && p.a.Bookmark() != p.b.Bookmark() {
			d.Bookmarks = append(d.Bookmarks, NodeDiff{Ply: p.ply, Path: p.at.path(), Main: p.main, A: p.a.Bookmark(), B: p.b.Bookmark()})
		}
		na, nb := p.a.Next(), p.b.Next()
		if opt.IgnoreEndings {
			na, nb = notEnd(na), notEnd(nb)
		}
		side := toMove(p.ply + 1)
		// The continuation of the line is compared in place.
		var next *pair
		switch {
		case na == nil && nb == nil:
		case na != nil && nb != nil && sameStep(na, nb, side):
			next = &pair{na, nb, p.ply + 1, p.main, p.at.child(0, p.ply)}
		case p.main:
			d.Divergence = &Divergence{Ply: p.ply + 1, A: stepText(na, side), B: stepText(nb, side), ANode: na, BNode: nb}
		case !opt.IgnoreVariations:
			at := na
			if at == nil {
				at = nb
			}
			d.Variations = append(d.Variations, NodeDiff{Ply: p.ply + 1, Path: p.at.child(0, p.ply).path(), A: stepText(na, side), B: stepText(nb, side), ANode: na, BNode: nb})
		}
		// Alternatives are matched by their first step, in any order: by a
		// table of B's when there are many, so that a node of n
		// alternatives costs n steps, not n² (BenchmarkCompareSiblings).
		if !opt.IgnoreVariations {
			var alts []pair
			altsA := slices.Collect(p.a.Variations())
			altsB := slices.Collect(p.b.Variations())
			used := make([]bool, len(altsB))
			match := stepMatcher(altsB, side)
			if n := len(altsA) + len(altsB); n > 64 {
				d.Variations = slices.Grow(d.Variations, n) // at most one difference each
			}
			for i, x := range altsA {
				if opt.IgnoreEndings && x.IsEnd() {
					continue
				}
				at := p.at.child(i+1, p.ply)
				if j := match(x, used); j >= 0 {
					used[j] = true
					alts = append(alts, pair{x, altsB[j], p.ply + 1, false, at})
				} else {
					d.Variations = append(d.Variations, NodeDiff{Ply: p.ply + 1, Path: at.path(), A: stepText(x, side), ANode: x})
				}
			}
			for j, y := range altsB {
				if !used[j] && !(opt.IgnoreEndings && y.IsEnd()) {
					d.Variations = append(d.Variations, NodeDiff{Ply: p.ply + 1, Path: p.at.child(j+1, p.ply).path(), B: stepText(y, side), BNode: y})
				}
			}
			// Pushed in reverse so that they are visited in file order,
			// after the continuation of this line.
			for i := len(alts) - 1; i >= 0; i-- {
				stack = append(stack, alts[i])
			}
		}
		if next != nil {
			stack = append(stack, *next)
		}
	}
	return d
}

// pathStep is a node's place in a variation, as a list from the node up to
// the main line: its index among its siblings, then its parent's. A path is
// made of it only when a difference is reported there (Node.Path counts
// the siblings before each node, which costs n² over n alternatives).
type pathStep struct {
	up    *pathStep
	index int
	zeros int // for the first step off the main line: the main line's indices before it, all 0
}

// child returns the place of the index-th child of the node at s, which is
// at depth ply (on the main line when s is nil); a main-line child has none.
func (s *pathStep) child(index, ply int) *pathStep {
	if s == nil && index == 0 {
		return nil
	}
	if s == nil {
		return &pathStep{index: index, zeros: ply}
	}
	return &pathStep{up: s, index: index}
}

// path returns the node's path (Node.Path), or nil on the main line.
func (s *pathStep) path() []int {
	if s == nil {
		return nil
	}
	n := 0
	x := s
	for ; x.up != nil; x = x.up {
		n++
	}
	n += 1 + x.zeros
	out := make([]int, n)
	for x := s; x != nil; x = x.up {
		n--
		out[n] = x.index
	}
	return out
}

// stepKey names a step for matching: a move, or a canonical ending.
type stepKey struct {
	move Move
	kind EndingKind
	word string
	end  bool
}

func keyOf(n *Node, toMove Color) stepKey {
	if !n.IsEnd() {
		return stepKey{move: n.Move}
	}
	e := canonicalEnding(n.End(), toMove)
	k := stepKey{kind: e.Kind, end: true}
	if e.Kind == Unknown {
		k.word = e.Word
	}
	return k
}

// stepMatcher returns a function that finds the first alternative of alts
// not yet used that makes the same step as x (sameStep), or -1: by a scan
// of a few, by a table of many.
func stepMatcher(alts []*Node, toMove Color) func(x *Node, used []bool) int {
	if len(alts) <= 8 {
		return func(x *Node, used []bool) int {
			for j, y := range alts {
				if !used[j] && sameStep(x, y, toMove) {
					return j
				}
			}
			return -1
		}
	}
	table := make(map[stepKey][]int, len(alts))
	for j, y := range alts {
		k := keyOf(y, toMove)
		table[k] = append(table[k], j)
	}
	return func(x *Node, used []bool) int {
		k := keyOf(x, toMove)
		js := table[k]
		for len(js) > 0 && used[js[0]] {
			js = js[1:]
		}
		table[k] = js
		if len(js) == 0 {
			return -1
		}
		return js[0]
	}
}

// notEnd is n, or nil when n is an ending.
func notEnd(n *Node) *Node {
	if n != nil && n.IsEnd() {
		return nil
	}
	return n
}

// NormalizeHeader returns h as kifconv's writers would carry it across
// formats: fields with an empty value are left out (no writer keeps a
// difference between an empty and a missing value), dates of 開始日時,
// 終了日時 and 対局日 are written YYYY/MM/DD[ HH:MM:SS] (the weekday and a
// missing :SS are dropped, as the CSA writer does), and 対局日 becomes
// 開始日時 when there is none, as CSA writes it. Keys are looked up after
// key (nil keeps them). h itself is not changed.
func NormalizeHeader(h Header, key func(string) string) Header {
	name := func(k string) string {
		if key != nil {
			return key(k)
		}
		return k
	}
	hasStart := false
	for _, f := range h {
		if name(f.Key) == KeyStartTime && strings.TrimSpace(f.Value) != "" {
			hasStart = true
		}
	}
	out := make(Header, 0, len(h))
	for _, f := range h {
		v := strings.TrimSpace(f.Value)
		if v == "" {
			continue
		}
		k := name(f.Key)
		switch k {
		case KeyDate:
			if !hasStart {
				f.Key, hasStart = KeyStartTime, true
			}
			fallthrough
		case KeyStartTime, KeyEndTime:
			if d, ok := ParseDate(v); ok {
				f.Value = d.String()
			}
		}
		out = append(out, f)
	}
	return out
}

func compareHeaders(a, b Header, key, text func(string) string) []HeaderDiff {
	type entry struct {
		key      string
		va, vb   []string
		inA, inB bool
	}
	var order []*entry
	byKey := map[string]*entry{}
	add := func(h Header, inA bool) {
		for _, f := range h {
			k := f.Key
			if key != nil {
				k = key(k)
			}
			if k == "" {
				continue
			}
			e := byKey[k]
			if e == nil {
				e = &entry{key: k}
				byKey[k] = e
				order = append(order, e)
			}
			v := strings.TrimSpace(f.Value)
			if inA {
				e.inA, e.va = true, append(e.va, v)
			} else {
				e.inB, e.vb = true, append(e.vb, v)
			}
		}
	}
	add(a, true)
	add(b, false)
	out := []HeaderDiff{}
	for _, e := range order {
		va, vb := strings.Join(e.va, "\n"), strings.Join(e.vb, "\n")
		if e.inA == e.inB && sameText(va, vb, text) {
			continue
		}
		hd := HeaderDiff{Key: e.key}
		if e.inA {
			hd.A = &va
		}
		if e.inB {
			hd.B = &vb
		}
		out = append(out, hd)
	}
	return out
}

// sameStep reports whether two nodes make the same move or the same ending
// (with toMove to move before them).
func sameStep(x, y *Node, toMove Color) bool {
	if x.IsEnd() || y.IsEnd() {
		if !x.IsEnd() || !y.IsEnd() {
			return false
		}
		ex, ey := canonicalEnding(x.End(), toMove), canonicalEnding(y.End(), toMove)
		return ex.Kind == ey.Kind && (ex.Kind != Unknown || ex.Word == ey.Word)
	}
	return x.Move == y.Move
}

// canonicalEnding names an ending by its outcome, so that formats that
// say the same thing differently agree: CSA's ±ILLEGAL_ACTION becomes a
// foul win or loss of the side to move, and %ILLEGAL_MOVE (the side to move
// fouled) is KIF's 反則負け (see endingAt).
func canonicalEnding(e Ending, toMove Color) Ending { return endingAt(e, toMove) }

func stepText(n *Node, toMove Color) string {
	switch {
	case n == nil:
		return ""
	case n.IsEnd():
		e := canonicalEnding(n.End(), toMove)
		if e.Kind == Unknown {
			return "unknown:" + e.Word
		}
		return e.Kind.String()
	}
	return n.Move.String()
}

// sameText compares two texts as text maps them.
func sameText(a, b string, text func(string) string) bool {
	if a == b {
		return true
	}
	return text != nil && text(a) == text(b)
}

// commentText is a node's comment as it is compared: lines without
// trailing blanks, trailing empty lines dropped (formats differ in both).
func commentText(lines []string) string {
	n := len(lines)
	for n > 0 && strings.TrimRight(lines[n-1], " \t\u3000\r") == "" {
		n--
	}
	if n == 0 {
		return ""
	}
	var b strings.Builder
	for i, l := range lines[:n] {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(l, " \t\u3000\r"))
	}
	return b.String()
}

// timeDiffers compares the time spent (an unstated time counts as zero, as
// formats without times imply) and the running totals where both state one.
func timeDiffers(a, b MoveTime) bool {
	return a.Elapsed != b.Elapsed || (a.HasTotal && b.HasTotal && a.Total != b.Total)
}

func timeText(t MoveTime) string {
	s := t.Elapsed.String()
	if !t.HasTime && t.Elapsed == 0 {
		s = "-"
	}
	if t.HasTotal {
		s += " / " + t.Total.Round(time.Millisecond).String()
	}
	return s
}
