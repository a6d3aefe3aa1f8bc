package main

import (
	"io"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/spf13/cobra"
)

func newFormatsCmd() *cobra.Command {
	var format string
	var training bool
	cmd := &cobra.Command{
		Use:   "formats",
		Short: "List the formats kifconv reads and writes",
		Long: `Formats lists every record format with whether kifconv reads and writes it,
its file extensions (the first is the one written), and the encoding and
line ends its output uses unless convert's --encoding and --newline say
otherwise. --format json prints [{"name", "read", "write", "extensions",
"encoding", "newline", "description"}, …].

--training lists the training-data outputs of convert instead (hcpe, psv,
positions): they hold positions, not records, and are not read back.`,
		Example: `  kifconv formats
  kifconv formats --format json | jq -r '.[] | select(.write) | .name'
  kifconv formats --training`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch format {
			case "json", "text", "":
				// JSON is an array, as ../shared/interop reads it: a
				// versioned document needs that reader changed first.
				out := cmd.OutOrStdout()
				if err := report.WriteFormatTable(out, batch.FormatTable(training), format == "json"); err != nil {
					return err
				}
				if format != "json" && !training {
					_, err := io.WriteString(out, "\nTraining-data outputs (hcpe, psv, positions): kifconv formats --training\n")
					return err
				}
				return nil
			}
			return usageErrorf("--format: want text or json, not %q", format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&training, "training", false, "list the training-data outputs (hcpe, psv, positions) instead of the record formats")
	return cmd
}
