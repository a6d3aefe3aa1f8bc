package shogi

import "strings"

// Handicap names a start position of the Kakinoki 手合割 list.
type Handicap uint8

// The start positions a record can name. Other (その他) means the record
// gives its own position.
const (
	Other           Handicap = iota // その他: a given board
	Even                            // 平手
	LanceHC                         // 香落ち
	RightLance                      // 右香落ち
	BishopHC                        // 角落ち
	RookHC                          // 飛車落ち
	RookLance                       // 飛香落ち
	TwoPiece                        // 二枚落ち
	ThreePiece                      // 三枚落ち
	FourPiece                       // 四枚落ち
	FivePiece                       // 五枚落ち
	LeftFivePiece                   // 左五枚落ち
	SixPiece                        // 六枚落ち
	LeftSevenPiece                  // 左七枚落ち
	RightSevenPiece                 // 右七枚落ち
	EightPiece                      // 八枚落ち
	TenPiece                        // 十枚落ち
	numHandicaps
)

// handicapInfo is the table of presets: the KIF name, the JKF preset name and
// the SFEN (from ../shared/specs/usi-sfen.md §5, checked in handicap_test.go).
var handicapInfo = [numHandicaps]struct {
	kif, jkf, sfen string
}{
	Other:           {"その他", "OTHER", ""},
	Even:            {"平手", "HIRATE", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
	LanceHC:         {"香落ち", "KY", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RightLance:      {"右香落ち", "KY_R", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	BishopHC:        {"角落ち", "KA", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RookHC:          {"飛車落ち", "HI", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RookLance:       {"飛香落ち", "HIKY", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	TwoPiece:        {"二枚落ち", "2", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	ThreePiece:      {"三枚落ち", "3", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	FourPiece:       {"四枚落ち", "4", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	FivePiece:       {"五枚落ち", "5", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	LeftFivePiece:   {"左五枚落ち", "5_L", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	SixPiece:        {"六枚落ち", "6", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	LeftSevenPiece:  {"左七枚落ち", "7_L", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RightSevenPiece: {"右七枚落ち", "7_R", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	EightPiece:      {"八枚落ち", "8", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	TenPiece:        {"十枚落ち", "10", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
}

// presetPositions holds the parsed preset positions, built once.
var presetPositions = func() (t [numHandicaps]Position) {
	for h := Even; h < numHandicaps; h++ {
		p, err := ParseSFEN(handicapInfo[h].sfen)
		if err != nil {
			panic("shogi: bad preset table: " + err.Error())
		}
		t[h] = p
	}
	return
}()

// Handicaps lists every preset, Even first (Other is not included).
func Handicaps() []Handicap {
	hs := make([]Handicap, 0, numHandicaps-1)
	for h := Even; h < numHandicaps; h++ {
		hs = append(hs, h)
	}
	return hs
}

// KIF returns the preset's KIF 手合割 name (平手, 香落ち, その他).
func (h Handicap) KIF() string {
	if h >= numHandicaps {
		return ""
	}
	return handicapInfo[h].kif
}

// JKF returns the preset's JKF name (HIRATE, KY, …, OTHER).
func (h Handicap) JKF() string {
	if h >= numHandicaps {
		return ""
	}
	return handicapInfo[h].jkf
}

// String returns the KIF name.
func (h Handicap) String() string { return h.KIF() }

// Position returns the preset's start position; for Other it returns the
// even start.
func (h Handicap) Position() Position {
	if h == Other || h >= numHandicaps {
		return presetPositions[Even]
	}
	return presetPositions[h]
}

// StartPosition returns the standard even start position.
func StartPosition() Position { return presetPositions[Even] }

// HandicapFromKIF returns the preset a KIF 手合割 value names. Common
// spellings are accepted (平手 and 平手　, 飛車香落ち, 香落ち(左), …).
func HandicapFromKIF(name string) (Handicap, bool) {
	// Quirk: Kifu for Windows pads values with full-width spaces, and some
	// sites write the side in parentheses (香落ち(左)).
	name = strings.Trim(name, " \t\u3000")
	switch name {
	case "香落ち(左)", "香落ち（左）":
		return LanceHC, true
	case "香落ち(右)", "香落ち（右）":
		return RightLance, true
	}
	for h := Even; h < numHandicaps; h++ {
		if handicapInfo[h].kif == name {
			return h, true
		}
	}
	switch name {
	case "飛香落ち", "飛車香落ち", "香飛落ち":
		return RookLance, true
	case "左香落ち":
		return LanceHC, true
	case "飛落ち":
		return RookHC, true
	case "七枚落ち":
		return RightSevenPiece, true
	case "右五枚落ち":
		return FivePiece, true
	}
	return Other, false
}

// HandicapFromJKF returns the preset a JKF preset name names.
func HandicapFromJKF(name string) (Handicap, bool) {
	for h := Even; h < numHandicaps; h++ {
		if handicapInfo[h].jkf == name {
			return h, true
		}
	}
	return Other, false
}

// HandicapOf returns the preset whose start position p is (board, hands and
// side to move), or Other.
func HandicapOf(p *Position) Handicap {
	for h := Even; h < numHandicaps; h++ {
		if presetPositions[h].Equal(p) {
			return h
		}
	}
	return Other
}
