package main

import (
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
)

// Exit statuses. Each command gives the meanings of its own in
// exitMeanings, which its --help and README's table are made from.
const (
	exitOK          = 0
	exitNo          = 1 // the command's own "no": invalid, different, nothing selected, …
	exitUsage       = 2 // usage or I/O error
	exitInterrupted = 130
)

// exitMeanings are the exit statuses of each command, in the order of the
// commands table.
var exitMeanings = []struct {
	cmd   string
	codes [3]string // 0, 1, 2; "" when the command never exits with it
}{
	{"convert", [3]string{"every input converted", "some input could not be read", "usage or I/O error, or a record the target cannot hold"}},
	{"validate", [3]string{"every record valid", "some record invalid (or unreadable)", "usage or I/O error"}},
	{"show", [3]string{"every game shown", "some input could not be read, or a game not shown", "usage or I/O error"}},
	{"diff", [3]string{"the records are the same", "they differ", "usage or I/O error, or an input that cannot be read"}},
	{"info", [3]string{"done", "", "usage or I/O error (with --strict, an input that cannot be read)"}},
	{"filter", [3]string{"some game selected", "no game selected", "usage or I/O error, a record the target cannot hold (with --strict, an input that cannot be read)"}},
	{"dedup", [3]string{"done", "duplicates found, with --exit-code", "usage or I/O error, a record the target cannot hold (with --strict, an input that cannot be read)"}},
	{"analyze", [3]string{"every game analysed", "some game could not be read or analysed", "usage or I/O error, or no engine"}},
	{"formats", [3]string{"done", "", "usage error"}},
}

// exitHelp is the "Exit status" paragraph of a command's help.
func exitHelp(cmd string) string {
	for _, m := range exitMeanings {
		if m.cmd != cmd {
			continue
		}
		var b strings.Builder
		b.WriteString("\n\nExit status:")
		for code, meaning := range m.codes {
			if meaning != "" {
				b.WriteString("\n  " + strconv.Itoa(code) + "  " + meaning)
			}
		}
		b.WriteString("\n  128+N  stopped by signal N (130 for Ctrl-C)")
		return b.String()
	}
	return ""
}

// exitTable is README's table of exit statuses, in Markdown (TestDocTables
// keeps README's copy equal to it).
func exitTable() string {
	var b strings.Builder
	b.WriteString("| command | 0 | 1 | 2 |\n|---|---|---|---|\n")
	for _, m := range exitMeanings {
		b.WriteString("| `" + m.cmd + "` |")
		for _, meaning := range m.codes {
			if meaning == "" {
				meaning = "—"
			}
			b.WriteString(" " + meaning + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// statusOf turns the worst status met into the exit status of a command
// whose 1 means an input it could not read (convert, validate, show).
func statusOf(st batch.Status) int {
	return int(st)
}

// strictStatus is the exit status of a command whose 1 means something
// else (info, filter, dedup): an input it could not read changes it only
// under --strict, and then to 2; I/O is 2 always.
func strictStatus(st batch.Status, strict bool) int {
	switch {
	case st == batch.StatusTrouble, st == batch.StatusInvalid && strict:
		return exitUsage
	}
	return exitOK
}
