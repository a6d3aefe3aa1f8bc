package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir is the shared corpus of real records, when it is there.
const corpusDir = "../../../shared/corpus"

// TestDedupCorpus runs dedup over the shared corpus, which holds the same
// games as KIF, KI2, CSA and JKF from different projects. Each group below
// was checked by hand (players, date, number of plies, ending and final
// position agree, from `kifconv info`); dedup must put each group's
// records together.
func TestDedupCorpus(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("no shared corpus")
	}
	groups := []struct {
		game  string
		plies int
		paths []string
	}{
		{"9fu: 九枚落ち, mate in 61 (json-kifu-format and Kifu for JS)", 61, []string{
			"csa/json-kifu-format__9fu.csa", "ki2/Kifu-for-JS__9fu.ki2", "kif/json-kifu-format__9fu.kif"}},
		{"8mai: 八枚落ち, 2014-10-13, 25 plies, interrupted", 25, []string{
			"csa/json-kifu-format__8mai.csa", "ki2/json-kifu-format__8mai.ki2", "kif/json-kifu-format__8mai.kif"}},
		{"elmo vs yaselmo, 258 plies, 持将棋 (mog-core-scala's 002.csa, 005.ki2, 010.kif)", 258, []string{
			"csa/mog-core-scala__002.csa", "ki2/mog-core-scala__005.ki2", "kif/mog-core-scala__010.kif"}},
		{"鈴木大介 vs 深浦康市, 2017-03-22, 111 plies, resign", 111, []string{
			"csa/mog-core-scala__001.csa", "ki2/mog-core-scala__001.ki2", "kif/mog-core-scala__001.kif"}},
		{"羽生善治 vs 糸谷哲郎, 竜王戦挑戦者決定三番勝負 第2局, 2014-09-02, 117 plies (Kifu for JS and json-kifu-format)", 117, []string{
			"jkf/Kifu-for-JS__ryuou201409020101.jkf", "jkf/json-kifu-format__ryuou201409020101.jkf", "kif/json-kifu-format__ryuou201409020101.kif"}},
		{"羽生善治名人 vs 渡辺明竜王, 2008-12-17, 140 plies (PEAR)", 140, []string{
			"csa/PEAR_Shogi_Kifu__081217-h.csa", "kif/PEAR_Shogi_Kifu__081217-h.kif"}},
		{"6 plies then resign (tsshogi's JKF, ShogiHome's KIF, KI2 and CSA)", 6, []string{
			"jkf/tsshogi__sample05.jkf", "kif/shogihome__kif-sjis.kif", "ki2/shogihome__ki2-sjis.ki2", "csa/shogihome__ki2-sjis.csa", "csa/shogihome__kif-sjis.csa"}},
		{"Enemy vs usi-csa-bridge, 6 plies (ShogiHome's CSA, JKF and KIF)", 6, []string{
			"csa/shogihome__record.csa", "jkf/shogihome__record.jkf", "kif/shogihome__record.kif"}},
	}
	_, stdout, stderr := runTest(t, testEnv(false, nil), "dedup", "--format", "json", corpusDir)
	var rep struct {
		Games    int `json:"games"`
		Distinct int `json:"distinct"`
		Groups   []struct {
			Plies   int `json:"plies"`
			Records []struct {
				Path string `json:"path"`
				Game int    `json:"game"`
			} `json:"records"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	groupOf := map[string]int{}
	for i, g := range rep.Groups {
		for _, r := range g.Records {
			rel, _ := filepath.Rel(corpusDir, r.Path)
			groupOf[filepath.ToSlash(rel)] = i
		}
	}
	for _, want := range groups {
		first, ok := groupOf[want.paths[0]]
		if !ok {
			t.Errorf("%s: %s is in no group", want.game, want.paths[0])
			continue
		}
		if got := rep.Groups[first].Plies; got != want.plies {
			t.Errorf("%s: group of %d plies", want.game, got)
		}
		for _, p := range want.paths[1:] {
			if g, ok := groupOf[p]; !ok || g != first {
				var others []string
				for _, r := range rep.Groups[first].Records {
					others = append(others, r.Path)
				}
				t.Errorf("%s: %s is not with %s (group: %s)", want.game, p, want.paths[0], strings.Join(others, ", "))
			}
		}
	}
	// Different games stay apart.
	if a, b := groupOf["csa/json-kifu-format__9fu.csa"], groupOf["csa/json-kifu-format__8mai.csa"]; a == b {
		t.Error("9fu and 8mai are put together")
	}
	if len(rep.Groups) < len(groups) || rep.Distinct >= rep.Games {
		t.Errorf("games %d, distinct %d, groups %d", rep.Games, rep.Distinct, len(rep.Groups))
	}
}
