package usitest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// RealEngine returns the path of a real USI engine for a test:
// $KIFCONV_USI_ENGINE, or fairy-stockfish on PATH or in /usr/games
// (Debian's package). It skips the test when there is none, or when
// KIFCONV_USI_ENGINE is "none" (to time the tests as a machine without an
// engine runs them), unless KIFCONV_REQUIRE_ENGINE is set (make
// test-engines), which makes that a failure.
func RealEngine(t testing.TB) string {
	t.Helper()
	switch p := os.Getenv("KIFCONV_USI_ENGINE"); p {
	case "":
		if p, err := exec.LookPath("fairy-stockfish"); err == nil {
			return p
		}
		if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
			return "/usr/games/fairy-stockfish"
		}
	case "none":
	default:
		return p
	}
	if os.Getenv("KIFCONV_REQUIRE_ENGINE") != "" {
		t.Fatal("no USI engine: apt-get install fairy-stockfish, or set KIFCONV_USI_ENGINE")
	}
	t.Skip("no USI engine on PATH or in /usr/games (apt-get install fairy-stockfish, or set KIFCONV_USI_ENGINE); make test-engines runs this test")
	return ""
}

// AskDirectly runs a fresh engine process at path on one position with
// one thread and a 16 MB hash, as a person would at a terminal, and
// returns the score of the last info line before bestmove, as the engine
// wrote it ("cp 123", "mate -4", with " lowerbound" or " upperbound").
func AskDirectly(t testing.TB, path, sfen string, nodes int64) string {
	t.Helper()
	script := fmt.Sprintf("usi\nsetoption name Threads value 1\nsetoption name USI_Hash value 16\nisready\nusinewgame\nposition sfen %s\ngo nodes %d\n", sfen, nodes)
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe() // open until bestmove: engines quit at the end of their input
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if _, err := in.Write([]byte(script)); err != nil {
		t.Fatal(err)
	}
	score := ""
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "bestmove") {
			return score
		}
		if _, rest, ok := strings.Cut(line, " score "); ok && strings.HasPrefix(line, "info") {
			f := strings.Fields(rest)
			score = f[0] + " " + f[1]
			if len(f) > 2 && (f[2] == "lowerbound" || f[2] == "upperbound") {
				score += " " + f[2]
			}
		}
	}
	t.Fatalf("no bestmove from %s", path)
	return ""
}
