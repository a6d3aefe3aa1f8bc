package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/shogi/shogitest"
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
	t.Parallel()
	testscript.Run(t, testscript.Params{Dir: "testdata/script", UpdateScripts: *updateScripts, Setup: builtFirst(t)})
}

// builtFirst returns a script Setup that puts the kifconv binary the tests
// build (buildKifconv) first on PATH, so that the scripts' exec kifconv runs
// it rather than the test binary: that one links the tests' libraries as
// well and takes about twice as long to start, on some 600 runs. Under
// -cover, or -short (which builds nothing), the scripts run the test
// binary, whose runs are counted.
func builtFirst(t *testing.T) func(*testscript.Env) error {
	dir := builtDir(t)
	return func(env *testscript.Env) error {
		if dir != "" {
			env.Setenv("PATH", dir+string(filepath.ListSeparator)+env.Getenv("PATH"))
		}
		return nil
	}
}

// waitingParallel runs four parallel tests per CPU unless -test.parallel
// is given. Most of these tests spend their time waiting: for the kifconv
// and engine processes they start, for timeouts they provoke, for signals
// to arrive. At Go's default of one per CPU, two tests that wait for a
// second each left the CPUs idle for that second.
func waitingParallel() {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
}

// updateScripts rewrites the files that the scripts' cmp commands compare
// with what the commands printed: go test -run Scripts -update-scripts,
// then read the diff.
var updateScripts = flag.Bool("update-scripts", false, "rewrite the golden files of the scripts")

// cleanBinary runs the tests with the collector set as in kifconv and
// their temporary files in memory (shogitest.Tune), waitingParallel tests
// at once, and removes the kifconv binary they built, once they are done.
type cleanBinary struct{ m *testing.M }

func (c cleanBinary) Run() int {
	flag.Parse()
	defer shogitest.Tune()()
	waitingParallel()
	code := c.m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}
