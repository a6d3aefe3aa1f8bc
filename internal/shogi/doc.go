// Package shogi is the bottom of kifconv's data flow: squares, pieces, hands,
// the Position type that knows the rules (legality, move generation, game-end
// rules), moves and their notations, the Record game tree that every reader
// in internal/parse produces and every writer in internal/render consumes,
// and the checks of a record against the rules (Record.Check). Tests share
// a random game generator from the subpackage shogitest.
//
// The board is a 9×9 mailbox ([81]Piece) with precomputed neighbour tables,
// and beside it three bitboards of two words each (occupied squares, White's
// squares, sliding pieces; bitboard.go). The mailbox answers "what is on this
// square", which is most of what readers and writers ask; the bitboards answer
// "are the squares between these two empty" and "which slider does this line
// meet first" in a few word operations, which is what checking a move for
// pins and checks asks (Legal and Attacked ran along the board before, and
// were a third of a reader's time). Position stays a small copyable value
// with no pointers. See BenchmarkLegalGames and BenchmarkPerft5.
//
// The package imports nothing outside the standard library.
package shogi
