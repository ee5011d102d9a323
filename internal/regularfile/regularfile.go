// Package regularfile reads configuration that a user names or a
// repository commits: settings files and case files. Such a path may be a
// device (/dev/zero never ends), a named pipe (opening one waits for a
// writer that may never come), a directory, or a symbolic link to any of
// these, and a regular file may be far larger than any configuration. Read
// refuses all of them in one line, quickly, without reading the file.
package regularfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Read returns the contents of the regular file at path, following symbolic
// links, when it holds at most limit bytes; what names such a file in
// errors ("a settings file").
//
// Anything else is refused, by a one-line error that names path: a file
// that is not regular, and one larger than limit. Errors from the file
// system (a missing file, a permission) are returned as they are, as
// *fs.PathError.
func Read(path string, limit int64, what string) ([]byte, error) {
	// Stat first, so that a device or a pipe is refused without being
	// opened: opening one can block, or have effects of its own.
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, info, limit, what); err != nil {
		return nil, err
	}
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Again on what was opened: the path may have been replaced since.
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(path, info, limit, what); err != nil {
		return nil, err
	}
	// The limit also holds for a file that grows while it is read.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than the %s %s may have", path, size(limit), what)
	}
	return data, nil
}

// check refuses a file that is not regular or is over limit.
func check(path string, info fs.FileInfo, limit int64, what string) error {
	if !info.Mode().IsRegular() {
		kind := kindOf(info.Mode())
		if target, err := os.Readlink(path); err == nil {
			kind = "a link to " + target + ", " + kind
		}
		return fmt.Errorf("%s is %s, not a regular file", path, kind)
	}
	if info.Size() > limit {
		return fmt.Errorf("%s is %d bytes, more than the %s %s may have", path, info.Size(), size(limit), what)
	}
	return nil
}

// kindOf names the kind of file that mode describes, when it is not regular.
func kindOf(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
}

// size writes a limit as people write it: "4 MiB", or bytes when it is not
// a whole number of mebibytes.
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
