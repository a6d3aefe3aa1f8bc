package render_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

// svgElement is what the tests need of one element of an SVG document.
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
	group string // id or class of the nearest enclosing <g> that has one
}

// parseSVG checks that doc is well-formed XML with an <svg> root in the SVG
// namespace and returns its elements in document order.
func parseSVG(t *testing.T, doc []byte) []svgElement {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out []svgElement
	var groups []string
	var open []int // index in out of each open element, -1 for <g>
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("element %s outside the SVG namespace", tok.Name.Local)
			}
			e := svgElement{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			if len(groups) > 0 {
				e.group = groups[len(groups)-1]
			}
			if e.name == "g" {
				g := e.attrs["id"]
				if g == "" {
					g = e.attrs["class"]
				}
				if g == "" && len(groups) > 0 {
					g = groups[len(groups)-1]
				}
				groups = append(groups, g)
			}
			out = append(out, e)
			open = append(open, len(out)-1)
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].text += string(tok)
			}
		case xml.EndElement:
			if out[open[len(open)-1]].name == "g" {
				groups = groups[:len(groups)-1]
			}
			open = open[:len(open)-1]
		}
	}
	if len(out) == 0 || out[0].name != "svg" {
		t.Fatal("the root element is not <svg>")
	}
	return out
}

