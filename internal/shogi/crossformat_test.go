package shogi

import "testing"

func TestCrossFormatHeaderKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{KeyHandicap, ""},
		{KeyShitate, KeyBlack},
		{KeyUwate, KeyWhite},
		{"N+", KeyBlack},
		{"N-", KeyWhite},
		{"$EVENT", KeyEvent},
		{"EVENT", KeyEvent},
		{"戦型", "戦型"},
		{"NOT_A_CSA_KEY", "NOT_A_CSA_KEY"},
	}
	for _, tt := range tests {
		if got := CrossFormatHeaderKey(tt.in); got != tt.want {
			t.Errorf("CrossFormatHeaderKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSetIgnore(t *testing.T) {
	var o CompareOptions
	if err := o.SetIgnore([]string{"comment", " time ", "headers", "variations", "bookmark", "endings"}); err != nil {
		t.Fatal(err)
	}
	if !o.IgnoreComments || !o.IgnoreTime || !o.IgnoreHeader || !o.IgnoreVariations || !o.IgnoreBookmarks || !o.IgnoreEndings {
		t.Errorf("%+v", o)
	}
	if err := new(CompareOptions).SetIgnore([]string{"moves"}); err == nil {
		t.Error("SetIgnore accepts moves")
	}
}
