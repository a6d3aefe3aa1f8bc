package shogi

import "fmt"

// ParseKeyBy returns the KeyBy that dedup's --by value names: moves,
// moves+players or moves+date.
func ParseKeyBy(s string) (KeyBy, error) {
	switch s {
	case "moves":
		return ByMoves, nil
	case "moves+players":
		return ByMovesPlayers, nil
	case "moves+date":
		return ByMovesDate, nil
	}
	return 0, fmt.Errorf("want moves, moves+players or moves+date, not %q", s)
}

// DedupEntry is what dedup keeps of a game between its passes: a hash,
// not the record.
type DedupEntry struct {
	Key   uint64 // GameKey
	Input int32  // the input's position among the inputs
	Game  int32  // 1-based, in the input
	Rich  int32  // Richness
	Plies int32  // the moves of the main line
	Keep  bool   // the record its group keeps (Dedup.Group sets it)
}

// NewDedupEntry returns the entry of r, game number game of input number
// input.
func NewDedupEntry(r *Record, by KeyBy, input, game int) DedupEntry {
	plies := 0
	for x := r.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
		plies++
	}
	return DedupEntry{Key: GameKey(r, by), Input: int32(input), Game: int32(game), Rich: int32(Richness(r)), Plies: int32(plies)}
}

// Dedup groups the entries of games by key.
type Dedup struct {
	Entries []DedupEntry       // in input order
	Groups  map[uint64][]int32 // the indexes in Entries of each key's games
	Order   []uint64           // the keys, in the order they are first met
}

// Group groups the entries (in input order) by key and marks the record
// each group keeps: the richest (the first of equals) or the first.
func Group(entries []DedupEntry, richest bool) *Dedup {
	d := &Dedup{Entries: entries, Groups: map[uint64][]int32{}}
	for i, en := range entries {
		g, ok := d.Groups[en.Key]
		if !ok {
			d.Order = append(d.Order, en.Key)
		}
		d.Groups[en.Key] = append(g, int32(i))
	}
	for _, k := range d.Order {
		g := d.Groups[k]
		best := g[0]
		if richest {
			for _, i := range g[1:] {
				if entries[i].Rich > entries[best].Rich {
					best = i
				}
			}
		}
		entries[best].Keep = true
	}
	return d
}

// Duplicates counts the groups of two or more records.
func (d *Dedup) Duplicates() int {
	n := 0
	for _, k := range d.Order {
		if len(d.Groups[k]) > 1 {
			n++
		}
	}
	return n
}

// Kept says whether game of input is one its group keeps. Entries are in
// input order, so a binary search finds it.
func (d *Dedup) Kept(input, game int) bool {
	es := d.Entries
	in, g := int32(input), int32(game)
	lo, hi := 0, len(es)
	for lo < hi {
		m := (lo + hi) / 2
		if e := es[m]; e.Input < in || e.Input == in && e.Game < g {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(es) && es[lo].Input == in && es[lo].Game == g && es[lo].Keep
}
