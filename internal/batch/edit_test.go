package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// testEditor comments every record "edited", and stops (as an interrupt
// would) at the record whose first move is stopAt.
type testEditor struct {
	stopAt string
	mu     sync.Mutex
	log    []string // Game, Taken and EndInput, as called
}

func (e *testEditor) Start(context.Context, batch.Job) {}

func (e *testEditor) Edit(index int, rec *shogi.Record) batch.Edited {
	first := rec.Root.Next().Move.String()
	if first != e.stopAt {
		rec.SetComments(rec.Root, []string{"edited"})
	}
	return &testEdited{e: e, stop: first == e.stopAt}
}

func (e *testEditor) EndInput(in batch.Input, index, games int) {
	e.say(fmt.Sprintf("end %s %d", filepath.Base(in.Path), games))
}

func (e *testEditor) End() ([]report.Diagnostic, batch.Status) { return nil, batch.StatusOK }

func (e *testEditor) say(s string) {
	e.mu.Lock()
	e.log = append(e.log, s)
	e.mu.Unlock()
}

type testEdited struct {
	e    *testEditor
	stop bool
	name string
}

func (t *testEdited) Game(g *batch.Game) ([]report.Diagnostic, batch.Status, bool) {
	t.name = fmt.Sprintf("%s#%d", filepath.Base(g.In.Path), g.Game)
	return nil, batch.StatusOK, t.stop
}

func (t *testEdited) Taken() { t.e.say("taken " + t.name) }

// TestWriteEditor checks Writing.Editor: records are edited before they
// are written, Taken and EndInput come in input order whatever the
// workers, and a stopped edit keeps what was finished: the one output has
// every game edited before, no input's own output is left half done, and
// no input after it is read.
func TestWriteEditor(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	files := map[string]string{
		"1.usi": "position startpos moves 7g7f\nposition startpos moves 2g2f\n",
		"2.usi": "position startpos moves 5g5f\n",
		"3.usi": "position startpos moves 1g1f\nposition startpos moves 9g9f\nposition startpos moves 3g3f\n",
		"4.usi": "position startpos moves 6g6f\n",
	}
	shogitest.WriteFiles(t, in, files)
	csa, _ := render.Lookup("csa")
	target := batch.Target{Format: csa, Options: render.Options{AllowLoss: true}, Enc: "utf-8"}
	for _, jobs := range []int{1, 3} {
		for _, tt := range []struct {
			name   string
			dest   batch.Dest
			stopAt string
		}{
			{"one file", batch.Dest{File: filepath.Join(dir, fmt.Sprintf("all%d.csa", jobs))}, ""},
			{"dir", batch.Dest{Dir: filepath.Join(dir, fmt.Sprintf("out%d", jobs))}, ""},
			{"none", batch.Dest{}, ""},
			{"one file stopped", batch.Dest{File: filepath.Join(dir, fmt.Sprintf("stopped%d.csa", jobs))}, "9g9f"},
			{"dir stopped", batch.Dest{Dir: filepath.Join(dir, fmt.Sprintf("stopped%d", jobs))}, "9g9f"},
		} {
			t.Run(fmt.Sprintf("%s -j %d", tt.name, jobs), func(t *testing.T) {
				ctx := context.Background()
				w := batch.Writing{}
				if tt.dest != (batch.Dest{}) {
					s, err := batch.NewSink(ctx, target, tt.dest)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					w.Sink = s
				}
				ed := &testEditor{stopAt: tt.stopAt}
				w.Editor = ed
				j := batch.Job{Sources: batch.Sources{Args: []string{in}}, Reading: batch.Reading{Jobs: jobs}}
				tally, err := batch.Write(ctx, j, w)
				if err != nil {
					t.Fatal(err)
				}
				want := []string{"taken 1.usi#1", "taken 1.usi#2", "end 1.usi 2", "taken 2.usi#1", "end 2.usi 1", "taken 3.usi#1", "taken 3.usi#2", "taken 3.usi#3", "end 3.usi 3", "taken 4.usi#1", "end 4.usi 1"}
				if tt.stopAt != "" {
					want = []string{"taken 1.usi#1", "taken 1.usi#2", "end 1.usi 2", "taken 2.usi#1", "end 2.usi 1", "taken 3.usi#1", "end 3.usi 2"}
				}
				if jobs > 1 && tt.stopAt != "" {
					// 4.usi may be read ahead before 3.usi stops: then it
					// is written, whole.
					ed.log = slices.DeleteFunc(ed.log, func(s string) bool { return strings.Contains(s, "4.usi") })
				}
				if !slices.Equal(ed.log, want) {
					t.Errorf("calls %q\nwant %q", ed.log, want)
				}
				if tally.Stopped != (tt.stopAt != "") {
					t.Errorf("stopped %v", tally.Stopped)
				}
				switch {
				case tt.dest.File != "":
					b, err := os.ReadFile(tt.dest.File)
					if err != nil {
						t.Fatal(err)
					}
					n := strings.Count(string(b), "'*edited")
					if tt.stopAt == "" && n != 7 || tt.stopAt != "" && (n < 4 || strings.Contains(string(b), "+9796FU")) {
						t.Errorf("%d games edited in\n%s", n, b)
					}
				case tt.dest.Dir != "":
					got, _ := filepath.Glob(filepath.Join(tt.dest.Dir, "*"))
					for i := range got {
						got[i] = filepath.Base(got[i])
					}
					if want := []string{"1.csa", "2.csa", "3.csa", "4.csa"}; tt.stopAt == "" && !slices.Equal(got, want) ||
						tt.stopAt != "" && slices.Contains(got, "3.csa") {
						t.Errorf("outputs %v", got)
					}
				}
			})
		}
	}
}

// slowEditor takes a while over each record and notes how many it edits
// at once.
type slowEditor struct {
	testEditor
	mu      sync.Mutex
	now, at int
}

func (e *slowEditor) Edit(index int, rec *shogi.Record) batch.Edited {
	e.mu.Lock()
	e.now++
	e.at = max(e.at, e.now)
	e.mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	e.mu.Lock()
	e.now--
	e.mu.Unlock()
	return e.testEditor.Edit(index, rec)
}

// TestWriteEditorSharesCollection checks that the workers share the games
// of one collection with an editor, however small the collection's text:
// an edit outweighs reading many games.
func TestWriteEditorSharesCollection(t *testing.T) {
	in := filepath.Join(t.TempDir(), "all.csa")
	os.WriteFile(in, []byte(streamCSA(t, 8, "")), 0o644)
	ed := &slowEditor{}
	j := batch.Job{Sources: batch.Sources{Args: []string{in}}, Reading: batch.Reading{Jobs: 3}}
	if _, err := batch.Write(context.Background(), j, batch.Writing{Editor: ed}); err != nil {
		t.Fatal(err)
	}
	if ed.at < 2 {
		t.Errorf("at most %d games edited at once by 3 workers", ed.at)
	}
	if len(ed.log) != 9 {
		t.Errorf("calls %q", ed.log)
	}
}
