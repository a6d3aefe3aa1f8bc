package charset

import "unicode/utf8"

// EscapeControl returns s with the characters that would act on a terminal
// rather than show (C0 and C1 control characters other than tab, DEL) and
// bytes that are not UTF-8 written as Go's %q writes them (\x1b, \x00, \n,
// \u0085), and every other character, Japanese text among it, left as it
// is. A string that needs nothing is returned without copying.
func EscapeControl(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f || c == '\t' {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || needsEscape(r) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:i]...)
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || needsEscape(r) {
			b = escapeRune(b, r, s[i:i+size])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// needsEscape reports whether r is a control character other than tab.
func needsEscape(r rune) bool {
	return r < 0x20 && r != '\t' || r >= 0x7f && r < 0xa0
}

// escapeRune appends the escape of r, whose encoding in the text is raw.
func escapeRune(b []byte, r rune, raw string) []byte {
	const hex = "0123456789abcdef"
	switch {
	case r == utf8.RuneError && len(raw) == 1, r < 0x80:
		switch raw[0] {
		case '\n':
			return append(b, `\n`...)
		case '\r':
			return append(b, `\r`...)
		case '\a':
			return append(b, `\a`...)
		case '\b':
			return append(b, `\b`...)
		case '\f':
			return append(b, `\f`...)
		case '\v':
			return append(b, `\v`...)
		}
		return append(b, '\\', 'x', hex[raw[0]>>4], hex[raw[0]&15])
	}
	return append(b, '\\', 'u', '0', '0', hex[r>>4&15], hex[r&15])
}

// TermSafe returns s as a value from a file is shown in a table, a list or
// on the board: its control characters escaped as EscapeControl escapes
// them, tabs as \t, and its backslashes doubled, so that two names that
// differ never show the same (a name holding ESC shows \x1b, one holding
// the text \x1b shows \\x1b) and none can break a column. A string that
// needs nothing is returned without copying.
func TermSafe(s string) string {
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		c := s[i]
		clean = c >= 0x20 && c < 0x7f && c != '\\'
		if c >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			clean = !(r == utf8.RuneError && size == 1 || needsEscape(r))
			i += size - 1
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\':
			b = append(b, '\\', '\\')
		case r == '\t':
			b = append(b, '\\', 't')
		case r == utf8.RuneError && size == 1 || needsEscape(r):
			b = escapeRune(b, r, s[i:i+size])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// EscapedLen returns the length of the escape EscapeControl writes for the
// character r, raw in the text, or 0 when it writes r as it is.
func EscapedLen(r rune, raw string) int {
	if r == utf8.RuneError && len(raw) == 1 || needsEscape(r) {
		return len(escapeRune(nil, r, raw))
	}
	return 0
}
