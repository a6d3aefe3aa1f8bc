package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/spf13/cobra"
)

func newManCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "man --dir DIR",
		Short: "Write man pages for kifconv and its commands",
		Long: `Man writes one man page per command (kifconv.1, kifconv-convert.1, …) into
DIR, which it makes if need be: the --help text and the options, the exit
statuses, the environment variables kifconv reads, and examples. make man
writes them into man/, and make dist puts them in every release archive.
SOURCE_DATE_EPOCH sets the date the pages give.`,
		Example: `  kifconv man --dir man && man -l man/kifconv-convert.1
  kifconv man --dir /usr/local/share/man/man1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return usageErrorf("give the directory to write the pages into with --dir DIR")
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return &exitError{exitUsage, fmt.Errorf("cannot make %s: %w", dir, batch.UnwrapPath(err))}
			}
			if err := writeManPages(cmd.Root(), dir); err != nil {
				return &exitError{exitUsage, fmt.Errorf("cannot write the man pages: %w", batch.UnwrapPath(err))}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "write the pages into `DIR` (no default)")
	return cmd
}

// writeManPages writes the page of root and of each of its commands into
// dir: kifconv.1, kifconv-convert.1, …. The pages give the date of
// SOURCE_DATE_EPOCH when it is set, or else today's.
func writeManPages(root *cobra.Command, dir string) error {
	date, err := manDate(os.Getenv("SOURCE_DATE_EPOCH"), time.Now())
	if err != nil {
		return err
	}
	header := manHeader{Section: "1", Date: date, Source: "kifconv " + shortVersion(), Manual: "kifconv manual"}
	var write func(c *cobra.Command) error
	write = func(c *cobra.Command) error {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
				continue
			}
			if err := write(sub); err != nil {
				return err
			}
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + "." + header.Section
		return os.WriteFile(filepath.Join(dir, name), manPage(c, header), 0o644)
	}
	return write(root)
}

// manDate is the date of the pages' .TH line, a month as "Jan 2006" in
// UTC: that of epoch, seconds since 1970 as SOURCE_DATE_EPOCH gives them,
// or now's when epoch is empty.
func manDate(epoch string, now time.Time) (string, error) {
	if epoch != "" {
		sec, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return "", fmt.Errorf("invalid SOURCE_DATE_EPOCH: %w", err)
		}
		now = time.Unix(sec, 0)
	}
	return now.UTC().Format("Jan 2006"), nil
}

// manPage is the man page of c, with EXIT STATUS and ENVIRONMENT after the
// options (man-pages(7) order). The exit statuses that end c's --help
// text move from DESCRIPTION to their section.
func manPage(c *cobra.Command, header manHeader) []byte {
	description := strings.TrimSuffix(c.Long, exitHelp(c.Name()))
	return renderManPage(c, header, description, manExitStatus(c)+manEnvironment(c))
}

// manExitStatus is the EXIT STATUS section of c's page, from exitMeanings;
// the root's page says what the statuses mean across commands.
func manExitStatus(c *cobra.Command) string {
	codes := [3]string{"done", "", "usage or I/O error"}
	if !c.HasParent() {
		codes = [3]string{"success",
			"the command's own no: an input it could not read or a record that is invalid (convert, validate, show), records that differ (diff), no game selected (filter), duplicates found with --exit-code (dedup); each command's page gives its own",
			"usage or I/O error"}
	}
	for _, m := range exitMeanings {
		if m.cmd == c.Name() && c.HasParent() {
			codes = m.codes
		}
	}
	var b strings.Builder
	b.WriteString(".SH EXIT STATUS\n")
	for code, meaning := range codes {
		if meaning != "" {
			fmt.Fprintf(&b, ".TP\n.B %d\n%s\n", code, roff(meaning))
		}
	}
	b.WriteString(".TP\n.B 128+N\n" + roff("stopped by signal N (130 for Ctrl-C)") + "\n")
	return b.String()
}

// environment are the variables kifconv reads, for the ENVIRONMENT section
// of the man pages. A variable with a flag is listed on the pages of the
// commands that have that flag; with a command, on that command's page;
// with neither, on every page. TestEnvironmentListed checks that every
// variable the code reads is here.
var environment = []struct {
	name, flag, cmd, meaning string
}{
	{name: "NO_COLOR", flag: "color", meaning: "set and not empty: --color auto does not colour"},
	{name: "TERM", flag: "color", meaning: "dumb: --color auto does not colour"},
	{name: "RUNEWIDTH_EASTASIAN", flag: "east-asian-width", meaning: "1 (or true, wide): --east-asian-width auto counts ambiguous-width characters (▲ △ ・ …) two columns wide, as CJK terminals draw them"},
	{name: "LC_ALL", flag: "encoding", meaning: "the locale, whose character set says what a terminal shows: Shift_JIS (ja_JP.SJIS, …) or else UTF-8; a format written in Shift_JIS (kif, ki2) goes to a terminal in UTF-8, with a note, unless the terminal shows Shift_JIS or --encoding says shift_jis"},
	{name: "LC_CTYPE", flag: "encoding", meaning: "the locale, when LC_ALL is not set"},
	{name: "LANG", flag: "encoding", meaning: "the locale, when neither LC_ALL nor LC_CTYPE is set"},
	{name: "TMPDIR", meaning: "where standard input is copied when it must be read twice, and where a large one-game output waits to be known whole (default /tmp)"},
	{name: "GOGC", meaning: "the Go garbage collector's target percentage; kifconv uses 400 unless it is set"},
	{name: "GOMEMLIMIT", meaning: "a soft memory limit for the Go runtime, for example 512MiB"},
	{name: "SOURCE_DATE_EPOCH", cmd: "man", meaning: "the date the pages give, in seconds since 1970 (reproducible builds)"},
}

// manEnvironment is the ENVIRONMENT section of c's page: every variable
// on the root's.
func manEnvironment(c *cobra.Command) string {
	var b strings.Builder
	b.WriteString(".SH ENVIRONMENT\n")
	for _, v := range environment {
		switch {
		case !c.HasParent():
		case v.flag != "" && c.Flags().Lookup(v.flag) == nil:
			continue
		case v.cmd != "" && v.cmd != c.Name():
			continue
		}
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", v.name, roff(v.meaning))
	}
	return b.String()
}

// roff escapes text for a man page: backslashes, hyphens (which roff
// would take for hyphenation points and may draw as typographic hyphens),
// the quotes, tilde and caret that roff may draw as other characters, and
// a dot that begins a line.
func roff(s string) string {
	s = roffEscaper.Replace(s)
	if strings.HasPrefix(s, ".") {
		s = `\&` + s
	}
	return strings.ReplaceAll(s, "\n.", "\n\\&.")
}

// roffEscaper escapes the characters roff takes for something else.
var roffEscaper = strings.NewReplacer(`\`, `\e`, "-", `\-`, "'", `\(aq`, "`", `\(ga`, "~", `\(ti`, "^", `\(ha`)
