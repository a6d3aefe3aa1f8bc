package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// manHeader is what the .TH line of every page gives besides the title,
// which is the command's own.
type manHeader struct {
	Section string // "1"
	Date    string // "Jan 2006", or empty
	Source  string // "kifconv v1.2.3"
	Manual  string // "kifconv manual"
}

// renderManPage is the man(7) page of c, in the order of man-pages(7):
// NAME (c.Short), SYNOPSIS (c.UseLine), DESCRIPTION, OPTIONS and OPTIONS
// INHERITED FROM PARENT COMMANDS (the flags that are neither hidden nor
// deprecated, with -h, --help), then extra, then EXAMPLES (c.Example)
// and SEE ALSO (the parent, the other commands of the parent and the
// subcommands). DESCRIPTION is description, plain text as writeManText
// takes it, or else c.Long, or else c.Short; extra is roff text of whole
// sections (.SH …), such as EXIT STATUS and ENVIRONMENT. Like cobra when
// it runs c, renderManPage gives c the -h, --help flag if it has none.
func renderManPage(c *cobra.Command, h manHeader, description, extra string) []byte {
	c.InitDefaultHelpFlag()
	name := strings.ReplaceAll(c.CommandPath(), " ", "-")
	var b strings.Builder
	fmt.Fprintf(&b, ".TH %s %s %s %s %s\n", roffArg(strings.ToUpper(name)), roffArg(h.Section),
		roffArg(h.Date), roffArg(h.Source), roffArg(h.Manual))
	// No hyphenation, which would split option names and paths, and a
	// ragged right margin, as long unbreakable words would spread the
	// words of a justified line.
	b.WriteString(".nh\n.ad l\n")

	b.WriteString(".SH NAME\n")
	b.WriteString(roff(name) + ` \- ` + roff(c.Short) + "\n")

	b.WriteString(".SH SYNOPSIS\n")
	b.WriteString(manCommandLine(c.UseLine(), c.CommandPath()) + "\n")
	if c.HasAvailableSubCommands() {
		b.WriteString(".br\n" + manCommandLine(c.CommandPath()+" [command]", c.CommandPath()) + "\n")
	}

	if description == "" {
		description = c.Long
	}
	if description == "" {
		description = c.Short
	}
	b.WriteString(".SH DESCRIPTION\n")
	writeManText(&b, description)

	if flags := c.NonInheritedFlags(); flags.HasAvailableFlags() {
		b.WriteString(".SH OPTIONS\n")
		writeManFlags(&b, flags)
	}
	if flags := c.InheritedFlags(); flags.HasAvailableFlags() {
		b.WriteString(".SH OPTIONS INHERITED FROM PARENT COMMANDS\n")
		writeManFlags(&b, flags)
	}

	b.WriteString(extra)

	if c.Example != "" {
		b.WriteString(".SH EXAMPLES\n")
		writeManBlock(&b, strings.Split(strings.Trim(c.Example, "\n"), "\n"), false)
	}

	if see := manSeeAlso(c, h.Section); len(see) > 0 {
		b.WriteString(".SH SEE ALSO\n" + strings.Join(see, ",\n") + "\n")
	}
	return []byte(b.String())
}

// manCommandLine is a line of SYNOPSIS: the command path in bold, then
// the rest of line as it is.
func manCommandLine(line, path string) string {
	rest, ok := strings.CutPrefix(line, path)
	if !ok {
		return roff(line)
	}
	return `\fB` + roff(path) + `\fR` + roff(rest)
}

// writeManText writes text, plain text written for a terminal as a
// command's Long is, as the body of a section. Blank lines separate
// paragraphs, whose lines roff fills; a run of lines that are indented or
// list items ("- ", "•") keeps its line breaks and its lines' indentation
// relative to one another, set off from the text by its least indentation.
// A run that follows a line of text with no blank line between stays
// right under it.
func writeManText(b *strings.Builder, text string) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(expandTabs(lines[i]), " ")
	}
	start, blank := true, false
	for i := 0; i < len(lines); {
		if lines[i] == "" {
			blank = true
			i++
			continue
		}
		pre := isManBlockLine(lines[i])
		j := i + 1
		for j < len(lines) && lines[j] != "" && isManBlockLine(lines[j]) == pre {
			j++
		}
		if blank && !start {
			b.WriteString(".PP\n")
		}
		if pre {
			writeManBlock(b, lines[i:j], true)
		} else {
			for _, line := range lines[i:j] {
				b.WriteString(roffBreakable(roff(line)) + "\n")
			}
		}
		start, blank = false, false
		i = j
	}
}

// isManBlockLine reports whether line belongs to a block whose line
// breaks are kept: it is indented, or a list item.
func isManBlockLine(line string) bool {
	return strings.HasPrefix(line, " ") || strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "•")
}

