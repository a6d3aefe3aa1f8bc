package parse

import (
	"errors"
	"slices"
	"strings"
)

// FlagError is a flag parsing error as a UsageError, reworded without the
// Go text pflag puts in it: `invalid argument "abc" for "--ply" flag:
// strconv.ParseInt: parsing "abc": invalid syntax` ends in "want a number".
func FlagError(err error) error {
	msg := err.Error()
	i := strings.Index(msg, ": strconv.")
	if i < 0 {
		return UsageError{err}
	}
	want := "a number"
	switch {
	case strings.Contains(msg[i:], "ParseBool"):
		want = "true or false"
	case strings.Contains(msg[i:], "value out of range"):
		want = "a smaller number"
	}
	return UsageError{errors.New(msg[:i] + ": want " + want)}
}

// OneOf checks that the value of --flag is one of values; the error is a
// UsageError naming them.
func OneOf(flag, value string, values ...string) error {
	if slices.Contains(values, value) {
		return nil
	}
	return usageErrorf("--%s: want %s or %s, not %q", flag, strings.Join(values[:len(values)-1], ", "), values[len(values)-1], value)
}
