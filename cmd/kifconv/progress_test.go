package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBar checks that the bar counts inputs once there are two, and bytes
// when one input is read alone, and that the nil bar draws nothing.
func TestBar(t *testing.T) {
	t.Parallel()
	var w bytes.Buffer
	b := newBar(&w, "converting")
	b.Found(1)
	if w.Len() > 0 {
		t.Errorf("a bar for one input: %q", w.String())
	}
	b.Found(2)
	b.Found(3)
	for range 3 {
		b.Clear()
		b.Done()
	}
	b.Finish()
	if !strings.Contains(w.String(), "converting") {
		t.Errorf("no bar drawn: %q", w.String())
	}
	w.Reset()
	b = newBar(&w, "reading")
	b.Found(1)
	b.Size(1000)
	b.Bytes(500)
	b.Bytes(500)
	b.Finish()
	if !strings.Contains(w.String(), "reading") {
		t.Errorf("no bar drawn by bytes: %q", w.String())
	}
	var nb *bar
	nb.Found(3)
	nb.Done()
	nb.Size(10)
	nb.Bytes(1)
	nb.Clear()
	nb.Finish()
}
