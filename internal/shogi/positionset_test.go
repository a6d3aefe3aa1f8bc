package shogi

import (
	"encoding/binary"
	"testing"
)

func TestPositionSet(t *testing.T) {
	var s PositionSet
	var hcp [32]byte
	for i := range 100_000 {
		binary.LittleEndian.PutUint64(hcp[:], uint64(i))
		if !s.Add(&hcp) {
			t.Fatalf("position %d was there", i)
		}
	}
	for i := range 100_000 {
		binary.LittleEndian.PutUint64(hcp[:], uint64(i))
		if s.Add(&hcp) {
			t.Fatalf("position %d was not there", i)
		}
	}
	if s.Len() != 100_000 || len(s.slots)*16/s.Len() > PositionSetBytes {
		t.Errorf("%d positions in %d slots", s.Len(), len(s.slots))
	}
}
