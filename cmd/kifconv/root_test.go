package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestOneCommandBuilt: a command built alone (its name first on the line)
// says what it says in the whole tree: its help, and its usage errors.
func TestOneCommandBuilt(t *testing.T) {
	t.Parallel()
	run := func(whole bool, args []string) (int, string) {
		e := testEnv(false, nil)
		root := newRootCmd(e, args)
		if whole {
			root = newRootCmd(e, nil)
		} else if n := len(root.Commands()); n != 1 {
			t.Errorf("%v: %d commands built, want 1", args, n)
		}
		var out bytes.Buffer
		code := runRoot(context.Background(), root, args, strings.NewReader(""), &out, &out)
		return code, out.String()
	}
	for _, c := range subcommands {
		if c.name == "completion" || c.name == "man" {
			continue // always built with the whole tree
		}
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "--no-such-flag"}, {c.name, "-o"}} {
			codeA, outA := run(false, args)
			codeW, outW := run(true, args)
			if codeA != codeW || outA != outW {
				t.Errorf("%v: exit %d\n%s\nin the whole tree: exit %d\n%s", args, codeA, outA, codeW, outW)
			}
		}
	}
}
