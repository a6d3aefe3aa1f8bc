package main

import (
	"bufio"
	"errors"
	"io"

	"github.com/kifconv/kifconv/internal/charset"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/render"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	from, fromA, fromB string
	ignore             []string
	format             string
	quiet              bool
	flip               bool
	ascii              bool
	color              string
	notation           string
	eaw                string
	readers            readerOptions
}

func newDiffCmd(e env) *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:   "diff [flags] A B",
		Short: "Compare two records semantically, across formats",
		Long: `Diff compares two records as games, not as text: a KIF and a CSA of the same
game are the same. It reports, in this order, header differences key by key
(CSA names such as N+ and $EVENT are compared as their KIF keys 先手 and 棋戦,
下手/上手 as 先手/後手, and 手合割 as part of the start position), a different
start position, the first ply where the main lines part (both moves in the
--notation, and the position there drawn as show draws it), then
differences of comments, times, bookmarks and variations (matched by their
first move, in any order). Header values are compared as kifconv's writers
normalise them: an empty value is a missing one, dates and times are
compared as YYYY/MM/DD HH:MM:SS (2014/09/02(火) 10:00 is 2014/09/02
10:00:00), and 対局日 stands for 開始日時 when there is none; in values and
comments, the seven characters that Shift_JIS output turns into their
CP932 twins (〜 and ～, − and －, …) are the same. --ignore
leaves kinds out: comments, time, header, variations, bookmarks, endings
(投了, %TORYO, … : a line that ends in one record and stops in the other is
then the same).

Files holding several records are compared record by record, read game by
game from both inputs together, so memory does not grow with their length.
Each input's format is detected on its own; --from gives both, --from-a and
--from-b one each. Plain ' comments of CSA files are skipped when reading,
as the CSA standard says, unless --csa-comments.

--format json prints {"version", "a", "b", "diffs": [...], "games": [nA, nB],
"equal"}, each diff being {"game", "header": [{"key", "a", "b"}], "start":
{"a", "b"} or null, "divergence": {"ply", "a", "b"} or null (USI moves or
ending names), "divergence_text", "comments", "times", "bookmarks",
"variations": [{"ply", "path", "main", "a", "b"}]}; a missing value (no such
header, a line that has ended, no comment, an unstated time) is null.
--quiet prints nothing and stops at the first difference: only the exit
status tells.

Exit status: 0 same, 1 different, 2 error, as diff(1).`,
		Example: `  kifconv diff game.kif game.csa
  kifconv diff --ignore comments,time mine.kif theirs.kif
  kifconv diff --format json a.jkf b.kif | jq .diffs[0].divergence
  kifconv diff --quiet --ignore endings a.kif b.usi && echo same
  kifconv convert -t jkf game.kif | kifconv diff --from-b jkf game.kif -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(cmd, e, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format of both files (default: detected per file)")
	f.StringVar(&o.fromA, "from-a", "", "input format of A (default: --from, or detected)")
	f.StringVar(&o.fromB, "from-b", "", "input format of B (default: --from, or detected)")
	f.StringSliceVar(&o.ignore, "ignore", nil, "leave out `KINDS`: comments, time, header, variations, bookmarks, endings")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print nothing; the exit status says whether the records differ")
	addBoardFlags(cmd, &o.flip, &o.ascii, &o.color, &o.notation, &o.eaw)
	addReaderFlags(cmd, &o.readers)
	_ = cmd.RegisterFlagCompletionFunc("ignore", cobra.FixedCompletions(shogi.IgnoreKinds, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp))
	for _, name := range []string{"from", "from-a", "from-b"} {
		_ = cmd.RegisterFlagCompletionFunc(name, completeReadable)
	}
	return cmd
}

func runDiff(cmd *cobra.Command, e env, o diffOptions, args []string) error {
	var err error
	if o.from, err = lookupReadable(o.from); err != nil {
		return err
	}
	from := [2]string{o.from, o.from}
	for i, f := range []string{o.fromA, o.fromB} {
		if f == "" {
			continue
		}
		if from[i], err = lookupReadable(f); err != nil {
			return err
		}
	}
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("only one of A and B can be standard input")
	}
	opt := shogi.CompareOptions{HeaderKey: shogi.CrossFormatHeaderKey, NormalizeHeader: true, Text: charset.FoldJISVariants}
	if err := opt.SetIgnore(o.ignore); err != nil {
		return usageErrorf("--ignore: %v", err)
	}
	if o.format != "text" && o.format != "json" {
		return usageErrorf("--format: want text or json, not %q", o.format)
	}
	out := cmd.OutOrStdout()
	display, err := newDisplay(e, out, o.flip, o.ascii, o.color, o.notation, o.eaw)
	if err != nil {
		return err
	}
	var pool bufPool
	var sides [2]*diffSide
	for i := range sides {
		src, err := openDiffSide(cmd, args[i], from[i], o.readers, &pool)
		if err != nil {
			return err
		}
		defer src.Close()
		sides[i] = &diffSide{cmd: cmd, src: src}
	}
	bw := bufio.NewWriter(out)
	var rep render.DiffReport
	if !o.quiet {
		rep = render.NewDiffReport(bw, &display, args[0], args[1], o.format == "json")
	}
	equal := true
	for game := 1; ; game++ {
		ra, err := sides[0].next()
		if err != nil {
			return err
		}
		rb, err := sides[1].next()
		if err != nil {
			return err
		}
		if ra == nil || rb == nil {
			if ra != nil || rb != nil {
				equal = false
			}
			if !equal && o.quiet {
				break
			}
			// The longer input is read on only to count its records.
			for _, s := range sides {
				for !s.done {
					if _, err := s.next(); err != nil {
						return err
					}
				}
			}
			break
		}
		d := shogi.Compare(ra, rb, opt)
		if d.Equal() {
			continue
		}
		equal = false
		if o.quiet {
			break
		}
		rep.Game(game, d, ra, rb)
	}
	for _, s := range sides {
		if s.games == 0 {
			return &exitError{exitUsage, errors.New(s.src.in.name() + ": no record in the input")}
		}
	}
	if rep != nil {
		rep.End([2]int{sides[0].games, sides[1].games}, equal)
	}
	if err := bw.Flush(); err != nil {
		return &exitError{exitUsage, err}
	}
	if !equal {
		return &exitError{exitInvalid, nil}
	}
	return nil
}

// openDiffSide opens one input of diff. Any problem is trouble (exit 2),
// as diff(1) has it.
func openDiffSide(cmd *cobra.Command, name, from string, ropt readerOptions, pool *bufPool) (*source, error) {
	in := input{path: name}
	src, err := openSourceWith(in, cmd.InOrStdin(), from, parse.Options{}, ropt, pool)
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) && ee.err == nil {
			return nil, err // said already
		}
		return nil, &exitError{exitUsage, errors.New(parse.EscapeControl(in.name()) + ": " + err.Error())}
	}
	return src, nil
}

// diffSide reads the records of one input of diff one at a time, so memory
// does not grow with the number of records.
type diffSide struct {
	cmd   *cobra.Command
	src   *source
	games int
	done  bool
}

// next returns the next record, nil at the end. A read error is printed
// and ends the command with exit status 2.
func (s *diffSide) next() (*shogi.Record, error) {
	if s.done {
		return nil, nil
	}
	rec, err := s.src.Reader.Read()
	if err == io.EOF {
		s.done = true
		return nil, nil
	}
	if err != nil {
		ds := diagsFromError(s.src.in.name(), s.games+1, err)
		for _, d := range ds {
			d.Write(s.cmd.ErrOrStderr(), defaultCond())
		}
		return nil, &exitError{exitUsage, nil}
	}
	s.games++
	return rec, nil
}
