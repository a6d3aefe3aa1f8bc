package shogi

// KeyBy says what makes two records the same game for GameKey.
type KeyBy uint8

// What GameKey hashes besides the start position and the main line.
const (
	ByMoves        KeyBy = iota // the start position and the main line's moves
	ByMovesPlayers              // and the players' names (foldName: blanks and case do not count)
	ByMovesDate                 // and the day played (RecordDate), when the record gives one
)

// GameKey returns a 64-bit hash of what makes r the same game as another
// record, across formats: the start position (board, hands, side to move)
// and the moves of the main line. Endings, comments, times, variations and
// the header do not count (by adds the players or the date), since formats
// and sources differ in them. Equal games have equal keys; different games
// collide with probability about 2⁻⁶⁴ per pair. The key is the same in
// every run and build.
func GameKey(r *Record, by KeyBy) uint64 {
	h := splitmix64(r.Start.Key())
	n := uint64(0)
	for x := r.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
		h = splitmix64(h ^ uint64(x.Move))
		n++
	}
	h = splitmix64(h ^ n)
	switch by {
	case ByMovesPlayers:
		black, white := sideNames(r.Header)
		h = hashString(splitmix64(h^1), foldName(black))
		h = hashString(splitmix64(h^2), foldName(white))
	case ByMovesDate:
		if d, ok := RecordDate(r.Header); ok {
			h = splitmix64(h ^ uint64(d.DayNumber()) ^ 3<<40)
		}
	}
	return h
}

// hashString mixes s into h (FNV-1a, then the finaliser).
func hashString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return splitmix64(h)
}

// PlayerNames returns the players a header names: 先手 and 後手, or 下手
// and 上手.
func PlayerNames(h Header) (black, white string) { return sideNames(h) }

// sideNames returns the players: 先手 and 後手, or 下手 and 上手.
func sideNames(h Header) (black, white string) {
	black, white = h.Value(KeyBlack), h.Value(KeyWhite)
	if black == "" {
		black = h.Value(KeyShitate)
	}
	if white == "" {
		white = h.Value(KeyUwate)
	}
	return black, white
}

// Richness scores how much a record tells beyond its moves, for keeping the
// best of several copies of a game: one point per header field with a
// value, per commented or bookmarked node, per move with a stated time and
// per alternative move, and one for an ending.
func Richness(r *Record) int {
	score := 0
	for _, f := range r.Header {
		if f.Value != "" {
			score++
		}
	}
	eachNode(r.Root, func(n *Node) {
		if len(n.Comments()) > 0 {
			score++
		}
		if n.Bookmark() != "" {
			score++
		}
		if n.Time().HasTime || n.Time().HasTotal {
			score++
		}
		if n.IsEnd() && n.IsMainLine() {
			score++
		}
		if n.HasVariations() {
			score += n.NumChildren() - 1
		}
	})
	return score
}
