//go:build unix

package process

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// shellPath runs Spec.Shell. It is the absolute path, not "sh" looked up in
// PATH, so that the shell a hook line runs under does not depend on what the
// host's PATH happens to hold.
const shellPath = "/bin/sh"

// errExecFormat is the start error of an executable file the kernel cannot
// run, usually a script without a #! line.
var errExecFormat error = syscall.ENOEXEC

// brokenPipe reports whether a write to the command's stdin failed because
// nothing reads it any more.
func brokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }

// ownGroup puts the command in a new process group whose id is its pid, so
// that everything it starts can be killed with one signal to the group.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup sends SIGKILL to the command's process group, and to the command
// itself in case it moved itself to another group. SIGKILL because a hook
// that has run out of time, or has exited, has no further claim to a clean
// shutdown, and nothing can catch it to linger. Errors are ignored: the
// common one is that there is nothing left to kill.
func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}

// termGroup asks the command's process group to end, with SIGTERM: a
// persistent hook being closed is given a moment to finish cleanly before
// killGroup.
func termGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGTERM)
}

// signaled reports the signal that ended the process, if one did.
func signaled(st *os.ProcessState) (string, bool) {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return "", false
	}
	name := signalName(ws.Signal())
	if ws.CoreDump() {
		name += " (core dumped)"
	}
	return name, true
}

// signalNames are the signals a hook is likely to die of, by the names
// people search for; syscall's own String gives only the description.
var signalNames = map[syscall.Signal]string{
	syscall.SIGABRT: "SIGABRT",
	syscall.SIGALRM: "SIGALRM",
	syscall.SIGBUS:  "SIGBUS",
	syscall.SIGFPE:  "SIGFPE",
	syscall.SIGHUP:  "SIGHUP",
	syscall.SIGILL:  "SIGILL",
	syscall.SIGINT:  "SIGINT",
	syscall.SIGKILL: "SIGKILL",
	syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGQUIT: "SIGQUIT",
	syscall.SIGSEGV: "SIGSEGV",
	syscall.SIGSYS:  "SIGSYS",
	syscall.SIGTERM: "SIGTERM",
	syscall.SIGTRAP: "SIGTRAP",
	syscall.SIGUSR1: "SIGUSR1",
	syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGXCPU: "SIGXCPU",
	syscall.SIGXFSZ: "SIGXFSZ",
}

func signalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	return "signal " + strconv.Itoa(int(s)) + " (" + s.String() + ")"
}
