package parse

// MaxListed bounds the problems an ErrorList keeps in full: an input of a
// million bad lines is reported by its first MaxListed problems and one
// count for each code of the others, so that memory depends neither on how
// many problems there are nor on whether they are printed.
const MaxListed = 100

// Append adds a problem to the list. Past MaxListed problems it keeps only
// a count, in one entry per code and severity at the end of the list (see
// Error.Omitted).
func (l *ErrorList) Append(e *Error) {
	n := e.Omitted
	if n == 0 {
		n = 1
	}
	listed := 0
	for listed < len(*l) && (*l)[listed].Omitted == 0 {
		listed++
	}
	if listed < MaxListed && e.Omitted == 0 {
		if listed == len(*l) {
			*l = append(*l, e)
			return
		}
		// Counts follow the listed problems.
		*l = append(*l, nil)
		copy((*l)[listed+1:], (*l)[listed:])
		(*l)[listed] = e
		return
	}
	for _, o := range (*l)[listed:] {
		if o.Warning == e.Warning && o.Err == e.Err {
			o.Omitted += n
			return
		}
	}
	*l = append(*l, &Error{Err: e.Err, Warning: e.Warning, Omitted: n, Pos: Pos{File: e.Pos.File}})
}

// Bounded is a list of the problems of one input kept in full up to
// MaxListed, and counted by code past that, for callers that collect
// problems of their own type (a command's diagnostics) from many records.
type Bounded[T any] struct {
	Listed  []T
	Omitted []OmittedCount // in the order their codes first overflowed
}

// OmittedCount is how many problems of a code and severity a Bounded left
// out.
type OmittedCount struct {
	Code    string
	Warning bool
	N       int
}

// Add adds a problem with its code and severity.
func (b *Bounded[T]) Add(item T, code string, warning bool) {
	b.AddN(item, code, warning, 1)
}

// AddN adds a problem that stands for n of its code (n > 1 for a count
// that a reader's own ErrorList kept instead of its problems).
func (b *Bounded[T]) AddN(item T, code string, warning bool, n int) {
	if n == 1 && len(b.Listed) < MaxListed {
		b.Listed = append(b.Listed, item)
		return
	}
	for i := range b.Omitted {
		if o := &b.Omitted[i]; o.Code == code && o.Warning == warning {
			o.N += n
			return
		}
	}
	b.Omitted = append(b.Omitted, OmittedCount{code, warning, n})
}

// Len returns the number of problems added, listed or not.
func (b *Bounded[T]) Len() int {
	n := len(b.Listed)
	for _, o := range b.Omitted {
		n += o.N
	}
	return n
}
