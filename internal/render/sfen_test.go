package render_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
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
// random records: the same position or an error, for every ply and for the
// end. (Records ending in a foul are TestSFENFoul's: there the two differ
// on purpose.)
func TestPositionAtPlyMatchesRecord(t *testing.T) {
	recs := []*shogi.Record{}
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

// TestSFENFoul: the SFEN (and BOD) of a record whose main line ends in an
// illegal move kept to document a foul is the position after that move.
// An SFEN states a position, whatever led to it (usi-sfen.md), and that
// position is where the game ended: the one the record's USI line (which
// keeps the move, as every format that states moves by their origin does)
// reaches, and the one the foul ending judges. A move that names no piece
// to move (a drop of a piece not in hand) only passes the turn, as in the
// final position of every command (shogi.Outcome).
func TestSFENFoul(t *testing.T) {
	tests := []struct {
		name, move string
		end        shogi.EndingKind
		want       string
	}{
		// The lance on 9i jumps its own pawn on 9g.
		{"unreachable", "9i9f", shogi.IllegalMove, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/L1P6/PP1PPPPPP/1B5R1/1NSGKGSNL w - 4"},
		// A second pawn on the 7th file, dropped by Black who has none:
		// only the turn passes (shogi.Position.PlayRecorded), as in every
		// command's final position.
		{"not in hand", "P*7e", shogi.FoulLose, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d")
			m, err := shogi.ParseUSIMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			n := rec.AddChild(rec.NodeAt(2), m, shogi.Ending{})
			rec.AddChild(n, 0, shogi.Ending{Kind: tt.end, Side: shogi.White})
			for _, set := range []bool{false, true} {
				var out bytes.Buffer
				err := render.NewSFEN(&out, render.Options{Ply: 3, PlySet: set}).Write(rec)
				if err != nil {
					t.Fatal(err)
				}
				if got := out.String(); got != tt.want+"\n" {
					t.Errorf("set %v: got %q, want %q", set, got, tt.want)
				}
				// BOD draws the same position.
				out.Reset()
				if err := render.NewBOD(&out, render.Options{Ply: 3, PlySet: set}).Write(rec); err != nil {
					t.Fatal(err)
				}
				rd, err := parse.New("bod", bytes.NewReader(out.Bytes()), parse.Options{Filename: "foul.bod"})
				if err != nil {
					t.Fatal(err)
				}
				got, err := rd.Read()
				if err != nil {
					t.Fatalf("BOD: %v\n%s", err, out.String())
				}
				if g, w := got.Start.SFEN(), tt.want; g[:strings.LastIndexByte(g, ' ')] != w[:strings.LastIndexByte(w, ' ')] {
					t.Errorf("BOD (set %v) reads back as %s, want %s", set, g, w)
				}
			}
		})
	}
}
