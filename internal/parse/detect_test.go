package parse_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestDetectFormat: an extension that names one format decides it; the
// content decides for standard input, unknown extensions and the generic
// .txt and .json.
func TestDetectFormat(t *testing.T) {
	const (
		csa     = "V2.2\nPI\n+\n+7776FU\n"
		kif     = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
		ki2     = "先手：a\n▲７六歩    △３四歩\n"
		sfen    = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
		dead    = "4k3P/9/9/9/9/9/9/9/4K4 b - 1\n" // a pawn that can never move: still SFEN
		usi     = "position startpos moves 7g7f 3c3d\n"
		psnTags = "[Sente \"a\"]\n\n1. P7g-7f P3c-3d\n"
		psnText = "1. P7g-7f P3c-3d\n2. R2h-5h P8c-8d\n*\n"
		hodges  = "Black: a\nWhite: b\n\n1. P-7f P-3d\n2. Bx2b+ Sx2b\n"
		hosking = "Black: a\n\n1. P76 P34\n2. Bx22+ Sx22\n3. G61-52 S'56\n"
		kk      = "Black: a\n\n☗歩-76 ☖歩-34\n☗角x22+ ☖銀x\n"
		bod     = "後手の持駒：なし\n+---------------------------+\n" // nine rows follow
	)
	board := bod + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 9) + "+---------------------------+\n先手の持駒：なし\n"
	tests := []struct {
		name, file, text, want string
	}{
		// The extension decides.
		{"kif extension over CSA content", "x.kif", csa, "kif"},
		{"ki2 extension over KIF content", "x.ki2", kif, "ki2"},
		{"psn extension over ▲△ comments", "x.psn", "{▲７六歩△３四歩}\n1. P7g-7f\n", "psn"},
		{"csa extension", "dir/x.CSA", kif, "csa"},
		{"wst extension", "x.wst", kif, "western"},
		{"hosking extension", "x.hosking", "", "western"},
		{"kk extension", "x.kk", csa, "kk"},
		{"sfen extension", "x.sfen", usi, "sfen"},
		{"usi extension", "x.usi", sfen, "usi"},
		{"bod extension", "x.bod", kif, "bod"},
		{"kifu extension", "x.kifu", "", "kif"},
		{"ki2u extension", "x.ki2u", "", "ki2"},
		{"jkf extension", "x.jkf", "", "jkf"},
		// The content decides.
		{"stdin csa", "-", csa, "csa"},
		{"stdin kif", "-", kif, "kif"},
		{"stdin ki2", "-", ki2, "ki2"},
		{"ki2 without spaces", "", "▲７六歩△３四歩", "ki2"},
		{"ki2 after a header, in a text file", "x.txt", ki2, "ki2"},
		{"kif header only", "x.txt", "先手：a\n後手：b\n", "kif"},
		{"stdin sfen", "-", sfen, "sfen"},
		{"sfen without a move number", "-", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -\n", "sfen"},
		{"sfen of an impossible position", "-", dead, "sfen"},
		{"sfen with a prefix", "-", "sfen " + sfen, "sfen"},
		{"two sfen lines", "-", sfen + dead, "sfen"},
		{"usi", "-", usi, "usi"},
		{"usi from startpos", "-", "startpos moves 7g7f\n", "usi"},
		{"usi from sfen", "-", "sfen " + strings.TrimSpace(sfen) + " moves 7g7f\n", "usi"},
		{"psn tags", "-", psnTags, "psn"},
		{"psn move text", "-", psnText, "psn"},
		{"western hodges", "-", hodges, "western"},
		{"western hosking", "-", hosking, "western"},
		{"kk", "-", kk, "kk"},
		{"bod", "-", board, "bod"},
		{"western header, no moves", "-", "Black: a\nWhite: b\nHandicap: rook+bishop\n\n*\n", "western"},
		{"psn tag in Japanese", "-", "[表題 \"t\"]\n[Sente \"a\"]\n\nDeclarationWin\n0-1\n", "psn"},
		{"board in a text file", "x.txt", board, "bod"},
		{"jkf", "x.json", "{\"header\":{},\"moves\":[{}]}\n", "jkf"},
		{"unknown extension", "x.dat", csa, "csa"},
		{"leading BOM and blank lines", "-", "\ufeff\n\n" + csa, "csa"},
		// Nothing to decide on.
		{"json that is not jkf", "x.json", "[1, 2, 3]\n", ""},
		{"prose", "-", "Dear diary,\nto-day I played shogi and lost.\n", ""},
		{"empty", "-", "", ""},
		{"blank", "x.txt", " \n\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parse.DetectFormat(tt.file, []byte(tt.text))
			if d.Format != tt.want {
				t.Fatalf("DetectFormat(%q) = %+v, want %q", tt.file, d, tt.want)
			}
			if d.Reason == "" {
				t.Errorf("no reason given")
			}
			if got := parse.Detect([]byte(tt.text), tt.file); got != tt.want {
				t.Errorf("Detect = %q, want %q", got, tt.want)
			}
		})
	}
	if d := parse.DetectFormat("-", nil); d.Reason != "empty" {
		t.Errorf("empty input: reason %q, want \"empty\"", d.Reason)
	}
}

