package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifconv/kifconv/internal/batch"
)

func TestFlagError(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`invalid argument "abc" for "--ply" flag: strconv.ParseInt: parsing "abc": invalid syntax`, `invalid argument "abc" for "--ply" flag: want a number`},
		{`invalid argument "yes" for "--strict" flag: strconv.ParseBool: parsing "yes": invalid syntax`, `invalid argument "yes" for "--strict" flag: want true or false`},
		{`invalid argument "99999999999999999999" for "-j" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range`, `invalid argument "99999999999999999999" for "-j" flag: want a smaller number`},
		{`unknown flag: --bogus`, `unknown flag: --bogus`},
	} {
		err := FlagError(errors.New(tc.in))
		if got := err.Error(); got != tc.want {
			t.Errorf("FlagError(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if !errors.As(err, new(batch.UsageError)) {
			t.Errorf("FlagError(%q) is no batch.UsageError", tc.in)
		}
	}
}

func TestOneOf(t *testing.T) {
	for _, tc := range []struct {
		value  string
		values []string
		want   string
	}{
		{"json", []string{"text", "json"}, ""},
		{"xml", []string{"text", "json"}, `--format: want text or json, not "xml"`},
		{"csv", []string{"table", "json", "tsv"}, `--format: want table, json or tsv, not "csv"`},
	} {
		err := OneOf("format", tc.value, tc.values...)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.As(err, new(batch.UsageError)) {
				t.Errorf("OneOf(%q): %v is no batch.UsageError", tc.value, err)
			}
		}
		if got != tc.want {
			t.Errorf("OneOf(%q, %q) = %q, want %q", tc.value, tc.values, got, tc.want)
		}
	}
}

func TestJobsFlag(t *testing.T) {
	for _, tc := range []struct {
		jobs  int
		given bool
		cpus  int
		want  int
		err   string
	}{
		{0, false, 4, 4, ""},
		{3, true, 4, 3, ""},
		{1, true, 1, 1, ""},
		{1000, true, 2, batch.CapJobs(1000, 2), ""},
		{0, true, 4, 0, "--jobs: want 1 or more, not 0"},
		{-2, true, 4, 0, "--jobs: want 1 or more, not -2"},
	} {
		got, err := JobsFlag(tc.jobs, tc.given, tc.cpus)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("JobsFlag(%d, %v, %d) = %d, %v; want %d, %q", tc.jobs, tc.given, tc.cpus, got, err, tc.want, tc.err)
		}
	}
}

func TestFromFlags(t *testing.T) {
	for _, tc := range []struct {
		both, a, b string
		want       [2]string
		err        string
	}{
		{"", "", "", [2]string{"", ""}, ""},
		{"CSA", "", "", [2]string{"csa", "csa"}, ""},
		{"csa", "", "jkf", [2]string{"csa", "jkf"}, ""},
		{"", "kif", "", [2]string{"kif", ""}, ""},
		{"", "xyz", "abc", [2]string{}, `--from: unknown input format "xyz"`},
	} {
		got, err := FromFlags(tc.both, tc.a, tc.b)
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("FromFlags(%q, %q, %q) = %q, %v; want %q, %q", tc.both, tc.a, tc.b, got, err, tc.want, tc.err)
		}
	}
}
