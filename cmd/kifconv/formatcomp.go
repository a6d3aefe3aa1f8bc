package main

import (
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
)

// formatCompletions lists the formats kifconv reads (parse.Formats()), or
// with write those it writes, as shell completions: "NAME<TAB>description".
func formatCompletions(write bool) []string {
	var out []string
	if write {
		for _, f := range render.Formats() {
			out = append(out, f.Name+"\t"+f.Description)
		}
		return out
	}
	for _, f := range parse.Formats() {
		out = append(out, f.Name+"\t"+f.Description)
	}
	return out
}
