//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// killGroupOnCancel runs the command in a process group of its own and,
// when its context ends, kills the whole group: killing only sh would leave
// `sleep 999 &` and friends running, holding the output pipe open.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			// The group is already gone: nothing was left to kill, which
			// exec must not report as a failure to cancel.
			return os.ErrProcessDone
		}
		return err
	}
}
