package render_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
)

func TestUSIWrite(t *testing.T) {
	withVariation := func(t *testing.T) *shogi.Record {
		rec := jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d")
		m, _ := shogi.ParseUSIMove("2g2f")
		rec.AddChild(rec.Root, m, shogi.Ending{})
		return rec
	}
	usiTests := []struct {
		name   string
		rec    func(t *testing.T) *shogi.Record
		opt    render.Options
		want   string
		losses string
	}{
		{"startpos", func(t *testing.T) *shogi.Record { return jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d") },
			render.Options{}, "position startpos moves 7g7f 3c3d\n", ""},
		{"no moves", func(t *testing.T) *shogi.Record { return jkfRecord(t, shogi.StartPosition()) },
			render.Options{}, "position startpos\n", ""},
		{"handicap", func(t *testing.T) *shogi.Record { return jkfRecord(t, shogi.TwoPiece.Position(), "5a4b") },
			render.Options{}, "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b\n", ""},
		{"drop and promotion", func(t *testing.T) *shogi.Record {
			return jkfRecord(t, shogi.StartPosition(), "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e")
		}, render.Options{}, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n", ""},
		{"variations are a loss", withVariation, render.Options{AllowLoss: true}, "position startpos moves 7g7f 3c3d\n", "variations"},
		{"variations with Mainline are not", withVariation, render.Options{Mainline: true}, "position startpos moves 7g7f 3c3d\n", ""},
		{"ending, comment and header are losses", func(t *testing.T) *shogi.Record {
			rec := jkfRecord(t, shogi.StartPosition(), "7g7f")
			rec.AddChild(rec.NodeAt(1), 0, shogi.Ending{Kind: shogi.Resign, Side: shogi.White})
			rec.SetComments(rec.Root, []string{"c"})
			rec.Header.Add("先手", "A")
			return rec
		}, render.Options{AllowLoss: true}, "position startpos moves 7g7f\n", "comments,ending resign,header"},
	}
	for _, tt := range usiTests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := render.NewUSI(&out, tt.opt)
			if err := w.Write(tt.rec(t)); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got %q, want %q", out.String(), tt.want)
			}
			if got := strings.Join(w.Losses(), ","); got != tt.losses {
				t.Errorf("losses %q, want %q", got, tt.losses)
			}
			if tt.losses != "" {
				err := render.NewUSI(&out, render.Options{}).Write(tt.rec(t))
				if !errors.Is(err, render.ErrLossy) {
					t.Errorf("without AllowLoss: %v", err)
				}
			}
			// What was written reads back as the same start and main line.
			back, err := parse.NewUSI(strings.NewReader(out.String()), parse.Options{}).Read()
			if err != nil {
				t.Fatal(err)
			}
			rec := tt.rec(t)
			if !back.Start.Equal(&rec.Start) {
				t.Errorf("start read back as %s", back.Start.SFEN())
			}
		})
	}
}

func TestUSIWriteSeveral(t *testing.T) {
	var out bytes.Buffer
	w := render.NewUSI(&out, render.Options{})
	for _, u := range []string{"7g7f", "2g2f", "5i4h"} {
		if err := w.Write(jkfRecord(t, shogi.StartPosition(), u)); err != nil {
			t.Fatal(err)
		}
	}
	want := "position startpos moves 7g7f\nposition startpos moves 2g2f\nposition startpos moves 5i4h\n"
	if out.String() != want {
		t.Errorf("got %q", out.String())
	}
}
