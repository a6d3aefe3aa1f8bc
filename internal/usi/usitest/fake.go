// Package usitest is a fake USI engine for tests, so that every test of
// engine analysis runs with Go alone. The test binary itself is the
// engine: a package's TestMain calls Main first, which runs the fake and
// exits when the process was started as one, and Config returns the
// usi.Config that starts the running test binary that way. Only tests
// import this package.
//
// The fake answers from the position alone (a score and a PV of legal
// moves derived from a hash of the SFEN), so that its answers do not depend
// on the order of the positions or on how many engines run; Score gives
// the score it reports. A spec of comma-separated words makes it fail on
// demand (see Config).
package usitest

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/kifconv/kifconv/internal/usi"
)

// envVar carries the spec to the fake engine's process.
const envVar = "KIFCONV_FAKE_USI"

// argPrefix starts the argument that carries the spec instead (Arg).
const argPrefix = "-usitest.fake="

// Main runs the fake engine and exits when this process was started by
// Config or with Arg; otherwise it returns at once. Call it first in
// TestMain:
//
//	func TestMain(m *testing.M) { usitest.Main(); os.Exit(m.Run()) }
func Main() {
	spec, ok := os.LookupEnv(envVar)
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], argPrefix) {
		spec, ok = os.Args[1][len(argPrefix):], true
	}
	if !ok {
		return
	}
	os.Exit(Run(os.Stdin, os.Stdout, os.Stderr, spec))
}

// Arg returns the one argument that starts the running test binary as the
// fake engine behaving as spec says (see Config), for a program that
// passes arguments to its engine but no environment of its own: kifconv
// analyze --engine os.Args[0] --engine-arg Arg(spec). Unlike an
// environment variable, it lets tests that start engines run in parallel.
func Arg(spec string) string { return argPrefix + spec }

// Config returns the usi.Config that starts the running test binary as
// the fake engine (its TestMain must call Main), behaving as spec says:
//
//	name=N          its id name (default FakeEngine)
//	banner          prints a line that is not USI before the handshake
//	exit-at-start   writes to standard error and exits before the handshake
//	stall-ready     never answers isready
//	stall-ready-at=N
//	                never answers its Nth isready (the handshake's is the
//	                first, each usinewgame's the next)
//	crash-at=N      exits in the middle of its Nth search (exit status 3)
//	hang-at=N       falls silent in its Nth search and ignores stop
//	garbage-at=N    prints a line that is not USI in its Nth search
//	crash-ply=K, hang-ply=K, garbage-ply=K
//	                the same for every position K moves after the start,
//	                so that a retry on a new engine fails again
//	slow=D          takes D (a Go duration) before each bestmove
//	byoyomi-only    treats go movetime as go infinite (searches until stop)
//	bounds          prints a lowerbound score before the exact one
//	mate-ply=K      reports a mate in 3 for the side to move at ply K
//	win-ply=K       answers bestmove win at ply K (an entering-king declaration)
//	silent-mated    gives no info, only bestmove resign, when checkmated
//	                (by default it prints score mate 0 first)
//
// N counts the searches of one process from 1, so that a restarted engine
// starts counting again.
func Config(spec string) usi.Config {
	return usi.Config{
		Path:         os.Args[0],
		Env:          []string{envVar + "=" + spec},
		StartTimeout: 10 * time.Second,
		ReadyTimeout: 10 * time.Second,
		StopTimeout:  300 * time.Millisecond,
		QuitTimeout:  time.Second,
	}
}

// Score returns the score from the side to move's view, the depth and the
// best move that the fake engine reports for pos (without a spec that
// changes it), and false when pos has no legal move.
func Score(pos *shogi.Position) (cp int, best shogi.Move, ok bool) {
	h := positionHash(pos)
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return 0, 0, false
	}
	return int(h%1201) - 600, moves[h%uint64(len(moves))], true
}

