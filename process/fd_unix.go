//go:build unix

package process

import (
	"errors"
	"os"
	"strconv"
	"syscall"
)

// markListed sets close-on-exec on every descriptor above 2 that dir (a
// directory of the process's own descriptors, /proc/self/fd or /dev/fd)
// lists. The descriptor it reads dir through must be among them: where it is
// not, dir lists only some descriptors (FreeBSD's /dev/fd without fdescfs
// shows 0, 1 and 2 whatever is open), and a sweep that misses some cannot
// keep the promise that a hook inherits nothing else.
func markListed(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	self := int(d.Fd())
	names, err := d.Readdirnames(-1)
	if err != nil {
		return err
	}
	complete := false
	for _, name := range names {
		fd, err := strconv.Atoi(name)
		switch {
		case err != nil || fd <= 2:
		case fd == self:
			complete = true
		default:
			// A descriptor closed since the listing, or closed and reused,
			// is at worst marked again: every descriptor Go opens is
			// close-on-exec already.
			syscall.CloseOnExec(fd)
		}
	}
	if !complete {
		return errors.New(dir + " does not list every open descriptor")
	}
	return nil
}
