package shogi

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// buildLine adds USI moves (or "resign"/"foul_lose" endings) below parent
// and returns the last node.
func buildLine(t *testing.T, r *Record, parent *Node, moves string) *Node {
	t.Helper()
	n := parent
	for _, f := range strings.Fields(moves) {
		switch f {
		case "resign":
			n = r.AddChild(n, 0, Ending{Kind: Resign})
		case "foul_lose":
			n = r.AddChild(n, 0, Ending{Kind: FoulLose, Side: White})
		case "illegal_move":
			n = r.AddChild(n, 0, Ending{Kind: IllegalMove})
		case "white_illegal_action":
			n = r.AddChild(n, 0, Ending{Kind: IllegalAction, Side: White})
		case "sealed":
			n = r.AddChild(n, 0, Ending{Kind: Unknown, Word: "封じ手"})
		default:
			m, err := ParseUSIMove(f)
			if err != nil {
				t.Fatal(err)
			}
			n = r.AddChild(n, m, Ending{})
		}
	}
	return n
}

func TestCompare(t *testing.T) {
	mapKeys := func(k string) string {
		switch k {
		case "N+":
			return KeyBlack
		case KeyHandicap:
			return ""
		}
		return k
	}
	type build func(t *testing.T) (*Record, *Record)
	game := func(a, b string, edit func(t *testing.T, ra, rb *Record)) build {
		return func(t *testing.T) (*Record, *Record) {
			ra, rb := NewRecord(StartPosition()), NewRecord(StartPosition())
			buildLine(t, ra, ra.Root, a)
			buildLine(t, rb, rb.Root, b)
			if edit != nil {
				edit(t, ra, rb)
			}
			return ra, rb
		}
	}
	tests := []struct {
		name  string
		build build
		opt   CompareOptions
		check func(t *testing.T, d *RecordDiff)
	}{
		{"same game", game("7g7f 3c3d resign", "7g7f 3c3d resign", nil), CompareOptions{}, nil},
		{"mapped header keys", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyBlack, "羽生")
			a.Header.Add(KeyHandicap, "平手")
			b.Header.Add("N+", "羽生 ")
		}), CompareOptions{HeaderKey: mapKeys}, nil},
		{"unmapped header keys", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyBlack, "羽生")
			b.Header.Add("N+", "羽生")
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Header) != 2 || d.Header[0].Key != KeyBlack || d.Header[0].B != nil || *d.Header[0].A != "羽生" ||
				d.Header[1].Key != "N+" || d.Header[1].A != nil {
				t.Errorf("header diff %+v", d.Header)
			}
		}},
		{"header value", game("", "", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyEvent, "竜王戦")
			b.Header.Add(KeyEvent, "名人戦")
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Header) != 1 || *d.Header[0].A != "竜王戦" || *d.Header[0].B != "名人戦" {
				t.Errorf("header diff %+v", d.Header)
			}
		}},
		{"header ignored", game("", "", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyEvent, "竜王戦")
		}), CompareOptions{IgnoreHeader: true}, nil},
		{"start position", func(t *testing.T) (*Record, *Record) {
			return NewRecord(StartPosition()), NewRecord(LanceHC.Position())
		}, CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if d.Start == nil || !strings.HasPrefix(d.Start.B, "lnsgkgsn1/") {
				t.Errorf("start diff %+v", d.Start)
			}
		}},
		{"move differs", game("7g7f 3c3d 2g2f", "7g7f 3c3d 6g6f", nil), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if v := d.Divergence; v == nil || v.Ply != 3 || v.A != "2g2f" || v.B != "6g6f" || v.ANode.Ply() != 3 {
				t.Errorf("divergence %+v", v)
			}
		}},
		{"shorter line", game("7g7f 3c3d", "7g7f", nil), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if v := d.Divergence; v == nil || v.Ply != 2 || v.A != "3c3d" || v.B != "" || v.BNode != nil {
				t.Errorf("divergence %+v", v)
			}
		}},
		{"ending differs", game("7g7f resign", "7g7f sealed", nil), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if v := d.Divergence; v == nil || v.A != "resign" || v.B != "unknown:封じ手" {
				t.Errorf("divergence %+v", v)
			}
		}},
		{"illegal action named by side", game("7g7f white_illegal_action", "7g7f foul_lose", nil), CompareOptions{}, nil},
		{"CSA illegal move is KIF foul loss", game("7g7f illegal_move", "7g7f foul_lose", nil), CompareOptions{}, nil},
		{"comments", game("7g7f 3c3d", "7g7f 3c3d", func(t *testing.T, a, b *Record) {
			a.SetComments(a.Root, []string{"序盤", ""})
			b.SetComments(b.Root, []string{"序盤  "})
			a.SetComments(a.NodeAt(2), []string{"好手"})
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Comments) != 1 || d.Comments[0].Ply != 2 || d.Comments[0].A != "好手" || d.Comments[0].B != "" || !d.Comments[0].Main {
				t.Errorf("comment diffs %+v", d.Comments)
			}
		}},
		{"comments ignored", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.SetComments(a.NodeAt(1), []string{"好手"})
		}), CompareOptions{IgnoreComments: true}, nil},
		{"times", game("7g7f 3c3d 2g2f", "7g7f 3c3d 2g2f", func(t *testing.T, a, b *Record) {
			a.SetTime(a.NodeAt(1), MoveTime{Elapsed: 0, HasTime: true, Total: time.Second, HasTotal: true}) // 0 stated = unstated
			a.SetTime(a.NodeAt(2), MoveTime{Elapsed: 3 * time.Second, HasTime: true, Total: 3 * time.Second, HasTotal: true})
			b.SetTime(b.NodeAt(2), MoveTime{Elapsed: 3 * time.Second, HasTime: true})
			a.SetTime(a.NodeAt(3), MoveTime{Elapsed: 5 * time.Second, HasTime: true})
			b.SetTime(b.NodeAt(3), MoveTime{Elapsed: 4 * time.Second, HasTime: true})
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Times) != 1 || d.Times[0].Ply != 3 || d.Times[0].A != "5s" || d.Times[0].B != "4s" {
				t.Errorf("time diffs %+v", d.Times)
			}
		}},
		{"variations in another order", game("7g7f 3c3d", "7g7f 3c3d", func(t *testing.T, a, b *Record) {
			buildLine(t, a, a.NodeAt(1), "8c8d")
			buildLine(t, a, a.NodeAt(1), "4a3b resign")
			buildLine(t, b, b.NodeAt(1), "4a3b resign")
			buildLine(t, b, b.NodeAt(1), "8c8d")
		}), CompareOptions{}, nil},
		{"variation only in one", game("7g7f 3c3d", "7g7f 3c3d", func(t *testing.T, a, b *Record) {
			buildLine(t, a, a.NodeAt(1), "8c8d 2g2f")
			buildLine(t, b, b.NodeAt(1), "8c8d 6g6f")
			buildLine(t, b, b.Root, "2g2f")
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Variations) != 2 {
				t.Fatalf("variation diffs %+v", d.Variations)
			}
			if v := d.Variations[0]; v.Ply != 1 || v.A != "" || v.B != "2g2f" || v.Main {
				t.Errorf("first %+v", v)
			}
			if v := d.Variations[1]; v.Ply != 3 || v.A != "2g2f" || v.B != "6g6f" || len(v.Path) != 3 || v.Path[1] != 1 {
				t.Errorf("second %+v", v)
			}
		}},
		{"variations ignored", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			buildLine(t, a, a.Root, "2g2f")
		}), CompareOptions{IgnoreVariations: true}, nil},
		{"bookmarks", game("7g7f 3c3d", "7g7f 3c3d", func(t *testing.T, a, b *Record) {
			a.SetBookmark(a.NodeAt(2), "角道")
		}), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			if len(d.Bookmarks) != 1 || d.Bookmarks[0].Ply != 2 || d.Bookmarks[0].A != "角道" || d.Bookmarks[0].B != "" {
				t.Errorf("bookmark diffs %+v", d.Bookmarks)
			}
		}},
		{"bookmarks ignored", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.SetBookmark(a.NodeAt(1), "x")
		}), CompareOptions{IgnoreBookmarks: true}, nil},
		{"endings ignored", game("7g7f 3c3d resign", "7g7f 3c3d", func(t *testing.T, a, b *Record) {
			buildLine(t, a, a.Root, "2g2f resign")
			buildLine(t, b, b.Root, "2g2f")
		}), CompareOptions{IgnoreEndings: true}, nil},
		{"endings differ", game("7g7f resign", "7g7f", nil), CompareOptions{}, func(t *testing.T, d *RecordDiff) {
			js, _ := json.Marshal(d.Divergence)
			if string(js) != `{"ply":2,"a":"resign","b":null}` {
				t.Errorf("divergence %s", js)
			}
		}},
		{"text mapped", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyEvent, "A〜B")
			b.Header.Add(KeyEvent, "A～B")
			a.SetComments(a.NodeAt(1), []string{"x〜y"})
			b.SetComments(b.NodeAt(1), []string{"x～y"})
		}), CompareOptions{Text: func(s string) string { return strings.ReplaceAll(s, "〜", "～") }}, nil},
		{"normalised header", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyStartTime, "2014/09/02(火) 10:00")
			a.Header.Add(KeyBlack, "")
			a.Header.Add(KeyEvent, "竜王戦")
			b.Header.Add(KeyEvent, "竜王戦")
			b.Header.Add(KeyStartTime, "2014/09/02 10:00:00")
		}), CompareOptions{NormalizeHeader: true}, nil},
		{"対局日 as 開始日時", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyDate, "2014/09/02")
			b.Header.Add(KeyStartTime, "2014/09/02")
		}), CompareOptions{NormalizeHeader: true}, nil},
		{"normalised header still differs", game("7g7f", "7g7f", func(t *testing.T, a, b *Record) {
			a.Header.Add(KeyStartTime, "2014/09/02 10:00")
			b.Header.Add(KeyStartTime, "2014/09/02 10:01:00")
		}), CompareOptions{NormalizeHeader: true}, func(t *testing.T, d *RecordDiff) {
			if len(d.Header) != 1 || *d.Header[0].A != "2014/09/02 10:00:00" {
				t.Errorf("header diffs %+v", d.Header)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := tt.build(t)
			d := Compare(a, b, tt.opt)
			if tt.check == nil {
				if !d.Equal() {
					js, _ := json.Marshal(d)
					t.Errorf("want no difference, got %s", js)
				}
				return
			}
			if d.Equal() {
				t.Fatal("want a difference, got none")
			}
			tt.check(t, d)
		})
	}
}

// TestCompareJSON pins the JSON shape that `kifconv diff --format json`
// prints: every key present, lists never null.
func TestCompareJSON(t *testing.T) {
	a, b := NewRecord(StartPosition()), NewRecord(StartPosition())
	buildLine(t, a, a.Root, "7g7f")
	buildLine(t, b, b.Root, "2g2f")
	got, err := json.Marshal(Compare(a, b, CompareOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"header":[],"start":null,"divergence":{"ply":1,"a":"7g7f","b":"2g2f"},"comments":[],"times":[],"bookmarks":[],"variations":[]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestCompareDeepLine makes sure a long main line is compared without
// recursion.
func TestCompareDeepLine(t *testing.T) {
	if testing.Short() {
		t.Skip("long line")
	}
	a, b := NewRecord(StartPosition()), NewRecord(StartPosition())
	cycle := "2h3h 8b7b 3h2h 7b8b "
	buildLine(t, a, a.Root, strings.Repeat(cycle, 25000))
	buildLine(t, b, b.Root, strings.Repeat(cycle, 25000))
	if d := Compare(a, b, CompareOptions{}); !d.Equal() {
		t.Errorf("difference in identical 100000-ply lines: %+v", d.Divergence)
	}
}
