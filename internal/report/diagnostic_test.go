package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

func TestCaretAlignment(t *testing.T) {
	tests := []struct {
		line string
		col  int
		wide bool
		want string
	}{
		{"７六歩", 2, false, "  ^\n"},
		{"▲７六歩", 3, false, "   ^\n"},
		{"▲７六歩", 3, true, "    ^\n"},
		{"\t+7776FU", 2, false, "\t^\n"},
		{"abc", 1, false, "^\n"},
	}
	for _, tt := range tests {
		d := Diagnostic{Path: "f", Line: 1, Col: tt.col, Severity: SeverityError, Code: "syntax", Message: "m", Source: tt.line}
		var b bytes.Buffer
		d.Write(&b, &runewidth.Condition{EastAsianWidth: tt.wide})
		want := "f:1:" + string(rune('0'+tt.col)) + ": error: m [syntax]\n" + tt.line + "\n" + tt.want
		if b.String() != want {
			t.Errorf("%q col %d wide=%v:\ngot  %q\nwant %q", tt.line, tt.col, tt.wide, b.String(), want)
		}
	}
}

// TestJoinMessage checks that a diagnostic never says its own text twice.
func TestJoinMessage(t *testing.T) {
	sentinel := errors.New("the piece on the origin square belongs to the opponent")
	syntax := errors.New("syntax error")
	tests := []struct {
		err    error
		detail string
		want   string
	}{
		{sentinel, "ply 1 ７二金(61): the piece on the origin square belongs to the opponent", "the piece on the origin square belongs to the opponent: ply 1 ７二金(61)"},
		{sentinel, "the piece on the origin square belongs to the opponent", "the piece on the origin square belongs to the opponent"},
		{syntax, `"zz": syntax error: want <from><to>`, `syntax error: "zz": want <from><to>`},
		{syntax, "at move 3", "syntax error at move 3"},
		{nil, "only a detail", "only a detail"},
		{syntax, "", "syntax error"},
	}
	for _, tt := range tests {
		if got := joinMessage(tt.err, tt.detail); got != tt.want {
			t.Errorf("joinMessage(%v, %q) = %q, want %q", tt.err, tt.detail, got, tt.want)
		}
	}
}

// TestCheckAdapters checks that findings become diagnostics with their
// game, ply and start flag, and that a summary's keep its line.
func TestCheckAdapters(t *testing.T) {
	p, err := shogi.ParseSFEN("4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	r := shogi.NewRecord(p)
	r.AddChild(r.Root, shogi.NewMove(shogi.NewSquare(5, 9), shogi.NewSquare(4, 7), false), shogi.Ending{})
	got := FindingDiagnostics("x.kif", 2, r.Check())
	want := []Diagnostic{
		{Path: "x.kif", Game: 2, Severity: SeverityWarning, Code: "bad-position", Start: true},
		{Path: "x.kif", Game: 2, Ply: 1, Severity: SeverityError, Code: "unreachable"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		got[i].Message = ""
		if got[i] != want[i] {
			t.Errorf("diagnostic %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	s := SummaryDiagnostics("x.kif", 9, "まで5手で先手の勝ち", r)
	if len(s) != 1 || s[0].Line != 9 || s[0].Col != 1 || s[0].Source != "まで5手で先手の勝ち" || s[0].Code != "summary-mismatch" {
		t.Errorf("SummaryDiagnostics = %+v", s)
	}
}

// TestEscapeGitHub checks the escaping of workflow commands: the message
// escapes % CR LF, the properties : and , as well.
func TestEscapeGitHub(t *testing.T) {
	tests := []struct {
		in       string
		property bool
		want     string
	}{
		{"a%b\r\nc", false, "a%25b%0D%0Ac"},
		{"a:b,c", false, "a:b,c"},
		{"a:b,c%\n", true, "a%3Ab%2Cc%25%0A"},
	}
	for _, tt := range tests {
		if got := escapeGitHub(tt.in, tt.property); got != tt.want {
			t.Errorf("escapeGitHub(%q, %v) = %q, want %q", tt.in, tt.property, got, tt.want)
		}
	}
	d := Diagnostic{Path: "x.kif", Game: 2, Severity: SeverityWarning, Code: "move-count", Message: "手数 says 3"}
	if got, want := string(appendGitHub(nil, &d)), "::warning file=x.kif,title=[move-count]::game 2: 手数 says 3\n"; got != want {
		t.Errorf("no line: %q, want %q", got, want)
	}
}

// TestClipMessage checks that no diagnostic's message is longer than
// MaxMessage bytes (plus the "…" that marks a cut), whatever a reader put
// in it, and that a cut falls on a character boundary.
func TestClipMessage(t *testing.T) {
	long := errors.New(strings.Repeat("歩", MaxMessage))
	d := DiagnosticsFromError("a.kif", 1, long)[0]
	if len(d.Message) > MaxMessage+len("…") || !strings.HasSuffix(d.Message, "…") || !utf8.ValidString(d.Message) {
		t.Errorf("message of %d bytes, valid UTF-8 %v, ends %q", len(d.Message), utf8.ValidString(d.Message), d.Message[len(d.Message)-6:])
	}
	pe := &parse.Error{Pos: parse.Pos{Line: 1, Col: 1}, Err: parse.ErrBadJSON, Detail: strings.Repeat("x", 3*MaxMessage)}
	if d := DiagnosticFromParse("a.jkf", 1, pe); len(d.Message) > MaxMessage+len("…") {
		t.Errorf("message of %d bytes", len(d.Message))
	}
	if d := DiagnosticsFromError("a.kif", 1, errors.New("short")); d[0].Message != "short" {
		t.Errorf("short message became %q", d[0].Message)
	}
}
