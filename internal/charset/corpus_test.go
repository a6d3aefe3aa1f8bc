package charset

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus checks detection and decoding of every file of the shared
// corpus against the encoding SOURCES.tsv gives for it.
func TestCorpus(t *testing.T) {
	const dir = "../../../shared/corpus"
	f, err := os.Open(filepath.Join(dir, "SOURCES.tsv"))
	if err != nil {
		t.Skip("no shared corpus:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 6 || cols[0] == "local_path" {
			continue
		}
		path, stated := cols[0], cols[5]
		var want Encoding
		switch {
		case strings.HasPrefix(stated, "UTF-8"), stated == "ASCII":
			want = UTF8
		case strings.HasPrefix(stated, "Shift_JIS"), strings.HasPrefix(stated, "CP932"):
			want = ShiftJIS
		case stated == "EUC-JP":
			want = EUCJP
		default:
			t.Errorf("%s: unknown encoding %q in SOURCES.tsv", path, stated)
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Error(err)
			continue
		}
		n++
		text, enc, err := Decode(src)
		if enc != want {
			t.Errorf("%s: detected %s, SOURCES.tsv says %s", path, enc, stated)
		}
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
		r, _, err := NewReader(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(r); err != nil {
			t.Errorf("%s: streaming: %v", path, err)
		} else if string(got) != string(text) {
			t.Errorf("%s: streaming and whole-input decoding differ", path)
		}
	}
	t.Logf("%d corpus files", n)
}
