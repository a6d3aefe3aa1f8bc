//go:build !unix

package main

import "os"

// openInput opens a file to read.
func openInput(path string) (*os.File, error) { return os.Open(path) }
