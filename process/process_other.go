//go:build !unix

package process

import (
	"os"
	"os/exec"
)

// On systems without POSIX process groups (Windows, Plan 9, wasm) a hook is
// still run with the same pipes, caps, timeout and environment rules, but
// only the command itself is killed: children it started that hold no pipe
// of ours can outlive it. Where a pipe is held, the run still ends on time,
// because Run stops waiting for the pipes drainDelay after the command exits.

// shellPath runs Spec.Shell; on these systems it is looked up in PATH (on
// Windows, Git for Windows provides one, as Claude Code expects).
const shellPath = "sh"

// errExecFormat is not told apart on these systems.
var errExecFormat error

// brokenPipe takes every stdin write error here for a reader that went away:
// the names of that error differ too much between these systems to tell it
// apart, and the command's exit status and output still decide the run.
func brokenPipe(error) bool { return true }

func ownGroup(*exec.Cmd) {}

// inheritOnlyStdio has nothing to do here: on Windows os/exec gives the
// child an explicit list of the handles it passes, and on Plan 9 the child
// closes every descriptor it was not given before it execs.
func inheritOnlyStdio() error { return nil }

func killGroup(p *os.Process) { _ = p.Kill() }

// termGroup has no gentler signal to send here; killGroup follows.
func termGroup(*os.Process) {}

// signaled cannot tell a signal from an exit status portably; a process
// killed from outside shows up as a non-zero exit status instead.
func signaled(*os.ProcessState) (string, bool) { return "", false }
