package report_test

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestDiffReport checks the text and JSON reports of two records that
// differ in a header and in their second move.
func TestDiffReport(t *testing.T) {
	a := shogitest.USIRecord(t, shogi.Resign, "7g7f", "3c3d")
	b := shogitest.USIRecord(t, shogi.NoEnding, "7g7f", "8c8d")
	a.Header.Set(shogi.KeyBlack, "A")
	d := shogi.Compare(a, b, shogi.CompareOptions{})
	disp, _ := render.NewDisplay(render.Board{}, "usi")
	tests := []struct {
		json bool
		want []string
	}{
		{false, []string{"--- a.kif\n+++ b.csa\n", "header 先手: \"A\" != (missing)\n", "main lines part at ply 2:\n  A: △３四歩  3c3d\n  B: △８四歩  8c8d\n"}},
		{true, []string{"\"a\": \"a.kif\"", "\"divergence_text\": [\n        \"△３四歩  3c3d\",", "\"games\": [\n    1,\n    1\n  ],\n  \"equal\": false\n}\n"}},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		rep := report.NewDiffReport(w, &disp, "a.kif", "b.csa", tt.json)
		rep.Game(1, d, a, b)
		rep.End([2]int{1, 1}, false)
		w.Flush()
		for _, s := range tt.want {
			if !strings.Contains(out.String(), s) {
				t.Errorf("json=%v: no %q in\n%s", tt.json, s, out.String())
			}
		}
	}
}
