package shogi

import (
	"strings"
	"testing"
)

// club24 is the Shogi Club 24 game: Black's king walks into the
// line of White's bishop (ply 5), which takes it (ply 6).
const club24 = "7g7f 3c3d 5i6h 8c8d 6h7g 2b7g+"

// lineRecord builds a record from sfen ("" for the even start) along a
// line of USI moves and ending words (resign, foul_win, foul_lose,
// illegal_move, +illegal_action, -illegal_action), each ending with the
// side to move as played for its side (or the side it names), as readers
// give it.
func lineRecord(t *testing.T, sfen, line string) *Record {
	t.Helper()
	start := StartPosition()
	if sfen != "" {
		var err error
		if start, err = ParseSFEN(sfen); err != nil {
			t.Fatal(err)
		}
	}
	r := NewRecord(start)
	n, pos := r.Root, start
	for _, f := range strings.Fields(line) {
		e := Ending{Side: pos.Turn()}
		switch f {
		case "resign":
			e.Kind = Resign
		case "foul_win":
			e.Kind = FoulWin
		case "foul_lose":
			e.Kind = FoulLose
		case "illegal_move":
			e.Kind = IllegalMove
		case "+illegal_action":
			e.Kind, e.Side = IllegalAction, Black
		case "-illegal_action":
			e.Kind, e.Side = IllegalAction, White
		default:
			m, err := ParseUSIMove(f)
			if err != nil {
				t.Fatal(err)
			}
			n = r.AddChild(n, m, Ending{})
			pos.PlayRecorded(m)
			continue
		}
		n = r.AddChild(n, 0, e)
	}
	return r
}

