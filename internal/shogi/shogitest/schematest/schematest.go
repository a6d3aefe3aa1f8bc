// Package schematest compiles JSON Schemas for tests. It is apart from
// shogitest because importing the schema library compiles its meta-schemas
// when the test binary starts (about 370 KB in 1,800 objects), which every
// cycle of the collector then marks: in the readers' benchmarks, whose
// heap is small, that doubled the collector's time.
package schematest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile compiles the JSON Schema in the file at path, failing t if
// it cannot; formats ("uri", "date-time", …) are asserted when
// assertFormat is set.
func Compile(t testing.TB, path string, assertFormat bool) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	id := "file://" + filepath.ToSlash(abs)
	c := jsonschema.NewCompiler()
	if assertFormat {
		c.AssertFormat()
	}
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}
