package shogitest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi"
)

// WriteFiles writes files (path under dir: content) for a test, making
// their directories.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// USIRecord returns a record from the even start with the USI moves given
// and, unless end is NoEnding, that ending.
func USIRecord(t testing.TB, end shogi.EndingKind, moves ...string) *shogi.Record {
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
