package main

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/usi/usitest"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run kifconv as a command: the test binary
// re-executes itself as kifconv, with real files for its streams, and as
// fakeusi, the fake USI engine, whose arguments are the words of its
// spec (usitest.Config): fakeusi crash-ply=3 name=Crashy. Tests in Go
// start the fake with usitest.Config.
func TestMain(m *testing.M) {
	usitest.Main()
	testscript.Main(cleanBinary{m}, map[string]func(){
		"kifconv": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"fakeusi": func() {
			os.Exit(usitest.Run(os.Stdin, os.Stdout, os.Stderr, strings.Join(os.Args[1:], ",")))
		},
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: each is a
// txtar archive of input files and the commands to run on them, checking
// standard output, standard error and the exit status.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", UpdateScripts: *updateScripts})
}

// updateScripts rewrites the files that the scripts' cmp commands compare
// with what the commands printed: go test -run Scripts -update-scripts,
// then read the diff.
var updateScripts = flag.Bool("update-scripts", false, "rewrite the golden files of the scripts")

// cleanBinary removes the kifconv binary the tests built, once they are done.
type cleanBinary struct{ m *testing.M }

func (c cleanBinary) Run() int {
	code := c.m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}
