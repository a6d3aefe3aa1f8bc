// Package report holds what kifconv tells people and programs about
// records, apart from the records themselves: diagnostics (Diagnostic, the
// compiler-style printer with carets, DiagnosticList) and validate's report
// formats (text, JSON, JSON Lines, GitHub workflow commands, SARIF); the
// info table and its other formats (InfoWriter); diff's and dedup's reports;
// and the formats table. Reports never read or write records: the batch
// package hands them what it found.
//
// Data flow: batch → report → {parse, shogi}.
package report
