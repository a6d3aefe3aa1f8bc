package report_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kifconv/kifconv/internal/analysis"
	"github.com/kifconv/kifconv/internal/report"
	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/shogi/shogitest/schematest"
	"github.com/kifconv/kifconv/internal/usi"
	"github.com/kifconv/kifconv/internal/usi/usitest"
)

func TestMain(m *testing.M) {
	usitest.Main()
	os.Exit(m.Run())
}

// analysedGames analyses random records (variations, mates, endings) with
// the fake engine, one of them with a mate score on the way.
func analysedGames(t *testing.T) []*report.AnalysisGame {
	t.Helper()
	rng := rand.New(rand.NewPCG(28, 2))
	opt := shogitest.FullRandomOptions()
	opt.MaxPlies = 24
	var games []*report.AnalysisGame
	for i, spec := range []string{"", "mate-ply=3", "silent-mated", "win-ply=2"} {
		rec := shogitest.RandomRecord(rng, opt)
		c := usi.NewClient(usitest.Config(spec))
		ga, err := analysis.Run(context.Background(), rec, c, analysis.Options{Limits: usi.Limits{Nodes: 1}, Variations: i%2 == 0})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, report.NewAnalysisGame("game"+string(rune('0'+i))+".kif", rec, ga))
	}
	return games
}

func writeReport(t *testing.T, format string, games []*report.AnalysisGame) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := report.NewAnalysisWriter(&buf, format)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAnalysisReportSchema(t *testing.T) {
	sch := schematest.Compile(t, "../../docs/schemas/analysis.schema.json", true)
	games := analysedGames(t)
	validate := func(what string, b []byte) {
		t.Helper()
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s does not fit the schema: %v\n%s", what, err, b)
		}
	}
	doc := writeReport(t, "json", games)
	validate("json", doc)
	var back struct{ Games []report.AnalysisGame }
	if err := json.Unmarshal(doc, &back); err != nil || len(back.Games) != len(games) {
		t.Fatalf("json read back: %v, %d games", err, len(back.Games))
	}
	moves := 0
	for _, g := range games {
		moves += len(g.Moves)
	}
	sc := bufio.NewScanner(bytes.NewReader(writeReport(t, "jsonl", games)))
	lines := 0
	for sc.Scan() {
		validate("jsonl line", sc.Bytes())
		lines++
	}
	if want := 3*len(games) + moves; lines != want {
		t.Errorf("%d jsonl lines, want %d", lines, want)
	}
	rows, err := csv.NewReader(bytes.NewReader(writeReport(t, "csv", games))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + 3*len(games) + moves; len(rows) != want || rows[0][0] != "type" {
		t.Errorf("%d csv rows, want %d", len(rows), want)
	}
	// The schema is strict: a wrong class, a score with both cp and mate,
	// an unknown field are refused.
	for _, bad := range []string{
		`{"type":"game","game":"g","engine":"e","positions":1,"extra":1}`,
		`{"type":"player","game":"g","side":"black","name":"","moves":1,"average_loss":1,"acpl":1,"accuracy":101,"inaccuracies":0,"mistakes":0,"blunders":0}`,
		`{"games":[{"game":"g","engine":"e","positions":2,"players":[],"moves":[]}]}`,
	} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if sch.Validate(v) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
	line := strings.SplitN(string(writeReport(t, "jsonl", games[:1])), "\n", 5)[3]
	for _, swap := range [][2]string{{`"class":"`, `"class":"huge`}, {`"score_before":{`, `"score_before":{"mate":3,`}} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(line, swap[0], swap[1], 1)))
		if sch.Validate(v) == nil {
			t.Errorf("the schema accepts %s with %s", line, swap[1])
		}
	}
	// Empty reports are valid too.
	validate("empty json", writeReport(t, "json", nil))
	if got := string(writeReport(t, "csv", nil)); !strings.HasPrefix(got, "type,game,") {
		t.Errorf("empty csv %q", got)
	}
	if _, err := report.NewAnalysisWriter(nil, "xml"); err == nil {
		t.Error("xml accepted")
	}
}

func TestAnalysisReportRows(t *testing.T) {
	games := analysedGames(t)
	mates, classed := 0, 0
	for _, g := range games {
		if g.Players[0].Side != "black" || g.Players[1].Side != "white" {
			t.Errorf("players %+v", g.Players)
		}
		for _, m := range g.Moves {
			if m.Notation == "" || (m.Notation[:len("▲")] != "▲" && m.Notation[:len("△")] != "△") {
				t.Errorf("notation %q", m.Notation)
			}
			if m.Before.Mate != nil || m.After.Mate != nil {
				mates++
			}
			if m.Class != "" {
				classed++
			}
		}
	}
	if mates == 0 || classed == 0 {
		t.Errorf("%d mates, %d classed moves", mates, classed)
	}
}
