package parse

import (
	"bytes"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/kifconv/kifconv/internal/shogi"
)

// ErrUnknownFormat is the error of an input that holds no line of a record:
// no format is recognised in it, or the format it was read as finds none of
// its lines.
var ErrUnknownFormat = &shogi.RuleError{Code: "unknown-format", Msg: "not a record"}

// Detection is the format DetectFormat found and why. Format is "" when no
// format was recognised; Reason then says what was seen ("empty", "no
// record line").
type Detection struct {
	Format string // a name of Formats, or ""
	Reason string // "extension .kif", "content: a CSA move line", …
}

// genericExtensions are the extensions that many files besides records
// carry (JKF is often saved as .json): they do not decide the format, the
// content does.
var genericExtensions = map[string]bool{".json": true, ".txt": true}

// IsGenericExtension reports whether ext (".json", in lower case) is an
// extension that many files besides records carry: a walk takes such a file
// only when its content is a record.
func IsGenericExtension(ext string) bool { return genericExtensions[ext] }

// detectBytes is how much of the head DetectFormat looks at.
const detectBytes = 64 << 10

// DetectFormat names the format of an input from its name and the head of
// its decoded text. An extension that names exactly one format decides it
// (.kif is KIF, whatever the text looks like); the content decides for
// other names: standard input ("-" or ""), unknown extensions and the
// generic ones (.txt, .json). The content is recognised by its first record
// lines: JKF's `{`, USI (`position …`, `startpos moves …`, `sfen … moves
// …`), a bare SFEN line, CSA statements, PSN tags, Western (Hodges P-7f or
// Hosking P76) and Kitao–Kawasaki (☗歩-76) move lists, KIF and KI2 move
// lines, and BOD diagrams.
func DetectFormat(name string, head []byte) Detection {
	ext := strings.ToLower(filepath.Ext(name))
	if name != "-" && ext != "" && !genericExtensions[ext] {
		if f, ok := Lookup(ext); ok {
			return Detection{f.Name, "extension " + ext}
		}
	}
	return detectContent(head, ext)
}

// Detect is DetectFormat(name, text).Format.
func Detect(text []byte, name string) string { return DetectFormat(name, text).Format }

// detectContent recognises a format from decoded text; ext (lower case)
// only breaks the tie between KIF and KI2 in a file that has both kinds of
// move line.
func detectContent(head []byte, ext string) Detection {
	if len(head) > detectBytes {
		head = head[:detectBytes]
	}
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(t) == 0 {
		return Detection{"", "empty"}
	}
	first := firstLine(t)
	switch {
	case isJSONObject(t):
		return Detection{"jkf", "content: a JSON object"}
	case bytes.HasPrefix(first, []byte("position ")), bytes.HasPrefix(first, []byte("startpos")):
		return Detection{"usi", "content: a USI position line"}
	case bytes.HasPrefix(first, []byte("#YANEURAOU-DB")):
		return Detection{"sfen", "content: a YaneuraOu book"} // positions, each followed by candidate moves
	case bytes.HasPrefix(first, []byte("sfen ")):
		if bytes.Contains(first, []byte(" moves")) {
			return Detection{"usi", "content: a USI position line"}
		}
		return Detection{"sfen", "content: an SFEN position"}
	case isSFENLine(first):
		return Detection{"sfen", "content: an SFEN position"}
	case looksLikeCSA(t):
		return Detection{"csa", "content: CSA statements"}
	case looksLikePSN(t):
		return Detection{"psn", "content: PSN tag pairs"}
	}
	s := scoreLines(t)
	isKI2Ext := ext == ".ki2" || ext == ".ki2u"
	switch {
	case s.kif > 0 && (s.kif >= s.ki2 || !isKI2Ext):
		return Detection{"kif", "content: KIF move lines"}
	case s.ki2 > 0:
		return Detection{"ki2", "content: KI2 move lines"}
	case s.kk > 0 && s.kk >= s.western:
		return Detection{"kk", "content: Kitao–Kawasaki moves"}
	case s.western > 0 && s.psn == s.western && s.keyValue == 0:
		return Detection{"psn", "content: PSN move text"}
	case s.western > 0 && s.hosking*2 > s.western:
		return Detection{"western", "content: a Western move list (Hosking)"}
	case s.western > 0:
		return Detection{"western", "content: a Western move list (Hodges)"}
	case s.board >= 9 && s.header == 0:
		return Detection{"bod", "content: a board diagram"}
	case s.board == 0 && s.header == 0 && s.westernKeys > 0:
		// A game with no moves, as the Western and Kitao–Kawasaki
		// writers write it (either reader reads both).
		return Detection{"western", "content: a Western header (Black:, Handicap:, …)"}
	case s.board > 0 || s.header > 0:
		if isKI2Ext {
			return Detection{"ki2", "content: a KIF header or board"}
		}
		return Detection{"kif", "content: a KIF header or board"}
	}
	return Detection{"", "no record line"}
}

