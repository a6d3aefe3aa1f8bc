package analysis

import (
	"errors"
	"strconv"
	"strings"
)

// ParsePlyRange reads a range of plies as Options takes it: "A-B" (the
// positions after ply A to ply B, 0 being the start), "A-" (from A to the
// end), "-B" (from the start to B) or "A" (that position alone). An end of
// 0 is refused: ToPly 0 means the end.
func ParsePlyRange(s string) (from, to int, err error) {
	bad := errors.New("want plies A-B, A-, -B or A (0 is the start position), not " + strconv.Quote(s))
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	if !isRange {
		b = a
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == "" && b == "" {
		return 0, 0, bad
	}
	for _, t := range []struct {
		text string
		n    *int
	}{{a, &from}, {b, &to}} {
		if t.text == "" {
			continue
		}
		if *t.n, err = strconv.Atoi(t.text); err != nil || *t.n < 0 {
			return 0, 0, bad
		}
	}
	switch {
	case b != "" && to == 0:
		return 0, 0, errors.New("the range " + strconv.Quote(s) + " ends at the start position: give an end of 1 or more")
	case b != "" && to < from:
		return 0, 0, errors.New("the range " + strconv.Quote(s) + " ends before it starts")
	}
	return from, to, nil
}
