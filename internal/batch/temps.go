package batch

import "sync"

// Temps holds the temporary files of a run's outputs that are neither in
// place nor removed, so that whatever ends the run (an error, or a signal
// while a write blocks on a full pipe) removes them: RemoveAll needs no new
// descriptor where the system allows, the directories' own being kept. The
// nil *Temps keeps nothing. It is safe for concurrent use.
type Temps struct {
	mu    sync.Mutex
	files *File // the files kept one by one, linked through File.prevTemp and nextTemp
	held  map[*heldFiles]struct{}
}

func (t *Temps) add(f *File) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	f.kept, f.prevTemp, f.nextTemp = true, nil, t.files
	if t.files != nil {
		t.files.prevTemp = f
	}
	t.files = f
}

func (t *Temps) done(f *File) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.unlink(f)
	t.mu.Unlock()
}

// unlink stops keeping f, if it is kept; t.mu is held.
func (t *Temps) unlink(f *File) {
	if !f.kept {
		return
	}
	if f.prevTemp != nil {
		f.prevTemp.nextTemp = f.nextTemp
	} else {
		t.files = f.nextTemp
	}
	if f.nextTemp != nil {
		f.nextTemp.prevTemp = f.prevTemp
	}
	f.kept, f.prevTemp, f.nextTemp = false, nil, nil
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
	t.unlink(f)
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
	for f := t.files; f != nil; {
		if f.tmp != "" {
			f.dir.remove(f.tmp)
		}
		next := f.nextTemp
		f.kept, f.prevTemp, f.nextTemp = false, nil, nil
		f = next
	}
	for h := range t.held {
		h.removeFrom(0) // the names of those in place are gone already
	}
	t.files, t.held = nil, nil
}
