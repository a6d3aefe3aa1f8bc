package render_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// kakFormats are the two Kakinoki writers with their readers.
var kakFormats = []struct {
	name  string
	write func(w *bytes.Buffer) render.Writer
	read  func(b []byte) parse.Reader
	times bool // the format carries times
}{
	{"kif", func(w *bytes.Buffer) render.Writer { return render.NewKIF(w, render.Options{AllowLoss: true}) },
		func(b []byte) parse.Reader {
			return parse.NewKIF(bytes.NewReader(b), parse.Options{Filename: "out.kif"})
		}, true},
	{"ki2", func(w *bytes.Buffer) render.Writer { return render.NewKI2(w, render.Options{AllowLoss: true}) },
		func(b []byte) parse.Reader {
			return parse.NewKI2(bytes.NewReader(b), parse.Options{Filename: "out.ki2"})
		}, false},
}

// kakTree prints what KIF (or KI2, without times) carries of a record: the
// start, the header without 手合割, and every node with its move, ending,
// time (a zero time and none are alike: KIF writes 0:00 where a record
// with times lacks one), comments and bookmark, variations in order.
func kakTree(rec *shogi.Record, times bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "start %s\n", rec.Start.SFEN())
	for _, f := range rec.Header {
		if f.Key != shogi.KeyHandicap {
			fmt.Fprintf(&sb, "%s=%q\n", f.Key, f.Value)
		}
	}
	type item struct {
		n     *shogi.Node
		depth int
	}
	stack := []item{{rec.Root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		fmt.Fprintf(&sb, "%s%v", strings.Repeat(" ", it.depth), n.Move)
		if n.IsEnd() {
			fmt.Fprintf(&sb, " end=%v/%s", n.End().Kind, n.End().Word)
		}
		if times && n.Time().Elapsed != 0 {
			fmt.Fprintf(&sb, " t=%v", n.Time().Elapsed)
		}
		fmt.Fprintf(&sb, " %q %q\n", n.Comments(), n.Bookmark())
		for i := n.NumChildren() - 1; i >= 0; i-- {
			d := it.depth
			if i > 0 {
				d++
			}
			stack = append(stack, item{n.Child(i), d})
		}
	}
	return sb.String()
}

func readOne(t *testing.T, r parse.Reader, text []byte) *shogi.Record {
	t.Helper()
	rec, err := r.Read()
	if err != nil {
		t.Fatalf("reading our own output: %v\n%s", err, text)
	}
	for _, w := range r.Warnings() {
		// An ending word KIF does not know (a record's own) is kept, with a warning.
		if !errors.Is(w, parse.ErrUnknownEnd) {
			t.Errorf("reading our own output: %v\n%s", w, text)
		}
	}
	return rec
}

// Every golden record, written, read back and written again, gives the
// same bytes and the same record.
func TestKakinokiRoundTrip(t *testing.T) {
	for name, rec := range kakRecords(t) {
		for _, f := range kakFormats {
			t.Run(name+"."+f.name, func(t *testing.T) {
				var out bytes.Buffer
				first := writeWith(t, f.write(&out), &out, rec)
				back := readOne(t, f.read(first), first)
				second := writeWith(t, f.write(&out), &out, back)
				if !bytes.Equal(first, second) {
					t.Errorf("written again differs:\n--- first\n%s\n--- second\n%s", first, second)
				}
				if want, got := kakTree(rec, f.times), kakTree(back, f.times); want != got {
					t.Errorf("record read back differs:\n--- wrote\n%s\n--- read\n%s", want, got)
				}
			})
		}
	}
}

// Every KIF and KI2 file of the shared corpus that reads, written in both
// formats, reads back and is written again byte for byte.
func TestKakinokiCorpusIdempotent(t *testing.T) {
	var files []string
	for _, pat := range []string{"kif/*", "ki2/*"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", pat))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no shared corpus")
	}
	read := 0
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := charset.Decode(raw)
		if err != nil {
			continue
		}
		var r parse.Reader = parse.NewKIF(bytes.NewReader(text), parse.Options{})
		if strings.HasPrefix(filepath.Ext(file), ".ki2") {
			r = parse.NewKI2(bytes.NewReader(text), parse.Options{})
		}
		rec, err := r.Read()
		if err != nil {
			continue // INVALID.txt files and what the reader rejects are its tests' business
		}
		read++
		for _, f := range kakFormats {
			t.Run(filepath.Base(file)+"."+f.name, func(t *testing.T) {
				var out bytes.Buffer
				first := writeWith(t, f.write(&out), &out, rec)
				back, err := f.read(first).Read()
				if err != nil {
					t.Fatalf("reading our own output: %v\n%s", err, first)
				}
				second := writeWith(t, f.write(&out), &out, back)
				if !bytes.Equal(first, second) {
					t.Errorf("written again differs:\n--- first\n%s\n--- second\n%s", first, second)
				}
			})
		}
	}
	t.Logf("%d of %d files read", read, len(files))
}
