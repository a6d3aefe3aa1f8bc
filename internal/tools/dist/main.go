// Command dist packs kifconv's release archives; make dist runs it after
// building the binaries and writing the man pages and completions.
//
//	go run ./internal/tools/dist -version V -bin BIN -docs DOCS -out DIR [-time UNIX] OS/ARCH…
//
// For each platform it writes DIR/kifconv-V-OS-ARCH.tar.gz (a .zip for
// Windows) holding, under kifconv-V-OS-ARCH/: the binary BIN/OS-ARCH/kifconv
// (kifconv.exe); README.md, CONTRIBUTING.md, LICENSE, docs/*.md, the
// images docs/*.svg and the JSON Schemas docs/schemas/*.json from the
// working directory (those there are), so that the documents' links lead
// somewhere; DOCS/man/*.1 as man/man1/; and DOCS/completions/* as
// completions/. DIR/SHA256SUMS then lists every archive, as sha256sum does.
// Archives made twice from the same files are the same bytes: their
// entries are sorted, owned by root and dated -time (the commit's).
package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	var o options
	var unix int64
	flag.StringVar(&o.version, "version", "", "the version in the archives' names")
	flag.StringVar(&o.bin, "bin", "", "the directory of the binaries, one OS-ARCH directory each")
	flag.StringVar(&o.docs, "docs", "", "the directory of man/ and completions/")
	flag.StringVar(&o.out, "out", "dist", "the directory to write the archives into")
	flag.Int64Var(&unix, "time", 0, "the time of every entry, in seconds since 1970 (default: now)")
	flag.Parse()
	o.platforms = flag.Args()
	o.time = time.Now()
	if unix != 0 {
		o.time = time.Unix(unix, 0).UTC()
	}
	if o.version == "" || o.bin == "" || o.docs == "" || len(o.platforms) == 0 {
		fmt.Fprintln(os.Stderr, "usage: dist -version V -bin BIN -docs DOCS -out DIR [-time UNIX] OS/ARCH…")
		os.Exit(2)
	}
	if _, err := os.Stat("LICENSE"); err != nil {
		fmt.Fprintln(os.Stderr, "dist: warning: no LICENSE in the working directory: the archives hold none")
	}
	archives, err := pack(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
	for _, a := range archives {
		fmt.Printf("%s\t%d files\t%d bytes\n", filepath.Join(o.out, a.name), a.files, a.size)
	}
	fmt.Println(filepath.Join(o.out, "SHA256SUMS"))
}

// options say what to pack; see the package comment.
type options struct {
	version, bin, docs, out string
	platforms               []string // linux/amd64, …
	time                    time.Time
}

// archive is one archive written.
type archive struct {
	name  string // its file name under out
	files int    // the files it holds (not the directories)
	size  int64
	sum   [sha256.Size]byte
}

// entry is one file of an archive: its name under the archive's top
// directory, where it comes from, and whether it is a program.
type entry struct {
	name, src string
	exec      bool
}

// pack writes the archive of each platform and SHA256SUMS.
func pack(o options) ([]archive, error) {
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return nil, err
	}
	docs, err := docEntries(o.docs)
	if err != nil {
		return nil, err
	}
	var archives []archive
	for _, p := range o.platforms {
		goos, goarch, ok := strings.Cut(p, "/")
		if !ok {
			return nil, fmt.Errorf("platform %q: want OS/ARCH", p)
		}
		exe := "kifconv"
		if goos == "windows" {
			exe += ".exe"
		}
		entries := []entry{{name: exe, src: filepath.Join(o.bin, goos+"-"+goarch, exe), exec: true}}
		pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
		if err != nil {
			return nil, err
		}
		for _, more := range []string{filepath.Join("docs", "*.svg"), filepath.Join("docs", "schemas", "*.json")} {
			files, err := filepath.Glob(more)
			if err != nil {
				return nil, err
			}
			pages = append(pages, files...)
		}
		for _, f := range append([]string{"README.md", "CONTRIBUTING.md", "LICENSE"}, pages...) {
			if _, err := os.Stat(f); err == nil {
				entries = append(entries, entry{name: filepath.ToSlash(f), src: f})
			}
		}
		entries = append(entries, docs...)
		slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
		top := "kifconv-" + o.version + "-" + goos + "-" + goarch
		a, err := writeArchive(o, top, goos == "windows", entries)
		if err != nil {
			return nil, err
		}
		archives = append(archives, a)
	}
	var sums strings.Builder
	for _, a := range archives {
		sums.WriteString(hex.EncodeToString(a.sum[:]) + "  " + a.name + "\n")
	}
	return archives, os.WriteFile(filepath.Join(o.out, "SHA256SUMS"), []byte(sums.String()), 0o644)
}

