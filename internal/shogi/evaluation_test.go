package shogi

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseEvaluation(t *testing.T) {
	tests := []struct {
		name     string
		comments []string
		want     Eval
		ok       bool
	}{
		{"none", []string{"a comment"}, Eval{}, false},
		{"empty", nil, Eval{}, false},
		{"shogihome analysis", []string{"互角", "#評価値=108"}, EvalCP(108), true},
		{"shogihome player", []string{"*評価値=-15"}, EvalCP(-15), true},
		{"plus sign", []string{"#評価値=+40"}, EvalCP(40), true},
		{"decimal dropped", []string{"#評価値=12.5"}, EvalCP(12), true},
		{"empty value", []string{"#評価値="}, Eval{}, false},
		{"mate with distance", []string{"#詰み=先手勝ち:9手"}, EvalMate(Black, 9), true},
		{"mate without distance", []string{"*詰み=後手勝ち"}, EvalMate(White, -1), true},
		{"mate bad word", []string{"#詰み=引き分け"}, Eval{}, false},
		{"floodgate", []string{"* 123 +7776FU -3334FU"}, EvalCP(123), true},
		{"floodgate blanks", []string{"*   -30"}, EvalCP(-30), true},
		{"floodgate not a number", []string{"* abc"}, Eval{}, false},
		{"kifu for windows", []string{"*解析 0 ○ 時間 00:01 深さ 10/20 ノード数 12345 評価値 -321 読み筋 ▲７六歩(77)"}, EvalCP(-321), true},
		{"shogigui player", []string{"*対局 深さ 8 評価値 77"}, EvalCP(77), true},
		{"western eval", []string{"#eval=-5"}, EvalCP(-5), true},
		{"western mate", []string{"#mate=-3"}, EvalMate(White, 3), true},
		{"western mate unknown", []string{"#mate=+"}, EvalMate(Black, -1), true},
		{"last line wins", []string{"#評価値=1", "* 2", "#評価値=3"}, EvalCP(3), true},
		{"block wins over a later line", []string{"互角", "#評価値=5", "#エンジン=E", "* 900 +7776FU"}, EvalCP(5), true},
		{"block mate", []string{"#詰み=後手勝ち:0手", "* -30000", "#エンジン=E"}, EvalMate(White, 0), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseEvaluation(tt.comments)
			if got != tt.want || ok != tt.ok {
				t.Errorf("ParseEvaluation(%q) = %v, %v; want %v, %v", tt.comments, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestSituationWord(t *testing.T) {
	for cp, want := range map[int]string{
		0: "互角", 200: "先手有望", 199: "互角", -200: "互角", -201: "後手有望", 400: "先手有利",
		600: "先手優勢", 1500: "先手勝勢", -401: "後手有利", -601: "後手優勢", -1501: "後手勝勢",
	} {
		if got := SituationWord(cp); got != want {
			t.Errorf("SituationWord(%d) = %s, want %s", cp, got, want)
		}
	}
}

func TestEvalClampAndString(t *testing.T) {
	tests := []struct {
		e     Eval
		clamp int
		str   string
	}{
		{EvalCP(123), 123, "+123"},
		{EvalCP(-40000), -32767, "-40000"},
		{EvalCP(0), 0, "0"},
		{EvalMate(Black, 9), 32767, "mate +9"},
		{EvalMate(White, 0), -32767, "mate -0"},
		{EvalMate(White, -1), -32767, "mate -?"},
	}
	for _, tt := range tests {
		if got := tt.e.Clamp(32767); got != tt.clamp {
			t.Errorf("%v.Clamp = %d, want %d", tt.e, got, tt.clamp)
		}
		if got := tt.e.String(); got != tt.str {
			t.Errorf("String = %q, want %q", got, tt.str)
		}
	}
	if got := EvalCP(5).For(White); got != EvalCP(-5) {
		t.Errorf("For(White) = %v", got)
	}
}

// pvOf reads USI moves.
func pvOf(t *testing.T, usi ...string) []Move {
	t.Helper()
	var pv []Move
	for _, s := range usi {
		m, err := ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pv = append(pv, m)
	}
	return pv
}

func TestAppendAnnotation(t *testing.T) {
	start := StartPosition()
	// After ▲７六歩 △３四歩: the PV's first move takes on 2二 and the
	// second retakes there (同), the first is never 同.
	pos := start
	pos.Play(NewMove(NewSquare(7, 7), NewSquare(7, 6), false))
	pos.Play(NewMove(NewSquare(3, 3), NewSquare(3, 4), false))
	cp := Annotation{Class: Mistake, Eval: EvalCP(456), PV: pvOf(t, "8h2b+", "3a2b"), Depth: 20, Nodes: 100000, Engine: "Fake  Engine\n1"}
	mate := Annotation{Eval: EvalMate(White, 9), Engine: ""}
	tests := []struct {
		name  string
		a     *Annotation
		style AnnotationStyle
		want  []string
	}{
		{"shogihome", &cp, ShogiHomeStyle, []string{"【悪手】", "先手有利", "#評価値=456", "#読み筋=▲２二角成△同　銀", "#深さ=20", "#ノード数=100000", "#エンジン=Fake Engine 1"}},
		{"floodgate", &cp, FloodgateStyle, []string{"【悪手】", "先手有利", "#評価値=456", "* 456 +8822UM -3122GI", "#深さ=20", "#ノード数=100000", "#エンジン=Fake Engine 1"}},
		{"western", &cp, WesternStyle, []string{"[Mistake]", "#eval=456", "#pv=Bx2b+ Sx2b", "#depth=20", "#nodes=100000", "#engine=Fake Engine 1"}},
		{"shogihome mate", &mate, ShogiHomeStyle, []string{"#詰み=後手勝ち:9手", "#エンジン=USI engine"}},
		{"floodgate mate", &mate, FloodgateStyle, []string{"#詰み=後手勝ち:9手", "* -30000", "#エンジン=USI engine"}},
		{"western mate", &mate, WesternStyle, []string{"#mate=-9", "#engine=USI engine"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AppendAnnotation([]string{"kept"}, tt.a, &pos, tt.style, nil)
			if !slices.Equal(got[1:], tt.want) || got[0] != "kept" {
				t.Fatalf("got  %q\nwant %q", got[1:], tt.want)
			}
			back, ok := ParseAnnotation(got, &pos)
			if !ok {
				t.Fatalf("ParseAnnotation failed on %q", got)
			}
			want := *tt.a
			want.Engine = strings.Join(strings.Fields(want.Engine), " ")
			if want.Engine == "" {
				want.Engine = "USI engine"
			}
			if !reflect.DeepEqual(back, want) {
				t.Errorf("read back %+v, want %+v", back, want)
			}
			// Every style converts into every other and back.
			for _, to := range []AnnotationStyle{ShogiHomeStyle, FloodgateStyle, WesternStyle} {
				conv := ConvertAnnotation(got, &pos, to, nil)
				wantConv := AppendAnnotation([]string{"kept"}, &want, &pos, to, nil)
				if !slices.Equal(conv, wantConv) {
					t.Errorf("convert to %d: %q, want %q", to, conv, wantConv)
				}
			}
			if s := StripAnnotations(got); !slices.Equal(s, []string{"kept"}) {
				t.Errorf("StripAnnotations = %q", s)
			}
		})
	}
}

func TestFindAnnotation(t *testing.T) {
	tests := []struct {
		name     string
		comments []string
		i, j     int
		ok       bool
	}{
		{"no engine line", []string{"互角", "#評価値=1"}, 0, 0, false},
		{"engine line alone", []string{"#エンジン=E"}, 0, 0, false},
		{"user lines kept", []string{"互角", "note", "互角", "#評価値=1", "#エンジン=E", "after"}, 2, 5, true},
		{"word must precede eval", []string{"互角", "#詰み=先手勝ち", "#エンジン=E"}, 1, 3, true},
		{"out of order", []string{"#深さ=3", "#評価値=1", "#エンジン=E"}, 1, 3, true},
		{"floodgate line before a block stays", []string{"* 30 +7776FU", "#評価値=1", "#エンジン=E"}, 1, 3, true},
		{"styles do not mix", []string{"#eval=1", "#評価値=1", "#engine=E"}, 0, 0, false},
		{"last of two", []string{"#評価値=1", "#エンジン=A", "#評価値=2", "#エンジン=B"}, 2, 4, true},
		{"unknown class kept", []string{"【緩手】", "#評価値=1", "#エンジン=E"}, 1, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i, j, ok := FindAnnotation(tt.comments)
			if i != tt.i || j != tt.j || ok != tt.ok {
				t.Errorf("FindAnnotation = %d, %d, %v; want %d, %d, %v", i, j, ok, tt.i, tt.j, tt.ok)
			}
		})
	}
	two := []string{"a", "#評価値=1", "#エンジン=A", "b", "#評価値=2", "#エンジン=B"}
	if got := StripAnnotations(two); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("StripAnnotations(two blocks) = %q", got)
	}
}

func TestConvertAnnotationBadPV(t *testing.T) {
	pos := StartPosition()
	cs := []string{"#評価値=1", "#読み筋=▲５五角", "#エンジン=E"}
	if got := ConvertAnnotation(cs, &pos, FloodgateStyle, nil); &got[0] != &cs[0] {
		t.Errorf("a PV that does not read was converted: %q", got)
	}
	if _, ok := ParseAnnotation(cs, &pos); ok {
		t.Error("ParseAnnotation read an illegal PV")
	}
}

func TestNormalizeAnnotations(t *testing.T) {
	rec := NewRecord(StartPosition())
	pos := StartPosition()
	a0 := Annotation{Eval: EvalCP(30), PV: pvOf(t, "7g7f", "3c3d"), Depth: 3, Engine: "E"}
	rec.SetComments(rec.Root, AppendAnnotation([]string{"root"}, &a0, &pos, WesternStyle, KitaoKawasakiNotation{}.AppendMove))
	m := NewMove(NewSquare(7, 7), NewSquare(7, 6), false)
	n := rec.AddMove(rec.Root, m, MoveTime{})
	pos.Play(m)
	a1 := Annotation{Class: Blunder, Eval: EvalMate(Black, 3), PV: pvOf(t, "3c3d"), Nodes: 9, Engine: "E"}
	rec.SetComments(n, AppendAnnotation(nil, &a1, &pos, FloodgateStyle, nil))
	rec.NormalizeAnnotations()
	start := StartPosition()
	if got, want := rec.Root.Comments(), AppendAnnotation([]string{"root"}, &a0, &start, ShogiHomeStyle, nil); !slices.Equal(got, want) {
		t.Errorf("root: %q, want %q", got, want)
	}
	if got, want := n.Comments(), AppendAnnotation(nil, &a1, &pos, ShogiHomeStyle, nil); !slices.Equal(got, want) {
		t.Errorf("move: %q, want %q", got, want)
	}
}

// FuzzAnnotation feeds comment lines to every function that reads
// analysis blocks: none may panic, and a block that reads converts into
// every style and back.
func FuzzAnnotation(f *testing.F) {
	f.Add("【悪手】\n先手有利\n#評価値=456\n#読み筋=▲７六歩△３四歩\n#深さ=20\n#ノード数=100000\n#エンジン=E")
	f.Add("#詰み=後手勝ち:9手\n* -30000 +7776FU\n#エンジン=E")
	f.Add("[Blunder]\n#mate=+\n#pv=P-7f P-3d\n#engine=E")
	f.Add("[\n]\n【】\n* 1\n#eval=\n#engine=")
	f.Fuzz(func(t *testing.T, text string) {
		cs := strings.Split(text, "\n")
		pos := StartPosition()
		ParseEvaluation(cs)
		StripAnnotations(cs)
		a, ok := ParseAnnotation(cs, &pos)
		for _, st := range []AnnotationStyle{ShogiHomeStyle, FloodgateStyle, WesternStyle} {
			out := ConvertAnnotation(cs, &pos, st, nil)
			if !ok {
				continue
			}
			b, ok2 := ParseAnnotation(out, &pos)
			if want := AppendAnnotation(nil, &a, &pos, st, nil); !ok2 || !slices.Equal(AppendAnnotation(nil, &b, &pos, st, nil), want) {
				t.Errorf("style %d: %q read back as %+v, want %+v", st, out, b, a)
			}
		}
	})
}
