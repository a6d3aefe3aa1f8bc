package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestProfiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, cpu, mem string
		wantErr        bool
	}{
		{name: "none"},
		{name: "both", cpu: filepath.Join(dir, "cpu.out"), mem: filepath.Join(dir, "mem.out")},
		{name: "cpu in a missing directory", cpu: filepath.Join(dir, "missing", "cpu.out"), wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stop, err := StartCPUProfile(tc.cpu)
			if (err != nil) != tc.wantErr {
				t.Fatalf("StartCPUProfile(%q): error %v, want error %v", tc.cpu, err, tc.wantErr)
			}
			stop()
			WriteHeapProfile(tc.mem)
			for _, path := range []string{tc.cpu, tc.mem} {
				if path == "" || tc.wantErr {
					continue
				}
				if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
					t.Errorf("%s: %v, size %v", path, err, fi)
				}
			}
		})
	}
}
