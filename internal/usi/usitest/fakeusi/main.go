// Command fakeusi is package usitest's fake USI engine as a program of its
// own, for the tests that start engines by the dozen: it starts in a
// fraction of the time a test binary takes. Its arguments are the words of
// the spec (usitest.Config): fakeusi crash-ply=3 name=Crashy.
package main

import (
	"os"
	"strings"

	"github.com/kifconv/kifconv/internal/usi/usitest"
)

func main() {
	os.Exit(usitest.Run(os.Stdin, os.Stdout, os.Stderr, strings.Join(os.Args[1:], ",")))
}
