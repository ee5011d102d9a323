package process_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/process"
)

const secret = "sk-the-host-keeps-this"

// inheritable opens a file holding secret the way C code or a parent
// shell's `exec 9<file` leaves a descriptor: without close-on-exec, so that
// every child started without care inherits it.
func inheritable(t *testing.T) int {
	t.Helper()
	path := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(path, []byte(secret+"\n"), 0o600))
	fd, err := syscall.Open(path, syscall.O_RDONLY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { syscall.Close(fd) })
	require.Greater(t, fd, 2)
	require.False(t, closeOnExec(t, fd), "the descriptor must start inheritable")
	return fd
}

func closeOnExec(t *testing.T, fd int) bool {
	t.Helper()
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0)
	require.Zero(t, errno)
	return flags&syscall.FD_CLOEXEC != 0
}

// ownDescriptors lists the hook's open descriptors: ls's own listing of
// /proc/self/fd, in which the directory it reads is the 3.
var ownDescriptors = process.Spec{Args: []string{"/bin/ls", "/proc/self/fd"}}

func TestAHookInheritsOnlyStdinStdoutAndStderrAndNeverTheHostsOtherDescriptors(t *testing.T) {
	fd := inheritable(t)
	n := strconv.Itoa(fd)
	tests := []struct {
		name  string
		spec  process.Spec
		stdin []byte
		want  string
	}{
		{"it lists only 0, 1 and 2", ownDescriptors, []byte("x"), "0\n1\n2\n3\n"},
		{"it lists only 0, 1 and 2 when it has no input", ownDescriptors, nil, "0\n1\n2\n3\n"},
		{"a redirection from the host's descriptor fails",
			process.Spec{Shell: "if cat <&" + n + "; then echo inherited; else echo closed; fi 2>/dev/null"}, []byte("x"), "closed\n"},
		{"its /proc/self/fd entry does not exist",
			process.Spec{Shell: "if cat /proc/self/fd/" + n + "; then echo inherited; else echo closed; fi 2>/dev/null"}, nil, "closed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := process.Run(context.Background(), tt.spec, tt.stdin)

			require.NoError(t, err)
			assert.Equal(t, printed{Stdout: tt.want}, printedBy(res))
		})
	}

	buf := make([]byte, 64)
	got, err := syscall.Pread(fd, buf, 0)
	require.NoError(t, err, "the host's descriptor must stay open")
	assert.Equal(t, secret+"\n", string(buf[:got]))
	assert.True(t, closeOnExec(t, fd), "it is only no longer inherited")
}

// printed is what a run printed and its exit status, as text, which reads
// better than bytes when a test fails.
type printed struct {
	ExitCode       int
	Stdout, Stderr string
}

func printedBy(r process.Result) printed {
	return printed{r.ExitCode, string(r.Stdout), string(r.Stderr)}
}

func TestADescriptorTheHostPassesOnPurposeStillReachesItsChild(t *testing.T) {
	fd := inheritable(t)
	_, err := process.Run(context.Background(), ownDescriptors, nil)
	require.NoError(t, err)
	require.True(t, closeOnExec(t, fd))

	dup, err := syscall.Dup(fd)
	require.NoError(t, err)
	f := os.NewFile(uintptr(dup), "secret")
	defer f.Close()
	cmd := exec.Command("/bin/sh", "-c", "cat <&3")
	cmd.ExtraFiles = []*os.File{f}
	out, err := cmd.Output()

	require.NoError(t, err)
	assert.Equal(t, secret+"\n", string(out), "os/exec's ExtraFiles are the host's way to pass a descriptor, and still work")
}

func TestNoHookSeesAnotherHooksPipesHoweverManyStartAtOnce(t *testing.T) {
	skipInShort(t)
	const goroutines, runs = 200, 5
	inheritable(t)

	failures := parallel(goroutines, runs, func(int, int) (string, string) {
		res, err := process.Run(context.Background(), ownDescriptors, []byte("x"))
		switch {
		case err != nil:
			return errorClass(err), err.Error()
		case res.ExitCode != 0 || string(res.Stdout) != "0\n1\n2\n3\n" || len(res.Stderr) != 0:
			return "other descriptors", fmt.Sprintf("exit %d, stdout %q, stderr %q", res.ExitCode, res.Stdout, res.Stderr)
		}
		return "", ""
	})

	assert.Empty(t, failures, "of %d runs", goroutines*runs)
}
