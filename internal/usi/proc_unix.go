//go:build unix

package usi

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the engine the leader of a process group of its own, so
// that a fault kills it with every process it started, and a terminal's
// Ctrl-C reaches kifconv, which then ends the engines itself.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Process.Kill()
	}
}
