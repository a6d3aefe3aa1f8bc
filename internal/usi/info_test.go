package usi_test

import (
	"errors"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

func TestMain(m *testing.M) {
	usitest.Main()
	os.Exit(m.Run())
}

func mv(s string) shogi.Move {
	m, err := shogi.ParseUSIMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		want usi.Info
		bad  bool
	}{
		{"info depth 12 seldepth 20 time 345 nodes 123456 nps 357000 hashfull 12 score cp 56 pv 7g7f 3c3d",
			usi.Info{Depth: 12, SelDepth: 20, Time: 345 * time.Millisecond, Nodes: 123456, NPS: 357000, HashFull: 12,
				HasScore: true, Score: usi.Score{CP: 56}, PV: []shogi.Move{mv("7g7f"), mv("3c3d")}}, false},
		{"depth 3 multipv 2 score cp -20 upperbound pv P*5e",
			usi.Info{Depth: 3, MultiPV: 2, HasScore: true, Score: usi.Score{CP: -20, Bound: usi.Upper}, PV: []shogi.Move{mv("P*5e")}}, false},
		{"info score cp 5 lowerbound", usi.Info{HasScore: true, Score: usi.Score{CP: 5, Bound: usi.Lower}}, false},
		{"info score mate 7 pv 8h2b+", usi.Info{HasScore: true, Score: usi.Score{Mate: true, Plies: 7, Win: true}, PV: []shogi.Move{mv("8h2b+")}}, false},
		{"info score mate -4", usi.Info{HasScore: true, Score: usi.Score{Mate: true, Plies: 4}}, false},
		{"info score mate -0", usi.Info{HasScore: true, Score: usi.Score{Mate: true}}, false},
		{"info score mate 0", usi.Info{HasScore: true, Score: usi.Score{Mate: true}}, false},
		{"info score mate +", usi.Info{HasScore: true, Score: usi.Score{Mate: true, Plies: -1, Win: true}}, false},
		{"info score mate - pv", usi.Info{HasScore: true, Score: usi.Score{Mate: true, Plies: -1}, PV: []shogi.Move{}}, false},
		{"info currmove 2g2f currmovenumber 3 depth 1", usi.Info{CurrMove: mv("2g2f"), Depth: 1}, false},
		{"info string hello  world", usi.Info{String: "hello  world"}, false},
		{"info ourkey 5 depth 2", usi.Info{Depth: 2}, false},
		{"info depth x", usi.Info{}, true},
		{"info depth", usi.Info{}, true},
		{"info score cp", usi.Info{}, true},
		{"info score pawns 3", usi.Info{}, true},
		{"info score mate x", usi.Info{}, true},
		{"info pv 7g7f zz", usi.Info{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := usi.ParseInfo(tt.line)
			if tt.bad {
				if err == nil {
					t.Errorf("no error, got %+v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseBestMove(t *testing.T) {
	tests := []struct {
		line string
		want usi.BestMove
		bad  bool
	}{
		{"bestmove 7g7f", usi.BestMove{Move: mv("7g7f")}, false},
		{"bestmove 7g7f ponder 3c3d", usi.BestMove{Move: mv("7g7f"), Ponder: mv("3c3d")}, false},
		{"resign", usi.BestMove{Resign: true}, false},
		{"bestmove win", usi.BestMove{Win: true}, false},
		{"bestmove", usi.BestMove{}, true},
		{"bestmove 7g7", usi.BestMove{}, true},
	}
	for _, tt := range tests {
		got, err := usi.ParseBestMove(tt.line)
		if (err != nil) != tt.bad || got != tt.want {
			t.Errorf("ParseBestMove(%q) = %+v, %v", tt.line, got, err)
		}
		if !tt.bad && "bestmove "+got.String() != tt.line && got.String() != tt.line {
			t.Errorf("String() = %q for %q", got.String(), tt.line)
		}
	}
}

func TestScoreBlack(t *testing.T) {
	tests := []struct {
		s    usi.Score
		turn shogi.Color
		want shogi.Eval
		str  string
	}{
		{usi.Score{CP: 30}, shogi.Black, shogi.EvalCP(30), "cp 30"},
		{usi.Score{CP: 30, Bound: usi.Lower}, shogi.White, shogi.EvalCP(-30), "cp 30 lowerbound"},
		{usi.Score{Mate: true, Plies: 5, Win: true}, shogi.White, shogi.EvalMate(shogi.White, 5), "mate 5"},
		{usi.Score{Mate: true, Plies: 4}, shogi.White, shogi.EvalMate(shogi.Black, 4), "mate -4"},
		{usi.Score{Mate: true}, shogi.Black, shogi.EvalMate(shogi.White, 0), "mate -0"},
		{usi.Score{Mate: true, Plies: -1, Win: true}, shogi.Black, shogi.EvalMate(shogi.Black, -1), "mate +"},
	}
	for _, tt := range tests {
		if got := tt.s.Black(tt.turn); got != tt.want {
			t.Errorf("%v.Black(%v) = %v, want %v", tt.s, tt.turn, got, tt.want)
		}
		if got := tt.s.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	err := &usi.Error{Op: "go", Kind: usi.ErrProtocol, Line: "@@@", Detail: "neither info nor bestmove", Stderr: []string{"a", "b"}, Retried: true}
	want := "go: engine's output is not USI (neither info nor bestmove): \"@@@\", again after a restart; its standard error ended:\n\ta\n\tb"
	if err.Error() != want {
		t.Errorf("got %q\nwant %q", err.Error(), want)
	}
	if !errors.Is(err, usi.ErrProtocol) {
		t.Error("errors.Is failed")
	}
}
