package batch

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard selects a fixed share of the games of a run, so that N runs given
// the same inputs, shards 1 to N, together do what one run does, each
// without knowing of the others (array jobs on several machines).
//
// A game's shard is 1 + H mod N, where H is the first 8 bytes of the
// SHA-256 of KEY as a big-endian number and KEY is the input's
// path below the directory argument it was found under (its name for a
// file argument, "stdin" for standard input), with / as separator and
// without its extension, followed by "#" and the game's number in its
// input: "2019/0412#1". With ByInput the key is the path alone, so that
// every game of an input lands in the same shard; the inputs of other
// shards are then passed by unread, and counted. Either way the share
// depends only on the inputs, never on the workers or the order of their
// work. Inputs that differ only in their extension (a.kif, a.csa) share
// a shard, so that outputs under a directory are named as in one run.
type Shard struct {
	K, N    int // shard K of N, from 1; N 0 takes every game
	ByInput bool
}

// ParseShard reads "K/N" (1 ≤ K ≤ N).
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(strings.TrimSpace(k))
	ni, err2 := strconv.Atoi(strings.TrimSpace(n))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, errors.New("want K/N, such as 3/10, not " + strconv.Quote(s))
	case ni < 1 || ki < 1 || ki > ni:
		return Shard{}, errors.New("want 1 ≤ K ≤ N in K/N, not " + strconv.Quote(s))
	}
	return Shard{K: ki, N: ni}, nil
}

// String returns "K/N", or "" for every game.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N)
}

// All reports whether s takes every game.
func (s Shard) All() bool { return s.N <= 1 }

// TakesInput reports whether s takes in: with ByInput, whether in's games
// are this shard's; otherwise always.
func (s Shard) TakesInput(in Input) bool {
	return s.All() || !s.ByInput || s.of(shardKey(in), 0) == s.K
}

// TakesGame reports whether s takes game number game of in.
func (s Shard) TakesGame(in Input, game int) bool {
	return s.All() || s.ByInput || s.of(shardKey(in), game) == s.K
}

// of returns the shard of key, followed by "#game" when game > 0.
func (s Shard) of(key string, game int) int {
	b := []byte(key)
	if game > 0 {
		b = strconv.AppendInt(append(b, '#'), int64(game), 10)
	}
	h := sha256.Sum256(b)
	return 1 + int(binary.BigEndian.Uint64(h[:8])%uint64(s.N))
}

// shardKey is the input's part of its key: its Rel with / separators and
// without its extension.
func shardKey(in Input) string {
	rel := filepath.ToSlash(in.Rel)
	return strings.TrimSuffix(rel, filepath.Ext(rel))
}

// SkipShard is the reason an input of another shard is passed by.
const SkipShard = "in another shard"

// open starts streaming the job's inputs: with a shard by input, those of
// its shard, the others counted as passed by.
func (j *Job) open(ctx context.Context) *Stream {
	st := j.Sources.Open(ctx)
	if sh := j.Reading.Shard; !sh.All() && sh.ByInput {
		st.keep = sh.TakesInput
	}
	return st
}
