package parse

import (
	"strconv"
	"time"

	"github.com/kifconv/kifconv/internal/shogi"
)

type jkfExt struct {
	header     []jkfExtField
	moveNumber int
	bookmark   string
	notes      []jkfNote
}

// jkfExtField is a header field with its index in the header.
type jkfExtField struct {
	at         int
	key, value string
}

// jkfNote is one item of the extension's "nodes".
type jkfNote struct {
	pos         Pos
	path        string // for messages: moves[0].kifconv.nodes[n]
	at          []int
	insert      bool
	end, word   string
	hasEnd      bool
	elapsed     time.Duration
	total       time.Duration
	hasElapsed  bool
	hasTotal    bool
	comments    []string
	hasComments bool
	bookmark    string
}

// readExt reads moves[0].kifconv into j.ext.
func (j *JKF) readExt() error {
	sc := j.sc
	if t := sc.next(); t != '{' {
		return sc.want(t, j.path(".kifconv"), "an object")
	}
	x := &jkfExt{}
	err := sc.members(func() error {
		switch string(sc.key) {
		case "header":
			return j.readObjects(".kifconv.header", func(at Pos) error { return j.readExtField(x, at) })
		case "move_number":
			n, p, err := j.readInt(".kifconv.move_number")
			if err == nil && n < 1 {
				err = &Error{Pos: p, Err: ErrSyntax, Detail: j.path(".kifconv.move_number") + ": want a positive integer"}
			}
			x.moveNumber = n
			return err
		case "bookmark":
			var err error
			x.bookmark, _, err = j.readString(".kifconv.bookmark")
			return err
		case "nodes":
			return j.readObjects(".kifconv.nodes", func(at Pos) error { return j.readExtNote(x, at) })
		}
		return j.skipUnknown(j.path(".kifconv"), 0)
	})
	j.ext = x
	return err
}

// readObjects reads an array of objects at suffix (a path in moves),
// calling read for each with the position of its '{'.
func (j *JKF) readObjects(suffix string, read func(at Pos) error) error {
	sc := j.sc
	if t := sc.next(); t != '[' {
		return sc.want(t, j.path(suffix), "an array of objects")
	}
	return sc.elems(func() error {
		if t := sc.next(); t != '{' {
			return sc.want(t, j.path(suffix), "an object")
		}
		return read(sc.tokPos())
	})
}

// skipUnknown warns about the member whose key was just read and skips its
// value.
func (j *JKF) skipUnknown(path string, ply int) error {
	if path != "" {
		path += ": "
	}
	if err := j.warn(j.sc.keyPos(), ply, ErrSyntax, path+"unknown member "+strconv.Quote(string(j.sc.key))+" ignored"); err != nil {
		return err
	}
	return j.sc.skipValue()
}

// readExtField reads a field of the extension's header (its '{' at at).
func (j *JKF) readExtField(x *jkfExt, at Pos) error {
	sc := j.sc
	path := j.path(".kifconv.header")
	f := jkfExtField{at: -1}
	var hasKey, hasValue bool
	err := sc.members(func() error {
		var err error
		switch string(sc.key) {
		case "at":
			f.at, _, err = j.readInt(".kifconv.header.at")
		case "key":
			f.key, _, err = j.readString(".kifconv.header.key")
			hasKey = true
		case "value":
			f.value, _, err = j.readString(".kifconv.header.value")
			hasValue = true
		default:
			err = j.skipUnknown(path, 0)
		}
		return err
	})
	switch {
	case err != nil:
		return err
	case !hasKey || !hasValue || f.at < 0:
		return j.warn(at, 0, ErrBadHeader, path+": a field needs \"at\", \"key\" and \"value\"; ignored")
	}
	x.header = append(x.header, f)
	return nil
}

// readExtNote reads a note of the extension's "nodes" (its '{' at at).
func (j *JKF) readExtNote(x *jkfExt, at Pos) error {
	sc := j.sc
	nt := jkfNote{pos: at, path: j.path(".kifconv.nodes[" + strconv.Itoa(len(x.notes)) + "]")}
	err := sc.members(func() error {
		var err error
		switch string(sc.key) {
		case "at":
			err = j.readAddress(&nt)
		case "insert":
			switch t := sc.next(); t {
			case tokTrue, tokFalse:
				nt.insert = t == tokTrue
			default:
				err = sc.want(t, nt.path+".insert", "true or false")
			}
		case "end":
			nt.end, _, err = j.readString(".kifconv.nodes.end")
			nt.hasEnd = true
		case "word":
			nt.word, _, err = j.readString(".kifconv.nodes.word")
		case "elapsed_ns":
			nt.elapsed, err = j.readNanos(nt.path + ".elapsed_ns")
			nt.hasElapsed = true
		case "total_ns":
			nt.total, err = j.readNanos(nt.path + ".total_ns")
			nt.hasTotal = true
		case "comments":
			var e jkfEntry
			err = j.readComments(&e)
			nt.comments, nt.hasComments = e.comments, true
		case "bookmark":
			nt.bookmark, _, err = j.readString(".kifconv.nodes.bookmark")
		default:
			err = j.skipUnknown(nt.path, 0)
		}
		return err
	})
	if err != nil {
		return err
	}
	x.notes = append(x.notes, nt)
	return nil
}

