package main

import (
	"strings"
	"text/tabwriter"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

// formatInfo is one row of `kifconv formats`: what kifconv can do with a
// format, joined from the reader and writer tables.
type formatInfo struct {
	Name        string   `json:"name"`
	Read        bool     `json:"read"`
	Write       bool     `json:"write"`
	Extensions  []string `json:"extensions"`
	Encoding    string   `json:"encoding,omitempty"` // written in, by default
	Newline     string   `json:"newline,omitempty"`
	Description string   `json:"description"`
}

func formatTable() []formatInfo {
	var out []formatInfo
	index := map[string]int{}
	for _, f := range parse.Formats {
		index[f.Name] = len(out)
		out = append(out, formatInfo{Name: f.Name, Read: true, Extensions: f.Extensions, Description: f.Description})
	}
	for _, f := range render.Formats {
		i, ok := index[f.Name]
		if !ok {
			i = len(out)
			index[f.Name] = i
			out = append(out, formatInfo{Name: f.Name, Extensions: []string{f.Extension}, Description: f.Description})
		}
		fi := &out[i]
		fi.Write = true
		fi.Encoding = f.Encoding
		fi.Newline = "lf"
		if f.CRLF {
			fi.Newline = "crlf"
		}
		if !contains(fi.Extensions, f.Extension) {
			fi.Extensions = append(fi.Extensions, f.Extension)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func readableNames() []string {
	var out []string
	for _, f := range parse.Formats {
		out = append(out, f.Name)
	}
	return out
}

func writableNames() []string {
	var out []string
	for _, f := range render.Formats {
		out = append(out, f.Name)
	}
	return out
}

func completeReadable(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, f := range parse.Formats {
		out = append(out, f.Name+"\t"+f.Description)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func completeWritable(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, f := range render.Formats {
		out = append(out, f.Name+"\t"+f.Description)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func newFormatsCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "formats",
		Short: "List the formats kifconv reads and writes",
		Long: `Formats lists every record format with whether kifconv reads and writes it,
its file extensions (the first is the one written), and the encoding and
line ends its output uses unless convert's --encoding and --newline say
otherwise. --format json prints [{"name", "read", "write", "extensions",
"encoding", "newline", "description"}, …].`,
		Example: `  kifconv formats
  kifconv formats --format json | jq -r '.[] | select(.write) | .name'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			table := formatTable()
			out := cmd.OutOrStdout()
			switch format {
			case "json":
				// An array, as ../shared/interop reads it: a versioned
				// document needs that reader changed first.
				_, err := out.Write(marshal(table, true))
				return err
			case "text", "":
			default:
				return usageErrorf("--format: want text or json, not %q", format)
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			tw.Write([]byte("FORMAT\tREAD\tWRITE\tEXTENSIONS\tOUTPUT\tDESCRIPTION\n"))
			yes := map[bool]string{true: "yes", false: "-"}
			for _, f := range table {
				output := "-"
				if f.Write {
					output = f.Encoding + " " + f.Newline
				}
				tw.Write([]byte(f.Name + "\t" + yes[f.Read] + "\t" + yes[f.Write] + "\t" +
					strings.Join(f.Extensions, " ") + "\t" + output + "\t" + f.Description + "\n"))
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
