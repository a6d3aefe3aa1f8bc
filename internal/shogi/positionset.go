package shogi

import "hash/maphash"

// PositionSet is a set of positions, each kept as a 128-bit fingerprint of
// its HCP code (HCP) in an open-addressing table: 16 bytes an entry at a
// load of at most 3/4, at most 64 bytes a position while the table grows
// (its old and new halves side by side), where a Go map of the 32-byte
// codes took 50 to 90. Two positions share a fingerprint with a
// probability of about n²/2¹²⁹: none in any collection there is. The zero
// PositionSet is empty and ready.
type PositionSet struct {
	slots []fingerprint
	n     int
	seeds [2]maphash.Seed
}

type fingerprint struct{ a, b uint64 }

// PositionSetBytes bounds what a PositionSet costs per position it holds.
const PositionSetBytes = 64

// Add adds the position whose HCP code is hcp, and reports whether it was
// not in the set before.
func (s *PositionSet) Add(hcp *[32]byte) bool {
	if s.slots == nil {
		s.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
		s.slots = make([]fingerprint, 1024)
	}
	f := fingerprint{maphash.Bytes(s.seeds[0], hcp[:]), maphash.Bytes(s.seeds[1], hcp[:])}
	if f == (fingerprint{}) {
		f.b = 1 // the empty slot's value
	}
	if !s.insert(f) {
		return false
	}
	s.n++
	if s.n > len(s.slots)*3/4 {
		old := s.slots
		s.slots = make([]fingerprint, 2*len(old))
		for _, g := range old {
			if g != (fingerprint{}) {
				s.insert(g)
			}
		}
	}
	return true
}

// insert puts f in its slot, or reports that it is there already.
func (s *PositionSet) insert(f fingerprint) bool {
	mask := uint64(len(s.slots) - 1)
	for i := f.a & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case f:
			return false
		case fingerprint{}:
			s.slots[i] = f
			return true
		}
	}
}

// Len returns the number of positions in the set.
func (s *PositionSet) Len() int { return s.n }
