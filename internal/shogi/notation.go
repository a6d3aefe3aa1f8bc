package shogi

// Notation turns moves into text and text back into moves. Encoders get the
// position because good notation needs context (同, 打, 右/左/直); decoders
// resolve text into exactly one move of the position or say why they cannot
// (ErrAmbiguous, ErrNoSuchMove, ErrSyntax). A decoder resolves; whether the
// move is legal is Position.Legal's decision.
type Notation interface {
	// AppendMove appends the text of m, played in pos, to dst.
	AppendMove(dst []byte, pos *Position, m Move) []byte
	// ParseMove resolves s in pos.
	ParseMove(pos *Position, s string) (Move, error)
	// String names the notation.
	String() string
}

// USINotation is the USI move syntax (7g7f, 8h2b+, P*5e).
type USINotation struct{}

// String returns "usi".
func (USINotation) String() string { return "usi" }

// AppendMove appends the USI text of m.
func (USINotation) AppendMove(dst []byte, _ *Position, m Move) []byte { return m.AppendUSI(dst) }

// ParseMove reads USI text; the position is not consulted.
func (USINotation) ParseMove(_ *Position, s string) (Move, error) { return ParseUSIMove(s) }
