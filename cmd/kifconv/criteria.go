package main

import (
	"fmt"

	"github.com/kifconv/kifconv/internal/shogi"
)

// CriteriaSpec is filter's criteria as its flags give them: each field is
// one flag's values.
type CriteriaSpec struct {
	Players, Blacks, Whites, Events []string // names, contained (after foldName)
	Winners, Losers                 []string
	Headers                         []string // KEY=REGEX (AddHeader)
	DateFrom, DateTo                string   // "" when not given
	Handicaps, Results              []string
	MinPlies, MaxPlies              int // -1 when not given
	Moves, Positions                []string
	Variations                      bool
}

// Criteria checks the text and builds the criteria. An error names the
// flag of the value at fault (--player, --date-from, …).
func (s *CriteriaSpec) Criteria() (*shogi.Criteria, error) {
	c := shogi.NewCriteria()
	name := func(add func(string)) func(string) error {
		return func(v string) error { add(v); return nil }
	}
	one := func(s string) []string {
		if s == "" {
			return nil
		}
		return []string{s}
	}
	for _, ch := range []struct {
		flag string
		vals []string
		add  func(string) error
	}{
		{"player", s.Players, name(c.AddPlayer)},
		{"black", s.Blacks, name(c.AddBlack)},
		{"white", s.Whites, name(c.AddWhite)},
		{"event", s.Events, name(c.AddEvent)},
		{"winner", s.Winners, name(c.AddWinner)},
		{"loser", s.Losers, name(c.AddLoser)},
		{"header", s.Headers, c.AddHeader},
		{"date-from", one(s.DateFrom), c.SetDateFrom},
		{"date-to", one(s.DateTo), c.SetDateTo},
		{"handicap", s.Handicaps, c.AddHandicap},
		{"result", s.Results, c.AddResult},
		{"moves", s.Moves, c.AddMoves},
		{"position", s.Positions, c.AddPosition},
	} {
		for _, v := range ch.vals {
			if err := ch.add(v); err != nil {
				return nil, fmt.Errorf("--%s: %v", ch.flag, err)
			}
		}
	}
	if s.MinPlies < -1 || s.MaxPlies < -1 {
		return nil, fmt.Errorf("--min-plies and --max-plies want 0 or more")
	}
	c.SetPlies(s.MinPlies, s.MaxPlies)
	c.Variations = s.Variations
	return c, nil
}