// positionHash hashes the SFEN of pos without its move number.
func positionHash(pos *shogi.Position) uint64 {
	b := pos.AppendSFEN(nil)
	if i := strings.LastIndexByte(string(b), ' '); i > 0 {
		b = b[:i]
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// spec is the parsed behaviour.
type spec struct {
	name                           string
	banner, exitAtStart, stall     bool
	stallAt                        int
	crashAt, hangAt, garbageAt     int
	crashPly, hangPly, garbagePly  int
	slow                           time.Duration
	byoyomiOnly, bounds, silentMat bool
	matePly, winPly                int
}

func parseSpec(s string) spec {
	sp := spec{name: "FakeEngine", crashPly: -1, hangPly: -1, garbagePly: -1, matePly: -1, winPly: -1}
	for _, w := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(w), "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "name":
			sp.name = v
		case "banner":
			sp.banner = true
		case "exit-at-start":
			sp.exitAtStart = true
		case "stall-ready":
			sp.stall = true
		case "stall-ready-at":
			sp.stallAt = n
		case "crash-at":
			sp.crashAt = n
		case "hang-at":
			sp.hangAt = n
		case "garbage-at":
			sp.garbageAt = n
		case "crash-ply":
			sp.crashPly = n
		case "hang-ply":
			sp.hangPly = n
		case "garbage-ply":
			sp.garbagePly = n
		case "slow":
			sp.slow, _ = time.ParseDuration(v)
		case "byoyomi-only":
			sp.byoyomiOnly = true
		case "bounds":
			sp.bounds = true
		case "mate-ply":
			sp.matePly = n
		case "win-ply":
			sp.winPly = n
		case "silent-mated":
			sp.silentMat = true
		}
	}
	return sp
}

// fake is the engine's state.
type fake struct {
	sp       spec
	out      *bufio.Writer
	errw     io.Writer
	pos      shogi.Position
	ply      int
	searches int
	readies  int
	multiPV  int
	pending  bool // a search waits for stop
}

// Run is the fake engine: it reads commands from in and answers on out
// until quit or the end of in, and returns the exit status.
func Run(in io.Reader, out, errw io.Writer, specText string) int {
	f := &fake{sp: parseSpec(specText), out: bufio.NewWriter(out), errw: errw, multiPV: 1, pos: shogi.StartPosition()}
	fmt.Fprintln(errw, "fake: loading the evaluation")
	if f.sp.exitAtStart {
		fmt.Fprintln(errw, "fake: evaluation file not found")
		return 2
	}
	if f.sp.banner {
		f.say("FakeEngine for kifconv's tests")
	}
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if err != nil && line == "" {
			return 0
		}
		if status, done := f.command(strings.Fields(line)); done {
			return status
		}
	}
}

// say writes lines and flushes them.
func (f *fake) say(lines ...string) {
	for _, l := range lines {
		f.out.WriteString(l)
		f.out.WriteByte('\n')
	}
	f.out.Flush()
}

