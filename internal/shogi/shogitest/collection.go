package shogitest

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// CSACollection returns a CSA collection of n random games with what real
// archives have: comments, slashes inside lines, blanks around `/`, mixed
// line ends, an unknown line (a warning) now and then; bad, when not
// empty, replaces the line of a move of a late game. newCSA returns a CSA
// writer (render's, which this package cannot import: render's own tests
// import this one).
func CSACollection(t testing.TB, n int, bad string, newCSA func(io.Writer) RecordWriter) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	opt := RandomOptions{MaxPlies: 60, Comments: true, Times: true, Header: true, Endings: true}
	var out strings.Builder
	for i := range n {
		var text strings.Builder
		w := newCSA(&text)
		if err := w.Write(RandomRecord(rng, opt)); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
		if i%7 == 3 {
			lines = append(lines[:2], append([]string{"XYZ unknown", "'* a/b/c"}, lines[2:]...)...)
		}
		if bad != "" && i == n-3 {
			for j, l := range lines {
				if j > 10 && (l[0] == '+' || l[0] == '-') && len(l) == 7 {
					lines[j] = bad
					break
				}
			}
		}
		if i > 0 {
			out.WriteString([]string{"/", " / ", "/\t"}[i%3])
			out.WriteString([]string{"\n", "\r\n", "\r"}[i%3])
		}
		for j, l := range lines {
			out.WriteString(l)
			out.WriteString([]string{"\n", "\r\n", "\n", "\r"}[(i+j)%4])
		}
	}
	return out.String()
}

// RecordWriter is a writer of records, as render's are.
type RecordWriter interface {
	Write(*shogi.Record) error
	Flush() error
}
