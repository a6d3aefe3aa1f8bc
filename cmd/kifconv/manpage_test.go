package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// manTestTree is a small command tree for the man page writer: tool, with
// sub (which has leaf), other, a hidden command and a help topic.
func manTestTree() (root, sub, leaf *cobra.Command) {
	run := func(*cobra.Command, []string) {}
	root = &cobra.Command{Use: "tool", Short: "Do things", Long: "Tool does things."}
	root.PersistentFlags().BoolP("verbose", "v", false, "say more")
	sub = &cobra.Command{
		Use:   "sub [flags] FILE...",
		Short: "Sub-divide things",
		Long: `Sub reads C:\dir\file and writes -o FILE.
.dot and 'quote lines, ~ ^ ` + "`" + ` and ▲７六歩 stay text.

The table:
  --a N     first
    nested  second
  ^ caret

- one item
- another

	tabbed line`,
		Example: `  tool sub -o out.kif in.csa     # convert
  tool sub '*.kif'`,
		Run: run,
	}
	f := sub.Flags()
	f.String("color", "auto", "colour: auto, always or never")
	f.StringP("output", "o", "", "write into `FILE` (default: standard output)")
	f.IntP("jobs", "j", 0, "run `N` at once")
	f.Int("multipv", 1, "ask for `K` lines")
	f.Int("min-plies", -1, "at least `N` moves")
	f.Bool("force", false, "replace outputs")
	f.StringArray("player", nil, "a name contains `NAME`")
	f.Duration("time", 0, "search `DURATION` a position")
	f.String("games", "1", "only games `A-B` of each input (default 1)")
	f.String("fields", "", "`LIST` of path,game,Format (1,000 at most)")
	f.String("mode", "", "the mode")
	f.Lookup("mode").NoOptDefVal = "fast"
	f.Bool("dedup", false, "one line,\n.then another")
	f.String("secret", "", "not shown")
	_ = f.MarkHidden("secret")
	f.String("old", "", "not shown either")
	_ = f.MarkDeprecated("old", "use --games")
	leaf = &cobra.Command{Use: "leaf", Short: "A leaf", Run: run}
	sub.AddCommand(leaf)
	root.AddCommand(sub,
		&cobra.Command{Use: "other", Short: "Other things", Run: run},
		&cobra.Command{Use: "secret", Short: "Hidden", Hidden: true, Run: run},
		&cobra.Command{Use: "topic", Short: "A help topic"})
	return root, sub, leaf
}

var manTestHeader = manHeader{Section: "1", Date: "Jan 2024", Source: "tool v1.0-rc", Manual: "tool manual"}

// manSection is the body of section name of page, without its .SH line.
func manSection(page, name string) string {
	_, body, ok := strings.Cut(page, "\n.SH "+name+"\n")
	if !ok {
		return "(no section " + name + ")"
	}
	body, _, _ = strings.Cut(body, "\n.SH ")
	return strings.TrimSuffix(body, "\n")
}

