package report

import (
	"io"
	"strings"
	"text/tabwriter"
)

// FormatInfo is one row of `kifconv formats`: what kifconv can do with a
// format, joined from the reader (parse.Formats()) and writer (Formats)
// tables.
type FormatInfo struct {
	Name        string   `json:"name"`
	Read        bool     `json:"read"`
	Write       bool     `json:"write"`
	Extensions  []string `json:"extensions"`
	Encoding    string   `json:"encoding,omitempty"` // written in, by default
	Newline     string   `json:"newline,omitempty"`
	Description string   `json:"description"`
}

// WriteFormatTable writes the rows as an aligned text table, or as a JSON
// array of FormatInfo objects.
func WriteFormatTable(w io.Writer, rows []FormatInfo, asJSON bool) error {
	if asJSON {
		_, err := w.Write(marshalJSON(rows, true))
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	tw.Write([]byte("FORMAT\tREAD\tWRITE\tEXTENSIONS\tOUTPUT\tDESCRIPTION\n"))
	yes := map[bool]string{true: "yes", false: "-"}
	for _, f := range rows {
		output := "-"
		if f.Write {
			output = strings.TrimSpace(f.Encoding + " " + f.Newline)
		}
		tw.Write([]byte(f.Name + "\t" + yes[f.Read] + "\t" + yes[f.Write] + "\t" +
			strings.Join(f.Extensions, " ") + "\t" + output + "\t" + f.Description + "\n"))
	}
	return tw.Flush()
}

// FormatTableMarkdown is the rows as a Markdown table with the columns of
// the text table, as the documentation shows them.
func FormatTableMarkdown(rows []FormatInfo) string {
	var b strings.Builder
	b.WriteString("| format | read | write | extensions | output | description |\n|---|---|---|---|---|---|\n")
	yes := map[bool]string{true: "yes", false: "no"}
	for _, f := range rows {
		output := "—"
		if f.Write {
			output = strings.TrimSpace(f.Encoding + " " + f.Newline)
		}
		b.WriteString("| `" + f.Name + "` | " + yes[f.Read] + " | " + yes[f.Write] + " | `" +
			strings.Join(f.Extensions, "` `") + "` | " + output + " | " + strings.ReplaceAll(f.Description, "|", "\\|") + " |\n")
	}
	return b.String()
}
