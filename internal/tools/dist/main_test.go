package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestPack packs a Linux and a Windows archive of stand-in binaries and
// pages, as make dist does with real ones, and lists what they hold.
func TestPack(t *testing.T) {
	work := t.TempDir()
	files := map[string]string{
		"bin/linux-amd64/kifconv":       "\x7fELF linux",
		"bin/windows-amd64/kifconv.exe": "MZ windows",
		"docs/man/kifconv.1":            ".TH KIFCONV 1\n",
		"docs/man/kifconv-convert.1":    ".TH KIFCONV-CONVERT 1\n",
		"docs/completions/kifconv.bash": "# bash\n",
		"docs/completions/_kifconv":     "#compdef kifconv\n",
		"docs/completions/kifconv.fish": "# fish\n",
		"docs/completions/kifconv.ps1":  "# powershell\n",
		"README.md":                     "# kifconv\n",
		"docs/formats.md":               "# Formats\n",
		"docs/graph.svg":                "<svg/>\n",
		"docs/schemas/info.schema.json": "{}\n",
		"LICENSE":                       "license\n",
	}
	shogitest.WriteFiles(t, work, files)
	t.Chdir(work)
	o := options{version: "v1.2.3", bin: "bin", docs: "docs", out: "out", platforms: []string{"linux/amd64", "windows/amd64"}, time: time.Unix(1700000000, 0).UTC()}
	archives, err := pack(o)
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"/ 755", "/LICENSE 644", "/README.md 644", "/completions/ 755", "/completions/_kifconv 644", "/completions/kifconv.bash 644",
		"/completions/kifconv.fish 644", "/completions/kifconv.ps1 644", "/docs/ 755", "/docs/formats.md 644", "/docs/graph.svg 644", "/docs/schemas/ 755", "/docs/schemas/info.schema.json 644", "/man/ 755", "/man/man1/ 755", "/man/man1/kifconv-convert.1 644", "/man/man1/kifconv.1 644"}
	want := map[string][]string{
		"kifconv-v1.2.3-linux-amd64.tar.gz": append([]string{"/kifconv 755"}, docs...),
		"kifconv-v1.2.3-windows-amd64.zip":  append([]string{"/kifconv.exe 755"}, docs...),
	}
	var sums strings.Builder
	for _, a := range archives {
		b, err := os.ReadFile(filepath.Join("out", a.name))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		sums.WriteString(hex.EncodeToString(sum[:]) + "  " + a.name + "\n")
		got := list(t, a.name, b)
		t.Logf("%s:\n  %s", a.name, strings.Join(got, "\n  "))
		top := strings.TrimSuffix(strings.TrimSuffix(a.name, ".zip"), ".tar.gz")
		var w []string
		for _, e := range want[a.name] {
			w = append(w, top+e)
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(w))) {
			t.Errorf("%s holds\n%q\nwant\n%q", a.name, got, w)
		}
	}
	b, err := os.ReadFile(filepath.Join("out", "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != sums.String() {
		t.Errorf("SHA256SUMS:\n%s\nwant\n%s", b, sums.String())
	}

	// The same inputs make the same bytes.
	o.out = "again"
	if _, err := pack(o); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join("again", "SHA256SUMS")); !bytes.Equal(again, b) {
		t.Errorf("packed twice, the archives differ:\n%s\n%s", b, again)
	}

	// A platform without its binary fails.
	o.platforms = []string{"darwin/arm64"}
	if _, err := pack(o); err == nil {
		t.Error("packed darwin/arm64 without its binary")
	}
}

// list lists an archive's entries: "name mode" (the permission bits in
// octal), directories with a trailing slash.
func list(t *testing.T, name string, b []byte) []string {
	t.Helper()
	var out []string
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			out = append(out, f.Name+" "+strconv.FormatInt(int64(f.Mode().Perm()), 8))
		}
		return out
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, h.Name+" "+strconv.FormatInt(h.Mode, 8))
	}
}
