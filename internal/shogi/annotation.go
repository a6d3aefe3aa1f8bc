package shogi

import (
	"errors"
	"strconv"
	"strings"
)

// MoveClass is the judgement of a move by the win probability it gave
// away (internal/analysis decides it): none, or one of lishogi's three.
type MoveClass uint8

// The classes, from the mildest.
const (
	NoClass    MoveClass = iota
	Inaccuracy           // 疑問手
	Mistake              // 悪手
	Blunder              // 大悪手
)

var moveClassNames = [...]struct{ en, ja string }{
	{"", ""}, {"inaccuracy", "疑問手"}, {"mistake", "悪手"}, {"blunder", "大悪手"},
}

// String returns "inaccuracy", "mistake", "blunder", or "" for NoClass.
func (c MoveClass) String() string { return moveClassNames[c].en }

// Japanese returns 疑問手, 悪手, 大悪手, or "" for NoClass.
func (c MoveClass) Japanese() string { return moveClassNames[c].ja }

// title returns the class as the Western form writes it: Inaccuracy, ….
func (c MoveClass) title() string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// Annotation is one engine analysis of a position as kifconv writes it
// into the comments of the node after which the position stands (the
// root for the start position): the engine's score, its principal
// variation, the search's depth and nodes, the engine's name, and the
// class of the move that led there.
//
// In comments it is a block of lines in one of three styles, always ending
// with the engine line, which marks the block as an analysis:
//
//	ShogiHome (KIF, KI2, JKF; the form records hold in memory):
//	  【悪手】  先手有利  #評価値=456  #読み筋=▲７六歩△３四歩  #深さ=20  #ノード数=100000  #エンジン=Name
//	  (a mate: #詰み=先手勝ち:9手 in place of the word and #評価値)
//	Floodgate (CSA): as ShogiHome, with the #読み筋 line written as
//	  floodgate's `'** 456 +7776FU -3334FU` (a mate's score ±30000), always present
//	Western (PSN, Western, KK):
//	  [Mistake]  #eval=456 (or #mate=+9, -3, + or -)  #pv=P-7f P-3d  #depth=20  #nodes=100000  #engine=Name
//	  with the PV in the writer's notation and no situation word
//
// The class, the PV, the depth and the nodes are left out when zero.
type Annotation struct {
	Class  MoveClass
	Eval   Eval   // Black's view
	PV     []Move // from the position the block is about
	Depth  int
	Nodes  int64
	Engine string // never empty in a block: "USI engine" stands for a missing name
}

// AnnotationStyle is the convention an Annotation block is written in.
type AnnotationStyle uint8

// The styles (see Annotation).
const (
	ShogiHomeStyle AnnotationStyle = iota
	FloodgateStyle
	WesternStyle
)

// FloodgateMate is the score a floodgate line gives a mate, as ShogiHome
// writes it.
const FloodgateMate = 30000

// MoveAppender appends the text of a move played in pos, as a notation's
// AppendMove does.
type MoveAppender func(dst []byte, pos *Position, m Move) []byte

