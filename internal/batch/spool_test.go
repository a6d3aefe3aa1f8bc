package batch

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestRecordSpool checks that standard output gets whole records only,
// whether a record is held in memory or, past heldMemory, in a file, and
// that the file goes away.
func TestRecordSpool(t *testing.T) {
	long := strings.Repeat("x", heldMemory+spoolChunk/2)
	tests := []struct {
		name    string
		records []string // written and marked whole, then partial (not marked)
		partial string
		ok      bool
		want    string
	}{
		{"small", []string{"a\n", "b\n"}, "", true, "a\nb\n"},
		{"failed record dropped", []string{"a\n"}, "b", false, "a\n"},
		{"long record", []string{"a\n", long}, "", true, "a\n" + long},
		{"long record failed", []string{"a\n"}, long, false, "a\n"},
		{"long then short", []string{long, "b\n"}, "c", false, long + "b\n"},
		{"nothing", nil, "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			s := &recordSpool{ctx: context.Background(), w: &out}
			for _, r := range tt.records {
				if _, err := s.Write([]byte(r)); err != nil {
					t.Fatal(err)
				}
				if err := s.mark(); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Write([]byte(tt.partial)); err != nil {
				t.Fatal(err)
			}
			var name string
			if s.buf.file != nil {
				name = s.buf.file.Name()
			}
			if err := s.finish(tt.ok); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("output of %d bytes, want %d", out.Len(), len(tt.want))
			}
			if name != "" {
				if _, err := os.Stat(name); err == nil {
					t.Errorf("the held output's file %s is left behind", name)
				}
			}
		})
	}
}
