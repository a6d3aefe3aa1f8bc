package shogi

// Outcome is how a line of play ends, worked out from the moves the record
// holds: every move is played as recorded (PlayRecorded), an illegal one
// and the capture of a king included, so that Final's side to move always
// agrees with its move number. It is the one answer info, filter, the
// training writers and show give about a game.
type Outcome struct {
	// Plies counts the moves of the line; its ending is not counted.
	Plies int
	// End is the ending node, nil when the line just stops.
	End *Node
	// Ending is End's ending as recorded with the side to move there: its
	// Side is that side, ±ILLEGAL_ACTION is the foul win or loss it is for
	// it and %ILLEGAL_MOVE is 反則負け (see endingAt). Zero when End is nil.
	Ending  Ending
	Winner  Color // the side the ending makes the winner, when Decided
	Decided bool
	// Foul is the documented foul the line ends with (Foul.Move is nil
	// when there is none): its mover loses, whatever the ending's word.
	Foul  Foul
	Final Position // after every move of the line
}

// Outcome returns the outcome of r's main line.
func (r *Record) Outcome() Outcome { return LineOutcome(r.Start, r.Root.Next()) }

// LineOutcome returns the outcome of the line of play that starts with the
// node first, played from pos, and follows first children; first may be
// nil or an ending.
func LineOutcome(pos Position, first *Node) Outcome { return lineOutcome(pos, first, true) }

// LineResult is LineOutcome without Final, which is left as pos: the moves
// are played only when the line ends with a foul ending, which may document
// a foul. It serves callers that judge many lines and need no position.
func LineResult(pos Position, first *Node) Outcome { return lineOutcome(pos, first, false) }

// lineOutcome is LineOutcome, and LineResult without final.
func lineOutcome(pos Position, first *Node, final bool) Outcome {
	var o Outcome
	// The moves are played as the line is walked when Final is asked for;
	// only a line that ends with a foul ending, which may document a foul,
	// is played again for the positions before its last two moves.
	start := pos
	end := first
	for ; end != nil && !end.IsEnd(); end = end.Next() {
		o.Plies++
		if final {
			pos.PlayRecorded(end.Move)
		}
	}
	foul := end != nil && end.End().IsFoul()
	if !foul {
		o.result(end, start.Turn()^Color(o.Plies&1))
		o.Final = pos
		return o
	}
	pos = start
	// The positions before the last two moves, where a documented foul
	// starts (at once or before the capture of a king).
	var before [2]Position
	var at [2]*Node
	i := 0
	for n := first; n != end; n = n.Next() {
		if i >= o.Plies-2 {
			before[0], at[0] = before[1], at[1]
			before[1], at[1] = pos, n
		}
		pos.PlayRecorded(n.Move)
		i++
	}
	o.Final = pos
	o.result(end, pos.Turn())
	for i := range at {
		if at[i] == nil {
			continue
		}
		if f, ok := FoulAt(&before[i], at[i]); ok && f.End == end {
			o.Foul = f
			o.Winner, o.Decided = f.Mover.Opponent(), true
			break
		}
	}
	return o
}

// result sets the ending end (nil: none), with toMove to move there, and
// the winner its word names.
func (o *Outcome) result(end *Node, toMove Color) {
	if end == nil {
		return
	}
	o.End = end
	o.Ending = endingAt(end.End(), toMove)
	o.Winner, o.Decided = o.Ending.Winner()
}

// endingAt is e as recorded with toMove to move: its Side is the side to
// move (as the Ending contract has it, whatever the source said),
// IllegalAction becomes the foul win or loss it is for that side, and
// IllegalMove (the side to move fouled) is 反則負け, so that formats that
// say the same thing differently agree.
func endingAt(e Ending, toMove Color) Ending {
	if e.Kind != IllegalAction {
		e.Side = toMove
	}
	e = e.Normalize(toMove)
	if e.Kind == IllegalMove {
		e.Kind = FoulLose
	}
	return e
}
