// Package render holds one writer per record format and the terminal board.
// Writers take *shogi.Record values and write UTF-8 text with LF line ends;
// the CLI transcodes (internal/charset) to the target's encoding and line
// ends. What a target format cannot carry is an error wrapping ErrLossy,
// unless the writer's AllowLoss option is set, in which case Losses lists
// what was dropped.
//
// The reports the commands print are writers of a format too: diagnostics
// in the compiler style and validate's reporters (Diagnostic, NewReporter),
// info's rows (InfoWriter), diff's and dedup's reports (NewDiffReport,
// WriteDedupReport), the formats table (WriteFormatTable), and the board
// with its move text (Display).
//
// Data flow: *shogi.Record → render.<Format> → bytes.
package render
