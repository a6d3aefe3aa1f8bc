//go:build !unix

package batch

import "os"

// openFile opens a file to read.
func openFile(path string) (*os.File, error) { return os.Open(path) }
