package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestInfoFilterAgree: info and filter tell one story of every record
// (shogi.Outcome): a game is selected by filter --result black-win,
// white-win, draw or unfinished exactly when info gives it that winner or
// no winner, and info's final position has the side to move and the move
// number its plies give. Over the shared corpus (when present) and a few
// hundred generated records that end in fouls of every form, written in
// KIF, KI2, CSA, JKF and PSN.
func TestInfoFilterAgree(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFoulRecords(t, dir, 300)
	inputs := []string{dir}
	if _, err := os.Stat(corpusDir); err == nil {
		inputs = append(inputs, corpusDir)
	} else {
		t.Logf("no %s: generated records only", corpusDir)
	}
	type row struct {
		Path     string  `json:"path"`
		Game     int     `json:"game"`
		Start    *string `json:"start"`
		Plies    int     `json:"plies"`
		Ending   *string `json:"ending"`
		Winner   *string `json:"winner"`
		Final    string  `json:"final"`
		Handicap string  `json:"handicap"`
	}
	_, stdout, stderr := runTest(t, testEnv(false, nil), append([]string{"info", "--format", "json"}, inputs...)...)
	var rows []row
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatalf("info: %v\n%s", err, stderr)
	}
	if len(rows) < 300 {
		t.Fatalf("info gave %d rows\n%s", len(rows), stderr)
	}
	selected := map[string]map[string]bool{}
	for _, result := range []string{"black-win", "white-win", "draw", "unfinished"} {
		_, out, _ := runTest(t, testEnv(false, nil), append([]string{"filter", "-l", "--result", result}, inputs...)...)
		selected[result] = map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			selected[result][l] = true
		}
	}
	draws := map[string]bool{"repetition_draw": true, "impasse": true, "draw": true, "max_moves": true}
	fouls := 0
	for _, r := range rows {
		key := r.Path + "\t" + strconv.Itoa(r.Game)
		want := "unfinished"
		switch {
		case r.Winner != nil:
			want = *r.Winner + "-win"
		case r.Ending != nil && draws[*r.Ending]:
			want = "draw"
		}
		for result, games := range selected {
			if games[key] != (result == want) {
				t.Errorf("%s: info says winner %v, ending %v; filter --result %s selects it: %v", key, deref(r.Winner), deref(r.Ending), result, games[key])
			}
		}
		if r.Ending != nil && strings.HasPrefix(*r.Ending, "foul") {
			fouls++
		}
		// The final position's side to move and move number follow from
		// the start and the plies.
		start := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
		if r.Start != nil {
			start = *r.Start
		} else if r.Handicap != "平手" {
			start = "preset w - 1" // a handicap: 上手 (White) moves first, from move 1
		}
		sf, ff := strings.Fields(start), strings.Fields(r.Final)
		turn := sf[1]
		n, _ := strconv.Atoi(sf[3])
		if r.Plies%2 == 1 {
			turn = map[string]string{"b": "w", "w": "b"}[turn]
		}
		if len(ff) != 4 || ff[1] != turn || ff[3] != strconv.Itoa(n+r.Plies) {
			t.Errorf("%s: final %q after %d plies from %q: want %s to move at move %d", key, r.Final, r.Plies, start, turn, n+r.Plies)
		}
	}
	if fouls < 100 {
		t.Errorf("only %d records end in a foul", fouls)
	}
}

func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}

// writeFoulRecords writes n random records that end in an illegal move
// (shogitest.AddFoul: documented at once, after the capture of the king,
// or not at all) under dir, in KIF, KI2, CSA, JKF and PSN by turns.
func writeFoulRecords(t *testing.T, dir string, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(25, 16))
	opt := shogitest.RandomOptions{MaxPlies: 60, Handicaps: true, CustomStart: true, Header: true, Times: true}
	formats := []string{"kif", "ki2", "csa", "jkf", "psn"}
	for i := 0; i < n; {
		rec := shogitest.RandomRecord(rng, opt)
		if !shogitest.AddFoul(rng, rec) {
			continue
		}
		f := formats[i%len(formats)]
		text := recordText(t, f, charset.UTF8, false, rec)
		ext := f
		if f == "kif" || f == "ki2" {
			ext += "u" // UTF-8
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.%s", i, ext)), text, 0o644); err != nil {
			t.Fatal(err)
		}
		i++
	}
}
