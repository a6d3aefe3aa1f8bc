// Package render holds one writer per format kifconv writes (records,
// positions, training data), the terminal board and its move text
// (Display), and SVG pictures. Writers take *shogi.Record values and write
// UTF-8 text with LF line ends; the caller transcodes (internal/charset) to
// the target's encoding and line ends. What a target format cannot carry is
// an error wrapping ErrLossy, unless the writer's AllowLoss option is set,
// in which case Losses lists what was dropped.
//
// Data flow: *shogi.Record → render.<Format> → bytes. It imports only
// internal/shogi and internal/charset.
package render
