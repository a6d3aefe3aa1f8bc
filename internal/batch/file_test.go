package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirCreate checks the atomic outputs: nothing partial or temporary is
// left, an existing file is replaced only under force (keeping its
// permissions), and a sub-directory from Dirs behaves as the top one.
func TestDirCreate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sub      bool        // written through Dirs into a/b/
		existing os.FileMode // 0: no file there before
		force    bool
		abort    bool
		wantErr  error
		want     string // the final content
		wantMode os.FileMode
	}{
		{name: "new", want: "new", wantMode: 0o644},
		{name: "new in sub", sub: true, want: "new", wantMode: 0o644},
		{name: "exists", existing: 0o600, wantErr: ErrExists, want: "old", wantMode: 0o600},
		{name: "exists in sub", sub: true, existing: 0o600, wantErr: ErrExists, want: "old", wantMode: 0o600},
		{name: "force", existing: 0o600, force: true, want: "new", wantMode: 0o600},
		{name: "force in sub", sub: true, existing: 0o640, force: true, want: "new", wantMode: 0o640},
		{name: "abort", abort: true},
		{name: "abort keeps old", sub: true, existing: 0o644, abort: true, want: "old", wantMode: 0o644},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			rel := "out.csa"
			if tc.sub {
				rel = filepath.Join("a", "b", "out.csa")
			}
			final := filepath.Join(top, rel)
			if tc.existing != 0 {
				os.MkdirAll(filepath.Dir(final), 0o755)
				if err := os.WriteFile(final, []byte("old"), tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			root := openRoot(t, top)
			dirs := NewDirs(root, nil)
			defer dirs.Close()
			sub, d, base, err := dirs.Open(rel)
			if err != nil {
				t.Fatal(err)
			}
			defer dirs.Release(sub)
			fi, err := d.Lstat(base)
			if err != nil {
				fi = nil
			}
			f, err := d.Create(context.Background(), base, fi)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write([]byte("new")); err != nil {
				t.Fatal(err)
			}
			if tc.abort {
				f.Abort()
			} else if err := f.Commit(tc.force); !errors.Is(err, tc.wantErr) {
				t.Fatalf("Commit: %v, want %v", err, tc.wantErr)
			}
			got, err := os.ReadFile(final)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("%s exists", rel)
				}
			} else if err != nil || string(got) != tc.want {
				t.Fatalf("%s holds %q (%v), want %q", rel, got, err, tc.want)
			} else if st, _ := os.Stat(final); st.Mode().Perm() != tc.wantMode {
				t.Errorf("mode %v, want %v", st.Mode().Perm(), tc.wantMode)
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(final), ".*.tmp"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestPlaceAs checks that a closed temporary file can be given a name of
// its own, and is never moved over an existing file without force.
func TestPlaceAs(t *testing.T) {
	top := t.TempDir()
	root := openRoot(t, top)
	d := NewDir(root)
	os.WriteFile(filepath.Join(top, "taken.csa"), []byte("old"), 0o644)
	for _, tc := range []struct {
		name    string
		force   bool
		wantErr error
		want    string
	}{
		{"game-1.csa", false, nil, "new"},
		{"taken.csa", false, ErrExists, "old"},
		{"taken.csa", true, nil, "new"},
	} {
		f, err := d.Create(context.Background(), "game.csa", nil)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("new"))
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.PlaceAs(tc.name, tc.force); !errors.Is(err, tc.wantErr) {
			t.Fatalf("PlaceAs(%s, %v): %v, want %v", tc.name, tc.force, err, tc.wantErr)
		}
		if got, _ := os.ReadFile(filepath.Join(top, tc.name)); string(got) != tc.want {
			t.Errorf("%s holds %q, want %q", tc.name, got, tc.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(top, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestTempsRemoveAll: what ends the process removes every temporary file
// not in place, those written one by one and those held until their
// input's game count is known, and leaves the placed ones.
func TestTempsRemoveAll(t *testing.T) {
	top := t.TempDir()
	root := openRoot(t, top)
	temps := new(Temps)
	dirs := NewDirs(root, temps)
	defer dirs.Close()
	sub, d, base, err := dirs.Open(filepath.Join("a", "games.kif"))
	if err != nil {
		t.Fatal(err)
	}
	defer dirs.Release(sub)
	h := &heldFiles{dir: d, base: base}
	for game := 1; game <= 3; game++ {
		f, err := d.Create(context.Background(), base, nil)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("game"))
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		temps.hold(h, f, game)
	}
	if err := h.file(0).PlaceAs("games-0001.kif", false); err != nil {
		t.Fatal(err)
	}
	// Three files written one by one, the middle one committed: kept
	// first, last and in the middle of the registry.
	var open []*File
	for _, name := range []string{"x.kif", "y.kif", "z.kif"} {
		f, err := d.Create(context.Background(), name, nil)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("half"))
		open = append(open, f)
	}
	if err := open[1].Commit(false); err != nil {
		t.Fatal(err)
	}
	temps.RemoveAll()
	open[0].Close()
	open[2].Close()
	names, err := os.ReadDir(filepath.Join(top, "a"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range names {
		got = append(got, n.Name())
	}
	if want := []string{"games-0001.kif", "y.kif"}; !slices.Equal(got, want) {
		t.Errorf("left %q, want only the placed %q", got, want)
	}
}

// openRoot opens the directory top as an os.Root, closed when the test ends.
func openRoot(t *testing.T, top string) *os.Root {
	t.Helper()
	root, err := os.OpenRoot(top)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return root
}
