package process

import (
	"syscall"
	"unsafe"
)

const pPID = 1 // waitid's idtype P_PID, which package syscall does not name

// awaitExit blocks until the process pid has exited, without reaping it, and
// reports whether it could. The zombie left behind keeps pid — and with it
// the process group id — from being reused until it is reaped, so the group
// can be killed with no risk of hitting an unrelated process.
func awaitExit(pid int) bool {
	var info [128]byte // a siginfo_t, which is 128 bytes on every Linux
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info[0])), syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		switch errno {
		case 0:
			return true
		case syscall.EINTR:
			continue
		default:
			return false
		}
	}
}
