package parse

import (
	"bytes"
	"path/filepath"
	"strings"
)

// Detect names the format of decoded text from its first bytes, using the
// file name's extension only to break ties. It returns "" when it cannot
// tell.
func Detect(text []byte, name string) string {
	head := text
	if len(head) > 64<<10 {
		head = head[:64<<10]
	}
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	switch {
	case bytes.HasPrefix(t, []byte("{")):
		return "jkf"
	case bytes.HasPrefix(t, []byte("position ")), bytes.HasPrefix(t, []byte("startpos")):
		return "usi"
	case bytes.HasPrefix(t, []byte("#YANEURAOU-DB")):
		return "sfen" // a YaneuraOu book: positions, each followed by candidate moves
	case bytes.HasPrefix(t, []byte("sfen ")):
		if bytes.Contains(firstLine(t), []byte(" moves")) {
			return "usi"
		}
		return "sfen"
	case looksLikeCSA(t):
		return "csa"
	case looksLikePSN(t):
		return "psn"
	}
	if f := detectKakinoki(t, strings.ToLower(filepath.Ext(name))); f != "" {
		return f
	}
	ext := strings.ToLower(filepath.Ext(name))
	if f, ok := Lookup(ext); ok {
		return f.Name
	}
	return ""
}

func firstLine(b []byte) []byte {
	if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
		return b[:i]
	}
	return b
}
