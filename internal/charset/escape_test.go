package charset

import "testing"

func TestTermSafe(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"羽生善治", "羽生善治"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{`a\x1b[2Jb`, `a\\x1b[2Jb`},
		{"a\tb", `a\tb`},
		{`C:\kifu`, `C:\\kifu`},
		{"\xff", `\xff`},
		{"\u0085", `\u0085`},
	} {
		if got := TermSafe(tt.in); got != tt.want {
			t.Errorf("TermSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if TermSafe("a\x1bb") == TermSafe(`a\x1bb`) {
		t.Error("two names that differ show the same")
	}
}
