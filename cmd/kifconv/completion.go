package main

import (
	"github.com/spf13/cobra"
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
