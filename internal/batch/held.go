package batch

// heldFiles are the closed temporary files of one output's games, held
// until the input's game count decides their names (InputOutput.placeParts).
// Each is kept as its game number and the random part of its temporary
// name, in a slice without pointers: an archive of 100,000 games holds
// 1.6 MB that the collector never scans, instead of a File, a name and a
// registry entry a game.
type heldFiles struct {
	dir   *Dir
	base  string // the output's name in dir, which the temporary names are made from
	games []heldFile
}

type heldFile struct {
	game int
	salt uint64 // the temporary name's random part (tempName)
}

// file returns the held file i, closed, to place or remove.
func (h *heldFiles) file(i int) *File {
	return &File{dir: h.dir, rel: h.base, tmp: tempName(h.base, h.games[i].salt)}
}

// removeFrom removes the held files from i on: those not in place.
func (h *heldFiles) removeFrom(i int) {
	for ; i < len(h.games); i++ {
		h.dir.remove(tempName(h.base, h.games[i].salt))
	}
}
