// Package analysis runs a USI engine over the positions of a record and
// judges its moves: Run asks the engine (through internal/usi) about the
// positions Options select and returns a GameAnalysis; Judge works out,
// from the engine's scores, each move's loss in win probability, its class
// (疑問手, 悪手, 大悪手) and each player's average loss and accuracy;
// Annotate writes the analysis into the record's comments as ShogiHome
// does, replacing what an earlier analysis wrote and keeping every other
// comment; FromRecord reads an analysis back from those comments.
//
// Data flow: *shogi.Record → Run (usi engine) → GameAnalysis → Annotate →
// *shogi.Record → render writers, which turn the comments into each
// format's convention (shogi.Annotation). It imports internal/shogi and
// internal/usi only.
//
// Hash tables and reproducibility: Run starts each game with usinewgame,
// on which engines clear their hash tables, so that a game's analysis does
// not depend on which games the same engine searched before — the output
// does not depend on -j. Within a game, a search reuses what the searches
// of the earlier positions left in the hash, as a GUI's analysis does: it
// is faster and stronger, but the score of a position can differ from
// what the engine says when asked about that position alone. With
// Options.FreshHash every position gets its own usinewgame; then, at a
// fixed node count with Threads=1, the score recorded for a position is
// the score the engine prints when asked about it directly. A restart after
// a fault empties the hash too. Time limits are never reproducible.
package analysis
