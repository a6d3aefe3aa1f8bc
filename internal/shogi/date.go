package shogi

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Date is a calendar date with an optional time of day, as record headers
// state them (開始日時, 対局日, CSA $START_TIME, PSN Date).
type Date struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	HasTime              bool
}

// String writes the date as kifconv's writers normalise it:
// YYYY/MM/DD, or YYYY/MM/DD HH:MM:SS with a time.
func (d Date) String() string {
	b := d.appendDay(make([]byte, 0, 19), '/')
	if d.HasTime {
		b = append(b, ' ')
		b = appendPadded(b, d.Hour, 2)
		b = append(b, ':')
		b = appendPadded(b, d.Minute, 2)
		b = append(b, ':')
		b = appendPadded(b, d.Second, 2)
	}
	return string(b)
}

// ISO writes the date as YYYY-MM-DD (the time is left out).
func (d Date) ISO() string { return string(d.appendDay(make([]byte, 0, 10), '-')) }

// appendDay appends year, month and day with sep between them.
func (d Date) appendDay(b []byte, sep byte) []byte {
	b = appendPadded(b, d.Year, 4)
	b = append(b, sep)
	b = appendPadded(b, d.Month, 2)
	b = append(b, sep)
	return appendPadded(b, d.Day, 2)
}

func appendPadded(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// DayNumber orders dates by day (the time is ignored): a larger number is a
// later day, and consecutive days differ by at most 31.
func (d Date) DayNumber() int { return (d.Year*13+d.Month)*32 + d.Day }

// eras are the Japanese eras that record dates use, with the year before
// their first year.
var eras = [...]struct {
	name string
	base int
}{{"令和", 2018}, {"平成", 1988}, {"昭和", 1925}, {"大正", 1911}, {"明治", 1867}}

// ParseDate reads the date forms that KIF, KI2, CSA V2.2 and V3.0, JKF and
// PSN files use: 2014/09/02, 2014-09-02, 2014.09.02, 1999/07/15(木) 19:07:12,
// 2021/10/16 10:00, 2003-05-03T10:30:00+09:00, 2016年7月27日(水) 10時00分,
// 平成28年7月27日 and 令和元年…, full-width digits included. A weekday in
// brackets, fractions of a second and a time zone are skipped; anything
// else after the date makes the text no date (ok is false).
func ParseDate(s string) (Date, bool) {
	d, rest, ok := parseDatePrefix(s)
	if !ok || strings.TrimSpace(rest) != "" {
		return Date{}, false
	}
	return d, true
}

// ParseDatePrefix is ParseDate that also accepts text after a complete
// date (2024/01/05 10:00～18:00, 2014/09/02 開始), for finding the day a
// header value names.
func ParseDatePrefix(s string) (Date, bool) {
	d, _, ok := parseDatePrefix(s)
	return d, ok
}

func parseDatePrefix(s string) (Date, string, bool) {
	sc := dateScanner{s: strings.TrimSpace(s)}
	var d Date
	base := 0
	for _, e := range eras {
		if strings.HasPrefix(sc.s, e.name) {
			base = e.base
			sc.s = sc.s[len(e.name):]
			break
		}
	}
	if base > 0 && strings.HasPrefix(sc.s, "元") {
		sc.s = sc.s[len("元"):]
		d.Year = 1
	} else {
		y, n := sc.number(4)
		if n == 0 || base == 0 && n != 4 {
			return Date{}, "", false
		}
		d.Year = y
	}
	d.Year += base
	sep := sc.rune()
	kanji := sep == '年'
	if !kanji && sep != '/' && sep != '-' && sep != '.' {
		return Date{}, "", false
	}
	var n int
	if d.Month, n = sc.number(2); n == 0 {
		return Date{}, "", false
	}
	if r := sc.rune(); kanji && r != '月' || !kanji && r != sep {
		return Date{}, "", false
	}
	if d.Day, n = sc.number(2); n == 0 {
		return Date{}, "", false
	}
	if kanji && !sc.take('日') {
		return Date{}, "", false
	}
	if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return Date{}, "", false
	}
	rest := sc.s
	sc.blanks()
	if sc.take('(') || sc.take('（') {
		i := strings.IndexAny(sc.s, ")）")
		if i < 0 || i > 12 {
			return d, rest, true
		}
		_, size := utf8.DecodeRuneInString(sc.s[i:])
		sc.s = sc.s[i+size:]
		rest = sc.s
		sc.blanks()
	}
	sc.take('T')
	sc.blanks()
	h, n := sc.number(2)
	if n == 0 {
		return d, rest, true
	}
	r := sc.rune()
	if r != ':' && r != '時' {
		return d, rest, true
	}
	m, n := sc.number(2)
	if n != 2 && !(r == '時' && n > 0) {
		return d, rest, true
	}
	if r == '時' && !sc.take('分') {
		return d, rest, true
	}
	sec := 0
	if r == ':' && sc.take(':') {
		if sec, n = sc.number(2); n != 2 {
			return d, rest, true
		}
		if sc.take('.') {
			sc.number(9)
		}
	} else if r == '時' {
		if v, n := sc.number(2); n > 0 {
			if !sc.take('秒') {
				return d, rest, true
			}
			sec = v
		}
	}
	if h > 23 || m > 59 || sec > 60 {
		return d, rest, true
	}
	d.Hour, d.Minute, d.Second, d.HasTime = h, m, sec, true
	rest = sc.s
	// A time zone: Z, +09:00, +0900, JST.
	sc.blanks()
	switch {
	case sc.take('Z'), strings.HasPrefix(sc.s, "JST") && len(sc.s) == 3:
		sc.s = strings.TrimPrefix(sc.s, "JST")
		rest = sc.s
	case strings.HasPrefix(sc.s, "+") || strings.HasPrefix(sc.s, "-"):
		sc.s = sc.s[1:]
		if _, n := sc.number(2); n == 2 {
			sc.take(':')
			if _, n := sc.number(2); n == 2 {
				rest = sc.s
			}
		}
	}
	return d, rest, true
}

// dateScanner reads a date's text, taking full-width digits and
// punctuation as their ASCII forms.
type dateScanner struct{ s string }

// rune takes one character, mapping full-width ASCII onto ASCII.
func (sc *dateScanner) rune() rune {
	r, size := utf8.DecodeRuneInString(sc.s)
	if size == 0 {
		return -1
	}
	sc.s = sc.s[size:]
	if r >= '！' && r <= '～' {
		r = r - '！' + '!'
	}
	return r
}

func (sc *dateScanner) peek() rune {
	save := sc.s
	r := sc.rune()
	sc.s = save
	return r
}

// take takes r if it comes next.
func (sc *dateScanner) take(r rune) bool {
	save := sc.s
	if sc.rune() == r {
		return true
	}
	sc.s = save
	return false
}

// number reads up to max digits and returns the value and the count.
func (sc *dateScanner) number(max int) (int, int) {
	v, n := 0, 0
	for n < max {
		r := sc.peek()
		if r < '0' || r > '9' {
			break
		}
		sc.rune()
		v = v*10 + int(r-'0')
		n++
	}
	return v, n
}

func (sc *dateScanner) blanks() {
	for {
		switch sc.peek() {
		case ' ', '\t', '　':
			sc.rune()
			continue
		}
		return
	}
}
