package report

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/mattn/go-runewidth"
)

func infoRows(t testing.TB) []InfoRow {
	t.Helper()
	r := shogi.NewRecord(shogi.StartPosition())
	r.Header.Set(shogi.KeyBlack, "羽生\t善治")
	r.Header.Set(shogi.KeyWhite, "b")
	s := shogi.Summarize(r)
	long := s
	long.Black, long.Plies = "a much longer name", 123
	return []InfoRow{
		{Path: "a.kif", Game: 1, Format: "kif", Encoding: "utf-8", Summary: s},
		{Path: "dir/b\x1b.csa", Game: 12, Format: "csa", Encoding: "shift_jis", Summary: long},
	}
}

// TestInfoWriter checks every format of info on two rows: the header,
// escaped control characters, null and number values in JSON, and the
// table's alignment (numbers right, display width).
func TestInfoWriter(t *testing.T) {
	rows := infoRows(t)
	tests := []struct {
		format string
		fields []string
		want   string
	}{
		{"table", []string{"game", "path", "black", "event", "plies"},
			"game  path           black               event  plies\n" +
				"   1  a.kif          羽生\\t善治          -          0\n" +
				"  12  dir/b\\x1b.csa  a much longer name  -        123\n"},
		{"tsv", []string{"path", "black", "plies"},
			"path\tblack\tplies\na.kif\t羽生\\t善治\t0\ndir/b\\x1b.csa\ta much longer name\t123\n"},
		{"csv", []string{"game", "black", "event"},
			"game,black,event\n1,羽生\t善治,\n12,a much longer name,\n"},
		{"jsonl", []string{"game", "event", "plies"},
			"{\"game\": 1, \"event\": null, \"plies\": 0}\n{\"game\": 12, \"event\": null, \"plies\": 123}\n"},
		{"json", []string{"path", "handicap"},
			"[\n  {\"path\": \"a.kif\", \"handicap\": \"平手\"},\n  {\"path\": \"dir/b\\u001b.csa\", \"handicap\": \"平手\"}\n]\n"},
		{"json", []string{"path"}, "[]\n"},
	}
	for _, tt := range tests {
		fields, err := PickInfoFields(tt.fields, nil)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		bw := bufio.NewWriter(&b)
		w := NewInfoWriter(bw, InfoOptions{Format: tt.format, Fields: fields, Cond: runewidth.NewCondition()})
		if tt.want != "[]\n" {
			for i := range rows {
				w.Row(InfoValues(fields, &rows[i]))
			}
		}
		w.End()
		bw.Flush()
		if b.String() != tt.want {
			t.Errorf("%s %v:\ngot  %q\nwant %q", tt.format, tt.fields, b.String(), tt.want)
		}
	}
	if _, err := PickInfoFields([]string{"nope"}, nil); err == nil {
		t.Error("PickInfoFields accepts an unknown field")
	}
}

// TestInfoTableStreams checks that a table longer than the rows it holds
// to measure is written whole, the later rows in the measured columns: a
// longer value overflows its column, the columns stay as measured.
func TestInfoTableStreams(t *testing.T) {
	rows := infoRows(t)
	fields, _ := PickInfoFields([]string{"game", "black", "plies"}, nil)
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	w := NewInfoWriter(bw, InfoOptions{Format: "table", Fields: fields, Cond: runewidth.NewCondition(), measure: 1})
	for i := range rows {
		w.Row(InfoValues(fields, &rows[i]))
	}
	w.End()
	bw.Flush()
	want := "game  black       plies\n" +
		"   1  羽生\\t善治      0\n" +
		"  12  a much longer name    123\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestInfoTableWideCell checks that a cell wider than TableColumn overflows
// its column instead of padding every row to its width: the table of n
// rows stays linear in its input.
func TestInfoTableWideCell(t *testing.T) {
	rows := infoRows(t)
	fields, _ := PickInfoFields([]string{"black", "plies"}, nil)
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	w := NewInfoWriter(bw, InfoOptions{Format: "table", Fields: fields, Cond: runewidth.NewCondition()})
	wide := rows[0]
	wide.Summary.Black = strings.Repeat("x", 1<<20)
	w.Row(InfoValues(fields, &wide))
	const n = 1000
	for range n {
		w.Row(InfoValues(fields, &rows[1]))
	}
	w.End()
	bw.Flush()
	if max := 1<<20 + (n+2)*(TableColumn+10); b.Len() > max {
		t.Errorf("%d bytes of table for a 1 MB cell and %d short rows, want at most %d", b.Len(), n, max)
	}
}

// TestInfoAccuracy checks the accuracy fields: each player's from the
// analysis a record's comments carry, null without one, and null for a
// side none of whose moves is judged.
func TestInfoAccuracy(t *testing.T) {
	const analysed = `手合割：平手
手数----指手---------消費時間--
*#評価値=50
*#エンジン=E
   1 ７六歩(77)
*#評価値=60
*#エンジン=E
   2 ３四歩(33)
*#評価値=900
*#エンジン=E
   3 ２六歩(27)
`
	rd, err := parse.New("kif", strings.NewReader(analysed), parse.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rd.Read()
	if err != nil {
		t.Fatal(err)
	}
	fields, _ := PickInfoFields([]string{"black_accuracy", "white_accuracy"}, nil)
	row := InfoRow{Summary: shogi.Summarize(rec)}
	row.Accuracy, row.Judged = InfoAccuracy(rec)
	vals := InfoValues(fields, &row)
	// Black's 7g7f lost 10 cp; White's 3c3d gave away 960 cp; Black's
	// 2g2f is not judged (no score after it).
	if vals[0] == "" || vals[1] == "" || vals[0] == vals[1] {
		t.Fatalf("accuracies %q", vals)
	}
	row.Accuracy, row.Judged = InfoAccuracy(shogi.NewRecord(shogi.StartPosition()))
	if vals := InfoValues(fields, &row); vals[0] != "" || vals[1] != "" {
		t.Errorf("no analysis: %q", vals)
	}
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	w := NewInfoWriter(bw, InfoOptions{Format: "jsonl", Fields: fields})
	w.Row(InfoValues(fields, &row))
	w.End()
	bw.Flush()
	if want := "{\"black_accuracy\": null, \"white_accuracy\": null}\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// BenchmarkInfoTableWideCell writes tables whose first row holds a cell of
// 1 MB and of 10 MB among 1,000 short rows, and reports the bytes written
// per byte of cell at each size and their ratio: the table stays about as
// long as its input (a 1 MB name made a 1 GB table when every row was
// padded to it).
func BenchmarkInfoTableWideCell(b *testing.B) {
	rows := infoRows(b)
	fields, _ := PickInfoFields([]string{"black", "plies"}, nil)
	perByte := func(size int) float64 {
		var out countingWriter
		bw := bufio.NewWriter(&out)
		w := NewInfoWriter(bw, InfoOptions{Format: "table", Fields: fields, Cond: runewidth.NewCondition()})
		wide := rows[0]
		wide.Summary.Black = strings.Repeat("x", size)
		w.Row(InfoValues(fields, &wide))
		for range 1000 {
			w.Row(InfoValues(fields, &rows[1]))
		}
		w.End()
		bw.Flush()
		return float64(out.n) / float64(size)
	}
	for range b.N {
		small, large := perByte(1<<20), perByte(10<<20)
		b.ReportMetric(small, "out/in-1MB")
		b.ReportMetric(large, "out/in-10MB")
		b.ReportMetric(large/small, "ratio")
	}
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }
