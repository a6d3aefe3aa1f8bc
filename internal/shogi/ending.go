package shogi

// EndingKind is the kind of a special ending (特殊な指し手): a resignation, a
// draw, an interruption, a foul. It covers every KIF word and every CSA %
// word; Unknown keeps any other word verbatim in Ending.Word.
type EndingKind uint8

// The kinds of ending.
const (
	NoEnding      EndingKind = iota
	Resign                   // 投了, %TORYO: the side to move resigns
	Interrupt                // 中断, %CHUDAN
	Impasse                  // 持将棋, %JISHOGI
	Sennichite               // 千日手, %SENNICHITE
	Mate                     // 詰み, %TSUMI: the side to move is mated
	NoMate                   // 不詰, %FUZUMI (tsume problems)
	Timeout                  // 切れ負け, %TIME_UP: the side to move lost on time
	FoulWin                  // 反則勝ち: the side to move wins by the opponent's foul
	FoulLose                 // 反則負け: the side to move loses by its own foul
	IllegalMove              // %ILLEGAL_MOVE: the side to move made an illegal move and loses
	IllegalAction            // %+ILLEGAL_ACTION / %-ILLEGAL_ACTION: Ending.Side acted illegally and loses
	EnteringKing             // 入玉勝ち, %KACHI: the side to move declares a win
	WinByDefault             // 不戦勝
	LoseByDefault            // 不戦敗
	Sealed                   // 封じ手
	Draw                     // %HIKIWAKE
	MaxMoves                 // %MAX_MOVES
	Error                    // %ERROR
	Matta                    // %MATTA
	Try                      // トライ (try rule)
	Unknown                  // any other word, kept in Ending.Word
)

// Ending is a special ending of a line of play. Side is the side it
// concerns: the side to move when the ending was recorded, except for
// IllegalAction, whose side is the one CSA names (+ or -).
type Ending struct {
	Kind EndingKind
	Side Color
	Word string // the source's word for Unknown endings (also kept for others when it was non-standard)
}

// IsZero reports whether there is no ending.
func (e Ending) IsZero() bool { return e.Kind == NoEnding }

var endingNames = [...]struct{ kif, csa, name string }{
	NoEnding:      {"", "", ""},
	Resign:        {"投了", "TORYO", "resign"},
	Interrupt:     {"中断", "CHUDAN", "interrupt"},
	Impasse:       {"持将棋", "JISHOGI", "impasse"},
	Sennichite:    {"千日手", "SENNICHITE", "repetition_draw"},
	Mate:          {"詰み", "TSUMI", "mate"},
	NoMate:        {"不詰", "FUZUMI", "no_mate"},
	Timeout:       {"切れ負け", "TIME_UP", "timeout"},
	FoulWin:       {"反則勝ち", "", "foul_win"},
	FoulLose:      {"反則負け", "", "foul_lose"},
	IllegalMove:   {"反則負け", "ILLEGAL_MOVE", "foul_lose"},
	IllegalAction: {"", "", "illegal_action"},
	EnteringKing:  {"入玉勝ち", "KACHI", "entering_of_king"},
	WinByDefault:  {"不戦勝", "", "win_by_default"},
	LoseByDefault: {"不戦敗", "", "lose_by_default"},
	Sealed:        {"封じ手", "", "sealed"},
	Draw:          {"持将棋", "HIKIWAKE", "draw"},
	MaxMoves:      {"持将棋", "MAX_MOVES", "max_moves"},
	Error:         {"", "ERROR", "error"},
	Matta:         {"", "MATTA", "matta"},
	Try:           {"トライ", "", "try"},
	Unknown:       {"", "", "unknown"},
}

// String returns a stable English name of the kind (resign, foul_win, …).
func (k EndingKind) String() string {
	if int(k) < len(endingNames) {
		return endingNames[k].name
	}
	return "invalid"
}

// Normalize maps IllegalAction onto FoulWin or FoulLose as seen from the
// side to move, which is what formats without an explicit side can carry.
func (e Ending) Normalize(toMove Color) Ending {
	if e.Kind == IllegalAction {
		if e.Side == toMove {
			return Ending{Kind: FoulLose, Side: toMove}
		}
		return Ending{Kind: FoulWin, Side: toMove}
	}
	return e
}

// KIF returns the KIF word for the ending as seen with toMove to move (反則勝ち
// or 反則負け for CSA's ILLEGAL_ACTION), and false when KIF has no word for
// it (an Unknown ending is written as its own word).
func (e Ending) KIF(toMove Color) (string, bool) {
	e = e.Normalize(toMove)
	if e.Kind == Unknown || e.Kind == Error || e.Kind == Matta {
		if e.Word != "" {
			return e.Word, e.Kind == Unknown
		}
		return "", false
	}
	w := endingNames[e.Kind].kif
	return w, w != ""
}

// CSA returns the CSA % word (without the %) for the ending with toMove to
// move, and false when CSA has none (不戦勝, 封じ手, unknown words).
func (e Ending) CSA(toMove Color) (string, bool) {
	switch e.Kind {
	case FoulWin: // the opponent (who just moved) fouled
		if toMove == Black {
			return "-ILLEGAL_ACTION", true
		}
		return "+ILLEGAL_ACTION", true
	case FoulLose:
		return "ILLEGAL_MOVE", true
	case IllegalAction:
		if e.Side == Black {
			return "+ILLEGAL_ACTION", true
		}
		return "-ILLEGAL_ACTION", true
	}
	if int(e.Kind) >= len(endingNames) {
		return "", false
	}
	w := endingNames[e.Kind].csa
	return w, w != ""
}

// EndingFromKIF returns the ending a KIF word names; unknown words give an
// Unknown ending that keeps the word (ok is false then).
func EndingFromKIF(word string, toMove Color) (Ending, bool) {
	switch word {
	case "投了":
		return Ending{Kind: Resign, Side: toMove}, true
	case "中断":
		return Ending{Kind: Interrupt, Side: toMove}, true
	case "持将棋":
		return Ending{Kind: Impasse, Side: toMove}, true
	case "千日手":
		return Ending{Kind: Sennichite, Side: toMove}, true
	case "詰み", "詰":
		return Ending{Kind: Mate, Side: toMove}, true
	case "不詰":
		return Ending{Kind: NoMate, Side: toMove}, true
	case "切れ負け", "時間切れ":
		return Ending{Kind: Timeout, Side: toMove}, true
	case "反則勝ち":
		return Ending{Kind: FoulWin, Side: toMove}, true
	case "反則負け":
		return Ending{Kind: FoulLose, Side: toMove}, true
	case "入玉勝ち":
		return Ending{Kind: EnteringKing, Side: toMove}, true
	case "不戦勝":
		return Ending{Kind: WinByDefault, Side: toMove}, true
	case "不戦敗":
		return Ending{Kind: LoseByDefault, Side: toMove}, true
	case "封じ手":
		return Ending{Kind: Sealed, Side: toMove}, true
	case "トライ":
		return Ending{Kind: Try, Side: toMove}, true
	}
	return Ending{Kind: Unknown, Side: toMove, Word: word}, false
}

// EndingFromCSA returns the ending a CSA % word (without the %) names;
// unknown words give an Unknown ending that keeps the word.
func EndingFromCSA(word string, toMove Color) (Ending, bool) {
	switch word {
	case "+ILLEGAL_ACTION":
		return Ending{Kind: IllegalAction, Side: Black}, true
	case "-ILLEGAL_ACTION":
		return Ending{Kind: IllegalAction, Side: White}, true
	}
	for k := Resign; k < Unknown; k++ {
		if endingNames[k].csa == word && word != "" {
			return Ending{Kind: k, Side: toMove}, true
		}
	}
	return Ending{Kind: Unknown, Side: toMove, Word: "%" + word}, false
}

// Winner returns the side that wins by this ending, and false for draws,
// interruptions and endings that decide nothing.
func (e Ending) Winner() (Color, bool) {
	switch e.Kind {
	case Resign, Mate, Timeout, FoulLose, IllegalMove, LoseByDefault:
		return e.Side.Opponent(), true
	case FoulWin, EnteringKing, WinByDefault, Try:
		return e.Side, true
	case IllegalAction:
		return e.Side.Opponent(), true
	}
	return Black, false
}