// writeManBlock writes lines as they are, in a fixed-width font, less
// their common indentation; indent sets the block off from the text by
// that indentation.
func writeManBlock(b *strings.Builder, lines []string, indent bool) {
	lines = slices.Clone(lines)
	common := -1
	for i, line := range lines {
		line = strings.TrimRight(expandTabs(line), " ")
		lines[i] = line
		if n := len(line) - len(strings.TrimLeft(line, " ")); line != "" && (common < 0 || n < common) {
			common = n
		}
	}
	common = max(common, 0)
	if indent && common > 0 {
		fmt.Fprintf(b, ".RS %d\n", common)
	}
	b.WriteString(".EX\n")
	for _, line := range lines {
		if len(line) >= common {
			line = line[common:]
		}
		b.WriteString(roff(line) + "\n")
	}
	// .EE turns hyphenation back on.
	b.WriteString(".EE\n.nh\n")
	if indent && common > 0 {
		b.WriteString(".RE\n")
	}
}

// expandTabs replaces the tabs of line with spaces, to the next multiple
// of 8 columns, counting a rune as a column.
func expandTabs(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// writeManFlags writes a .TP entry for each flag of flags that is neither
// hidden nor deprecated, as --help lists them: the short and long names,
// the value's name (pflag.UnquoteUsage) in italics, the usage with that
// name in italics, and the default when it is not the zero value and the
// usage does not give one.
func writeManFlags(b *strings.Builder, flags *pflag.FlagSet) {
	flags.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		b.WriteString(".TP\n")
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			b.WriteString(`\fB` + roff("-"+f.Shorthand) + `\fR, `)
		}
		b.WriteString(`\fB` + roff("--"+f.Name) + `\fR`)
		name, usage := pflag.UnquoteUsage(f)
		if name != "" {
			b.WriteString(` \fI` + roffEscaper.Replace(name) + `\fR`)
		}
		if opt := manNoOptDefault(f); opt != "" {
			b.WriteString(`[=` + roff(opt) + `]`)
		}
		b.WriteString("\n")

		// The value's name is the word between backquotes, if any.
		text := roff(usage)
		if i := strings.Index(f.Usage, "`"); i >= 0 && name != "" && strings.HasPrefix(f.Usage[i+1:], name+"`") {
			text = roff(usage[:i]) + `\fI` + roffEscaper.Replace(name) + `\fR` + roff(usage[i+len(name):])
		}
		if !manZeroDefault(f) && !strings.Contains(usage, "(default") {
			def := f.DefValue
			if f.Value.Type() == "string" {
				def = strconv.Quote(def)
			}
			text += " " + roff("(default "+def+")")
		}
		b.WriteString(roffBreakable(strings.TrimLeft(text, " ")) + "\n")
	})
}

// manNoOptDefault is the value a flag takes when given without one, as
// --help shows it, or "" when there is none to show (a boolean's true).
func manNoOptDefault(f *pflag.Flag) string {
	switch {
	case f.NoOptDefVal == "":
		return ""
	case f.Value.Type() == "string":
		return strconv.Quote(f.NoOptDefVal)
	case f.Value.Type() == "bool" && f.NoOptDefVal == "true",
		f.Value.Type() == "count" && f.NoOptDefVal == "+1":
		return ""
	}
	return f.NoOptDefVal
}

// manZeroDefault reports whether f's default is its type's zero value,
// which goes without saying.
func manZeroDefault(f *pflag.Flag) bool {
	switch f.Value.Type() {
	case "string":
		return f.DefValue == ""
	case "duration":
		return f.DefValue == "0" || f.DefValue == "0s"
	}
	switch f.DefValue {
	case "", "0", "false", "[]", "<nil>":
		return true
	}
	return false
}

// manSeeAlso are the references of c's SEE ALSO section: its parent, the
// parent's other commands, then c's commands, each \fBname\fR(section);
// commands that are not available or are help topics are left out.
func manSeeAlso(c *cobra.Command, section string) []string {
	ref := func(c *cobra.Command) string {
		return `\fB` + roff(strings.ReplaceAll(c.CommandPath(), " ", "-")) + `\fR(` + roff(section) + ")"
	}
	list := func(cmds []*cobra.Command) []string {
		cmds = slices.Clone(cmds)
		slices.SortFunc(cmds, func(a, b *cobra.Command) int { return strings.Compare(a.Name(), b.Name()) })
		var refs []string
		for _, sub := range cmds {
			if sub != c && sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
				refs = append(refs, ref(sub))
			}
		}
		return refs
	}
	var refs []string
	if p := c.Parent(); p != nil {
		refs = append(refs, ref(p))
		refs = append(refs, list(p.Commands())...)
	}
	return append(refs, list(c.Commands())...)
}

// roffBreakable is roff text to be filled, with a place where a line may
// break after each comma that a letter follows, so that a list such as
// a,b,c longer than the line does not stick out; 1,000 stays whole.
func roffBreakable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] != ',' || i+1 == len(s) {
			continue
		}
		if c := s[i+1] | 0x20; 'a' <= c && c <= 'z' { // a letter, either case
			b.WriteString(`\:`)
		}
	}
	return b.String()
}

// roffArg is s as an argument of a request or macro: escaped and quoted.
func roffArg(s string) string {
	return `"` + strings.ReplaceAll(roffEscaper.Replace(s), `"`, `\(dq`) + `"`
}
