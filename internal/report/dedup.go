package report

import (
	"bufio"
	"fmt"

	"github.com/kifconv/kifconv/internal/shogi"
)

// WriteDedupReport writes dedup's groups of two or more records: as text,
// a "== N records, P plies" line and one "PATH<TAB>GAME" line per record
// (the kept one marked *), or as one JSON document {"games", "distinct",
// "groups": [{"key", "plies", "kept", "records": [{"path", "game",
// "richness"}]}]}. name gives the path of an input by its position.
func WriteDedupReport(bw *bufio.Writer, d *shogi.Dedup, name func(input int32) string, asJSON bool) {
	entries := d.Entries
	if asJSON {
		fmt.Fprintf(bw, "{\n  \"games\": %d,\n  \"distinct\": %d,\n  \"groups\": [", len(entries), len(d.Order))
	}
	n := 0
	for _, k := range d.Order {
		g := d.Groups[k]
		if len(g) < 2 {
			continue
		}
		kept := 0
		for j, i := range g {
			if entries[i].Keep {
				kept = j
			}
		}
		if asJSON {
			if n > 0 {
				bw.WriteByte(',')
			}
			fmt.Fprintf(bw, "\n    {\"key\": \"%016x\", \"plies\": %d, \"kept\": %d, \"records\": [", k, entries[g[0]].Plies, kept)
			for j, i := range g {
				if j > 0 {
					bw.WriteString(", ")
				}
				fmt.Fprintf(bw, "{\"path\": %s, \"game\": %d, \"richness\": %d}", jsonString(name(entries[i].Input)), entries[i].Game, entries[i].Rich)
			}
			bw.WriteString("]}")
		} else {
			fmt.Fprintf(bw, "== %d records, %d plies\n", len(g), entries[g[0]].Plies)
			for _, i := range g {
				mark := "  "
				if entries[i].Keep {
					mark = "* "
				}
				fmt.Fprintf(bw, "%s%s\t%d\n", mark, TermSafe(name(entries[i].Input)), entries[i].Game)
			}
		}
		n++
	}
	if asJSON {
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteString("]\n}\n")
	}
}