// docEntries are the man pages and completions under docs.
func docEntries(docs string) ([]entry, error) {
	var entries []entry
	for _, d := range []struct{ dir, under string }{{"man", "man/man1"}, {"completions", "completions"}} {
		files, err := os.ReadDir(filepath.Join(docs, d.dir))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if f.Type().IsRegular() {
				entries = append(entries, entry{name: path.Join(d.under, f.Name()), src: filepath.Join(docs, d.dir, f.Name())})
			}
		}
	}
	if !slices.ContainsFunc(entries, func(e entry) bool { return e.name == "man/man1/kifconv.1" }) {
		return nil, fmt.Errorf("no man page kifconv.1 in %s", filepath.Join(docs, "man"))
	}
	return entries, nil
}

// writeArchive writes the archive of entries under the directory top: a
// zip file, or a gzipped tar file.
func writeArchive(o options, top string, asZip bool, entries []entry) (archive, error) {
	a := archive{name: top + ".tar.gz", files: len(entries)}
	if asZip {
		a.name = top + ".zip"
	}
	f, err := os.Create(filepath.Join(o.out, a.name))
	if err != nil {
		return a, err
	}
	h := sha256.New()
	w := io.MultiWriter(f, h)
	if asZip {
		err = writeZip(w, o.time, top, entries)
	} else {
		err = writeTarGz(w, o.time, top, entries)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return a, fmt.Errorf("%s: %w", a.name, err)
	}
	h.Sum(a.sum[:0])
	fi, err := os.Stat(filepath.Join(o.out, a.name))
	if err != nil {
		return a, err
	}
	a.size = fi.Size()
	return a, nil
}

// dirs returns the directories the entries lie in, parents first.
func dirs(entries []entry) []string {
	var ds []string
	for _, e := range entries {
		for d := path.Dir(e.name); d != "."; d = path.Dir(d) {
			if !slices.Contains(ds, d) {
				ds = append(ds, d)
			}
		}
	}
	slices.Sort(ds) // a parent sorts before its children
	return ds
}

func writeTarGz(w io.Writer, at time.Time, top string, entries []entry) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	header := func(name string, mode int64, size int64, typ byte) *tar.Header {
		return &tar.Header{Typeflag: typ, Name: name, Mode: mode, Size: size, ModTime: at, Format: tar.FormatUSTAR}
	}
	if err := tw.WriteHeader(header(top+"/", 0o755, 0, tar.TypeDir)); err != nil {
		return err
	}
	for _, d := range dirs(entries) {
		if err := tw.WriteHeader(header(top+"/"+d+"/", 0o755, 0, tar.TypeDir)); err != nil {
			return err
		}
	}
	for _, e := range entries {
		b, err := os.ReadFile(e.src)
		if err != nil {
			return err
		}
		mode := int64(0o644)
		if e.exec {
			mode = 0o755
		}
		if err := tw.WriteHeader(header(top+"/"+e.name, mode, int64(len(b)), tar.TypeReg)); err != nil {
			return err
		}
		if _, err := tw.Write(b); err != nil {
			return err
		}
	}
	return errors.Join(tw.Close(), zw.Close())
}

func writeZip(w io.Writer, at time.Time, top string, entries []entry) error {
	zw := zip.NewWriter(w)
	for _, d := range append([]string{""}, dirs(entries)...) {
		h := &zip.FileHeader{Name: path.Join(top, d) + "/", Modified: at}
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateHeader(h); err != nil {
			return err
		}
	}
	for _, e := range entries {
		b, err := os.ReadFile(e.src)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: top + "/" + e.name, Method: zip.Deflate, Modified: at}
		h.SetMode(0o644)
		if e.exec {
			h.SetMode(0o755)
		}
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(b); err != nil {
			return err
		}
	}
	return zw.Close()
}
