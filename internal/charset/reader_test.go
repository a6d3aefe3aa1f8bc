package charset

import (
	"math/rand/v2"
	"testing"
)

// TestBareCRs compares bareCRs with a byte loop on random mixes of CR, LF
// and other bytes, every length and offset included.
func TestBareCRs(t *testing.T) {
	slow := func(b []byte) int {
		n := 0
		for i, c := range b {
			if c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
				n++
			}
		}
		return n
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'\r', '\n', 'a', 0x0D ^ 0x80, 0x8D, 0x0C, 0x0E, 0xFF}
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if got, want := bareCRs(b), slow(b); got != want {
			t.Fatalf("bareCRs(%q) = %d, want %d", b, got, want)
		}
	}
}
