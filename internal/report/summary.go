package report

import (
	"sort"
	"strconv"
	"strings"
)

// SkippedText says what was skipped, by reason: "3 skipped (2 not JKF,
// 1 unknown extension)", or "" when nothing was.
func SkippedText(c map[string]int) string {
	reasons := make([]string, 0, len(c))
	total := 0
	for r, n := range c {
		if n == 0 {
			continue
		}
		reasons = append(reasons, strconv.Itoa(n)+" "+r)
		total += n
	}
	if total == 0 {
		return ""
	}
	sort.Strings(reasons)
	return strconv.Itoa(total) + " skipped (" + strings.Join(reasons, ", ") + ")"
}
