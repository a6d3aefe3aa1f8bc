package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/spf13/cobra"
)

type convertOptions struct {
	from, to string
	strict   bool
	mainline bool
}

func newConvertCmd() *cobra.Command {
	var o convertOptions
	cmd := &cobra.Command{
		Use:   "convert [flags] [FILE|-]",
		Short: "Convert records from one format to another",
		Example: `  kifconv convert -t csa game.kif
  kifconv convert -t usi - < game.kif`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := "-"
			if len(args) == 1 {
				name = args[0]
			}
			return convertOne(cmd, o, name)
		},
	}
	cmd.Flags().StringVarP(&o.from, "from", "f", "", "input format (default: detect)")
	cmd.Flags().StringVarP(&o.to, "to", "t", "", "output format (required)")
	cmd.Flags().BoolVar(&o.strict, "strict", false, "turn tolerated problems into errors")
	cmd.Flags().BoolVar(&o.mainline, "mainline", false, "write the main line only")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}

func convertOne(cmd *cobra.Command, o convertOptions, name string) error {
	var raw []byte
	var err error
	if name == "-" {
		raw, err = io.ReadAll(cmd.InOrStdin())
	} else {
		raw, err = os.ReadFile(name)
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	text, _, err := charset.Decode(raw)
	if err != nil {
		return &exitError{exitInvalid, fmt.Errorf("%s: %v", name, err)}
	}
	from := o.from
	if from == "" {
		from = parse.Detect(text, name)
	}
	if from == "" {
		return &exitError{exitInvalid, fmt.Errorf("%s: cannot tell the format; use --from", name)}
	}
	r, err := parse.New(from, bytes.NewReader(text), parse.Options{Filename: name, Strict: o.strict})
	if err != nil {
		return &exitError{exitUsage, err}
	}
	var out bytes.Buffer
	w, err := render.New(strings.ToLower(o.to), &out, render.Options{AllowLoss: true, Mainline: o.mainline})
	if err != nil {
		return &exitError{exitUsage, err}
	}
	for n := 0; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			if n == 0 {
				return &exitError{exitInvalid, fmt.Errorf("%s: no record found", name)}
			}
			break
		}
		if err != nil {
			return &exitError{exitInvalid, err}
		}
		if err := w.Write(rec); err != nil {
			return &exitError{exitInvalid, err}
		}
	}
	if err := w.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if l := w.Losses(); len(l) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "kifconv: warning: %s: %s cannot carry %s; dropped\n", filepath.Base(name), o.to, strings.Join(l, ", "))
	}
	_, err = cmd.OutOrStdout().Write(out.Bytes())
	return err
}