// isJSONObject reports whether t starts a JSON object: { and then a key or
// }. A PSN or Western comment starts with { and text.
func isJSONObject(t []byte) bool {
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return len(t) == 0 || t[0] == '"' || t[0] == '}'
}

func firstLine(b []byte) []byte {
	if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
		return b[:i]
	}
	return b
}

// isSFENLine reports whether line is shaped like an SFEN position: nine
// ranks of piece letters and digits, b or w, the hands, and an optional
// move number. Whether the position is possible is for the reader to say.
func isSFENLine(line []byte) bool {
	f := bytes.Fields(line)
	if len(f) < 3 || len(f) > 4 || bytes.Count(f[0], []byte("/")) != 8 {
		return false
	}
	for _, c := range f[0] {
		if !(c >= '1' && c <= '9' || c == '/' || c == '+' || strings.IndexByte("plnsgbrkPLNSGBRK", c) >= 0) {
			return false
		}
	}
	if len(f[1]) != 1 || f[1][0] != 'b' && f[1][0] != 'w' {
		return false
	}
	for _, c := range f[2] {
		if !(c >= '0' && c <= '9' || c == '-' || strings.IndexByte("plnsgbrPLNSGBR", c) >= 0) {
			return false
		}
	}
	if len(f) == 4 {
		for _, c := range f[3] {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

// lineScores counts the lines of each kind that detection weighs.
type lineScores struct {
	kif, ki2, board, header int // KIF and KI2 move lines, diagram lines, KIF header lines
	western                 int // moves of Western move text (PSN's included)
	hosking                 int // of them, in Hosking's digit squares
	psn                     int // of them, with the origin square PSN writes
	kk                      int // Kitao–Kawasaki moves (☗歩-76)
	keyValue                int // `Key: value` header lines, which PSN does not have
	westernKeys             int // of them, with a key Western headers have (Black, Handicap, SFEN, …)
}

// scoreLines reads the lines of t as KIF, KI2, BOD, Western and
// Kitao–Kawasaki text would have them.
func scoreLines(t []byte) lineScores {
	var s lineScores
	inComment := false // in a {comment} of move text that spans lines
	for n := 0; len(t) > 0 && n < 2000; n++ {
		ln := t
		if i := bytes.IndexAny(t, "\r\n"); i >= 0 {
			ln, t = t[:i], t[i+1:]
		} else {
			t = nil
		}
		if tr := bytes.TrimSpace(ln); inComment || len(tr) > 0 && tr[0] == '{' {
			inComment = !bytes.Contains(tr, []byte("}"))
			if !inComment && tr[len(tr)-1] != '}' {
				ln = ln[bytes.IndexByte(ln, '}')+1:] // moves after the comment
			} else {
				continue
			}
		}
		kind, k := classify(ln)
		switch kind {
		case lineMoveHeader:
			s.kif += 2
			continue
		case lineKIFMove:
			i := 0
			for i < len(k) && k[i] >= '0' && k[i] <= '9' {
				i++
			}
			if j := skipJaSpaces(k, i); j > i && j < len(k) && kifLike(k[j:]) {
				s.kif++
				continue
			}
		case lineKI2Move:
			if _, rest, _ := cutSideMark(k); kifLike(rest) {
				s.ki2++
				continue
			}
		case lineBoardRank, lineHand, lineTurn:
			s.board++
			continue
		case lineHeader:
			if c := colonIndex(k); c > 0 {
				switch string(trimJa(k[:c])) {
				case shogi.KeyHandicap, shogi.KeyBlack, shogi.KeyWhite, shogi.KeyShitate, shogi.KeyUwate, shogi.KeyStartTime, shogi.KeyEvent:
					s.header++
				}
			}
		}
		if k, _, ok := colonHeader(bytes.TrimSpace(ln)); ok {
			s.keyValue++
			switch k := strings.ToLower(k); k {
			case "black", "white", "sente", "gote", "handicap", "sfen", "result":
				s.westernKeys++
			default:
				if _, ok := headerKeys[k]; ok {
					s.westernKeys++
				}
			}
			continue
		}
		s.scoreMoveText(ln)
	}
	return s
}

// scoreMoveText counts the Western and Kitao–Kawasaki moves of a line of
// move text (move numbers, comments and results aside). A line counts only
// when most of its words are moves, so that prose does not.
func (s *lineScores) scoreMoveText(ln []byte) {
	words, west, hosk, psn, kk := 0, 0, 0, 0, 0
	inComment := false
	for _, w := range bytes.Fields(ln) {
		// Comments, the parentheses of variations and times (05:52 /
		// 00:05:52) are not words.
		if inComment || w[0] == '{' {
			inComment = w[len(w)-1] != '}'
			continue
		}
		w = bytes.Trim(w, "()")
		if len(w) == 0 || isMoveNumber(w) || strings.Trim(string(w), "0123456789:/.") == "" {
			continue
		}
		words++
		switch western, hosking, origin := westernMove(w); {
		case western:
			west++
			if hosking {
				hosk++
			}
			if origin {
				psn++
			}
		case isKKMove(w):
			kk++
		}
	}
	if words == 0 || 2*(west+kk) < words {
		return
	}
	s.western += west
	s.hosking += hosk
	s.psn += psn
	s.kk += kk
}

// isMoveNumber reports whether w is a move number: 12. or 12...
func isMoveNumber(w []byte) bool {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	return i > 0 && i < len(w) && strings.Trim(string(w[i:]), ".") == ""
}

// westernMove reports whether w is a move in Western notation: a piece
// letter (+ for promoted pieces), an optional origin, -, x, * or ' and the
// destination, an optional + or =, and annotation glyphs. hosking says the
// squares are written with two digits (P76), origin that the move is
// written in full (P7g-7f, P*5e), as PSN writes every move.
func westernMove(w []byte) (ok, hosking, origin bool) {
	w = bytes.TrimRight(w, "!?")
	if len(w) > 0 && w[0] == '+' {
		w = w[1:]
	}
	if len(w) < 2 || strings.IndexByte("PLNSGBRKT", w[0]) < 0 {
		return false, false, false
	}
	w = w[1:]
	if n := len(w); n > 0 && (w[n-1] == '+' || w[n-1] == '=') {
		w = w[:n-1]
	}
	sq := func(b []byte) (int, bool) { // the length of a square at the start of b, and whether in digits
		if len(b) >= 2 && b[0] >= '1' && b[0] <= '9' {
			switch {
			case b[1] >= 'a' && b[1] <= 'i':
				return 2, false
			case b[1] >= '1' && b[1] <= '9':
				return 2, true
			}
		}
		return 0, false
	}
	if n, digits := sq(w); n > 0 && len(w) == n {
		return digits, digits, false // P76; P7f is not a move
	}
	if n, digits := sq(w); n > 0 && len(w) > n && strings.IndexByte("-x*'", w[n]) >= 0 {
		m, d2 := sq(w[n+1:])
		return m > 0 && n+1+m == len(w) && d2 == digits, digits, true
	}
	if len(w) >= 1 && strings.IndexByte("-x*'", w[0]) >= 0 {
		if len(w) == 1 {
			return w[0] == 'x', false, false // Gx: takes on the last square
		}
		m, digits := sq(w[1:])
		// A drop states all there is to it, as PSN writes every move.
		return m > 0 && m+1 == len(w), digits, w[0] == '*' || w[0] == '\''
	}
	return false, false, false
}

// isKKMove reports whether w is a Kitao–Kawasaki move: ☗ or ☖, then a piece
// in kanji (☗歩-76, ☖銀x, ☖金(61)-52).
func isKKMove(w []byte) bool {
	_, rest, ok := cutSideMark(w)
	if !ok || len(rest) == 0 {
		return false
	}
	r, _ := utf8.DecodeRune(rest)
	return strings.ContainsRune("歩香桂銀金角飛玉王と杏圭全馬龍竜成", r)
}
