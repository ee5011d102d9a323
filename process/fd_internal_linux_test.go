package process

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func cloexec(t *testing.T, fd int) bool {
	t.Helper()
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0)
	require.Zero(t, errno)
	return flags&syscall.FD_CLOEXEC != 0
}

func TestWithoutCloseRangeEveryDescriptorProcListsIsMarked(t *testing.T) {
	saved := noCloseRange.Load()
	noCloseRange.Store(true)
	t.Cleanup(func() { noCloseRange.Store(saved) })
	fd, err := syscall.Open(os.DevNull, syscall.O_RDONLY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { syscall.Close(fd) })
	require.False(t, cloexec(t, fd))

	require.NoError(t, inheritOnlyStdio())

	assert.True(t, cloexec(t, fd))
	assert.False(t, cloexec(t, 0), "stdin, stdout and stderr are left as they are")
}

func TestAListingThatOmitsItsOwnDescriptorIsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"0", "1", "2"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o600))
	}

	err := markListed(dir)

	assert.EqualError(t, err, dir+" does not list every open descriptor")
}

func TestOnThisKernelCloseRangeMarksEveryDescriptorAboveTwo(t *testing.T) {
	if noCloseRange.Load() {
		t.Skip("close_range with CLOSE_RANGE_CLOEXEC is refused here (Linux < 5.11 or seccomp)")
	}
	fd, err := syscall.Open(os.DevNull, syscall.O_RDONLY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { syscall.Close(fd) })
	require.False(t, cloexec(t, fd))

	require.NoError(t, inheritOnlyStdio())

	if noCloseRange.Load() {
		t.Skip("close_range with CLOSE_RANGE_CLOEXEC is refused here (Linux < 5.11 or seccomp)")
	}
	assert.True(t, cloexec(t, fd))
}
