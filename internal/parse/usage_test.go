package parse

import (
	"errors"
	"testing"
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
		if !errors.As(err, new(UsageError)) {
			t.Errorf("FlagError(%q) is no UsageError", tc.in)
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
			if !errors.As(err, new(UsageError)) {
				t.Errorf("OneOf(%q): %v is no UsageError", tc.value, err)
			}
		}
		if got != tc.want {
			t.Errorf("OneOf(%q, %q) = %q, want %q", tc.value, tc.values, got, tc.want)
		}
	}
}
