// Package charset detects the encoding of input bytes and transcodes them to
// UTF-8, and encodes UTF-8 output to the target encoding. It sits between the
// raw bytes and the readers in internal/parse, which only ever see UTF-8.
package charset

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Encoding names a character encoding kifconv reads or writes.
type Encoding string

// The encodings kifconv knows.
const (
	UTF8     Encoding = "utf-8"
	ShiftJIS Encoding = "shift_jis" // read and written as CP932 (Windows-31J)
	EUCJP    Encoding = "euc-jp"
	UTF16LE  Encoding = "utf-16le"
	UTF16BE  Encoding = "utf-16be"
)

// Decode detects the encoding of src and returns its text as UTF-8, without
// a byte-order mark.
func Decode(src []byte) ([]byte, Encoding, error) {
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		return src[3:], UTF8, nil
	}
	if utf8.Valid(src) {
		return src, UTF8, nil
	}
	out, err := japanese.ShiftJIS.NewDecoder().Bytes(src)
	if err != nil {
		return nil, ShiftJIS, err
	}
	return out, ShiftJIS, nil
}