// AppendAnnotation appends the lines of a's block to dst in style, with
// the PV, which starts from pos, in the style's notation: KI2 with side
// marks for ShogiHome (the first move never 同, as ShogiHome writes it),
// CSA for floodgate, move for Western (the Hodges notation when nil).
func AppendAnnotation(dst []string, a *Annotation, pos *Position, style AnnotationStyle, move MoveAppender) []string {
	var b []byte
	line := func() { dst = append(dst, string(b)); b = b[:0] }
	western := style == WesternStyle
	if a.Class != NoClass {
		if western {
			b = append(append(append(b, '['), a.Class.title()...), ']')
		} else {
			b = append(append(append(b, "【"...), a.Class.Japanese()...), "】"...)
		}
		line()
	}
	switch {
	case western && a.Eval.Mate:
		b = appendMateSign(append(b, "#mate="...), a.Eval)
		line()
	case western:
		b = strconv.AppendInt(append(b, "#eval="...), int64(a.Eval.CP), 10)
		line()
	case a.Eval.Mate:
		b = appendMateWords(append(b, "#詰み="...), a.Eval)
		line()
	default:
		dst = append(dst, SituationWord(a.Eval.CP))
		b = strconv.AppendInt(append(b, "#評価値="...), int64(a.Eval.CP), 10)
		line()
	}
	switch {
	case style == FloodgateStyle:
		b = append(b, "* "...)
		b = strconv.AppendInt(b, int64(a.Eval.Clamp(FloodgateMate)), 10)
		if len(a.PV) > 0 {
			b = appendPV(append(b, ' '), pos, a.PV, " ", AppendCSAMove)
		}
		line()
	case len(a.PV) == 0:
	case western:
		if move == nil {
			move = WesternNotation{}.AppendMove
		}
		b = appendPV(append(b, "#pv="...), pos, a.PV, " ", move)
		line()
	default:
		b = appendPV(append(b, "#読み筋="...), pos, a.PV, "", appendMarkedKI2)
		line()
	}
	keys := [3]string{"#深さ=", "#ノード数=", "#エンジン="}
	if western {
		keys = [3]string{"#depth=", "#nodes=", "#engine="}
	}
	if a.Depth > 0 {
		b = strconv.AppendInt(append(b, keys[0]...), int64(a.Depth), 10)
		line()
	}
	if a.Nodes > 0 {
		b = strconv.AppendInt(append(b, keys[1]...), a.Nodes, 10)
		line()
	}
	name := strings.Join(strings.Fields(a.Engine), " ")
	if name == "" {
		name = "USI engine"
	}
	b = append(append(b, keys[2]...), name...)
	line()
	return dst
}

// appendMarkedKI2 appends ▲ or △ and the KI2 text of m.
func appendMarkedKI2(dst []byte, pos *Position, m Move) []byte {
	return KI2Notation{}.AppendMove(AppendSideMark(dst, pos.Turn()), pos, m)
}

// appendPV appends the moves of pv played from pos, with sep between them
// (the first move without the previous move's 同 context).
func appendPV(dst []byte, pos *Position, pv []Move, sep string, move MoveAppender) []byte {
	p := *pos
	p.SetLastMove(0)
	for i, m := range pv {
		if i > 0 {
			dst = append(dst, sep...)
		}
		dst = move(dst, &p, m)
		p.Play(m)
	}
	return dst
}

// Kinds of the lines of a block, in the order a block holds them.
const (
	slotNone = iota
	slotClass
	slotMate
	slotWord
	slotEval
	slotPV
	slotDepth
	slotNodes
	slotEngine
)

// annotationSlot classifies one comment line as a line of a block, and
// tells whether it is in the Western style.
func annotationSlot(c string) (slot int, western bool) {
	if western, ok := engineLine(c); ok {
		return slotEngine, western
	}
	switch {
	case strings.HasPrefix(c, "#ノード数="):
		return slotNodes, false
	case strings.HasPrefix(c, "#nodes="):
		return slotNodes, true
	case strings.HasPrefix(c, "#深さ="):
		return slotDepth, false
	case strings.HasPrefix(c, "#depth="):
		return slotDepth, true
	case strings.HasPrefix(c, "#読み筋="):
		return slotPV, false
	case strings.HasPrefix(c, "#pv="):
		return slotPV, true
	case len(c) > 2 && c[0] == '*' && c[1] == ' ':
		if _, ok := leadingInt(c[2:]); ok {
			return slotPV, false
		}
	case strings.HasPrefix(c, "#評価値="):
		return slotEval, false
	case strings.HasPrefix(c, "#eval="):
		return slotEval, true
	case isSituationWord(c):
		return slotWord, false
	case strings.HasPrefix(c, "#詰み="):
		return slotMate, false
	case strings.HasPrefix(c, "#mate="):
		return slotMate, true
	case strings.HasPrefix(c, "【") && strings.HasSuffix(c, "】"):
		if classFromWord(c[len("【"):len(c)-len("】")], false) != NoClass {
			return slotClass, false
		}
	case strings.HasPrefix(c, "[") && strings.HasSuffix(c, "]"):
		if classFromWord(c[1:len(c)-1], true) != NoClass {
			return slotClass, true
		}
	}
	return slotNone, false
}