// readerOf is the reader that reads what a writer writes.
var readerOf = map[string]string{
	"kif": "kif", "kifu": "kif", "ki2": "ki2", "ki2u": "ki2", "csa": "csa", "jkf": "jkf", "psn": "psn",
	"western": "western", "hosking": "western", "kk": "kk", "usi": "usi", "sfen": "sfen", "bod": "bod",
}

// TestDetectWriterOutput: what every writer writes is recognised by its
// content alone (as through a pipe), and the reader it names reads it back
// with the same start and main line (for SFEN and BOD, the position at the
// end of the main line).
func TestDetectWriterOutput(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	opt := shogitest.FullRandomOptions()
	for i := range 40 {
		rec := shogitest.RandomRecord(rng, opt)
		if i%4 == 0 {
			rec.Header = nil // a bare move list, as a pipe often carries
		}
		for _, f := range render.Formats() {
			want, ok := readerOf[f.Name]
			if !ok {
				continue // svg
			}
			var buf bytes.Buffer
			w := f.New(&buf, render.Options{AllowLoss: true})
			err := w.Write(rec)
			if err == nil {
				err = w.Flush()
			}
			if err != nil {
				continue // a record the format cannot hold at all
			}
			d := parse.DetectFormat("-", buf.Bytes())
			if d.Format != want {
				t.Fatalf("game %d, %s output detected as %q (%s), want %q:\n%s", i, f.Name, d.Format, d.Reason, want, head(buf.String()))
			}
			r, err := parse.New(d.Format, bytes.NewReader(buf.Bytes()), parse.Options{Filename: "-"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Read()
			if err != nil {
				t.Fatalf("game %d, %s output does not read back: %v\n%s", i, f.Name, err, head(buf.String()))
			}
			if f.Name == "sfen" || f.Name == "bod" {
				end, err := rec.PositionAt(rec.MainLineEnd())
				if err != nil {
					t.Fatal(err)
				}
				if got.Start.SFEN()[:strings.LastIndexByte(got.Start.SFEN(), ' ')] != end.SFEN()[:strings.LastIndexByte(end.SFEN(), ' ')] {
					t.Fatalf("game %d, %s: read back %s, want %s", i, f.Name, got.Start.SFEN(), end.SFEN())
				}
				continue
			}
			if a, b := mainUSI(rec), mainUSI(got); a != b {
				t.Fatalf("game %d, %s: main line read back\n%s\nwant\n%s", i, f.Name, b, a)
			}
		}
	}
}

// mainUSI gives a record's start and main line moves.
func mainUSI(rec *shogi.Record) string {
	var b strings.Builder
	b.WriteString(rec.Start.SFEN()[:strings.LastIndexByte(rec.Start.SFEN(), ' ')])
	for n := range rec.MainLine() {
		if !n.IsEnd() {
			b.WriteByte(' ')
			b.Write(n.Move.AppendUSI(nil))
		}
	}
	return b.String()
}

func head(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

// TestDetectWriterPositions: records without moves (start positions, with
// and without a header), one alone in every format and one after another
// in each that holds several records in one text, are recognised by their
// content alone and read back, every one of them, with the same start. (The PSN writer
// writes a move-less game of no tags as a lone "*".)
func TestDetectWriterPositions(t *testing.T) {
	var recs []*shogi.Record
	for _, sfen := range []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"4k4/9/9/9/9/9/9/9/4K4 b G 1",
		"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, shogi.NewRecord(p))
	}
	named := shogi.NewRecord(shogi.StartPosition())
	named.Header.Set(shogi.KeyBlack, "a")
	several := map[string]bool{"csa": true, "jkf": true, "psn": true, "usi": true, "sfen": true}
	for _, f := range render.Formats() {
		want, ok := readerOf[f.Name]
		if !ok {
			continue
		}
		sets := [][]*shogi.Record{{recs[0]}, {recs[1]}, {named}}
		if several[f.Name] {
			sets = append(sets, recs, append([]*shogi.Record{named}, recs...))
		}
		for _, set := range sets {
			var buf bytes.Buffer
			w := f.New(&buf, render.Options{AllowLoss: true})
			for _, rec := range set {
				if err := w.Write(rec); err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			d := parse.DetectFormat("-", buf.Bytes())
			// A KIF or KI2 header or board of no moves may be taken for
			// another of the three, whose reader reads it alike.
			if d.Format == "" || d.Format != want && several[f.Name] {
				t.Fatalf("%s output of %d positions detected as %q (%s), want %q:\n%s", f.Name, len(set), d.Format, d.Reason, want, head(buf.String()))
			}
			r, err := parse.New(d.Format, bytes.NewReader(buf.Bytes()), parse.Options{Filename: "-"})
			if err != nil {
				t.Fatal(err)
			}
			for i, rec := range set {
				got, err := r.Read()
				if err != nil {
					t.Fatalf("%s, position %d of %d: %v\n%s", f.Name, i+1, len(set), err, head(buf.String()))
				}
				if a, b := mainUSI(rec), mainUSI(got); a != b {
					t.Fatalf("%s, position %d: read back %s, want %s", f.Name, i+1, b, a)
				}
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("%s: after %d positions: %v, want io.EOF", f.Name, len(set), err)
			}
		}
	}
}
