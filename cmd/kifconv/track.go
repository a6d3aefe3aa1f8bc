package main

import "io"

// TrackedWriter is a writer (standard output) with the first error a write to it
// returned remembered, so that no command exits 0 when its output was lost.
type TrackedWriter interface {
	io.Writer
	WriteErr() error
}

type tracked struct {
	w   io.Writer
	err error
}

func (t *tracked) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}

// WriteErr is the first error a write returned.
func (t *tracked) WriteErr() error { return t.err }

// trackedFile is tracked for an *os.File, keeping Fd so that terminals are
// still recognised.
type trackedFile struct {
	tracked
	fd uintptr
}

func (t *trackedFile) Fd() uintptr { return t.fd }

// TrackWrites returns w with its first write error remembered.
func TrackWrites(w io.Writer) TrackedWriter {
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return &trackedFile{tracked{w: w}, f.Fd()}
	}
	return &tracked{w: w}
}

// writeOK reports whether no write to w has failed yet, when w is tracked.
func writeOK(w io.Writer) bool {
	t, ok := w.(TrackedWriter)
	return !ok || t.WriteErr() == nil
}
