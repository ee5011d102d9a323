package process

import (
	"os"
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

// pollFd is struct pollfd.
type pollFd struct {
	fd      int32
	events  int16
	revents int16
}

const pollHup = 0x10 // POLLHUP

// writersGone reports whether every write end of the pipes whose read ends
// are given has been closed, everywhere: a pipe's read end polls POLLHUP
// once no process holds its write end, even while data is still unread.
// known is false when the kernel could not be asked.
func writersGone(readEnds ...*os.File) (gone, known bool) {
	for _, f := range readEnds {
		rc, err := f.SyscallConn()
		if err != nil {
			return false, false
		}
		var revents int16
		var errno syscall.Errno
		err = rc.Control(func(fd uintptr) {
			p := pollFd{fd: int32(fd)}
			var zero syscall.Timespec // do not wait: the answer is wanted now
			for {
				_, _, errno = syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&p)), 1,
					uintptr(unsafe.Pointer(&zero)), 0, 0, 0)
				if errno != syscall.EINTR {
					break
				}
			}
			revents = p.revents
		})
		if err != nil || errno != 0 {
			return false, false
		}
		if revents&pollHup == 0 {
			return false, true
		}
	}
	return true, true
}
