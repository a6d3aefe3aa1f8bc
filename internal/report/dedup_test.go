package report

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// TestWriteDedupReport checks both forms of dedup's report: only groups
// of two or more records, the kept one marked, paths escaped.
func TestWriteDedupReport(t *testing.T) {
	d := shogi.Group([]shogi.DedupEntry{
		{Key: 0xab, Input: 0, Game: 1, Rich: 1, Plies: 4},
		{Key: 0xcd, Input: 0, Game: 2, Rich: 1, Plies: 9},
		{Key: 0xab, Input: 1, Game: 1, Rich: 2, Plies: 4},
	}, true)
	names := []string{"a.kif", "b\x1b.csa"}
	tests := []struct {
		json bool
		want string
	}{
		{false, "== 2 records, 4 plies\n  a.kif\t1\n* b\\x1b.csa\t1\n"},
		{true, "{\n  \"games\": 3,\n  \"distinct\": 2,\n  \"groups\": [\n" +
			"    {\"key\": \"00000000000000ab\", \"plies\": 4, \"kept\": 1, \"records\": [{\"path\": \"a.kif\", \"game\": 1, \"richness\": 1}, " +
			"{\"path\": \"b\\u001b.csa\", \"game\": 1, \"richness\": 2}]}\n  ]\n}\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		WriteDedupReport(w, d, func(i int32) string { return names[i] }, tt.json)
		w.Flush()
		if b.String() != tt.want {
			t.Errorf("json=%v:\ngot  %q\nwant %q", tt.json, b.String(), tt.want)
		}
	}
}
