package batch

import "testing"

// TestNameRules checks localRel under the rules of Unix and of Windows,
// whichever system the test runs on.
func TestNameRules(t *testing.T) {
	tests := []struct{ in, unix, windows string }{
		{"a/b.kif", "a/b.kif", `a\b.kif`},
		{`a\b.kif`, `a\b.kif`, `a\b.kif`},
		{"./a/../b.kif", "b.kif", "b.kif"},
		{"../../kifu/a.kif", "kifu/a.kif", `kifu\a.kif`},
		{`..\..\kifu\a.kif`, `..\..\kifu\a.kif`, `kifu\a.kif`},
		{"/abs/path/a.kif", "abs/path/a.kif", `abs\path\a.kif`},
		{"a//b/./c.kif", "a/b/c.kif", `a\b\c.kif`},
		{"..", "_", "_"},
		{"../..", "_", "_"},
		{"a/../../b.kif", "b.kif", "b.kif"},
		{"", "_", "_"},
		{".", "_", "_"},
		// Volumes.
		{`C:\kifu\a.kif`, `C:\kifu\a.kif`, `kifu\a.kif`},
		{`c:a.kif`, `c:a.kif`, `a.kif`},
		{`\\server\share\kifu\a.kif`, `\\server\share\kifu\a.kif`, `kifu\a.kif`},
		{`//server/share/a.kif`, `server/share/a.kif`, `a.kif`},
		{`\\?\C:\kifu\a.kif`, `\\?\C:\kifu\a.kif`, `kifu\a.kif`},
		{`\\?\UNC\server\share\a.kif`, `\\?\UNC\server\share\a.kif`, `a.kif`},
		{`\\.\pipe\a.kif`, `\\.\pipe\a.kif`, `a.kif`},
		{`\\server`, `\\server`, "_"},
		// Characters Windows refuses.
		{`ab:c?d*e"f<g>h|i.kif`, `ab:c?d*e"f<g>h|i.kif`, `ab_c_d_e_f_g_h_i.kif`},
		{"tab\there\x01.kif", "tab\there\x01.kif", "tab_here_.kif"},
		{"名人戦：第1局.kif", "名人戦：第1局.kif", "名人戦：第1局.kif"}, // a full-width colon is a letter
		// Trailing dots and spaces.
		{"a.", "a.", "a_"},
		{"a. .", "a. .", "a___"},
		{"dir./a.kif", "dir./a.kif", `dir_\a.kif`},
		{"dir /a.kif ", "dir /a.kif ", `dir_\a.kif_`},
		{"...", "...", "___"},
		// Device names, with any extension, in any case.
		{"CON", "CON", "CON_"},
		{"con.kif", "con.kif", "con_.kif"},
		{"kifu/Nul.tar.kif", "kifu/Nul.tar.kif", `kifu\Nul_.tar.kif`},
		{"aux /x", "aux /x", `aux_\x`},
		{"com1.kif", "com1.kif", "com1_.kif"},
		{"COM¹.kif", "COM¹.kif", "COM¹_.kif"},
		{"lpt9", "lpt9", "lpt9_"},
		{"conin$.kif", "conin$.kif", "conin$_.kif"},
		{"console.kif", "console.kif", "console.kif"},
		{"com10.kif", "com10.kif", "com10.kif"},
		{"xcon.kif", "xcon.kif", "xcon.kif"},
	}
	for _, tt := range tests {
		if got := unixNames.localRel(tt.in); got != tt.unix {
			t.Errorf("Unix: localRel(%q) = %q, want %q", tt.in, got, tt.unix)
		}
		if got := windowsNames.localRel(tt.in); got != tt.windows {
			t.Errorf("Windows: localRel(%q) = %q, want %q", tt.in, got, tt.windows)
		}
	}
	if namesOf("windows").seps != windowsNames.seps || namesOf("linux").seps != unixNames.seps || namesOf("darwin").seps != unixNames.seps {
		t.Error("namesOf picks the wrong rules")
	}
}

// TestWindowsNamesClaim checks that an output named from a Windows-legal
// input path stays legal when claim changes its extension or numbers it.
func TestWindowsNamesClaim(t *testing.T) {
	var n outputNames
	n.ext = ".kif"
	for _, in := range []string{"con.csa", "con.jkf", "con.kif", "a.", "a.csa"} {
		name, _ := n.claim(windowsNames.localRel(in))
		if got := windowsNames.localRel(name); got != name {
			t.Errorf("%s: output %q is not legal on Windows (%q)", in, name, got)
		}
	}
}

// TestNameKeys: where case does not count, two names that differ only in
// case are the same output.
func TestNameKeys(t *testing.T) {
	if namesOf("windows").key("Game.KIF") != namesOf("windows").key("game.kif") || namesOf("darwin").key("A") != "a" {
		t.Error("case counts on Windows or macOS")
	}
	if namesOf("linux").key("Game.kif") == namesOf("linux").key("game.kif") {
		t.Error("case does not count on Linux")
	}
}