// TestPlayRecorded: a move that breaks a rule of play is played as
// written; one that moves no piece of the side to move passes the turn.
func TestPlayRecorded(t *testing.T) {
	tests := []struct {
		name, sfen, move, want string
	}{
		{"legal", "", "7g7f", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"unreachable", "", "7g7e", "lnsgkgsnl/1r5b1/ppppppppp/9/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"king into check", "4k4/9/9/9/9/9/9/9/r3K4 b - 1", "5i4i", "4k4/9/9/9/9/9/9/9/r4K3 w - 2"},
		{"a king taken, to no hand", "4k4/9/9/9/9/9/9/9/r4K3 w - 2", "9i4i", "4k4/9/9/9/9/9/9/9/5r3 b - 3"},
		{"nifu", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "4k4/9/9/9/4P4/9/4P4/9/4K4 w - 2"},
		{"not in hand: a pass", "4k4/9/9/9/9/9/9/9/4K4 b - 1", "G*5e", "4k4/9/9/9/9/9/9/9/4K4 w - 2"},
		{"onto a piece: a pass", "4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5a", "4k4/9/9/9/9/9/9/9/4K4 w G 2"},
		{"from an empty square: a pass", "", "5e5d", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"the opponent's piece: a pass", "", "3c3d", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"a gold promoting: a pass", "", "6i6h+", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := StartPosition()
			if tt.sfen != "" {
				var err error
				if p, err = ParseSFEN(tt.sfen); err != nil {
					t.Fatal(err)
				}
			}
			m, err := ParseUSIMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			p.PlayRecorded(m)
			if got := p.SFEN(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if p.LastMove() != m {
				t.Errorf("last move %v, want %v", p.LastMove(), m)
			}
			if q, err := ParseSFEN(p.SFEN()); err != nil || q.King(Black) != p.King(Black) || q.King(White) != p.King(White) {
				t.Errorf("king squares %v %v, want those of the board (%v)", p.King(Black), p.King(White), err)
			}
		})
	}
}

// TestFoulAt: an illegal move is a documented foul when a foul ending
// follows it at once, or after the capture of the king it left in check;
// ±ILLEGAL_ACTION must name its mover.
func TestFoulAt(t *testing.T) {
	tests := []struct {
		name, sfen, line string
		ply              int  // the illegal move
		foul             bool // documented
		capture          bool
	}{
		{"at once, 反則勝ち", "", "7g7f 3c3d 5i6h 8c8d 6h7g foul_win", 5, true, false},
		{"at once, 反則負け", "", "7g7f 3c3d 5i6h 8c8d 6h7g foul_lose", 5, true, false},
		{"at once, %ILLEGAL_MOVE", "", "7g7f 3c3d 5i6h 8c8d 6h7g illegal_move", 5, true, false},
		{"at once, %+ILLEGAL_ACTION", "", "7g7f 3c3d 5i6h 8c8d 6h7g +illegal_action", 5, true, false},
		{"at once, %-ILLEGAL_ACTION names the other side", "", "7g7f 3c3d 5i6h 8c8d 6h7g -illegal_action", 5, false, false},
		{"capture, 反則負け", "", club24 + " foul_lose", 5, true, true},
		{"capture, %ILLEGAL_MOVE", "", club24 + " illegal_move", 5, true, true},
		{"capture, %+ILLEGAL_ACTION", "", club24 + " +illegal_action", 5, true, true},
		{"capture, %-ILLEGAL_ACTION names the other side", "", club24 + " -illegal_action", 5, false, false},
		{"the move after it takes no king", "", "7g7f 3c3d 5i6h 8c8d 6h7g 2b3c foul_lose", 5, false, false},
		{"no ending", "", club24, 5, false, false},
		{"another ending", "", "7g7f 3c3d 5i6h 8c8d 6h7g resign", 5, false, false},
		{"a legal move, then a foul ending", "", "7g7f 3c3d 5i6h 8c8d foul_lose", 4, false, false},
		{"a nifu at once", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e foul_win", 1, true, false},
		{"a king taken from afar, at once", "4k4/9/9/9/9/9/9/9/4K3B b - 1", "1i5a foul_win", 1, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := lineRecord(t, tt.sfen, tt.line)
			n := r.NodeAt(tt.ply)
			pos := r.Start
			for x := r.Root.Next(); x != n; x = x.Next() {
				pos.PlayRecorded(x.Move)
			}
			f, ok := FoulAt(&pos, n)
			if ok != tt.foul {
				t.Fatalf("FoulAt = %v, want %v", ok, tt.foul)
			}
			if !ok {
				return
			}
			if f.Move != n || (f.Capture != nil) != tt.capture || f.End == nil || !f.End.IsEnd() || f.Mover != pos.Turn() || f.Err == nil {
				t.Errorf("foul %+v", f)
			}
		})
	}
}

// TestFoulWatch follows what a reader does: after an illegal move, the
// capture of the mover's king may come (once), then the foul ending.
func TestFoulWatch(t *testing.T) {
	pos := StartPosition()
	for _, s := range strings.Fields("7g7f 3c3d 5i6h 8c8d") {
		m, _ := ParseUSIMove(s)
		pos.Play(m)
	}
	m, _ := ParseUSIMove("6h7g")
	if pos.Legal(m) != ErrSelfCheck {
		t.Fatal("6h7g is not a self-check")
	}
	w := WatchFoul(&pos, m)
	if w.Mover != Black || !w.KingOpen() || pos.Turn() != White {
		t.Fatalf("watch %+v after 6h7g, white to move %v", w, pos.Turn() == White)
	}
	other, _ := ParseUSIMove("2b3c")
	if w.TakeKing(&pos, other) || !w.KingOpen() {
		t.Errorf("2b3c taken for the king's capture")
	}
	take, _ := ParseUSIMove("2b7g+")
	if !w.TakeKing(&pos, take) || w.KingOpen() || pos.Turn() != Black || pos.King(Black) != NoSquare {
		t.Errorf("2b7g+ not taken for the king's capture")
	}
	if w.TakeKing(&pos, take) {
		t.Errorf("a second capture")
	}
	if !w.Documents(Ending{Kind: FoulLose}) || !w.Documents(Ending{Kind: IllegalAction, Side: Black}) ||
		w.Documents(Ending{Kind: IllegalAction, Side: White}) || w.Documents(Ending{Kind: Resign}) {
		t.Errorf("Documents disagrees with DocumentsFoulBy")
	}
	// A foul that exposes no king: only the ending may follow.
	pos = StartPosition()
	bad, _ := ParseUSIMove("7g7e")
	if w := WatchFoul(&pos, bad); w.KingOpen() {
		t.Errorf("7g7e leaves the king open")
	}
}

// TestCutAtFoul: only a documented foul is cut, in both forms, with the
// capture and the ending after it.
func TestCutAtFoul(t *testing.T) {
	tests := []struct {
		name, line string
		plies      int  // main-line moves left
		cut        bool // the ending goes too
	}{
		{"at once", "7g7f 7f7d foul_lose", 1, true},
		{"capture", club24 + " foul_lose", 4, true},
		{"illegal move without its ending", "7g7f 7f7d", 2, false},
		{"legal game", "7g7f 3c3d resign", 2, false},
	}
	for _, tt := range tests {
		r := lineRecord(t, "", tt.line)
		end := r.MainLineEnd().IsEnd()
		r.CutAtFoul()
		plies := 0
		for x := r.Root.Next(); x != nil && !x.IsEnd(); x = x.Next() {
			plies++
		}
		if plies != tt.plies || r.MainLineEnd().IsEnd() != (end && !tt.cut) {
			t.Errorf("%s: %d plies left, want %d; ending kept %v", tt.name, plies, tt.plies, r.MainLineEnd().IsEnd())
		}
	}
}
