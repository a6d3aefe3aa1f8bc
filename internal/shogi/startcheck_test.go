package shogi

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckStart: one rule judges a start position, whatever the format it
// came from; ParseSFEN reads every position a Position can hold and leaves
// the judging to it.
func TestCheckStart(t *testing.T) {
	tests := []struct {
		name, sfen string
		rule       error  // the rule's own sentinel, when it has one
		problem    string // in the message; "" for a good position
	}{
		{"even start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", nil, ""},
		{"tsume without Black's king", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", nil, ""},
		{"a pawn and a tokin on a file", "4k4/9/9/4P4/9/4+P4/9/9/4K4 b - 1", nil, ""},
		{"side to move in check", "4k4/9/9/9/4R4/9/9/9/4K4 w - 1", nil, ""},
		{"nine pawns on a file", "4k4/4P4/4P4/4P4/4P4/4P4/4P4/4P4/4P3K b - 1", ErrNifu, "file 5"},
		{"black pawn on rank 1", "4k3P/9/9/9/9/9/9/9/4K4 b - 1", ErrDeadPiece, "never move"},
		{"white pawn on rank 9", "4k4/9/9/9/9/9/9/9/4K3p b - 1", ErrDeadPiece, "never move"},
		{"black knight on rank 2", "4k4/4N4/9/9/9/9/9/9/4K4 b - 1", ErrDeadPiece, "never move"},
		{"white lance on rank 9", "4k4/9/9/9/9/9/9/9/l3K4 b - 1", ErrDeadPiece, "never move"},
		{"too many pawns", "4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", nil, "a set has 18"},
		{"three rooks", "4k4/9/9/9/9/9/9/9/4K4 b 2Rr 1", nil, "a set has 2"},
		{"side not to move in check", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", nil, "not to move is in check"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseSFEN(tt.sfen)
			if err != nil {
				t.Fatalf("ParseSFEN: %v (it must read what CheckStart judges)", err)
			}
			// Readers keep such a start: moves are generated and played
			// from it as from any other.
			for _, m := range p.LegalMoves(nil) {
				if err := p.Legal(m); err != nil {
					t.Fatalf("LegalMoves gave %s, which Legal rejects: %v", m, err)
				}
				q := p
				q.Play(m)
			}
			err = CheckStart(&p)
			if tt.problem == "" {
				if err != nil {
					t.Fatalf("CheckStart = %v, want nil", err)
				}
				return
			}
			var se *StartError
			if !errors.As(err, &se) || !errors.Is(err, ErrBadPosition) {
				t.Fatalf("CheckStart = %v, want a *StartError wrapping ErrBadPosition", err)
			}
			if tt.rule != nil && !errors.Is(err, tt.rule) {
				t.Errorf("CheckStart = %v, want it to wrap %v", err, tt.rule)
			}
			if !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("message %q does not say %q", err, tt.problem)
			}
			var re *RuleError
			if !errors.As(err, &re) || re.Code != ErrBadPosition.Code {
				t.Errorf("code %v, want %s", re, ErrBadPosition.Code)
			}
			if v := p.Validate(); v == nil || v.Error() != err.Error() {
				t.Errorf("Validate = %v, want CheckStart's %v", v, err)
			}
		})
	}
}
