package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// collectionsDir holds the records the collection commands are tested on,
// written for these tests: multi-game CSA files (V2.2 and V3.0), KIF in
// Shift_JIS and UTF-8, KI2, JKF, every handicap (usi/handicaps.usi), date
// forms of each format, and one game in four formats for dedup.
const collectionsDir = "../../testdata/collections"

// TestCollectionScripts runs testdata/collections-script: the scripts of
// info, filter and dedup, with the collection copied into $WORK/c.
func TestCollectionScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/collections-script",
		Setup: func(env *testscript.Env) error {
			return os.CopyFS(filepath.Join(env.WorkDir, "c"), os.DirFS(collectionsDir))
		},
	})
}

// TestInfoSchema checks that `info --format json` over the whole test
// collection, and over standard input, matches the schema README documents
// (testdata/info.schema.json).
func TestInfoSchema(t *testing.T) {
	f, err := os.Open("testdata/info.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	const id = "https://github.com/kifconv/kifconv/info.schema.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"info", "--format", "json", collectionsDir},
		{"info", "--format", "json", "../../testdata/sample.kif", "../../testdata/csa", "../../testdata/kif"},
	} {
		code, stdout, stderr := runTest(t, testEnv(false, nil), args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(stdout)))
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stdout)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%v: %v", args, err)
		}
		if n := len(inst.([]any)); n < 5 {
			t.Errorf("%v: only %d rows", args, n)
		}
	}
	// The schema must reject what it should: a missing member, a wrong type.
	for _, bad := range []string{`[{"path": "a"}]`, `[{"path": "a", "game": "1"}]`} {
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(bad)))
		if sch.Validate(inst) == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
}
