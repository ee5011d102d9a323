//go:build unix && !linux

package process

import "fmt"

// inheritOnlyStdio makes every descriptor above 2 in this process
// close-on-exec, so that the next command started inherits only its stdin,
// stdout and stderr. The descriptors stay open here.
func inheritOnlyStdio() error {
	if err := markListed("/dev/fd"); err != nil {
		return fmt.Errorf("cannot make the host's descriptors close-on-exec: %w", err)
	}
	return nil
}
