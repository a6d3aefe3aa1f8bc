package parse

import "strings"

// CodesText lists the codes by kind, one "  code  meaning" line each under
// a line naming the kind, as validate's help shows them.
func CodesText() string {
	var b strings.Builder
	kind := CodeKind(-1)
	for _, c := range codes {
		if c.Kind != kind {
			kind = c.Kind
			b.WriteString("  " + kind.String() + ":\n")
		}
		b.WriteString("    " + c.Code + strings.Repeat(" ", max(1, 18-len(c.Code))) + c.Meaning + "\n")
	}
	return b.String()
}

// CodesMarkdown is the table of codes docs/validation.md shows.
func CodesMarkdown() string {
	var b strings.Builder
	b.WriteString("| code | kind | meaning |\n|---|---|---|\n")
	for _, c := range codes {
		b.WriteString("| `" + c.Code + "` | " + c.Kind.String() + " | " + c.Meaning + " |\n")
	}
	return b.String()
}
