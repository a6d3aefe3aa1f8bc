package charset

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// TestCP932AgainstXText decodes every one- and two-byte Shift_JIS code with
// the table-driven decoder and with golang.org/x/text's japanese.ShiftJIS,
// and requires the same text wherever Windows agrees with x/text. The
// differences are Windows' own: the user-defined area 0xF040-0xF9FC is
// U+E000-U+E757 (x/text gives U+FFFD), and the unassigned single bytes 0x80,
// 0xA0 and 0xFD-0xFF are reported (x/text maps some of them to characters
// no real text has). A code x/text cannot decode is reported as bad.
func TestCP932AgainstXText(t *testing.T) {
	x := japanese.ShiftJIS.NewDecoder()
	ref := func(b []byte) string {
		x.Reset()
		out := make([]byte, 16)
		n, _, err := x.Transform(out, b, true)
		if err != nil {
			return "\ufffd"
		}
		return string(out[:n])
	}
	d := newDecoder(ShiftJIS)
	ours := func(b []byte) (string, bool) {
		out := make([]byte, 16)
		n, m, bad := d.decode(out, b, true)
		if bad != 0 || m != len(b) {
			return "", false
		}
		return string(out[:n]), true
	}
	var checked, uda int
	for c := 0; c < 0x100; c++ {
		b := []byte{byte(c)}
		got, ok := ours(b)
		switch {
		case c < 0x80 || (c >= 0xA1 && c <= 0xDF):
			if want := ref(b); !ok || got != want {
				t.Errorf("% x: %q %v, x/text %q", b, got, ok, want)
			}
		case ok:
			t.Errorf("% x: a lead or unassigned byte alone decodes to %q", b, got)
		}
	}
	for lead := 0x81; lead <= 0xFC; lead++ {
		if lead >= 0xA0 && lead <= 0xDF {
			continue
		}
		for trail := 0x40; trail <= 0xFC; trail++ {
			b := []byte{byte(lead), byte(trail)}
			got, ok := ours(b)
			want := ref(b)
			name := fmt.Sprintf("%02X%02X", lead, trail)
			if lead >= 0xF0 && lead <= 0xF9 && trail != 0x7F {
				// Windows: row by row from U+E000, 188 codes a row.
				p := (lead-0xF0)*188 + trail - 0x40
				if trail > 0x7F {
					p--
				}
				if !ok || got != string(rune(0xE000+p)) {
					t.Errorf("%s: %q %v, want U+%04X", name, got, ok, 0xE000+p)
				}
				uda++
				continue
			}
			r, size := utf8.DecodeRuneInString(want)
			valid := want != "" && r != utf8.RuneError && size == len(want)
			switch {
			case valid && (!ok || got != want):
				t.Errorf("%s: %q %v, x/text %q", name, got, ok, want)
			case !valid && ok:
				t.Errorf("%s: decodes to %q, x/text %q", name, got, want)
			}
			checked++
		}
	}
	if checked+uda != 60*189 {
		t.Errorf("checked %d codes and %d user-defined, want %d in all", checked, uda, 60*189)
	}
}
