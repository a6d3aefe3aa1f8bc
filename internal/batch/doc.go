// Package batch runs kifconv's commands over many records: the inputs
// (arguments, directory walks, lists, standard input), the workers that read
// them with results in input order, the one output path (standard output, a
// file, or a tree of files, each written atomically), and each command's job
// as a function of a context and an options value.
//
// Data flow: cmd/kifconv → batch → {report, render, parse} → {shogi, charset}.
package batch