// engineLine reports whether c is the engine line that ends a block, and
// whether it is in the Western style.
func engineLine(c string) (western, ok bool) {
	switch {
	case strings.HasPrefix(c, "#エンジン="):
		return false, true
	case strings.HasPrefix(c, "#engine="):
		return true, true
	}
	return false, false
}

// classFromWord returns the class a block's class line names.
func classFromWord(w string, western bool) MoveClass {
	for c := Inaccuracy; c <= Blunder; c++ {
		if (western && w == c.title()) || (!western && w == c.Japanese()) {
			return c
		}
	}
	return NoClass
}

// FindAnnotation locates the last analysis block in comments: lines i to j
// (exclusive) are the block, in any of the styles of Annotation.
func FindAnnotation(comments []string) (i, j int, ok bool) {
	for k := len(comments) - 1; k >= 0; k-- {
		western, ok := engineLine(comments[k]) // a block's last line
		if !ok {
			continue
		}
		start, evals, last := k, 0, slotEngine
		for x := k - 1; x >= 0; x-- {
			s, w := annotationSlot(comments[x])
			if s == slotNone || s >= last || w != western || (s == slotWord && last != slotEval) {
				break
			}
			if s == slotEval || s == slotMate {
				evals++
			}
			start, last = x, s
		}
		if evals > 0 {
			return start, k + 1, true
		}
	}
	return 0, 0, false
}

// annotationStyle returns the style a block's lines are in.
func annotationStyle(lines []string) AnnotationStyle {
	if _, western := annotationSlot(lines[len(lines)-1]); western {
		return WesternStyle
	}
	for _, c := range lines {
		if strings.HasPrefix(c, "* ") {
			return FloodgateStyle
		}
	}
	return ShogiHomeStyle
}

// errBadAnnotation is returned for a block whose lines do not read.
var errBadAnnotation = errors.New("analysis block does not read")

// ParseAnnotation reads the last analysis block in comments, whose PV
// starts from pos; ok is false when there is none or its lines do not read
// (a PV move that does not resolve, or is illegal, in pos).
func ParseAnnotation(comments []string, pos *Position) (a Annotation, ok bool) {
	i, j, found := FindAnnotation(comments)
	if !found {
		return a, false
	}
	a, err := parseAnnotationLines(comments[i:j], pos)
	return a, err == nil
}

// parseAnnotationLines reads the lines of one block; with pos nil the PV
// is not read.
func parseAnnotationLines(lines []string, pos *Position) (Annotation, error) {
	var a Annotation
	for _, c := range lines {
		slot, western := annotationSlot(c)
		_, v, _ := strings.Cut(c, "=")
		var err error
		switch slot {
		case slotClass:
			if western {
				a.Class = classFromWord(c[1:len(c)-1], true)
			} else {
				a.Class = classFromWord(c[len("【"):len(c)-len("】")], false)
			}
		case slotMate, slotEval:
			var ok bool
			if a.Eval, ok = parseEvalLine(c); !ok {
				err = errBadAnnotation
			}
		case slotPV:
			if pos == nil {
				break
			}
			switch {
			case strings.HasPrefix(c, "* "):
				_, pv, _ := strings.Cut(strings.TrimLeft(c[2:], " "), " ")
				a.PV, err = parsePV(pos, strings.Fields(pv), CSANotation{}.ParseMove)
			case western:
				a.PV, err = parsePV(pos, strings.Fields(v), parseAnyWestern)
			default:
				a.PV, err = parsePV(pos, splitMarked(v), KI2Notation{}.ParseMove)
			}
		case slotDepth:
			a.Depth, err = strconv.Atoi(v)
		case slotNodes:
			a.Nodes, err = strconv.ParseInt(v, 10, 64)
		case slotEngine:
			a.Engine = v
		}
		if err != nil {
			return a, errBadAnnotation
		}
	}
	return a, nil
}

// parseAnyWestern reads a move in any of the Western writers' notations
// (Hodges, Hosking, PSN's full origins, Kitao–Kawasaki).
func parseAnyWestern(pos *Position, s string) (Move, error) {
	m, err := WesternNotation{}.ParseMove(pos, s)
	if err != nil {
		if m2, err2 := (KitaoKawasakiNotation{}).ParseMove(pos, s); err2 == nil {
			return m2, nil
		}
	}
	return m, err
}

