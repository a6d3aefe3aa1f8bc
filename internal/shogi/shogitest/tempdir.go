package shogitest

import "os"

// memoryTempDir points TMPDIR, when it is not set, at a new directory on
// /dev/shm, a file system in memory on Linux, and returns the function
// that removes it; elsewhere, or when TMPDIR is set, it changes nothing.
// Under it (Tune), t.TempDir, the scripts' work directories and the
// kifconv processes the tests start make and remove their thousands of
// files without a disk journal, which took a third of cmd/kifconv's system
// time on ext4.
func memoryTempDir() (remove func()) {
	if os.Getenv("TMPDIR") != "" {
		return func() {}
	}
	dir, err := os.MkdirTemp("/dev/shm", "kifconv-test-")
	if err != nil {
		return func() {}
	}
	os.Setenv("TMPDIR", dir)
	return func() {
		os.Unsetenv("TMPDIR")
		os.RemoveAll(dir)
	}
}
