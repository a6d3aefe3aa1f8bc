package main

import (
	"strings"
	"testing"
)

// stream is go test -json's report of a package whose tests pass, fail
// and skip (two for want of the shared corpus), and of one without tests.
const stream = `{"Action":"start","Package":"m/a"}
{"Action":"run","Package":"m/a","Test":"TestPass"}
{"Action":"output","Package":"m/a","Test":"TestPass","Output":"=== RUN   TestPass\n"}
{"Action":"output","Package":"m/a","Test":"TestPass","Output":"    a_test.go:5: chatter\n"}
{"Action":"output","Package":"m/a","Test":"TestPass","Output":"--- PASS: TestPass (0.00s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestPass"}
{"Action":"run","Package":"m/a","Test":"TestCorpus"}
{"Action":"output","Package":"m/a","Test":"TestCorpus","Output":"=== RUN   TestCorpus\n"}
{"Action":"output","Package":"m/a","Test":"TestCorpus","Output":"    a_test.go:9: no shared corpus\n"}
{"Action":"output","Package":"m/a","Test":"TestCorpus","Output":"--- SKIP: TestCorpus (0.00s)\n"}
{"Action":"skip","Package":"m/a","Test":"TestCorpus"}
{"Action":"output","Package":"m/b/c","Test":"TestCSACorpus","Output":"--- SKIP: TestCSACorpus (0.00s)\n"}
{"Action":"output","Package":"m/b/c","Test":"TestCSACorpus","Output":"    csa_test.go:82: no shared corpus at ../../../shared/corpus\n"}
{"Action":"skip","Package":"m/b/c","Test":"TestCSACorpus"}
{"Action":"output","Package":"m/a","Test":"TestEngine","Output":"    e_test.go:3: no USI engine\n"}
{"Action":"skip","Package":"m/a","Test":"TestEngine"}
{"Action":"output","Package":"m/a","Test":"TestFail","Output":"    a_test.go:20: got 1, want 2\n"}
{"Action":"output","Package":"m/a","Test":"TestFail","Output":"--- FAIL: TestFail (0.00s)\n"}
{"Action":"fail","Package":"m/a","Test":"TestFail"}
{"Action":"output","Package":"m/a","Output":"FAIL\n"}
{"Action":"output","Package":"m/a","Output":"FAIL\tm/a\t0.01s\n"}
{"Action":"fail","Package":"m/a"}
{"Action":"output","Package":"m/b/c","Output":"PASS\n"}
{"Action":"output","Package":"m/b/c","Output":"ok  \tm/b/c\t0.01s\n"}
{"Action":"pass","Package":"m/b/c"}
{"Action":"output","Package":"m/d","Output":"?   \tm/d\t[no test files]\n"}
{"Action":"skip","Package":"m/d"}
`

func TestSummarise(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
		code     int
	}{
		{"a failure and skips", stream, `    a_test.go:20: got 1, want 2
--- FAIL: TestFail (0.00s)
FAIL
FAIL	m/a	0.01s
ok  	m/b/c	0.01s
?   	m/d	[no test files]
skipped 2 tests for want of ../shared/corpus: TestCorpus (a), TestCSACorpus (c)
skipped 1 test more: TestEngine (a): no USI engine
`, 1},
		{"all pass", `{"Action":"output","Package":"m/b","Output":"ok  \tm/b\t0.01s\n"}
{"Action":"pass","Package":"m/b"}
`, "ok  \tm/b\t0.01s\n", 0},
		{"a build failure", `{"ImportPath":"m/b","Action":"build-output","Output":"b.go:3:1: syntax error\n"}
{"ImportPath":"m/b","Action":"build-fail"}
{"Action":"output","Package":"m/b","Output":"FAIL\tm/b [build failed]\n"}
{"Action":"fail","Package":"m/b"}
`, "b.go:3:1: syntax error\nFAIL\tm/b [build failed]\n", 1},
		{"go test could not start", "go: no such pattern\n", "go: no such pattern\ntestsum: no test results\n", 1},
	}
	for _, tt := range tests {
		var out strings.Builder
		code := summarise(strings.NewReader(tt.in), &out)
		if out.String() != tt.want || code != tt.code {
			t.Errorf("%s: exit %d, want %d; printed\n%s\nwant\n%s", tt.name, code, tt.code, out.String(), tt.want)
		}
	}
}
