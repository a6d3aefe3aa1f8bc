package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"
)

// colorFlag adds --color: auto, always or never.
func colorFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "color", "auto", usage)
	choices(cmd, "color", "auto", "always", "never")
}

// eawFlag adds --east-asian-width: auto, narrow or wide.
func eawFlag(cmd *cobra.Command, p *string, usage string) {
	cmd.Flags().StringVar(p, "east-asian-width", "auto", usage)
	choices(cmd, "east-asian-width", "auto", "narrow", "wide")
}

// widthCondition is render.WidthCondition, its error a usage error.
func widthCondition(flag string, getenv func(string) string) (*runewidth.Condition, error) {
	c, err := render.WidthCondition(flag, getenv)
	if err != nil {
		return nil, parse.UsageError{Err: err}
	}
	return c, nil
}

// oneOf checks that the value of --flag is one of values.
func oneOf(flag, value string, values ...string) error {
	if slices.Contains(values, value) {
		return nil
	}
	return usageErrorf("--%s: want %s or %s, not %q", flag, strings.Join(values[:len(values)-1], ", "), values[len(values)-1], value)
}

// colorChoice says whether to colour what goes to w: flag is auto, always
// or never; auto colours a terminal unless NO_COLOR is set or TERM is dumb.
func colorChoice(e env, flag string, w any) (bool, error) {
	if flag == "" || flag == "auto" {
		return e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb" && e.isTerminal(w), nil
	}
	return flag == "always", oneOf("color", flag, "auto", "always", "never")
}

// plainFlagError rewords a flag parsing error without the Go text pflag
// puts in it: `invalid argument "abc" for "--ply" flag: strconv.ParseInt:
// parsing "abc": invalid syntax` ends in "want a number".
func plainFlagError(err error) error {
	msg := err.Error()
	i := strings.Index(msg, ": strconv.")
	if i < 0 {
		return err
	}
	want := "a number"
	switch {
	case strings.Contains(msg[i:], "ParseBool"):
		want = "true or false"
	case strings.Contains(msg[i:], "value out of range"):
		want = "a smaller number"
	}
	return errors.New(msg[:i] + ": want " + want)
}
