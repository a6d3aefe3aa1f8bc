package render

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// usiRecord returns a record from the start position with the USI moves
// given, and an ending when end is not NoEnding.
func usiRecord(t *testing.T, end shogi.EndingKind, moves ...string) *shogi.Record {
	t.Helper()
	r := shogi.NewRecord(shogi.StartPosition())
	n := r.Root
	for _, s := range moves {
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		n = r.AddChild(n, m, shogi.Ending{})
	}
	if end != shogi.NoEnding {
		r.AddChild(n, 0, shogi.Ending{Kind: end})
	}
	return r
}

func TestDisplayMoveText(t *testing.T) {
	tests := []struct {
		notation string
		ascii    bool
		want     string
	}{
		{"japanese", false, "▲７六歩"},
		{"western", false, "▲７六歩  P-7f"},
		{"usi", false, "▲７六歩  7g7f"},
		{"japanese", true, "7g7f"},
		{"hosking", true, "P76"},
	}
	pos := shogi.StartPosition()
	m, _ := shogi.ParseUSIMove("7g7f")
	for _, tt := range tests {
		d, err := NewDisplay(Board{ASCII: tt.ascii}, tt.notation)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.MoveText(&pos, m); got != tt.want {
			t.Errorf("%s ascii=%v: %q, want %q", tt.notation, tt.ascii, got, tt.want)
		}
	}
	if _, err := NewDisplay(Board{}, "kanji"); err == nil || !strings.Contains(err.Error(), "--notation") {
		t.Errorf("NewDisplay(kanji): %v", err)
	}
}

// TestDrawMainLine checks which positions are drawn for each ply, and the
// errors of a ply the main line does not reach.
func TestDrawMainLine(t *testing.T) {
	legal := usiRecord(t, shogi.Resign, "7g7f", "3c3d")
	illegal := usiRecord(t, shogi.NoEnding, "7g7f", "7g7f")
	tests := []struct {
		name   string
		rec    *shogi.Record
		ply    int
		all    bool
		boards int
		last   string // in the last board drawn
		err    string
	}{
		{"end", legal, -1, false, 1, "投了", ""},
		{"start", legal, 0, false, 1, "手数＝0", ""},
		{"ply 1", legal, 1, false, 1, "▲７六歩", ""},
		{"all", legal, -1, true, 3, "投了", ""},
		{"past the end", legal, 3, false, 0, "", "--ply 3: the main line has only 2 moves"},
		// Moves are played as recorded (shogi.Position.PlayRecorded), so
		// the last position is after the illegal move, captioned with the
		// rule it breaks, and so is that move's ply.
		{"illegal last move", illegal, -1, false, 1, "(no piece on the origin square)", ""},
		{"at an illegal move", illegal, 2, false, 1, "手数＝2", ""},
		{"past an illegal move", illegal, 3, false, 0, "", "--ply 3: the main line has only 2 moves"},
	}
	for _, tt := range tests {
		d, _ := NewDisplay(Board{}, "japanese")
		var b bytes.Buffer
		err := d.DrawMainLine(&b, tt.rec, tt.ply, tt.all)
		if tt.err != "" {
			var pe *PlyError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q…", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		boards := strings.Split(b.String(), "\n\n")
		if len(boards) != tt.boards || !strings.Contains(boards[len(boards)-1], tt.last) {
			t.Errorf("%s: %d boards, want %d with %q last:\n%s", tt.name, len(boards), tt.boards, tt.last, b.String())
		}
	}
}

// TestDiffReport checks the text and JSON reports of two records that
// differ in a header and in their second move.
func TestDiffReport(t *testing.T) {
	a := usiRecord(t, shogi.Resign, "7g7f", "3c3d")
	b := usiRecord(t, shogi.NoEnding, "7g7f", "8c8d")
	a.Header.Set(shogi.KeyBlack, "A")
	d := shogi.Compare(a, b, shogi.CompareOptions{})
	disp, _ := NewDisplay(Board{}, "usi")
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
		rep := NewDiffReport(w, &disp, "a.kif", "b.csa", tt.json)
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
