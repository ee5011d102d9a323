//go:build !linux

package process

// awaitExit cannot wait without reaping here; Run falls back to killing the
// group just after the reap.
func awaitExit(int) bool { return false }
