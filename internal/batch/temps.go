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
	held  map[*heldFiles]struct{}
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

// hold moves f, closed, from the files kept one by one into h, as game's
// output.
func (t *Temps) hold(h *heldFiles, f *File, game int) {
	if t == nil {
		h.games = append(h.games, heldFile{game: game, salt: f.salt})
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.files, f)
	if t.held == nil {
		t.held = map[*heldFiles]struct{}{}
	}
	t.held[h] = struct{}{}
	h.games = append(h.games, heldFile{game: game, salt: f.salt})
}

// release stops keeping h, whose files are placed or removed.
func (t *Temps) release(h *heldFiles) {
	if t == nil {
		return
	}
	t.mu.Lock()
	delete(t.held, h)
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
	for h := range t.held {
		h.removeFrom(0) // the names of those in place are gone already
	}
	t.files, t.held = nil, nil
}
