// Package usi is a client of USI (Universal Shogi Interface) engines: it
// starts an engine process (Start), carries out the handshake (usi/usiok,
// setoption, isready/readyok), asks it about positions (Engine.Go: position
// and go, with node, depth and time limits and MultiPV) and reads its
// answers (info lines and bestmove) into Results whose Scores are kept from
// the side to move's view and, through Score.Black, from Black's.
//
// Every step has a timeout and takes a context. An engine that exits,
// hangs, or prints what is not USI is killed with its process group and
// the step returns an *Error that carries the last lines the engine wrote
// to its standard error. Client puts a restart policy on top: after such a
// fault it starts a new engine and tries the position once more. Pool hands
// out a fixed number of Clients to concurrent workers.
//
// Data flow: internal/analysis turns a *shogi.Record's positions into
// Positions, and this package turns them into Results. It imports only
// internal/shogi. Tests use the fake engine of the subpackage usitest.
package usi
