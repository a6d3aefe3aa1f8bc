package batch

import "sync"

// Temps holds the temporary files of a run's outputs that are neither in
// place nor removed, so that whatever ends the run (an error, or a signal
// while a write blocks on a full pipe) removes them: RemoveAll needs no new
// descriptor where the system allows, the directories' own being kept. The
// nil *Temps keeps nothing. It is safe for concurrent use.
type Temps struct {
	mu    sync.Mutex
	files map[*File]struct{}
}

func (t *Temps) add(f *File) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.files == nil {
		t.files = map[*File]struct{}{}
	}
	t.files[f] = struct{}{}
}

func (t *Temps) done(f *File) {
	if t == nil {
		return
	}
	t.mu.Lock()
	delete(t.files, f)
	t.mu.Unlock()
}

// RemoveAll removes every temporary file still held, for a process about
// to exit: files made after it are not kept track of.
func (t *Temps) RemoveAll() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for f := range t.files {
		if f.tmp != "" {
			f.dir.remove(f.tmp)
		}
	}
	t.files = nil
}
