// Package shogi is the bottom of kifconv's data flow: squares, pieces, hands,
// the Position type that knows the rules (legality, move generation, game-end
// rules), moves and their notations, and the Record game tree that every
// reader in internal/parse produces and every writer in internal/render
// consumes.
//
// The board is a 9×9 mailbox ([81]Piece) with precomputed neighbour tables.
// Why not bitboards: a shogi board needs 81 bits, so bitboards take two
// machine words and every shift straddles them; for what kifconv does (check
// one given move, replay records) a mailbox answers "is this move legal" in a
// few table look-ups, keeps Position a small copyable value (no pointers, no
// allocation), and perft(5) still runs in well under a second thanks to the
// pin test in movegen.go. See BenchmarkLegal and BenchmarkPerft5.
//
// The package imports nothing outside the standard library.
package shogi
