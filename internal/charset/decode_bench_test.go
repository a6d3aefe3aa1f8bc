package charset

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// benchText is KIF-like text: Japanese move lines with ASCII numbers and
// times, as most of what is decoded looks.
func benchText() string {
	var sb strings.Builder
	moves := []string{"７六歩(77)", "３四歩(33)", "２六歩(27)", "８四歩(83)", "同　銀(31)", "５五角打", "２三飛成(28)"}
	for i := 0; sb.Len() < 256<<10; i++ {
		sb.WriteString("   ")
		sb.WriteString(moves[i%len(moves)])
		sb.WriteString("   ( 0:01/00:00:01)\r\n")
		if i%7 == 0 {
			sb.WriteString("*先手の狙いは４五の地点。ｶﾀｶﾅも少し。\r\n")
		}
	}
	return sb.String()
}

func benchEncoded(tb testing.TB, enc Encoding) []byte {
	text := benchText()
	if enc == "ascii" {
		var sb strings.Builder
		for sb.Len() < len(text) {
			sb.WriteString("+7776FU\nT12\n-3334FU\nT3\n'* a comment line of some length\n")
		}
		return []byte(sb.String())
	}
	if enc == UTF8 {
		return []byte(text)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf, enc, false, false)
	if _, err := io.WriteString(w, text); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkReader measures the streaming Reader as the readers use it
// (reads into a 4 KiB buffer) on Shift_JIS, UTF-8 and ASCII input.
func BenchmarkReader(b *testing.B) { benchReader(b, 0) }

// BenchmarkReaderSmallFile reads files of one game each (4 KiB), where
// opening the Reader (detection, buffers) is a large part of the work.
func BenchmarkReaderSmallFile(b *testing.B) { benchReader(b, 4<<10) }

// benchReader reads the benchmark text in each encoding, cut to size bytes
// unless size is 0.
func benchReader(b *testing.B, size int) {
	for _, enc := range []Encoding{ShiftJIS, UTF8, "ascii"} {
		data := benchEncoded(b, enc)
		if size > 0 {
			data = data[:size]
		}
		b.Run(string(enc), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var br bytes.Reader
			buf := make([]byte, 4<<10)
			for b.Loop() {
				br.Reset(data)
				r, _, err := NewReader(&br)
				if err != nil {
					b.Fatal(err)
				}
				for {
					if _, err := r.Read(buf); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkLooksBinary measures the binary sniffing every input's head goes
// through, on a Shift_JIS KIF head.
func BenchmarkLooksBinary(b *testing.B) {
	head := benchEncoded(b, ShiftJIS)[:sniffBytes]
	for b.Loop() {
		if looksBinary(head, ShiftJIS) {
			b.Fatal("binary")
		}
	}
}
