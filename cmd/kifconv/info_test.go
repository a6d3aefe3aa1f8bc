package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi/shogitest/schematest"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// collectionsDir holds the records the collection commands are tested on,
// written for these tests: multi-game CSA files (V2.2 and V3.0), KIF in
// Shift_JIS and UTF-8, KI2, JKF, every handicap (usi/handicaps.usi), date
// forms of each format, and one game in four formats for dedup.
const collectionsDir = "../../testdata/collections"

// TestCollectionScripts runs testdata/collections-script: the scripts of
// info, filter and dedup, with the collection copied into $WORK/c.
func TestCollectionScripts(t *testing.T) {
	t.Parallel()
	first := builtFirst(t)
	testscript.Run(t, testscript.Params{
		UpdateScripts: *updateScripts,
		Dir:           "testdata/collections-script",
		Setup: func(env *testscript.Env) error {
			if err := first(env); err != nil {
				return err
			}
			return os.CopyFS(filepath.Join(env.WorkDir, "c"), os.DirFS(collectionsDir))
		},
	})
}

// TestInfoSchema checks that `info --format json` over the whole test
// collection, and over standard input, matches the schema README documents
// (docs/schemas/info.schema.json).
func TestInfoSchema(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t, repoRoot+"/docs/schemas/info.schema.json", false)
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

// TestCollectionJobs checks that info, filter and dedup give the same
// output whatever the number of workers and whichever files are read
// ahead by them (small ones) or in their turn (large ones), bad files
// included.
func TestCollectionJobs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "c"), os.DirFS(collectionsDir)); err != nil {
		t.Fatal(err)
	}
	bad := "V2.2\nPI\n+\n+7776FU\n+3334FU\n"
	if err := os.WriteFile(filepath.Join(dir, "c", "bad.csa"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "c")
	commands := [][]string{
		{"info", "--format", "tsv", in, filepath.Join(dir, "missing.kif")},
		{"filter", "-l", "--player", "羽生", in},
		{"filter", "-t", "csa", "--max-plies", "9", in},
		{"dedup", "--format", "json", in},
	}
	for _, args := range commands {
		code0, want, wantErr := runTest(t, testEnv(false, nil), append([]string{args[0], "-j", "1"}, args[1:]...)...)
		for _, jobs := range []string{"2", "3"} {
			code, got, gotErr := runTest(t, testEnv(false, nil), append([]string{args[0], "-j", jobs}, args[1:]...)...)
			if code != code0 || got != want || gotErr != wantErr {
				t.Errorf("%v with -j %s: exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s",
					args, jobs, code, code0, got, want, gotErr, wantErr)
			}
		}
	}
}

// TestInfoSchemaEncodings checks that info's JSON names every encoding
// kifconv detects as its schema allows.
func TestInfoSchemaEncodings(t *testing.T) {
	t.Parallel()
	sch := schematest.Compile(t, repoRoot+"/docs/schemas/info.schema.json", false)
	const text = "先手：羽生\n手合割：平手\n   1 ７六歩(77)\n"
	encoders := map[string]encoding.Encoding{
		"utf-8":     unicode.UTF8BOM,
		"shift_jis": japanese.ShiftJIS,
		"euc-jp":    japanese.EUCJP,
		"utf-16le":  unicode.UTF16(unicode.LittleEndian, unicode.UseBOM),
		"utf-16be":  unicode.UTF16(unicode.BigEndian, unicode.UseBOM),
		"utf-32le":  utf32.UTF32(utf32.LittleEndian, utf32.UseBOM),
		"utf-32be":  utf32.UTF32(utf32.BigEndian, utf32.UseBOM),
	}
	dir := t.TempDir()
	for name, enc := range encoders {
		b, err := enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".kif")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runTest(t, testEnv(false, nil), "info", "--format", "json", path)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if !strings.Contains(stdout, `"encoding": "`+name+`"`) {
			t.Errorf("%s: detected otherwise: %s", name, stdout)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(stdout))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
