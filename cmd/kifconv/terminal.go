package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/mattn/go-runewidth"
)

// NewDiagnosticPrinter returns the printer that --east-asian-width (eaw,
// WidthCondition) and --color (ColorChoice) describe for a stream, terminal
// saying whether it is one. The errors are parse.UsageErrors naming the
// flags, the width's first.
func newDiagnosticPrinter(eaw, color string, getenv func(string) string, terminal bool) (*report.DiagnosticPrinter, error) {
	cond, err := widthCondition(eaw, getenv)
	if err != nil {
		return nil, err
	}
	c, err := colorChoice(color, getenv, terminal)
	if err != nil {
		return nil, err
	}
	return &report.DiagnosticPrinter{Cond: cond, Color: c}, nil
}

// WidthCondition returns the display-width rule: ambiguous-width
// characters (▲ △ ・…) count as two columns when flag says "wide" (or
// RUNEWIDTH_EASTASIAN=1 when the flag is "auto"), as CJK terminals draw
// them. The error names the --east-asian-width flag.
func widthCondition(flag string, getenv func(string) string) (*runewidth.Condition, error) {
	c := runewidth.NewCondition()
	switch flag {
	case "", "auto":
		v := getenv("RUNEWIDTH_EASTASIAN")
		c.EastAsianWidth = v == "1" || strings.EqualFold(v, "true") || strings.EqualFold(v, "wide")
	case "wide", "2":
		c.EastAsianWidth = true
	case "narrow", "1":
		c.EastAsianWidth = false
	default:
		return nil, usageError(errors.New("--east-asian-width: want auto, narrow or wide, not " + strconv.Quote(flag)))
	}
	return c, nil
}

// ColorChoice says whether to colour what goes to a stream: flag is auto,
// always or never; auto colours a terminal unless NO_COLOR is set or TERM
// is dumb. The error is a batch.UsageError naming the --color flag.
func colorChoice(flag string, getenv func(string) string, terminal bool) (bool, error) {
	switch flag {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return getenv("NO_COLOR") == "" && getenv("TERM") != "dumb" && terminal, nil
	}
	return false, usageErrorf("--color: want auto, always or never, not %q", flag)
}

// terminalCharset is the character set of a terminal as the locale names
// it (LC_ALL, else LC_CTYPE, else LANG): Shift_JIS for ja_JP.SJIS and the
// other names of CP932, UTF-8 for anything else. Terminals without a
// locale (the C locale, Windows consoles, which take UTF-8 from Go
// programs) show UTF-8 today.
func terminalCharset(getenv func(string) string) charset.Encoding {
	locale := getenv("LC_ALL")
	if locale == "" {
		locale = getenv("LC_CTYPE")
	}
	if locale == "" {
		locale = getenv("LANG")
	}
	_, cs, _ := strings.Cut(locale, ".")
	cs, _, _ = strings.Cut(cs, "@")
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(cs)) {
	case "sjis", "shiftjis", "cp932", "windows31j", "mskanji", "pck":
		return charset.ShiftJIS
	}
	return charset.UTF8
}
