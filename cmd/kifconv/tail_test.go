package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
)

// refLines splits text into lines as the readers do (LF, CRLF, bare CR),
// returning each line's text and offset; a last line without a line end
// counts only when complete is false.
func refLines(text string) (lines []string, offs []int64) {
	start := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
		default:
			continue
		}
		lines = append(lines, strings.TrimRight(text[start:i+1], "\r\n"))
		offs = append(offs, int64(start))
		start = i + 1
	}
	return lines, offs
}

func TestTextTail(t *testing.T) {
	var long strings.Builder
	for i := range 40 {
		long.WriteString("line " + strconv.Itoa(i) + strings.Repeat("x", i%7) + "\n")
	}
	tests := []struct {
		name     string
		text     string
		madeLine int // 0: none
		madeText string
	}{
		{"LF", long.String() + "　まで40手で先手の勝ち\n", 41, "　まで40手で先手の勝ち"},
		{"CRLF", strings.ReplaceAll(long.String(), "\n", "\r\n") + "まで3手\r\nafter\r\n", 41, "まで3手"},
		{"bare CR", strings.ReplaceAll(long.String(), "\n", "\r") + "x\r\tまで1手\r", 42, "\tまで1手"},
		{"mixed", "a\r\nb\rc\nまで\r\n", 4, "まで"},
		{"まで inside a line is not one", "*まで\n" + long.String() + "まで2手\n", 42, "まで2手"},
		{"first only", "まで1\n" + long.String() + "まで2\n", 1, "まで1"},
		{"none", long.String(), 0, ""},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1, 2, 5, 64, 1 << 20} {
			t.Run(tt.name+"/"+strconv.Itoa(chunk), func(t *testing.T) {
				const limit = 128
				tail := newTextTail(limit)
				lines, offs := refLines(tt.text)
				written := 0
				for written < len(tt.text) {
					n := min(chunk, len(tt.text)-written)
					tail.Write([]byte(tt.text[written : written+n]))
					written += n
					if len(tail.buf) > limit+chunk {
						t.Fatalf("keeps %d bytes, limit %d", len(tail.buf), limit)
					}
					// Every complete line is quoted right, or not at all;
					// the recent ones are always there.
					for i, want := range lines {
						end := offs[i] + int64(len(want)) + 1
						if end > int64(written) || end == int64(written) && tt.text[end-1] == '\r' {
							break // not known to be complete yet
						}
						for _, off := range []int64{offs[i], -1} {
							got, ok := tail.line(i+1, off)
							if ok && got != want {
								t.Fatalf("line %d (offset %d) after %d bytes: %q, want %q", i+1, off, written, got, want)
							}
							if !ok && offs[i] >= int64(written-limit/2) {
								t.Fatalf("recent line %d lost after %d bytes", i+1, written)
							}
						}
					}
				}
				n, text, ok := tail.madeLineText()
				if ok != (tt.madeLine > 0) || n != tt.madeLine || text != tt.madeText {
					t.Errorf("まで line %d %q %v, want %d %q", n, text, ok, tt.madeLine, tt.madeText)
				}
			})
		}
	}
}

// stdinGen produces a long CSA collection as standard input without holding
// it, and measures the live heap of the process every few megabytes read.
type stdinGen struct {
	head, tail []byte
	body       [][]byte
	bodyBytes  int64 // how much body to produce
	cur        []byte
	next       int
	n          int64 // bytes produced
	lines      int   // lines in the body produced
	stage      int   // 0 head, 1 body, 2 tail, 3 end
	sample     int64
	maxHeap    uint64
}

const stdinSampleEvery = 4 << 20

func (g *stdinGen) Read(p []byte) (int, error) {
	for len(g.cur) == 0 {
		switch g.stage {
		case 0:
			g.cur, g.stage = g.head, 1
		case 1:
			if g.n >= g.bodyBytes {
				g.cur, g.stage = g.tail, 2
				continue
			}
			g.cur = g.body[g.next%len(g.body)]
			g.next++
			g.lines += bytes.Count(g.cur, []byte{'\n'})
		case 2, 3:
			g.stage = 3
			return 0, io.EOF
		}
	}
	n := copy(p, g.cur)
	g.cur = g.cur[n:]
	g.n += int64(n)
	if g.n >= g.sample {
		g.sample += stdinSampleEvery
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		g.maxHeap = max(g.maxHeap, ms.HeapAlloc)
	}
	return n, nil
}

// TestValidateLargeStdin pipes a CSA collection of some 24 MB into validate:
// the live heap stays a fraction of the input (the whole text used to be
// kept to quote from), and the diagnostics at both ends of it still have
// their lines and columns and quote their source lines.
func TestValidateLargeStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 24 MB")
	}
	recs, _ := genRecords(11, 40)
	var body [][]byte
	for _, rec := range recs {
		body = append(body, append(recordText(t, "csa", charset.UTF8, false, rec), "/\n"...))
	}
	head := "V2.2\nN+a\n$START_TIME\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\n"
	bad := "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n"
	const size = 24 << 20
	for _, jobs := range []int{1, 2} {
		t.Run("j"+strconv.Itoa(jobs), func(t *testing.T) {
			g := &stdinGen{head: []byte(head), body: body, tail: []byte(bad), bodyBytes: size}
			var out, errb bytes.Buffer
			code := runEnv(context.Background(), testEnv(false, nil), []string{"validate", "-j", strconv.Itoa(jobs), "-"}, g, &out, &errb)
			if code != exitInvalid {
				t.Fatalf("exit %d, want 1; stderr %s", code, errb.String())
			}
			errLine := strings.Count(head, "\n") + g.lines + strings.Count(bad, "\n")
			wants := []string{
				fmt.Sprintf("<stdin>:%d:2: error: no piece on the origin square: move 3 +7776FU [no-piece]\n+7776FU\n ^\n", errLine),
				"[bad-header]\n$START_TIME\n^\n",
			}
			for _, want := range wants {
				if !strings.Contains(out.String(), want) {
					t.Errorf("got\n%s\nwant it to hold\n%s", out.String(), want)
				}
			}
			if !strings.Contains(out.String(), "<stdin>:3:1: warning: ") {
				t.Errorf("the first game's warning is not at 3:1:\n%s", out.String())
			}
			games := g.next + 2
			if s := "1 file: 0 valid, 1 invalid, 1 error, 1 warning\n"; errb.String() != s {
				t.Errorf("stderr %q, want %q (%d games)", errb.String(), s, games)
			}
			if g.maxHeap > size/2 {
				t.Errorf("live heap reached %d MB reading %d MB", g.maxHeap>>20, g.n>>20)
			}
			t.Logf("%d games, %d MB; live heap at most %d MB", games, g.n>>20, g.maxHeap>>20)
		})
	}
}
