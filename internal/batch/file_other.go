//go:build !linux

package batch

import (
	"errors"
	"os"
)

func dirFD(*os.File) (int, bool) { return -1, false }

func createAt(int, string) (*os.File, error) { return nil, errors.ErrUnsupported }

func renameNoReplace(int, string, string) error { return errors.ErrUnsupported }

func unlinkAt(int, string) error { return errors.ErrUnsupported }
