package parse

import (
	"bytes"
	"io"
	"strconv"
	"testing"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/shogi"
)

// benchGame plays a deterministic pseudo-random legal game of up to plies
// moves from the even start.
func benchGame(seed uint64, plies int) []shogi.Move {
	p := shogi.StartPosition()
	var moves []shogi.Move
	var buf []shogi.Move
	x := seed*2654435761 + 1
	for len(moves) < plies {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		m := buf[x%uint64(len(buf))]
		moves = append(moves, m)
		p.Play(m)
	}
	return moves
}

// benchKIF writes a game as Kifu for Windows does, with times and a few
// comments.
func benchKIF(moves []shogi.Move) []byte {
	var b []byte
	b = append(b, "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----\n開始日時：2024/06/01 10:00:00\n手合割：平手\n先手：先手の対局者\n後手：後手の対局者\n手数----指手---------消費時間--\n"...)
	p := shogi.StartPosition()
	var total [2]int
	for i, m := range moves {
		n := strconv.Itoa(i + 1)
		for j := len(n); j < 4; j++ {
			b = append(b, ' ')
		}
		b = append(b, n...)
		b = append(b, ' ')
		start := len(b)
		b = shogi.KIFNotation{}.AppendMove(b, &p, m)
		for w := len([]rune(string(b[start:]))); w < 9; w++ {
			b = append(b, ' ')
		}
		el := (i * 7) % 50
		total[i%2] += el
		b = append(b, " ( "...)
		b = append(b, strconv.Itoa(el/60)...)
		b = append(b, ':')
		b = append(b, '0'+byte(el%60/10), '0'+byte(el%10))
		b = append(b, "/00:"...)
		b = append(b, '0'+byte(total[i%2]/600%6), '0'+byte(total[i%2]/60%10), ':', '0'+byte(total[i%2]%60/10), '0'+byte(total[i%2]%10))
		b = append(b, ")\n"...)
		if i%40 == 39 {
			b = append(b, "*ここで形勢が動いた\n"...)
		}
		p.Play(m)
	}
	b = append(b, "まで"...)
	b = strconv.AppendInt(b, int64(len(moves)), 10)
	b = append(b, "手で中断\n"...)
	return b
}

func toSJIS(tb testing.TB, text []byte) []byte {
	var out bytes.Buffer
	w := charset.NewWriter(&out, charset.ShiftJIS, true, false)
	if _, err := w.Write(text); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// BenchmarkReadKIF measures reading Shift_JIS KIF files (charset decoding,
// line splitting, move parsing and the legality check of every move), one
// 150-ply game per file.
func BenchmarkReadKIF(b *testing.B) {
	moves := benchGame(1, 150)
	data := toSJIS(b, benchKIF(moves))
	benchRead(b, data, len(moves), func(r io.Reader) Reader { return NewKIF(r, Options{}) })
}

// BenchmarkReadKI2 measures reading KI2 (moves in Japanese notation, each
// resolved against the position), UTF-8.
func BenchmarkReadKI2(b *testing.B) {
	moves := benchGame(2, 150)
	var text []byte
	text = append(text, "手合割：平手\n先手：先手の対局者\n後手：後手の対局者\n"...)
	p := shogi.StartPosition()
	for i, m := range moves {
		text = shogi.AppendSideMark(text, p.Turn())
		text = shogi.KI2Notation{}.AppendMove(text, &p, m)
		if i%6 == 5 {
			text = append(text, '\n')
		} else {
			text = append(text, "    "...)
		}
		p.Play(m)
	}
	text = append(text, "\nまで"...)
	text = strconv.AppendInt(text, int64(len(moves)), 10)
	text = append(text, "手で中断\n"...)
	benchRead(b, text, len(moves), func(r io.Reader) Reader { return NewKI2(r, Options{}) })
}

func benchRead(b *testing.B, data []byte, nmoves int, newReader func(io.Reader) Reader) {
	br := bytes.NewReader(data)
	read := func() {
		br.Reset(data)
		cr, _, err := charset.NewReader(br)
		if err != nil {
			b.Fatal(err)
		}
		rec, err := newReader(cr).Read()
		if err != nil {
			b.Fatal(err)
		}
		if rec.MainLineEnd().Ply() != nmoves+1 {
			b.Fatalf("read %d plies, want %d", rec.MainLineEnd().Ply(), nmoves+1)
		}
	}
	allocs := testing.AllocsPerRun(3, read)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		read()
	}
	if sec := b.Elapsed().Seconds(); sec > 0 {
		b.ReportMetric(float64(nmoves)*float64(b.N)/sec, "moves/s")
	}
	b.ReportMetric(allocs/float64(nmoves), "allocs/move")
}
