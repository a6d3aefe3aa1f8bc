package main

import (
	"fmt"
	"os"

	"github.com/kifconv/kifconv/internal/batch"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func newCompletionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print a shell completion script",
		Long: `Completion prints a script that makes the shell complete kifconv's commands,
flags and format names. Load it in the current shell, or install it where
the shell looks for completions.`,
		Example: `  source <(kifconv completion bash)
  kifconv completion bash > /etc/bash_completion.d/kifconv
  kifconv completion zsh > "${fpath[1]}/_kifconv"
  kifconv completion fish > ~/.config/fish/completions/kifconv.fish
  kifconv completion powershell | Out-String | Invoke-Expression`,
		Args:                  cobra.ExactArgs(1),
		ValidArgs:             []string{"bash", "zsh", "fish", "powershell"},
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			case "powershell":
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return usageErrorf("completion: want bash, zsh, fish or powershell, not %q", args[0])
		},
	}
}

func newManCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "man --dir DIR",
		Short: "Write man pages for kifconv and its commands",
		Long: `Man writes one man page per command (kifconv.1, kifconv-convert.1, …),
generated from the same help text as --help, into DIR. make man runs it.`,
		Example: `  kifconv man --dir man && man -l man/kifconv-convert.1`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return &exitError{exitUsage, fmt.Errorf("cannot make %s: %w", dir, batch.UnwrapPath(err))}
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true // keeps the pages the same from run to run
			// No Title: each page is titled with its command (KIFCONV-CONVERT).
			header := &doc.GenManHeader{Section: "1", Source: "kifconv " + shortVersion(), Manual: "kifconv manual"}
			if err := doc.GenManTree(root, header, dir); err != nil {
				return &exitError{exitUsage, fmt.Errorf("cannot write the man pages: %w", batch.UnwrapPath(err))}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "man", "write the pages into `DIR`")
	return cmd
}
