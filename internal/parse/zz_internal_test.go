package parse

import (
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

const zzMove = `{
        "color": 0,
        "from": {
          "x": 7,
          "y": 7
        },
        "to": {
          "x": 7,
          "y": 6
        },
        "piece": "FU"
      }`

func BenchmarkZZFastMove(b *testing.B) {
	j := &JKF{sc: &jsonScanner{in: &jsonInput{}}}
	raw := []byte(zzMove)
	for b.Loop() {
		j.sc.raw, j.sc.ri, j.sc.rawOff = raw, 0, 100
		mv := jkfMove{color: -1, from: shogi.NoSquare, to: shogi.NoSquare, promote: -1}
		if !j.fastMove(&mv) {
			b.Fatal("no")
		}
	}
}
