package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kifconv/kifconv/internal/parse"
)

// Reasons a directory walk passes a file by, as the summary names them.
const (
	skipExtension  = "unknown extension"
	skipNotJKF     = "not JKF"
	skipNotRegular = "not a regular file"
	skipDangling   = "dangling link"
)

// walkNotes is what a directory walk learns besides its inputs: the files
// it passed by and why, so that the summary can count them, and the
// directory it must not enter (a convert's output directory inside the
// input tree). The nil *walkNotes notes nothing.
type walkNotes struct {
	exclude string // an absolute, cleaned directory not to walk
	json    bool   // .json files are taken when their content is JKF
	skipped []skippedFile
}

type skippedFile struct{ path, reason string }

func (w *walkNotes) skip(path, reason string) {
	if w != nil {
		w.skipped = append(w.skipped, skippedFile{path, reason})
	}
}

// excluded reports whether the walk must not enter dir.
func (w *walkNotes) excluded(dir string) bool {
	if w == nil || w.exclude == "" {
		return false
	}
	abs, err := filepath.Abs(dir)
	return err == nil && abs == w.exclude
}

// takeGeneric reports whether a file the walk would pass by for its
// extension is a record after all: a .json file holding JKF. Anything else
// is noted as skipped.
func (w *walkNotes) takeGeneric(path string) bool {
	if w != nil && w.json && strings.EqualFold(filepath.Ext(path), ".json") {
		if isJKF(path) {
			return true
		}
		w.skip(path, skipNotJKF)
		return false
	}
	w.skip(path, skipExtension)
	return false
}

// isJKF reports whether a file is JKF by its content: a JSON object whose
// first 4 KB name a header, initial or moves member and whose first record
// reads with the JKF reader (JSON files of other kinds, expected outputs of
// other tools among them, do not).
func isJKF(path string) bool {
	src, err := openSource(input{path: path}, nil, "jkf", parse.Options{}, nil)
	if err != nil {
		return false
	}
	defer src.Close()
	head, _ := src.Text.Peek(4 << 10)
	if parse.Detect(head, path) != "jkf" {
		return false
	}
	// The JKF reader takes any object (with warnings); a record names one
	// of these members.
	named := false
	for _, m := range []string{`"header"`, `"initial"`, `"moves"`} {
		named = named || bytes.Contains(head, []byte(m))
	}
	if !named {
		return false
	}
	_, err = src.Reader.Read()
	return err == nil
}

// counts returns the skipped files by reason.
func (w *walkNotes) counts() map[string]int {
	out := map[string]int{}
	if w != nil {
		for _, s := range w.skipped {
			out[s.reason]++
		}
	}
	return out
}

// skippedText says what was skipped, by reason: "3 skipped (2 not JKF,
// 1 unknown extension)", or "" when nothing was.
func skippedText(c map[string]int) string {
	if len(c) == 0 {
		return ""
	}
	reasons := make([]string, 0, len(c))
	total := 0
	for r, n := range c {
		reasons = append(reasons, strconv.Itoa(n)+" "+r)
		total += n
	}
	sort.Strings(reasons)
	return strconv.Itoa(total) + " skipped (" + strings.Join(reasons, ", ") + ")"
}

// list prints each skipped file (--verbose).
func (w *walkNotes) list(out io.Writer) {
	if w == nil {
		return
	}
	for _, s := range w.skipped {
		fmt.Fprintf(out, "%s: skipped: %s\n", s.path, s.reason)
	}
}

// stdinHint tells a user at a terminal that kifconv waits for input.
const stdinHint = "reading from standard input; Ctrl-D to end, Ctrl-C to stop"

// plural writes a count with its noun: "1 file", "2 files".
func plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}

// inputFlags are the input flags every batch command shares.
type inputFlags struct {
	filesFrom string
	null      bool
	from      string
	verbose   bool
}

// gatherInputs lists a command's inputs after checking the input flags:
// -0 needs --files-from, a list holding NULs needs -0, a walk or list that
// yields nothing is an error (exit 2) naming what was skipped. exclude is a
// directory the walks must not enter. When standard input is a terminal
// and is to be read, the user is told how to end it.
func gatherInputs(e env, f inputFlags, args []string, exclude string, stdin io.Reader, stderr io.Writer) ([]input, *walkNotes, error) {
	if f.null && f.filesFrom == "" {
		return nil, nil, usageErrorf("-0 (--null) says how the --files-from list is separated: give --files-from FILE")
	}
	notes := &walkNotes{json: f.from == "" || f.from == "jkf"}
	if exclude != "" {
		if abs, err := filepath.Abs(exclude); err == nil {
			notes.exclude = abs
		}
	}
	ins, err := collectInputs(inputSpec{args: args, filesFrom: f.filesFrom, nul: f.null, from: f.from, walk: notes}, stdin)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, &exitError{exitUsage, fmt.Errorf("--files-from: cannot read %s: %v", pe.Path, unwrapPath(err))}
		}
		return nil, nil, err
	}
	for _, in := range ins {
		if strings.IndexByte(in.path, 0) >= 0 {
			return nil, nil, usageErrorf("--files-from: the list holds NUL bytes; give -0 for a NUL-separated list (find -print0)")
		}
	}
	if f.verbose {
		notes.list(stderr)
	}
	if len(ins) == 0 {
		msg := "no records found"
		if s := skippedText(notes.counts()); s != "" {
			msg += ": " + s
		}
		return nil, nil, usageErrorf("%s", msg)
	}
	if len(ins) == 1 && ins[0].path == "-" && f.filesFrom != "-" && e.isTerminal(stdin) {
		fmt.Fprintln(stderr, stdinHint)
	}
	return ins, notes, nil
}