// readAddress reads a note's "at": an array of an odd number of
// non-negative integers, the first positive.
func (j *JKF) readAddress(nt *jkfNote) error {
	sc := j.sc
	if t := sc.next(); t != '[' {
		return sc.want(t, nt.path+".at", "an array of integers")
	}
	at := sc.tokPos()
	if err := sc.elems(func() error {
		v, p, err := j.readInt(".kifconv.nodes.at")
		if err != nil {
			return err
		}
		if v < 0 {
			return &Error{Pos: p, Err: ErrSyntax, Detail: nt.path + ".at: a negative index"}
		}
		nt.at = append(nt.at, v)
		return nil
	}); err != nil {
		return err
	}
	if len(nt.at)%2 == 0 || nt.at[0] < 1 {
		return &Error{Pos: at, Err: ErrSyntax, Detail: nt.path + ".at: want [i, k, j, …], an odd number of indexes, i ≥ 1"}
	}
	return nil
}

// readNanos reads a duration in nanoseconds.
func (j *JKF) readNanos(path string) (time.Duration, error) {
	sc := j.sc
	t := sc.next()
	if t != tokNumber || !sc.numInt {
		return 0, sc.want(t, path, "an integer")
	}
	v, err := strconv.ParseInt(sc.literal(), 10, 64)
	if err != nil || v < 0 {
		return 0, &Error{Pos: sc.tokPos(), Err: ErrBadTime, Detail: path + ": want a non-negative integer of nanoseconds"}
	}
	return time.Duration(v), nil
}

// applyExt applies the extension read with moves[0] to rec.
func (j *JKF) applyExt(rec *shogi.Record) error {
	x := j.ext
	for _, f := range x.header {
		i := min(f.at, len(rec.Header))
		rec.Header = append(rec.Header, shogi.HeaderField{})
		copy(rec.Header[i+1:], rec.Header[i:])
		rec.Header[i] = shogi.HeaderField{Key: f.key, Value: f.value}
	}
	if x.moveNumber > 0 {
		rec.Start.SetMoveNumber(x.moveNumber)
	}
	if x.bookmark != "" {
		rec.SetBookmark(rec.Root, x.bookmark)
	}
	for i := range x.notes {
		if err := j.applyNote(rec, &x.notes[i]); err != nil {
			return err
		}
	}
	return nil
}

// applyNote applies one note: it inserts the ending it describes, or sets
// what it says on the node it addresses.
func (j *JKF) applyNote(rec *shogi.Record, nt *jkfNote) error {
	parent, idx, ok := extPlace(rec.Root, nt.at)
	switch {
	case !ok || idx > 0 && parent.Child(idx-1) == nil || !nt.insert && parent.Child(idx) == nil:
		return j.warn(nt.pos, 0, ErrBadVariation, nt.path+": \"at\" leads to no node of the tree; ignored")
	case nt.insert && parent.IsEnd():
		return j.warn(nt.pos, 0, ErrBadVariation, nt.path+": \"at\" puts an ending after an ending; ignored")
	}
	var kind shogi.EndingKind
	if nt.hasEnd {
		kind = endingKind(nt.end)
		if kind == shogi.NoEnding {
			return j.warn(nt.pos, 0, ErrUnknownEnd, nt.path+": unknown ending "+strconv.Quote(nt.end)+"; ignored")
		}
	}
	var n *shogi.Node
	if nt.insert {
		if !nt.hasEnd {
			return j.warn(nt.pos, 0, ErrSyntax, nt.path+": an inserted node needs \"end\"; ignored")
		}
		side := rec.Start.Turn() ^ shogi.Color(parent.Ply()&1)
		n = rec.InsertChild(parent, parent.Child(idx-1), 0, shogi.Ending{Kind: kind, Side: side, Word: nt.word})
		rec.SetComments(n, nt.comments)
	} else {
		n = parent.Child(idx)
		if nt.hasEnd {
			if !n.IsEnd() {
				return j.warn(nt.pos, 0, ErrSyntax, nt.path+": \"end\" on a move; ignored")
			}
			rec.SetEnd(n, shogi.Ending{Kind: kind, Side: n.End().Side, Word: nt.word})
		}
		if nt.hasComments {
			if err := j.warn(nt.pos, 0, ErrSyntax, nt.path+": \"comments\" belong to the entry; ignored"); err != nil {
				return err
			}
		}
	}
	if nt.hasElapsed || nt.hasTotal {
		rec.SetTime(n, shogi.MoveTime{Elapsed: nt.elapsed, Total: nt.total, HasTime: nt.hasElapsed, HasTotal: nt.hasTotal})
	}
	if nt.bookmark != "" {
		rec.SetBookmark(n, nt.bookmark)
	}
	return nil
}

// extPlace finds the place an extension address names: a parent and an
// index among its children (one past the last for an insertion at the
// end). moves[i] is i−1 steps along first children below the root's first
// child; fork k of a node is its parent's child k+1, and entry j of the
// fork is j first-child steps below that.
func extPlace(root *shogi.Node, at []int) (*shogi.Node, int, bool) {
	// An address is moves[i] and then fork/entry pairs: an odd length, a
	// move index from 1, fork and entry indexes from 0.
	if len(at)%2 == 0 || at[0] < 1 {
		return nil, 0, false
	}
	for _, v := range at[1:] {
		if v < 0 {
			return nil, 0, false
		}
	}
	p, idx := root, 0
	walk := func(steps int) bool {
		for ; steps > 0; steps-- {
			c := p.Child(idx)
			if c == nil {
				return false
			}
			p, idx = c, 0
		}
		return true
	}
	if !walk(at[0] - 1) {
		return nil, 0, false
	}
	for k := 1; k+1 < len(at); k += 2 {
		if p.Child(idx) == nil {
			return nil, 0, false // a fork of a node that is not there
		}
		idx = at[k] + 1
		if !walk(at[k+1]) {
			return nil, 0, false
		}
	}
	return p, idx, true
}

// endingKind returns the kind shogi.EndingKind.String names s, or NoEnding.
