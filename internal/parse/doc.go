// Package parse holds one reader per record format (KIF, KI2, CSA, JKF, USI,
// SFEN, PSN, BOD, Western, Kitao–Kawasaki) and format detection. Readers see
// decoded UTF-8 text only (internal/charset decodes first) and produce
// *shogi.Record values; every move is checked with the rules engine as it is
// read. Errors carry a position (file, line, column) and wrap a sentinel
// from package shogi or this package, so callers can both print them and
// match them with errors.Is.
//
// Data flow: bytes → charset → parse.Detect → parse.<Format> → *shogi.Record.
package parse
