//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// open opens path for reading without waiting: open(2) of a named pipe for
// reading blocks until a writer appears, unless O_NONBLOCK is given. A
// regular file reads the same either way.
func open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
