package shogi

// Summary is what `kifconv info` tells of one record: who played, when,
// where, from which start, how long the game is and how it ended.
type Summary struct {
	Black, White string // 先手 and 後手, or 下手 and 上手 in handicap games; "" when not given
	Date         string // 開始日時 (else 対局日) as YYYY-MM-DD when it reads as a date, else as it stands
	Event        string // 棋戦, else 表題
	// Handicap is the KIF name of the start position (平手, 香落ち, …),
	// or "custom" for a position of the record's own.
	Handicap string
	Start    Position
	// Plies, Ending, Winner and Final are the main line's Outcome: every
	// move counts and is played as recorded, illegal ones included.
	Plies      int
	Variations int      // alternatives to a move, over the whole tree
	Comments   int      // nodes (the start included) that carry a comment
	Bookmarks  int      // nodes that carry a KIF bookmark
	Ending     Ending   // the ending of the main line, NoEnding when it just stops
	Winner     Color    // the side the ending makes the winner, when HasWinner
	HasWinner  bool     //
	Final      Position // after the last move of the main line
}

// Custom is Summary.Handicap of a record that gives its own start position.
const Custom = "custom"

// Summarize reads r's summary. It plays the main line once (Record.Outcome)
// and visits every node once; only a tree with variations costs an
// allocation.
func Summarize(r *Record) Summary {
	var s Summary
	h := r.Header
	s.Black, s.White = sideNames(h)
	s.Date = headerDate(h)
	if s.Event = h.Value(KeyEvent); s.Event == "" {
		s.Event = h.Value(KeyTitle)
	}
	s.Start = r.Start
	s.Handicap = Custom
	if r.Preset != Other {
		s.Handicap = r.Preset.KIF()
	}
	o := r.Outcome()
	s.Plies, s.Ending, s.Final = o.Plies, o.Ending, o.Final
	s.Winner, s.HasWinner = o.Winner, o.Decided
	s.Variations, s.Comments, s.Bookmarks = countTree(r.Root)
	return s
}

// countTree counts alternatives, commented nodes and bookmarks below (and
// at) root.
func countTree(root *Node) (variations, comments, bookmarks int) {
	eachNode(root, func(n *Node) {
		if len(n.Comments()) > 0 {
			comments++
		}
		if n.Bookmark() != "" {
			bookmarks++
		}
		if n.HasVariations() {
			variations += n.NumChildren() - 1
		}
	})
	return
}

// eachNode calls fn with root and every node below it, following first
// children without a stack and keeping one for the alternatives, so that
// neither a long line nor deep nesting costs recursion.
func eachNode(root *Node, fn func(*Node)) {
	var stack []*Node
	for n := root; ; {
		fn(n)
		for alt := range n.Variations() {
			stack = append(stack, alt)
		}
		if next := n.Next(); next != nil {
			n = next
			continue
		}
		if len(stack) == 0 {
			return
		}
		n = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
	}
}

// headerDate is the record's date (RecordDate) as YYYY-MM-DD, or the text
// of 開始日時 (else 対局日) when none reads as a date.
func headerDate(h Header) string {
	if d, ok := RecordDate(h); ok {
		return d.ISO()
	}
	if v := h.Value(KeyStartTime); v != "" {
		return v
	}
	return h.Value(KeyDate)
}

// RecordDate returns the day a record was played (開始日時, else 対局日,
// else 終了日時), and false when none of them reads as a date.
func RecordDate(h Header) (Date, bool) {
	for _, k := range [...]string{KeyStartTime, KeyDate, KeyEndTime} {
		if v, ok := h.Get(k); ok {
			if d, ok := ParseDatePrefix(v); ok {
				return d, true
			}
		}
	}
	return Date{}, false
}