func svgRecord(t *testing.T) *shogi.Record {
	b := newTextBuilder(t, "")
	b.rec.Header.Add(shogi.KeyBlack, "Alice <&> \"A\"")
	b.rec.Header.Add(shogi.KeyWhite, "Bob")
	b.line(b.rec.Root, "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "#resign")
	return b.rec
}

func renderSVG(t *testing.T, rec *shogi.Record, opt render.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := render.NewSVG(&buf, opt)
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSVGStructure checks the picture of the end of a game: an SVG 1.1
// root with its size, one glyph per piece on the board (Gote's turned),
// the pieces in hand, both names (escaped) and the last move's squares.
func TestSVGStructure(t *testing.T) {
	rec := svgRecord(t)
	doc := renderSVG(t, rec, render.Options{})
	els := parseSVG(t, doc)
	root := els[0].attrs
	if root["version"] != "1.1" || root["width"] == "" || root["height"] == "" ||
		root["viewBox"] != "0 0 "+root["width"]+" "+root["height"] {
		t.Errorf("root attributes %v", root)
	}
	pos, _ := rec.PositionAt(rec.MainLineEnd())
	var board, turned, hand int
	var desc, names string
	var hi []string
	for _, e := range els {
		switch {
		case e.name == "desc":
			desc = e.text
		case e.name == "text" && e.group == "pieces":
			board++
			if strings.HasPrefix(e.attrs["transform"], "rotate(180 ") {
				turned++
			}
		case e.name == "text" && e.attrs["class"] == "hand-piece":
			hand++
		case e.name == "text" && e.group == "players":
			names += e.text + "|"
		case e.name == "rect" && strings.HasPrefix(e.attrs["class"], "last-"):
			hi = append(hi, e.attrs["class"]+"@"+e.attrs["x"]+","+e.attrs["y"])
		}
	}
	var onBoard, white int
	for s := shogi.Square(0); s < 81; s++ {
		if p := pos.At(s); p != shogi.NoPiece {
			onBoard++
			if p.Color() == shogi.White {
				white++
			}
		}
	}
	if board != onBoard || turned != white {
		t.Errorf("%d pieces on the board (%d turned), want %d (%d)", board, turned, onBoard, white)
	}
	if hand != 1 { // White holds the bishop; Black dropped its own
		t.Errorf("%d kinds in hand, want 1", hand)
	}
	if desc != pos.SFEN() {
		t.Errorf("desc %q, want the SFEN %q", desc, pos.SFEN())
	}
	if !strings.Contains(names, "☖後手  Bob|") || !strings.Contains(names, "☗先手  Alice <&> \"A\"|") || !strings.Contains(names, "5手目  ☗４五角|") {
		t.Errorf("names and caption %q", names)
	}
	// B*4e: the destination only, file 4 is the sixth column, rank e the fifth row.
	x, y := svgSquare(t, els, 4, 5)
	if want := "last-to@" + x + "," + y; len(hi) != 1 || hi[0] != want {
		t.Errorf("highlighted %v, want [%s]", hi, want)
	}
	if !bytes.Equal(doc, renderSVG(t, rec, render.Options{})) {
		t.Error("two renderings of the same record differ")
	}
}

// svgSquare returns the corner of square (file, rank) from the board
// rectangle and the coordinates' text, as a person would locate it.
func svgSquare(t *testing.T, els []svgElement, file, rank int) (string, string) {
	var bx, by, w, h int
	for _, e := range els {
		if e.name == "rect" && e.group == "board" && e.attrs["fill"] == "#f5deb3" {
			bx, _ = strconv.Atoi(e.attrs["x"])
			by, _ = strconv.Atoi(e.attrs["y"])
			w, _ = strconv.Atoi(e.attrs["width"])
			h, _ = strconv.Atoi(e.attrs["height"])
		}
	}
	if w == 0 {
		t.Fatal("no board rectangle")
	}
	return strconv.Itoa(bx + (9-file)*w/9), strconv.Itoa(by + (rank-1)*h/9)
}

func TestSVGPly(t *testing.T) {
	rec := svgRecord(t)
	tests := []struct {
		ply       int
		pieces    int
		highlight int
	}{
		{0, 40, 0},
		{1, 40, 2},
		{3, 39, 2},
	}
	for _, tt := range tests {
		els := parseSVG(t, renderSVG(t, rec, render.Options{Ply: tt.ply, PlySet: true}))
		var pieces, hi int
		for _, e := range els {
			if e.name == "text" && e.group == "pieces" {
				pieces++
			}
			if e.name == "rect" && strings.HasPrefix(e.attrs["class"], "last-") {
				hi++
			}
		}
		if pieces != tt.pieces || hi != tt.highlight {
			t.Errorf("ply %d: %d pieces, %d highlighted; want %d, %d", tt.ply, pieces, hi, tt.pieces, tt.highlight)
		}
	}
	var buf bytes.Buffer
	if err := render.NewSVG(&buf, render.Options{Ply: 9, PlySet: true}).Write(rec); err == nil {
		t.Error("ply 9 of a 5-move game: no error")
	}
}

// TestSVGAllPlies checks the sequence for --svg-all: one document per
// position of the main line, each starting with its XML declaration.
func TestSVGAllPlies(t *testing.T) {
	rec := svgRecord(t)
	frames, err := render.SVGFrames(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != 6 {
		t.Fatalf("%d frames, want 6 (the start and five moves)", len(frames))
	}
	stream := renderSVG(t, rec, render.Options{AllPlies: true})
	if !bytes.Equal(stream, bytes.Join(frames, nil)) {
		t.Error("the AllPlies stream is not the frames one after the other")
	}
	docs := bytes.Split(stream, []byte("<?xml "))
	if len(docs) != 7 || len(docs[0]) != 0 {
		t.Fatalf("the stream splits into %d parts at <?xml", len(docs))
	}
	for i, d := range docs[1:] {
		els := parseSVG(t, append([]byte("<?xml "), d...))
		for _, e := range els {
			if e.name == "title" && !strings.HasSuffix(e.text, ", ply "+strconv.Itoa(i)) {
				t.Errorf("frame %d title %q", i, e.text)
			}
		}
	}
}

func TestSVGHandicapNames(t *testing.T) {
	rec := shogi.NewRecord(shogi.TwoPiece.Position())
	rec.Header.Add(shogi.KeyShitate, "Carol")
	rec.Header.Add(shogi.KeyUwate, strings.Repeat("長", 40))
	var names []string
	for _, e := range parseSVG(t, renderSVG(t, rec, render.Options{})) {
		if e.name == "text" && e.group == "players" {
			names = append(names, e.text)
		}
	}
	want := []string{"☖上手  " + strings.Repeat("長", 25) + "…", "☗下手  Carol"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("names %q, want %q", names, want)
	}
}

// TestEachSVGFrame: the frames come one at a time with their plies, the
// same pictures SVGFrames holds, and an error from the callback stops the
// walk and is returned (the CLI's cancellation).
func TestEachSVGFrame(t *testing.T) {
	rec := longGame(40)
	all, err := render.SVGFrames(rec)
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	err = render.EachSVGFrame(rec, func(ply int, frame []byte) error {
		if ply != next || !bytes.Equal(frame, all[ply]) {
			t.Fatalf("frame %d (ply %d) differs from SVGFrames'", next, ply)
		}
		next++
		return nil
	})
	if err != nil || next != 41 {
		t.Fatalf("%d frames, %v; want 41", next, err)
	}
	stop := errors.New("stop")
	calls := 0
	err = render.EachSVGFrame(rec, func(int, []byte) error { calls++; return stop })
	if err != stop || calls != 1 {
		t.Errorf("after an error: %d calls, %v", calls, err)
	}
}
func TestSVGFrameName(t *testing.T) {
	tests := []struct {
		i, n int
		want string
	}{
		{0, 1, "0000.svg"},
		{7, 121, "0007.svg"},
		{9999, 10000, "9999.svg"},
		{5, 10001, "00005.svg"},
		{10000, 10001, "10000.svg"},
	}
	for _, tt := range tests {
		if got := render.SVGFrameName(tt.i, tt.n); got != tt.want {
			t.Errorf("SVGFrameName(%d, %d) = %q, want %q", tt.i, tt.n, got, tt.want)
		}
	}
}
