//go:build !linux

package process

import "os"

// awaitExit cannot wait without reaping here; Run falls back to killing the
// group just after the reap.
func awaitExit(int) bool { return false }

// writersGone cannot ask the kernel here whether a pipe still has a writer;
// Run falls back to taking output still open after drainDelay for held.
func writersGone(...*os.File) (gone, known bool) { return false, false }
