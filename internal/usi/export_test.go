package usi

// PID returns the engine's process id.
func PID(e *Engine) int { return e.cmd.Process.Pid }
