package render

import (
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/kifconv/kifconv/internal/parse"
)

// FormatInfo is one row of `kifconv formats`: what kifconv can do with a
// format, joined from the reader (parse.Formats) and writer (Formats)
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

// FormatTable returns the rows of the record formats (and the SVG
// picture): the readable ones in parse.Formats order, then the formats only
// written. With training it returns the training-data outputs instead
// (hcpe, psv, positions): they hold positions, not records, and nothing
// reads them back.
func FormatTable(training bool) []FormatInfo {
	var out []FormatInfo
	index := map[string]int{}
	if !training {
		for _, f := range parse.Formats {
			index[f.Name] = len(out)
			out = append(out, FormatInfo{Name: f.Name, Read: true, Extensions: f.Extensions, Description: f.Description})
		}
	}
	for _, f := range Formats {
		if IsTraining(f.Name) != training {
			continue
		}
		i, ok := index[f.Name]
		if !ok {
			i = len(out)
			index[f.Name] = i
			out = append(out, FormatInfo{Name: f.Name, Extensions: []string{f.Extension}, Description: f.Description})
		}
		fi := &out[i]
		fi.Write = true
		fi.Encoding = f.Encoding
		switch {
		case f.Encoding == BinaryEncoding:
			fi.Newline = ""
		case f.CRLF:
			fi.Newline = "crlf"
		default:
			fi.Newline = "lf"
		}
		if !slices.Contains(fi.Extensions, f.Extension) {
			fi.Extensions = append(fi.Extensions, f.Extension)
		}
	}
	return out
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
