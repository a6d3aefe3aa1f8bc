package main

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

func usiLine(t *testing.T, r *shogi.Record, parent *shogi.Node, moves string) *shogi.Node {
	t.Helper()
	n := parent
	for _, f := range strings.Fields(moves) {
		if f == "foul" {
			n = r.AddChild(n, 0, shogi.Ending{Kind: shogi.FoulLose})
			continue
		}
		m, err := shogi.ParseUSIMove(f)
		if err != nil {
			t.Fatal(err)
		}
		n = r.AddChild(n, m, shogi.Ending{})
	}
	return n
}

func secs(elapsed, total int) shogi.MoveTime {
	return shogi.MoveTime{Elapsed: time.Duration(elapsed) * time.Second, HasTime: true,
		Total: time.Duration(total) * time.Second, HasTotal: true}
}

func TestCheckRecord(t *testing.T) {
	tests := []struct {
		name  string
		build func(t *testing.T) *shogi.Record
		want  []string // "severity code ply"
	}{
		{"clean game", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d 8h2b+")
			r.Header.Add("手数", "３")
			r.Header.Add(shogi.KeyHandicap, "平手")
			return r
		}, nil},
		{"illegal move in a variation", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d")
			usiLine(t, r, r.NodeAt(1), "8c8d 8h2b")
			return r
		}, []string{"error unreachable 3"}},
		{"documented foul", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d 7g7f foul")
			return r
		}, nil},
		{"move count header", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d")
			r.Header.Add("手数", "77")
			return r
		}, []string{"warning move-count 0"}},
		{"handicap header against the board", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			r.Header.Add(shogi.KeyHandicap, "香落ち")
			return r
		}, []string{"warning handicap-mismatch 0"}},
		{"impossible start", func(t *testing.T) *shogi.Record {
			p, err := shogi.ParseSFEN("4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1")
			if err != nil {
				t.Fatal(err)
			}
			return shogi.NewRecord(p)
		}, []string{"warning nifu 0"}},
		{"totals add up, truncated per move", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d 2g2f 8c8d")
			r.NodeAt(1).Time = secs(10, 10)
			r.NodeAt(2).Time = secs(5, 5)
			r.NodeAt(3).Time = secs(0, 11) // 10.6 s + 0.6 s written as whole seconds
			r.NodeAt(4).Time = secs(3, 8)
			return r
		}, nil},
		{"totals do not add up", func(t *testing.T) *shogi.Record {
			r := shogi.NewRecord(shogi.StartPosition())
			usiLine(t, r, r.Root, "7g7f 3c3d 2g2f")
			r.NodeAt(1).Time = secs(10, 10)
			r.NodeAt(2).Time = secs(5, 5)
			r.NodeAt(3).Time = secs(4, 20)
			return r
		}, []string{"warning time-total 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range checkRecord("x", 1, tt.build(t)) {
				got = append(got, d.Severity+" "+d.Code+" "+strconv.Itoa(d.Ply))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLocalRel(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b.kif", "a/b.kif"},
		{"./a/../b.kif", "b.kif"},
		{"../../kifu/a.kif", "kifu/a.kif"},
		{"/abs/path/a.kif", "abs/path/a.kif"},
		{"..", "_"},
		{"../..", "_"},
		{"a/../../b.kif", "b.kif"},
	}
	for _, tt := range tests {
		if got := localRel(tt.in); got != tt.want {
			t.Errorf("localRel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReadList(t *testing.T) {
	tests := []struct {
		in   string
		nul  bool
		want []string
	}{
		{"a.kif\nb c.kif\r\n\n", false, []string{"a.kif", "b c.kif"}},
		{"a.kif\x00with\nnewline.kif\x00", true, []string{"a.kif", "with\nnewline.kif"}},
		{"last-without-end", false, []string{"last-without-end"}},
	}
	for _, tt := range tests {
		got, err := readList(strings.NewReader(tt.in), tt.nul)
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("readList(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCheckSummary(t *testing.T) {
	game := func(t *testing.T, end shogi.EndingKind) *shogi.Record {
		r := shogi.NewRecord(shogi.StartPosition())
		n := usiLine(t, r, r.Root, "7g7f 3c3d 8h2b+ 3a2b")
		if end != shogi.NoEnding {
			r.AddChild(n, 0, shogi.Ending{Kind: end, Side: shogi.Black})
		}
		return r
	}
	tests := []struct {
		line  string
		end   shogi.EndingKind
		wants int // summary-mismatch warnings
	}{
		{"まで4手で後手の勝ち", shogi.Resign, 0},
		{"まで４手で後手の勝ち", shogi.Resign, 0},
		{"まで4手で先手の勝ち", shogi.Resign, 1},
		{"まで5手で後手の勝ち", shogi.Resign, 1},
		{"まで5手で先手の勝ち", shogi.Resign, 2},
		{"まで4手で中断", shogi.Interrupt, 0},
		{"まで4手で後手の勝ち", shogi.Interrupt, 1},
		{"まで4手で先手の反則負け", shogi.FoulLose, 0},
		{"まで4手で時間切れにより後手の勝ち", shogi.Timeout, 0},
		{"まで4手で千日手", shogi.Sennichite, 0},
		{"まで4手で後手の勝ち", shogi.NoEnding, 0},
		{"not a summary", shogi.Resign, 0},
	}
	for _, tt := range tests {
		got := checkSummary("x.kif", 9, tt.line, game(t, tt.end))
		if len(got) != tt.wants {
			t.Errorf("%s after %v: %d warnings %+v, want %d", tt.line, tt.end, len(got), got, tt.wants)
		}
		for _, d := range got {
			if d.Code != "summary-mismatch" || d.Line != 9 || d.Severity != sevWarning {
				t.Errorf("%s: bad diagnostic %+v", tt.line, d)
			}
		}
	}
}
