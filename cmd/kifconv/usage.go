package main

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
)

// FlagError is a flag parsing error as a UsageError, reworded without the
// Go text pflag puts in it: `invalid argument "abc" for "--ply" flag:
// strconv.ParseInt: parsing "abc": invalid syntax` ends in "want a number".
func FlagError(err error) error {
	msg := err.Error()
	i := strings.Index(msg, ": strconv.")
	if i < 0 {
		return batch.UsageError{Err: err}
	}
	want := "a number"
	switch {
	case strings.Contains(msg[i:], "ParseBool"):
		want = "true or false"
	case strings.Contains(msg[i:], "value out of range"):
		want = "a smaller number"
	}
	return batch.UsageError{Err: errors.New(msg[:i] + ": want " + want)}
}

// OneOf checks that the value of --flag is one of values; the error is a
// UsageError naming them.
func OneOf(flag, value string, values ...string) error {
	if slices.Contains(values, value) {
		return nil
	}
	return usageErrorf("--%s: want %s or %s, not %q", flag, strings.Join(values[:len(values)-1], ", "), values[len(values)-1], value)
}

// JobsFlag checks --jobs, given saying whether it was: the number of CPUs
// unless given, at least 1, capped as CapJobs caps it.
func JobsFlag(jobs int, given bool, cpus int) (int, error) {
	if !given {
		jobs = cpus
	}
	if jobs < 1 {
		return 0, usageErrorf("--jobs: want 1 or more, not %d", jobs)
	}
	return batch.CapJobs(jobs, cpus), nil
}

// FromFlags checks --from (both inputs), --from-a and --from-b (FromFlag)
// and returns the formats of the two inputs: each its own flag's, or else
// --from's.
func FromFlags(both, a, b string) ([2]string, error) {
	var from [3]string
	for i, f := range []string{both, a, b} {
		var err error
		if from[i], err = batch.FromFlag(f); err != nil {
			return [2]string{}, err
		}
	}
	return [2]string{cmp.Or(from[1], from[0]), cmp.Or(from[2], from[0])}, nil
}
