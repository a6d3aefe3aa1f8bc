// Command testsum reads what go test -json reports and prints it as go
// test prints it without -json (the package lines, and the output of the
// tests that fail), then says which tests were skipped: in one line those
// that skipped for want of the shared corpus (../shared/corpus beside the
// repository), in another any others, each with its reason. make test
// runs it:
//
//	go test -json ./... | go run ./internal/tools/testsum
//
// It exits 1 when a test, a package or a build failed, or when the input
// held no result at all (go test could not start).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"strings"
)

func main() {
	os.Exit(summarise(os.Stdin, os.Stdout))
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// skip is a test that skipped, and why.
type skip struct {
	pkg, test, reason string
}

// isCorpus reports whether a skip's reason is the missing shared corpus.
func (s skip) isCorpus() bool {
	return strings.Contains(s.reason, "shared corpus") || strings.Contains(s.reason, "shared/corpus")
}

// logPrefix is the file:line a t.Log line starts with.
var logPrefix = regexp.MustCompile(`^\s*\w[\w.-]*\.go:\d+: `)

// summarise copies the events of in to out as go test would print them,
// adds the skip summary, and returns the exit status.
func summarise(in io.Reader, out io.Writer) int {
	type key struct{ pkg, test string }
	held := map[key][]string{} // each running test's output
	var skips []skip
	failed, results := false, 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 16<<20) // a test may print long lines
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(out, sc.Text()) // not an event: go test's own words
			continue
		}
		k := key{e.Package, e.Test}
		switch {
		case e.Action == "build-output":
			fmt.Fprint(out, e.Output)
		case e.Action == "build-fail":
			failed = true
		case e.Action == "output" && e.Test == "":
			if e.Output != "PASS\n" {
				fmt.Fprint(out, e.Output)
			}
		case e.Action == "output":
			if !strings.HasPrefix(e.Output, "=== ") {
				held[k] = append(held[k], e.Output)
			}
		case e.Action == "fail" && e.Test != "":
			for _, line := range held[k] {
				fmt.Fprint(out, line)
			}
			delete(held, k)
		case e.Action == "skip" && e.Test != "":
			skips = append(skips, skip{e.Package, e.Test, reason(held[k])})
			delete(held, k)
		case e.Action == "pass" && e.Test != "":
			delete(held, k)
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			results++
			failed = failed || e.Action == "fail"
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, "testsum:", err)
		return 1
	}
	var corpus, other []string
	for _, s := range skips {
		name := s.test + " (" + path.Base(s.pkg) + ")"
		if s.isCorpus() {
			corpus = append(corpus, name)
		} else {
			other = append(other, name+": "+s.reason)
		}
	}
	if len(corpus) > 0 {
		fmt.Fprintf(out, "skipped %s for want of ../shared/corpus: %s\n", tests(len(corpus)), strings.Join(corpus, ", "))
	}
	if len(other) > 0 {
		fmt.Fprintf(out, "skipped %s more: %s\n", tests(len(other)), strings.Join(other, "; "))
	}
	if results == 0 {
		fmt.Fprintln(out, "testsum: no test results")
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// reason is why a test skipped: the last line it logged before its
// "--- SKIP" line, without the file and line.
func reason(output []string) string {
	for i := len(output) - 1; i >= 0; i-- {
		line := strings.TrimSpace(output[i])
		if line == "" || strings.HasPrefix(line, "--- SKIP") {
			continue
		}
		return logPrefix.ReplaceAllString(line, "")
	}
	return "no reason given"
}

// tests is "1 test", "2 tests", ….
func tests(n int) string {
	if n == 1 {
		return "1 test"
	}
	return fmt.Sprintf("%d tests", n)
}
