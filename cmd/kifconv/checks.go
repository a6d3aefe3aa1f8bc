package main

import "github.com/kifconv/kifconv/internal/shogi"

// checkRecord runs the library's checks of a record (shogi.Record.Check)
// and turns what they find into diagnostics of record number game of path.
// They have no source line, since nodes keep none: they name the game and
// the ply.
func checkRecord(path string, game int, rec *shogi.Record) []diag {
	return findingDiags(path, game, rec.Check())
}

// checkSummary compares the KIF or KI2 まで line on line of path with the
// record (shogi.Record.CheckSummary), quoting the line.
func checkSummary(path string, line int, text string, rec *shogi.Record) []diag {
	out := findingDiags(path, 1, rec.CheckSummary(text))
	for i := range out {
		out[i].Line, out[i].Col, out[i].source = line, 1, text
	}
	return out
}

func findingDiags(path string, game int, fs []shogi.Finding) []diag {
	var out []diag
	for _, f := range fs {
		out = append(out, diag{Path: path, Game: game, Ply: f.Ply, Severity: f.Severity.String(), Code: f.Code, Message: f.Message, start: f.Start})
	}
	return out
}
