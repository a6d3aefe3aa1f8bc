package batch

import (
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/report"
)

// TestFormatTable checks that readers and writers join into one row per
// format, and both forms of the table.
func TestFormatTable(t *testing.T) {
	rows := FormatTable(false)
	byName := map[string]report.FormatInfo{}
	for _, r := range rows {
		if _, dup := byName[r.Name]; dup {
			t.Errorf("%s listed twice", r.Name)
		}
		byName[r.Name] = r
	}
	if k := byName["kif"]; !k.Read || !k.Write || k.Encoding == "" || k.Extensions[0] != ".kif" {
		t.Errorf("kif: %+v", k)
	}
	if s := byName["svg"]; s.Read || !s.Write {
		t.Errorf("svg: %+v", s)
	}
	for _, name := range []string{"hcpe", "psv", "positions"} {
		if _, ok := byName[name]; ok {
			t.Errorf("%s is listed among the record formats", name)
		}
	}
	training := FormatTable(true)
	if len(training) != 3 || training[0].Name != "hcpe" || training[0].Read || !training[0].Write {
		t.Errorf("training outputs: %+v", training)
	}
	var text, js bytes.Buffer
	if err := report.WriteFormatTable(&text, rows, false); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteFormatTable(&js, rows, true); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(text.Bytes(), []byte("FORMAT   READ  WRITE")) || !bytes.HasPrefix(js.Bytes(), []byte("[\n  {\n    \"name\": ")) {
		t.Errorf("text:\n%s\njson:\n%s", text.String(), js.String())
	}
}
