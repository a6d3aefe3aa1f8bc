package shogi_test

import (
	"math/rand/v2"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

func init() {
	shogi.SetRandomRecord(func(rng *rand.Rand, opt shogi.RandomGameOptions) *shogi.Record {
		o := shogitest.RandomOptions{MaxPlies: opt.MaxPlies, CustomStart: opt.Starts, Handicaps: opt.Starts}
		if opt.Full {
			o = shogitest.FullRandomOptions()
			o.MaxPlies = opt.MaxPlies
		}
		return shogitest.RandomRecord(rng, o)
	})
}