// splitMarked splits Japanese move text at its side marks (▲７六歩△３四歩).
func splitMarked(s string) []string {
	var out []string
	for s != "" {
		_, rest, _ := CutSideMark(s)
		k := len(rest)
		for i, r := range rest {
			if r == '▲' || r == '△' || r == '☗' || r == '☖' || r == '▼' || r == '▽' {
				k = i
				break
			}
		}
		if k == 0 && len(rest) == len(s) {
			break
		}
		out = append(out, rest[:k])
		s = rest[k:]
	}
	return out
}

// parsePV resolves each move text from pos on, playing the moves; a text
// that does not resolve to a legal move is an error.
func parsePV(pos *Position, texts []string, parse func(*Position, string) (Move, error)) ([]Move, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	p := *pos
	pv := make([]Move, 0, len(texts))
	for _, t := range texts {
		m, err := parse(&p, t)
		if err != nil {
			return nil, err
		}
		if err := p.PlayLegal(m); err != nil {
			return nil, err
		}
		pv = append(pv, m)
	}
	return pv, nil
}

// StripAnnotations returns comments without their analysis blocks (in any
// style), keeping every other line in order. It returns comments itself
// when there is none.
func StripAnnotations(comments []string) []string {
	i, j, ok := FindAnnotation(comments)
	if !ok {
		return comments
	}
	out := append(append([]string(nil), comments[:i]...), comments[j:]...)
	for {
		i, j, ok = FindAnnotation(out)
		if !ok {
			return out
		}
		out = append(out[:i], out[j:]...)
	}
}

// ConvertAnnotation returns comments with their last analysis block
// written in style (see AppendAnnotation for pos and move). It returns
// comments itself when there is no block, when the block is in style
// already (a Western block is always rewritten, for the writer's
// notation), or when its lines do not read in pos.
func ConvertAnnotation(comments []string, pos *Position, style AnnotationStyle, move MoveAppender) []string {
	i, j, ok := FindAnnotation(comments)
	if !ok {
		return comments
	}
	if have := annotationStyle(comments[i:j]); have == style && style != WesternStyle {
		return comments
	}
	a, err := parseAnnotationLines(comments[i:j], pos)
	if err != nil {
		return comments
	}
	out := make([]string, 0, len(comments)+2)
	out = append(out, comments[:i]...)
	out = AppendAnnotation(out, &a, pos, style, move)
	return append(out, comments[j:]...)
}

// NormalizeAnnotations rewrites every analysis block of rec that is not in
// ShogiHome's style (what the CSA, PSN, Western and KK writers write) into
// it, so that a record reads back the same from every format. Readers call
// it when they have seen an engine line (HasEngineLine).
func (r *Record) NormalizeAnnotations() {
	if cs := r.Root.Comments(); len(cs) > 0 {
		if out := ConvertAnnotation(cs, &r.Start, ShogiHomeStyle, nil); &out[0] != &cs[0] {
			r.SetComments(r.Root, out)
		}
	}
	r.Walk(normalizer{r})
}

// normalizer is NormalizeAnnotations' visitor.
type normalizer struct{ r *Record }

func (v normalizer) Move(pos *Position, n *Node) {
	cs := n.Comments()
	if len(cs) == 0 || n.IsEnd() {
		return
	}
	after := *pos
	after.Play(n.Move)
	if out := ConvertAnnotation(cs, &after, ShogiHomeStyle, nil); &out[0] != &cs[0] {
		v.r.SetComments(n, out)
	}
}

func (normalizer) BeginVariation(*Position, *Node) bool { return true }
func (normalizer) EndVariation()                        {}

// HasEngineLine reports whether a comment line is the last line of an
// analysis block, in any style: readers look for it to know whether to
// call NormalizeAnnotations.
func HasEngineLine[T ~string | ~[]byte](c T) bool {
	const ja, en = "#エンジン=", "#engine="
	if len(c) < len(en) || c[0] != '#' {
		return false // most comments: one byte looked at
	}
	return (len(c) >= len(ja) && string(c[:len(ja)]) == ja) || string(c[:len(en)]) == en
}
