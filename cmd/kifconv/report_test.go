package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi/shogitest"
	"github.com/kifconv/kifconv/internal/shogi/shogitest/schematest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSARIFSchema validates validate's SARIF output against the SARIF 2.1.0
// schema (testdata/sarif/schema.json, the part kifconv writes, written
// from the published schema), with files that have errors, warnings,
// diagnostics without a line, and paths that need escaping.
func TestSARIFSchema(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t, filepath.Join("testdata", "sarif", "schema.json"), true)
	dir := t.TempDir()
	files := map[string]string{
		"nifu.usi":         "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b P 1 moves 7g7f 3c3d P*7e\n",
		"quirk.csa":        "V2.2\nN+a\n$START_TIME\nPI\n+\n+7776FU\n",
		"a b:c%d#e?.usi":   "position startpos moves 7g7f 7g7f\n",
		"empty.usi":        "",
		"unknown.json":     "{\"not\": \"jkf\"}\n",
		"good.usi":         "position startpos moves 7g7f\n",
		"sub/summary.kifu": "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\nまで3手で先手の勝ち\n",
	}
	shogitest.WriteFiles(t, dir, files)
	for _, args := range [][]string{
		{"validate", "--format", "sarif", dir},
		{"validate", "--format", "sarif", filepath.Join(dir, "good.usi")}, // no results
		{"validate", "--format", "sarif", "--strict", dir},
	} {
		code, stdout, stderr := runTest(t, testEnv(false, nil), args...)
		if code == exitUsage {
			t.Fatalf("%v: exit 2: %s", args, stderr)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(stdout)))
		if err != nil {
			t.Fatalf("%v: not JSON: %v\n%s", args, err, stdout)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%v: not SARIF 2.1.0: %v\n%s", args, err, stdout)
		}
		if code == exitNo && !strings.Contains(stdout, `"level": "error"`) {
			t.Errorf("%v: exit 1 but no error result:\n%s", args, stdout)
		}
	}
}
