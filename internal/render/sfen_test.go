package render_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
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

// TestPositionAtPlyMatchesRecord checks PositionAtPly, which plays the main
// line once, against Record.MainLineNode followed by Record.PositionAt, on
// random records and on one that ends in an illegal move kept to document
// the foul: the same position or an error, for every ply and for the end.
func TestPositionAtPlyMatchesRecord(t *testing.T) {
	recs := []*shogi.Record{}
	foul := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d")
	n := foul.AddChild(foul.NodeAt(2), shogi.NewMove(shogi.NewSquare(9, 9), shogi.NewSquare(9, 6), false), shogi.Ending{}) // the lance jumps its pawn
	foul.AddChild(n, 0, shogi.Ending{Kind: shogi.IllegalMove, Side: shogi.Black})
	recs = append(recs, foul)
	if p, err := render.PositionAtPly(foul, 0, false); err != nil || p.MoveNumber() != 3 {
		t.Fatalf("the end of the foul record: move number %d (%v), want 3, before the illegal move", p.MoveNumber(), err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 20 {
		recs = append(recs, shogitest.RandomRecord(rng, shogitest.FullRandomOptions()))
	}
	for i, rec := range recs {
		plies := 0
		for range rec.MainLine() {
			plies++
		}
		for ply := -2; ply <= plies+1; ply++ {
			set := ply != -2
			got, err := render.PositionAtPly(rec, ply, set)
			want, wantErr := func() (shogi.Position, error) {
				if set && ply < 0 {
					return shogi.Position{}, errors.New("negative ply")
				}
				p := ply
				if !set {
					p = -1
				}
				n, err := rec.MainLineNode(p)
				if err != nil {
					return shogi.Position{}, err
				}
				return rec.PositionAt(n)
			}()
			if (err != nil) != (wantErr != nil) || err == nil && !got.Equal(&want) {
				t.Fatalf("record %d ply %d (set %v): got %s, %v; want %s, %v", i, ply, set, got.SFEN(), err, want.SFEN(), wantErr)
			}
		}
	}
}
