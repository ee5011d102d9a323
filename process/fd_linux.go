package process

import (
	"fmt"
	"sync/atomic"
	"syscall"
)

const (
	sysCloseRange     = 436    // close_range(2): the same number on every Linux architecture
	closeRangeCloexec = 1 << 2 // CLOSE_RANGE_CLOEXEC, Linux 5.11 and later
)

// noCloseRange is set once close_range has refused to mark descriptors:
// a kernel older than 5.11 (ENOSYS, EINVAL), or a seccomp filter that
// forbids it (EPERM). The kernel will not change its mind, so every later
// sweep goes straight to /proc.
var noCloseRange atomic.Bool

// inheritOnlyStdio makes every descriptor above 2 in this process
// close-on-exec, so that the next command started inherits only its stdin,
// stdout and stderr. The descriptors stay open here.
func inheritOnlyStdio() error {
	if !noCloseRange.Load() {
		_, _, errno := syscall.Syscall(sysCloseRange, 3, uintptr(^uint32(0)), closeRangeCloexec)
		if errno == 0 {
			return nil
		}
		noCloseRange.Store(true)
	}
	if err := markListed("/proc/self/fd"); err != nil {
		return fmt.Errorf("cannot make the host's descriptors close-on-exec (close_range with CLOSE_RANGE_CLOEXEC needs Linux 5.11, the fallback needs /proc): %w", err)
	}
	return nil
}
