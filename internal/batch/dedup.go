package batch

import (
	"context"

	"github.com/kifconv/kifconv/internal/shogi"
)

// Deduplication is what Dedup found: the games grouped by key.
type Deduplication struct {
	*shogi.Dedup
	names map[int32]string
}

// Name is the name of input number i (one with games).
func (d *Deduplication) Name(i int32) string { return d.names[i] }

// Dedup reads every game of the job's inputs, keeps a key per game (by),
// and groups the games by key, marking the one each group keeps (the
// richest, or the first). With a sink it then writes the kept record of
// every group and every game met once, in input order: the inputs are read
// a second time, from copies made on the first reading for those that
// cannot be read twice (standard input, a FIFO). The tally is the first
// reading's, with what was written.
func Dedup(ctx context.Context, j Job, by shogi.KeyBy, richest bool, s *Sink) (*Deduplication, Tally, error) {
	d := &Deduplication{names: map[int32]string{}}
	var entries []shogi.DedupEntry
	var inputs []Input // for the second reading: those with games
	var index []int    // and their positions in the first
	last := -1
	var cp *copies
	if s != nil {
		cp = new(copies)
		defer cp.close()
	}
	hash := func(rec *shogi.Record) shogi.DedupEntry { return shogi.NewDedupEntry(rec, by, 0, 0) }
	t, err := games(ctx, j, cp, hash, func(g *GameInfo, e shogi.DedupEntry) bool {
		if g.Index != last {
			last = g.Index
			d.names[int32(g.Index)] = g.In.Name()
			if s != nil {
				inputs = append(inputs, g.In)
				index = append(index, g.Index)
			}
		}
		e.Input, e.Game = int32(g.Index), int32(g.Game)
		entries = append(entries, e)
		return true
	})
	if err != nil || t.Stopped {
		return nil, t, err
	}
	d.Dedup = shogi.Group(entries, richest)
	if s == nil {
		return d, t, nil
	}
	for i, in := range inputs {
		inputs[i] = cp.of(in)
	}
	j2 := j
	j2.Sources = Sources{replay: inputs, Stdin: j.Sources.Stdin}
	j2.Progress = nil
	w, err := Write(ctx, j2, Writing{Sink: s, Reread: true, ChooseGame: func(i, game int) bool { return d.Kept(index[i], game) }})
	t.Written, t.Outputs, t.Kept = w.Written, w.Outputs, w.Kept
	t.Status = max(t.Status, w.Status)
	t.Errors += w.Errors
	t.Stopped = w.Stopped
	return d, t, err
}
