package render

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

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
	if _, err := NewDisplay(Board{}, "kanji"); err == nil || !strings.Contains(err.Error(), "want japanese, western, hosking or usi") {
		t.Errorf("NewDisplay(kanji): %v", err)
	}
}

// TestDrawMainLine checks which positions are drawn for each ply, and the
// errors of a ply the main line does not reach.
func TestDrawMainLine(t *testing.T) {
	legal := shogitest.USIRecord(t, shogi.Resign, "7g7f", "3c3d")
	illegal := shogitest.USIRecord(t, shogi.NoEnding, "7g7f", "7g7f")
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
		{"past the end", legal, 3, false, 0, "", "no ply 3: the main line has only 2 moves"},
		// Moves are played as recorded (shogi.Position.PlayRecorded), so
		// the last position is after the illegal move, captioned with the
		// rule it breaks, and so is that move's ply.
		{"illegal last move", illegal, -1, false, 1, "(no piece on the origin square)", ""},
		{"at an illegal move", illegal, 2, false, 1, "手数＝2", ""},
		{"past an illegal move", illegal, 3, false, 0, "", "no ply 3: the main line has only 2 moves"},
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