func TestRenderManPage(t *testing.T) {
	tests := []struct {
		name        string
		page        string // whose page: "root", "sub" or "leaf" of manTestTree
		description string
		extra       string
		section     string // "" for the page's start, up to NAME
		want        string
	}{
		{
			name:    "header",
			page:    "sub",
			section: "",
			want:    `.TH "TOOL\-SUB" "1" "Jan 2024" "tool v1.0\-rc" "tool manual"` + "\n.nh\n.ad l",
		},
		{
			name:    "name",
			page:    "sub",
			section: "NAME",
			want:    `tool\-sub \- Sub\-divide things`,
		},
		{
			name:    "synopsis of a command with subcommands",
			page:    "sub",
			section: "SYNOPSIS",
			want:    `\fBtool sub\fR [flags] FILE...` + "\n.br\n" + `\fBtool sub\fR [command]`,
		},
		{
			name:    "synopsis of a leaf",
			page:    "leaf",
			section: "SYNOPSIS",
			want:    `\fBtool sub leaf\fR [flags]`,
		},
		{
			name:    "paragraphs and blocks",
			page:    "sub",
			section: "DESCRIPTION",
			want: `Sub reads C:\edir\efile and writes \-o FILE.
\&.dot and \(aqquote lines, \(ti \(ha \(ga and ▲７六歩 stay text.
.PP
The table:
.RS 2
.EX
\-\-a N     first
  nested  second
\(ha caret
.EE
.nh
.RE
.PP
.EX
\- one item
\- another
.EE
.nh
.PP
.RS 8
.EX
tabbed line
.EE
.nh
.RE`,
		},
		{
			name:        "description in place of Long",
			page:        "sub",
			description: "Only this.\n\n\n  kept  as is\n",
			section:     "DESCRIPTION",
			want:        "Only this.\n.PP\n.RS 2\n.EX\nkept  as is\n.EE\n.nh\n.RE",
		},
		{
			name:    "Short without Long",
			page:    "leaf",
			section: "DESCRIPTION",
			want:    "A leaf",
		},
		{
			name:    "options",
			page:    "sub",
			section: "OPTIONS",
			want: `.TP
\fB\-\-color\fR \fIstring\fR
colour: auto, always or never (default "auto")
.TP
\fB\-\-dedup\fR
one line,
\&.then another
.TP
\fB\-\-fields\fR \fILIST\fR
\fILIST\fR of path,\:game,\:Format (1,000 at most)
.TP
\fB\-\-force\fR
replace outputs
.TP
\fB\-\-games\fR \fIA\-B\fR
only games \fIA\-B\fR of each input (default 1)
.TP
\fB\-h\fR, \fB\-\-help\fR
help for sub
.TP
\fB\-j\fR, \fB\-\-jobs\fR \fIN\fR
run \fIN\fR at once
.TP
\fB\-\-min\-plies\fR \fIN\fR
at least \fIN\fR moves (default \-1)
.TP
\fB\-\-mode\fR \fIstring\fR[="fast"]
the mode
.TP
\fB\-\-multipv\fR \fIK\fR
ask for \fIK\fR lines (default 1)
.TP
\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR
write into \fIFILE\fR (default: standard output)
.TP
\fB\-\-player\fR \fINAME\fR
a name contains \fINAME\fR
.TP
\fB\-\-time\fR \fIDURATION\fR
search \fIDURATION\fR a position`,
		},
		{
			name:    "inherited options",
			page:    "sub",
			section: "OPTIONS INHERITED FROM PARENT COMMANDS",
			want:    ".TP\n" + `\fB\-v\fR, \fB\-\-verbose\fR` + "\nsay more",
		},
		{
			name:    "examples",
			page:    "sub",
			section: "EXAMPLES",
			want:    ".EX\ntool sub \\-o out.kif in.csa     # convert\ntool sub \\(aq*.kif\\(aq\n.EE\n.nh",
		},
		{
			name:    "extra sections before EXAMPLES",
			page:    "sub",
			extra:   ".SH EXIT STATUS\n.TP\n.B 0\ndone\n",
			section: "EXIT STATUS",
			want:    ".TP\n.B 0\ndone",
		},
		{
			name:    "see also of the root",
			page:    "root",
			section: "SEE ALSO",
			want:    `\fBtool\-other\fR(1),` + "\n" + `\fBtool\-sub\fR(1)`,
		},
		{
			name:    "see also of a command",
			page:    "sub",
			section: "SEE ALSO",
			want:    `\fBtool\fR(1),` + "\n" + `\fBtool\-other\fR(1),` + "\n" + `\fBtool\-sub\-leaf\fR(1)`,
		},
		{
			name:    "see also of a leaf",
			page:    "leaf",
			section: "SEE ALSO",
			want:    `\fBtool\-sub\fR(1)`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, sub, leaf := manTestTree()
			c := map[string]*cobra.Command{"root": root, "sub": sub, "leaf": leaf}[tt.page]
			page := string(renderManPage(c, manTestHeader, tt.description, tt.extra))
			got := manSection(page, tt.section)
			if tt.section == "" {
				got, _, _ = strings.Cut(page, "\n.SH NAME\n")
			}
			if got != tt.want {
				t.Errorf("%s:\n%s\nwant:\n%s\n\npage:\n%s", tt.section, got, tt.want, page)
			}
		})
	}
}

