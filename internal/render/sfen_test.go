package render_test

import (
	"bytes"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

func TestSFENWrite(t *testing.T) {
	rec := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d", "8h2b+")
	rec.AddChild(rec.NodeAt(3), 0, shogi.Ending{Kind: shogi.Resign, Side: shogi.White})
	sfenTests := []struct {
		name string
		opt  render.Options
		want string
	}{
		{"end of the main line", render.Options{}, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4\n"},
		{"ply 0", render.Options{Ply: 0, PlySet: true}, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"},
		{"ply 1", render.Options{Ply: 1, PlySet: true}, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"},
	}
	for _, tt := range sfenTests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := render.NewSFEN(&out, tt.opt)
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got %q, want %q", out.String(), tt.want)
			}
		})
	}
	var out bytes.Buffer
	for _, ply := range []int{-1, 4} {
		if err := render.NewSFEN(&out, render.Options{Ply: ply, PlySet: true}).Write(rec); err == nil {
			t.Errorf("ply %d: no error", ply)
		}
	}
}
