package shogitest

import (
	"fmt"
	"strings"
)

// FirstDifference names the first line where got and want differ, with
// both lines quoted, for a test's failure message.
func FirstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  got  %q\n  want %q", i+1, a, b)
		}
	}
	return "no difference"
}