// TestRenderManPageSections checks the order of the sections and what no
// page may hold: a hyphen that is not \-, a line that roff would take for
// a request it is not, an unpaired .EX or .RS.
func TestRenderManPageSections(t *testing.T) {
	root, sub, leaf := manTestTree()
	extra := ".SH EXIT STATUS\n.TP\n.B 0\ndone\n.SH ENVIRONMENT\n.TP\n.B TMPDIR\ntemporary files\n"
	requests := []string{".TH ", ".SH ", ".PP", ".TP", ".B ", ".br", ".nh", ".ad l", ".RS ", ".RE", ".EX", ".EE"}
	for _, c := range []*cobra.Command{root, sub, leaf} {
		page := string(renderManPage(c, manTestHeader, "", extra))
		var sections []string
		depth := map[string]int{}
		for i, line := range strings.Split(strings.TrimSuffix(page, "\n"), "\n") {
			if s, ok := strings.CutPrefix(line, ".SH "); ok {
				sections = append(sections, s)
			}
			if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
				known := false
				for _, r := range requests {
					known = known || line == r || strings.HasPrefix(line, r) && strings.HasSuffix(r, " ")
				}
				if !known {
					t.Errorf("%s line %d: %q is not a request the writer makes", c.Name(), i+1, line)
				}
			}
			for _, pair := range [][2]string{{".EX", ".EE"}, {".RS ", ".RE"}} {
				if strings.HasPrefix(line, pair[0]) {
					depth[pair[0]]++
				}
				if line == pair[1] {
					depth[pair[0]]--
				}
				if depth[pair[0]] < 0 || depth[pair[0]] > 1 {
					t.Errorf("%s line %d: %s and %s unpaired", c.Name(), i+1, pair[0], pair[1])
				}
			}
			if strings.Contains(strings.ReplaceAll(line, `\-`, ""), "-") {
				t.Errorf("%s line %d: unescaped hyphen: %q", c.Name(), i+1, line)
			}
		}
		want := []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "OPTIONS INHERITED FROM PARENT COMMANDS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"}
		if c == root {
			want = append(want[:4], want[5:]...) // no parent, no example
			want = append(want[:6], want[7:]...)
		} else if c == leaf {
			want = append(want[:7], want[8:]...)
		}
		if strings.Join(sections, "|") != strings.Join(want, "|") {
			t.Errorf("%s: sections %q, want %q", c.Name(), sections, want)
		}
	}
}

// TestRenderManPageGroff formats a page with groff, where it is installed:
// no warning, paragraphs filled, blocks kept line by line with their
// indentation, the special characters drawn as typed.
func TestRenderManPageGroff(t *testing.T) {
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("no groff: the page is checked as text only")
	}
	_, sub, _ := manTestTree()
	cmd := exec.Command("groff", "-Kutf8", "-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou")
	cmd.Stdin = bytes.NewReader(renderManPage(sub, manTestHeader, "", ""))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("groff: %v: %s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"       Sub reads C:\\dir\\file and writes -o FILE.  .dot and 'quote lines, ~ ^ `\n       and ▲７六歩 stay text.\n",
		"       The table:\n         --a N     first\n           nested  second\n         ^ caret\n\n",
		"       - one item\n       - another\n\n               tabbed line\n",
		"       tool sub -o out.kif in.csa     # convert\n       tool sub '*.kif'\n",
		"       --mode string[=\"fast\"]\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("groff output lacks\n%s\n%s", want, out)
		}
	}
}

func TestManDate(t *testing.T) {
	now := time.Date(2026, 4, 1, 1, 0, 0, 0, time.FixedZone("JST", 9*3600)) // March in UTC
	tests := []struct {
		epoch, want string
		err         bool
	}{
		{epoch: "", want: "Mar 2026"},
		{epoch: "0", want: "Jan 1970"},
		{epoch: "1700000000", want: "Nov 2023"},
		{epoch: "1706745599", want: "Jan 2024"}, // 2024-01-31T23:59:59Z
		{epoch: "soon", err: true},
	}
	for _, tt := range tests {
		got, err := manDate(tt.epoch, now)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("manDate(%q) = %q, %v; want %q, error %v", tt.epoch, got, err, tt.want, tt.err)
		}
	}
}
