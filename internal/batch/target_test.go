package batch

import (
	"errors"
	"testing"

	"github.com/kifconv/kifconv/internal/report"
)

func TestNewTarget(t *testing.T) {
	tests := []struct {
		spec    TargetSpec
		want    string // the format, or the error
		enc     string
		crlf    bool
		isUsage bool
	}{
		{TargetSpec{To: "kif"}, "kif", "shift_jis", true, false},
		{TargetSpec{To: "KIF", Encoding: "utf-8", Newline: "lf"}, "kif", "utf-8", false, false},
		{TargetSpec{To: "csa", CSAVersion: "3.0"}, "csa", "utf-8", false, false},
		{TargetSpec{To: "nope"}, "--to: unknown output format", "", false, true},
		{TargetSpec{To: "kif", CSAVersion: "2.2"}, "--csa-version applies to -t csa output, not kif", "", false, true},
		{TargetSpec{To: "kif", PlySet: true}, "--ply applies to -t bod, sfen or svg output, not kif", "", false, true},
		{TargetSpec{To: "csa", CSAVersion: "9"}, `--csa-version: want 2.2 or 3.0, not "9"`, "", false, true},
		{TargetSpec{To: "kif", Newline: "cr"}, `--newline: want lf or crlf, not "cr"`, "", false, true},
		{TargetSpec{To: "svg", SVGAll: true}, "--svg-all writes one file per ply: give the directory with -d DIR", "", false, true},
		{TargetSpec{To: "kif", Output: "a.kif", OutDir: "out"}, "give -o FILE or -d DIR, not both", "", false, true},
		{TargetSpec{To: "hcpe", Terminal: true}, "hcpe is binary and standard output is a terminal", "", false, true},
		{TargetSpec{To: "hcpe", Terminal: true, Output: "a.hcpe"}, "hcpe", "utf-8", false, false},
		{TargetSpec{To: "hcpe", Newline: "lf"}, "hcpe is binary: it takes no --encoding or --newline", "", false, true},
		{TargetSpec{To: "psv", Train: TrainSpec{Results: "decisive", SkipPlies: 4}}, "psv", "utf-8", false, false},
		{TargetSpec{To: "psv", Train: TrainSpec{Results: "some"}}, `--results: want all or decisive, not "some"`, "", false, true},
		{TargetSpec{To: "csa", Train: TrainSpec{Given: func(f string) bool { return f == "min-plies" || f == "dedup" }}}, "--min-plies is for the training formats", "", false, true},
		{TargetSpec{To: "csa", Variations: "all"}, "--variations all is for the training formats", "", false, true},
	}
	for _, tt := range tests {
		got, err := NewTarget(tt.spec)
		if err != nil {
			if !tt.isUsage || !errors.As(err, new(UsageError)) || len(err.Error()) < len(tt.want) || err.Error()[:len(tt.want)] != tt.want {
				t.Errorf("%+v: %v, want %q", tt.spec, err, tt.want)
			}
			continue
		}
		if tt.isUsage || got.Format.Name != tt.want || string(got.Enc) != tt.enc || got.CRLF != tt.crlf {
			t.Errorf("%+v: %s %s crlf %v, want %s %s crlf %v", tt.spec, got.Format.Name, got.Enc, got.CRLF, tt.want, tt.enc, tt.crlf)
		}
	}
}

func TestOutputFormat(t *testing.T) {
	tests := []struct{ to, output, want, warning, err string }{
		{"", "game.csa", "csa", "", ""},
		{"kif", "game.csa", "kif", "writing kif into game.csa, whose extension is that of csa", ""},
		{"csa", "game.csa", "csa", "", ""},
		{"", "game.xyz", "", "", `cannot tell the output format from "game.xyz": give it with -t (see kifconv formats)`},
		{"", "", "", "", "give the output format with -t FORMAT (see kifconv formats)"},
		{"usi", "-", "usi", "", ""},
	}
	for _, tt := range tests {
		got, warning, err := OutputFormat(tt.to, tt.output)
		if err != nil {
			if err.Error() != tt.err {
				t.Errorf("%q %q: %v, want %q", tt.to, tt.output, err, tt.err)
			}
			continue
		}
		if got != tt.want || warning != tt.warning || tt.err != "" {
			t.Errorf("%q %q: %q %q, want %q %q", tt.to, tt.output, got, warning, tt.want, tt.warning)
		}
	}
}

func TestTallyLine(t *testing.T) {
	var tl Tally
	tl.Add(&Result{})
	tl.Add(&Result{Kept: true})
	tl.Add(&Result{Status: StatusInvalid, Diags: []report.Diagnostic{{Severity: report.SeverityWarning}, {Severity: report.SeverityError}}})
	if got, want := tl.Line("2 skipped (2 not JKF)", true), "1 converted, 1 failed, 1 warning, 1 kept; 2 skipped (2 not JKF); interrupted"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if tl.Status != StatusInvalid {
		t.Errorf("status %d", tl.Status)
	}
}

func TestGameName(t *testing.T) {
	tests := []struct {
		rel  string
		i, n int
		want string
	}{
		{"a.kif", 1, 1, "a.kif"},
		{"a.kif", 3, 12, "a-0003.kif"},
		{"d/a.kif", 7, 12345, "d/a-00007.kif"},
	}
	for _, tt := range tests {
		if got := gameName(tt.rel, tt.i, tt.n); got != tt.want {
			t.Errorf("gameName(%q, %d, %d) = %q, want %q", tt.rel, tt.i, tt.n, got, tt.want)
		}
	}
}
