package report

import "testing"

// TestFormatTableMarkdown checks the Markdown form of the formats table: a
// row per format, a format only written having no output encoding, and a
// "|" in a description escaped.
func TestFormatTableMarkdown(t *testing.T) {
	rows := []FormatInfo{
		{Name: "kif", Read: true, Write: true, Extensions: []string{".kif", ".kifu"}, Encoding: "shift_jis", Newline: "crlf", Description: "KIF"},
		{Name: "x", Read: true, Extensions: []string{".x"}, Description: "a | b"},
	}
	want := "| format | read | write | extensions | output | description |\n|---|---|---|---|---|---|\n" +
		"| `kif` | yes | yes | `.kif` `.kifu` | shift_jis crlf | KIF |\n" +
		"| `x` | yes | no | `.x` | — | a \\| b |\n"
	if got := FormatTableMarkdown(rows); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
