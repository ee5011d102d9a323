//go:build unix

package settings

import "syscall"

// enterable reports whether this process may make dir its working
// directory: a directory the agent took the search right away from is
// there to stat, and a hook started in it fails to start.
func enterable(dir string) bool {
	const xOK = 1 // access(2)'s X_OK: search, for a directory
	return syscall.Access(dir, xOK) == nil
}
