package shogi

// Part is the part of a node that a place is about.
type Part uint8

// The parts of a node.
const (
	PartMove Part = iota // the move, or the ending (on the root: the start position)
	PartTime             // the time of the move or ending
)

// Place is where a part of a node, or a header field, stood in the text a
// record was read from.
type Place struct {
	Line, Col int    // 1-based; Col counts characters
	Text      string // the line, as a diagnostic quotes it
	Token     string // the part as written (the move text); "" when not known
}

// IsValid reports whether the place has a line.
func (p Place) IsValid() bool { return p.Line > 0 }

// Source tells where the parts of a record's nodes and its header fields
// stood in the text the record was read from. A reader gives a record one
// when asked to (parse.Options.Places); it is valid as long as the record
// is, and works lines, columns and text out only when asked.
type Source interface {
	// Place returns the place of part p of n, and false when the reader
	// noted none.
	Place(n *Node, p Part) (Place, bool)
	// HeaderPlace returns the place of the header field key (its first).
	HeaderPlace(key string) (Place, bool)
}

// PlaceOf returns where the problem f found in r stands in r's source:
// the part of its node, or for a finding about the header the field it
// names (Finding.Key). It is false when r has no Source or the source has
// no place for it.
func (r *Record) PlaceOf(f *Finding) (Place, bool) {
	if r.Source == nil {
		return Place{}, false
	}
	if f.Key != "" {
		return r.Source.HeaderPlace(f.Key)
	}
	if f.Node == nil {
		return Place{}, false
	}
	return r.Source.Place(f.Node, f.Part)
}
