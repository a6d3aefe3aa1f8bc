package batch

import (
	"slices"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
)

// FormatTable returns the rows of the record formats (and the SVG
// picture): the readable ones in parse.Formats() order, then the formats only
// written. With training it returns the training-data outputs instead
// (hcpe, psv, positions): they hold positions, not records, and nothing
// reads them back.
func FormatTable(training bool) []report.FormatInfo {
	var out []report.FormatInfo
	index := map[string]int{}
	if !training {
		for _, f := range parse.Formats() {
			index[f.Name] = len(out)
			out = append(out, report.FormatInfo{Name: f.Name, Read: true, Extensions: f.Extensions, Description: f.Description})
		}
	}
	for _, f := range render.Formats() {
		if render.IsTraining(f.Name) != training {
			continue
		}
		i, ok := index[f.Name]
		if !ok {
			i = len(out)
			index[f.Name] = i
			out = append(out, report.FormatInfo{Name: f.Name, Extensions: []string{f.Extension}, Description: f.Description})
		}
		fi := &out[i]
		fi.Write = true
		fi.Encoding = f.Encoding
		switch {
		case f.Encoding == render.BinaryEncoding:
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
