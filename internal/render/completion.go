package render

import "github.com/kifconv/kifconv/internal/parse"

// FormatCompletions lists the formats kifconv reads (parse.Formats), or
// with write those it writes, as shell completions: "NAME<TAB>description".
func FormatCompletions(write bool) []string {
	var out []string
	if write {
		for _, f := range Formats {
			out = append(out, f.Name+"\t"+f.Description)
		}
		return out
	}
	for _, f := range parse.Formats {
		out = append(out, f.Name+"\t"+f.Description)
	}
	return out
}
