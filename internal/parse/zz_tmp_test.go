package parse_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

func BenchmarkZZLib(b *testing.B) {
	in := makeInput(b, generatedFormats[3], benchRecords(benchGames))
	for _, mode := range []string{"token", "peekvalue", "value"} {
		b.Run(mode, func(b *testing.B) {
			dec := jsontext.NewDecoder(bytes.NewReader(nil))
			var br bytes.Reader
			cpu := processCPU()
			for b.Loop() {
				for _, f := range in.files {
					br.Reset(f)
					dec.Reset(&br, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
					for {
						var err error
						switch mode {
						case "token":
							_, err = dec.ReadToken()
						case "peekvalue":
							k := dec.PeekKind()
							if k == '{' || k == '}' || k == '[' || k == ']' {
								_, err = dec.ReadToken()
							} else {
								_, err = dec.ReadValue()
							}
						case "value":
							_, err = dec.ReadValue()
						}
						if err == io.EOF {
							break
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			reportRecords(b, processCPU()-cpu, in.games, in.moves)
		})
	}
	if len(in.files) > 0 {
		b.Logf("files %d first %q", len(in.files), in.files[0][:600])
	}
}
