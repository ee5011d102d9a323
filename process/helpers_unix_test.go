//go:build unix

package process_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestMain restores the scripts' modes, which a checkout or an archive may
// have lost: every script is executable except the one that must not be.
func TestMain(m *testing.M) {
	scripts, _ := filepath.Glob("testdata/*.sh")
	for _, s := range scripts {
		mode := os.FileMode(0o755)
		if filepath.Base(s) == "notexec.sh" {
			mode = 0o644
		}
		_ = os.Chmod(s, mode)
	}
	os.Exit(m.Run())
}

// script is the absolute path of a test script, so that a Spec.Dir
// elsewhere does not change which file runs.
func script(t testing.TB, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	require.NoError(t, err)
	return p
}

// pidFile returns a path a script writes its pid to, and the Spec.Env entry
// that tells it where.
func pidFile(t testing.TB) (path, env string) {
	path = filepath.Join(t.TempDir(), "pid")
	return path, "HOOKCHAIN_PIDFILE=" + path
}

func readPid(t testing.TB, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err, "the script did not write its pid")
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	require.Greater(t, pid, 1)
	return pid
}

// awaitPid waits for a running script to have written its whole pid line:
// the shell creates the file before it writes to it, so its mere existence
// says nothing about its content.
func awaitPid(t testing.TB, path string) int {
	t.Helper()
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(path)
		return err == nil && strings.HasSuffix(string(b), "\n")
	}, 5*time.Second, 5*time.Millisecond, "the script did not write its pid")
	return readPid(t, path)
}

// whenPid calls f once a running script has written its whole pid line
// (or, as a safety net, after 10s), from a goroutine of its own: a cue for
// a test to act on a hook that has got that far.
func whenPid(path string, f func()) {
	go func() {
		defer f()
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			if b, err := os.ReadFile(path); err == nil && strings.HasSuffix(string(b), "\n") {
				return
			}
		}
	}()
}

// requireGone fails unless every pid is dead within a short grace: the
// kernel delivers SIGKILL asynchronously, and an orphan's end is seen a
// moment after its killer returns.
func requireGone(t testing.TB, pids ...int) {
	t.Helper()
	for _, pid := range pids {
		require.Eventually(t, func() bool { return !alive(pid) }, 10*time.Second, 5*time.Millisecond,
			"process %d survived", pid)
	}
}

// requireGroupGone fails unless no live process is left in group pgid.
func requireGroupGone(t testing.TB, pgid int) {
	t.Helper()
	require.Eventually(t, func() bool { return len(groupMembers(pgid)) == 0 }, 10*time.Second, 5*time.Millisecond,
		"process group %d still has members", pgid)
}

// alive reports whether pid is a running process. A zombie is not: it is
// dead and only waits for whoever adopted it to reap it (an orphan's reaper
// is init, which in some containers never reaps at all), and Run cannot reap
// processes that are not its children.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	state, _, ok := procStat(pid)
	return !ok || state != 'Z'
}

// groupMembers lists the live processes in group pgid. Where there is no
// /proc it can only ask whether the group exists at all.
func groupMembers(pgid int) []int {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
			return nil
		}
		return []int{-pgid}
	}
	entries, _ := os.ReadDir("/proc")
	var members []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if state, pgrp, ok := procStat(pid); ok && pgrp == pgid && state != 'Z' {
			members = append(members, pid)
		}
	}
	return members
}

// procStat reads a process's state and process group from /proc.
func procStat(pid int) (state byte, pgrp int, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// "pid (comm) state ppid pgrp ...", where comm may hold anything.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 3 {
		return 0, 0, false
	}
	pgrp, err = strconv.Atoi(f[2])
	return f[0][0], pgrp, err == nil
}

// skipInShort skips a test that takes a second or more of real hooks
// timing out or crashing: go test -short is the quick loop, and go test
// (the README's command, and .ci/run) runs it.
func skipInShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("seconds of real hooks timing out and crashing: go test without -short runs it")
	}
}
