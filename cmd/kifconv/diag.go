package main

import (
	"errors"
	"strings"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/mattn/go-runewidth"
)

// The diagnostics and their printing live in internal/render; these names
// bind them for the commands.
type diag = render.Diagnostic

const (
	sevError   = render.SeverityError
	sevWarning = render.SeverityWarning
)

var (
	diagFromParse = render.DiagnosticFromParse
	defaultCond   = render.NarrowCondition
)

// widthCondition is render.WidthCondition, its error a usage error.
func widthCondition(flag string, getenv func(string) string) (*runewidth.Condition, error) {
	c, err := render.WidthCondition(flag, getenv)
	if err != nil {
		return nil, &exitError{exitUsage, usageError{err}}
	}
	return c, nil
}

// colorChoice says whether to colour what goes to w: flag is auto, always
// or never; auto colours a terminal unless NO_COLOR is set or TERM is dumb.
func colorChoice(e env, flag string, w any) (bool, error) {
	switch flag {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb" && e.isTerminal(w), nil
	}
	return false, usageErrorf("--color: want auto, always or never, not %q", flag)
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
