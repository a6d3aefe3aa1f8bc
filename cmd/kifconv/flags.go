package main

import (
	"slices"
	"strings"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/kifconv/kifconv/internal/parse"
	"github.com/kifconv/kifconv/internal/shogi"
	"github.com/spf13/cobra"
)

// The flags every command that reads records has, in groups. A short flag
// means the same in every command that has it: -f the input format, -j
// the workers, -0 NUL-separated paths (the --files-from list, and the
// paths -l and info print), -q quiet, -v verbose, -t the output format,
// -o one output file, -d an output directory, -l list.

// readFlags say where the inputs come from and how they are read.
type readFlags struct {
	from        string
	filesFrom   string
	null        bool
	jobs        int
	games       string
	shard       string
	csaComments bool
	strict      bool
}

// addReadFlags adds the flags of readFlags; games is the default of
// --games ("" for all), jobs says whether --jobs is one of them.
func addReadFlags(cmd *cobra.Command, o *readFlags, games string, jobs bool) {
	f := cmd.Flags()
	f.StringVarP(&o.from, "from", "f", "", "input format (default: detected for each input)")
	choices(cmd, "from", formatCompletions(false)...)
	f.StringVar(&o.filesFrom, "files-from", "", "read more input paths from `FILE` (- for standard input), one a line")
	f.BoolVarP(&o.null, "null", "0", false, "paths are NUL-separated: the --files-from list (find -print0)"+map[bool]string{true: ", and the paths printed (xargs -0)"}[cmd.Name() == "info" || cmd.Name() == "filter"])
	if jobs {
		f.IntVarP(&o.jobs, "jobs", "j", 0, "read `N` inputs (or pieces of one) at once (default: the number of CPUs)")
	}
	usage := "only games `A-B` of each input (1-based: 3, 2-5, 7-, 1,4-6)"
	if games != "" {
		usage += " (default " + games + ")"
	}
	f.StringVar(&o.games, "games", games, usage)
	f.StringVar(&o.games, "game", games, "the same as --games")
	_ = f.MarkHidden("game")
	f.StringVar(&o.shard, "shard", "", "take only share `K/N` of the games (1/N … N/N together are one run; by input with -d DIR)")
	f.BoolVar(&o.csaComments, "csa-comments", false, "CSA input: keep the plain ' comments, which the standard skips (programs echo the moves in them)")
	f.BoolVar(&o.strict, "strict", false, "tolerate nothing: what a reader would warn of is an error, and so is a loss")
}

// job returns the batch job the flags describe, with args as the inputs
// given on the command line.
func (o *readFlags) job(cmd *cobra.Command, e env, args []string) (batch.Job, error) {
	from, err := fromFlag("from", o.from)
	if err != nil {
		return batch.Job{}, err
	}
	var ranges shogi.GameRanges
	if o.games != "" {
		if ranges, err = shogi.ParseGameRanges(o.games); err != nil {
			return batch.Job{}, usageErrorf("--games: %v", err)
		}
	}
	var shard batch.Shard
	if o.shard != "" {
		if shard, err = batch.ParseShard(o.shard); err != nil {
			return batch.Job{}, usageErrorf("--shard: %v", err)
		}
	}
	jobs := o.jobs
	if !cmd.Flags().Changed("jobs") {
		jobs = e.cpus
	}
	if jobs < 1 {
		return batch.Job{}, usageErrorf("--jobs: want 1 or more, not %d", jobs)
	}
	if o.null && o.filesFrom == "" && cmd.Name() != "info" && cmd.Name() != "filter" {
		return batch.Job{}, usageErrorf("-0 (--null) says how the --files-from list is separated: give --files-from FILE")
	}
	s := batch.Sources{Args: args, List: o.filesFrom, ListNUL: o.null, Format: from, Stdin: cmd.InOrStdin()}
	if err := s.Check(); err != nil {
		return batch.Job{}, usageErrorf("--files-from: %v", err)
	}
	return batch.Job{Sources: s, Reading: batch.Reading{Format: from, Strict: o.strict, PlainCSAComments: o.csaComments, Games: ranges,
		Shard: shard, Jobs: batch.CapJobs(jobs, e.cpus)}}, nil
}

// fromFlag checks the value of an input-format flag: "" (detect each
// input's format) or the name of a readable format in any case, returned
// as its reader knows it.
func fromFlag(flag, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	f, ok := parse.Lookup(strings.ToLower(name))
	if !ok {
		var names []string
		for _, f := range parse.Formats() {
			names = append(names, f.Name)
		}
		return "", usageErrorf("--%s: unknown input format %q (readable: %s)", flag, name, strings.Join(names, ", "))
	}
	return f.Name, nil
}

// termFlags say what a command tells a person: warnings and summary, the
// files walks skip, colour and the width of ambiguous characters.
type termFlags struct {
	quiet, verbose bool
	color, eaw     string
}

func addTermFlags(cmd *cobra.Command, o *termFlags) {
	f := cmd.Flags()
	f.BoolVarP(&o.quiet, "quiet", "q", false, "errors only: no progress bar, warnings or summary")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list each file a directory walk skips, and why")
	f.StringVar(&o.color, "color", "auto", "colour: auto (a terminal, NO_COLOR unset), always or never")
	f.StringVar(&o.eaw, "east-asian-width", "auto", "ambiguous-width characters (▲ △) are narrow or wide (auto: RUNEWIDTH_EASTASIAN)")
	choices(cmd, "color", "auto", "always", "never")
	choices(cmd, "east-asian-width", "auto", "narrow", "wide")
}

// choices makes values the completions of a flag.
func choices(cmd *cobra.Command, flag string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// oneOf checks that the value of --flag is one of values ("" is no value
// given, and passes).
func oneOf(flag, value string, values ...string) error {
	if value == "" || slices.Contains(values, value) {
		return nil
	}
	return usageErrorf("--%s: want %s or %s, not %q", flag, strings.Join(values[:len(values)-1], ", "), values[len(values)-1], value)
}

// given lists the flags among names that were given on the command line.
func given(cmd *cobra.Command, names ...string) []string {
	var out []string
	for _, n := range names {
		if cmd.Flags().Changed(n) {
			out = append(out, "--"+n)
		}
	}
	return out
}

// refuse is the error of flags given that do not apply, and why.
func refuse(flags []string, why string) error {
	if len(flags) == 0 {
		return nil
	}
	return usageErrorf("%s %s", strings.Join(flags, ", "), why)
}

// flagError rewords a flag parsing error without the Go text pflag puts
// in it: `invalid argument "abc" for "--ply" flag: strconv.ParseInt:
// parsing "abc": invalid syntax` becomes `--ply: want a number, not "abc"`.
func flagError(err error) error {
	msg := err.Error()
	value, rest, ok := strings.Cut(strings.TrimPrefix(msg, "invalid argument "), " for \"")
	name, tail, ok2 := strings.Cut(rest, "\" flag")
	if !ok || !ok2 || !strings.HasPrefix(msg, "invalid argument ") {
		return usageError(err)
	}
	if _, long, ok := strings.Cut(name, ", "); ok {
		name = long // "-j, --jobs"
	}
	want := strings.TrimPrefix(tail, ": ")
	if i := strings.Index(tail, "strconv."); i >= 0 {
		switch {
		case strings.Contains(tail[i:], "ParseBool"):
			want = "true or false"
		case strings.Contains(tail[i:], "value out of range"):
			want = "a smaller number"
		default:
			want = "a number"
		}
	}
	return usageErrorf("%s: want %s, not %s", name, want, value)
}