// command carries out one command; done is set when the engine ends.
func (f *fake) command(w []string) (status int, done bool) {
	if len(w) == 0 {
		return 0, false
	}
	switch w[0] {
	case "usi":
		f.say("id name "+f.sp.name, "id author kifconv",
			"option name USI_Hash type spin default 16 min 1 max 1024",
			"option name Threads type spin default 1 min 1 max 8",
			"option name MultiPV type spin default 1 min 1 max 8",
			"option name Style type combo default Normal var Normal var Wild",
			"usiok")
	case "setoption":
		if len(w) >= 5 && w[2] == "MultiPV" {
			f.multiPV = max(1, atoi(w[4]))
		}
	case "isready":
		f.readies++
		if !f.sp.stall && f.readies != f.sp.stallAt {
			f.say("readyok")
		}
	case "position":
		f.position(w[1:])
	case "go":
		return f.search(w[1:])
	case "stop":
		if f.pending {
			f.pending = false
			f.answer()
		}
	case "quit":
		return 0, true
	}
	return 0, false
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// position sets the position (startpos or sfen, then moves).
func (f *fake) position(w []string) {
	i := 0
	switch {
	case len(w) > 0 && w[0] == "startpos":
		f.pos, i = shogi.StartPosition(), 1
	case len(w) >= 5 && w[0] == "sfen":
		p, err := shogi.ParseSFEN(strings.Join(w[1:5], " "))
		if err != nil {
			fmt.Fprintln(f.errw, "fake: bad sfen:", err)
			return
		}
		f.pos, i = p, 5
	}
	f.ply = 0
	if i < len(w) && w[i] == "moves" {
		for _, s := range w[i+1:] {
			m, err := shogi.ParseUSIMove(s)
			if err != nil {
				fmt.Fprintln(f.errw, "fake: bad move:", s)
				return
			}
			f.pos.Play(m)
			f.ply++
		}
	}
}

// search starts a search, failing first if the spec says so.
func (f *fake) search(w []string) (int, bool) {
	f.searches++
	n := f.searches
	switch {
	case n == f.sp.crashAt || f.ply == f.sp.crashPly:
		f.say("info depth 1 score cp 0 pv")
		fmt.Fprintf(f.errw, "fake: segmentation fault in search %d at ply %d\n", n, f.ply)
		return 3, true
	case n == f.sp.hangAt || f.ply == f.sp.hangPly:
		fmt.Fprintln(f.errw, "fake: stuck in an endless loop")
		for {
			time.Sleep(time.Hour) // ignore everything until killed
		}
	case n == f.sp.garbageAt || f.ply == f.sp.garbagePly:
		f.say("Illegal instruction!! core dumped @@@")
		return 0, false
	}
	movetime, byoyomi := false, false
	for _, k := range w {
		switch k {
		case "movetime":
			movetime = true
		case "byoyomi":
			byoyomi = true
		case "infinite":
			f.pending = true
			return 0, false
		}
	}
	if f.sp.byoyomiOnly && movetime && !byoyomi {
		f.pending = true
		return 0, false
	}
	f.answer()
	return 0, false
}

// answer prints the info lines and the bestmove for the position.
func (f *fake) answer() {
	if f.sp.slow > 0 {
		time.Sleep(f.sp.slow)
	}
	h := positionHash(&f.pos)
	moves := f.pos.LegalMoves(nil)
	depth := 1 + int(h%20)
	if len(moves) == 0 {
		if !f.sp.silentMat {
			f.say("info depth 0 score mate 0")
		}
		f.say("bestmove resign")
		return
	}
	if f.ply == f.sp.winPly {
		f.say("info depth 1 score mate 1 pv", "bestmove win")
		return
	}
	cp := int(h%1201) - 600
	var lines []string
	for k := 1; k <= min(f.multiPV, len(moves)); k++ {
		m := moves[(h+uint64(k-1))%uint64(len(moves))]
		pv := m.String()
		next := f.pos
		next.Play(m)
		if replies := next.LegalMoves(nil); len(replies) > 0 {
			pv += " " + replies[h%uint64(len(replies))].String()
		}
		score := "cp " + strconv.Itoa(cp-10*(k-1))
		if f.ply == f.sp.matePly && k == 1 {
			score = "mate 3"
		}
		if f.sp.bounds && k == 1 {
			lines = append(lines, fmt.Sprintf("info depth %d score cp %d lowerbound nodes 10 pv %s", depth-1, cp-50, m))
		}
		lines = append(lines, fmt.Sprintf("info depth %d seldepth %d multipv %d score %s nodes %d nps 100000 time 1 pv %s",
			depth, depth+2, k, score, 1000+int(h%1000), pv))
	}
	lines = append(lines, "info string fake analysis of "+f.pos.SFEN())
	lines = append(lines, "bestmove "+moves[h%uint64(len(moves))].String())
	f.say(lines...)
}
