package parse

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
	"golang.org/x/text/encoding/japanese"
)

// corpusDir is the shared corpus, read (never copied) when it exists.
const corpusDir = "../../../shared/corpus"

// decodeCorpus turns a corpus file into UTF-8 as the CLI's charset step
// would: UTF-8 when valid, else CP932, else EUC-JP (the 2005 GPS logs).
func decodeCorpus(raw []byte) []byte {
	if utf8.Valid(raw) {
		return raw
	}
	if out, err := japanese.ShiftJIS.NewDecoder().Bytes(raw); err == nil && !strings.ContainsRune(string(out), utf8.RuneError) {
		return out
	}
	out, _ := japanese.EUCJP.NewDecoder().Bytes(raw)
	return out
}

// canonLine is the part of the oracle's canonical JSON the corpus test
// compares: the start, the main line and its ending.
type canonLine struct {
	Initial        string `json:"initial"`
	InitialComment string `json:"initial_comment"`
	Moves          []struct {
		USI     *string `json:"usi"`
		Special *string `json:"special"`
		Comment string  `json:"comment"`
	} `json:"moves"`
	SpecialEnd *string `json:"special_end"`
}

// canonSpecial names an ending as the oracle does (the side to move decides
// foul_win and foul_lose).
func canonSpecial(e shogi.Ending, toMove shogi.Color) string {
	e = e.Normalize(toMove)
	switch e.Kind {
	case shogi.IllegalMove:
		return "foul_lose"
	case shogi.Error, shogi.Matta, shogi.Unknown:
		return "unknown"
	}
	return e.Kind.String()
}

func invalidCSA(t *testing.T) map[string]bool {
	f, err := os.Open(filepath.Join(corpusDir, "INVALID.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "csa/") {
			out[l] = true
		}
	}
	return out
}

// TestCSACorpus reads every CSA file of the shared corpus and compares the
// first game with the oracle's reading (start SFEN, main-line USI moves and
// the ending); the files of INVALID.txt must be rejected with their line.
func TestCSACorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("no shared corpus at", corpusDir)
	}
	invalid := invalidCSA(t)
	files, _ := filepath.Glob(filepath.Join(corpusDir, "csa", "*.csa"))
	if len(files) == 0 {
		t.Skip("no CSA files in the corpus")
	}
	var passed, comments int
	for _, path := range files {
		rel := "csa/" + filepath.Base(path)
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r := NewCSA(strings.NewReader(string(decodeCorpus(raw))), Options{Filename: rel})
			rec, err := r.Read()
			if invalid[rel] {
				var pe *Error
				if !errors.As(err, &pe) || pe.Pos.Line == 0 {
					t.Fatalf("invalid file read without a positioned error: %v", err)
				}
				t.Logf("rejected as expected: %v", err)
				passed++
				return
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			for _, w := range r.Warnings() {
				t.Logf("warning: %v", w)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("second Read: %v, want io.EOF (the corpus has one game per file)", err)
			}
			data, err := os.ReadFile(filepath.Join(corpusDir, "expect", rel+".json"))
			if err != nil {
				t.Skip("no expectation")
			}
			var want canonLine
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			start := rec.Start
			start.SetMoveNumber(1)
			if got := start.SFEN(); got != want.Initial {
				t.Errorf("initial:\n got %s\nwant %s", got, want.Initial)
			}
			pos := rec.Start
			i := 0
			ok := true
			gotComments := strings.Join(rec.Root.Comments(), "\n") == want.InitialComment
			for n := range rec.MainLine() {
				if i >= len(want.Moves) {
					t.Errorf("ply %d: extra node %v %v", i+1, n.Move, n.End())
					ok = false
					break
				}
				w := want.Moves[i]
				if c := strings.TrimRight(strings.Join(n.Comments(), "\n"), "\n"); c != w.Comment {
					gotComments = false
				}
				if n.IsEnd() {
					if got := canonSpecial(n.End(), pos.Turn()); w.Special == nil || !strings.HasPrefix(*w.Special, got) {
						t.Errorf("ply %d: ending %s, want %v", i+1, got, w.Special)
						ok = false
					}
				} else {
					if w.USI == nil || n.Move.String() != *w.USI {
						t.Errorf("ply %d: move %s, want %v", i+1, n.Move, w.USI)
						ok = false
						break
					}
					pos.Play(n.Move)
				}
				i++
			}
			if i < len(want.Moves) && ok {
				t.Errorf("main line has %d plies, want %d", i, len(want.Moves))
				ok = false
			}
			if ok {
				passed++
			}
			if gotComments {
				comments++
			} else {
				t.Logf("comments differ from the oracle's")
			}
		})
	}
	t.Logf("%d of %d CSA corpus files pass; comments equal to the oracle's in %d", passed, len(files), comments)
}
