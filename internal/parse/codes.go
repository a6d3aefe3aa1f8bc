package parse

import "github.com/kifconv/kifconv/internal/shogi"

// CodeKind groups the diagnostic codes for the help text and README.
type CodeKind int

const (
	KindMove   CodeKind = iota // a move against the rules
	KindInput                  // text a reader could not make sense of
	KindRecord                 // a record that reads but does not add up
	KindFile                   // files, streams and outputs
)

// String names the group as the help text heads it.
func (k CodeKind) String() string {
	switch k {
	case KindMove:
		return "moves against the rules"
	case KindInput:
		return "input text"
	case KindRecord:
		return "records that do not add up"
	}
	return "files and outputs"
}

// CodeInfo is one diagnostic code: the stable kebab-case word printed as
// "[code]" and its meaning in one line.
type CodeInfo struct {
	Code    string
	Kind    CodeKind
	Meaning string
}

// codes is the one table of every code kifconv emits, in the order the help
// lists them: its own entries, then the record checks' (shogi.CheckCodes).
// A code not in it is a defect (a test greps the sources).
var codes = withCheckCodes([]CodeInfo{
	{"no-piece", KindMove, "no piece on the origin square"},
	{"not-own-piece", KindMove, "the piece on the origin square belongs to the opponent"},
	{"wrong-piece", KindMove, "the piece on the origin square is not the one the move names"},
	{"unreachable", KindMove, "the piece cannot reach the destination"},
	{"own-capture", KindMove, "the destination holds one's own piece"},
	{"bad-promotion", KindMove, "the piece cannot promote (or must promote) on this move"},
	{"dead-piece", KindMove, "the piece would have no further move (行き所のない駒)"},
	{"occupied", KindMove, "a drop on an occupied square"},
	{"not-in-hand", KindMove, "a drop of a piece not in hand"},
	{"nifu", KindMove, "二歩: two unpromoted pawns on one file"},
	{"uchifuzume", KindMove, "打ち歩詰め: a pawn drop that gives mate"},
	{"self-check", KindMove, "the move leaves one's own king in check"},
	{"no-such-move", KindMove, "no piece of the named kind can make the move"},
	{"wrong-turn", KindMove, "a CSA move signed for the side not to move"},
	{"wrong-color", KindMove, "a JKF move whose color is not the side to move"},
	{"illegal-move", KindMove, "a move against the rules of no more particular kind"},
	{"syntax", KindInput, "text that is not the format's syntax"},
	{"bad-square", KindInput, "a square that does not exist"},
	{"ambiguous", KindInput, "move text that more than one piece fits"},
	{"no-previous-move", KindInput, "同 with no previous move"},
	{"bad-header", KindInput, "a malformed header line"},
	{"bad-board", KindInput, "a malformed board diagram"},
	{"bad-time", KindInput, "a malformed time"},
	{"bad-json", KindInput, "malformed JSON"},
	{"bad-variation", KindInput, "a variation that does not fit the game tree"},
	{"unknown-line", KindInput, "a line of no kind the format has"},
	{"unknown-ending", KindInput, "a special ending the format does not define"},
	{"line-too-long", KindInput, "a line longer than the reader's limit"},
	{"truncated", KindInput, "the input ends in the middle of a record"},
	{"encoding", KindInput, "bytes not valid in the input's encoding, or a character the output encoding lacks"},
	{"unknown-format", KindInput, "the input's format cannot be told (name it)"},
	{"empty", KindInput, "no record in the input"},
	{"binary", KindInput, "a binary file, not a record"},
	{"bad-position", KindRecord, "a start position no game can reach"},
	{"impasse-rule", KindRecord, "入玉宣言 under an unknown rule"},
	{"impasse-king", KindRecord, "入玉宣言 with the king outside the enemy camp"},
	{"impasse-check", KindRecord, "入玉宣言 with the king in check"},
	{"impasse-pieces", KindRecord, "入玉宣言 with fewer than 10 pieces in the enemy camp"},
	{"impasse-points", KindRecord, "入玉宣言 with too few points"},
	{"io", KindFile, "a file or stream that cannot be read or written"},
	{"lossy", KindFile, "what the target format or encoding cannot carry was dropped or replaced"},
	{"exists", KindFile, "the output exists and may not be replaced"},
	{"renamed", KindFile, "two inputs would write the same output: the later one's gets another name"},
	{"games", KindFile, "several games for a format that holds one game a file"},
	{"interrupted", KindFile, "the run was stopped before the file was done"},
	{"engine", KindFile, "a USI engine failed on a position (analyze): it was restarted and asked again"},
	{"error", KindFile, "a problem of no more particular kind"},
	{"no-start-position", KindInput, "a CSA record with no start position, read from the even game (PI)"},
	{"ply", KindRecord, "a ply the main line does not reach, or a position past a move that breaks the rules"},
})

// withCheckCodes appends the codes of the record checks to cs.
func withCheckCodes(cs []CodeInfo) []CodeInfo {
	for _, c := range shogi.CheckCodes {
		cs = append(cs, CodeInfo{c.Code, KindRecord, c.Summary})
	}
	return cs
}

// LookupCode returns the entry of a code.
func LookupCode(code string) (CodeInfo, bool) {
	for _, c := range codes {
		if c.Code == code {
			return c, true
		}
	}
	return CodeInfo{}, false
}

// IsMoveCode reports whether a code says a move breaks the rules: the
// kind of problem validate judges and convert keeps.
func IsMoveCode(code string) bool {
	c, ok := LookupCode(code)
	return ok && c.Kind == KindMove
}
