package shogi

import (
	"fmt"
	"slices"
	"strings"
)

// CrossFormatHeaderKey is the header key mapping of diff (a
// CompareOptions.HeaderKey): CSA names become the KIF keys CSAKeyToHeader
// gives them, with or without their $ (EVENT is $EVENT), the handicap
// names 下手 and 上手 their side's key, and 手合割 is left to the start
// position ("").
func CrossFormatHeaderKey(k string) string {
	switch k {
	case KeyHandicap:
		return ""
	case KeyShitate:
		return KeyBlack
	case KeyUwate:
		return KeyWhite
	case "N+", "N-":
		return CSAKeyToHeader(k)
	}
	if strings.HasPrefix(k, "$") {
		return CSAKeyToHeader(k)
	}
	if isCSAName(k) {
		if h := CSAKeyToHeader("$" + k); h != k {
			return h
		}
	}
	return k
}

func isCSAName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c == '_' || c == '+' || c == '-' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// IgnoreKinds are the kinds of difference SetIgnore takes.
var IgnoreKinds = []string{"comments", "time", "header", "variations", "bookmarks", "endings"}

// SetIgnore sets the Ignore options that kinds name (IgnoreKinds, or
// their singular or plural form; blanks around them do not count).
func (o *CompareOptions) SetIgnore(kinds []string) error {
	flags := [...]*bool{&o.IgnoreComments, &o.IgnoreTime, &o.IgnoreHeader, &o.IgnoreVariations, &o.IgnoreBookmarks, &o.IgnoreEndings} // in IgnoreKinds' order
	for _, k := range kinds {
		t := strings.TrimSpace(k)
		i := slices.IndexFunc(IgnoreKinds, func(kind string) bool { return t == kind || t+"s" == kind || t == kind+"s" })
		if i < 0 {
			return fmt.Errorf("want %s, not %q", strings.Join(IgnoreKinds, ", "), k)
		}
		*flags[i] = true
	}
	return nil
}
